// The designer's workbench: pick a game's data file, edit an entry's fields (each change checked at once by the
// game's own loader on the server, the reason shown at the field), save a version, and run a paired what-if of
// two versions. The server writes only the workspace; the packaged files are never changed.
import { ApiError, api, h } from "./common.js";
import { lang, t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 700;

const state = {
  overview: null,
  game: null,
  file: null, // {name, text, key, entries, file_fields}
  saved: "", // the text as last read or saved
  checkOk: false,
  problems: [],
  entry: 0,
  job: null,
  versionsSeen: null,
  handSeed: 0,
};

// -- the workspace ----------------------------------------------------------------------------------
async function loadOverview() {
  state.overview = await api("/api/studio");
  $("workspace-path").textContent = state.overview.workspace;
  const games = state.overview.games;
  const wanted = state.game || new URLSearchParams(location.search).get("game") || games[0]?.name;
  $("game-choice").replaceChildren(...games.map((g) => h("option", { value: g.name, selected: g.name === wanted }, g.title)));
  state.game = wanted;
  renderFiles();
  renderVersions();
}

function gameInfo() {
  return state.overview.games.find((g) => g.name === state.game);
}

function renderFiles() {
  const info = gameInfo();
  $("file-list").replaceChildren(
    ...(info ? info.files : []).map((f) =>
      h("li", {},
        h("button", { type: "button", "aria-current": state.file && state.file.name === f.name ? "true" : "false", onclick: () => openFile(f.name) },
          h("span", {}, f.name),
          h("span", { class: "source", dataset: { source: f.source } }, f.source === "workspace" ? t("yours") : t("packaged"))))));
}

function renderVersions() {
  const versions = state.overview.versions;
  $("version-list").replaceChildren(
    ...(versions.length ? [...versions].reverse().map((v) =>
      h("li", {},
        h("span", {}, v.message || `${v.game}/${v.file}`), " ",
        h("span", { class: "when" }, t("v{n} · {file} · {time}", { n: v.n, file: v.file || "—", time: v.time.replace("T", " ").replace("+00:00", " UTC") }))))
      : []));
  $("no-versions").hidden = versions.length > 0;
  const options = [["packaged", t("packaged files")], ...versions.map((v) => [`v${v.n}`, t("version {n}", { n: v.n })])];
  const newest = versions.length ? `v${versions.length}` : "packaged";
  const grew = state.versionsSeen !== versions.length; // a new version: B is the newest, A what B was
  for (const [id, pick] of [["side-a", grew ? ($("side-b").value || "packaged") : null], ["side-b", grew ? newest : null]]) {
    const wanted = pick || $(id).value || (id === "side-a" ? "packaged" : newest);
    $(id).replaceChildren(...options.map(([value, label]) => h("option", { value, selected: wanted === value }, label)));
  }
  state.versionsSeen = versions.length;
}

// -- a file and its entries ----------------------------------------------------------------------------
async function openFile(name) {
  const file = await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(name)}`);
  state.file = file;
  state.saved = file.text;
  state.problems = [];
  state.checkOk = true;
  state.entry = 0;
  $("file-name").textContent = `${state.game}/${name}`;
  $("raw-text").value = file.text;
  renderFiles();
  renderEntries();
  showCheck({ ok: true, summary: t("as read"), warnings: [] }, false); // the fields were just read
  updateSave();
}

function entryLabel(e) {
  return [e.id, e.name].filter((x) => x !== null && x !== undefined).join(" · ") || t("entry {n}", { n: e.index + 1 });
}

function renderEntries() {
  const f = state.file;
  const choices = [];
  if (f.file_fields.length) choices.push(h("option", { value: "-1", selected: state.entry === -1 }, t("the file itself")));
  for (const e of f.entries) choices.push(h("option", { value: String(e.index), selected: e.index === state.entry }, entryLabel(e)));
  $("entry-choice").replaceChildren(...choices);
  if (!f.entries.length) state.entry = -1;
  renderForm();
}

function currentFields() {
  const f = state.file;
  if (!f) return [];
  return state.entry === -1 ? f.file_fields : (f.entries[state.entry]?.fields || []);
}

function problemFor(field) {
  const key = state.file.key;
  return state.problems.find((p) => {
    if (!p.field || p.field !== field.path) return false;
    if (state.entry === -1) return !p.entry || !/ at \w+\[\d+\]/.test(p.entry);
    return p.entry && p.entry.endsWith(` at ${key}[${state.entry}]`);
  });
}

function renderForm() {
  const filter = $("field-filter").value.trim().toLowerCase();
  const fields = currentFields().filter((f) => !filter || f.path.toLowerCase().includes(filter));
  $("entry-form").replaceChildren(...fields.map((field) => fieldControl(field)));
}

function fieldControl(field) {
  const problem = problemFor(field);
  const id = `field-${field.path.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  let input;
  if (field.type === "bool") {
    input = h("input", { id, type: "checkbox", checked: field.value === true, dataset: { path: field.path } });
  } else if (field.type === "int" || field.type === "float") {
    input = h("input", { id, type: "number", step: field.type === "int" ? "1" : "any", value: String(field.value), inputmode: "numeric", dataset: { path: field.path } });
  } else {
    input = h("input", { id, type: "text", value: field.value === null ? "" : String(field.value), dataset: { path: field.path } });
  }
  input.addEventListener("change", () => changeField(field, input));
  const error = problem ? h("span", { class: "field-error", id: `${id}-error` }, problem.reason) : null;
  if (problem) {
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", `${id}-error`);
  }
  return h("label", { class: `${field.type === "bool" ? "bool" : ""} ${problem ? "bad" : ""}`.trim() }, h("span", {}, field.path), input, error);
}

function valueOf(field, input) {
  if (field.type === "bool") return input.checked;
  if (field.type === "int" || field.type === "float") {
    const text = input.value.trim();
    const n = Number(text);
    return text !== "" && Number.isFinite(n) ? n : text; // a text the loader refuses, naming the field
  }
  return input.value;
}

async function changeField(field, input) {
  const body = { text: state.file.text, entry: state.entry === -1 ? null : state.entry, path: field.parts, value: valueOf(field, input) };
  field.value = body.value; // the form shows what was typed until the text is read again
  try {
    const result = await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(state.file.name)}/edit`, { method: "POST", body });
    applyText(result.text);
    showCheck(result);
  } catch (exc) {
    if (exc instanceof ApiError && exc.status === 422 && exc.data && exc.data.text) {
      applyText(exc.data.text);
      showCheck({ ok: false, ...exc.data });
    } else {
      showCheck({ ok: false, error: exc.message, problems: [] });
    }
  }
}

function applyText(text) {
  state.file.text = text;
  $("raw-text").value = text;
}

async function refreshEntries() {
  // the fields as the text now holds them (a value changed: its own field re-read, the others kept)
  const parsed = await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(state.file.name)}/entries`, { method: "POST", body: { text: state.file.text } });
  Object.assign(state.file, { key: parsed.key, entries: parsed.entries, file_fields: parsed.file_fields });
}

async function checkRaw() {
  const text = $("raw-text").value;
  state.file.text = text;
  try {
    showCheck(await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(state.file.name)}/check`, { method: "POST", body: { text } }));
  } catch (exc) {
    showCheck({ ok: false, ...(exc.data || {}), error: exc.message });
  }
}

function showCheck(result, reread = true) {
  state.checkOk = !!result.ok;
  state.problems = result.ok ? [] : (result.problems || []);
  const box = $("check-result");
  if (result.ok) {
    box.replaceChildren(h("span", { class: "ok" }, t("✓ valid: {summary}", { summary: result.summary })),
      ...(result.warnings || []).map((w) => h("div", { class: "bad" }, t("warning: {text}", { text: w }))));
  } else {
    const problems = result.problems && result.problems.length ? result.problems : [{ reason: result.error }];
    box.replaceChildren(h("span", { class: "bad" }, t("✗ not saved: the game cannot load this")),
      h("ul", {}, ...problems.map((p) => h("li", {}, [p.entry, p.field && t("field {field}", { field: p.field }), p.line && t("line {line}", { line: p.line })].filter(Boolean).join(", ") + (p.entry || p.field || p.line ? ": " : "") + p.reason))));
  }
  if (state.file) {
    renderForm(); // the fields' marks at once; their values once the text is read again
    if (reread) {
      const before = JSON.stringify(currentFields());
      refreshEntries().then(() => {
        if (JSON.stringify(currentFields()) !== before) renderForm(); // (an unchanged form is left as it is)
      }, () => {});
    }
    showStats();
  }
  updateSave();
}

// -- a deck's statistics (Mítosz) -------------------------------------------------------------------------
const words = (key) => t(String(key).replace(/_/g, " ")); // a card type or sphere in the game's words

function chips(id, counts) {
  $(id).replaceChildren(...Object.entries(counts).map(([key, n]) => h("li", {}, `${words(key)} `, h("b", {}, String(n)))));
}

async function showStats() {
  const box = $("deck-stats");
  if (!state.file || !state.checkOk) {
    box.hidden = true;
    return;
  }
  let answer;
  try {
    answer = await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(state.file.name)}/stats?seed=${state.handSeed}`, { method: "POST", body: { text: state.file.text } });
  } catch {
    box.hidden = true;
    return;
  }
  const s = answer.stats;
  box.hidden = !s;
  if (!s) return;
  $("stats-summary").textContent = t("{deck}: {n} cards and the high god {god}", { deck: s.deck, n: s.size, god: s.high_god });
  chips("stats-types", s.by_type);
  chips("stats-mythologies", s.by_mythology);
  chips("stats-spheres", s.sphere_costs);
  chips("stats-levels", Object.fromEntries(Object.entries(s.level_curve).map(([level, n]) => [t("level {n}", { n: level }), n])));
  $("stats-hand").replaceChildren(...s.sample_hand.map((c) => h("li", {}, c.name)));
  const head = h("tr", {}, h("th", {}, t("card")), h("th", {}, t("copies")),
    ...s.cards_seen_by_turn.map((seen, i) => h("th", { title: tn("{n} card seen", "{n} cards seen", seen) }, t("turn {n}", { n: i + 1 }))));
  $("stats-odds").replaceChildren(h("thead", {}, head), h("tbody", {}, ...s.odds.map((r) =>
    h("tr", {}, h("td", {}, r.name), h("td", {}, String(r.copies)), ...r.by_turn.map((p) => h("td", {}, pct(p)))))));
}

function updateSave() {
  $("save").disabled = !(state.file && state.checkOk && state.file.text !== state.saved);
}

async function save() {
  const body = { text: state.file.text, message: $("save-message").value };
  try {
    const result = await api(`/api/studio/${encodeURIComponent(state.game)}/files/${encodeURIComponent(state.file.name)}`, { method: "PUT", body });
    state.saved = state.file.text;
    $("save-message").value = "";
    await loadOverview();
    $("check-result").replaceChildren(h("span", { class: "ok" }, t("✓ saved as version {n}: {summary}", { n: result.version.n, summary: result.summary })));
    updateSave();
  } catch (exc) {
    showCheck({ ok: false, ...(exc.data || {}), error: exc.message });
  }
}

// -- what-if ------------------------------------------------------------------------------------------
async function runWhatIf() {
  const games = Number($("whatif-games").value);
  try {
    state.job = await api("/api/studio/whatif", { method: "POST", body: { game: state.game, a: $("side-a").value, b: $("side-b").value, games } });
  } catch (exc) {
    $("whatif-status").textContent = exc.message;
    return;
  }
  $("whatif-run").disabled = true;
  $("whatif-stop").hidden = false;
  $("whatif-progress").hidden = false;
  $("whatif-result").replaceChildren();
  poll();
}

async function poll() {
  const job = await api(`/api/studio/whatif/${state.job.id}`);
  state.job = job;
  $("whatif-progress").max = job.planned;
  $("whatif-progress").value = job.done;
  $("whatif-status").textContent = tn("{done} of {n} paired game played ({seconds} s)", "{done} of {n} paired games played ({seconds} s)", job.planned, { done: job.done, seconds: job.seconds });
  if (job.state === "running") {
    setTimeout(poll, POLL_MS);
    return;
  }
  $("whatif-run").disabled = false;
  $("whatif-stop").hidden = true;
  if (job.state === "failed") {
    $("whatif-status").textContent = t("the what-if failed: {error}", { error: job.error });
    return;
  }
  showResult(job);
}

// a share as the reader writes it (40.0% / 40,0 % / 40,0%), signed where it is a difference
const shares = new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const differences = new Intl.NumberFormat(lang, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "always" });

function pct(x, signed = false) {
  if (x === null || x === undefined) return "—";
  return (signed ? differences : shares).format(x);
}

function showResult(job) {
  const n = job.numbers;
  const rows = n.paired.map((r) => {
    const rate = r.key !== "actions";
    const show = (x, s) => (rate ? pct(x, s) : (s && x >= 0 ? "+" : "") + (x === null ? "—" : x.toFixed(1)));
    const interval = (p) => (p[0] === null ? "—" : `${show(p[0], true)} … ${show(p[1], true)}`);
    return h("tr", { class: r.clear ? "clear" : "" }, h("td", {}, r.metric), h("td", {}, show(r.a)), h("td", {}, show(r.b)), h("td", {}, show(r.difference, true)), h("td", {}, interval(r.ci95)));
  });
  $("whatif-status").textContent = job.state === "stopped"
    ? t("stopped: {done} of {n} pairs played, the numbers below are of those", { done: n.games_paired, n: job.planned })
    : t("done: {n} paired games, {same} came out the same on both sides", { n: n.games_paired, same: n.unchanged_games });
  $("whatif-result").replaceChildren(
    h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "A"), h("th", {}, "B"), h("th", {}, t("B − A")), h("th", {}, t("paired 95 %")))), h("tbody", {}, ...rows)),
    h("p", { class: "hint" }, t("Bold: the interval leaves out 0, a change these games show clearly.")),
    h("a", { href: `/studio/whatif/${job.id}`, target: "_blank", rel: "noopener" }, t("Open the full result (plots, both reports)")));
}

async function stopWhatIf() {
  if (state.job) await api(`/api/studio/whatif/${state.job.id}/stop`, { method: "POST" });
}

// -- wiring ---------------------------------------------------------------------------------------------
$("game-choice").addEventListener("change", () => {
  state.game = $("game-choice").value;
  state.file = null;
  renderFiles();
});
$("entry-choice").addEventListener("change", () => {
  state.entry = Number($("entry-choice").value);
  renderForm();
});
$("field-filter").addEventListener("input", renderForm);
let rawTimer = null;
$("raw-text").addEventListener("input", () => {
  clearTimeout(rawTimer);
  rawTimer = setTimeout(checkRaw, 400);
});
$("save").addEventListener("click", save);
$("stats-another").addEventListener("click", () => {
  state.handSeed += 1;
  showStats();
});
$("whatif-run").addEventListener("click", runWhatIf);
$("whatif-stop").addEventListener("click", stopWhatIf);

loadOverview().catch((exc) => {
  $("check-result").replaceChildren(h("span", { class: "bad" }, t("Cannot load the workspace: {reason}", { reason: exc.message })));
});
