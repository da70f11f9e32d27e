// Mojo at the table: the seats around the felt, the draw pile, the discard pile(s), the Mojo card,
// your hand, the round history and the final scoreboard. Legal moves glow and are clickable; every
// one of them is also a real <button> (Enter/Space), and the page lists them all as plain buttons.
import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";
import { createChanges, createSince, explainOn, flyFrom } from "./board-kit.js";
import { history, roundSheet, scoreboard } from "./mojo-end.js";

// -- the 78 cards (docs/mojo.md, spec 2.1): IDs by ascending value, then copy --------------------------
// [first ID, last ID, value]
const RANGES = [
  [0, 3, 0], [4, 7, 1], [8, 12, 2], [13, 17, 3], [18, 22, 4], [23, 28, 5], [29, 34, 6],
  [35, 40, 7], [41, 47, 8], [48, 54, 9], [55, 61, 10], [62, 69, 11], [70, 77, 12],
];
const COLOURS = ["blue", "green", "yellow", "orange", "red"];
const COLOUR_OF_VALUE = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4];

export const VALUE = [];
for (const [first, last, value] of RANGES) for (let id = first; id <= last; id++) VALUE[id] = value;

export function value(id) {
  return VALUE[id];
}

export function colour(id) {
  return COLOURS[COLOUR_OF_VALUE[VALUE[id]]];
}

/** The colour of a card as the reader says it (colour() is the data word, used in class names). */
export function colourName(id) {
  const names = { blue: t("blue"), green: t("green"), yellow: t("yellow"), orange: t("orange"), red: t("red") };
  return names[colour(id)];
}

export function cardName(id) {
  return VALUE[id] === undefined ? t("card #{id}", { id }) : t("{value} {colour}", { value: VALUE[id], colour: colourName(id) });
}

// -- legal moves, indexed by what they act on -----------------------------------------------------------
function indexLegal(legal) {
  const index = { plays: new Map(), stop: null, drawDeck: null, drawPile: new Map(), revealCard: new Map(), revealPos: new Map() };
  for (const entry of legal) {
    const a = entry.action;
    if (a.type === "play") {
      if (!index.plays.has(a.card)) index.plays.set(a.card, []);
      index.plays.get(a.card).push(entry);
    } else if (a.type === "stop") index.stop = entry;
    else if (a.type === "draw" && a.source === "deck") index.drawDeck = entry;
    else if (a.type === "draw") index.drawPile.set(a.pile, entry);
    else if (a.type === "reveal" && a.card !== undefined && a.card !== null) index.revealCard.set(a.card, entry);
    else if (a.type === "reveal") index.revealPos.set(a.position, entry);
  }
  return index;
}

// -- building blocks ------------------------------------------------------------------------------------
/**
 * A face-up card. With `onActivate` it is a <button> (focusable, Enter/Space) marked data-legal;
 * otherwise an image with a label.
 */
export function card(id, { size = "md", onActivate = null, label = null, key = null, selected = false, extraClass = "", fresh = false } = {}) {
  const v = VALUE[id];
  const name = cardName(id);
  const classes = `card face c-${colour(id)} ${size}${onActivate ? " legal" : ""}${selected ? " selected" : ""}${fresh ? " fresh" : ""} ${extraClass}`; // i18n: no
  const inner = [
    h("span", { class: "corner tl", "aria-hidden": "true" }, v),
    h("span", { class: "pip", "aria-hidden": "true" }, v),
    h("span", { class: "corner br", "aria-hidden": "true" }, v),
  ];
  if (onActivate) {
    return h("button", {
      type: "button",
      class: classes,
      "data-legal": true,
      "aria-label": label || name,
      "aria-pressed": selected ? "true" : null,
      dataset: { key: key || `card:${id}`, card: id },
      onclick: onActivate,
    }, inner);
  }
  return h("div", { class: classes, role: "img", "aria-label": label || name, dataset: { card: id } }, inner);
}

function back({ size = "md", onActivate = null, label = null, key = null, extraClass = "" } = {}) {
  label = label || t("face-down card");
  const classes = `card back ${size}${onActivate ? " legal" : ""} ${extraClass}`; // i18n: no
  const inner = h("span", { class: "back-mark", "aria-hidden": "true" }, "M");
  if (onActivate) {
    return h("button", { type: "button", class: classes, "data-legal": true, "aria-label": label, dataset: { key }, onclick: onActivate }, inner);
  }
  return h("div", { class: classes, role: "img", "aria-label": label }, inner);
}

/** A row of cards with a caption; `empty` text when there are none. */
function row(caption, cards, { cls = "", empty = null, label = null } = {}) {
  if (!cards.length && empty === null) return null;
  return h("div", { class: `row ${cls}`, role: "group", "aria-label": label || caption },
    h("span", { class: "row-caption" }, caption),
    h("div", { class: "cards" }, cards.length ? cards : h("span", { class: "empty" }, empty)));
}

function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

// -- the renderer -----------------------------------------------------------------------------------------
export function createRenderer(root, ui) {
  let selected = null; // a hand card chosen first, in the two-pile variant
  let last = null; // {msg, ctx}
  let seenRounds = null; // rounds already known (a new one shows the round summary)
  let banner = null; // the round summary shown after a round ends
  let bannerTimer = null;
  let bannerFrom = 0; // the log's length when the banner came: a later move of yours closes it
  let lastTops = null;
  const since = createSince(ui);
  const changes = createChanges();

  const box = h("div", { class: "mojo" });
  root.append(box);

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) {
      selected = null;
      ui.rerender();
    }
  });

  function play(entry) {
    selected = null;
    ui.act(entry.action);
  }

  function chooseCard(id, plays) {
    if (plays.length === 1) return play(plays[0]);
    selected = selected === id ? null : id;
    ui.rerender();
  }

  function update(msg, ctx) {
    last = { msg, ctx };
    const view = msg.view;
    const me = msg.seat;
    const legal = indexLegal(ctx.legal);
    if (selected !== null && !legal.plays.has(selected)) selected = null;

    // A finished round: say what happened (the next round is already dealt).
    const rounds = view.rounds || [];
    if (seenRounds !== null && rounds.length > seenRounds) {
      banner = rounds[rounds.length - 1];
      bannerFrom = msg.log_size || 0;
      clearTimeout(bannerTimer);
      bannerTimer = setTimeout(() => {
        banner = null;
        if (last) ui.rerender();
      }, 12000);
    }
    seenRounds = rounds.length;
    // it sits above the opponents and pushes your hand down: once you have moved, it has been read
    if (banner && me !== null && (msg.log || []).some((e) => e.n >= bannerFrom && e.seat === me)) {
      banner = null;
      clearTimeout(bannerTimer);
    }

    const tops = view.piles.map((p) => p[p.length - 1]);
    const freshTops = lastTops ? tops.map((t, i) => t !== lastTops[i]) : tops.map(() => false);
    lastTops = tops;
    changes.begin(msg);
    const { line } = since.line(msg);

    const n = view.players;
    const order = [];
    const startAt = me === null ? 0 : me + 1;
    for (let k = 0; k < n; k++) {
      const s = (startAt + k) % n;
      if (s !== me) order.push(s);
    }

    const felt = h("div", { class: `felt${view.phase === "over" ? " over" : ""}` },
      msg.returns ? scoreboard(msg, ui) : null,
      banner && !msg.returns ? roundBanner(msg, banner) : null,
      h("div", { class: "opponents", role: "list", "aria-label": me === null ? t("Players") : t("Other players") },
        order.map((s) => seatPanel(msg, s, legal))),
      centre(msg, legal, freshTops),
      line,
      prompt(msg, legal),
      me !== null ? mySeat(msg, legal) : null,
    );
    const newest = (msg.log || []).reduce((a, e) => (!a || e.n > a.n ? e : a), null);
    box.replaceChildren(felt, history(msg, ui));
    changes.end();
    // the card that just landed flies in from the seat that played it
    if (newest) for (const el of box.querySelectorAll(".discard .card.fresh")) flyFrom(box, el, newest.seat);
  }

  // -- seats -------------------------------------------------------------------------------------------
  function seatHeader(msg, s) {
    const view = msg.view;
    const info = view.seats[s];
    const table = msg.table.seats[s] || {};
    const turn = view.current_player === s && view.phase !== "over";
    const holder = view.mojo_card.holder === s;
    const winners = view.result ? view.result.winners : [];
    return h("div", { class: "seat-head" },
      h("span", { class: "seat-name" }, turn ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, ui.seatName(s)),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", t("played by the {bot} bot", { bot: table.kind })) : null,
      table.kind === "human" && !table.taken ? badge(t("free seat"), "free") : null,
      table.kind === "human" && table.taken && !table.connected && !table.takeover ? badge(t("away"), "away", t("not connected")) : null,
      table.takeover ? badge(t("{bot} bot stands in", { bot: table.takeover }), "bot", t("the player left; a bot plays until they return")) : null,
      h("span", { class: "total", title: t("total score"), "aria-label": tn("total {n} point", "total {n} points", info.total),
        // Translators: the short unit after a seat's total score on the table ("12 pts")
        dataset: { unit: t("pts") } }, info.total),
      turn ? badge(t("to play"), "turn") : null,
      info.in_mojo ? badge(t("Mojo moment"), "mojo", t("reveals a face-down card each turn")) : null,
      holder ? badge(t("Mojo card {side}", { side: view.mojo_card.side }), "holder", t("holds the Mojo card")) : null,
      winners.includes(s) ? badge(t("winner"), "winner") : null,
    );
  }

  function seatPanel(msg, s, legal) {
    const view = msg.view;
    const info = view.seats[s];
    const turn = view.current_player === s && view.phase !== "over";
    const hand = info.hand
      ? row(t("Hand ({n})", { n: info.hand.length }), info.hand.map((c) => card(c, { size: "sm" })), { cls: "hand-open" })
      : handBacks(info);
    const known = !info.hand && info.known && info.known.length
      ? row(t("known in hand"), info.known.map((c) => card(c, { size: "xs" })), { cls: "known" })
      : null;
    const down = info.facedown
      ? row(t("face down"), info.facedown.map((c) => card(c, { size: "xs", extraClass: "peek" })), { cls: "down" })
      : info.facedown_size
        ? row(t("face down"), Array.from({ length: info.facedown_size }, () => back({ size: "xs" })), { cls: "down", label: tn("{n} face-down card", "{n} face-down cards", info.facedown_size) })
        : null;
    const up = info.revealed.length ? row(t("revealed"), info.revealed.map((c) => card(c, { size: "xs" })), { cls: "up" }) : null;
    const winner = view.result && view.result.winners.includes(s);
    for (const [key, el, sig] of [["hand", hand, info.hand_size], ["known", known, info.known], ["down", down, info.facedown_size], ["up", up, info.revealed]]) {
      if (changes.changed(`seat:${s}:${key}`, sig) && el) el.classList.add("bp-changed");
    }
    return h("section", {
      class: `seat${turn ? " to-play" : ""}${info.in_mojo ? " in-mojo" : ""}${winner ? " winner" : ""}`,
      role: "listitem",
      "aria-label": seatLabel(ui.seatName(s, { long: true }), info, turn),
      dataset: { seat: s },
    }, seatHeader(msg, s), h("div", { class: "seat-rows" }, hand, known, down, up));
  }

  /** What a screen reader hears of a seat: its name, hand, total, and whether it plays or is in the Mojo moment. */
  function seatLabel(name, info, turn) {
    const params = { name, n: info.hand_size, total: info.total };
    if (turn && info.in_mojo) return tn("{name}: {n} card in hand, total {total}, to play, in the Mojo moment", "{name}: {n} cards in hand, total {total}, to play, in the Mojo moment", info.hand_size, params);
    if (turn) return tn("{name}: {n} card in hand, total {total}, to play", "{name}: {n} cards in hand, total {total}, to play", info.hand_size, params);
    if (info.in_mojo) return tn("{name}: {n} card in hand, total {total}, in the Mojo moment", "{name}: {n} cards in hand, total {total}, in the Mojo moment", info.hand_size, params);
    return tn("{name}: {n} card in hand, total {total}", "{name}: {n} cards in hand, total {total}", info.hand_size, params);
  }

  function handBacks(info) {
    const shown = Math.min(info.hand_size, 10);
    const fan = h("div", { class: "fan", "aria-hidden": "true" }, Array.from({ length: shown }, () => back({ size: "xs" })));
    return h("div", { class: "row hand-count", role: "group", "aria-label": tn("{n} card in hand", "{n} cards in hand", info.hand_size) },
      h("span", { class: "row-caption" }, t("hand")),
      h("div", { class: "cards" },
        h("span", { class: "count" }, tn("{n} card", "{n} cards", info.hand_size)),
        info.hand_size ? fan : null));
  }

  function mySeat(msg, legal) {
    const view = msg.view;
    const me = msg.seat;
    const info = view.seats[me];
    const turn = view.current_player === me && view.phase !== "over";
    const hand = (info.hand || []).map((c) => {
      const plays = legal.plays.get(c);
      const label = plays
        ? (plays.length === 1 ? t("{card} — play it", { card: cardName(c) }) : t("{card} — choose, then pick a pile", { card: cardName(c) }))
        : cardName(c);
      const el = card(c, {
        size: "lg",
        onActivate: plays ? () => chooseCard(c, plays) : null,
        label,
        selected: selected === c,
        key: `hand:${c}`,
      });
      if (!plays && last.ctx.legal.length) {
        el.tabIndex = 0;
        explainOn(el, ui, { type: "play", card: c, pile: 0 }, view.phase === "draw_choice" ? t("take a card first (the draw pile or the other pile's top)") : t("not playable now"));
      }
      return el;
    });
    let down = null;
    if (info.facedown_size) {
      const cards = info.facedown
        ? info.facedown.map((c) => {
          const entry = legal.revealCard.get(c);
          return card(c, {
            size: "md",
            extraClass: "peek",
            onActivate: entry ? () => play(entry) : null,
            label: entry ? t("{card}, face down — reveal it", { card: cardName(c) }) : t("{card}, face down", { card: cardName(c) }),
            key: `down:${c}`,
          });
        })
        : Array.from({ length: info.facedown_size }, (_, i) => {
          const entry = legal.revealPos.get(i);
          return back({
            size: "md",
            onActivate: entry ? () => play(entry) : null,
            label: entry ? t("face-down card {number} — reveal it", { number: i + 1 }) : t("face-down card {number}", { number: i + 1 }),
            key: `pos:${i}`,
          });
        });
      down = row(info.facedown ? t("face down (only you see them)") : t("face down"), cards, { cls: "down" });
    }
    const up = info.revealed.length ? row(t("revealed"), info.revealed.map((c) => card(c, { size: "sm" })), { cls: "up" }) : null;
    return h("section", {
      class: `seat me${turn ? " to-play" : ""}${info.in_mojo ? " in-mojo" : ""}`,
      "aria-label": t("Your seat (seat {seat})", { seat: me }),
      dataset: { seat: me },
    },
      seatHeader(msg, me),
      h("p", { class: "my-counts" },
        tn("{n} card in hand", "{n} cards in hand", info.hand_size),
        info.facedown_size ? " · " + t("{n} face down", { n: info.facedown_size }) : "",
        info.revealed.length ? " · " + t("{n} revealed", { n: info.revealed.length }) : ""),
      info.hand && info.hand.length
        ? h("div", { class: "hand", role: "group", "aria-label": tn("Your hand, {n} card", "Your hand, {n} cards", info.hand.length) }, hand)
        : (!info.facedown_size ? h("p", { class: "empty" }, t("No cards in hand.")) : null),
      down,
      up,
    );
  }

  /** On your turn, a pile or card that is no legal target explains itself (board-kit.js explainOn). */
  function whyNot(el, action, fallback) {
    if (!last.ctx.legal.length || last.ctx.busy) return el;
    el.tabIndex = 0;
    return explainOn(el, ui, action, fallback);
  }

  // -- the middle of the table ---------------------------------------------------------------------------
  function centre(msg, legal, freshTops) {
    const view = msg.view;
    const two = view.piles.length > 1;
    const deckEntry = legal.drawDeck;
    const deck = h("div", { class: "stack draw-pile" },
      h("span", { class: "stack-caption" }, t("Draw pile")),
      deckEntry
        ? back({ size: "lg", onActivate: () => play(deckEntry), label: tn("draw pile, {n} card — draw from it", "draw pile, {n} cards — draw from it", view.draw_pile), key: "draw:deck", extraClass: "deck" })
        : (view.draw_pile ? whyNot(back({ size: "lg", label: tn("draw pile, {n} card", "draw pile, {n} cards", view.draw_pile), extraClass: "deck" }), { type: "draw", source: "deck" }, t("you cannot draw now"))
          : h("div", { class: "card lg slot", role: "img", "aria-label": t("draw pile empty") })),
      h("span", { class: "stack-count" }, tn("{n} card", "{n} cards", view.draw_pile)),
    );
    const piles = view.piles.map((pile, i) => {
      const top = pile[pile.length - 1];
      const name = two ? t("Pile {pile}", { pile: i }) : t("Discard pile");
      const target = selected !== null && legal.plays.get(selected)?.find((e) => e.action.pile === i);
      const take = legal.drawPile.get(i);
      let topCard;
      if (target) {
        topCard = card(top, { size: "xl", onActivate: () => play(target), label: t("{pile}, top {top} — play your {card} here", { pile: name, top: cardName(top), card: cardName(selected) }), key: `pile:${i}`, extraClass: "target", fresh: freshTops[i] });
      } else if (take) {
        topCard = card(top, { size: "xl", onActivate: () => play(take), label: t("{pile}, top {top} — take this card", { pile: name, top: cardName(top) }), key: `take:${i}`, fresh: freshTops[i] });
      } else {
        topCard = card(top, { size: "xl", label: t("{pile}, top card {top}", { pile: name, top: cardName(top) }), fresh: freshTops[i] });
        // a pile that is no target says why: the picked card cannot go here, or you cannot take its top now
        if (selected !== null) whyNot(topCard, { type: "play", card: selected, pile: i }, t("your {card} cannot go on this pile", { card: cardName(selected) }));
        else whyNot(topCard, { type: "draw", source: "pile", pile: i }, t("you cannot take this card now"));
      }
      const below = pile.slice(Math.max(0, pile.length - 6), -1);
      return h("div", { class: "stack discard", dataset: { pile: i } },
        h("span", { class: "stack-caption" }, name),
        topCard,
        h("div", { class: "pile-history", role: "group", "aria-label": t("{pile}: the cards below the top, newest last", { pile: name }) },
          below.length ? below.map((c) => card(c, { size: "xs" })) : h("span", { class: "empty" }, "—")),
        h("span", { class: "stack-count" }, tn("{n} card", "{n} cards", pile.length)),
      );
    });
    const side = view.mojo_card.side;
    const clockwise = view.direction === "clockwise";
    const holder = view.mojo_card.holder;
    const mojo = h("div", { class: "stack mojo-card-stack" },
      h("span", { class: "stack-caption" }, t("Mojo card")),
      h("div", { class: `card lg mojo-card side-${side === "0" ? "zero" : "ten"}`, role: "img", "aria-label": t("Mojo card, side {side} up", { side }) },
        h("span", { class: "mojo-word", "aria-hidden": "true" }, "MOJO"),
        h("span", { class: "mojo-side", "aria-hidden": "true" }, side)),
      h("span", { class: "stack-count" }, holder === null || holder === undefined ? t("nobody holds it") : t("held by {name}", { name: ui.seatName(holder) })),
    );
    const direction = h("div", { class: "direction", role: "img", "aria-label": clockwise ? t("play goes clockwise") : t("play goes counter-clockwise") },
      h("span", { class: `arrow ${clockwise ? "cw" : "ccw"}`, "aria-hidden": "true" }, clockwise ? "↻" : "↺"),
      h("span", {}, clockwise ? t("clockwise") : t("counter-clockwise")));
    const info = h("div", { class: "round-info" },
      h("span", { class: "round-no" }, t("Round {round}", { round: view.round })),
      h("span", {}, t("game ends at {target}", { target: msg.table.options.target_score })),
      direction);
    return h("div", { class: "centre", "aria-label": t("Middle of the table"), role: "group" }, info, h("div", { class: "stacks" }, deck, piles, mojo));
  }

  function prompt(msg, legal) {
    const view = msg.view;
    const me = msg.seat;
    const pending = last.ctx.busy;
    const parts = [];
    const buttons = [];
    const mine = !pending && (legal.plays.size || legal.stop || legal.drawDeck || legal.drawPile.size || legal.revealCard.size || legal.revealPos.size);
    const top = view.piles.map((p) => VALUE[p[p.length - 1]]);
    if (msg.returns) {
      parts.push(t("Game over."));
    } else if (pending) {
      parts.push("…");
    } else if (!mine) {
      const cur = view.current_player;
      parts.push(cur === me ? t("Waiting…") : t("{name} is playing…", { name: ui.seatName(cur, { long: true }) }));
    } else if (view.phase === "draw_choice") {
      parts.push(t("Higher — now take a card: from the draw pile or the top of pile {pile}.", { pile: view.pending.draw_choice }));
      if (legal.drawDeck) buttons.push(moveButton(legal.drawDeck, t("Draw from the draw pile")));
      for (const [pile, entry] of legal.drawPile) buttons.push(moveButton(entry, t("Take the {card} from pile {pile}", { card: cardName(view.piles[pile][view.piles[pile].length - 1]), pile })));
    } else if (legal.revealCard.size || legal.revealPos.size) {
      parts.push(t("Mojo moment — reveal one of your face-down cards."));
    } else if (selected !== null) {
      parts.push(t("Play your {card} on which pile?", { card: cardName(selected) }));
      for (const entry of legal.plays.get(selected)) {
        const p = entry.action.pile;
        buttons.push(moveButton(entry, t("Pile {pile} (top {top})", { pile: p, top: top[p] }), `target:${p}`));
      }
      buttons.push(h("button", { type: "button", class: "btn ghost", dataset: { key: "cancel" }, onclick: () => { selected = null; ui.rerender(); } }, t("Cancel")));
    } else if (view.phase === "replay") {
      parts.push(legal.stop ? t("Equal! Play another card — or stop.") : t("Equal! Play another card (you must)."));
      if (legal.stop) buttons.push(moveButton(legal.stop, t("Stop (end my turn)"), "stop", "primary"));
    } else {
      const tops = top.length > 1 ? t("tops {a} and {b}", { a: top[0], b: top[1] }) : t("top {top}", { top: top[0] });
      parts.push(t("Your turn — play a card ({tops}). Lower ends your turn, equal plays again, higher draws a card.", { tops }));
    }
    return h("div", { class: `prompt${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", {}, parts),
      buttons.length ? h("div", { class: "prompt-buttons" }, buttons) : null);
  }

  function moveButton(entry, text, key = null, cls = "") {
    return h("button", {
      type: "button",
      class: `btn legal ${cls}`,
      "data-legal": true,
      dataset: { key: key || `pb:${JSON.stringify(entry.action)}` },
      onclick: () => play(entry),
    }, text);
  }

  // -- rounds and the end ------------------------------------------------------------------------------
  function roundBanner(msg, r) {
    const n = msg.view.players;
    const names = (s) => ui.seatName(s);
    return h("section", { class: "round-banner", "aria-label": t("Round {round} result", { round: r.round }) },
      h("button", { type: "button", class: "btn small ghost close", "aria-label": t("Close the round result"), onclick: () => { banner = null; ui.rerender(); } }, "×"),
      h("h2", {}, t("Round {round} is over", { round: r.round })),
      h("p", {}, t("{ender} ended it; {holder} took the Mojo card (side {side} up).", { ender: names(r.ender), holder: names(r.holder), side: r.mojo_side })),
      h("div", { class: "round-cards" },
        Array.from({ length: n }, (_, s) =>
          h("div", { class: "round-seat" },
            h("span", { class: "who" }, names(s)),
            h("span", { class: "cards" }, (r.cards[s] || []).map((c) => card(c, { size: "xs" }))),
            h("span", { class: "score" }, t("raw {raw} → {score}", { raw: r.raw[s], score: `${r.scores[s] >= 0 ? "+" : ""}${r.scores[s]}` }), h("b", {}, ` = ${r.totals[s]}`))))),
    );
  }

  return { update, endSummary: (msg) => roundSheet(msg, ui) };
}
