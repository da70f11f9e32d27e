// The Mítosz table's one tooltip: a card's whole text on hover (mouse), focus (keyboard) or a long press
// (touch), and why a target cannot be picked (the server's answer to ui.explain), under the card's text.
import { h } from "../js/common.js";
import { t } from "../js/i18n.js";

const HOVER_MS = 250;
const LONG_PRESS_MS = 450;

/**
 * tips = createTips(box, {why(el) → Promise<string>|null}): elements with data-tip (the card's whole text)
 * show it; `why` may add an explanation (an illegal target while a card is picked).
 * tips.longPressed() is true once right after a long press, so that the click it ends with is not a play.
 */
export function createTips(box, { why }) {
  const tip = h("div", { class: "mz-tip", role: "tooltip", id: "mz-tip", hidden: true });
  let timer = null;
  let shownFor = null;
  let pressTimer = null;
  let pressed = false;
  let asked = 0;

  function place(el) {
    const r = el.getBoundingClientRect();
    const w = Math.min(320, window.innerWidth - 16);
    tip.style.maxWidth = `${w}px`;
    tip.hidden = false;
    const th = tip.offsetHeight;
    const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left));
    const below = r.bottom + 6 + th <= window.innerHeight;
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(below ? r.bottom + 6 : Math.max(8, r.top - th - 6))}px`;
  }

  function show(el, { explain = true } = {}) {
    clearTimeout(timer);
    shownFor = el;
    const text = el.dataset.tip || "";
    const lines = text.split("\n");
    const body = [h("strong", {}, lines[0]), ...lines.slice(1).map((l) => h("span", { class: "mz-tip-line" }, l))];
    const note = h("span", { class: "mz-tip-why", hidden: true });
    tip.replaceChildren(...body, note);
    el.setAttribute("aria-describedby", "mz-tip");
    place(el);
    const ask = explain && why ? why(el) : null;
    if (ask) {
      const mine = ++asked;
      note.hidden = false;
      note.textContent = t("Not a legal choice now — checking why…");
      place(el);
      ask.then((text) => {
        if (mine !== asked || shownFor !== el) return;
        note.textContent = text;
        place(el);
      });
    }
  }

  function hide() {
    clearTimeout(timer);
    if (shownFor) shownFor.removeAttribute("aria-describedby");
    shownFor = null;
    tip.hidden = true;
  }

  box.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const el = event.target.closest("[data-tip]");
    if (!el || el === shownFor) return;
    clearTimeout(timer);
    timer = setTimeout(() => show(el), HOVER_MS);
  });
  box.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const el = event.target.closest("[data-tip]");
    if (el && el.contains(event.relatedTarget)) return;
    if (document.activeElement && document.activeElement === shownFor) return; // focus keeps it
    hide();
  });
  box.addEventListener("focusin", (event) => {
    const el = event.target.closest("[data-tip]");
    if (el) show(el, { explain: false });
  });
  box.addEventListener("focusout", () => hide());
  box.addEventListener("touchstart", (event) => {
    const el = event.target.closest("[data-tip]");
    clearTimeout(pressTimer);
    pressed = false;
    if (!el) return hide();
    pressTimer = setTimeout(() => {
      pressed = true;
      show(el);
    }, LONG_PRESS_MS);
  }, { passive: true });
  for (const type of ["touchend", "touchmove", "touchcancel"]) box.addEventListener(type, () => clearTimeout(pressTimer), { passive: true });
  box.addEventListener("contextmenu", (event) => {
    if (pressed) event.preventDefault(); // a long press shows the card, not the browser's menu
  });
  window.addEventListener("resize", () => hide(), { passive: true });
  window.addEventListener("scroll", () => { if (shownFor && !shownFor.isConnected) hide(); }, { passive: true });

  return {
    element: tip,
    show,
    hide,
    /** After a redraw: the element shown for is gone; show the tip again on its successor, if any. */
    redrawn(root) {
      if (!shownFor || shownFor.isConnected) return;
      const k = shownFor.dataset.k;
      const again = k && root.querySelector(`[data-k="${CSS.escape(k)}"]`);
      if (again && document.activeElement === again) show(again, { explain: false });
      else hide();
    },
    longPressed() {
      const was = pressed;
      pressed = false;
      return was;
    },
  };
}
