// The lobby: pick a game, set up seats and options, create a table and sit down; list the tables.
import { ApiError, api, h, joinSeat, tableLink, tokens } from "./common.js";

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

/**
 * One control per option, built from its description: `allowed` reads like "'may' or 'must'",
 * "1 or 2", "an integer from 1 to 39", "'auto' or an integer from 0 to 38" or "true or false".
 */
function optionControl(opt) {
  const allowed = String(opt.allowed || "");
  const words = [...allowed.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  const range = allowed.match(/integer from (-?\d+) to (-?\d+)/);
  const atLeast = allowed.match(/integer\s*(?:≥|>=|of at least)\s*(-?\d+)/);
  const isInt = !!(range || atLeast || /integer/.test(allowed));
  const bareNumbers = !words.length && !isInt ? (allowed.match(/-?\d+(?:\.\d+)?/g) || []).map(Number) : [];
  const id = `opt-${opt.name}`;
  const def = opt.default;
  let input;
  let read;

  const numberInput = (extra = {}) =>
    h("input", {
      type: "number",
      inputmode: "numeric",
      step: 1,
      min: range ? range[1] : atLeast ? atLeast[1] : null,
      max: range ? range[2] : null,
      ...extra,
    });

  if (opt.text) {
    const known = Array.isArray(opt.known) ? opt.known : [];
    const field = h("input", { type: "text", id, value: def ?? "", maxlength: opt.max_length,
      list: known.length ? `${id}-known` : null, autocomplete: "off" });
    read = () => field.value; // free text is sent as typed, never read as JSON
    // the names the server knows today (decks, boards): offered, not imposed (a new file is found by name)
    input = known.length ? h("span", { class: "combo" }, field, h("datalist", { id: `${id}-known` },
      known.map((name) => h("option", { value: name })))) : field;
  } else if (typeof def === "boolean") {
    input = h("input", { type: "checkbox", id, checked: def });
    read = () => input.checked;
  } else if (words.length && !isInt) {
    input = h("select", { id }, words.map((w) => h("option", { value: w, selected: w === def }, w)));
    read = () => input.value;
  } else if (bareNumbers.length) {
    input = h("select", { id }, bareNumbers.map((v) => h("option", { value: v, selected: v === def }, v)));
    read = () => Number(input.value);
  } else if (isInt && !words.length) {
    input = numberInput({ id, value: def });
    read = () => (input.value === "" ? def : Number(input.value));
  } else if (isInt) {
    // a word or a number, e.g. 'auto' or 0–38
    const select = h("select", { id, "aria-label": `${opt.name}: kind of value` },
      words.map((w) => h("option", { value: w, selected: w === def }, w)),
      h("option", { value: "#number", selected: typeof def === "number" }, "a number…"));
    const num = numberInput({ "aria-label": `${opt.name}: number`, value: typeof def === "number" ? def : range ? range[1] : atLeast ? atLeast[1] : 0 });
    const sync = () => (num.hidden = select.value !== "#number");
    select.addEventListener("change", sync);
    sync();
    input = h("span", { class: "combo" }, select, num);
    read = () => (select.value === "#number" ? Number(num.value) : select.value);
  } else {
    input = h("input", { type: "text", id, value: typeof def === "string" ? def : JSON.stringify(def) });
    read = () => {
      try {
        return JSON.parse(input.value);
      } catch {
        return input.value;
      }
    };
  }
  const wrapper = h("div", { class: "option", dataset: { option: opt.name } },
    h("label", { for: id, class: "option-name" }, opt.name.replace(/_/g, " ")),
    input,
    h("small", { class: "hint" }, opt.doc, opt.rule ? h("span", { class: "rule" }, ` (${opt.rule})`) : null, ` — ${allowed}; default ${JSON.stringify(def)}`),
  );
  wrapper.addEventListener("change", markChanged);
  wrapper.addEventListener("input", markChanged);
  return { opt, el: wrapper, read, changed: () => JSON.stringify(read()) !== JSON.stringify(def) };
}

function renderOptions() {
  optionControls = (game.options || []).map(optionControl);
  $("option-list").replaceChildren(...optionControls.map((c) => c.el));
  markChanged();
}

function markChanged() {
  const n = optionControls.filter((c) => c.changed()).length;
  $("options-changed").textContent = n ? `(${n} changed)` : `(${optionControls.length}, all default)`;
}

async function create(event) {
  event.preventDefault();
  const errorBox = $("create-error");
  errorBox.textContent = "";
  if (!game) return;
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
  return changed.map((o) => `${o.name.replace(/_/g, " ")} ${JSON.stringify(t.options[o.name])}`).join(" · ");
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
  const opts = describeOptions(t);
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
$("players").addEventListener("change", () => {
  if (!game) return;
  $("players").value = clampPlayers();
  renderSeats();
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
