// Stepping through a finished game: the Replay panel. The server replays the game from its seed to the step
// asked for and answers with that moment's message, seen by one seat (or a spectator): the page never holds more
// than one view at a time.
import { api, h, seatName } from "./common.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

let state, render, onError, tableId;

/** wireReplay({state, render, onError, tableId}): the page's state and drawing, shared with table.js. */
export function wireReplay(ctx) {
  ({ state, render, onError, tableId } = ctx);
}

// -- stepping through a finished game ------------------------------------------------------------------
// The server replays the game from its seed to the step asked for and answers with that moment's message,
// seen by one seat (or a spectator): the page never holds more than one view at a time.

export function renderReplay(live) {
  const box = $("replay");
  if (!live.returns) {
    box.hidden = true;
    return;
  }
  const steps = live.table.actions;
  const step = state.replay ? state.replay.step : steps;
  const seat = state.replay ? state.replay.seat : live.seat;
  box.hidden = false;
  if (!box.firstChild) {
    const button = (id, text, label, to) =>
      h("button", { id, type: "button", class: "btn small", "aria-label": label, title: label, onclick: () => showStep(to(), currentSeat()) }, text);
    box.append(
      h("h2", { id: "replay-title" }, t("Replay")),
      h("p", { class: "hint" }, t("Step through the game as it was seen from a seat, or by a spectator.")),
      h("div", { class: "replay-bar" },
        button("replay-first", "|◀", t("the deal"), () => 0),
        button("replay-prev", "◀", t("one action back"), () => currentStep() - 1),
        h("input", { id: "replay-range", type: "range", min: 0, "aria-label": t("after how many actions"),
          oninput: (event) => showStep(Number(event.target.value), currentSeat()) }),
        button("replay-next", "▶", t("one action on"), () => currentStep() + 1),
        button("replay-last", "▶|", t("the end"), () => Infinity),
      ),
      h("p", { class: "replay-under" },
        h("span", { id: "replay-pos", "aria-live": "polite" }),
        h("label", {}, " ", t("seen by"), " ",
          h("select", { id: "replay-seat", onchange: () => showStep(currentStep(), currentSeat()) }))),
    );
  }
  const range = $("replay-range");
  range.max = String(steps);
  if (range.value !== String(step)) range.value = String(step);
  $("replay-pos").textContent = tn("after {n} of {steps} action", "after {n} of {steps} actions", steps, { n: step, steps });
  $("replay-first").disabled = $("replay-prev").disabled = step === 0;
  $("replay-next").disabled = $("replay-last").disabled = step === steps;
  const select = $("replay-seat");
  const wanted = seat === null ? "" : String(seat);
  if (select.options.length !== live.table.players + 1) {
    select.replaceChildren(
      h("option", { value: "" }, t("a spectator")),
      ...live.table.seats.map((_, i) => h("option", { value: String(i) }, seatName(live.table, i, live.seat, { long: true }))),
    );
  }
  if (select.value !== wanted) select.value = wanted;
}

/** A game's renderer remembers what it drew last (a round's end to announce, a selection): a step that does not
 * follow the one drawn starts a new one. */
function freshRenderer() {
  state.rendererGame = null;
}

const currentStep = () => (state.replay ? state.replay.step : state.message.table.actions);
const currentSeat = () => {
  const value = $("replay-seat").value;
  return value === "" ? null : Number(value);
};

export async function showStep(step, seat) {
  const live = state.message;
  if (!live || !live.returns) return;
  const steps = live.table.actions;
  step = Math.max(0, Math.min(steps, step));
  const ask = ++state.replayAsk;
  // One action on, seen by the same seat, the renderer tells what changed as it does in play (a round's end,
  // a new top card); any other move starts it afresh, as it cannot know what happened in between.
  const onward = state.replay !== null && state.replay.seat === seat && step === state.replay.step + 1;
  if (step === steps && seat === live.seat) {
    state.replay = null; // the live table's own last message: the end, with its result
    freshRenderer();
    render();
    return;
  }
  try {
    const query = seat === null ? "" : `?seat=${seat}`;
    const message = await api(`/api/tables/${encodeURIComponent(tableId)}/steps/${step}${query}`);
    if (ask !== state.replayAsk) return; // a later click was answered first
    state.replay = { step, seat, message };
    if (!onward) freshRenderer();
    render();
  } catch (exc) {
    onError(exc.rule ?? null, exc.message);
  }
}

