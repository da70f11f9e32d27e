// The game log in the side panel: it follows the newest entry unless the reader scrolled up (then a "new
// entries" pill takes them down), with separators where a turn or a round began, and every new move read out in
// one polite live region.
import { h, seatName } from "./common.js";
import { t, tn } from "./i18n.js";
import { decorateRules } from "./rules.js";

const KEEP = 200; // entries kept (and drawn)
const NEAR_BOTTOM = 24; // px: "at the bottom" (a line's height or less)

/**
 * createLog(list, announcer) → {merge(msg), render(msg, story), announce(msg), entries}
 * `list` is the <ol id="log">; `announcer` the aria-live region.
 */
export function createLog(list, announcer) {
  const log = {
    entries: [], // the game's log entries received so far (messages carry only its end)
    marks: new Map(), // n -> separator label ("Round 3", "Turn 12"): the entry that opened it
    counter: undefined, // the last round/turn counter seen, and its name
    follow: true, // keep the newest entry in sight
    unseen: 0, // entries that came while the reader was scrolled up
    seen: -1, // the number (n) of the newest entry the reader had in sight
    announced: null, // the number of entries announced so far (null: nothing yet; the first batch is history)
    setTop: null, // where our own last scroll put the list: a scroll event that finds it there is ours
  };
  // Scrolling is instant here (the style sheet's smooth scrolling made a second move land while the first
  // scroll was still on its way, and the page took the reader for one who had scrolled up: the log stopped).
  list.style.scrollBehavior = "auto";
  const pill = h("button", { type: "button", class: "log-pill", hidden: true, onclick: () => jump(true) });
  list.after(pill);
  list.addEventListener("scroll", () => {
    if (log.setTop !== null && Math.abs(list.scrollTop - log.setTop) < 1) return; // ours, not the reader's
    log.setTop = null;
    log.follow = atBottom();
    if (log.follow) {
      log.seen = Infinity;
      setUnseen(0);
    }
  });

  const atBottom = () => list.scrollHeight - list.scrollTop - list.clientHeight <= NEAR_BOTTOM;

  function jump(focus) {
    log.follow = true;
    log.seen = Infinity; // (the next render counts from its newest entry)
    setUnseen(0);
    toBottom();
    if (focus) list.focus({ preventScroll: true });
  }

  function toBottom() {
    const target = list.scrollHeight - list.clientHeight;
    setScroll(target);
  }

  function setScroll(top) {
    if (Math.abs(list.scrollTop - top) < 1) return;
    list.scrollTop = top;
    log.setTop = list.scrollTop;
  }

  function setUnseen(n) {
    log.unseen = n;
    pill.hidden = n === 0;
    pill.textContent = n ? tn("{n} new entry ↓", "{n} new entries ↓", n) : "";
  }

  /** A message carries the end of the log and its size: keep what came before, drop what an undo took back. */
  log.merge = (msg) => {
    const fresh = msg.log || [];
    const size = msg.log_size ?? (fresh.length ? fresh[fresh.length - 1].n + 1 : 0);
    const from = fresh.length ? fresh[0].n : size;
    let kept = log.entries.filter((e) => e.n < Math.min(from, size));
    if (kept.length && kept[kept.length - 1].n + 1 < from) kept = []; // a gap: start again from this message
    log.entries = kept.concat(fresh).slice(-KEEP);
    for (const n of [...log.marks.keys()]) if (n > size) log.marks.delete(n); // (at size: the entry to come)
    noteCounter(msg, size);
  };

  // Views count rounds (Mojo) or turns (MAOQY, Mítosz, muhq): where the count went up between two messages, the
  // next entry opens a new one. A count first seen at 0 or 1 at the start of the log opens at entry 0.
  function noteCounter(msg, size) {
    const view = msg.view || {};
    // (a turn of MAOQY or Mojo is one seat's moves in a row: the line between two seats marks it; the games
    // whose views name the seat to act, Mítosz and muhq, hold many entries in a turn, so it gets its label)
    const name = Number.isInteger(view.round) ? "Round"
      : Number.isInteger(view.turn) && "to_act" in view ? "Turn" : null;
    if (!name) return;
    const value = name === "Round" ? view.round : view.turn;
    const at = Number.isInteger(view.log_size) ? view.log_size : size; // a game's story counts its own lines
    const before = log.counter;
    log.counter = { name, value };
    const label = name === "Round" ? t("Round {n}", { n: value }) : t("Turn {n}", { n: value });
    if (!before) {
      if (at === 0 || value <= 1) log.marks.set(0, label);
      return;
    }
    if (before.name === name && value > before.value) log.marks.set(at, label);
  }

  /** Draw the entries: the page's (action entries with seats) or the game's own story ({n, text, mine}). */
  log.render = (msg, story) => {
    const stayed = !log.follow ? anchor() : null;
    const entries = story ? story(msg) : msg.type === "step" ? msg.log : log.entries;
    list.classList.toggle("story", !!story);
    const items = [];
    let prevSeat;
    const SEP = /^\s*—.*—\s*$/; // a story's own separator lines (Mítosz: "— Turn 3: P1 —")
    const ownSeps = story && entries.some((e) => SEP.test(e.text)); // then no labels of ours besides
    for (const e of entries) {
      const mark = msg.type === "step" || ownSeps ? null : log.marks.get(e.n);
      const sep = story && SEP.test(e.text);
      const turnChange = !story && prevSeat !== undefined && e.seat !== prevSeat;
      prevSeat = story ? undefined : e.seat;
      // a round or turn that begins here is written over the entry (CSS, from data-sep): one item per entry
      const classes = [(story ? e.mine : e.seat === msg.seat) ? "mine" : "", sep ? "log-sep story-sep" : "", // i18n: no (class names)
        mark ? "has-sep" : turnChange ? "new-turn" : ""].filter(Boolean).join(" ");
      const text = h("span", { class: "log-text" }, e.text);
      decorateRules(text);
      items.push(h("li", { class: classes, dataset: mark ? { n: e.n, sep: mark } : { n: e.n } },
        h("span", { class: "log-n" }, e.n + 1),
        story ? null : h("span", { class: "log-who" }, seatName(msg.table, e.seat, msg.seat)),
        text));
    }
    list.replaceChildren(...items);
    if (!entries.length) list.append(h("li", { class: "none" }, t("No moves yet.")));
    const last = entries.length ? entries[entries.length - 1].n : -1;
    if (log.follow || msg.type === "step") {
      log.seen = last;
      toBottom();
    } else {
      if (stayed) restore(stayed);
      if (log.seen === Infinity) log.seen = last;
      setUnseen(entries.filter((e) => e.n > log.seen).length);
    }
  };

  // Scrolled up, the reader keeps the line they read in the same place while entries come and old ones go.
  function anchor() {
    const top = list.scrollTop;
    for (const li of list.children) {
      if (li.offsetTop + li.offsetHeight > top && li.dataset.n !== undefined) return { n: li.dataset.n, dy: li.offsetTop - top };
    }
    return null;
  }

  function restore({ n, dy }) {
    const li = list.querySelector(`li[data-n="${CSS.escape(n)}"]`);
    if (!li) return;
    setScroll(li.offsetTop - dy);
  }

  /** Read out the moves that are new since the last message, in words (the log entry's text). */
  log.announce = (msg) => {
    const size = msg.log_size ?? (log.entries.length ? log.entries[log.entries.length - 1].n + 1 : 0);
    if (log.announced === null || size < log.announced) {
      log.announced = size; // the first message (or after an undo): history, not news
      return;
    }
    const fresh = log.entries.filter((e) => e.n >= log.announced);
    log.announced = size;
    if (!fresh.length) return;
    const said = fresh.map((e) => t("{who}: {text}.", { who: e.seat === msg.seat ? t("You") : seatName(msg.table, e.seat, msg.seat), text: e.text })).join(" ");
    // a text changed to the same words is not read again: make each announcement differ from the last
    announcer.textContent = announcer.textContent === said ? `${said} ` : said;
  };

  log.jump = jump;
  return log;
}
