// The fallback for games without their own renderer: the seat's view as pretty-printed JSON, the
// legal moves as buttons, and the final result when the game is over.
import { h } from "../js/common.js";
import { t } from "../js/i18n.js";

export function createRenderer(root, ui) {
  const box = h("div", { class: "generic" });
  root.append(box);
  return {
    update(msg, { legal }) {
      const view = msg.view || {};
      const parts = [];
      if (msg.returns) {
        const best = Math.max(...msg.returns);
        parts.push(
          h("section", { id: "scoreboard", class: "scoreboard", "aria-label": t("Final result") },
            h("h2", {}, t("Game over")),
            h("table", { class: "score-table" },
              h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Seat")), h("th", { scope: "col" }, t("Score")), h("th", { scope: "col" }, t("Share of the win")))),
              h("tbody", {}, msg.returns.map((r, seat) =>
                h("tr", { class: r === best && r > 0 ? "winner" : "" },
                  h("th", { scope: "row" }, ui.seatName(seat, { long: true })),
                  h("td", {}, msg.scores ? msg.scores[seat] : ""),
                  h("td", {}, r)))),
            ),
          ),
        );
      }
      parts.push(
        h("div", { class: "generic-moves", role: "group", "aria-label": t("Legal moves") },
          legal.map((entry) =>
            h("button", {
              type: "button",
              class: "btn legal",
              "data-legal": true,
              dataset: { key: `gen:${JSON.stringify(entry.action)}` },
              onclick: () => ui.act(entry.action),
            }, entry.label))),
        h("h2", { class: "generic-title" }, msg.seat === null ? t("What a spectator can see") : t("What you can see")),
        h("pre", { class: "view-json", tabindex: "0", "aria-label": t("The game state you can see, as JSON") }, JSON.stringify(view, null, 2)),
      );
      box.replaceChildren(...parts);
    },
  };
}
