// The table page: which seat am I, the WebSocket (with reconnects), and everything around the game's
// own renderer: moves list, undo, alerts, log, invitations, record link.
import { ApiError, api, h, joinSeat, seatName, tableLink, tokens } from "./common.js";
import { loadRenderer } from "../games/index.js";
import { t, tn } from "./i18n.js";
import { createAttention } from "./attention.js";
import { createClock } from "./clock.js";
import { createEndScreen } from "./endscreen.js";
import { createHowTo } from "./howto.js";
import { focusKey, pressedTooSoon, restoreFocus, settle } from "./focus.js";
import { createLog } from "./log.js";
import { TAKE_ONLY_KEY, renderInvite, renderMoves, renderSwitch, renderTakeOnly, renderToMoves, renderTools,
  renderTurn, watchMovesPanel, wireMoves } from "./moves.js";
import { renderReplay, wireReplay } from "./replay.js";
import { decorateRules, explain, ruleText, setGame, wireRulePopovers } from "./rules.js";

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
  settleUntil: 0, // new moves were drawn: a pointer press before this time (ms) was aimed at the old ones
  lastPointer: -Infinity, // when the pointer was last pressed, and a key (which of the two moved us)
  lastKey: -Infinity,
  alertKind: null, // "conn" while the alert says the server could not be reached
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

const log = createLog($("log"), $("announce"));
const attention = createAttention($("turn-tools"));
const clock = createClock($("clock"), (seat) => seatName(state.message.table, seat, state.message.seat, { long: true }));
const howTo = createHowTo($("howto"));
const endScreen = createEndScreen($("end"), {
  tableId,
  token: () => state.token,
  openReplay: () => {
    const panel = $("replay");
    panel.scrollIntoView({ block: "start" });
    const first = panel.querySelector("#replay-first");
    (first && !first.disabled ? first : panel.querySelector("#replay-range") || panel).focus({ preventScroll: true });
  },
});

function parseSeat(text) {
  if (text === null || text === "") return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

// -- start ------------------------------------------------------------------------------------------
async function start() {
  if (!tableId) return fatal(t("No table given. Go back to the lobby and pick one."));
  $("title").textContent = t("Table {id}", { id: tableId });
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
    // (a 404 is also a seat the table does not have: the server's words are in the reader's language, so ask)
    if (exc instanceof ApiError && exc.status === 404 && !(await tableExists())) {
      fatal(t("There is no table {id}. It may have been removed; start a new one in the lobby.", { id: tableId }));
      return false;
    }
    const why = exc instanceof ApiError ? exc.message : String(exc);
    notice(t("You cannot take seat {seat}: {reason}. You are watching as a spectator.", { seat, reason: why }));
    state.token = null;
    return false;
  }
}

async function tableExists() {
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}`);
    return true;
  } catch (exc) {
    return !(exc instanceof ApiError && exc.status === 404);
  }
}

/** Without a ?seat, say so if this browser holds a seat at this table (e.g. arrived by "watch"). */
function offerHeldSeats() {
  if (wantedSeat !== null) return;
  const held = tokens.seats(tableId);
  if (held.length) {
    notice(
      t("You are watching. This browser holds these seats at this table:"), " ",
      held.map((s, i) => [i ? ", " : "", h("a", { href: tableLink(tableId, s) }, t("seat {seat}", { seat: s }))]),
      ".",
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
  setConn("connecting", state.attempts ? t("reconnecting…") : t("connecting…"));

  ws.addEventListener("open", () => {
    if (state.token) ws.send(JSON.stringify({ type: "hello", token: state.token }));
    setConn("open", t("connected"));
    if (state.alertKind === "conn") clearAlert(); // "the server cannot be reached" is over
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
    fatal(t("There is no table {id}. It may have been removed; start a new one in the lobby.", { id: tableId }));
    return;
  }
  if (event.code === 4403 && !state.token) {
    // A spectator of a table its owner keeps to its players (or to signed-in people): the server says why.
    fatal(event.reason || t("You may not watch this table."));
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
  setConn("closed", t("disconnected — reconnecting in {seconds} s", { seconds: Math.round(delay / 100) / 10 }));
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
  if (!auto && pressedTooSoon(state)) return;
  if (!auto) state.autoTaken = []; // a choice of our own: what was taken before it is old news
  clearAlert();
  setBusy(true);
  if (sendRaw({ type: "action", action })) return;
  try {
    onState(await api(`/api/tables/${encodeURIComponent(tableId)}/actions`, { method: "POST", body: { action }, token: state.token }));
  } catch (exc) {
    onError(exc.rule ?? null, exc.message, exc.status === 0);
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
    onError(exc.rule ?? null, exc.message, exc.status === 0);
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
  const movesBefore = state.message && !state.busy ? legalKey(state.message) : null;
  log.merge(msg);
  log.announce(msg); // every new move, in words, in the polite live region
  const wasBusy = state.busy;
  state.message = msg;
  if (wasBusy || (legalKey(msg) !== movesBefore && msg.legal.length)) settle(state);
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

function onError(rule, text, conn = false) {
  state.busy = false;
  clearTimeout(state.busyTimer);
  document.body.classList.remove("busy");
  showAlert(rule, text, { conn });
  if (state.message) render();
}

function showAlert(rule, text, { conn = false } = {}) {
  const box = $("alert");
  state.alertKind = conn ? "conn" : "refused";
  const body = h("span", { class: "alert-text" },
    h("strong", {}, conn ? t("Not sent") : t("Move refused")),
    rule ? [" — ", h("code", { class: "rule", tabindex: "0", dataset: { rule } }, rule)] : "",
    ": ",
    text,
    conn ? [" ", t("The page reconnects by itself; this goes away when it has.")] : "");
  decorateRules(body);
  box.replaceChildren(
    h("span", { class: "alert-icon", "aria-hidden": "true" }, "!"),
    body,
    h("button", { type: "button", class: "btn small ghost", "aria-label": t("Dismiss"), onclick: clearAlert }, "×"),
  );
  box.classList.add("shown");
}

function clearAlert() {
  state.alertKind = null;
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
  setConn("closed", t("no table"));
  $("game").replaceChildren(h("div", { class: "fatal" }, h("p", {}, text), h("p", {}, h("a", { class: "btn", href: "/" }, t("Back to the lobby")))));
  $("game").setAttribute("aria-busy", "false");
}

function setConn(kind, text) {
  const el = $("conn");
  el.dataset.state = kind;
  el.textContent = text;
}

/** What identifies the moves on offer: a new position of ours (any action taken since) is a new set. */
const legalKey = (msg) => (msg.legal && msg.legal.length ? `${msg.table.actions}:${msg.legal.length}` : "none");

// -- rendering --------------------------------------------------------------------------------------
async function render({ first = false } = {}) {
  if (!state.message) return;
  // The game's own renderer (or the generic one), loaded once. Everything after this wait reads the messages
  // afresh: messages that came in while the renderer loaded must not be drawn over by an older one.
  const game = shown().table.game;
  if (state.rendererGame !== game) {
    const factory = await loadRenderer(game, shown().table.renderer);
    if (state.rendererGame !== game) {
      state.rendererGame = game;
      $("game").replaceChildren();
      state.renderer = factory($("game"), {
        act,
        rerender: () => render(),
        seatName: (seat, opts) => seatName(shown().table, seat, shown().seat, opts),
        // would this action be legal for my seat now, and which rule says no: {legal, rule, message, rule_text}
        explain: (action) => explain(tableId, state.token, action),
        ruleText: (ruleId) => ruleText(ruleId, game),
      });
    }
  }
  const live = state.message;
  const msg = shown();
  state.drawn += 1;
  const before = focusKey();
  const summary = msg.table;
  const legal = offered();

  setGame(game);
  attention.update({ myTurn: !state.replay && live.legal.length > 0 && !live.returns,
    title: t("{title} · table {id} — cardtable", { title: summary.title, id: summary.id }), what: live.view && live.view.prompt });
  $("title").textContent = t("{title} · table {id}", { title: summary.title, id: summary.id });
  $("who").textContent = live.seat === null
    ? (live.delayed ? tn("watching, {n} move late", "watching, {n} moves late", live.delayed) : t("watching"))
    : t("seat {seat}", { seat: live.seat });
  $("who").dataset.role = live.seat === null ? "spectator" : "player";
  document.body.dataset.actions = String(summary.actions);
  document.body.dataset.status = summary.status;
  document.body.dataset.myTurn = String(legal.length > 0);
  document.body.dataset.replayStep = state.replay ? String(state.replay.step) : "";

  // A game ended by a forfeit (the move clock) is over though its rules never ended it: nobody is to move any more,
  // which the games' renderers read from the view's current player (< 0 once a game is over).
  const drawn = Number.isInteger(msg.forfeit) && msg.view ? { ...msg, view: { ...msg.view, current_player: -1 } } : msg;
  state.renderer.update(drawn, { legal, busy: state.busy, first });
  $("game").setAttribute("aria-busy", "false");

  renderTurn(msg, legal);
  renderMoves(state.replay ? [] : live.legal);
  renderTakeOnly(live, legal);
  renderToMoves(legal);
  renderTools(live);
  renderReplay(live);
  log.render(msg, state.renderer && state.renderer.logEntries);
  renderInvite(live);
  renderSwitch(live);
  clock.update(live);
  howTo.update(game);
  endScreen.update(state.replay ? null : live, state.renderer);
  restoreFocus(before, state);
}

/** The moves the page offers now: none while a move is on its way or before the first message. */
const offered = () => (state.busy || !state.message ? [] : state.message.legal);

// -- controls ---------------------------------------------------------------------------------------
function wireControls() {
  wireReplay({ state, render, onError, tableId });
  wireMoves({ state, act, offered });
  wireRulePopovers();
  // which of pointer and keyboard pressed last (pressedTooSoon holds back only the pointer)
  document.addEventListener("pointerdown", () => (state.lastPointer = performance.now()), true);
  document.addEventListener("keydown", () => (state.lastKey = performance.now()), true);
  $("undo").addEventListener("click", undo);
  watchMovesPanel();
  // on a phone the moves panel is a bar at the foot of the screen (table-live.css): the page is padded by its
  // height, so that the bar never covers the end of the page
  if ("ResizeObserver" in window) {
    new ResizeObserver(([entry]) => {
      document.body.style.setProperty("--bar-h", `${Math.ceil(entry.borderBoxSize ? entry.borderBoxSize[0].blockSize : entry.contentRect.height)}px`);
    }).observe($("moves-panel"));
  }
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
      showAlert(null, t("that is not JSON: {reason}", { reason: exc.message }));
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
  get log() {
    return log.entries;
  },
  get attention() {
    return { myTurn: attention.myTurn, sound: attention.sound, beeps: attention.beeps };
  },
  explain: (action) => explain(tableId, state.token, action),
  ruleText: (ruleId) => ruleText(ruleId, state.message && state.message.table.game),
  send: (action) => act(action),
  sendRaw: (payload) => sendRaw(payload),
  close: () => state.ws && state.ws.close(),
};

start();
