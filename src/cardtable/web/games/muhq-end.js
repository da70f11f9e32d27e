// muhq's story and end: the side panel's log lines, why the game ended (with the rule), the final scoreboard and
// the end screen's summary (victory kind, resource and VP per seat).
import { h } from "../js/common.js";
import { t, N_ } from "../js/i18n.js";
import { andList } from "./muhq-cards.js";

export function logText(e) {
  const p = e.player !== null && e.player !== undefined && e.player >= 0 ? `P${e.player} ` : "";
  if (e.kind === "declare") return p + t("declares: {text}", { text: e.text });
  if (e.kind === "resolve") return t("resolves: {text}", { text: e.text });
  return `${p}${e.text}`;
}

export function logEntries(msg) {
  const v = msg.view;
  const first = (v.log_size ?? v.log.length) - v.log.length;
  return v.log.map((e, i) => ({ n: first + i, text: logText(e), mine: msg.seat !== null && e.player === msg.seat }));
}

export function resultText(msg, ui) {
  const v = msg.view;
  const w = v.winners;
  if (w === null || w === undefined) return "";
  if (!w.length) return v.max_turns && v.turn >= v.max_turns ? `${t("A draw: the turn limit was reached")} (MUHQ-WIN-10).` : `${t("A draw")} (MUHQ-WIN-9).`;
  const reason = winReason(v);
  if (w.length > 1) {
    const names = andList(w.map((s) => (s === msg.seat ? t("You") : ui.seatName(s))));
    return t("Shared win: {names}: {reason}.", { names, reason });
  }
  return w[0] === msg.seat ? t("You win: {reason}.", { reason }) : t("{name} wins: {reason}.", { name: ui.seatName(w[0]), reason });
}

export function winReason(v) {
  const kinds = Object.fromEntries(v.victory.map((x) => [x.kind, x]));
  const w = v.winners;
  const losers = v.players.filter((p) => !w.includes(p.seat));
  if (losers.length && losers.every((p) => !p.alive)) {
    if (kinds.vip) return `${t("every other player lost their VIP")} (MUHQ-WIN-3, MUHQ-WIN-8)`;
    if (kinds.destroy_buildings) return `${t("every other player lost all their buildings")} (MUHQ-WIN-6, MUHQ-WIN-8)`;
    return `${t("every other player was eliminated")} (MUHQ-WIN-8)`;
  }
  const win = v.players.filter((p) => w.includes(p.seat));
  if (kinds.capture_points && win.every((p) => p.vp >= kinds.capture_points.target)) return `${t("{n} VP reached", { n: kinds.capture_points.target })} (MUHQ-WIN-5)`;
  if (kinds.resource_race && win.every((p) => p.resource >= kinds.resource_race.target)) return `${t("{n} resource reached", { n: kinds.resource_race.target })} (MUHQ-WIN-4)`;
  if (kinds.victory_item) return `${t("the victory item was held")} (MUHQ-WIN-7)`;
  return `${t("a victory condition was met")} (MUHQ-WIN-1)`;
}

export function scoreboard(msg, ui) {
  const v = msg.view;
  const winners = v.winners || [];
  return h("section", { id: "scoreboard", class: "scoreboard mh-scoreboard", "aria-labelledby": "scoreboard-title" },
    h("h2", { id: "scoreboard-title" }, t("Game over"), " — ", resultText(msg, ui) || t("no result")),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Resource")),
        h("th", { scope: "col", class: "num" }, t("VP")), h("th", { scope: "col", class: "num" }, t("Win share")))),
      h("tbody", {}, v.players.map((p) => {
        const won = winners.includes(p.seat);
        const share = msg.returns ? msg.returns[p.seat] : 0;
        return h("tr", { class: `${won ? "winner" : ""}${p.seat === msg.seat ? " me" : ""}` },
          h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(p.seat, { long: true })),
          h("td", { class: "num" }, p.resource),
          h("td", { class: "num" }, p.vp),
          h("td", { class: "num" }, String(Math.round(share * 100) / 100)));
      }))),
    h("p", { class: "score-links" },
      h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, t("Download record")),
      " ",
      h("a", { class: "btn", href: "/?game=muhq" }, t("Back to the lobby"))));
}

const KIND_WORDS = {
  vip: [N_("VIP"), "MUHQ-WIN-3"], resource_race: [N_("resource race"), "MUHQ-WIN-4"],
  capture_points: [N_("capture points"), "MUHQ-WIN-5"], destroy_buildings: [N_("buildings"), "MUHQ-WIN-6"],
  victory_item: [N_("victory item"), "MUHQ-WIN-7"],
};

function kindWords(kind) {
  return KIND_WORDS[kind] ? `${t(KIND_WORDS[kind][0])} (${KIND_WORDS[kind][1]})` : kind;
}

/** For the end screen: how the game was won (the victory kind and its rule) and each seat's resource and VP. */
export function endSummary(msg, ui) {
  const v = msg.view;
  const winners = v.winners || [];
  const kinds = v.victory.map((x) => kindWords(x.kind)).join(", ") || t("none");
  const board = v.board.name;
  const kindsLine = v.max_turns ? t("Victory on {board}: {kinds}; a draw after turn {turn}", { board, kinds, turn: v.max_turns }) + " (MUHQ-WIN-10)."
    : `${t("Victory on {board}: {kinds}", { board, kinds })}.`;
  return h("section", { class: "bp-end mh-end", "aria-label": t("muhq: how the game ended") },
    h("p", { class: "bp-end-why" }, resultText(msg, ui) || t("The game is over.")),
    h("p", { class: "bp-end-kinds" }, kindsLine),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Resource")),
        h("th", { scope: "col", class: "num" }, t("VP")), h("th", { scope: "col" }, t("Result")))),
      h("tbody", {}, v.players.map((p) => h("tr", { class: winners.includes(p.seat) ? "winner" : "" },
        h("th", { scope: "row" }, ui.seatName(p.seat, { long: true })),
        h("td", { class: "num" }, p.resource),
        h("td", { class: "num" }, p.vp),
        h("td", {}, winners.includes(p.seat) ? t("won") : p.alive ? (winners.length ? t("lost") : t("draw")) : t("eliminated")))))));
}
