// MAOQY at the table (docs/maoqy.md): the seats around the felt with their hidden hands (as backs by
// kingdom), open hands, streets and hiding places; the Unknown and the Known in the middle; your own
// hand grouped by kingdom. Every legal move glows and is a real <button> (Enter/Space): a card you hold
// is chosen first, then discarded, opened or hidden (buttons under your hand, or click the Known / your
// hiding place); draws are one click on their source; streets, pass and the direction are buttons. The
// page lists every legal move as plain buttons too. Escape drops a chosen card.

import { h } from "../js/common.js";
import { KINGDOMS, KINGDOMS_DE, COMPLEMENT, CODES, FIGURES, FIGURES_DE, PER_KINGDOM, STANDARD, EXTRA, OTHER_KINGDOMS, cardInfo, cardName, longName, kingdomClass, kingdomCode, plural, run, indexLegal, face, back, chip, streetBar, row, badge, backGroups } from "./maoqy-cards.js";
import { firstDraw, infoBar, kingdomsPanel, lastMove, scoreboard, endSummary as summary } from "./maoqy-end.js";
import { createChanges, createSince, explainOn, flyFrom, fullText, bringIntoView } from "./board-kit.js";

export { cardInfo, cardName, longName, KINGDOMS } from "./maoqy-cards.js";

// -- the renderer -----------------------------------------------------------------------------------------
export function createRenderer(root, ui) {
  let selected = null; // {card, where: "hand" | "open"}: a card of ours chosen first
  let focusChoice = false;
  let scrollChoice = false;
  const since = createSince(ui);
  const changes = createChanges(); // after choosing by keyboard, put focus on the first thing to do with it
  let last = null;
  let lastKnownTop = null;
  let freshKnown = false;

  const box = h("div", { class: "maoqy" });
  root.append(box);

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) {
      const key = `${selected.where === "open" ? `open:${last.msg.seat}` : "hand"}:${selected.card}`;
      selected = null;
      ui.rerender();
      const again = box.querySelector(`[data-key="${key}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  });

  function play(entry) {
    selected = null;
    ui.act(entry.action);
  }

  function choose(card, where, event) {
    if (selected && selected.card === card && selected.where === where) selected = null;
    else {
      selected = { card, where };
      scrollChoice = true; // the choices below the hand: bring them on the screen (they sat below its edge)
      // a click by keyboard (Enter/Space gives detail 0) moves on to the choices
      focusChoice = !!event && event.detail === 0;
    }
    ui.rerender();
  }

  /** What we may do with a card of ours: [{entry, text, kind}]. */
  function choicesFor(msg, ix, card, where) {
    const out = [];
    const add = (entry, text, kind) => entry && out.push({ entry, text, kind });
    if (where === "open") add(ix.open.get(`${msg.seat}:${card}`), "Take back into your hand", "take");
    add(ix.discard.get(card), "Discard onto the Known", "discard");
    if (where === "hand") {
      add(ix.openCard.get(card), "Open it (face up)", "open");
      add(ix.hide.get(card), "Hide it (face down)", "hide");
    }
    for (const entry of ix.streets) {
      const cards = entry.action.cards;
      if (cards.length === 1 && cards[0] === card) add(entry, "Add to your street", "street");
    }
    return out;
  }

  function update(msg, ctx) {
    last = { msg, ctx };
    const view = msg.view;
    const me = msg.seat;
    const ix = indexLegal(ctx.legal);
    if (selected !== null && !choicesFor(msg, ix, selected.card, selected.where).length) selected = null;

    const top = view.known.length ? view.known[view.known.length - 1] : null;
    freshKnown = lastKnownTop !== null && top !== null && top !== lastKnownTop;
    lastKnownTop = top;
    changes.begin(msg);
    const { line } = since.line(msg);

    const n = view.players;
    const order = [];
    const startAt = me === null ? 0 : me + 1;
    for (let k = 0; k < n; k++) {
      const s = (startAt + k) % n;
      if (s !== me) order.push(s);
    }

    const felt = h("div", { class: `felt mq-felt${view.phase === "over" ? " over" : ""}` },
      msg.returns || view.result ? scoreboard(msg, ui) : null,
      h("div", { class: "opponents", role: "list", "aria-label": me === null ? "Players" : "Other players" },
        order.map((s) => seatPanel(msg, s, ix))),
      centre(msg, ix),
      line,
      prompt(msg, ix),
      me !== null ? mySeat(msg, ix) : null,
    );
    const newest = (msg.log || []).reduce((a, e) => (!a || e.n > a.n ? e : a), null);
    box.replaceChildren(felt, kingdomsPanel(msg, ui));
    changes.end();
    // the card that just landed flies in from the seat that played it
    if (newest) for (const el of box.querySelectorAll(".mq-known .card.fresh")) flyFrom(box, el, newest.seat);
    if (scrollChoice) {
      scrollChoice = false;
      bringIntoView(box.querySelector(".mq-choices"));
    }
    if (focusChoice) {
      focusChoice = false;
      const first = box.querySelector(".mq-choices [data-legal]");
      if (first) first.focus({ preventScroll: true });
    }
  }

  // -- seats -------------------------------------------------------------------------------------------
  function seatHeader(msg, s) {
    const view = msg.view;
    const info = view.seats[s];
    const table = msg.table.seats[s] || {};
    const turn = view.current_player === s && view.phase !== "over";
    const winners = view.result ? view.result.winners : [];
    return h("div", { class: "seat-head" },
      h("span", { class: "seat-name" }, turn ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, ui.seatName(s)),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", `played by the ${table.kind} bot`) : null,
      table.kind === "human" && !table.taken ? badge("free seat", "free") : null,
      table.kind === "human" && table.taken && !table.connected && !table.takeover ? badge("away", "away", "not connected") : null,
      table.takeover ? badge(`${table.takeover} bot stands in`, "bot", "the player left; a bot plays until they return") : null,
      view.first_player === s ? badge("began", "mq-first", "drew the highest card and began") : null,
      h("span", { class: "mq-total", title: "cards in street", "aria-label": `${info.street_cards} cards in street` }, info.street_cards),
      turn ? badge("to play", "turn") : null,
      winners.includes(s) ? badge("winner", "winner") : null,
    );
  }

  function seatPanel(msg, s, ix) {
    const view = msg.view;
    const info = view.seats[s];
    const turn = view.current_player === s && view.phase !== "over";
    const name = ui.seatName(s, { long: true });
    const hand = h("div", { class: "row hand-count", role: "group", "aria-label": `${plural(info.hand_size, "card")} in the hidden hand` },
      h("span", { class: "row-caption" }, "hand"),
      h("div", { class: "cards mq-backs" },
        h("span", { class: "count" }, plural(info.hand_size, "card")),
        info.hand_backs
          ? backGroups(info.hand_backs)
          : (info.hand_size ? h("span", { class: "fan", "aria-hidden": "true" }, Array.from({ length: Math.min(info.hand_size, 8) }, () => back(null, { size: "xs" }))) : null)));
    const seen = info.hand_public.length
      ? row("seen", info.hand_public.map((c) => face(c, { size: "xs", label: `${longName(c)}, in the hidden hand (everybody saw it arrive)` })),
        { cls: "mq-seen", label: "cards in the hidden hand that everybody saw" })
      : null;
    const open = info.open.length
      ? row("open", info.open.map((c) => {
        const entry = ix.open.get(`${s}:${c}`);
        return face(c, {
          size: "sm",
          onActivate: entry ? () => play(entry) : null,
          label: entry ? `${longName(c)}, in ${name}'s open hand — draw it` : `${longName(c)}, open hand`,
          key: `open:${s}:${c}`,
        });
      }), { cls: "mq-open", label: `open hand, ${plural(info.open.length, "card")}` })
      : null;
    const streets = info.streets.length
      ? row("street", info.streets.map((st) => streetBar(st, "sm")), { cls: "mq-streets" })
      : null;
    const hiding = info.hiding_size
      ? row("hiding", (info.hiding_backs || Array(info.hiding_size).fill(null)).map((k) =>
        back(k, { size: "xs", label: k ? `hidden card, ${k} back` : "hidden card" })), { cls: "mq-hiding", label: `hiding place: ${plural(info.hiding_size, "card")}` })
      : null;
    const winner = view.result && view.result.winners.includes(s);
    // what changed since our last move: the rows that did get a mark
    for (const [key, el, sig] of [["hand", hand, info.hand_size], ["open", open, info.open], ["street", streets, info.streets], ["hiding", hiding, info.hiding_size]]) {
      if (changes.changed(`seat:${s}:${key}`, sig) && el) el.classList.add("bp-changed");
    }
    return h("section", {
      class: `seat mq-seat${turn ? " to-play" : ""}${winner ? " winner" : ""}`,
      role: "listitem",
      "aria-label": `${name}: ${plural(info.hand_size, "card")} in hand, ${info.open.length} open, ${info.street_cards} in street${turn ? ", to play" : ""}`,
      dataset: { seat: s },
    }, seatHeader(msg, s), h("div", { class: "seat-rows" }, hand, seen, open, streets, hiding));
  }

  function mySeat(msg, ix) {
    const view = msg.view;
    const me = msg.seat;
    const info = view.seats[me];
    const turn = view.current_player === me && view.phase !== "over";
    const handCards = info.hand || [];
    const seen = new Set(info.hand_public);
    const sel = selected;

    // the hidden hand, one group per kingdom (extra cards last)
    const groups = new Map();
    for (const c of [...handCards].sort((a, b) => a - b)) {
      const k = cardInfo(c).kingdom || "extra";
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(c);
    }
    const handCard = (c) => {
      const options = choicesFor(msg, ix, c, "hand");
      const chosen = sel && sel.where === "hand" && sel.card === c;
      const known = seen.has(c);
      return face(c, {
        size: "lg",
        onActivate: options.length ? (event) => choose(c, "hand", event) : null,
        label: `${longName(c)}${known ? ", everybody saw it" : ""}${options.length ? (chosen ? " — chosen; pick what to do with it" : " — choose it") : ""}`,
        selected: chosen,
        key: `hand:${c}`,
        tag: known ? "seen" : null,
        extraClass: known ? "mq-known" : "",
      });
    };
    const hand = handCards.length
      ? h("div", { class: "mq-hand", role: "group", "aria-label": `Your hidden hand, ${plural(handCards.length, "card")} of at most ${view.hand_limit}` },
        [...groups].map(([k, cards]) =>
          h("div", { class: `mq-group ${kingdomClass(k)}`, role: "group", "aria-label": `${k}: ${plural(cards.length, "card")}` },
            h("span", { class: "mq-group-label", "aria-hidden": "true" }, chip(k, `${k} ×${cards.length}`)),
            h("div", { class: "mq-group-cards" }, cards.map(handCard)))))
      : h("p", { class: "empty" }, view.phase === "direction" ? "Nobody holds cards yet: every hand starts empty." : "Your hidden hand is empty.");

    // my open hand: cards may be taken back or discarded
    const openCards = info.open.map((c) => {
      const options = choicesFor(msg, ix, c, "open");
      const chosen = sel && sel.where === "open" && sel.card === c;
      return face(c, {
        size: "md",
        onActivate: options.length ? (event) => choose(c, "open", event) : null,
        label: `${longName(c)}, in your open hand${options.length ? (chosen ? " — chosen; pick what to do with it" : " — choose it") : ""}`,
        selected: chosen,
        key: `open:${me}:${c}`,
      });
    });
    const openTarget = sel && sel.where === "hand" && ix.openCard.get(sel.card);
    if (openTarget) {
      openCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:open" },
        "aria-label": `Open your ${longName(sel.card)} here`, title: "open it here", onclick: () => play(openTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "open")));
    }
    const openRow = openCards.length
      ? row("open hand", openCards, { cls: "mq-open", label: `your open hand (everybody sees it), ${plural(info.open.length, "card")}` })
      : null;

    // my hiding place: my own card, face up to me only
    const hidingCards = (info.hiding || []).map((c) => {
      const entry = ix.hiding.get(c);
      return face(c, {
        size: "md",
        extraClass: "mq-hidden",
        tag: "hidden",
        onActivate: entry ? () => play(entry) : null,
        label: `${longName(c)}, in your hiding place (only you see it)${entry ? " — take it back" : ""}`,
        key: `hiding:${c}`,
      });
    });
    const hideTarget = sel && sel.where === "hand" && ix.hide.get(sel.card);
    if (hideTarget) {
      hidingCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:hide" },
        "aria-label": `Hide your ${longName(sel.card)} here`, title: "hide it here", onclick: () => play(hideTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "hide")));
    }
    const hidingRow = hidingCards.length
      ? row("hiding place", hidingCards, { cls: "mq-hiding", label: `your hiding place, ${info.hiding_size} of ${msg.table.options.hiding_place_size ?? 1}` })
      : null;

    return h("section", {
      class: `seat me mq-seat${turn ? " to-play" : ""}${view.result && view.result.winners.includes(me) ? " winner" : ""}`,
      "aria-label": `Your seat (seat ${me})`,
      dataset: { seat: me },
    },
    seatHeader(msg, me),
    h("p", { class: "my-counts" },
      `hidden hand ${info.hand_size} of ${view.hand_limit}`,
      info.open.length ? ` · ${info.open.length} open` : "",
      info.hiding_size ? ` · ${info.hiding_size} hidden` : "",
      ` · ${info.street_cards} in street`),
    hand,
    choicesBar(msg, ix),
    openRow,
    hidingRow,
    streetControl(msg, ix),
    );
  }

  /** What to do with the chosen card: one button per legal action, and Cancel. */
  function choicesBar(msg, ix) {
    if (!selected) return null;
    const options = choicesFor(msg, ix, selected.card, selected.where);
    const where = selected.where === "open" ? " (open hand)" : "";
    return h("div", { class: "mq-choices", role: "group", "aria-label": `What to do with your ${longName(selected.card)}` },
      h("span", { class: "mq-choices-title" }, face(selected.card, { size: "xs" }), `${longName(selected.card)}${where}:`),
      options.map((o) => h("button", {
        type: "button", class: "btn small legal", "data-legal": true,
        dataset: { key: `choice:${o.kind}` }, onclick: () => play(o.entry),
      }, o.text)),
      h("button", {
        type: "button", class: "btn small ghost", dataset: { key: "choice:cancel" },
        onclick: () => { selected = null; ui.rerender(); },
      }, "Cancel"));
  }

  /** Your street, and the street moves the server lists (open a run, extend it). */
  function streetControl(msg, ix) {
    const view = msg.view;
    const info = view.seats[msg.seat];
    const min = msg.table.options.street_min ?? 5;
    const bars = info.streets.map((st) => streetBar(st, "md"));
    const buttons = ix.streets.map((entry) => {
      const cards = entry.action.cards;
      const opening = !info.streets.some((st) => cardInfo(st[0]).k === cardInfo(cards[0]).k);
      const what = opening
        ? `Open your street with ${cardInfo(cards[0]).kingdom} ${run(cards)} (${plural(cards.length, "card")})`
        : `Add ${cardInfo(cards[0]).kingdom} ${run(cards)} to your street`;
      const btn = h("button", {
        type: "button", class: "btn legal primary mq-street-move", "data-legal": true, "aria-label": what, title: what,
        dataset: { key: `street:${cards.join(",")}` }, onclick: () => play(entry),
      }, chip(cardInfo(cards[0]).kingdom, entry.label));
      // show which of your cards go into the street
      const mark = (on) => {
        for (const c of cards) {
          box.querySelectorAll(`.seat.me [data-card="${c}"]`).forEach((el) => el.classList.toggle("in-run", on));
        }
      };
      for (const [ev, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) btn.addEventListener(ev, () => mark(on));
      return btn;
    });
    if (!bars.length && !buttons.length && view.phase === "over") return null;
    const hint = !info.streets.length && !buttons.length && view.phase !== "over"
      ? h("span", { class: "empty" }, `No street yet: it opens with ${min} or more cards of one kingdom in a row that nobody else has a street of.`)
      : null;
    return h("div", { class: "row mq-streets mq-street-control", role: "group", "aria-label": "Your street" },
      h("span", { class: "row-caption" }, "street"),
      h("div", { class: "cards" }, bars, hint, buttons.length ? h("div", { class: "mq-street-moves" }, buttons) : null));
  }

  // -- the middle of the table ---------------------------------------------------------------------------
  function centre(msg, ix) {
    const view = msg.view;
    const sel = selected;

    // the Unknown
    const size = view.unknown_size;
    const topBack = view.unknown_top_back;
    const unknownText = `The Unknown, ${plural(size, "card")}${topBack ? `, the top card's back shows ${topBack}` : ""}`;
    let unknownCard;
    if (ix.unknown) {
      const label = size
        ? `${unknownText} — draw its top card`
        : "The Unknown is empty — draw: the Known but its top card is shuffled into a new Unknown";
      unknownCard = size
        ? back(topBack, { size: "lg", onActivate: () => play(ix.unknown), label, key: "draw:unknown", extraClass: "deck" })
        : h("button", { type: "button", class: "card lg slot legal", "data-legal": true, "aria-label": label, title: label, dataset: { key: "draw:unknown" }, onclick: () => play(ix.unknown) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "shuffle"));
    } else {
      unknownCard = size
        ? back(topBack, { size: "lg", label: unknownText, extraClass: "deck" })
        : h("div", { class: "card lg slot", role: "img", "aria-label": "The Unknown is empty" });
      if (ix.any) explainOn(unknownCard, ui, { type: "draw", from: "unknown" }, "you cannot draw from the Unknown now");
    }
    const unknown = h("div", { class: "stack draw-pile mq-unknown" },
      h("span", { class: "stack-caption" }, "The Unknown"),
      unknownCard,
      h("span", { class: "stack-count" }, h("span", {}, plural(size, "card")),
        topBack ? h("span", { class: "mq-topback" }, "· top", chip(topBack)) : null));

    // the Known: the top card big, the ones below small
    const known = view.known;
    const top = known.length ? known[known.length - 1] : null;
    const discardHere = sel && ix.discard.get(sel.card);
    let topCard;
    if (discardHere) {
      const label = `The Known${top !== null ? `, top ${longName(top)}` : ", empty"} — discard your ${longName(sel.card)} here`;
      topCard = top !== null
        ? face(top, { size: "xl", onActivate: () => play(discardHere), label, key: "target:known", extraClass: "target", fresh: freshKnown })
        : h("button", { type: "button", class: "card xl slot mq-target legal target", "data-legal": true, "aria-label": label, title: label, dataset: { key: "target:known" }, onclick: () => play(discardHere) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "discard"));
    } else if (top !== null) {
      const entry = !sel && (ix.known || ix.knownCard.get(top));
      topCard = face(top, {
        size: "xl",
        onActivate: entry ? () => play(entry) : null,
        label: `The Known, top card ${longName(top)}${entry ? " — draw it" : ""}`,
        key: "draw:known",
        fresh: freshKnown,
      });
      // no target on your turn: why not (the picked card may not go here, or you may not take the top now)
      if (!entry && ix.any) {
        topCard.tabIndex = 0;
        explainOn(topCard, ui, sel ? { type: "discard", card: sel.card } : { type: "draw", from: "known" },
          sel ? `your ${longName(sel.card)} cannot be discarded now` : "you cannot take the Known's top card now");
      }
    } else {
      topCard = h("div", { class: "card xl slot", role: "img", "aria-label": "The Known is empty" });
    }
    const belowCount = ix.knownCard.size ? 16 : 7;
    const below = known.slice(Math.max(0, known.length - 1 - belowCount), -1);
    const knownStack = h("div", { class: "stack discard mq-known" },
      h("span", { class: "stack-caption" }, "The Known"),
      topCard,
      h("div", { class: "pile-history", role: "group", "aria-label": "The Known: cards below the top, newest last" },
        known.length > below.length + 1 ? h("span", { class: "mq-more" }, `+${known.length - below.length - 1}`) : null,
        below.length
          ? below.map((c) => {
            const entry = !sel && ix.knownCard.get(c);
            return face(c, { size: "xs", onActivate: entry ? () => play(entry) : null, label: entry ? `${longName(c)}, in the Known — draw it` : longName(c), key: `draw:known:${c}` });
          })
          : h("span", { class: "empty" }, "—")),
      h("span", { class: "stack-count" }, plural(known.length, "card")));

    return h("div", { class: "centre", role: "group", "aria-label": "Middle of the table" },
      infoBar(msg, ui),
      h("div", { class: "stacks" }, unknown, knownStack, firstDraw(msg, ui)));
  }

  function prompt(msg, ix) {
    const view = msg.view;
    const me = msg.seat;
    const pending = last.ctx.busy;
    const parts = [];
    const buttons = [];
    const mine = !pending && ix.any;
    const n = view.players;
    if (view.phase === "over") {
      const lm = lastMove(msg, ui);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      parts.push("Game over.");
    } else if (pending) {
      parts.push("…");
    } else if (!mine) {
      const cur = view.current_player;
      const lm = lastMove(msg, ui);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (view.phase === "direction") parts.push(`${ui.seatName(cur, { long: true })} drew the highest card and chooses the direction…`);
      else parts.push(cur === me ? "Waiting…" : `${ui.seatName(cur, { long: true })} is playing…`);
    } else if (view.phase === "direction") {
      const mineDrawn = view.first_draw.flat().filter((x) => x.seat === me).pop();
      parts.push(`You drew the highest card${mineDrawn ? ` (${cardName(mineDrawn.card)})` : ""} and begin. Choose the direction of play for the whole game:`);
      // the seats that follow you, by name: with two players both directions give the same order
      const steps = (step) => Array.from({ length: Math.min(n - 1, 3) }, (_, i) => ui.seatName((((me + step * (i + 1)) % n) + n) % n)).join(", then ") + (n > 4 ? " …" : "");
      for (const [value, arrow, text, step] of [["cw", "↻", "Clockwise", 1], ["ccw", "↺", "Counter-clockwise", -1]]) {
        const entry = ix.direction.get(value);
        if (entry) {
          buttons.push(h("button", {
            type: "button", class: "btn legal primary mq-dir", "data-legal": true, dataset: { key: `dir:${value}` },
            "aria-label": `${text}: after you ${steps(step)}`, onclick: () => play(entry),
          }, h("span", { class: "arrow", "aria-hidden": "true" }, arrow), `${text} — after you: ${steps(step)}`));
        }
      }
      if (n === 2) parts.push(h("span", { class: "mq-dir-note" }, ` With two players ${ui.seatName((me + 1) % 2)} plays after you either way.`));
    } else {
      const lm = lastMove(msg, ui);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (selected) {
        parts.push(`Your ${cardName(selected.card)}: choose below what to do with it${ix.discard.get(selected.card) ? ", or click the Known to discard it" : ""}. Escape cancels.`);
      } else {
        const full = !ix.unknown && !ix.known && !ix.knownCard.size && !ix.open.size && !ix.hiding.size;
        parts.push(full && view.seats[me].hand_size >= view.hand_limit
          ? `Your turn — your hidden hand is full (${view.hand_limit}): lay a card down, lay a street, or pass.`
          : "Your turn — do one thing: draw a card (the Unknown, the Known, an open hand), choose a card of yours to lay down, lay a street, or pass.");
      }
      if (ix.pass) {
        const ends = view.passes === n - 1;
        buttons.push(h("button", {
          type: "button", class: `btn legal${ends ? " mq-danger" : ""}`, "data-legal": true, dataset: { key: "pass" },
          "aria-label": ends ? "Pass — everybody else passed: this ends the game" : "Pass", onclick: () => play(ix.pass),
        }, ends ? "Pass (ends the game)" : "Pass"));
      }
    }
    return h("div", { class: `prompt${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", {}, parts),
      buttons.length ? h("div", { class: "prompt-buttons" }, buttons) : null);
  }

  // -- kingdoms and the end ------------------------------------------------------------------------------

  return { update, endSummary: (msg) => summary(msg, ui) };
}
