// MAOQY's words around the table: the info bar, the first-player draw, the last move in words; the kingdoms in the deck (who holds which street), the final scoreboard with the
// rule that ended the game, and the end screen's summary (each seat's street and count, the ending rule).
import { h } from "../js/common.js";
import { t, tn, lang } from "../js/i18n.js";
import { COMPLEMENT, KINGDOMS, KINGDOMS_DE, OTHER_KINGDOMS, PER_KINGDOM, cardInfo, cardName, chip, face, kingdomName, longName, run } from "./maoqy-cards.js";

const streetText = (st) => `${kingdomName(cardInfo(st[0]).kingdom)} ${run(st)}`;

export function kingdomsPanel(msg, ui) {
  const view = msg.view;
  const inDeck = msg.table.options.kingdoms || KINGDOMS;
  const holder = new Map();
  for (const seat of view.seats) for (const st of seat.streets) holder.set(cardInfo(st[0]).kingdom, { seat: seat.seat, cards: st });
  return h("section", { class: "panel mq-kingdoms", "aria-labelledby": "mq-kingdoms-title" },
    h("h2", { id: "mq-kingdoms-title" }, t("Kingdoms in the deck")),
    h("ul", { class: "mq-kingdom-list" },
      KINGDOMS.filter((k) => inDeck.includes(k)).map((k) => {
        const i = KINGDOMS.indexOf(k);
        const held = holder.get(k);
        return h("li", { class: `mq-kingdom${held ? " claimed" : ""}` },
          chip(k, kingdomName(k)),
          lang === "de" ? null : h("span", { class: "mq-de", lang: "de" }, KINGDOMS_DE[i]),
          h("span", { class: "mq-claim" }, held ? t("street: {seat} ({run})", { seat: ui.seatName(held.seat), run: run(held.cards) }) : t("free")),
          h("span", { class: "mq-compl", title: t("complementary kingdom (no effect at Level 1)") }, `↔ ${kingdomName(KINGDOMS[COMPLEMENT[i]])}`));
      })),
    msg.table.options.extra_cards && msg.table.options.extra_cards !== "none"
      ? h("p", { class: "hint" }, t("Extra cards ({set}) are in the deck: numbers 18 and up, never in a street. Their backs show “{extra}”. Other kingdoms: {others}.",
        { set: msg.table.options.extra_cards, extra: kingdomName("extra"), others: OTHER_KINGDOMS.map(kingdomName).join(", ") }))
      : null,
    h("p", { class: "hint" }, t("A street is one kingdom's cards in an unbroken run; each kingdom can be in one street at the table. The first complete street (all 17) wins.")));
}

export function scoreboard(msg, ui) {
  const view = msg.view;
  const result = view.result || { winners: [], reason: null, street_cards: msg.scores || [] };
  const winners = result.winners;
  const names = winners.map((s) => ui.seatName(s));
  let headline;
  if (!winners.length) headline = t("no winner");
  else if (winners.length === 1) headline = winners[0] === msg.seat ? t("You win!") : t("{name} wins", { name: names[0] });
  else headline = t("Shared win: {names}", { names: names.join(t(" and ")) });
  const streetOf = (s) => view.seats[s].streets.map(streetText).join(", ");
  let reason;
  if (result.reason === "complete") {
    const w = winners[0];
    reason = t("{name} completed a kingdom: {street} — all {total} cards.", { name: ui.seatName(w, { long: true }), street: streetOf(w), total: PER_KINGDOM });
  } else if (result.reason === "deadlock") {
    reason = winners.length
      ? t("Everybody passed in one full round (MAOQY-8.2): the most cards in a street win.")
      : t("Everybody passed in one full round (MAOQY-8.2): the most cards in a street would win, but nobody laid a street.");
  } else if (result.reason === "turn_limit") {
    reason = winners.length
      ? t("The turn limit ({limit}) was reached (MAOQY-8.3): the most cards in a street win.", { limit: view.turn_limit })
      : t("The turn limit ({limit}) was reached (MAOQY-8.3): the most cards in a street would win, but nobody laid a street.", { limit: view.turn_limit });
  } else reason = "";
  const counts = result.street_cards || view.seats.map((s) => s.street_cards);
  const order = view.seats.map((s) => s.seat).sort((a, b) => counts[b] - counts[a] || a - b);
  let rank = 0;
  let prev = null;
  return h("section", { id: "scoreboard", class: "scoreboard mq-scoreboard", "aria-labelledby": "scoreboard-title" },
    h("h2", { id: "scoreboard-title" }, t("Game over — "), headline),
    reason ? h("p", { class: "mq-reason" }, reason) : null,
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Street")),
        h("th", { scope: "col", class: "num" }, t("Cards")), h("th", { scope: "col", class: "num" }, t("Win share")))),
      h("tbody", {}, order.map((s, i) => {
        if (counts[s] !== prev) rank = i + 1;
        prev = counts[s];
        const won = winners.includes(s);
        const share = msg.returns ? msg.returns[s] : (won ? 1 / winners.length : 0);
        return h("tr", { class: `${won ? "winner" : ""}${s === msg.seat ? " me" : ""}` },
          h("td", {}, rank),
          h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(s, { long: true })),
          h("td", {}, view.seats[s].streets.length ? view.seats[s].streets.map((st) => chip(cardInfo(st[0]).kingdom, streetText(st))) : h("span", { class: "empty" }, t("none"))),
          h("td", { class: "num" }, counts[s]),
          h("td", { class: "num" }, share ? String(Math.round(share * 100) / 100) : "0"));
      }))),
    h("p", { class: "score-links" },
      h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, t("Download record")),
      " ",
      h("a", { class: "btn", href: "/?game=maoqy" }, t("Back to the lobby"))),
  );
}

export function infoBar(msg, ui) {
  const view = msg.view;
  const n = view.players;
  const dir = view.direction;
  const seq = (step) => Array.from({ length: Math.min(n, 4) }, (_, i) => ui.seatName((((view.first_player ?? 0) + step * i) % n + n) % n)).join(" → ") + (n > 4 ? " …" : "");
  const order = dir ? seq(dir === "cw" ? 1 : -1) : "";
  const direction = dir
    ? h("span", { class: "direction", role: "img", "aria-label": dir === "cw" ? t("play goes clockwise: {order}", { order }) : t("play goes counter-clockwise: {order}", { order }) },
      h("span", { class: `arrow ${dir}`, "aria-hidden": "true" }, dir === "cw" ? "↻" : "↺"),
      h("span", { "aria-hidden": "true" }, dir === "cw" ? t("clockwise: {order}", { order }) : t("counter-clockwise: {order}", { order })))
    : h("span", { class: "direction" }, t("direction not chosen yet"));
  const passes = view.passes;
  return h("div", { class: "round-info mq-info" },
    h("span", { class: "round-no" }, t("Turn {turn}", { turn: view.turn }), h("span", { class: "mq-of" }, t(" of {limit}", { limit: view.turn_limit }))),
    direction,
    h("span", { class: `mq-passes${passes && passes === n - 1 ? " warn" : ""}`, title: t("MAOQY-8.2: a full round of passes ends the game") },
      passes ? tn("{n} pass in a row ({players} end the game)", "{n} passes in a row ({players} end the game)", passes, { players: n }) : t("no passes in a row")),
    h("span", {}, t("hand limit {limit}", { limit: view.hand_limit })));
}

export function firstDraw(msg, ui) {
  const view = msg.view;
  if (!view.first_draw || !view.first_draw.length) return null;
  const rounds = view.first_draw;
  return h("div", { class: "stack mq-first-draw", role: "group", "aria-label": t("First-player draw") },
    h("span", { class: "stack-caption" }, t("First-player draw")),
    rounds.map((shown, i) => {
      const best = Math.max(...shown.map((x) => cardInfo(x.card).number));
      return h("div", { class: "mq-draw-round", role: "group", "aria-label": i ? t("tie, drawn again (round {round})", { round: i + 1 }) : t("round 1") },
        i ? h("span", { class: "mq-tie" }, t("tie →")) : null,
        shown.map((x) => {
          const win = i === rounds.length - 1 && x.seat === view.first_player;
          return h("span", { class: `mq-drawn${win ? " win" : ""}${cardInfo(x.card).number === best ? " best" : ""}` },
            h("span", { class: "mq-drawn-who" }, ui.seatName(x.seat)),
            face(x.card, { size: "xs", label: win
              ? t("{name} drew {card}, the highest: begins", { name: ui.seatName(x.seat), card: longName(x.card) })
              : t("{name} drew {card}", { name: ui.seatName(x.seat), card: longName(x.card) }) }));
        }));
    }),
    h("span", { class: "stack-count" }, view.first_player !== null && view.first_player !== undefined ? t("{name} began", { name: ui.seatName(view.first_player) }) : ""));
}

/** The last move in words, as this seat saw it (a hidden card stays hidden). */
export function lastMove(msg, ui) {
  const view = msg.view;
  const a = view.last_action;
  if (!a) return null;
  const actor = a.actor ?? null;
  const who = actor === null ? t("A player") : ui.seatName(actor);
  const mine = actor !== null && actor === msg.seat;
  switch (a.type) {
    case "direction": return a.value === "cw" ? t("{who} chose to play clockwise.", { who }) : t("{who} chose to play counter-clockwise.", { who });
    case "draw":
      if (a.from === "unknown") return t("{who} drew from the Unknown.", { who });
      if (a.from === "known") {
        return a.card !== undefined ? t("{who} drew {card} from the Known.", { who, card: cardName(a.card) }) : t("{who} drew the top card from the Known.", { who });
      }
      if (a.from === "open") {
        const card = cardName(a.card);
        if (a.player === actor) return mine ? t("{who} took {card} from your own open hand.", { who, card }) : t("{who} took {card} from their own open hand.", { who, card });
        if (a.player === msg.seat) return t("{who} took {card} from your open hand.", { who, card });
        return t("{who} took {card} from {owner}'s open hand.", { who, card, owner: ui.seatName(a.player) });
      }
      if (a.card === undefined || a.card === null) return mine ? t("{who} took back a card from your hiding place.", { who }) : t("{who} took back a card from their hiding place.", { who });
      return mine ? t("{who} took back {card} from your hiding place.", { who, card: cardName(a.card) }) : t("{who} took back {card} from their hiding place.", { who, card: cardName(a.card) });
    case "discard": return t("{who} discarded {card}.", { who, card: cardName(a.card) });
    case "open": return t("{who} opened {card}.", { who, card: cardName(a.card) });
    case "hide": return a.card === undefined || a.card === null ? t("{who} hid a card.", { who }) : t("{who} hid {card}.", { who, card: cardName(a.card) });
    case "street": {
      const street = `${kingdomName(cardInfo(a.cards[0]).kingdom)} ${run(a.cards)}`;
      return mine ? t("{who} laid {street} in your street.", { who, street }) : t("{who} laid {street} in their street.", { who, street });
    }
    case "pass": return t("{who} passed.", { who });
    default: return null;
  }
}

/** For the end screen: each seat's street and its count, and the rule that ended the game. */
export function endSummary(msg, ui) {
  const view = msg.view;
  const result = view.result || { winners: [], reason: null, street_cards: msg.scores || [] };
  const counts = result.street_cards || view.seats.map((s) => s.street_cards);
  const rule = msg.end_rule || { complete: "MAOQY-8.1", deadlock: "MAOQY-8.2", turn_limit: "MAOQY-8.3" }[result.reason] || null;
  const why = {
    complete: () => t("a kingdom's street was completed (all 17 cards)"),
    deadlock: () => t("everybody passed in one full round"),
    turn_limit: () => t("the turn limit ({limit}) was reached", { limit: view.turn_limit }),
  }[result.reason]?.() || t("the game is over");
  return h("section", { class: "bp-end mq-end", "aria-label": t("MAOQY: the streets at the end") },
    h("p", { class: "bp-end-why" }, rule
      ? t("The game ended: {why} ({rule}). The most cards in a street win.", { why, rule })
      : t("The game ended: {why}. The most cards in a street win.", { why })),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Street")), h("th", { scope: "col", class: "num" }, t("Cards")))),
      h("tbody", {}, view.seats.map((s) => h("tr", { class: result.winners.includes(s.seat) ? "winner" : "" },
        h("th", { scope: "row" }, ui.seatName(s.seat, { long: true })),
        h("td", {}, s.streets.length ? s.streets.map((st) => chip(cardInfo(st[0]).kingdom, streetText(st))) : t("none")),
        h("td", { class: "num" }, counts[s.seat] ?? s.street_cards))))));
}
