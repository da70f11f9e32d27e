// MAOQY at the table (docs/maoqy.md): the seats around the felt with their hidden hands (as backs by
// kingdom), open hands, streets and hiding places; the Unknown and the Known in the middle; your own
// hand grouped by kingdom. Every legal move glows and is a real <button> (Enter/Space): a card you hold
// is chosen first, then discarded, opened or hidden (buttons under your hand, or click the Known / your
// hiding place); draws are one click on their source; streets, pass and the direction are buttons. The
// page lists every legal move as plain buttons too. Escape drops a chosen card.
import { h } from "../js/common.js";

// -- the cards (spec 2.1-2.3, cards.py): card ID = kingdom index × 17 + number − 1 ----------------------
// The server does not send the catalogue; like Mojo's renderer this one carries the (static) data.
export const KINGDOMS = ["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white", "black"];
const KINGDOMS_DE = ["Rot", "Türkis", "Blau", "Braun", "Violett", "Gold", "Grün", "Orange", "Silber", "Gelb", "Weiss", "Schwarz"];
const COMPLEMENT = [6, 3, 9, 1, 7, 8, 0, 4, 5, 2, 11, 10];
// Three letters on each card, so that a kingdom never rests on its colour alone.
const CODES = ["RED", "TRQ", "BLU", "BRN", "VIO", "GLD", "GRN", "ORG", "SLV", "YEL", "WHT", "BLK"];
const FIGURES = ["Beggar", "Farmer", "Smith", "Merchant", "Fisher", "Scribe", "Messenger", "Healer", "Fighter", "Priest",
  "Ruler", "Minister", "Joker", "Cook", "Explorer", "Pupil", "Scholar"];
const FIGURES_DE = ["Bettler", "Bauer", "Schmied", "Händler", "Fischer", "Schreiber", "Bote", "Heiler", "Kämpfer",
  "Priester", "Herrscher", "Minister", "Joker", "Koch", "Forscher", "Schüler", "Gelehrter"];
const PER_KINGDOM = 17;
const STANDARD = 204;
// extra_cards = "website" (MAOQY-9): IDs from 204, numbers from 18, no kingdom (their backs show "extra").
const EXTRA = ["Der Leopard", "Die Kirche", "Das Gericht", "Der Friedhof", "Die Festung", "Höhere Macht", "Seelenplan",
  "Ich", "Familie", "Verwandte", "Bekannte", "Freunde", "Die Bühne", "Zeiten", "Ereignisse", "Zeiträume",
  "Gewalten", "Sterne", "Monde", "Planeten", "Kometen", "Galaxien", "Gegner", "Vorgesetzte", "Untergebene",
  "Vorfahren", "Nachfahren", "Der Spielplatz", "Die Jahreszeiten", "Das Universum", "Das Wurmloch",
  "Das schwarze Loch", "Der Ring", "Das Tor", "Die Tür"];
const OTHER_KINGDOMS = ["humans", "earthly", "cosmos", "nature"];

/** {id, k, kingdom, number, name, nameDe}; k = -1 for an extra card (no street, no colour). */
export function cardInfo(id) {
  if (id >= 0 && id < STANDARD) {
    const k = Math.floor(id / PER_KINGDOM);
    const number = (id % PER_KINGDOM) + 1;
    return { id, k, kingdom: KINGDOMS[k], number, name: FIGURES[number - 1], nameDe: FIGURES_DE[number - 1] };
  }
  const i = id - STANDARD;
  if (i >= 0 && i < EXTRA.length) return { id, k: -1, kingdom: null, number: 18 + i, name: EXTRA[i], nameDe: null };
  return { id, k: -1, kingdom: null, number: "?", name: `card #${id}`, nameDe: null };
}

/** "red 7", or "18 Der Leopard" for an extra card. */
export function cardName(id) {
  const c = cardInfo(id);
  return c.kingdom ? `${c.kingdom} ${c.number}` : `${c.number} ${c.name}`;
}

/** "red 7 Messenger (Bote)". */
export function longName(id) {
  const c = cardInfo(id);
  return c.kingdom ? `${c.kingdom} ${c.number} ${c.name} (${c.nameDe})` : cardName(id);
}

function kingdomClass(kingdom) {
  if (KINGDOMS.includes(kingdom)) return `k-${kingdom}`;
  return kingdom ? "k-extra" : "k-none";
}

function kingdomCode(kingdom) {
  const k = KINGDOMS.indexOf(kingdom);
  if (k >= 0) return CODES[k];
  return kingdom && kingdom !== "extra" ? kingdom.slice(0, 3).toUpperCase() : kingdom === "extra" ? "EXT" : "?";
}

const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

function run(cards) {
  const numbers = cards.map((c) => cardInfo(c).number).sort((a, b) => a - b);
  const contiguous = numbers.length > 1 && numbers[numbers.length - 1] - numbers[0] === numbers.length - 1;
  return contiguous ? `${numbers[0]}–${numbers[numbers.length - 1]}` : numbers.join(", ");
}

// -- legal moves, indexed by what they act on -------------------------------------------------------------
function indexLegal(legal) {
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
function face(id, { size = "md", onActivate = null, label = null, key = null, selected = false, extraClass = "", fresh = false, tag = null } = {}) {
  const c = cardInfo(id);
  const classes = `card mq-face ${kingdomClass(c.kingdom)} ${size}${onActivate ? " legal" : ""}${selected ? " selected" : ""}${fresh ? " fresh" : ""} ${extraClass}`;
  const inner = [
    h("span", { class: "mq-code", "aria-hidden": "true" }, c.kingdom ? kingdomCode(c.kingdom) : "+"),
    h("span", { class: "mq-num", "aria-hidden": "true" }, c.number),
    h("span", { class: "mq-fig", "aria-hidden": "true" }, c.name),
    tag ? h("span", { class: "mq-tag", "aria-hidden": "true" }, tag) : null,
  ];
  const name = label || longName(id);
  if (onActivate) {
    return h("button", {
      type: "button", class: classes, "data-legal": true, "aria-label": name, "aria-pressed": selected ? "true" : null,
      title: name, dataset: { key: key || `card:${id}`, card: id }, onclick: onActivate,
    }, inner);
  }
  return h("div", { class: classes, role: "img", "aria-label": name, title: name, dataset: { card: id } }, inner);
}

/** A face-down card: its back shows its kingdom (`kingdom` null: not shown). */
function back(kingdom, { size = "md", onActivate = null, label = null, key = null, extraClass = "" } = {}) {
  const classes = `card mq-back ${kingdomClass(kingdom)} ${size}${onActivate ? " legal" : ""} ${extraClass}`;
  const inner = h("span", { class: "mq-back-mark", "aria-hidden": "true" }, kingdom ? kingdomCode(kingdom) : "M");
  const name = label || (kingdom ? `face-down card, ${kingdom} back` : "face-down card");
  if (onActivate) {
    return h("button", { type: "button", class: classes, "data-legal": true, "aria-label": name, title: name, dataset: { key }, onclick: onActivate }, inner);
  }
  return h("div", { class: classes, role: "img", "aria-label": name, title: name }, inner);
}

/** "■ red" — a kingdom swatch with its name (never the colour alone). */
function chip(kingdom, text = null, extraClass = "") {
  return h("span", { class: `mq-chip ${kingdomClass(kingdom)} ${extraClass}` },
    h("span", { class: "mq-swatch", "aria-hidden": "true" }),
    text === null ? (kingdom || "kingdom hidden") : text);
}

/** A street: its kingdom and run, and a bar of the 17 numbers with the laid ones filled. */
function streetBar(cards, size = "sm") {
  const info = cards.map(cardInfo);
  const kingdom = info[0].kingdom;
  const numbers = new Set(info.map((c) => c.number));
  const lo = Math.min(...numbers);
  const hi = Math.max(...numbers);
  const done = cards.length === PER_KINGDOM;
  return h("div", {
    class: `mq-street ${kingdomClass(kingdom)} ${size}${done ? " complete" : ""}`, role: "img",
    "aria-label": `${kingdom} street, ${lo} to ${hi}: ${cards.length} of ${PER_KINGDOM} cards${done ? ", complete" : ""}`,
  },
  h("span", { class: "mq-street-head", "aria-hidden": "true" },
    chip(kingdom, `${kingdom} ${lo}–${hi}`),
    h("span", { class: "mq-street-count" }, `${cards.length}/${PER_KINGDOM}`)),
  h("span", { class: "mq-cells", "aria-hidden": "true" },
    Array.from({ length: PER_KINGDOM }, (_, i) =>
      h("span", { class: `mq-cell${numbers.has(i + 1) ? " on" : ""}` }, i + 1))));
}

function row(caption, content, { cls = "", label = null } = {}) {
  return h("div", { class: `row ${cls}`, role: "group", "aria-label": label || caption },
    h("span", { class: "row-caption" }, caption),
    h("div", { class: "cards" }, content));
}

function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

/** Backs grouped by kingdom: [back] red ×3. */
function backGroups(backs, size = "xs") {
  const counts = new Map();
  for (const k of backs) counts.set(k, (counts.get(k) || 0) + 1);
  return [...counts].map(([k, n]) =>
    h("span", { class: "mq-backgroup", role: "img", "aria-label": `${n} ${k === "extra" ? "extra" : k} card${n === 1 ? "" : "s"}` },
      back(k, { size, label: `${k} back` }),
      h("span", { class: "mq-backgroup-text", "aria-hidden": "true" }, `${k} ×${n}`)));
}

// -- the renderer -----------------------------------------------------------------------------------------
export function createRenderer(root, ui) {
  let selected = null; // {card, where: "hand" | "open"}: a card of ours chosen first
  let focusChoice = false; // after choosing by keyboard, put focus on the first thing to do with it
  let last = null;
  let lastKnownTop = null;
  let freshKnown = false;

  const box = h("div", { class: "maoqy" });
  root.append(box);

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) {
      const key = `${selected.where === "open" ? `open:${last.msg.seat}` : "hand"}:${selected.card}`;
      selected = null;
      ui.rerender();
      const again = box.querySelector(`[data-key="${key}"]`);
      if (again) again.focus({ preventScroll: true });
    }
  });

  function play(entry) {
    selected = null;
    ui.act(entry.action);
  }

  function choose(card, where, event) {
    if (selected && selected.card === card && selected.where === where) selected = null;
    else {
      selected = { card, where };
      // a click by keyboard (Enter/Space gives detail 0) moves on to the choices
      focusChoice = !!event && event.detail === 0;
    }
    ui.rerender();
  }

  /** What we may do with a card of ours: [{entry, text, kind}]. */
  function choicesFor(msg, ix, card, where) {
    const out = [];
    const add = (entry, text, kind) => entry && out.push({ entry, text, kind });
    if (where === "open") add(ix.open.get(`${msg.seat}:${card}`), "Take back into your hand", "take");
    add(ix.discard.get(card), "Discard onto the Known", "discard");
    if (where === "hand") {
      add(ix.openCard.get(card), "Open it (face up)", "open");
      add(ix.hide.get(card), "Hide it (face down)", "hide");
    }
    for (const entry of ix.streets) {
      const cards = entry.action.cards;
      if (cards.length === 1 && cards[0] === card) add(entry, "Add to your street", "street");
    }
    return out;
  }

  function update(msg, ctx) {
    last = { msg, ctx };
    const view = msg.view;
    const me = msg.seat;
    const ix = indexLegal(ctx.legal);
    if (selected !== null && !choicesFor(msg, ix, selected.card, selected.where).length) selected = null;

    const top = view.known.length ? view.known[view.known.length - 1] : null;
    freshKnown = lastKnownTop !== null && top !== null && top !== lastKnownTop;
    lastKnownTop = top;

    const n = view.players;
    const order = [];
    const startAt = me === null ? 0 : me + 1;
    for (let k = 0; k < n; k++) {
      const s = (startAt + k) % n;
      if (s !== me) order.push(s);
    }

    const felt = h("div", { class: `felt mq-felt${view.phase === "over" ? " over" : ""}` },
      msg.returns || view.result ? scoreboard(msg) : null,
      h("div", { class: "opponents", role: "list", "aria-label": me === null ? "Players" : "Other players" },
        order.map((s) => seatPanel(msg, s, ix))),
      centre(msg, ix),
      prompt(msg, ix),
      me !== null ? mySeat(msg, ix) : null,
    );
    box.replaceChildren(felt, kingdomsPanel(msg));
    if (focusChoice) {
      focusChoice = false;
      const first = box.querySelector(".mq-choices [data-legal]");
      if (first) first.focus({ preventScroll: true });
    }
  }

  // -- seats -------------------------------------------------------------------------------------------
  function seatHeader(msg, s) {
    const view = msg.view;
    const info = view.seats[s];
    const table = msg.table.seats[s] || {};
    const turn = view.current_player === s && view.phase !== "over";
    const winners = view.result ? view.result.winners : [];
    return h("div", { class: "seat-head" },
      h("span", { class: "seat-name" }, turn ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, ui.seatName(s)),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", `played by the ${table.kind} bot`) : null,
      table.kind === "human" && !table.taken ? badge("free seat", "free") : null,
      table.kind === "human" && table.taken && !table.connected && !table.takeover ? badge("away", "away", "not connected") : null,
      table.takeover ? badge(`${table.takeover} bot stands in`, "bot", "the player left; a bot plays until they return") : null,
      view.first_player === s ? badge("began", "mq-first", "drew the highest card and began") : null,
      h("span", { class: "mq-total", title: "cards in street", "aria-label": `${info.street_cards} cards in street` }, info.street_cards),
      turn ? badge("to play", "turn") : null,
      winners.includes(s) ? badge("winner", "winner") : null,
    );
  }

  function seatPanel(msg, s, ix) {
    const view = msg.view;
    const info = view.seats[s];
    const turn = view.current_player === s && view.phase !== "over";
    const name = ui.seatName(s, { long: true });
    const hand = h("div", { class: "row hand-count", role: "group", "aria-label": `${plural(info.hand_size, "card")} in the hidden hand` },
      h("span", { class: "row-caption" }, "hand"),
      h("div", { class: "cards mq-backs" },
        h("span", { class: "count" }, plural(info.hand_size, "card")),
        info.hand_backs
          ? backGroups(info.hand_backs)
          : (info.hand_size ? h("span", { class: "fan", "aria-hidden": "true" }, Array.from({ length: Math.min(info.hand_size, 8) }, () => back(null, { size: "xs" }))) : null)));
    const seen = info.hand_public.length
      ? row("seen", info.hand_public.map((c) => face(c, { size: "xs", label: `${longName(c)}, in the hidden hand (everybody saw it arrive)` })),
        { cls: "mq-seen", label: "cards in the hidden hand that everybody saw" })
      : null;
    const open = info.open.length
      ? row("open", info.open.map((c) => {
        const entry = ix.open.get(`${s}:${c}`);
        return face(c, {
          size: "sm",
          onActivate: entry ? () => play(entry) : null,
          label: entry ? `${longName(c)}, in ${name}'s open hand — draw it` : `${longName(c)}, open hand`,
          key: `open:${s}:${c}`,
        });
      }), { cls: "mq-open", label: `open hand, ${plural(info.open.length, "card")}` })
      : null;
    const streets = info.streets.length
      ? row("street", info.streets.map((st) => streetBar(st, "sm")), { cls: "mq-streets" })
      : null;
    const hiding = info.hiding_size
      ? row("hiding", (info.hiding_backs || Array(info.hiding_size).fill(null)).map((k) =>
        back(k, { size: "xs", label: k ? `hidden card, ${k} back` : "hidden card" })), { cls: "mq-hiding", label: `hiding place: ${plural(info.hiding_size, "card")}` })
      : null;
    const winner = view.result && view.result.winners.includes(s);
    return h("section", {
      class: `seat mq-seat${turn ? " to-play" : ""}${winner ? " winner" : ""}`,
      role: "listitem",
      "aria-label": `${name}: ${plural(info.hand_size, "card")} in hand, ${info.open.length} open, ${info.street_cards} in street${turn ? ", to play" : ""}`,
      dataset: { seat: s },
    }, seatHeader(msg, s), h("div", { class: "seat-rows" }, hand, seen, open, streets, hiding));
  }

  function mySeat(msg, ix) {
    const view = msg.view;
    const me = msg.seat;
    const info = view.seats[me];
    const turn = view.current_player === me && view.phase !== "over";
    const handCards = info.hand || [];
    const seen = new Set(info.hand_public);
    const sel = selected;

    // the hidden hand, one group per kingdom (extra cards last)
    const groups = new Map();
    for (const c of [...handCards].sort((a, b) => a - b)) {
      const k = cardInfo(c).kingdom || "extra";
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(c);
    }
    const handCard = (c) => {
      const options = choicesFor(msg, ix, c, "hand");
      const chosen = sel && sel.where === "hand" && sel.card === c;
      const known = seen.has(c);
      return face(c, {
        size: "lg",
        onActivate: options.length ? (event) => choose(c, "hand", event) : null,
        label: `${longName(c)}${known ? ", everybody saw it" : ""}${options.length ? (chosen ? " — chosen; pick what to do with it" : " — choose it") : ""}`,
        selected: chosen,
        key: `hand:${c}`,
        tag: known ? "seen" : null,
        extraClass: known ? "mq-known" : "",
      });
    };
    const hand = handCards.length
      ? h("div", { class: "mq-hand", role: "group", "aria-label": `Your hidden hand, ${plural(handCards.length, "card")} of at most ${view.hand_limit}` },
        [...groups].map(([k, cards]) =>
          h("div", { class: `mq-group ${kingdomClass(k)}`, role: "group", "aria-label": `${k}: ${plural(cards.length, "card")}` },
            h("span", { class: "mq-group-label", "aria-hidden": "true" }, chip(k, `${k} ×${cards.length}`)),
            h("div", { class: "mq-group-cards" }, cards.map(handCard)))))
      : h("p", { class: "empty" }, view.phase === "direction" ? "Nobody holds cards yet: every hand starts empty." : "Your hidden hand is empty.");

    // my open hand: cards may be taken back or discarded
    const openCards = info.open.map((c) => {
      const options = choicesFor(msg, ix, c, "open");
      const chosen = sel && sel.where === "open" && sel.card === c;
      return face(c, {
        size: "md",
        onActivate: options.length ? (event) => choose(c, "open", event) : null,
        label: `${longName(c)}, in your open hand${options.length ? (chosen ? " — chosen; pick what to do with it" : " — choose it") : ""}`,
        selected: chosen,
        key: `open:${me}:${c}`,
      });
    });
    const openTarget = sel && sel.where === "hand" && ix.openCard.get(sel.card);
    if (openTarget) {
      openCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:open" },
        "aria-label": `Open your ${longName(sel.card)} here`, title: "open it here", onclick: () => play(openTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "open")));
    }
    const openRow = openCards.length
      ? row("open hand", openCards, { cls: "mq-open", label: `your open hand (everybody sees it), ${plural(info.open.length, "card")}` })
      : null;

    // my hiding place: my own card, face up to me only
    const hidingCards = (info.hiding || []).map((c) => {
      const entry = ix.hiding.get(c);
      return face(c, {
        size: "md",
        extraClass: "mq-hidden",
        tag: "hidden",
        onActivate: entry ? () => play(entry) : null,
        label: `${longName(c)}, in your hiding place (only you see it)${entry ? " — take it back" : ""}`,
        key: `hiding:${c}`,
      });
    });
    const hideTarget = sel && sel.where === "hand" && ix.hide.get(sel.card);
    if (hideTarget) {
      hidingCards.push(h("button", {
        type: "button", class: "card md slot mq-target legal", "data-legal": true, dataset: { key: "target:hide" },
        "aria-label": `Hide your ${longName(sel.card)} here`, title: "hide it here", onclick: () => play(hideTarget),
      }, h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "hide")));
    }
    const hidingRow = hidingCards.length
      ? row("hiding place", hidingCards, { cls: "mq-hiding", label: `your hiding place, ${info.hiding_size} of ${msg.table.options.hiding_place_size ?? 1}` })
      : null;

    return h("section", {
      class: `seat me mq-seat${turn ? " to-play" : ""}${view.result && view.result.winners.includes(me) ? " winner" : ""}`,
      "aria-label": `Your seat (seat ${me})`,
      dataset: { seat: me },
    },
    seatHeader(msg, me),
    h("p", { class: "my-counts" },
      `hidden hand ${info.hand_size} of ${view.hand_limit}`,
      info.open.length ? ` · ${info.open.length} open` : "",
      info.hiding_size ? ` · ${info.hiding_size} hidden` : "",
      ` · ${info.street_cards} in street`),
    hand,
    choicesBar(msg, ix),
    openRow,
    hidingRow,
    streetControl(msg, ix),
    );
  }

  /** What to do with the chosen card: one button per legal action, and Cancel. */
  function choicesBar(msg, ix) {
    if (!selected) return null;
    const options = choicesFor(msg, ix, selected.card, selected.where);
    const where = selected.where === "open" ? " (open hand)" : "";
    return h("div", { class: "mq-choices", role: "group", "aria-label": `What to do with your ${longName(selected.card)}` },
      h("span", { class: "mq-choices-title" }, face(selected.card, { size: "xs" }), `${longName(selected.card)}${where}:`),
      options.map((o) => h("button", {
        type: "button", class: "btn small legal", "data-legal": true,
        dataset: { key: `choice:${o.kind}` }, onclick: () => play(o.entry),
      }, o.text)),
      h("button", {
        type: "button", class: "btn small ghost", dataset: { key: "choice:cancel" },
        onclick: () => { selected = null; ui.rerender(); },
      }, "Cancel"));
  }

  /** Your street, and the street moves the server lists (open a run, extend it). */
  function streetControl(msg, ix) {
    const view = msg.view;
    const info = view.seats[msg.seat];
    const min = msg.table.options.street_min ?? 5;
    const bars = info.streets.map((st) => streetBar(st, "md"));
    const buttons = ix.streets.map((entry) => {
      const cards = entry.action.cards;
      const opening = !info.streets.some((st) => cardInfo(st[0]).k === cardInfo(cards[0]).k);
      const what = opening
        ? `Open your street with ${cardInfo(cards[0]).kingdom} ${run(cards)} (${plural(cards.length, "card")})`
        : `Add ${cardInfo(cards[0]).kingdom} ${run(cards)} to your street`;
      const btn = h("button", {
        type: "button", class: "btn legal primary mq-street-move", "data-legal": true, "aria-label": what, title: what,
        dataset: { key: `street:${cards.join(",")}` }, onclick: () => play(entry),
      }, chip(cardInfo(cards[0]).kingdom, entry.label));
      // show which of your cards go into the street
      const mark = (on) => {
        for (const c of cards) {
          box.querySelectorAll(`.seat.me [data-card="${c}"]`).forEach((el) => el.classList.toggle("in-run", on));
        }
      };
      for (const [ev, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) btn.addEventListener(ev, () => mark(on));
      return btn;
    });
    if (!bars.length && !buttons.length && view.phase === "over") return null;
    const hint = !info.streets.length && !buttons.length && view.phase !== "over"
      ? h("span", { class: "empty" }, `No street yet: it opens with ${min} or more cards of one kingdom in a row that nobody else has a street of.`)
      : null;
    return h("div", { class: "row mq-streets mq-street-control", role: "group", "aria-label": "Your street" },
      h("span", { class: "row-caption" }, "street"),
      h("div", { class: "cards" }, bars, hint, buttons.length ? h("div", { class: "mq-street-moves" }, buttons) : null));
  }

  // -- the middle of the table ---------------------------------------------------------------------------
  function centre(msg, ix) {
    const view = msg.view;
    const sel = selected;

    // the Unknown
    const size = view.unknown_size;
    const topBack = view.unknown_top_back;
    const unknownText = `The Unknown, ${plural(size, "card")}${topBack ? `, the top card's back shows ${topBack}` : ""}`;
    let unknownCard;
    if (ix.unknown) {
      const label = size
        ? `${unknownText} — draw its top card`
        : "The Unknown is empty — draw: the Known but its top card is shuffled into a new Unknown";
      unknownCard = size
        ? back(topBack, { size: "lg", onActivate: () => play(ix.unknown), label, key: "draw:unknown", extraClass: "deck" })
        : h("button", { type: "button", class: "card lg slot legal", "data-legal": true, "aria-label": label, title: label, dataset: { key: "draw:unknown" }, onclick: () => play(ix.unknown) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "shuffle"));
    } else {
      unknownCard = size
        ? back(topBack, { size: "lg", label: unknownText, extraClass: "deck" })
        : h("div", { class: "card lg slot", role: "img", "aria-label": "The Unknown is empty" });
    }
    const unknown = h("div", { class: "stack draw-pile mq-unknown" },
      h("span", { class: "stack-caption" }, "The Unknown"),
      unknownCard,
      h("span", { class: "stack-count" }, h("span", {}, plural(size, "card")),
        topBack ? h("span", { class: "mq-topback" }, "· top", chip(topBack)) : null));

    // the Known: the top card big, the ones below small
    const known = view.known;
    const top = known.length ? known[known.length - 1] : null;
    const discardHere = sel && ix.discard.get(sel.card);
    let topCard;
    if (discardHere) {
      const label = `The Known${top !== null ? `, top ${longName(top)}` : ", empty"} — discard your ${longName(sel.card)} here`;
      topCard = top !== null
        ? face(top, { size: "xl", onActivate: () => play(discardHere), label, key: "target:known", extraClass: "target", fresh: freshKnown })
        : h("button", { type: "button", class: "card xl slot mq-target legal target", "data-legal": true, "aria-label": label, title: label, dataset: { key: "target:known" }, onclick: () => play(discardHere) },
          h("span", { class: "mq-slot-text", "aria-hidden": "true" }, "discard"));
    } else if (top !== null) {
      const entry = !sel && (ix.known || ix.knownCard.get(top));
      topCard = face(top, {
        size: "xl",
        onActivate: entry ? () => play(entry) : null,
        label: `The Known, top card ${longName(top)}${entry ? " — draw it" : ""}`,
        key: "draw:known",
        fresh: freshKnown,
      });
    } else {
      topCard = h("div", { class: "card xl slot", role: "img", "aria-label": "The Known is empty" });
    }
    const belowCount = ix.knownCard.size ? 16 : 7;
    const below = known.slice(Math.max(0, known.length - 1 - belowCount), -1);
    const knownStack = h("div", { class: "stack discard mq-known" },
      h("span", { class: "stack-caption" }, "The Known"),
      topCard,
      h("div", { class: "pile-history", role: "group", "aria-label": "The Known: cards below the top, newest last" },
        known.length > below.length + 1 ? h("span", { class: "mq-more" }, `+${known.length - below.length - 1}`) : null,
        below.length
          ? below.map((c) => {
            const entry = !sel && ix.knownCard.get(c);
            return face(c, { size: "xs", onActivate: entry ? () => play(entry) : null, label: entry ? `${longName(c)}, in the Known — draw it` : longName(c), key: `draw:known:${c}` });
          })
          : h("span", { class: "empty" }, "—")),
      h("span", { class: "stack-count" }, plural(known.length, "card")));

    return h("div", { class: "centre", role: "group", "aria-label": "Middle of the table" },
      infoBar(msg),
      h("div", { class: "stacks" }, unknown, knownStack, firstDraw(msg)));
  }

  function infoBar(msg) {
    const view = msg.view;
    const n = view.players;
    const dir = view.direction;
    const seq = (step) => Array.from({ length: Math.min(n, 4) }, (_, i) => (((view.first_player ?? 0) + step * i) % n + n) % n).join(" → ") + (n > 4 ? " …" : "");
    const direction = dir
      ? h("span", { class: "direction", role: "img", "aria-label": `play goes ${dir === "cw" ? "clockwise" : "counter-clockwise"}, seat ${seq(dir === "cw" ? 1 : -1)}` },
        h("span", { class: `arrow ${dir}`, "aria-hidden": "true" }, dir === "cw" ? "↻" : "↺"),
        h("span", { "aria-hidden": "true" }, `${dir === "cw" ? "clockwise" : "counter-clockwise"} (seat ${seq(dir === "cw" ? 1 : -1)})`))
      : h("span", { class: "direction" }, "direction not chosen yet");
    const passes = view.passes;
    return h("div", { class: "round-info mq-info" },
      h("span", { class: "round-no" }, `Turn ${view.turn}`, h("span", { class: "mq-of" }, ` of ${view.turn_limit}`)),
      direction,
      h("span", { class: `mq-passes${passes && passes === n - 1 ? " warn" : ""}`, title: "MAOQY-8.2: a full round of passes ends the game" },
        passes ? `${plural(passes, "pass", "passes")} in a row (${n} end the game)` : "no passes in a row"),
      h("span", {}, `hand limit ${view.hand_limit}`));
  }

  function firstDraw(msg) {
    const view = msg.view;
    if (!view.first_draw || !view.first_draw.length) return null;
    const rounds = view.first_draw;
    return h("div", { class: "stack mq-first-draw", role: "group", "aria-label": "First-player draw" },
      h("span", { class: "stack-caption" }, "First-player draw"),
      rounds.map((shown, i) => {
        const best = Math.max(...shown.map((x) => cardInfo(x.card).number));
        return h("div", { class: "mq-draw-round", role: "group", "aria-label": i ? `tie, drawn again (round ${i + 1})` : "round 1" },
          i ? h("span", { class: "mq-tie" }, "tie →") : null,
          shown.map((x) => {
            const win = i === rounds.length - 1 && x.seat === view.first_player;
            return h("span", { class: `mq-drawn${win ? " win" : ""}${cardInfo(x.card).number === best ? " best" : ""}` },
              h("span", { class: "mq-drawn-who" }, ui.seatName(x.seat)),
              face(x.card, { size: "xs", label: `${ui.seatName(x.seat)} drew ${longName(x.card)}${win ? ", the highest: begins" : ""}` }));
          }));
      }),
      h("span", { class: "stack-count" }, view.first_player !== null && view.first_player !== undefined ? `${ui.seatName(view.first_player)} began` : ""));
  }

  /** The last move in words, as this seat saw it (a hidden card stays hidden). */
  function lastMove(msg) {
    const view = msg.view;
    const a = view.last_action;
    if (!a) return null;
    const actor = a.actor ?? null;
    const who = actor === null ? "A player" : ui.seatName(actor);
    const card = (c) => (c === undefined || c === null ? "a card" : cardName(c));
    const their = actor !== null && actor === msg.seat ? "your" : "their";
    switch (a.type) {
      case "direction": return `${who} chose to play ${a.value === "cw" ? "clockwise" : "counter-clockwise"}.`;
      case "draw":
        if (a.from === "unknown") return `${who} drew from the Unknown.`;
        if (a.from === "known") return `${who} drew ${a.card !== undefined ? cardName(a.card) : "the top card"} from the Known.`;
        if (a.from === "open") {
          const whose = a.player === actor ? `${their} own` : a.player === msg.seat ? "your" : `${ui.seatName(a.player)}'s`;
          return `${who} took ${cardName(a.card)} from ${whose} open hand.`;
        }
        return `${who} took back ${card(a.card)} from ${their} hiding place.`;
      case "discard": return `${who} discarded ${cardName(a.card)}.`;
      case "open": return `${who} opened ${cardName(a.card)}.`;
      case "hide": return `${who} hid ${card(a.card)}.`;
      case "street": return `${who} laid ${cardInfo(a.cards[0]).kingdom} ${run(a.cards)} in ${their} street.`;
      case "pass": return `${who} passed.`;
      default: return null;
    }
  }

  function prompt(msg, ix) {
    const view = msg.view;
    const me = msg.seat;
    const pending = last.ctx.busy;
    const parts = [];
    const buttons = [];
    const mine = !pending && ix.any;
    const n = view.players;
    if (view.phase === "over") {
      const lm = lastMove(msg);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      parts.push("Game over.");
    } else if (pending) {
      parts.push("…");
    } else if (!mine) {
      const cur = view.current_player;
      const lm = lastMove(msg);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (view.phase === "direction") parts.push(`${ui.seatName(cur, { long: true })} drew the highest card and chooses the direction…`);
      else parts.push(cur === me ? "Waiting…" : `${ui.seatName(cur, { long: true })} is playing…`);
    } else if (view.phase === "direction") {
      const mineDrawn = view.first_draw.flat().filter((x) => x.seat === me).pop();
      parts.push(`You drew the highest card${mineDrawn ? ` (${cardName(mineDrawn.card)})` : ""} and begin. Choose the direction of play for the whole game:`);
      const steps = (step) => Array.from({ length: Math.min(n, 4) }, (_, i) => ((me + step * i) % n + n) % n).join(" → ") + (n > 4 ? " …" : "");
      for (const [value, arrow, text, step] of [["cw", "↻", "Clockwise", 1], ["ccw", "↺", "Counter-clockwise", -1]]) {
        const entry = ix.direction.get(value);
        if (entry) {
          buttons.push(h("button", {
            type: "button", class: "btn legal primary mq-dir", "data-legal": true, dataset: { key: `dir:${value}` },
            "aria-label": `${text}: seat ${steps(step)}`, onclick: () => play(entry),
          }, h("span", { class: "arrow", "aria-hidden": "true" }, arrow), `${text} (seat ${steps(step)})`));
        }
      }
    } else {
      const lm = lastMove(msg);
      if (lm) parts.push(h("span", { class: "mq-last" }, lm), " ");
      if (selected) {
        parts.push(`Your ${cardName(selected.card)}: choose below what to do with it${ix.discard.get(selected.card) ? ", or click the Known to discard it" : ""}. Escape cancels.`);
      } else {
        const full = !ix.unknown && !ix.known && !ix.knownCard.size && !ix.open.size && !ix.hiding.size;
        parts.push(full && view.seats[me].hand_size >= view.hand_limit
          ? `Your turn — your hidden hand is full (${view.hand_limit}): lay a card down, lay a street, or pass.`
          : "Your turn — do one thing: draw a card (the Unknown, the Known, an open hand), choose a card of yours to lay down, lay a street, or pass.");
      }
      if (ix.pass) {
        const ends = view.passes === n - 1;
        buttons.push(h("button", {
          type: "button", class: `btn legal${ends ? " mq-danger" : ""}`, "data-legal": true, dataset: { key: "pass" },
          "aria-label": ends ? "Pass — everybody else passed: this ends the game" : "Pass", onclick: () => play(ix.pass),
        }, ends ? "Pass (ends the game)" : "Pass"));
      }
    }
    return h("div", { class: `prompt${mine ? " mine" : ""}`, "aria-live": "polite" },
      h("p", {}, parts),
      buttons.length ? h("div", { class: "prompt-buttons" }, buttons) : null);
  }

  // -- kingdoms and the end ------------------------------------------------------------------------------
  function kingdomsPanel(msg) {
    const view = msg.view;
    const inDeck = msg.table.options.kingdoms || KINGDOMS;
    const holder = new Map();
    for (const seat of view.seats) for (const st of seat.streets) holder.set(cardInfo(st[0]).kingdom, { seat: seat.seat, cards: st });
    return h("section", { class: "panel mq-kingdoms", "aria-labelledby": "mq-kingdoms-title" },
      h("h2", { id: "mq-kingdoms-title" }, "Kingdoms in the deck"),
      h("ul", { class: "mq-kingdom-list" },
        KINGDOMS.filter((k) => inDeck.includes(k)).map((k) => {
          const i = KINGDOMS.indexOf(k);
          const held = holder.get(k);
          return h("li", { class: `mq-kingdom${held ? " claimed" : ""}` },
            chip(k, `${k}`),
            h("span", { class: "mq-de", lang: "de" }, KINGDOMS_DE[i]),
            h("span", { class: "mq-claim" }, held ? `street: ${ui.seatName(held.seat)} (${run(held.cards)})` : "free"),
            h("span", { class: "mq-compl", title: "complementary kingdom (no effect at Level 1)" }, `↔ ${KINGDOMS[COMPLEMENT[i]]}`));
        })),
      msg.table.options.extra_cards && msg.table.options.extra_cards !== "none"
        ? h("p", { class: "hint" }, `Extra cards (${msg.table.options.extra_cards}) are in the deck: numbers 18 and up, never in a street. Their backs show “extra”. Other kingdoms: ${OTHER_KINGDOMS.join(", ")}.`)
        : null,
      h("p", { class: "hint" }, "A street is one kingdom's cards in an unbroken run; each kingdom can be in one street at the table. The first complete street (all 17) wins."));
  }

  function scoreboard(msg) {
    const view = msg.view;
    const result = view.result || { winners: [], reason: null, street_cards: msg.scores || [] };
    const winners = result.winners;
    const names = winners.map((s) => ui.seatName(s));
    let headline;
    if (!winners.length) headline = "no winner";
    else if (winners.length === 1) headline = winners[0] === msg.seat ? "You win!" : `${names[0]} wins`;
    else headline = `Shared win: ${names.join(" and ")}`;
    const streetOf = (s) => view.seats[s].streets.map((st) => `${cardInfo(st[0]).kingdom} ${run(st)}`).join(", ");
    let reason;
    if (result.reason === "complete") {
      const w = winners[0];
      reason = `${ui.seatName(w, { long: true })} completed a kingdom: ${streetOf(w)} — all ${PER_KINGDOM} cards.`;
    } else if (result.reason === "deadlock") {
      reason = `Everybody passed in one full round (MAOQY-8.2): the most cards in a street ${winners.length ? "win" : "would win, but nobody laid a street"}.`;
    } else if (result.reason === "turn_limit") {
      reason = `The turn limit (${view.turn_limit}) was reached (MAOQY-8.3): the most cards in a street ${winners.length ? "win" : "would win, but nobody laid a street"}.`;
    } else reason = "";
    const counts = result.street_cards || view.seats.map((s) => s.street_cards);
    const order = view.seats.map((s) => s.seat).sort((a, b) => counts[b] - counts[a] || a - b);
    let rank = 0;
    let prev = null;
    return h("section", { id: "scoreboard", class: "scoreboard mq-scoreboard", "aria-labelledby": "scoreboard-title" },
      h("h2", { id: "scoreboard-title" }, "Game over — ", headline),
      reason ? h("p", { class: "mq-reason" }, reason) : null,
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Street"),
          h("th", { scope: "col", class: "num" }, "Cards"), h("th", { scope: "col", class: "num" }, "Win share"))),
        h("tbody", {}, order.map((s, i) => {
          if (counts[s] !== prev) rank = i + 1;
          prev = counts[s];
          const won = winners.includes(s);
          const share = msg.returns ? msg.returns[s] : (won ? 1 / winners.length : 0);
          return h("tr", { class: `${won ? "winner" : ""}${s === msg.seat ? " me" : ""}` },
            h("td", {}, rank),
            h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(s, { long: true })),
            h("td", {}, view.seats[s].streets.length ? view.seats[s].streets.map((st) => chip(cardInfo(st[0]).kingdom, `${cardInfo(st[0]).kingdom} ${run(st)}`)) : h("span", { class: "empty" }, "none")),
            h("td", { class: "num" }, counts[s]),
            h("td", { class: "num" }, share ? String(Math.round(share * 100) / 100) : "0"));
        }))),
      h("p", { class: "score-links" },
        h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, "Download record"),
        " ",
        h("a", { class: "btn", href: "/?game=maoqy" }, "Back to the lobby")),
    );
  }

  return { update };
}
