// Shared by the Mojo, MAOQY and muhq tables (issue 34): the "since your last turn" line, marks on what changed
// since your last move, explanations of an illegal target (ui.explain), the folded fallback list of moves,
// and a card's whole text on hover, focus or long press. Styles in css/boards-play.css (bp-*).
import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";

/**
 * The moves the other seats made since this seat last moved, from the table's log (msg.log: {n, seat, text};
 * a message carries only the log's end, so the entries are kept here by their number).
 */
export function createSince(ui) {
  const entries = new Map();
  return {
    /** `{line, entries}`: the line's element (null before anything happened) and the entries it names. */
    line(msg, { max = 5 } = {}) {
      for (const e of msg.log || []) entries.set(e.n, e);
      const size = msg.log_size ?? 0;
      for (const n of [...entries.keys()]) if (n >= size) entries.delete(n); // an undo
      const all = [...entries.values()].sort((a, b) => a.n - b.n);
      const me = msg.seat;
      let from = 0;
      if (me !== null && me !== undefined) {
        const mine = all.filter((e) => e.seat === me);
        if (mine.length) from = mine[mine.length - 1].n + 1;
        else from = all.length ? all[0].n : 0;
      }
      let since = all.filter((e) => e.n >= from && e.seat !== me);
      if (me === null || me === undefined) since = all.slice(-3);
      if (!since.length) return { line: null, entries: [] };
      const shown = since.slice(-max);
      const more = since.length - shown.length;
      const head = me === null || me === undefined ? t("Last moves:") : t("Since your last turn:");
      const line = h("p", { class: "bp-since", role: "status", "aria-label": `${head} ${shown.map((e) => `${ui.seatName(e.seat)} ${e.text}`).join("; ")}` },
        h("span", { class: "bp-since-head" }, `${head} `),
        more ? h("span", { class: "bp-since-more" }, `${tn("{n} earlier, then", "{n} earlier, then", more)} `) : null,
        shown.map((e, i) => [i ? "; " : "", h("span", { class: "bp-since-who" }, ui.seatName(e.seat)), " ", e.text]));
      return { line, entries: since };
    },
  };
}

/**
 * Marks what changed since this seat's last move: the renderer names each thing it draws with a key and a
 * signature (`changed(key, sig)` → true when it differs from what it was when we last moved). The baseline is
 * taken from the first drawing after a move of ours (and from the first drawing at all).
 */
export function createChanges() {
  let baseline = null;
  let current = new Map();
  let rebase = true;
  let lastMine = -1;
  return {
    begin(msg) {
      current = new Map();
      const me = msg.seat;
      const mine = (msg.log || []).filter((e) => e.seat === me).map((e) => e.n);
      const newest = mine.length ? Math.max(...mine) : -1;
      if (me !== null && me !== undefined && newest > lastMine) {
        lastMine = newest;
        rebase = true;
      }
      if (msg.type === "step") rebase = true;
    },
    changed(key, sig) {
      const s = typeof sig === "string" ? sig : JSON.stringify(sig);
      current.set(key, s);
      if (rebase || !baseline) return false;
      return baseline.has(key) ? baseline.get(key) !== s : baseline.size > 0;
    },
    end() {
      if (rebase || !baseline) {
        baseline = current;
        rebase = false;
      }
    },
  };
}

/** Why a target is not legal: asks ui.explain (the server's check), else says only that it is not legal now. */
export function explainOn(el, ui, action, fallback = t("not a legal move now")) {
  let asked = null;
  const show = () => {
    if (!asked) {
      asked = (ui.explain ? Promise.resolve().then(() => ui.explain(action)) : Promise.reject(new Error("no check"))) // i18n: no
        .then((r) => (r && r.legal ? t("legal") : [r && r.rule, r && (r.message || r.rule_text)].filter(Boolean).join(": ") || fallback))
        .catch(() => fallback);
    }
    asked.then((text) => {
      el.title = text;
      el.setAttribute("aria-description", text);
      el.dataset.why = text;
      el.classList.add("bp-why-shown");
    });
  };
  el.classList.add("bp-illegal");
  el.addEventListener("mouseenter", show);
  el.addEventListener("focus", show);
  el.addEventListener("click", show);
  return el;
}

/** A folded list of every legal move as a plain button (the fallback; closed unless the reader opened it). */
export function fallbackMoves(legal, act, { open = false, onToggle = null, title = t("All moves as a list") } = {}) {
  if (!legal.length) return null;
  const box = h("details", { class: "bp-fallback", open: open || null },
    h("summary", {}, `${title} (${legal.length})`),
    h("ul", {}, legal.map((e) => h("li", {}, h("button", {
      type: "button", class: "btn small", dataset: { key: `fb:${JSON.stringify(e.action)}` }, onclick: () => act(e),
    }, e.label)))));
  box.addEventListener("toggle", () => onToggle && onToggle(box.open));
  return box;
}

/** The page's one tooltip for whole card texts: fixed on the page's body, so that no scrolling box (the muhq
 *  board's) clips it and no turned token turns it. */
let tip = null;
let tipFor = null;
function theTip() {
  if (!tip || !tip.isConnected) {
    tip = h("div", { class: "bp-tip", id: "bp-tip", role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

function showTip(el) {
  const tipEl = theTip();
  tipFor = el;
  tipEl.textContent = el.dataset.text;
  tipEl.hidden = false;
  el.setAttribute("aria-describedby", "bp-tip");
  const r = el.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  tipEl.style.maxWidth = `${w}px`;
  const th = tipEl.offsetHeight;
  const tw = tipEl.offsetWidth;
  const left = Math.max(8, Math.min(window.innerWidth - tw - 8, r.left));
  const above = r.top - th - 6 >= 8; // above the thing, as a finger would cover what is below it
  tipEl.style.left = `${Math.round(left)}px`;
  tipEl.style.top = `${Math.round(above ? r.top - th - 6 : Math.min(window.innerHeight - th - 8, r.bottom + 6))}px`;
}

function hideTip(el) {
  if (tipFor !== el) return;
  tipFor = null;
  el.removeAttribute("aria-describedby");
  if (tip) tip.hidden = true;
}

/** A card's whole text shown on hover, focus, or a long press (touch), in the page's one tooltip. */
export function fullText(el, text) {
  if (!text) return el;
  el.dataset.text = text;
  el.classList.add("bp-has-text");
  el.addEventListener("mouseenter", () => showTip(el));
  el.addEventListener("mouseleave", () => hideTip(el));
  el.addEventListener("focus", () => showTip(el));
  el.addEventListener("blur", () => hideTip(el));
  let timer = null;
  el.addEventListener("touchstart", () => {
    timer = setTimeout(() => showTip(el), 450);
  }, { passive: true });
  const close = () => {
    clearTimeout(timer);
    setTimeout(() => hideTip(el), 1800);
  };
  el.addEventListener("touchend", close);
  el.addEventListener("touchcancel", close);
  return el;
}

/** Brings an element into view without jumping (the choices after picking a card). */
export function bringIntoView(el) {
  if (el && el.scrollIntoView) el.scrollIntoView({ block: "nearest", inline: "nearest" });
}

/**
 * A play flies from the seat that made it to where it landed: `flyFrom(box, el, seat)` starts `el` at the
 * centre of the seat's panel (`[data-seat]` in `box`) and moves it home (Web Animations; nothing moves under
 * prefers-reduced-motion). Counts the flights in `box.dataset.flights` (read by the tests).
 */
export function flyFrom(box, el, seat) {
  if (!el || seat === null || seat === undefined || typeof el.animate !== "function") return false;
  if (typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches) return false;
  const from = box.querySelector(`[data-seat="${seat}"]`);
  if (!from || from.contains(el)) return false;
  const a = from.getBoundingClientRect();
  const b = el.getBoundingClientRect();
  if (!a.width || !b.width) return false;
  const dx = Math.round(a.left + a.width / 2 - (b.left + b.width / 2));
  const dy = Math.round(a.top + a.height / 2 - (b.top + b.height / 2));
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.3 }, { transform: "none", opacity: 1 }],
    { duration: 450, easing: "ease-out" });
  box.dataset.flights = String(Number(box.dataset.flights || 0) + 1);
  box.dataset.lastFlight = `${seat}:${dx},${dy}`;
  return true;
}

/** The straight way from one field to another, a step at a time (diagonal while both differ), as a move's path
 *  [x1, y1, x2, y2, …] without the start: the server's check of it says what stops the unit (its cost against
 *  the unit's movement, or a field it cannot enter). */
export function straightPath([x, y], [tx, ty]) {
  const path = [];
  while (x !== tx || y !== ty) {
    x += Math.sign(tx - x);
    y += Math.sign(ty - y);
    path.push(x, y);
  }
  return path;
}
