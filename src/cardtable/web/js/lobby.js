// The lobby: pick a game, set up seats and options, create a table and sit down; list the tables.
import { ApiError, api, h, joinSeat, tableLink, tokens } from "./common.js";
import { optionControl } from "./lobby-controls.js";
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
    $("games").replaceChildren(h("p", { class: "form-error" }, `Cannot load the games: ${exc.message}`));
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  $("games").replaceChildren(
    ...games.map((g, i) =>
      h("label", { class: "game-choice" },
        h("input", { type: "radio", name: "game", value: g.name, checked: wanted ? g.name === wanted : i === 0, "aria-label": g.title, "aria-describedby": `game-summary-${g.name}`, onchange: () => chooseGame(g.name) }),
        h("span", { class: "game-title", "aria-hidden": "true" }, g.title),
        h("span", { class: "game-summary", id: `game-summary-${g.name}` }, g.summary),
        h("span", { class: "game-players" }, g.players[0] === g.players[1] ? `${g.players[0]} player${g.players[0] === 1 ? "" : "s"}` : `${g.players[0]}–${g.players[1]} players`)),
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
        h("span", {}, `Seat ${i}`),
        h("select", { name: `seat-${i}`, "data-seat": i, "aria-label": `Seat ${i}` },
          ["human", ...bots].map((kind) => {
            const info = (game.bot_info || []).find((b) => b.name === kind);
            const label = kind === "human" ? "human" : `${info ? info.label : kind} bot`;
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
  const names = [["standard", "Standard"], ["short", "Short"], ["long", "Long"]];
  $("preset-choices").replaceChildren(...names.map(([key, title]) =>
    h("label", { class: "preset-choice" },
      h("input", { type: "radio", name: "preset", value: key, checked: key === "standard", onchange: () => applyPreset(key) }),
      h("span", { class: "preset-title" }, title),
      h("span", { class: "preset-note" }, key === "standard" ? presets.standard : presets[key].note))));
}

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
  $("options-changed").textContent = changed.length ? `(${changed.length} changed)` : `(${optionControls.length}, all default)`;
  const preset = matchingPreset();
  for (const radio of document.querySelectorAll('input[name="preset"]')) radio.checked = radio.value === preset;
  const note = $("preset-custom");
  if (note) note.textContent = PRESETS[game.name] && !preset ? `Custom: ${changed.map((c) => c.label).join("; ")}` : "";
}

// -- table settings: the move clock, the other numbers ----------------------------------------------------
const SETTINGS = [
  { id: "players", label: "Players", check: (v) => intIn(v, game.players[0], game.players[1]) },
  { id: "seed", label: "Seed", check: (v) => (v === "" ? null : intIn(v, 0, 2 ** 53 - 1)) },
  { id: "takeover", label: "Bot takes over after (seconds)", check: (v) => (v === "" ? null : numberAtLeast(v, 0)) },
  { id: "clock-per-move", label: "Time per move (seconds)", when: () => $("clock-on").checked, check: (v) => intIn(v, 1, 3600) },
  { id: "clock-bank", label: "Time bank (seconds)", when: () => $("clock-on").checked, check: (v) => intIn(v, 0, 36000) },
];

function intIn(text, lo, hi) {
  if (text === "") return `enter a whole number from ${lo} to ${hi}`;
  const n = Number(text);
  if (!Number.isInteger(n)) return `${text} is not a whole number from ${lo} to ${hi}`;
  if (n < lo) return `${n} is too small: a whole number from ${lo} to ${hi}`;
  if (n > hi) return `${n} is too large: a whole number from ${lo} to ${hi}`;
  return null;
}

function numberAtLeast(text, lo) {
  const n = Number(text);
  if (!Number.isFinite(n)) return `${text} is not a number`;
  return n < lo ? `${n} is too small: ${lo} or more, or empty for never` : null;
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
  for (const id of ["clock-per-move", "clock-bank"]) $(id).disabled = !on;
}

async function create(event) {
  event.preventDefault();
  const errorBox = $("create-error");
  errorBox.textContent = "";
  if (!game) return;
  const wrong = problems();
  if (wrong.length) {
    // refused here, with the field named (the server would refuse it too, less kindly)
    errorBox.textContent = `The table was not created. Fix ${wrong.length === 1 ? "this field" : "these fields"}: ` +
      wrong.map(([label, problem]) => `${label} — ${problem}`).join("; ");
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
    clock: $("clock-on").checked ? { per_move: Number($("clock-per-move").value), bank: Number($("clock-bank").value) } : null,
  };
  const button = $("create");
  button.disabled = true;
  button.textContent = "Creating…";
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
    errorBox.textContent = exc instanceof ApiError ? `The table was not created: ${exc.message}` : String(exc);
    button.disabled = false;
    button.textContent = "Create table and sit down";
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
    $("tables-status").textContent = `cannot reach the server (${exc.message}); retrying`;
    return;
  }
  $("tables-status").textContent = `${list.length} table${list.length === 1 ? "" : "s"} · updated ${new Date().toLocaleTimeString()}`;
  const json = JSON.stringify(list);
  if (json === lastTablesJson) return;
  lastTablesJson = json;
  renderTables(list);
}

function renderTables(list) {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const groups = [
    ["open", "Waiting for players"],
    ["running", "Playing"],
    ["finished", "Finished"],
  ];
  const box = $("tables");
  if (!list.length) {
    box.replaceChildren(h("p", { class: "empty" }, "No tables yet — create one."));
    return;
  }
  box.replaceChildren(
    ...groups.map(([status, title]) => {
      const items = list.filter((t) => t.status === status).slice(0, status === "finished" ? 20 : 100);
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

function describeOptions(t) {
  const g = games.find((x) => x.name === t.game);
  if (!g) return "";
  const changed = (g.options || []).filter((o) => JSON.stringify(t.options[o.name]) !== JSON.stringify(o.default));
  return changed.map((o) => `${optionLabel(t.game, o.name)}: ${Array.isArray(t.options[o.name]) ? t.options[o.name].length : valueLabel(t.game, o.name, t.options[o.name])}`).join(" · ");
}

function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(seconds * 1000).toLocaleDateString();
}

function tableItem(t) {
  const held = tokens.seats(t.id);
  const seatItems = t.seats.map((s, i) => {
    if (s.kind !== "human") return h("li", { class: "seat-chip bot" }, `seat ${i}: ${s.kind} bot`);
    if (held.includes(i) && t.status !== "finished")
      return h("li", { class: "seat-chip mine" }, h("a", { class: "btn small primary", href: tableLink(t.id, i), dataset: { key: `back:${t.id}:${i}` } }, `back to seat ${i}`));
    if (!s.taken && t.status !== "finished")
      return h("li", { class: "seat-chip free" },
        h("a", { class: "btn small primary join", href: tableLink(t.id, i), role: "button", dataset: { key: `join:${t.id}:${i}` }, "aria-label": `Join seat ${i} of table ${t.id}` }, `join seat ${i}`));
    const state = s.takeover ? `away, ${s.takeover} bot plays` : s.connected ? "online" : s.taken ? "away" : "free";
    return h("li", { class: `seat-chip human${s.connected ? " online" : ""}` }, `seat ${i}: player (${state})`);
  });
  const opts = [describeOptions(t),
    t.clock ? `move clock: ${t.clock.per_move} s a move, ${t.clock.bank} s bank` : "",
    t.rematch_of ? `rematch of ${t.rematch_of}` : ""].filter(Boolean).join(" · ");
  return h("li", { class: `table-item ${t.status}`, dataset: { table: t.id } },
    h("div", { class: "table-head" },
      h("strong", {}, t.title),
      h("code", { class: "table-id" }, t.id),
      h("span", { class: `status-badge ${t.status}` }, t.status),
      h("span", { class: "muted" }, `${t.players} players · ${t.actions} moves · ${ago(t.created)}`)),
    opts ? h("p", { class: "table-options muted" }, opts) : null,
    h("ul", { class: "seat-chips", "aria-label": "Seats" }, seatItems),
    h("div", { class: "table-actions" },
      h("a", { class: "btn small", href: tableLink(t.id, null), dataset: { key: `watch:${t.id}` }, "aria-label": `${t.status === "finished" ? "See the result and replay of" : "Watch"} table ${t.id}` },
        t.status === "finished" ? "result & replay" : "watch"),
      t.status === "finished"
        ? h("a", { class: "btn small ghost", href: `/api/tables/${t.id}/record`, download: `${t.id}.jsonl` }, "record")
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

loadGames().then(refreshTables);
setInterval(() => {
  if (!document.hidden) refreshTables();
}, REFRESH_MS);
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) refreshTables();
});
