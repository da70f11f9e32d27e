// Mojo's rounds and end: the round-over panel, the round sheet below the table, the final scoreboard and the
// end screen's summary (every round's scores and the totals).
import { h } from "../js/common.js";
import { num, t } from "../js/i18n.js";

export function history(msg, ui) {
  const view = msg.view;
  const rounds = view.rounds || [];
  const n = view.players;
  const cols = Array.from({ length: n }, (_, s) => s);
  return h("section", { class: "history panel", "aria-labelledby": "history-title" },
    h("h2", { id: "history-title" }, t("Rounds")),
    rounds.length
      ? h("div", { class: "table-scroll" },
        h("table", { class: "rounds" },
          h("thead", {}, h("tr", {},
            h("th", { scope: "col" }, t("Round")),
            cols.map((s) => h("th", { scope: "col", class: `num${s === msg.seat ? " me" : ""}` }, ui.seatName(s))))),
          h("tbody", {}, rounds.map((r) => h("tr", {},
            h("th", { scope: "row" },
              h("span", { class: "round-no-cell" }, r.round),
              h("span", { class: "round-detail" }, t("{ender} ended it · Mojo card: {holder} ({side})", { ender: ui.seatName(r.ender), holder: ui.seatName(r.holder), side: r.mojo_side }))),
            cols.map((s) => h("td", { class: `num${s === msg.seat ? " me" : ""}${s === r.holder ? " holder" : ""}`, title: t("raw {raw}, round score {score}, total {total}", { raw: r.raw[s], score: r.scores[s], total: r.totals[s] }) },
              h("span", { class: "round-score" }, `+${r.scores[s]}`),
              h("span", { class: "round-detail" }, t("raw {raw} · Σ {total}", { raw: r.raw[s], total: r.totals[s] }))))))),
          h("tfoot", {}, h("tr", {},
            h("th", { scope: "row" }, t("Total")),
            cols.map((s) => h("td", { class: `num${s === msg.seat ? " me" : ""}` }, view.seats[s].total)))),
        ),
        h("p", { class: "rounds-legend" }, h("span", { class: "mark", "aria-hidden": "true" }, "◆"), " ", t("took the Mojo card: 0 if lowest, else raw + 10. Raw: the highest card of each colour held.")))
      : h("p", { class: "empty" }, t("No round finished yet. A round scores the highest card of each colour you hold; the lowest total wins.")),
  );
}

export function scoreboard(msg, ui) {
  const view = msg.view;
  const winners = view.result ? view.result.winners : msg.returns.map((r, s) => (r > 0 ? s : -1)).filter((s) => s >= 0);
  const order = view.seats.map((s) => s.seat).sort((a, b) => view.seats[a].total - view.seats[b].total || a - b);
  const names = winners.map((s) => ui.seatName(s));
  const headline = winners.length === 1
    ? (winners[0] === msg.seat ? t("You win!") : t("{name} wins", { name: names[0] }))
    : t("Shared win: {names}", { names: names.join(t(" and ")) });
  let rank = 0;
  let prev = null;
  return h("section", { id: "scoreboard", class: "scoreboard", "aria-labelledby": "scoreboard-title" },
    h("h2", { id: "scoreboard-title" }, t("Game over — {headline}", { headline })),
    h("table", { class: "score-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Total")), h("th", { scope: "col" }, t("Win share")))),
      h("tbody", {}, order.map((s, i) => {
        const total = view.seats[s].total;
        if (total !== prev) rank = i + 1;
        prev = total;
        const won = winners.includes(s);
        return h("tr", { class: `${won ? "winner" : ""}${s === msg.seat ? " me" : ""}` },
          h("td", {}, rank),
          h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(s, { long: true })),
          h("td", { class: "num" }, total),
          h("td", { class: "num" }, msg.returns[s] ? num(Math.round(msg.returns[s] * 100) / 100) : "0"));
      })),
    ),
    h("p", { class: "score-links" },
      h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, t("Download record")),
      " ",
      h("a", { class: "btn", href: "/" }, t("Back to the lobby"))),
  );
}

/** For the end screen: every round's scores and the running totals, the Mojo card's holder marked. */
export function roundSheet(msg, ui) {
  const view = msg.view;
  const rounds = view.rounds || [];
  const cols = Array.from({ length: view.players }, (_, s) => s);
  return h("section", { class: "bp-end mojo-end", "aria-label": t("Mojo: the round sheet") },
    h("p", { class: "bp-end-why" }, t("The game ends when a total reaches {target} (MOJO-7.1); the lowest total wins.", { target: msg.table.options.target_score })),
    h("table", { class: "score-table rounds" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Round")), cols.map((s) => h("th", { scope: "col", class: "num" }, ui.seatName(s))))),
      h("tbody", {}, rounds.map((r) => h("tr", {},
        h("th", { scope: "row" }, `${r.round}`, h("span", { class: "round-detail" }, " " + t("{name} ended it", { name: ui.seatName(r.ender) }))),
        cols.map((s) => h("td", { class: `num${s === r.holder ? " holder" : ""}`, title: t("raw {raw}, round score {score}", { raw: r.raw[s], score: r.scores[s] }) },
          `+${r.scores[s]}`, s === r.holder ? h("span", { class: "mark", "aria-label": t("took the Mojo card") }, " ◆") : null, h("span", { class: "round-detail" }, ` Σ ${r.totals[s]}`)))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("Total")), cols.map((s) => h("td", { class: "num" }, view.seats[s].total))))));
}
