// MAOQY's words around the table: the info bar, the first-player draw, the last move in words; the kingdoms in the deck (who holds which street), the final scoreboard with the
// rule that ended the game, and the end screen's summary (each seat's street and count, the ending rule).
import { h } from "../js/common.js";
import { COMPLEMENT, KINGDOMS, KINGDOMS_DE, OTHER_KINGDOMS, PER_KINGDOM, cardInfo, cardName, chip, face, longName, plural, run } from "./maoqy-cards.js";

export function kingdomsPanel(msg, ui) {
  const view = msg.view;
  const inDeck = msg.table.options.kingdoms || KINGDOMS;
  const holder = new Map();
  for (const seat of view.seats) for (const st of seat.streets) holder.set(cardInfo(st[0]).kingdom, { seat: seat.seat, cards: st });
  return h("section", { class: "panel mq-kingdoms", "aria-labelledby": "mq-kingdoms-title" },
    h("h2", { id: "mq-kingdoms-title" }, "Kingdoms in the deck"),
    h("ul", { class: "mq-kingdom-list" },
      KINGDOMS.filter((k) => inDeck.includes(k)).map((k) => {
        const i = KINGDOMS.indexOf(k);
        const held = holder.get(k);
        return h("li", { class: `mq-kingdom${held ? " claimed" : ""}` },
          chip(k, `${k}`),
          h("span", { class: "mq-de", lang: "de" }, KINGDOMS_DE[i]),
          h("span", { class: "mq-claim" }, held ? `street: ${ui.seatName(held.seat)} (${run(held.cards)})` : "free"),
          h("span", { class: "mq-compl", title: "complementary kingdom (no effect at Level 1)" }, `↔ ${KINGDOMS[COMPLEMENT[i]]}`));
      })),
    msg.table.options.extra_cards && msg.table.options.extra_cards !== "none"
      ? h("p", { class: "hint" }, `Extra cards (${msg.table.options.extra_cards}) are in the deck: numbers 18 and up, never in a street. Their backs show “extra”. Other kingdoms: ${OTHER_KINGDOMS.join(", ")}.`)
      : null,
    h("p", { class: "hint" }, "A street is one kingdom's cards in an unbroken run; each kingdom can be in one street at the table. The first complete street (all 17) wins."));
}

export function scoreboard(msg, ui) {
  const view = msg.view;
  const result = view.result || { winners: [], reason: null, street_cards: msg.scores || [] };
  const winners = result.winners;
  const names = winners.map((s) => ui.seatName(s));
  let headline;
  if (!winners.length) headline = "no winner";
  else if (winners.length === 1) headline = winners[0] === msg.seat ? "You win!" : `${names[0]} wins`;
  else headline = `Shared win: ${names.join(" and ")}`;
  const streetOf = (s) => view.seats[s].streets.map((st) => `${cardInfo(st[0]).kingdom} ${run(st)}`).join(", ");
  let reason;
  if (result.reason === "complete") {
    const w = winners[0];
    reason = `${ui.seatName(w, { long: true })} completed a kingdom: ${streetOf(w)} — all ${PER_KINGDOM} cards.`;
  } else if (result.reason === "deadlock") {
    reason = `Everybody passed in one full round (MAOQY-8.2): the most cards in a street ${winners.length ? "win" : "would win, but nobody laid a street"}.`;
  } else if (result.reason === "turn_limit") {
    reason = `The turn limit (${view.turn_limit}) was reached (MAOQY-8.3): the most cards in a street ${winners.length ? "win" : "would win, but nobody laid a street"}.`;
  } else reason = "";
  const counts = result.street_cards || view.seats.map((s) => s.street_cards);
  const order = view.seats.map((s) => s.seat).sort((a, b) => counts[b] - counts[a] || a - b);
  let rank = 0;
  let prev = null;
  return h("section", { id: "scoreboard", class: "scoreboard mq-scoreboard", "aria-labelledby": "scoreboard-title" },
    h("h2", { id: "scoreboard-title" }, "Game over — ", headline),
    reason ? h("p", { class: "mq-reason" }, reason) : null,
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Street"),
        h("th", { scope: "col", class: "num" }, "Cards"), h("th", { scope: "col", class: "num" }, "Win share"))),
      h("tbody", {}, order.map((s, i) => {
        if (counts[s] !== prev) rank = i + 1;
        prev = counts[s];
        const won = winners.includes(s);
        const share = msg.returns ? msg.returns[s] : (won ? 1 / winners.length : 0);
        return h("tr", { class: `${won ? "winner" : ""}${s === msg.seat ? " me" : ""}` },
          h("td", {}, rank),
          h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(s, { long: true })),
          h("td", {}, view.seats[s].streets.length ? view.seats[s].streets.map((st) => chip(cardInfo(st[0]).kingdom, `${cardInfo(st[0]).kingdom} ${run(st)}`)) : h("span", { class: "empty" }, "none")),
          h("td", { class: "num" }, counts[s]),
          h("td", { class: "num" }, share ? String(Math.round(share * 100) / 100) : "0"));
      }))),
    h("p", { class: "score-links" },
      h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, "Download record"),
      " ",
      h("a", { class: "btn", href: "/?game=maoqy" }, "Back to the lobby")),
  );
}

export function infoBar(msg, ui) {
  const view = msg.view;
  const n = view.players;
  const dir = view.direction;
  const seq = (step) => Array.from({ length: Math.min(n, 4) }, (_, i) => ui.seatName((((view.first_player ?? 0) + step * i) % n + n) % n)).join(" → ") + (n > 4 ? " …" : "");
  const direction = dir
    ? h("span", { class: "direction", role: "img", "aria-label": `play goes ${dir === "cw" ? "clockwise" : "counter-clockwise"}: ${seq(dir === "cw" ? 1 : -1)}` },
      h("span", { class: `arrow ${dir}`, "aria-hidden": "true" }, dir === "cw" ? "↻" : "↺"),
      h("span", { "aria-hidden": "true" }, `${dir === "cw" ? "clockwise" : "counter-clockwise"}: ${seq(dir === "cw" ? 1 : -1)}`))
    : h("span", { class: "direction" }, "direction not chosen yet");
  const passes = view.passes;
  return h("div", { class: "round-info mq-info" },
    h("span", { class: "round-no" }, `Turn ${view.turn}`, h("span", { class: "mq-of" }, ` of ${view.turn_limit}`)),
    direction,
    h("span", { class: `mq-passes${passes && passes === n - 1 ? " warn" : ""}`, title: "MAOQY-8.2: a full round of passes ends the game" },
      passes ? `${plural(passes, "pass", "passes")} in a row (${n} end the game)` : "no passes in a row"),
    h("span", {}, `hand limit ${view.hand_limit}`));
}

export function firstDraw(msg, ui) {
  const view = msg.view;
  if (!view.first_draw || !view.first_draw.length) return null;
  const rounds = view.first_draw;
  return h("div", { class: "stack mq-first-draw", role: "group", "aria-label": "First-player draw" },
    h("span", { class: "stack-caption" }, "First-player draw"),
    rounds.map((shown, i) => {
      const best = Math.max(...shown.map((x) => cardInfo(x.card).number));
      return h("div", { class: "mq-draw-round", role: "group", "aria-label": i ? `tie, drawn again (round ${i + 1})` : "round 1" },
        i ? h("span", { class: "mq-tie" }, "tie →") : null,
        shown.map((x) => {
          const win = i === rounds.length - 1 && x.seat === view.first_player;
          return h("span", { class: `mq-drawn${win ? " win" : ""}${cardInfo(x.card).number === best ? " best" : ""}` },
            h("span", { class: "mq-drawn-who" }, ui.seatName(x.seat)),
            face(x.card, { size: "xs", label: `${ui.seatName(x.seat)} drew ${longName(x.card)}${win ? ", the highest: begins" : ""}` }));
        }));
    }),
    h("span", { class: "stack-count" }, view.first_player !== null && view.first_player !== undefined ? `${ui.seatName(view.first_player)} began` : ""));
}

/** The last move in words, as this seat saw it (a hidden card stays hidden). */
export function lastMove(msg, ui) {
  const view = msg.view;
  const a = view.last_action;
  if (!a) return null;
  const actor = a.actor ?? null;
  const who = actor === null ? "A player" : ui.seatName(actor);
  const card = (c) => (c === undefined || c === null ? "a card" : cardName(c));
  const their = actor !== null && actor === msg.seat ? "your" : "their";
  switch (a.type) {
    case "direction": return `${who} chose to play ${a.value === "cw" ? "clockwise" : "counter-clockwise"}.`;
    case "draw":
      if (a.from === "unknown") return `${who} drew from the Unknown.`;
      if (a.from === "known") return `${who} drew ${a.card !== undefined ? cardName(a.card) : "the top card"} from the Known.`;
      if (a.from === "open") {
        const whose = a.player === actor ? `${their} own` : a.player === msg.seat ? "your" : `${ui.seatName(a.player)}'s`;
        return `${who} took ${cardName(a.card)} from ${whose} open hand.`;
      }
      return `${who} took back ${card(a.card)} from ${their} hiding place.`;
    case "discard": return `${who} discarded ${cardName(a.card)}.`;
    case "open": return `${who} opened ${cardName(a.card)}.`;
    case "hide": return `${who} hid ${card(a.card)}.`;
    case "street": return `${who} laid ${cardInfo(a.cards[0]).kingdom} ${run(a.cards)} in ${their} street.`;
    case "pass": return `${who} passed.`;
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
    complete: "a kingdom's street was completed (all 17 cards)",
    deadlock: "everybody passed in one full round",
    turn_limit: `the turn limit (${view.turn_limit}) was reached`,
  }[result.reason] || "the game is over";
  return h("section", { class: "bp-end mq-end", "aria-label": "MAOQY: the streets at the end" },
    h("p", { class: "bp-end-why" }, `The game ended: ${why}${rule ? ` (${rule})` : ""}. The most cards in a street win.`),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Street"), h("th", { scope: "col", class: "num" }, "Cards"))),
      h("tbody", {}, view.seats.map((s) => h("tr", { class: result.winners.includes(s.seat) ? "winner" : "" },
        h("th", { scope: "row" }, ui.seatName(s.seat, { long: true })),
        h("td", {}, s.streets.length ? s.streets.map((st) => chip(cardInfo(st[0]).kingdom, `${cardInfo(st[0]).kingdom} ${run(st)}`)) : "none"),
        h("td", { class: "num" }, counts[s.seat] ?? s.street_cards))))));
}
