// The lobby's control for one game option, built from its description (lobby.js uses it): a select,
// a checkbox, a number, a list of checkboxes or a text field, with a plain label and a line of help.
import { h } from "./common.js";
import { t } from "./i18n.js";
import { optionLabel, valueLabel } from "./lobby-options.js";

/**
 * One control per option, built from its description: `allowed` reads like "'may' or 'must'",
 * "1 or 2", "an integer from 1 to 39", "'auto' or an integer from 0 to 38", "true or false", "one of: a, b"
 * (with `known`: a select), "names separated by commas, from: a, b" or "a list of distinct … from a, b"
 * (checkboxes). Each control reads, sets (presets) and checks its value (inline validation).
 * ``gameName`` chooses the labels, ``onChange()`` is called on every change, ``players()`` gives the
 * chosen number of players (a list of kingdoms must hold at least one per player).
 */
export function optionControl(opt, { gameName, onChange, players: playerCount }) {
  const allowed = String(opt.allowed || "");
  const words = [...allowed.matchAll(/'([^']*)'/g)].map((m) => m[1]);
  const range = allowed.match(/integer from (-?\d+) to (-?\d+)/);
  const atLeast = allowed.match(/integer\s*(?:≥|>=|of at least)\s*(-?\d+)/);
  const isInt = !!(range || atLeast || /integer/.test(allowed));
  const listFrom = allowed.match(/^a list of distinct .*? from (.+)$/);
  const bareNumbers = !words.length && !isInt && !listFrom ? (allowed.match(/-?\d+(?:\.\d+)?/g) || []).map(Number) : [];
  const known = Array.isArray(opt.known) ? opt.known : [];
  const several = opt.several === true || /separated by commas/.test(allowed);
  const id = `opt-${opt.name}`;
  const label = optionLabel(gameName, opt.name);
  const def = opt.default;
  const lo = range ? Number(range[1]) : atLeast ? Number(atLeast[1]) : null;
  const hi = range ? Number(range[2]) : null;
  let input;
  let read;
  let set;
  let validate = () => null;
  let focusTarget = null;

  const numberInput = (extra = {}) =>
    h("input", { type: "number", inputmode: "numeric", step: 1, min: lo, max: hi, ...extra });
  const checkNumber = (el) => {
    const text = el.value.trim();
    const what = wholeNumber(lo, hi);
    if (text === "") return t("enter {what}", { what });
    const n = Number(text);
    if (!Number.isInteger(n)) return t("{text} is not {what}", { text, what });
    if (lo !== null && n < lo) return t("{n} is too small: {what}", { n, what });
    if (hi !== null && n > hi) return t("{n} is too large: {what}", { n, what });
    return null;
  };
  const checkboxes = (names, chosen, nameOf = (x) => x) => {
    const boxes = names.map((name) => h("input", { type: "checkbox", value: name, checked: chosen.includes(name) }));
    const group = h("span", { class: "choices", role: "group", id, "aria-label": label },
      names.map((name, i) => h("label", { class: "choice" }, boxes[i], h("span", {}, nameOf(name)))));
    return { group, boxes };
  };

  if (opt.text && known.length && several) {
    // names separated by commas (muhq's card sets): one checkbox per known name
    const chosen = String(def ?? "").split(",").map((x) => x.trim()).filter(Boolean);
    const { group, boxes } = checkboxes(known, chosen);
    input = group;
    // in the default's order first (the draft pool's order follows the list: the default stays the default)
    const order = [...chosen, ...known.filter((name) => !chosen.includes(name))];
    read = () => order.filter((name) => boxes.find((b) => b.value === name).checked).join(",");
    set = (v) => {
      const names = String(v).split(",").map((x) => x.trim());
      boxes.forEach((b) => (b.checked = names.includes(b.value)));
    };
    validate = () => (boxes.some((b) => b.checked) ? null : t("choose at least one"));
    focusTarget = boxes[0];
  } else if (opt.text && known.length) {
    // one of the names the server knows (decks, boards): a real choice
    input = h("select", { id }, known.map((name) => h("option", { value: name, selected: name === def }, name)));
    read = () => input.value;
    set = (v) => (input.value = v);
  } else if (opt.text) {
    input = h("input", { type: "text", id, value: def ?? "", maxlength: opt.max_length, autocomplete: "off" });
    read = () => input.value; // free text is sent as typed, never read as JSON
    set = (v) => (input.value = v);
    validate = () => (opt.max_length && input.value.length > opt.max_length ? t("at most {n} characters", { n: opt.max_length }) : null);
  } else if (listFrom && Array.isArray(def)) {
    // a list of distinct names (MAOQY's kingdoms): checkboxes, in the order given
    const names = listFrom[1].split(/,\s*/).map((x) => x.trim()).filter(Boolean);
    const { group, boxes } = checkboxes(names, def);
    input = group;
    read = () => boxes.filter((b) => b.checked).map((b) => b.value);
    set = (v) => boxes.forEach((b) => (b.checked = v.includes(b.value)));
    validate = () => {
      const n = read().length;
      const players = playerCount();
      if (!n) return t("choose at least one");
      if (n < players) return t("{players} players need at least {players}; {n} chosen", { players, n });
      return null;
    };
    focusTarget = boxes[0];
  } else if (typeof def === "boolean") {
    input = h("input", { type: "checkbox", id, checked: def });
    read = () => input.checked;
    set = (v) => (input.checked = !!v);
  } else if (words.length && !isInt) {
    input = h("select", { id }, words.map((w) => h("option", { value: w, selected: w === def }, valueLabel(gameName, opt.name, w))));
    read = () => input.value;
    set = (v) => (input.value = v);
  } else if (bareNumbers.length) {
    input = h("select", { id }, bareNumbers.map((v) => h("option", { value: v, selected: v === def }, v)));
    read = () => Number(input.value);
    set = (v) => (input.value = String(v));
  } else if (isInt && !words.length) {
    input = numberInput({ id, value: def });
    read = () => (input.value.trim() === "" ? def : Number(input.value));
    set = (v) => (input.value = String(v));
    validate = () => checkNumber(input);
  } else if (isInt) {
    // a word or a number, e.g. 'auto' or 0–38
    const select = h("select", { id, "aria-label": t("{label}: kind of value", { label }) },
      words.map((w) => h("option", { value: w, selected: w === def }, valueLabel(gameName, opt.name, w))),
      h("option", { value: "#number", selected: typeof def === "number" }, t("a number…")));
    const num = numberInput({ "aria-label": t("{label}: number", { label }), value: typeof def === "number" ? def : lo ?? 0 });
    const sync = () => (num.hidden = select.value !== "#number");
    select.addEventListener("change", sync);
    sync();
    input = h("span", { class: "combo" }, select, num);
    read = () => (select.value === "#number" ? Number(num.value) : select.value);
    set = (v) => {
      if (typeof v === "number") {
        select.value = "#number";
        num.value = String(v);
      } else select.value = v;
      sync();
    };
    validate = () => (select.value === "#number" ? checkNumber(num) : null);
    focusTarget = select;
  } else {
    input = h("input", { type: "text", id, value: typeof def === "string" ? def : JSON.stringify(def) });
    read = () => {
      try {
        return JSON.parse(input.value);
      } catch {
        return input.value;
      }
    };
    set = (v) => (input.value = typeof v === "string" ? v : JSON.stringify(v));
  }
  const errorEl = h("small", { class: "field-error", id: `${id}-error`, role: "status" });
  const helpId = `${id}-help`;
  const help = h("small", { class: "hint", id: helpId }, sentence(opt.doc),
    opt.rule ? h("span", { class: "rule" }, ` (${opt.rule})`) : null,
    h("span", { class: "default" }, " ", t("Default: {value}.", { value: describeValue(opt, def, gameName) })));
  const nameEl = input.tagName === "SPAN" && input.classList.contains("choices")
    ? h("span", { class: "option-name", id: `${id}-label` }, label)
    : h("label", { for: focusTarget && focusTarget.id ? focusTarget.id : id, class: "option-name" }, label);
  if (nameEl.tagName === "SPAN") input.setAttribute("aria-labelledby", `${id}-label`);
  for (const el of input.querySelectorAll ? [input, ...input.querySelectorAll("input, select")] : [input]) {
    if (el.matches && el.matches("input, select")) el.setAttribute("aria-describedby", `${helpId} ${id}-error`);
  }
  const wrapper = h("div", { class: "option", dataset: { option: opt.name } }, nameEl, input, help, errorEl);
  const control = { opt, el: wrapper, read, set, label, focus: () => (focusTarget || input.querySelector?.("input, select") || input).focus(),
    changed: () => JSON.stringify(read()) !== JSON.stringify(def) };
  control.check = () => {
    const problem = validate();
    errorEl.textContent = problem ? `${label}: ${problem}` : "";
    wrapper.classList.toggle("invalid", !!problem);
    for (const el of [input, ...(input.querySelectorAll ? input.querySelectorAll("input, select") : [])])
      if (el.matches && el.matches("input, select")) el.toggleAttribute("aria-invalid", !!problem);
    return problem;
  };
  const onEdit = () => {
    control.check();
    onChange();
  };
  wrapper.addEventListener("change", onEdit);
  wrapper.addEventListener("input", onEdit);
  return control;
}

export function sentence(text) {
  const s = String(text || "").trim();
  if (!s) return "";
  return s[0].toUpperCase() + s.slice(1) + (/[.!?)]$/.test(s) ? "" : ".");
}

/** "a whole number from 1 to 39", "… of at least 0", "a whole number": what a number field takes. */
export function wholeNumber(lo, hi) {
  if (lo !== null && lo !== undefined && hi !== null && hi !== undefined) return t("a whole number from {lo} to {hi}", { lo, hi });
  if (lo !== null && lo !== undefined) return t("a whole number of at least {lo}", { lo });
  return t("a whole number");
}

export function describeValue(opt, value, gameName) {
  if (typeof value === "boolean") return value ? t("yes") : t("no");
  if (Array.isArray(value)) return value.length > 4 ? t("all {n}", { n: value.length }) : value.join(", ");
  return valueLabel(gameName, opt.name, value);
}
