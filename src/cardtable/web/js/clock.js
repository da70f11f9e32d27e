// The move clock, when the table has one (state messages carry `clock`): every seat's bank and the running
// move's countdown, shown to every seat and to spectators. Nothing at all without a clock.
import { h } from "./common.js";
import { t } from "./i18n.js";

const fmt = (seconds) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

/** createClock(box, seatName(seat)) → {update(msg)} */
export function createClock(box, seatName) {
  const clock = { data: null, at: 0, timer: null };

  function tick() {
    const data = clock.data;
    if (!data) return;
    const now = Date.now() / 1000;
    const running = data.seat !== null && data.seat !== undefined && data.deadline !== null && data.deadline !== undefined;
    const left = running ? data.deadline - now : null;
    // the move's own time first, then the bank: the bank shrinks only once the move's time is used up
    const perMove = data.per_move ?? 0;
    const moveLeft = running ? Math.min(perMove, left - (data.bank ? data.bank[data.seat] ?? 0 : 0)) : null;
    for (const row of box.querySelectorAll("[data-clock-seat]")) {
      const seat = Number(row.dataset.clockSeat);
      const bank = data.bank ? data.bank[seat] : null;
      const mine = running && seat === data.seat;
      let bankNow = bank;
      if (mine && moveLeft !== null && moveLeft < 0) bankNow = Math.max(0, bank + moveLeft);
      row.querySelector(".clock-bank").textContent = bank === null || bank === undefined ? "—" : fmt(bankNow);
      const move = row.querySelector(".clock-move");
      move.textContent = mine ? t("{time} for this move", { time: fmt(Math.max(0, moveLeft ?? 0)) }) : "";
      // the policy's work, said to everybody: how often this seat's time ran out and a bot moved for it
      const out = (data.expired || [])[seat] || 0;
      row.querySelector(".clock-out").textContent = data.forfeited === seat ? t("time ran out — forfeited")
        : out ? t("time ran out {count}× — a bot moved", { count: out }) : "";
      row.classList.toggle("running", mine);
      row.classList.toggle("low", mine && left !== null && left < 10);
    }
  }

  clock.update = (msg) => {
    const data = msg && msg.type !== "step" && !msg.returns ? msg.clock : null;
    clock.data = data || null;
    box.hidden = !data;
    clearInterval(clock.timer);
    clock.timer = null;
    if (!data) {
      box.replaceChildren();
      return;
    }
    const seats = msg.table.players || (data.bank ? data.bank.length : 0);
    const rows = box.querySelectorAll("[data-clock-seat]");
    if (rows.length !== seats || box.dataset.seat !== String(msg.seat)) {
      box.dataset.seat = String(msg.seat);
      box.replaceChildren(
        h("h2", { id: "clock-title" }, t("Move clock")),
        h("p", { class: "hint" }, data.policy === "forfeit"
          ? t("{seconds} s a move, then the bank; when both run out, that player forfeits the game.", { seconds: data.per_move ?? "?" })
          : t("{seconds} s a move, then the bank; when both run out, a bot plays that move.", { seconds: data.per_move ?? "?" })),
        h("ul", { class: "clock-list", "aria-labelledby": "clock-title" },
          Array.from({ length: seats }, (_, seat) =>
            h("li", { class: "clock-row", dataset: { clockSeat: seat } },
              h("span", { class: "clock-who" }, seatName(seat)),
              h("span", { class: "clock-bank", title: t("time left in the bank") }),
              h("span", { class: "clock-move" }),
              h("span", { class: "clock-out" })))),
      );
    }
    tick();
    if (data.deadline !== null && data.deadline !== undefined) clock.timer = setInterval(tick, 250);
  };
  return clock;
}
