// The side bar's panels around the game: the status line and the moves (with "take my only move"), the button
// to the moves on a narrow screen, undo and record, invitations and the hot seat's other seats.
import { absoluteUrl, copyField, h, seatName, tableLink, tokens } from "./common.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);

let state, act, offered;

/** wireMoves({state, act, offered}): the page's state and its move function, shared with table.js. */
export function wireMoves(ctx) {
  ({ state, act, offered } = ctx);
}

/** The seat to move: views name it current_player (Mítosz: to_act). */
export const toAct = (view) => view.current_player ?? view.to_act;

export function renderTurn(msg, legal) {
  const view = msg.view || {};
  const turn = $("turn");
  let text;
  if (msg.type === "step") {
    text = msg.next === null
      ? tn("Replay: after {n} of {steps} action, the end.", "Replay: after {n} of {steps} actions, the end.", msg.steps, { n: msg.step, steps: msg.steps })
      : tn("Replay: after {n} of {steps} action; {seat} moved next.", "Replay: after {n} of {steps} actions; {seat} moved next.", msg.steps,
        { n: msg.step, steps: msg.steps, seat: seatName(msg.table, msg.next, msg.seat, { long: true }) });
    // the game's renderer says "you" for the seat whose eyes it draws with: say whose they are when not the viewer's
    const own = state.message.seat; // (render draws only once a live message came)
    if (msg.seat !== null && msg.seat !== own)
      text += " " + t('Seen by {seat}: "you" on the table is that seat.', { seat: seatName(msg.table, msg.seat, own, { long: true }) });
  }
  else if (msg.returns) text = t("The game is over.");
  else if (state.busy) text = t("Sending your move…");
  else if (legal.length) text = tn("Your turn: {n} legal move.", "Your turn: {n} legal moves.", legal.length);
  else if (Number.isInteger(msg.table && msg.table.thinking))
    // a search bot thinks in the server's worker pool: a second or more, so say so
    text = t("{seat} is thinking…", { seat: seatName(msg.table, msg.table.thinking, msg.seat, { long: true }) });
  else if (Number.isInteger(toAct(view)) && toAct(view) >= 0)
    text = t("Waiting for {seat}.", { seat: seatName(msg.table, toAct(view), msg.seat, { long: true }) });
  else text = t("Waiting.");
  if (turn.textContent !== text) turn.textContent = text;
  turn.classList.toggle("my-turn", legal.length > 0);
}

// While a move is on its way the list stays as it was, its buttons dead (class move-pending, not move): nothing
// below it (the "take my only move" box) slides up under the pointer for a second click to land on.
export function renderMoves(legal) {
  const list = $("moves");
  renderListToggle(legal);
  const pending = state.busy;
  list.classList.toggle("pending", pending);
  list.replaceChildren(
    ...legal.map((entry) =>
      h("li", {},
        h("button", {
          type: "button",
          class: pending ? "btn move-pending" : "btn move", // i18n: no (class names)
          "aria-disabled": pending ? "true" : null,
          tabindex: pending ? "-1" : null,
          dataset: pending ? { action: JSON.stringify(entry.action) }
            : { key: `move:${JSON.stringify(entry.action)}`, action: JSON.stringify(entry.action) },
          onclick: pending ? null : () => act(entry.action),
        }, entry.label),
      ),
    ),
  );
  const msg = state.message;
  if (!legal.length && msg && !msg.returns) list.append(h("li", { class: "none" }, msg.seat === null ? t("Spectators watch.") : t("No move for you right now.")));
}

// On a phone the moves panel is a bar at the foot of the screen: it says whose turn it is and keeps the list of
// every move folded behind this button (the table itself plays: a list of 19 moves covered half the screen).
// The button is drawn by CSS only at phone width; wider, the list sits beside the table, always open.
let toggledLegal = [];
function renderListToggle(legal) {
  const button = $("list-toggle");
  if (!button) return;
  toggledLegal = legal;
  if (!button.dataset.wired) {
    button.dataset.wired = "1";
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", String(open));
      $("moves-panel").dataset.list = open ? "open" : "folded";
      renderListToggle(toggledLegal);
    });
  }
  const open = button.getAttribute("aria-expanded") === "true";
  const text = open ? t("Hide the list ({n})", { n: legal.length }) : t("All moves as a list ({n})", { n: legal.length });
  if (button.textContent !== text) button.textContent = text;
  button.hidden = !legal.length;
}

// The moves panel is below the table on a narrow screen (about 2,000 px down on a phone in Mítosz): while it
// is our turn and the panel is out of sight, a button at the foot of the screen says how many moves wait
// and scrolls there.
export function renderToMoves(legal) {
  const button = $("to-moves");
  const text = tn("Your move: {n} choice ↓", "Your move: {n} choices ↓", legal.length);
  if (button.textContent !== text) button.textContent = text;
  button.hidden = !legal.length || state.movesInSight || state.autoTimer !== null; // (a move about to be taken)
}

// A move that is our only legal one (in Mítosz most often a pass in a window where nothing can be played:
// about three in four of a player's turns) is taken after a moment, when the box is ticked. The box is
// ticked at first when every other seat is a bot, which reads no clock; among people an instant pass would
// tell them that the player had no answer (OP-43), and alone each step is the reader's own pace, so there it
// starts unticked. A choice, once made, is kept.
export const TAKE_ONLY_KEY = "cardtable.takeOnly";
const TAKE_ONLY_DELAY_MS = 600; // long enough to see the move and the board it was taken on

function takeOnlyWanted(msg) {
  const kept = localStorage.getItem(TAKE_ONLY_KEY);
  if (kept === "1" || kept === "0") return kept === "1";
  const seats = (msg.table && msg.table.seats) || [];
  // alone at the table (a MAOQY oracle or ritual) each step is the reader's own pace: nobody waits for it
  return seats.length > 1 && seats.every((info, seat) => seat === msg.seat || info.kind !== "human");
}

// "Taken for you: pass ×3 (your only move)": the page moved without a click, so it says so.
function renderAutoNote() {
  const note = $("auto-note");
  const taken = state.autoTaken;
  const counts = new Map();
  for (const label of taken) counts.set(label, (counts.get(label) || 0) + 1);
  const words = [...counts].map(([label, n]) => (n > 1 ? `${label} ×${n}` : label)).join(", ");
  const text = !taken.length ? "" : taken.length > 1 ? t("Taken for you: {moves} (your only move each time).", { moves: words })
    : t("Taken for you: {moves} (your only move).", { moves: words });
  if (note.textContent !== text) note.textContent = text;
  note.hidden = !taken.length;
}

export function renderTakeOnly(msg, legal) {
  renderAutoNote();
  const box = $("take-only");
  $("take-only-box").hidden = msg.seat === null || !!msg.returns;
  box.checked = takeOnlyWanted(msg);
  clearTimeout(state.autoTimer);
  state.autoTimer = null;
  if (state.busy || msg.seat === null || msg.returns || !legal.length) return;
  if (state.noAutoAfterUndo) {
    state.noAutoAfterUndo = false;
    return;
  }
  if (legal.length !== 1 || !box.checked) return;
  const action = legal[0].action;
  const label = legal[0].label;
  state.autoTimer = setTimeout(() => {
    state.autoTimer = null;
    if (state.message === msg && !state.busy) {
      state.autoTaken.push(label);
      act(action, { auto: true });
    }
    else renderToMoves(offered());
  }, TAKE_ONLY_DELAY_MS);
}

export function watchMovesPanel() {
  if (!("IntersectionObserver" in window)) return; // then the button never shows: the skip link remains
  new IntersectionObserver((entries) => {
    for (const entry of entries) state.movesInSight = entry.isIntersecting;
    renderToMoves(offered());
  }).observe($("moves-panel"));
  $("to-moves").addEventListener("click", (event) => {
    event.preventDefault();
    $("moves-panel").scrollIntoView({ block: "start" });
    const first = document.querySelector("#moves button.move");
    (first || $("turn")).focus({ preventScroll: true });
  });
}

export function renderTools(msg) {
  const undoButton = $("undo");
  undoButton.hidden = !msg.undo;
  undoButton.disabled = state.busy;
  const record = $("record");
  record.hidden = !msg.returns;
  record.href = `/api/tables/${encodeURIComponent(msg.table.id)}/record`;
  record.setAttribute("download", `${msg.table.id}.jsonl`);
  $("raw").hidden = msg.seat === null || !!msg.returns;
}

export function renderInvite(msg) {
  const box = $("invite");
  const free = msg.table.seats
    .map((s, i) => ({ ...s, seat: i }))
    .filter((s) => s.kind === "human" && !s.taken);
  if (!free.length || msg.returns) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const existing = [...box.querySelectorAll("input.copy-input")].map((i) => i.value).join(" ");
  const wanted = free.map((s) => absoluteUrl(tableLink(msg.table.id, s.seat))).join(" ");
  box.hidden = false;
  if (existing === wanted) return; // keep the fields (and a selection in them) untouched
  box.replaceChildren(
    h("h2", { id: "invite-title" }, t("Invite players")),
    h("p", { class: "hint" }, t("Send each person the link of a free seat. The game waits for them when it is their turn.")),
    ...free.map((s) => copyField(t("Seat {seat}", { seat: s.seat }), absoluteUrl(tableLink(msg.table.id, s.seat)))),
  );
}

/** Hot seat: the other seats this browser holds, with a nudge when one of them is to move. */
export function renderSwitch(msg) {
  const box = $("switch");
  const others = tokens.seats(msg.table.id).filter((s) => s !== msg.seat);
  if (!others.length || msg.returns) {
    box.hidden = true;
    return;
  }
  const current = msg.view && toAct(msg.view);
  const due = others.includes(current) && msg.table.seats[current] && msg.table.seats[current].kind === "human";
  box.hidden = false;
  box.classList.toggle("due", due);
  box.replaceChildren(
    h("h2", {}, t("Your other seats")),
    h("p", {}, due ? t("It is seat {seat}'s turn:", { seat: current }) : t("This browser also holds these seats at this table:"), " ",
      others.map((s, i) => [i ? ", " : "", h("a", { href: tableLink(msg.table.id, s), class: s === current ? "btn small" : "" }, t("seat {seat}", { seat: s }))]),
      "."),
  );
}

