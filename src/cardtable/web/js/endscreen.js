// The end of a game: a panel over the top of the page with each seat's name and kind, the game's own final
// scoring (the renderer's endSummary(msg), when it has one), why it ended (the rule, with its text), and
// Rematch, Download record and Open replay.
import { ApiError, api, h, seatKind, tableLink, tokens } from "./common.js";
import { N_, t } from "./i18n.js";
import { ruleText } from "./rules.js";

/** createEndScreen(box, {tableId, token(), openReplay()}) → {update(live, renderer)} */
export function createEndScreen(box, { tableId, token, openReplay }) {
  const end = { drawnFor: null, folded: false, rematch: "unknown", rematchError: "" };

  // Can a rematch be asked for? GET answers {table_id, available}; a server without rematches answers 404 (one
  // with only the POST, 405).
  async function probeRematch() {
    end.rematch = "probing";
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`);
      end.rematch = answer && answer.available === false ? "no" : "yes";
      if (answer && answer.table_id) end.rematchTable = answer.table_id;
    } catch (exc) {
      end.rematch = exc instanceof ApiError && (exc.status === 404 || exc.status === 0) ? "no" : "yes";
    }
    if (end.last) draw(end.last.live, end.last.renderer, true);
  }

  async function startRematch(button) {
    button.disabled = true;
    button.textContent = t("Setting up the rematch…");
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, { method: "POST", token: token() });
      tokens.set(answer.table_id, answer.seat, answer.token);
      location.assign(answer.url || tableLink(answer.table_id, answer.seat));
    } catch (exc) {
      if (exc instanceof ApiError && (exc.status === 404 || exc.status === 405)) end.rematch = "no";
      end.rematchError = exc instanceof ApiError ? exc.message : String(exc);
      if (end.last) draw(end.last.live, end.last.renderer, true);
    }
  }

  end.update = (live, renderer) => {
    if (!live || !live.returns) {
      box.hidden = true;
      end.drawnFor = null;
      return;
    }
    if (end.rematch === "unknown" && live.seat !== null) probeRematch();
    const key = `${live.table.id}:${live.table.actions}:${live.rematch ? live.rematch.table_id : ""}:${live.seat}`;
    if (end.drawnFor === key) return;
    const first = end.drawnFor === null;
    draw(live, renderer, false);
    end.drawnFor = key;
    if (first && !end.folded) {
      // the game just ended (or the page opened on a finished game): say so where the reader's eyes go
      const title = box.querySelector("#end-title");
      if (title && !document.activeElement.closest("#replay")) title.focus({ preventScroll: true });
    }
  };

  function draw(live, renderer, redraw) {
    end.last = { live, renderer };
    box.hidden = false;
    box.classList.toggle("folded", end.folded);
    const table = live.table;
    const returns = live.returns || [];
    const best = Math.max(...returns);
    const winners = returns.map((r, i) => (r === best && r > 0 ? i : null)).filter((i) => i !== null);
    const name = (seat) => (seat === live.seat ? t("You (seat {seat})", { seat }) : t("Seat {seat}", { seat }));
    const result = h("p", { class: "end-result" },
      !winners.length ? t("Nobody won.") :
      winners.length === 1 ? (winners[0] === live.seat ? t("You win.") : t("{name} wins.", { name: name(winners[0]) })) :
      // every seat shares alike: a draw (a game with no winner, or a tie of all; docs/engine.md)
      winners.length === returns.length ? t("A draw: {names} share the game.", { names: winners.map(name).join(", ") }) :
      t("Shared win: {names}.", { names: winners.map(name).join(", ") }));
    const why = h("p", { class: "end-why", id: "end-why" });
    drawWhy(why, live);
    const seats = h("table", { class: "end-seats" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Seat")), h("th", { scope: "col" }, t("Kind")),
        h("th", { scope: "col" }, t("Score")), h("th", { scope: "col" }, t("Share of the win")))),
      h("tbody", {}, table.seats.map((info, i) =>
        h("tr", { class: winners.includes(i) ? "winner" : "" },
          h("th", { scope: "row" }, winners.includes(i) ? "★ " : "", name(i)),
          h("td", {}, info.kind === "human" ? (info.takeover ? t("person ({bot} bot played for them)", { bot: info.takeover }) : t("person")) : seatKind(info)),
          h("td", {}, scoreText(live.scores ? live.scores[i] : null)),
          h("td", {}, shareText(returns[i]))))));
    let summary = null;
    // (a game ended by a forfeit did not end by its rules: the game's own summary, which says how it ends, is left out)
    if (renderer && typeof renderer.endSummary === "function" && !Number.isInteger(live.forfeit)) {
      try {
        summary = renderer.endSummary(live);
      } catch (exc) {
        summary = null;
        console.error("endSummary failed", exc); // i18n: no
      }
    }
    const buttons = h("div", { class: "end-buttons" });
    const made = (live.rematch && live.rematch.table_id) || end.rematchTable || null;
    if (made && live.seat === null) {
      buttons.append(h("a", { class: "btn primary", id: "end-rematch-watch", href: tableLink(made, null) }, t("Watch the rematch")));
    } else if (made) {
      // another player started it: asking again answers with this seat's place at the same new table
      buttons.append(h("button", { type: "button", class: "btn primary", id: "end-rematch-join",
        onclick: (event) => startRematch(event.currentTarget) }, t("Join the rematch")));
    } else if (live.seat !== null && end.rematch === "yes") {
      buttons.append(h("button", { type: "button", class: "btn primary", id: "end-rematch",
        onclick: (event) => startRematch(event.currentTarget) }, t("Rematch (same seats, new deal)")));
    }
    buttons.append(
      h("a", { class: "btn", id: "end-record", href: `/api/tables/${encodeURIComponent(table.id)}/record`, download: `${table.id}.jsonl` }, t("Download record")),
      h("button", { type: "button", class: "btn", id: "end-replay", onclick: openReplay }, t("Open replay")),
    );
    const fold = h("button", { type: "button", class: "btn small ghost end-fold", "aria-expanded": String(!end.folded),
      "aria-controls": "end-body", onclick: () => {
        end.folded = !end.folded;
        draw(live, renderer, true);
        box.querySelector(".end-fold").focus();
      } }, end.folded ? t("Show") : t("Hide"));
    box.replaceChildren(
      h("div", { class: "end-head" }, h("h2", { id: "end-title", tabindex: "-1" }, t("Game over")), result, fold),
      h("div", { id: "end-body", class: "end-body", hidden: end.folded },
        why,
        summary instanceof Node ? h("div", { class: "end-summary" }, summary) : null,
        seats,
        end.rematchError ? h("p", { class: "hint end-error" }, t("Rematch: {error}", { error: end.rematchError })) : null,
        buttons),
    );
    if (redraw) return;
  }

  return end;
}

async function drawWhy(el, live) {
  const view = live.view || {};
  const result = view.result && !Array.isArray(view.result) ? view.result : {};
  const rule = live.end_rule || result.rule || null;
  const reason = result.reason || result.note || (Array.isArray(view.result) && view.result[0] && view.result[0].kind
    ? t("{kind} victory", { kind: view.result[0].kind }) : null)
    || (view.victory && view.victory.kind ? t("{kind} victory", { kind: view.victory.kind }) : null);
  if (Number.isInteger(live.forfeit)) {
    // the move clock's forfeit policy ended it, not the game's rules
    const who = live.forfeit === live.seat ? t("you (seat {seat})", { seat: live.forfeit }) : t("seat {seat}", { seat: live.forfeit });
    el.replaceChildren(h("strong", {}, t("Why it ended:")), " ", t("{who} ran out of time and forfeited.", { who }));
    return;
  }
  el.replaceChildren(h("strong", {}, t("Why it ended:")), " ", reason ? `${reason}.` : rule ? "" : t("the game's end was reached."));
  if (!rule) return;
  const text = await ruleText(rule, live.table.game);
  el.append(" ", h("span", { class: "rule-ref", tabindex: "0", dataset: { rule } }, rule),
    text ? h("span", { class: "end-rule-text" }, ` — ${text}`) : "");
}

// The parts of a score that is more than a number (muhq's {resource, vp}), in the reader's words.
const SCORE_PARTS = { resource: N_("resource"), vp: N_("VP") };

function scoreText(score) {
  if (score === null || score === undefined) return "—";
  if (typeof score === "object") {
    return Object.entries(score).map(([k, v]) => `${k in SCORE_PARTS ? t(SCORE_PARTS[k]) : k} ${v}`).join(" · ");
  }
  return String(score);
}

function shareText(share) {
  if (share === undefined || share === null) return "—";
  if (share === 1) return t("won");
  if (share === 0) return "—";
  return `${Math.round(share * 100)} %`;
}
