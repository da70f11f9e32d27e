// MAOQY at the table (docs/maoqy.md): the seats around the felt with their hidden hands (as backs by
// kingdom), open hands, streets and hiding places; the Unknown and the Known in the middle; your own
// hand grouped by kingdom. Every legal move glows and is a real <button> (Enter/Space): a card you hold
// is chosen first, then discarded, opened or hidden (buttons under your hand, or click the Known / your
// hiding place); draws are one click on their source; streets, pass and the direction are buttons. The
// page lists every legal move as plain buttons too. Escape drops a chosen card.

import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";
import { KINGDOMS, KINGDOMS_DE, COMPLEMENT, CODES, FIGURES, FIGURES_DE, PER_KINGDOM, STANDARD, EXTRA, OTHER_KINGDOMS, cardInfo, cardName, cardCount, kingdomName, longName, kingdomClass, kingdomCode, plural, run, indexLegal, face, back, chip, streetBar, row, badge, backGroups } from "./maoqy-cards.js";
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
    if (where === "open") add(ix.open.get(`${msg.seat}:${card}`), t("Take back into your hand"), "take");
    add(ix.discard.get(card), t("Discard onto the Known"), "discard");
    if (where === "hand") {
      add(ix.openCard.get(card), t("Open it (face up)"), "open");
      add(ix.hide.get(card), t("Hide it (face down)"), "hide");
    }
    for (const entry of ix.streets) {
      const cards = entry.action.cards;
      if (cards.length === 1 && cards[0] === card) add(entry, t("Add to your street"), "street");
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
      h("div", { class: "opponents", role: "list", "aria-label": me === null ? t("Players") : t("Other players") },
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
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", t("played by the {kind} bot", { kind: table.kind })) : null,
      table.kind === "human" && !table.taken ? badge(t("free seat"), "free") : null,
      table.kind === "human" && table.taken && !table.connected && !table.takeover ? badge(t("away"), "away", t("not connected")) : null,
      table.takeover ? badge(t("{kind} bot stands in", { kind: table.takeover }), "bot", t("the player left; a bot plays until they return")) : null,
      view.first_player === s ? badge(t("began"), "mq-first", t("drew the highest card and began")) : null,
      // data-unit: the words after the number, for the style sheet's ::after (which says " in street" today)
      h("span", { class: "mq-total", title: t("cards in street"), "aria-label": tn("{n} card in street", "{n} cards in street", info.street_cards), dataset: { unit: t("in street") } }, info.street_cards),
      turn ? badge(t("to play"), "turn") : null,
      winners.includes(s) ? badge(t("winner"), "winner") : null,
    );
  }

  function seatPanel(msg, s, ix) {
    const view = msg.view;
    const info = view.seats[s];
    const turn = view.current_player === s && view.phase !== "over";
    const name = ui.seatName(s, { long: true });
    const hand = h("div", { class: "row hand-count", role: "group", "aria-label": tn("{n} card in the hidden hand", "{n} cards in the hidden hand", info.hand_size) },
      h("span", { class: "row-caption" }, t("hand")),
      h("div", { class: "cards mq-backs" },
        h("span", { class: "count" }, cardCount(info.hand_size)),
        info.hand_backs
          ? backGroups(info.hand_backs)
          : (info.hand_size ? h("span", { class: "fan", "aria-hidden": "true" }, Array.from({ length: Math.min(info.hand_size, 8) }, () => back(null, { size: "xs" }))) : null)));
    const seen = info.hand_public.length
      ? row(t("seen"), info.hand_public.map((c) => face(c, { size: "xs", label: t("{card}, in the hidden hand (everybody saw it arrive)", { card: longName(c) }) })),
        { cls: "mq-seen", label: t("cards in the hidden hand that everybody saw") })
      : null;
    const open = info.open.length
      ? row(t("open"), info.open.map((c) => {
        const entry = ix.open.get(`${s}:${c}`);
        return face(c, {
          size: "sm",
          onActivate: entry ? () => play(entry) : null,
          label: entry ? t("{card}, in {name}'s open hand — draw it", { card: longName(c), name }) : t("{card}, open hand", { card: longName(c) }),
          key: `open:${s}:${c}`,
        });
      }), { cls: "mq-open", label: tn("open hand, {n} card", "open hand, {n} cards", info.open.length) })
      : null;
    const streets = info.streets.length
      ? row(t("street"), info.streets.map((st) => streetBar(st, "sm")), { cls: "mq-streets" })
      : null;
    const hiding = info.hiding_size
      ? row(t("hiding"), (info.hiding_backs || Array(info.hiding_size).fill(null)).map((k) =>
        back(k, { size: "xs", label: k ? t("hidden card, {kingdom} back", { kingdom: kingdomName(k) }) : t("hidden card") })), { cls: "mq-hiding", label: tn("hiding place: {n} card", "hiding place: {n} cards", info.hiding_size) })
      : null;
    const winner = view.result && view.result.winners.includes(s);
    // what changed since our last move: the rows that did get a mark
    for (const [key, el, sig] of [["hand", hand, info.hand_size], ["open", open, info.open], ["street", streets, info.streets], ["hiding", hiding, info.hiding_size]]) {
      if (changes.changed(`seat:${s}:${key}`, sig) && el) el.classList.add("bp-changed");
    }
    return h("section", {
      class: `seat mq-seat${turn ? " to-play" : ""}${winner ? " winner" : ""}`,
      role: "listitem",
      "aria-label": turn
        ? tn("{name}: {n} card in hand, {open} open, {street} in street, to play", "{name}: {n} cards in hand, {open} open, {street} in street, to play", info.hand_size, { name, open: info.open.length, street: info.street_cards })
        : tn("{name}: {n} card in hand, {open} open, {street} in street", "{name}: {n} cards in hand, {open} open, {street} in street", info.hand_size, { name, open: info.open.length, street: info.street_cards }),
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
        label: longName(c) + (known ? t(", everybody saw it") : "") + (options.length ? (chosen ? t(" — chosen; pick what to do with it") : t(" — choose it")) : ""),
        selected: chosen,
        key: `hand:${c}`,
        tag: known ? t("seen") : null,
        extraClass: known ? "mq-known" : "",
      });
    };
    const hand = handCards.length
      ? h("div", { class: "mq-hand", role: "group", "aria-label": tn("Your hidden hand, {n} card of at most {limit}", "Your hidden hand, {n} cards of at most {limit}", handCards.length, { limit: view.hand_limit }) },
        [...groups].map(([k, cards]) =>
          h("div", { class: `mq-group ${kingdomClass(k)}`, role: "group", "aria-label": `${kingdomName(k)}: ${cardCount(cards.length)}` },
            h("span", { class: "mq-group-label", "aria-hidden": "true" }, chip(k, `${kingdomName(k)} ×${cards.length}`)),
            h("div", { class: "mq-group-cards" }, cards.map(handCard)))))
      : h("p", { class: "empty" }, view.phase === "direction" ? t("Nobody holds cards yet: every hand starts empty.") : t("Your hidden hand is empty."));

    // my open hand: cards may be taken back or discarded
    const openCards = info.open.map((c) => {
      const options = choicesFor(msg, ix, c, "open");
      const chosen = sel && sel.where === "open" && sel.card === c;
      return face(c, {
        size: "md",
        onActivate: options.length ? (event) => choose(c, "open", event) : null,
        label: t("{card}, in your open hand", { card: longName(c) }) + (options.length ? (chosen ? t(" — chosen; pick what to do with it") : t(" — choose it")) : ""),
        selected: chosen,
        key: `open:${me}:${c}`,
      });
    });
    const openTarget = sel && sel.where === "hand" && ix.openCard.get(sel.card);
    if (openTarget) {
      openCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:open" },
        "aria-label": t("Open your {card} here", { card: longName(sel.card) }), title: t("open it here"), onclick: () => play(openTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, t("open"))));
    }
    const openRow = openCards.length
      ? row(t("open hand"), openCards, { cls: "mq-open", label: tn("your open hand (everybody sees it), {n} card", "your open hand (everybody sees it), {n} cards", info.open.length) })
      : null;

    // my hiding place: my own card, face up to me only
    const hidingCards = (info.hiding || []).map((c) => {
      const entry = ix.hiding.get(c);
      return face(c, {
        size: "md",
        extraClass: "mq-hidden",
        tag: t("hidden"),
        onActivate: entry ? () => play(entry) : null,
        label: entry ? t("{card}, in your hiding place (only you see it) — take it back", { card: longName(c) }) : t("{card}, in your hiding place (only you see it)", { card: longName(c) }),
        key: `hiding:${c}`,
      });
    });
    const hideTarget = sel && sel.where === "hand" && ix.hide.get(sel.card);
    if (hideTarget) {
      hidingCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:hide" },
        "aria-label": t("Hide your {card} here", { card: longName(sel.card) }), title: t("hide it here"), onclick: () => play(hideTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, t("hide"))));
    }
    const hidingRow = hidingCards.length
      ? row(t("hiding place"), hidingCards, { cls: "mq-hiding", label: t("your hiding place, {n} of {size}", { n: info.hiding_size, size: msg.table.options.hiding_place_size ?? 1 }) })
      : null;

    return h("section", {
      class: `seat me mq-seat${turn ? " to-play" : ""}${view.result && view.result.winners.includes(me) ? " winner" : ""}`,
      "aria-label": t("Your seat (seat {seat})", { seat: me }),
      dataset: { seat: me },
    },
    seatHeader(msg, me),
    h("p", { class: "my-counts" },
      t("hidden hand {n} of {limit}", { n: info.hand_size, limit: view.hand_limit }),
      info.open.length ? " · " + t("{n} open", { n: info.open.length }) : "",
      info.hiding_size ? " · " + t("{n} hidden", { n: info.hiding_size }) : "",
      " · " + t("{n} in street", { n: info.street_cards })),
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
    const title = selected.where === "open" ? t("{card} (open hand):", { card: longName(selected.card) }) : t("{card}:", { card: longName(selected.card) });
    return h("div", { class: "mq-choices", role: "group", "aria-label": t("What to do with your {card}", { card: longName(selected.card) }) },
      h("span", { class: "mq-choices-title" }, face(selected.card, { size: "xs" }), title),
      options.map((o) => h("button", {
        type: "button", class: "btn small legal", "data-legal": true,
        dataset: { key: `choice:${o.kind}` }, onclick: () => play(o.entry),
      }, o.text)),
      h("button", {
        type: "button", class: "btn small ghost", dataset: { key: "choice:cancel" },
        onclick: () => { selected = null; ui.rerender(); },
      }, t("Cancel")));
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
      const kingdom = kingdomName(cardInfo(cards[0]).kingdom);
      const what = opening
        ? tn("Open your street with {kingdom} {run} ({n} card)", "Open your street with {kingdom} {run} ({n} cards)", cards.length, { kingdom, run: run(cards) })
        : t("Add {kingdom} {run} to your street", { kingdom, run: run(cards) });
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
      ? h("span", { class: "empty" }, t("No street yet: it opens with {min} or more cards of one kingdom in a row that nobody else has a street of.", { min }))
      : null;
    return h("div", { class: "row mq-streets mq-street-control", role: "group", "aria-label": t("Your street") },
      h("span", { class: "row-caption" }, t("street")),
      h("div", { class: "cards" }, bars, hint, buttons.length ? h("div", { class: "mq-street-moves" }, buttons) : null));
  }

  // -- the middle of the table ---------------------------------------------------------------------------
  function centre(msg, ix) {
    const view = msg.view;
    const sel = selected;

    // the Unknown
    const size = view.unknown_size;
    const topBack = view.unknown_top_back;
    const unknownText = topBack
      ? tn("The Unknown, {n} card, the top card's back shows {kingdom}", "The Unknown, {n} cards, the top card's back shows {kingdom}", size, { kingdom: kingdomName(topBack) })
      : tn("The Unknown, {n} card", "The Unknown, {n} cards", size);
    let unknownCard;
    if (ix.unknown) {
      const label = size
        ? t("{what} — draw its top card", { what: unknownText })
        : t("The Unknown is empty — draw: the Known but its top card is shuffled into a new Unknown");
      unknownCard = size
        ? back(topBack, { size: "lg", onActivate: () => play(ix.unknown), label, key: "draw:unknown", extraClass: "deck" })
        : h("button", { type: "button", class: "card lg slot legal", "data-legal": true, "aria-label": label, title: label, dataset: { key: "draw:unknown" }, onclick: () => play(ix.unknown) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, t("shuffle")));
    } else {
      unknownCard = size
        ? back(topBack, { size: "lg", label: unknownText, extraClass: "deck" })
        : h("div", { class: "card lg slot", role: "img", "aria-label": t("The Unknown is empty") });
      if (ix.any) explainOn(unknownCard, ui, { type: "draw", from: "unknown" }, t("you cannot draw from the Unknown now"));
    }
    const unknown = h("div", { class: "stack draw-pile mq-unknown" },
      h("span", { class: "stack-caption" }, t("The Unknown")),
      unknownCard,
      h("span", { class: "stack-count" }, h("span", {}, cardCount(size)),
        topBack ? h("span", { class: "mq-topback" }, t("· top"), chip(topBack)) : null));

    // the Known: the top card big, the ones below small
    const known = view.known;
    const top = known.length ? known[known.length - 1] : null;
    const discardHere = sel && ix.discard.get(sel.card);
    let topCard;
    if (discardHere) {
      const label = top !== null
        ? t("The Known, top {top} — discard your {card} here", { top: longName(top), card: longName(sel.card) })
        : t("The Known, empty — discard your {card} here", { card: longName(sel.card) });
      topCard = top !== null
        ? face(top, { size: "xl", onActivate: () => play(discardHere), label, key: "target:known", extraClass: "target", fresh: freshKnown })
        : h("button", { type: "button", class: "card xl slot mq-target legal target", "data-legal": true, "aria-label": label, title: label, dataset: { key: "target:known" }, onclick: () => play(discardHere) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, t("discard")));
    } else if (top !== null) {
      const entry = !sel && (ix.known || ix.knownCard.get(top));
      topCard = face(top, {
        size: "xl",
        onActivate: entry ? () => play(entry) : null,
        label: entry ? t("The Known, top card {card} — draw it", { card: longName(top) }) : t("The Known, top card {card}", { card: longName(top) }),
        key: "draw:known",
        fresh: freshKnown,
      });
      // no target on your turn: why not (the picked card may not go here, or you may not take the top now)
      if (!entry && ix.any) {
        topCard.tabIndex = 0;
        explainOn(topCard, ui, sel ? { type: "discard", card: sel.card } : { type: "draw", from: "known" },
          sel ? t("your {card} cannot be discarded now", { card: longName(sel.card) }) : t("you cannot take the Known's top card now"));
      }
    } else {
      topCard = h("div", { class: "card xl slot", role: "img", "aria-label": t("The Known is empty") });
    }
    const belowCount = ix.knownCard.size ? 16 : 7;
    const below = known.slice(Math.max(0, known.length - 1 - belowCount), -1);
    const knownStack = h("div", { class: "stack discard mq-known" },
      h("span", { class: "stack-caption" }, t("The Known")),
      topCard,
      h("div", { class: "pile-history", role: "group", "aria-label": t("The Known: cards below the top, newest last") },
        known.length > below.length + 1 ? h("span", { class: "mq-more" }, `+${known.length - below.length - 1}`) : null,
        below.length
          ? below.map((c) => {
            const entry = !sel && ix.knownCard.get(c);
            return face(c, { size: "xs", onActivate: entry ? () => play(entry) : null, label: entry ? t("{card}, in the Known — draw it", { card: longName(c) }) : longName(c), key: `draw:known:${c}` });
          })
          : h("span", { class: "empty" }, "—")),
      h("span", { class: "stack-count" }, cardCount(known.length)));

    return h("div", { class: "centre", role: "group", "aria-label": t("Middle of the table") },
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
      parts.push(t("Game over."));
    } else if (pending) {
      parts.push("…");
    } else if (!mine) {
      const cur = view.current_player;
      const lm = lastMove(msg, ui);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (view.phase === "direction") parts.push(t("{name} drew the highest card and chooses the direction…", { name: ui.seatName(cur, { long: true }) }));
      else parts.push(cur === me ? t("Waiting…") : t("{name} is playing…", { name: ui.seatName(cur, { long: true }) }));
    } else if (view.phase === "direction") {
      const mineDrawn = view.first_draw.flat().filter((x) => x.seat === me).pop();
      parts.push(mineDrawn
        ? t("You drew the highest card ({card}) and begin. Choose the direction of play for the whole game:", { card: cardName(mineDrawn.card) })
        : t("You drew the highest card and begin. Choose the direction of play for the whole game:"));
      // the seats that follow you, by name: with two players both directions give the same order
      const steps = (step) => Array.from({ length: Math.min(n - 1, 3) }, (_, i) => ui.seatName((((me + step * (i + 1)) % n) + n) % n)).join(t(", then ")) + (n > 4 ? " …" : "");
      for (const [value, arrow, text, step] of [["cw", "↻", t("Clockwise"), 1], ["ccw", "↺", t("Counter-clockwise"), -1]]) {
        const entry = ix.direction.get(value);
        if (entry) {
          buttons.push(h("button", {
            type: "button", class: "btn legal primary mq-dir", "data-legal": true, dataset: { key: `dir:${value}` },
            "aria-label": t("{direction}: after you {order}", { direction: text, order: steps(step) }), onclick: () => play(entry),
          }, h("span", { class: "arrow", "aria-hidden": "true" }, arrow), t("{direction} — after you: {order}", { direction: text, order: steps(step) })));
        }
      }
      if (n === 2) parts.push(h("span", { class: "mq-dir-note" }, " " + t("With two players {name} plays after you either way.", { name: ui.seatName((me + 1) % 2) })));
    } else {
      const lm = lastMove(msg, ui);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (selected) {
        parts.push(ix.discard.get(selected.card)
          ? t("Your {card}: choose below what to do with it, or click the Known to discard it. Escape cancels.", { card: cardName(selected.card) })
          : t("Your {card}: choose below what to do with it. Escape cancels.", { card: cardName(selected.card) }));
      } else {
        const full = !ix.unknown && !ix.known && !ix.knownCard.size && !ix.open.size && !ix.hiding.size;
        parts.push(full && view.seats[me].hand_size >= view.hand_limit
          ? t("Your turn — your hidden hand is full ({limit}): lay a card down, lay a street, or pass.", { limit: view.hand_limit })
          : t("Your turn — do one thing: draw a card (the Unknown, the Known, an open hand), choose a card of yours to lay down, lay a street, or pass."));
      }
      if (ix.pass) {
        const ends = view.passes === n - 1;
        buttons.push(h("button", {
          type: "button", class: `btn legal${ends ? " mq-danger" : ""}`, "data-legal": true, dataset: { key: "pass" },
          "aria-label": ends ? t("Pass — everybody else passed: this ends the game") : t("Pass"), onclick: () => play(ix.pass),
        }, ends ? t("Pass (ends the game)") : t("Pass")));
      }
    }
    return h("div", { class: `prompt${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", {}, parts),
      buttons.length ? h("div", { class: "prompt-buttons" }, buttons) : null);
  }

  // -- kingdoms and the end ------------------------------------------------------------------------------

  return { update, endSummary: (msg) => summary(msg, ui) };
}
