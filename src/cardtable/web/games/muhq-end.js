// muhq's story and end: the side panel's log lines, why the game ended (with the rule), the final scoreboard and
// the end screen's summary (victory kind, resource and VP per seat).
import { h } from "../js/common.js";

export function logText(e) {
  const p = e.player !== null && e.player !== undefined && e.player >= 0 ? `P${e.player} ` : "";
  if (e.kind === "declare") return `${p}declares: ${e.text}`;
  if (e.kind === "resolve") return `resolves: ${e.text}`;
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
  if (!w.length) return v.max_turns && v.turn >= v.max_turns ? "A draw: the turn limit was reached (MUHQ-WIN-10)." : "A draw (MUHQ-WIN-9).";
  const names = w.map((s) => (s === msg.seat ? "You" : ui.seatName(s)));
  const head = w.length === 1 ? `${names[0]} ${w[0] === msg.seat ? "win" : "wins"}` : `Shared win: ${names.join(" and ")}`;
  return `${head}: ${winReason(v)}.`;
}

export function winReason(v) {
  const kinds = Object.fromEntries(v.victory.map((x) => [x.kind, x]));
  const w = v.winners;
  const losers = v.players.filter((p) => !w.includes(p.seat));
  if (losers.length && losers.every((p) => !p.alive)) {
    if (kinds.vip) return "every other player lost their VIP (MUHQ-WIN-3, MUHQ-WIN-8)";
    if (kinds.destroy_buildings) return "every other player lost all their buildings (MUHQ-WIN-6, MUHQ-WIN-8)";
    return "every other player was eliminated (MUHQ-WIN-8)";
  }
  const win = v.players.filter((p) => w.includes(p.seat));
  if (kinds.capture_points && win.every((p) => p.vp >= kinds.capture_points.target)) return `${kinds.capture_points.target} VP reached (MUHQ-WIN-5)`;
  if (kinds.resource_race && win.every((p) => p.resource >= kinds.resource_race.target)) return `${kinds.resource_race.target} resource reached (MUHQ-WIN-4)`;
  if (kinds.victory_item) return "the victory item was held (MUHQ-WIN-7)";
  return "a victory condition was met (MUHQ-WIN-1)";
}

export function scoreboard(msg, ui) {
  const v = msg.view;
  const winners = v.winners || [];
  return h("section", { id: "scoreboard", class: "scoreboard mh-scoreboard", "aria-labelledby": "scoreboard-title" },
    h("h2", { id: "scoreboard-title" }, "Game over — ", resultText(msg, ui) || "no result"),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Resource"),
        h("th", { scope: "col", class: "num" }, "VP"), h("th", { scope: "col", class: "num" }, "Win share"))),
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
      h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, "Download record"),
      " ",
      h("a", { class: "btn", href: "/?game=muhq" }, "Back to the lobby")));
}

const KIND_WORDS = {
  vip: "VIP (MUHQ-WIN-3)", resource_race: "resource race (MUHQ-WIN-4)", capture_points: "capture points (MUHQ-WIN-5)",
  destroy_buildings: "buildings (MUHQ-WIN-6)", victory_item: "victory item (MUHQ-WIN-7)",
};

/** For the end screen: how the game was won (the victory kind and its rule) and each seat's resource and VP. */
export function endSummary(msg, ui) {
  const v = msg.view;
  const winners = v.winners || [];
  const kinds = v.victory.map((x) => KIND_WORDS[x.kind] || x.kind);
  return h("section", { class: "bp-end mh-end", "aria-label": "muhq: how the game ended" },
    h("p", { class: "bp-end-why" }, resultText(msg, ui) || "The game is over."),
    h("p", { class: "bp-end-kinds" }, `Victory on ${v.board.name}: ${kinds.join(", ") || "none"}${v.max_turns ? `; a draw after turn ${v.max_turns} (MUHQ-WIN-10)` : ""}.`),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Resource"),
        h("th", { scope: "col", class: "num" }, "VP"), h("th", { scope: "col" }, "Result"))),
      h("tbody", {}, v.players.map((p) => h("tr", { class: winners.includes(p.seat) ? "winner" : "" },
        h("th", { scope: "row" }, ui.seatName(p.seat, { long: true })),
        h("td", { class: "num" }, p.resource),
        h("td", { class: "num" }, p.vp),
        h("td", {}, winners.includes(p.seat) ? "won" : p.alive ? (winners.length ? "lost" : "draw") : "eliminated"))))));
}
