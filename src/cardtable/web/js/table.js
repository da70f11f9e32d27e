// The table page: which seat am I, the WebSocket (with reconnects), and everything around the game's
// own renderer: moves list, undo, alerts, log, invitations, record link.
import { ApiError, api, copyField, absoluteUrl, h, joinSeat, seatName, tableLink, tokens } from "./common.js";
import { loadRenderer } from "../games/index.js";

const $ = (id) => document.getElementById(id);

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const params = new URLSearchParams(location.search);
const wantedSeat = parseSeat(params.get("seat"));

const state = {
  token: null,
  seat: null, // the seat the server knows us as (from its messages)
  message: null,
  busy: false,
  busyTimer: null,
  ws: null,
  attempts: 0,
  reconnectTimer: null,
  pingTimer: null,
  stopped: false,
  renderer: null,
  rendererGame: null,
  parked: false, // keyboard focus waits on the status line for the next move
  autoTimer: null, // the pending take of our only move (renderTakeOnly)
  autoTaken: [], // the moves the page took for us since our last own choice (shown under the status line)
  noAutoAfterUndo: false, // the position an undo went back to is not played again by itself
  movesInSight: true, // is the moves panel on the screen? (the to-moves button shows only when it is not)
  log: [], // the log entries received so far (messages carry only its end)
  awaitingSeat: false, // hello sent: the state messages before the seat's own are the spectator's
  received: 0, // state messages received, and tables drawn (for tests: window.cardtable)
  drawn: 0,
  drawQueued: false, // a timer will draw the newest message (drawSoon)
  drawFirst: false, // ... and it is the page's first
  replay: null, // a finished game stepped through: {step, seat, message} shown instead of the live message
  replayAsk: 0, // the number of the last step asked for (a slower earlier answer is dropped)
};

/** The message the page shows: a step of the finished game being replayed, else the live one. */
const shown = () => (state.replay ? state.replay.message : state.message);

function parseSeat(text) {
  if (text === null || text === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

// -- start ------------------------------------------------------------------------------------------
async function start() {
  if (!tableId) return fatal("No table given. Go back to the lobby and pick one.");
  $("title").textContent = `Table ${tableId}`;
  wireControls();
  if (wantedSeat !== null) {
    state.token = tokens.get(tableId, wantedSeat);
    if (!state.token) await tryJoin(wantedSeat);
  }
  offerHeldSeats();
  connect();
}

async function tryJoin(seat) {
  try {
    state.token = await joinSeat(tableId, seat);
    return true;
  } catch (exc) {
    if (exc instanceof ApiError && exc.status === 404 && /no table/.test(exc.message)) {
      fatal(`There is no table ${tableId}. It may have been removed; start a new one in the lobby.`);
      return false;
    }
    const why = exc instanceof ApiError ? exc.message : String(exc);
    notice(`You cannot take seat ${seat}: ${why}. You are watching as a spectator.`);
    state.token = null;
    return false;
  }
}

/** Without a ?seat, say so if this browser holds a seat at this table (e.g. arrived by "watch"). */
function offerHeldSeats() {
  if (wantedSeat !== null) return;
  const held = tokens.seats(tableId);
  if (held.length) {
    notice(
      "You are watching. This browser holds ",
      held.map((s, i) => [i ? ", " : "", h("a", { href: tableLink(tableId, s) }, `seat ${s}`)]),
      " at this table.",
    );
  }
}

// -- WebSocket --------------------------------------------------------------------------------------
function connect() {
  if (state.stopped) return;
  clearTimeout(state.reconnectTimer);
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // The token goes in the first message, not the URL (URLs end up in proxies' and servers' logs).
  const ws = new WebSocket(`${proto}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`);
  state.ws = ws;
  state.awaitingSeat = !!state.token;
  setConn("connecting", state.attempts ? "reconnecting…" : "connecting…");

  ws.addEventListener("open", () => {
    if (state.token) ws.send(JSON.stringify({ type: "hello", token: state.token }));
    setConn("open", "connected");
    clearInterval(state.pingTimer);
    state.pingTimer = setInterval(() => sendRaw({ type: "ping" }), 25000);
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    state.attempts = 0;
    if (msg.type === "state" && state.awaitingSeat) {
      if (msg.seat === null) return; // the spectator's welcome, sent before the server read our hello
      state.awaitingSeat = false;
    }
    if (msg.type === "state") onState(msg);
    else if (msg.type === "error") onError(msg.rule, msg.error);
  });
  ws.addEventListener("close", (event) => onClose(ws, event));
}

async function onClose(ws, event) {
  if (state.ws !== ws) return;
  clearInterval(state.pingTimer);
  state.ws = null;
  setBusy(false);
  if (event.code === 4404) {
    fatal(`There is no table ${tableId}. It may have been removed; start a new one in the lobby.`);
    return;
  }
  if (event.code === 4403 && state.token) {
    // The token is not (or no longer) this table's: forget it, try the seat afresh, else watch.
    tokens.remove(tableId, wantedSeat);
    state.token = null;
    if (wantedSeat !== null) await tryJoin(wantedSeat);
    connect();
    return;
  }
  const delay = Math.min(10000, 500 * 2 ** state.attempts) + Math.floor(Math.random() * 250);
  state.attempts += 1;
  setConn("closed", `disconnected — reconnecting in ${Math.round(delay / 100) / 10} s`);
  state.reconnectTimer = setTimeout(connect, delay);
}

function sendRaw(payload) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN) {
    state.ws.send(JSON.stringify(payload));
    return true;
  }
  return false;
}

/** Play an action: over the socket, or over HTTP while the socket is down. */
async function act(action, { auto = false } = {}) {
  if (state.busy) return;
  if (!auto) state.autoTaken = []; // a choice of our own: what was taken before it is old news
  clearAlert();
  setBusy(true);
  if (sendRaw({ type: "action", action })) return;
  try {
    onState(await api(`/api/tables/${encodeURIComponent(tableId)}/actions`, { method: "POST", body: { action }, token: state.token }));
  } catch (exc) {
    onError(exc.rule ?? null, exc.message);
  }
}

async function undo() {
  if (state.busy) return;
  state.noAutoAfterUndo = true;
  clearAlert();
  setBusy(true);
  if (sendRaw({ type: "undo" })) return;
  try {
    onState(await api(`/api/tables/${encodeURIComponent(tableId)}/undo`, { method: "POST", token: state.token }));
  } catch (exc) {
    onError(exc.rule ?? null, exc.message);
  }
}

function setBusy(busy) {
  state.busy = busy;
  clearTimeout(state.busyTimer);
  if (busy) {
    // Never lock the page for good if an answer is lost.
    state.busyTimer = setTimeout(() => {
      state.busy = false;
      render();
    }, 5000);
  }
  document.body.classList.toggle("busy", busy);
  if (state.message) render();
}

// -- messages ---------------------------------------------------------------------------------------
function onState(msg) {
  state.received += 1;
  const first = !state.message;
  mergeLog(msg);
  state.message = msg;
  state.seat = msg.seat;
  state.busy = false;
  clearTimeout(state.busyTimer);
  document.body.classList.remove("busy");
  drawSoon(first);
}

// Messages can come faster than a table is drawn (bots at full speed: a Mítosz table takes tens of ms to
// draw): each message is a whole position, so the messages that waited while the page was drawing are
// drawn once, as the newest. A timer task runs after the message tasks already queued, and at once otherwise
// (an animation frame would make every move wait for the next frame).
function drawSoon(first) {
  state.drawFirst = state.drawFirst || first;
  if (state.drawQueued) return;
  state.drawQueued = true;
  setTimeout(() => {
    state.drawQueued = false;
    const wasFirst = state.drawFirst;
    state.drawFirst = false;
    render({ first: wasFirst });
  }, 0);
}

function onError(rule, text) {
  state.busy = false;
  clearTimeout(state.busyTimer);
  document.body.classList.remove("busy");
  showAlert(rule, text);
  if (state.message) render();
}

function showAlert(rule, text) {
  const box = $("alert");
  box.replaceChildren(
    h("span", { class: "alert-icon", "aria-hidden": "true" }, "!"),
    h("span", { class: "alert-text" },
      h("strong", {}, "Move refused"),
      rule ? [" — ", h("code", { class: "rule" }, rule)] : "",
      ": ",
      text),
    h("button", { type: "button", class: "btn small ghost", "aria-label": "Dismiss", onclick: clearAlert }, "×"),
  );
  box.classList.add("shown");
}

function clearAlert() {
  const box = $("alert");
  box.replaceChildren();
  box.classList.remove("shown");
}

function notice(...parts) {
  const box = $("notice");
  box.replaceChildren(...parts.flat(Infinity).map((p) => (p instanceof Node ? p : document.createTextNode(String(p)))));
  box.hidden = false;
}

function fatal(text) {
  state.stopped = true;
  clearTimeout(state.reconnectTimer);
  setConn("closed", "no table");
  $("game").replaceChildren(h("div", { class: "fatal" }, h("p", {}, text), h("p", {}, h("a", { class: "btn", href: "/" }, "Back to the lobby"))));
  $("game").setAttribute("aria-busy", "false");
}

function setConn(kind, text) {
  const el = $("conn");
  el.dataset.state = kind;
  el.textContent = text;
}

// -- rendering --------------------------------------------------------------------------------------
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return { key: null, inside: false };
  return { key: el.dataset ? el.dataset.key || null : null, inside: !!el.closest("#game, #moves-panel") };
}

function restoreFocus(before) {
  const active = document.activeElement;
  const turn = $("turn");
  if (state.parked && active === turn) {
    // Focus waited on the status line while the move was sent; now it goes back to something to play.
    const next = document.querySelector("#game [data-legal]") || document.querySelector("#moves button.move");
    if (next) {
      state.parked = false;
      next.focus({ preventScroll: true });
    }
    return;
  }
  if (active && active !== document.body && document.contains(active)) return;
  if (before.key) {
    const same = document.querySelector(`[data-key="${CSS.escape(before.key)}"]`);
    if (same) return same.focus({ preventScroll: true });
  }
  if (!before.inside) return;
  const next = document.querySelector("#game [data-legal]") || document.querySelector("#moves button.move");
  if (next) return next.focus({ preventScroll: true });
  state.parked = true;
  turn.focus({ preventScroll: true });
}

async function render({ first = false } = {}) {
  if (!state.message) return;
  // The game's own renderer (or the generic one), loaded once. Everything after this wait reads the messages
  // afresh: messages that came in while the renderer loaded must not be drawn over by an older one.
  const game = shown().table.game;
  if (state.rendererGame !== game) {
    const factory = await loadRenderer(game);
    if (state.rendererGame !== game) {
      state.rendererGame = game;
      $("game").replaceChildren();
      state.renderer = factory($("game"), {
        act,
        rerender: () => render(),
        seatName: (seat, opts) => seatName(shown().table, seat, shown().seat, opts),
      });
    }
  }
  const live = state.message;
  const msg = shown();
  state.drawn += 1;
  const before = focusKey();
  const summary = msg.table;
  const legal = offered();

  document.title = `${summary.title} · table ${summary.id} — cardtable`;
  $("title").textContent = `${summary.title} · table ${summary.id}`;
  $("who").textContent = live.seat === null ? "watching" : `seat ${live.seat}`;
  $("who").dataset.role = live.seat === null ? "spectator" : "player";
  document.body.dataset.actions = String(summary.actions);
  document.body.dataset.status = summary.status;
  document.body.dataset.myTurn = String(legal.length > 0);
  document.body.dataset.replayStep = state.replay ? String(state.replay.step) : "";

  state.renderer.update(msg, { legal, busy: state.busy, first });
  $("game").setAttribute("aria-busy", "false");

  renderTurn(msg, legal);
  renderMoves(legal);
  renderTakeOnly(live, legal);
  renderToMoves(legal);
  renderTools(live);
  renderReplay(live);
  renderLog(msg);
  renderInvite(live);
  renderSwitch(live);
  restoreFocus(before);
}

/** The moves the page offers now: none while a move is on its way or before the first message. */
const offered = () => (state.busy || !state.message ? [] : state.message.legal);

/** The seat to move: views name it current_player (Mítosz: to_act). */
const toAct = (view) => view.current_player ?? view.to_act;

function renderTurn(msg, legal) {
  const view = msg.view || {};
  const turn = $("turn");
  let text;
  if (msg.type === "step") {
    text = `Replay: after ${msg.step} of ${msg.steps} actions` +
      (msg.next === null ? ", the end." : `; ${seatName(msg.table, msg.next, msg.seat, { long: true })} moved next.`);
    // the game's renderer says "you" for the seat whose eyes it draws with: say whose they are when not the viewer's
    const own = state.message.seat; // (render draws only once a live message came)
    if (msg.seat !== null && msg.seat !== own)
      text += ` Seen by ${seatName(msg.table, msg.seat, own, { long: true })}: "you" on the table is that seat.`;
  }
  else if (msg.returns) text = "The game is over.";
  else if (state.busy) text = "Sending your move…";
  else if (legal.length) text = `Your turn: ${legal.length} legal move${legal.length === 1 ? "" : "s"}.`;
  else if (Number.isInteger(msg.table && msg.table.thinking))
    // a search bot thinks in the server's worker pool: a second or more, so say so
    text = `${seatName(msg.table, msg.table.thinking, msg.seat, { long: true })} is thinking…`;
  else if (Number.isInteger(toAct(view)) && toAct(view) >= 0)
    text = `Waiting for ${seatName(msg.table, toAct(view), msg.seat, { long: true })}.`;
  else text = "Waiting.";
  if (turn.textContent !== text) turn.textContent = text;
  turn.classList.toggle("my-turn", legal.length > 0);
}

function renderMoves(legal) {
  const list = $("moves");
  list.replaceChildren(
    ...legal.map((entry) =>
      h("li", {},
        h("button", {
          type: "button",
          class: "btn move",
          dataset: { key: `move:${JSON.stringify(entry.action)}`, action: JSON.stringify(entry.action) },
          onclick: () => act(entry.action),
        }, entry.label),
      ),
    ),
  );
  const msg = state.message;
  if (!legal.length && msg && !msg.returns) list.append(h("li", { class: "none" }, msg.seat === null ? "Spectators watch." : "No move for you right now."));
}

// The moves panel is below the table on a narrow screen (about 2,000 px down on a phone in Mítosz): while it
// is our turn and the panel is out of sight, a button at the foot of the screen says how many moves wait
// and scrolls there.
function renderToMoves(legal) {
  const button = $("to-moves");
  const text = `Your move: ${legal.length} choice${legal.length === 1 ? "" : "s"} ↓`;
  if (button.textContent !== text) button.textContent = text;
  button.hidden = !legal.length || state.movesInSight || state.autoTimer !== null; // (a move about to be taken)
}

// A move that is our only legal one (in Mítosz most often a pass in a window where nothing can be played:
// about three in four of a player's turns) is taken after a moment, when the box is ticked. The box is
// ticked at first when every other seat is a bot, which reads no clock; among people an instant pass would
// tell them that the player had no answer (OP-43), and alone each step is the reader's own pace, so there it
// starts unticked. A choice, once made, is kept.
const TAKE_ONLY_KEY = "cardtable.takeOnly";
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
  const text = taken.length ? `Taken for you: ${words} (your only move${taken.length > 1 ? " each time" : ""}).` : "";
  if (note.textContent !== text) note.textContent = text;
  note.hidden = !taken.length;
}

function renderTakeOnly(msg, legal) {
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

function watchMovesPanel() {
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

function renderTools(msg) {
  const undoButton = $("undo");
  undoButton.hidden = !msg.undo;
  undoButton.disabled = state.busy;
  const record = $("record");
  record.hidden = !msg.returns;
  record.href = `/api/tables/${encodeURIComponent(msg.table.id)}/record`;
  record.setAttribute("download", `${msg.table.id}.jsonl`);
  $("raw").hidden = msg.seat === null || !!msg.returns;
}

// A message carries the end of the log and its size: keep what came before, drop what an undo took back.
function mergeLog(msg) {
  const fresh = msg.log || [];
  const size = msg.log_size ?? (fresh.length ? fresh[fresh.length - 1].n + 1 : 0);
  const from = fresh.length ? fresh[0].n : size;
  let kept = state.log.filter((e) => e.n < Math.min(from, size));
  if (kept.length && kept[kept.length - 1].n + 1 < from) kept = []; // a gap: start again from this message
  state.log = kept.concat(fresh).slice(-200);
}

function renderLog(msg) {
  const log = $("log");
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  // a game may tell its own story instead (Mítosz: the setup and resolutions too): {n, text, mine}
  const story = state.renderer && state.renderer.logEntries;
  const entries = story ? story(msg) : msg.type === "step" ? msg.log : state.log;
  log.classList.toggle("story", !!story);
  log.replaceChildren(
    ...entries.map((e) =>
      h("li", { class: (story ? e.mine : e.seat === msg.seat) ? "mine" : "" },
        h("span", { class: "log-n" }, e.n + 1),
        story ? null : h("span", { class: "log-who" }, seatName(msg.table, e.seat, msg.seat)),
        h("span", { class: "log-text" }, e.text),
      ),
    ),
  );
  if (!entries.length) log.append(h("li", { class: "none" }, "No moves yet."));
  if (atBottom) log.scrollTop = log.scrollHeight; // follow new moves unless the reader scrolled up
}

function renderInvite(msg) {
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
    h("h2", { id: "invite-title" }, "Invite players"),
    h("p", { class: "hint" }, "Send each person the link of a free seat. The game waits for them when it is their turn."),
    ...free.map((s) => copyField(`Seat ${s.seat}`, absoluteUrl(tableLink(msg.table.id, s.seat)))),
  );
}

/** Hot seat: the other seats this browser holds, with a nudge when one of them is to move. */
function renderSwitch(msg) {
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
    h("h2", {}, "Your other seats"),
    h("p", {}, due ? `It is seat ${current}'s turn — ` : "This browser also holds ",
      others.map((s, i) => [i ? ", " : "", h("a", { href: tableLink(msg.table.id, s), class: s === current ? "btn small" : "" }, `seat ${s}`)]),
      due ? "." : " at this table."),
  );
}

// -- stepping through a finished game ------------------------------------------------------------------
// The server replays the game from its seed to the step asked for and answers with that moment's message,
// seen by one seat (or a spectator): the page never holds more than one view at a time.

function renderReplay(live) {
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
      h("h2", { id: "replay-title" }, "Replay"),
      h("p", { class: "hint" }, "Step through the game as it was seen from a seat, or by a spectator."),
      h("div", { class: "replay-bar" },
        button("replay-first", "|◀", "the deal", () => 0),
        button("replay-prev", "◀", "one action back", () => currentStep() - 1),
        h("input", { id: "replay-range", type: "range", min: 0, "aria-label": "after how many actions",
          oninput: (event) => showStep(Number(event.target.value), currentSeat()) }),
        button("replay-next", "▶", "one action on", () => currentStep() + 1),
        button("replay-last", "▶|", "the end", () => Infinity),
      ),
      h("p", { class: "replay-under" },
        h("span", { id: "replay-pos", "aria-live": "polite" }),
        h("label", {}, " seen by ",
          h("select", { id: "replay-seat", onchange: () => showStep(currentStep(), currentSeat()) }))),
    );
  }
  const range = $("replay-range");
  range.max = String(steps);
  if (range.value !== String(step)) range.value = String(step);
  $("replay-pos").textContent = `after ${step} of ${steps} actions`;
  $("replay-first").disabled = $("replay-prev").disabled = step === 0;
  $("replay-next").disabled = $("replay-last").disabled = step === steps;
  const select = $("replay-seat");
  const wanted = seat === null ? "" : String(seat);
  if (select.options.length !== live.table.players + 1) {
    select.replaceChildren(
      h("option", { value: "" }, "a spectator"),
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

async function showStep(step, seat) {
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

// -- controls ---------------------------------------------------------------------------------------
function wireControls() {
  $("undo").addEventListener("click", undo);
  watchMovesPanel();
  $("take-only").addEventListener("change", (event) => {
    localStorage.setItem(TAKE_ONLY_KEY, event.target.checked ? "1" : "0");
    if (!state.message) return;
    renderTakeOnly(state.message, offered());
    renderToMoves(offered());
  });
  $("raw-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("raw-input").value.trim();
    if (!text) return;
    let action;
    try {
      action = JSON.parse(text);
    } catch (exc) {
      showAlert(null, `that is not JSON: ${exc.message}`);
      return;
    }
    act(action);
  });
  document.addEventListener("focusin", (event) => {
    if (event.target !== $("turn")) state.parked = false;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && $("alert").classList.contains("shown")) clearAlert();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !state.ws) connect();
  });
}

// For the console and for tests: the live connection, e.g. cardtable.send({type: "stop"}).
window.cardtable = {
  get message() {
    return state.message;
  },
  get seat() {
    return state.seat;
  },
  get counts() {
    return { received: state.received, drawn: state.drawn };
  },
  send: (action) => act(action),
  sendRaw: (payload) => sendRaw(payload),
  close: () => state.ws && state.ws.close(),
};

start();
