// Where focus and pointer presses go while the table redraws: a press that lands on moves drawn a moment ago is
// dropped, and focus comes back to the same control (or the next thing to play) after each drawing. ``state`` is
// the table page's state (lastPointer, lastKey, settleUntil, parked).
const $ = (id) => document.getElementById(id);

// A second press soon after the first (a double click, two clicks 150 ms apart) must not land on the moves drawn
// after the first one's answer: a pointer press made before the new moves had stood for a moment is dropped, and
// until then the table and the moves take no pointer at all (body.settling). Keys are never held back.
const SETTLE_MS = 400;

export function pressedTooSoon(state) {
  const byPointer = state.lastPointer > state.lastKey && performance.now() - state.lastPointer < 1000;
  return byPointer && state.lastPointer < state.settleUntil;
}

export function settle(state) {
  state.settleUntil = performance.now() + SETTLE_MS;
  document.body.classList.add("settling");
  clearTimeout(settle.timer);
  settle.timer = setTimeout(() => document.body.classList.remove("settling"), SETTLE_MS);
}

export function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return { key: null, inside: false };
  return { key: el.dataset ? el.dataset.key || null : null, inside: !!el.closest("#game, #moves-panel") };
}

export function restoreFocus(before, state) {
  const active = document.activeElement;
  const turn = $("turn");
  if (state.parked && active === turn) {
    // Focus waited on the status line while the move was sent; now it goes back to something to play.
    const next = document.querySelector("#game [data-legal]") || document.querySelector("#moves button.move");
    if (next) {
      state.parked = false;
      next.focus({ preventScroll: true });
    }
    return;
  }
  if (active && active !== document.body && document.contains(active)) return;
  if (before.key) {
    const same = document.querySelector(`[data-key="${CSS.escape(before.key)}"]`);
    if (same) return same.focus({ preventScroll: true });
  }
  if (!before.inside) return;
  const next = document.querySelector("#game [data-legal]") || document.querySelector("#moves button.move");
  if (next) return next.focus({ preventScroll: true });
  state.parked = true;
  turn.focus({ preventScroll: true });
}
