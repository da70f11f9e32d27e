// The lobby: pick a game, set up seats and options, create a table and sit down; list the tables.
import { refreshBoard, refreshMine, setUpAccount, signedIn } from "./account.js";
import { ApiError, api, h, joinSeat, tableLink, tokens } from "./common.js";
import { lang, t, tn } from "./i18n.js";
import { optionControl, wholeNumber } from "./lobby-controls.js";
import { PRESETS, optionLabel, valueLabel } from "./lobby-options.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;

let games = [];
let game = null; // the chosen game's description
let optionControls = [];
let lastTablesJson = "";

// -- games and the form ------------------------------------------------------------------------------
async function loadGames() {
  try {
    games = await api("/api/games");
  } catch (exc) {
    $("games").replaceChildren(h("p", { class: "form-error" }, t("Cannot load the games: {reason}", { reason: exc.message })));
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  $("games").replaceChildren(
    ...games.map((g, i) =>
      h("label", { class: "game-choice" },
        h("input", { type: "radio", name: "game", value: g.name, checked: wanted ? g.name === wanted : i === 0, "aria-label": g.title, "aria-describedby": `game-summary-${g.name}`, onchange: () => chooseGame(g.name) }),
        h("span", { class: "game-title", "aria-hidden": "true" }, g.title),
        h("span", { class: "game-summary", id: `game-summary-${g.name}` }, g.summary),
        h("span", { class: "game-players" }, g.players[0] === g.players[1] ? tn("{n} player", "{n} players", g.players[0]) : t("{min}–{max} players", { min: g.players[0], max: g.players[1] }))),
    ),
  );
  const checked = document.querySelector('input[name="game"]:checked') || document.querySelector('input[name="game"]');
  if (checked) {
    checked.checked = true;
    chooseGame(checked.value);
  }
}

function chooseGame(name) {
  game = games.find((g) => g.name === name);
  const players = $("players");
  players.min = game.players[0];
  players.max = game.players[1];
  players.value = game.default_players;
  renderSeats();
  renderOptions();
  refreshBoard(game.name, game.title);
}

function renderSeats() {
  const n = clampPlayers();
  const list = $("seat-list");
  const previous = [...list.querySelectorAll("select")].map((s) => s.value);
  const bots = game.bots || [];
  const defaultBot = bots.includes("heuristic") ? "heuristic" : bots[0];
  list.replaceChildren(
    ...Array.from({ length: n }, (_, i) => {
      const value = previous[i] || (i === 0 || !defaultBot ? "human" : defaultBot);
      return h("label", { class: "seat-choice" },
        h("span", {}, t("Seat {seat}", { seat: i })),
        h("select", { name: `seat-${i}`, "data-seat": i, "aria-label": t("Seat {seat}", { seat: i }) },
          ["human", ...bots].map((kind) => {
            const info = (game.bot_info || []).find((b) => b.name === kind);
            const label = kind === "human" ? t("human") : t("{bot} bot", { bot: info ? info.label : kind });
            return h("option", { value: kind, selected: kind === value, title: info ? info.help || "" : "" }, label);
          })));
    }),
  );
}

function clampPlayers() {
  const input = $("players");
  let n = parseInt(input.value, 10);
  if (!Number.isInteger(n)) n = game.default_players;
  return Math.max(game.players[0], Math.min(game.players[1], n));
}

function renderOptions() {
  optionControls = (game.options || []).map((opt) =>
    optionControl(opt, { gameName: game.name, onChange: markChanged, players: clampPlayers }));
  $("option-list").replaceChildren(...optionControls.map((c) => c.el));
  renderPresets();
  markChanged();
}

// -- presets: standard (every default), short, long ----------------------------------------------------
function renderPresets() {
  const presets = PRESETS[game.name];
  const box = $("presets");
  box.hidden = !presets;
  if (!presets) return;
  const names = [["standard", t("Standard")], ["short", t("Short")], ["long", t("Long")]];
  $("preset-choices").replaceChildren(...names.map(([key, title]) =>
    h("label", { class: "preset-choice" },
      h("input", { type: "radio", name: "preset", value: key, checked: key === "standard", onchange: () => applyPreset(key) }),
      h("span", { class: "preset-title" }, title),
      h("span", { class: "preset-note" }, t(presetNote(presets, key))))));
}

/** A preset's note (marked with N_ in lobby-options.js, translated where it is shown). */
const presetNote = (presets, key) => (key === "standard" ? presets.standard : presets[key].note);

function applyPreset(key) {
  const presets = PRESETS[game.name];
  const values = key === "standard" ? {} : presets[key].options;
  for (const c of optionControls) c.set(c.opt.name in values ? values[c.opt.name] : c.opt.default);
  for (const c of optionControls) c.check();
  markChanged(true);
}

/** The preset the options match, or null (changed by hand). */
function matchingPreset() {
  const presets = PRESETS[game.name];
  if (!presets) return null;
  for (const key of ["standard", "short", "long"]) {
    const values = key === "standard" ? {} : presets[key].options;
    if (optionControls.every((c) => JSON.stringify(c.read()) === JSON.stringify(c.opt.name in values ? values[c.opt.name] : c.opt.default)))
      return key;
  }
  return null;
}

function markChanged() {
  const changed = optionControls.filter((c) => c.changed());
  $("options-changed").textContent = changed.length ? t("({n} changed)", { n: changed.length }) : t("({n}, all default)", { n: optionControls.length });
  const preset = matchingPreset();
  for (const radio of document.querySelectorAll('input[name="preset"]')) radio.checked = radio.value === preset;
  const note = $("preset-custom");
  if (note) note.textContent = PRESETS[game.name] && !preset ? t("Custom: {options}", { options: changed.map((c) => c.label).join("; ") }) : "";
}

// -- table settings: the move clock, the other numbers ----------------------------------------------------
const SETTINGS = [
  { id: "players", label: t("Players"), check: (v) => intIn(v, game.players[0], game.players[1]) },
  { id: "seed", label: t("Seed"), check: (v) => (v === "" ? null : intIn(v, 0, 2 ** 53 - 1)) },
  { id: "takeover", label: t("Bot takes over after (seconds)"), check: (v) => (v === "" ? null : numberAtLeast(v, 0)) },
  { id: "clock-per-move", label: t("Time per move"), when: () => $("clock-on").checked, check: (v) => intIn(v, 1, Math.floor(MAX_PER_MOVE / clockUnit())) },
  { id: "spectator-delay", label: t("Spectators see the game late by (moves)"), check: (v) => intIn(v, 0, 50) },
  { id: "clock-bank", label: t("Time bank per player"), when: () => $("clock-on").checked, check: (v) => intIn(v, 0, Math.floor(MAX_BANK / clockUnit())) },
];

// The server's limits (server/clock.py): two weeks a move, a month of bank; the form counts in the unit chosen.
const MAX_PER_MOVE = 14 * 86400;
const MAX_BANK = 30 * 86400;
const clockUnit = () => Number($("clock-unit").value) || 1;

/** A span of seconds in the largest unit it fills exactly: "90 s", "5 min", "2 h", "3 d". */
function duration(seconds) {
  if (seconds >= 86400 && seconds % 86400 === 0) return t("{n} d", { n: seconds / 86400 });
  if (seconds >= 3600 && seconds % 3600 === 0) return t("{n} h", { n: seconds / 3600 });
  if (seconds >= 60 && seconds % 60 === 0) return t("{n} min", { n: seconds / 60 });
  return t("{n} s", { n: seconds });
}

function intIn(text, lo, hi) {
  const what = wholeNumber(lo, hi);
  if (text === "") return t("enter {what}", { what });
  const n = Number(text);
  if (!Number.isInteger(n)) return t("{text} is not {what}", { text, what });
  if (n < lo) return t("{n} is too small: {what}", { n, what });
  if (n > hi) return t("{n} is too large: {what}", { n, what });
  return null;
}

function numberAtLeast(text, lo) {
  const n = Number(text);
  if (!Number.isFinite(n)) return t("{text} is not a number", { text });
  return n < lo ? t("{n} is too small: {lo} or more, or empty for never", { n, lo }) : null;
}

function checkSetting(s) {
  const el = $(s.id);
  const problem = s.when && !s.when() ? null : s.check(el.value.trim());
  const box = $(`${s.id}-error`);
  if (box) box.textContent = problem ? `${s.label}: ${problem}` : "";
  el.toggleAttribute("aria-invalid", !!problem);
  return problem;
}

/** Every field's problem, in the form's order, as [label, problem, focus]. */
function problems() {
  const out = [];
  for (const s of SETTINGS.slice(0, 2)) {
    const p = checkSetting(s);
    if (p) out.push([s.label, p, () => $(s.id).focus()]);
  }
  for (const c of optionControls) {
    const p = c.check();
    if (p) out.push([c.label, p, () => {
      $("options").open = true;
      c.focus();
    }]);
  }
  for (const s of SETTINGS.slice(2)) {
    const p = checkSetting(s);
    if (p) out.push([s.label, p, () => {
      $("settings").open = true;
      $(s.id).focus();
    }]);
  }
  return out;
}

function syncClock() {
  const on = $("clock-on").checked;
  $("clock-fields").hidden = !on;
  for (const id of ["clock-per-move", "clock-bank", "clock-unit", "clock-on-expiry"]) $(id).disabled = !on;
}

async function create(event) {
  event.preventDefault();
  const errorBox = $("create-error");
  errorBox.textContent = "";
  if (!game) return;
  const wrong = problems();
  if (wrong.length) {
    // refused here, with the field named (the server would refuse it too, less kindly)
    errorBox.textContent = tn("The table was not created. Fix this field: {fields}", "The table was not created. Fix these fields: {fields}",
      wrong.length, { fields: wrong.map(([label, problem]) => `${label} — ${problem}`).join("; ") });
    wrong[0][2]();
    return;
  }
  const players = clampPlayers();
  const seats = [...$("seat-list").querySelectorAll("select")].map((s) => s.value).slice(0, players);
  const options = {};
  for (const c of optionControls) if (c.changed()) options[c.opt.name] = c.read();
  const seedText = $("seed").value.trim();
  const takeoverText = $("takeover").value.trim();
  const body = {
    game: game.name,
    players,
    options,
    seats,
    seed: seedText === "" ? null : Number(seedText),
    takeover_seconds: takeoverText === "" ? null : Number(takeoverText),
    hot_seat: $("hot-seat").checked,
    clock: $("clock-on").checked ? { per_move: Number($("clock-per-move").value) * clockUnit(), bank: Number($("clock-bank").value) * clockUnit(),
      on_expiry: $("clock-on-expiry").value } : null,
    rated: $("rated").checked,
    watchers: $("watchers").value,
    spectator_delay: Number($("spectator-delay").value || 0),
  };
  if (body.rated && !signedIn()) {
    errorBox.textContent = t("A rated game is for signed-in players: sign in first (top right).");
    return;
  }
  const button = $("create");
  button.disabled = true;
  button.textContent = t("Creating…");
  try {
    const answer = await api("/api/tables", { method: "POST", body });
    const id = answer.table.id;
    const humans = seats.map((k, i) => (k === "human" ? i : -1)).filter((i) => i >= 0);
    if (!humans.length) {
      location.assign(tableLink(id, null));
      return;
    }
    for (const seat of body.hot_seat ? humans : humans.slice(0, 1)) await joinSeat(id, seat);
    location.assign(tableLink(id, humans[0]));
  } catch (exc) {
    errorBox.textContent = exc instanceof ApiError ? t("The table was not created: {reason}", { reason: exc.message }) : String(exc);
    button.disabled = false;
    button.textContent = t("Create table and sit down");
  }
}

// -- the table list ----------------------------------------------------------------------------------
async function refreshTables() {
  let list;
  try {
    const [playing, finished] = await Promise.all([
      api("/api/tables?status=open&status=running&limit=100"),
      api("/api/tables?status=finished&limit=20"),
    ]);
    list = playing.concat(finished);
  } catch (exc) {
    $("tables-status").textContent = t("cannot reach the server ({reason}); retrying", { reason: exc.message });
    return;
  }
  $("tables-status").textContent = tn("{n} table · updated {time}", "{n} tables · updated {time}", list.length, { time: new Date().toLocaleTimeString(lang) });
  const json = JSON.stringify(list);
  if (json === lastTablesJson) return;
  lastTablesJson = json;
  renderTables(list);
}

function renderTables(list) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const groups = [
    ["open", t("Waiting for players")],
    ["running", t("Playing")],
    ["finished", t("Finished")],
  ];
  const box = $("tables");
  if (!list.length) {
    box.replaceChildren(h("p", { class: "empty" }, t("No tables yet — create one.")));
    return;
  }
  box.replaceChildren(
    ...groups.map(([status, title]) => {
      const items = list.filter((tbl) => tbl.status === status).slice(0, status === "finished" ? 20 : 100);
      if (!items.length) return null;
      return h("section", { class: `table-group ${status}`, "aria-label": title },
        h("h3", {}, title, h("span", { class: "muted" }, ` (${items.length})`)),
        h("ul", { class: "cards-list" }, items.map(tableItem)));
    }).filter(Boolean),
  );
  if (focused) {
    const again = box.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/** A table's status as its badge says it (the status itself is the API's word). */
const STATUS = { open: t("open"), running: t("running"), finished: t("finished") };

function describeOptions(tbl) {
  const g = games.find((x) => x.name === tbl.game);
  if (!g) return "";
  const changed = (g.options || []).filter((o) => JSON.stringify(tbl.options[o.name]) !== JSON.stringify(o.default));
  return changed.map((o) => `${optionLabel(tbl.game, o.name)}: ${Array.isArray(tbl.options[o.name]) ? tbl.options[o.name].length : valueLabel(tbl.game, o.name, tbl.options[o.name])}`).join(" · ");
}

function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 60) return t("just now");
  if (s < 3600) return t("{n} min ago", { n: Math.floor(s / 60) });
  if (s < 86400) return t("{n} h ago", { n: Math.floor(s / 3600) });
  return new Date(seconds * 1000).toLocaleDateString(lang);
}

function tableItem(tbl) {
  const held = tokens.seats(tbl.id);
  const seatItems = tbl.seats.map((s, i) => {
    if (s.kind !== "human") return h("li", { class: "seat-chip bot" }, t("seat {seat}: {bot} bot", { seat: i, bot: s.kind }));
    if (held.includes(i) && tbl.status !== "finished")
      return h("li", { class: "seat-chip mine" }, h("a", { class: "btn small primary", href: tableLink(tbl.id, i), dataset: { key: `back:${tbl.id}:${i}` } }, t("back to seat {seat}", { seat: i })));
    if (!s.taken && tbl.status !== "finished")
      return h("li", { class: "seat-chip free" },
        h("a", { class: "btn small primary join", href: tableLink(tbl.id, i), role: "button", dataset: { key: `join:${tbl.id}:${i}` }, "aria-label": t("Join seat {seat} of table {id}", { seat: i, id: tbl.id }) }, t("join seat {seat}", { seat: i })));
    const state = s.takeover ? t("away, {bot} bot plays", { bot: s.takeover }) : s.connected ? t("online") : s.taken ? t("away") : t("free");
    return h("li", { class: `seat-chip human${s.connected ? " online" : ""}` }, t("seat {seat}: player ({state})", { seat: i, state }));
  });
  const opts = [describeOptions(tbl),
    tbl.clock ? (tbl.clock.on_expiry === "forfeit"
      ? t("move clock: {per_move} a move, {bank} bank, out of time forfeits", { per_move: duration(tbl.clock.per_move), bank: duration(tbl.clock.bank) })
      : t("move clock: {per_move} a move, {bank} bank", { per_move: duration(tbl.clock.per_move), bank: duration(tbl.clock.bank) })) : "",
    tbl.spectator_delay ? tn("spectators {n} move late", "spectators {n} moves late", tbl.spectator_delay) : "",
    tbl.rematch_of ? t("rematch of {id}", { id: tbl.rematch_of }) : ""].filter(Boolean).join(" · ");
  return h("li", { class: `table-item ${tbl.status}`, dataset: { table: tbl.id } },
    h("div", { class: "table-head" },
      h("strong", {}, tbl.title),
      h("code", { class: "table-id" }, tbl.id),
      h("span", { class: `status-badge ${tbl.status}` }, STATUS[tbl.status] || tbl.status),
      tbl.rated ? h("span", { class: "badge rated" }, t("rated")) : null,
      tbl.watchers === "players" ? h("span", { class: "badge private" }, t("players only")) : null,
      tbl.watchers === "accounts" ? h("span", { class: "badge private" }, t("signed-in watchers")) : null,
      h("span", { class: "muted" }, [tn("{n} player", "{n} players", tbl.players), tn("{n} move", "{n} moves", tbl.actions), ago(tbl.created)].join(" · "))),
    opts ? h("p", { class: "table-options muted" }, opts) : null,
    h("ul", { class: "seat-chips", "aria-label": t("Seats") }, seatItems),
    h("div", { class: "table-actions" },
      tbl.watchers === "players" ? null : h("a", { class: "btn small", href: tableLink(tbl.id, null), dataset: { key: `watch:${tbl.id}` }, "aria-label": tbl.status === "finished" ? t("See the result and replay of table {id}", { id: tbl.id }) : t("Watch table {id}", { id: tbl.id }) },
        tbl.status === "finished" ? t("result & replay") : t("watch")),
      tbl.status === "finished" && tbl.watchers !== "players"
        ? h("a", { class: "btn small ghost", href: `/api/tables/${tbl.id}/record`, download: `${tbl.id}.jsonl` }, t("record"))
        : null),
  );
}

// -- start -------------------------------------------------------------------------------------------
$("create-form").addEventListener("submit", create);
$("clock-on").addEventListener("change", syncClock);
syncClock();
for (const setting of SETTINGS) $(setting.id).addEventListener("input", () => checkSetting(setting));
$("players").addEventListener("change", () => {
  if (!game) return;
  $("players").value = clampPlayers();
  checkSetting(SETTINGS[0]);
  renderSeats();
  for (const c of optionControls) c.check(); // e.g. MAOQY: no fewer kingdoms than players
});
$("players").addEventListener("input", () => {
  if (game && parseInt($("players").value, 10) >= game.players[0] && parseInt($("players").value, 10) <= game.players[1]) renderSeats();
});

setUpAccount();
loadGames().then(refreshTables);
setInterval(() => {
  if (!document.hidden) {
    refreshTables();
    refreshMine();
  }
}, REFRESH_MS);
setInterval(() => {
  if (!document.hidden && game) refreshBoard(game.name, game.title); // ratings change only when a rated game ends
}, 6 * REFRESH_MS);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) {
    refreshTables();
    refreshMine();
  }
});
