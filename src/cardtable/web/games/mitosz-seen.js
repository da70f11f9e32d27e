// What happened in Mítosz since your last turn (issue 34, part 2): the cards and spheres that changed between
// the view at the end of your last turn and the view at the start of this one, the log lines of that stretch,
// and the flight of a newly played card from its player's seat (or your hand) to its place on the table.

/** Every card on the table by id, with what can change about it (level, rotation, tokens, attachments …). */
export function boardCards(view) {
  const out = new Map();
  const add = (c, where) => {
    if (!c || c.id === null || c.id === undefined) return;
    const { attached, ...rest } = c;
    out.set(c.id, { card: c, where, sig: JSON.stringify(rest) + (attached || []).map((a) => a.id).join(",") });
    for (const a of attached || []) add(a, where);
  };
  for (const p of view.players) {
    add(p.god, `god:${p.seat}`);
    for (const n of p.nations) add(n, `nation:${p.seat}`);
    for (const l of p.leaders) add(l, `leader:${p.seat}`);
  }
  for (const g of ["intrigues", "fates", "lingering"]) for (const c of view[g] || []) add(c, g);
  return out;
}

/** The changes from view `a` to view `b`: {cards: Map id -> "new" or "changed", spheres: Set "seat:i", power: Set
 *  of seats, gone: names that left the table}. */
export function diffViews(a, b) {
  const before = boardCards(a);
  const after = boardCards(b);
  const cards = new Map();
  for (const [id, x] of after) {
    const old = before.get(id);
    if (!old) cards.set(id, "new");
    else if (old.sig !== x.sig || old.where !== x.where) cards.set(id, "changed");
  }
  const gone = [...before].filter(([id]) => !after.has(id)).map(([, x]) => x.card.name);
  const spheres = new Set();
  const power = new Set();
  for (const p of b.players) {
    const q = a.players[p.seat];
    if (!q) continue;
    p.spheres.forEach((v, i) => { if (v !== q.spheres[i]) spheres.add(`${p.seat}:${i}`); });
    if (p.power !== q.power) power.add(p.seat);
  }
  return { cards, spheres, power, gone };
}

/** The log lines from view `a`'s end to view `b`'s (view.log holds the last lines, log_size counts them all). */
export function logBetween(a, b) {
  const first = b.log_size - b.log.length;
  const from = Math.max(a.log_size, first);
  return { lines: b.log.slice(from - first), missed: Math.max(0, from - a.log_size) };
}

/**
 * Remembers the view at the end of your last turn (the last one in which you were the active player) and, when
 * your next turn begins, what changed since: `changes` and `lines` stay until that turn ends.
 */
export function createMemory() {
  let lastOwn = null; // the view the last time it was your turn
  let wasMine = null; // was it your turn in the previous message?
  let changes = null;
  let since = null;
  let message = null;
  return {
    /** Feed every new message once (not a redraw of the same one). */
    see(msg) {
      if (msg === message) return;
      message = msg;
      const v = msg.view;
      const me = msg.seat;
      if (me === null || v.result) {
        changes = null;
        since = null;
        return;
      }
      const mine = v.active === me;
      if (mine && wasMine === false && lastOwn) {
        changes = diffViews(lastOwn, v);
        since = logBetween(lastOwn, v);
      } else if (!mine) {
        changes = null;
        since = null;
      }
      if (mine) lastOwn = v;
      wasMine = mine;
    },
    get changes() {
      return changes;
    },
    get since() {
      return since;
    },
  };
}

const reduced = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Before a redraw: where the hand cards and the seats are now (`origins`), and which cards were on the table.
 * After it: `fly(root, before, prev, next)` moves each card that arrived from where it came to where it is, by a
 * CSS transition (none when the reader asks for reduced motion). Returns how many cards flew.
 */
export function origins(root) {
  const at = new Map();
  for (const el of root.querySelectorAll(".mz-handcard[data-id]")) at.set(`hand:${el.dataset.id}`, el.getBoundingClientRect());
  for (const el of root.querySelectorAll(".mz-seat[data-seat] .seat-head")) at.set(`seat:${el.closest(".mz-seat").dataset.seat}`, el.getBoundingClientRect());
  return at;
}

export function fly(root, at, prev, next) {
  if (!prev || reduced() || !at.size) return 0;
  const was = boardCards(prev);
  const wasStack = new Set(prev.stack.map((s) => s.id));
  let n = 0;
  const launch = (el, from) => {
    if (!el || !from) return;
    const to = el.getBoundingClientRect();
    if (!to.width) return;
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    el.classList.remove("mz-fly");
    el.style.transform = `translate(${Math.round(dx)}px, ${Math.round(dy)}px) scale(0.7)`;
    el.getBoundingClientRect(); // the start is drawn before the transition begins
    el.classList.add("mz-fly");
    el.style.transform = "";
    n += 1;
  };
  for (const [id, x] of boardCards(next)) {
    if (was.has(id)) continue;
    const el = root.querySelector(`[data-k="c:${id}"]`);
    const seat = x.card.controller ?? x.card.owner;
    launch(el, at.get(`hand:${id}`) || at.get(`seat:${seat}`));
  }
  for (const item of next.stack) {
    if (wasStack.has(item.id)) continue;
    launch(root.querySelector(`[data-k="c:${item.id}"]`), at.get(`seat:${item.player}`));
  }
  if (n) root.dataset.flights = String(Number(root.dataset.flights || 0) + n);
  return n;
}
