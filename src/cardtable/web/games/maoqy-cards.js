// MAOQY's cards (spec 2.1-2.3, cards.py) and the pieces the table is drawn with: card faces and backs by
// kingdom, kingdom chips, street bars, rows, badges; the legal moves indexed by what they act on.
import { h } from "../js/common.js";
import { t, tn, lang } from "../js/i18n.js";
import { fullText } from "./board-kit.js";

// -- the cards (spec 2.1-2.3, cards.py): card ID = kingdom index × 17 + number − 1 ----------------------
// The server does not send the catalogue; like Mojo's renderer this one carries the (static) data.
export const KINGDOMS = ["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white", "black"];
export const KINGDOMS_DE = ["Rot", "Türkis", "Blau", "Braun", "Violett", "Gold", "Grün", "Orange", "Silber", "Gelb", "Weiss", "Schwarz"];
export const COMPLEMENT = [6, 3, 9, 1, 7, 8, 0, 4, 5, 2, 11, 10];
// Three letters on each card, so that a kingdom never rests on its colour alone.
export const CODES = ["RED", "TRQ", "BLU", "BRN", "VIO", "GLD", "GRN", "ORG", "SLV", "YEL", "WHT", "BLK"];
export const FIGURES = ["Beggar", "Farmer", "Smith", "Merchant", "Fisher", "Scribe", "Messenger", "Healer", "Fighter", "Priest",
  "Ruler", "Minister", "Joker", "Cook", "Explorer", "Pupil", "Scholar"];
export const FIGURES_DE = ["Bettler", "Bauer", "Schmied", "Händler", "Fischer", "Schreiber", "Bote", "Heiler", "Kämpfer",
  "Priester", "Herrscher", "Minister", "Joker", "Koch", "Forscher", "Schüler", "Gelehrter"];
export const PER_KINGDOM = 17;
export const STANDARD = 204;
// extra_cards = "website" (MAOQY-9): IDs from 204, numbers from 18, no kingdom (their backs show "extra").
export const EXTRA = ["Der Leopard", "Die Kirche", "Das Gericht", "Der Friedhof", "Die Festung", "Höhere Macht", "Seelenplan",  // i18n: no
  "Ich", "Familie", "Verwandte", "Bekannte", "Freunde", "Die Bühne", "Zeiten", "Ereignisse", "Zeiträume",  // i18n: no
  "Gewalten", "Sterne", "Monde", "Planeten", "Kometen", "Galaxien", "Gegner", "Vorgesetzte", "Untergebene",  // i18n: no
  "Vorfahren", "Nachfahren", "Der Spielplatz", "Die Jahreszeiten", "Das Universum", "Das Wurmloch",  // i18n: no
  "Das schwarze Loch", "Der Ring", "Das Tor", "Die Tür"];  // i18n: no
export const OTHER_KINGDOMS = ["humans", "earthly", "cosmos", "nature"];

// -- names as the reader reads them: English the data names, German the rulebook's, Hungarian translated ---
const KINGDOM_TITLES = {
  red: () => t("red"), turquoise: () => t("turquoise"), blue: () => t("blue"), brown: () => t("brown"),
  violet: () => t("violet"), gold: () => t("gold"), green: () => t("green"), orange: () => t("orange"),
  silver: () => t("silver"), yellow: () => t("yellow"), white: () => t("white"), black: () => t("black"),
  humans: () => t("humans"), earthly: () => t("earthly"), cosmos: () => t("cosmos"), nature: () => t("nature"),
  extra: () => t("extra"),
};
const FIGURE_TITLES = [() => t("Beggar"), () => t("Farmer"), () => t("Smith"), () => t("Merchant"), () => t("Fisher"),
  () => t("Scribe"), () => t("Messenger"), () => t("Healer"), () => t("Fighter"), () => t("Priest"), () => t("Ruler"),
  () => t("Minister"), () => t("Joker"), () => t("Cook"), () => t("Explorer"), () => t("Pupil"), () => t("Scholar")];
// The extra cards' printed names are German; English shows them as printed, Hungarian translates them.
const EXTRA_TITLES = [() => t("Der Leopard"), () => t("Die Kirche"), () => t("Das Gericht"), () => t("Der Friedhof"),
  () => t("Die Festung"), () => t("Höhere Macht"), () => t("Seelenplan"), () => t("Ich"), () => t("Familie"),
  () => t("Verwandte"), () => t("Bekannte"), () => t("Freunde"), () => t("Die Bühne"), () => t("Zeiten"),
  () => t("Ereignisse"), () => t("Zeiträume"), () => t("Gewalten"), () => t("Sterne"), () => t("Monde"),
  () => t("Planeten"), () => t("Kometen"), () => t("Galaxien"), () => t("Gegner"), () => t("Vorgesetzte"),
  () => t("Untergebene"), () => t("Vorfahren"), () => t("Nachfahren"), () => t("Der Spielplatz"),
  () => t("Die Jahreszeiten"), () => t("Das Universum"), () => t("Das Wurmloch"), () => t("Das schwarze Loch"),
  () => t("Der Ring"), () => t("Das Tor"), () => t("Die Tür")];

/** A kingdom's (or a back's "extra") name in the reader's language: "blue" / "Blau" / "kék". */
export function kingdomName(kingdom) {
  const f = KINGDOM_TITLES[kingdom];
  return f ? f() : (kingdom || t("extra"));
}

/** "{n} card(s)" in the reader's language. */
export const cardCount = (n) => tn("{n} card", "{n} cards", n);

/** {id, k, kingdom, number, name, nameDe}; k = -1 for an extra card (no street, no colour). */
export function cardInfo(id) {
  if (id >= 0 && id < STANDARD) {
    const k = Math.floor(id / PER_KINGDOM);
    const number = (id % PER_KINGDOM) + 1;
    return { id, k, kingdom: KINGDOMS[k], number, name: FIGURE_TITLES[number - 1](), nameDe: FIGURES_DE[number - 1] };
  }
  const i = id - STANDARD;
  if (i >= 0 && i < EXTRA.length) return { id, k: -1, kingdom: null, number: 18 + i, name: EXTRA_TITLES[i](), nameDe: null };
  return { id, k: -1, kingdom: null, number: "?", name: t("card #{id}", { id }), nameDe: null };
}

/** "red 7", or "18 Der Leopard" for an extra card. */
export function cardName(id) {
  const c = cardInfo(id);
  return c.kingdom ? t("{kingdom} {number}", { kingdom: kingdomName(c.kingdom), number: c.number })
    : t("{number} {name}", { number: c.number, name: c.name });
}

/** "red 7 Messenger (Bote)" in English (the original's name beside ours); "Rot 7 Bote", "piros 7 Hírnök". */
export function longName(id) {
  const c = cardInfo(id);
  if (!c.kingdom) return cardName(id);
  const name = t("{kingdom} {number} {figure}", { kingdom: kingdomName(c.kingdom), number: c.number, figure: c.name });
  return lang === "en" ? `${name} (${c.nameDe})` : name;
}

export function kingdomClass(kingdom) {
  if (KINGDOMS.includes(kingdom)) return `k-${kingdom}`;
  return kingdom ? "k-extra" : "k-none";
}

// The three letters on a card in the reader's language (German from the rulebook's names, Hungarian from ours).
const CODE_TITLES = {
  red: () => t("RED"), turquoise: () => t("TRQ"), blue: () => t("BLU"), brown: () => t("BRN"), violet: () => t("VIO"),
  gold: () => t("GLD"), green: () => t("GRN"), orange: () => t("ORG"), silver: () => t("SLV"), yellow: () => t("YEL"),
  white: () => t("WHT"), black: () => t("BLK"), extra: () => t("EXT"),
};

export function kingdomCode(kingdom) {
  const f = CODE_TITLES[kingdom];
  if (f) return f();
  return kingdom ? kingdomName(kingdom).slice(0, 3).toUpperCase() : "?";
}

export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

export function run(cards) {
  const numbers = cards.map((c) => cardInfo(c).number).sort((a, b) => a - b);
  const contiguous = numbers.length > 1 && numbers[numbers.length - 1] - numbers[0] === numbers.length - 1;
  return contiguous ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers.join(", ");
}

// -- legal moves, indexed by what they act on -------------------------------------------------------------
export function indexLegal(legal) {
  const ix = {
    any: legal.length > 0,
    direction: new Map(), unknown: null, known: null, knownCard: new Map(), open: new Map(), hiding: new Map(),
    discard: new Map(), openCard: new Map(), hide: new Map(), streets: [], pass: null,
  };
  for (const entry of legal) {
    const a = entry.action;
    if (a.type === "direction") ix.direction.set(a.value, entry);
    else if (a.type === "draw" && a.from === "unknown") ix.unknown = entry;
    else if (a.type === "draw" && a.from === "known") {
      if (a.card === undefined || a.card === null) ix.known = entry;
      else ix.knownCard.set(a.card, entry);
    } else if (a.type === "draw" && a.from === "open") ix.open.set(`${a.player}:${a.card}`, entry);
    else if (a.type === "draw" && a.from === "hiding") ix.hiding.set(a.card, entry);
    else if (a.type === "discard") ix.discard.set(a.card, entry);
    else if (a.type === "open") ix.openCard.set(a.card, entry);
    else if (a.type === "hide") ix.hide.set(a.card, entry);
    else if (a.type === "street") ix.streets.push(entry);
    else if (a.type === "pass") ix.pass = entry;
  }
  return ix;
}

// -- building blocks ------------------------------------------------------------------------------------
/** A face-up card; with `onActivate` a focusable <button> marked data-legal. */
export function face(id, { size = "md", onActivate = null, label = null, key = null, selected = false, extraClass = "", fresh = false, tag = null } = {}) {
  const c = cardInfo(id);
  const classes = `card mq-face ${kingdomClass(c.kingdom)} ${size}${onActivate ? " legal" : ""}${selected ? " selected" : ""}${fresh ? " fresh" : ""} ${extraClass}`;  // i18n: no
  const inner = [
    h("span", { class: "mq-code", "aria-hidden": "true" }, c.kingdom ? kingdomCode(c.kingdom) : "+"),
    h("span", { class: "mq-num", "aria-hidden": "true" }, c.number),
    h("span", { class: "mq-fig", "aria-hidden": "true" }, c.name),
    tag ? h("span", { class: "mq-tag", "aria-hidden": "true" }, tag) : null,
  ];
  const name = label || longName(id);
  if (onActivate) {
    return fullText(h("button", {
      type: "button", class: classes, "data-legal": true, "aria-label": name, "aria-pressed": selected ? "true" : null,
      dataset: { key: key || `card:${id}`, card: id }, onclick: onActivate,
    }, inner), `${name}\n${cardText(id)}`);
  }
  return fullText(h("div", { class: classes, role: "img", "aria-label": name, dataset: { card: id } }, inner), `${name}\n${cardText(id)}`);
}

/** A card's whole name and meaning, for its tooltip: "red (Rot) 7 — Messenger (Bote)". */
export function cardText(id) {
  const c = cardInfo(id);
  if (!c.kingdom) return t("{number} {name}: an extra card (no kingdom, never in a street)", { number: c.number, name: c.name });
  if (lang === "en") return `${c.kingdom} (${KINGDOMS_DE[c.k]}) ${c.number} — ${c.name} (${c.nameDe}); a street of ${c.kingdom} holds its 17 figures in a run`; // i18n: no
  return t("{kingdom} {number} — {figure}; a street of {kingdom} holds its 17 figures in a run",
    { kingdom: kingdomName(c.kingdom), number: c.number, figure: c.name });
}

/** A face-down card: its back shows its kingdom (`kingdom` null: not shown). */
export function back(kingdom, { size = "md", onActivate = null, label = null, key = null, extraClass = "" } = {}) {
  const classes = `card mq-back ${kingdomClass(kingdom)} ${size}${onActivate ? " legal" : ""} ${extraClass}`;  // i18n: no
  const inner = h("span", { class: "mq-back-mark", "aria-hidden": "true" }, kingdom ? kingdomCode(kingdom) : "M");
  const name = label || (kingdom ? t("face-down card, {kingdom} back", { kingdom: kingdomName(kingdom) }) : t("face-down card"));
  if (onActivate) {
    return h("button", { type: "button", class: classes, "data-legal": true, "aria-label": name, title: name, dataset: { key }, onclick: onActivate }, inner);
  }
  return h("div", { class: classes, role: "img", "aria-label": name, title: name }, inner);
}

/** "■ red" — a kingdom swatch with its name (never the colour alone). */
export function chip(kingdom, text = null, extraClass = "") {
  return h("span", { class: `mq-chip ${kingdomClass(kingdom)} ${extraClass}` },
    h("span", { class: "mq-swatch", "aria-hidden": "true" }),
    text === null ? (kingdom ? kingdomName(kingdom) : t("kingdom hidden")) : text);
}

/** A street: its kingdom and run, and a bar of the 17 numbers with the laid ones filled. */
export function streetBar(cards, size = "sm") {
  const info = cards.map(cardInfo);
  const kingdom = info[0].kingdom;
  const numbers = new Set(info.map((c) => c.number));
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  const done = cards.length === PER_KINGDOM;
  return h("div", {
    class: `mq-street ${kingdomClass(kingdom)} ${size}${done ? " complete" : ""}`, role: "img",
    "aria-label": done
      ? t("{kingdom} street, {lo} to {hi}: {count} of {total} cards, complete", { kingdom: kingdomName(kingdom), lo, hi, count: cards.length, total: PER_KINGDOM })
      : t("{kingdom} street, {lo} to {hi}: {count} of {total} cards", { kingdom: kingdomName(kingdom), lo, hi, count: cards.length, total: PER_KINGDOM }),
  },
  h("span", { class: "mq-street-head", "aria-hidden": "true" },
    chip(kingdom, `${kingdomName(kingdom)} ${lo}–${hi}`),
    h("span", { class: "mq-street-count" }, `${cards.length}/${PER_KINGDOM}`)),
  h("span", { class: "mq-cells", "aria-hidden": "true" },
    Array.from({ length: PER_KINGDOM }, (_, i) =>
      h("span", { class: `mq-cell${numbers.has(i + 1) ? " on" : ""}` }, i + 1))));
}

export function row(caption, content, { cls = "", label = null } = {}) {
  return h("div", { class: `row ${cls}`, role: "group", "aria-label": label || caption },
    h("span", { class: "row-caption" }, caption),
    h("div", { class: "cards" }, content));
}

export function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

/** Backs grouped by kingdom: [back] red ×3. */
export function backGroups(backs, size = "xs") {
  const counts = new Map();
  for (const k of backs) counts.set(k, (counts.get(k) || 0) + 1);
  return [...counts].map(([k, n]) =>
    h("span", { class: "mq-backgroup", role: "img", "aria-label": tn("{n} {kingdom} card", "{n} {kingdom} cards", n, { kingdom: kingdomName(k) }) },
      back(k, { size, label: t("{kingdom} back", { kingdom: kingdomName(k) }) }),
      h("span", { class: "mq-backgroup-text", "aria-hidden": "true" }, `${kingdomName(k)} ×${n}`)));
}
