"""The move clock: an optional time limit per move, with a bank, per table — seconds for a game played live, days
for one played turn by turn (the player is told of their turn when away: ``notify.py``).

A table created with ``clock: {"per_move": P, "bank": B}`` gives each seat a bank of B seconds. Whenever a human
seat (joined, not played by a takeover bot) is to act, a period starts: the seat has P seconds for that move and
then its bank; the time a move takes beyond P comes off the bank. A period ends with any accepted action (or an
undo, a takeover, a seat taken back); the next one starts at once for whoever is to act then. A move is one
action: a seat that acts several times in a row (a Mítosz turn, an equal play in Mojo) gets P for each.

When the deadline passes (P + what is left of the bank after the period's start), the table's policy
(``on_expiry``) applies, once:

- ``bot`` (the default): the seat's bank is emptied and a bot plays that one move for it, as the server does for a
  player who left (``TableManager.take_over_if_due``; the bot is the table's ``takeover_agent`` or the game's best
  loop bot). The seat keeps its seat: its next move has P seconds again, with an empty bank.
- ``forfeit``: the seat forfeits and the game ends there (``forfeited``): every other seat shares the win, the
  forfeiting seat ranks last (a rated table is rated so), and no more actions are taken.

The clock is stored with every action that changes it (``SqliteStore.clock_statement``, in the action's own
transaction), so a restarted server resumes it: the period keeps its start and deadline (the time the server was
down counts; a deadline passed meanwhile expires at the first sweep).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_PER_MOVE = 14 * 86_400  # two weeks a move: a turn-based game played over days
MAX_BANK = 30 * 86_400  # a month of bank


@dataclass
class Clock:
    per_move: int
    bank: list[float]  # seconds of bank left per seat (at the start of the current period, for the seat on the clock)
    seat: int | None = None  # the seat whose period runs, or None
    move: int | None = None  # the number of actions in the history when that period started
    started: float | None = None  # epoch seconds
    deadline: float | None = None  # epoch seconds
    expired: list[int] = field(default_factory=list)  # per seat: moves the bot played for it on expiry
    expired_at: int | None = None  # the ``move`` of the period that expired last (counted once, restart or not)
    policy: str = "bot"  # what an expiry does: "bot" (a bot plays that move) or "forfeit" (the seat loses the game)
    forfeited: int | None = None  # the seat that forfeited (policy "forfeit"): the game is over

    @classmethod
    def new(cls, settings: dict[str, Any], players: int) -> "Clock":
        return cls(per_move=int(settings["per_move"]), bank=[float(settings["bank"])] * players,
                   expired=[0] * players, policy=str(settings.get("on_expiry") or "bot"))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Clock":
        return cls(per_move=data["per_move"], bank=list(data["bank"]), seat=data.get("seat"), move=data.get("move"),
                   started=data.get("started"), deadline=data.get("deadline"),
                   expired=list(data.get("expired") or [0] * len(data["bank"])), expired_at=data.get("expired_at"),
                   policy=data.get("policy") or "bot", forfeited=data.get("forfeited"))

    def to_json(self) -> dict[str, Any]:
        return {"per_move": self.per_move, "bank": self.bank, "seat": self.seat, "move": self.move,
                "started": self.started, "deadline": self.deadline, "expired": self.expired,
                "expired_at": self.expired_at, "policy": self.policy, "forfeited": self.forfeited}

    def copy(self) -> "Clock":
        return Clock.from_json(self.to_json())

    def public(self) -> dict[str, Any]:
        """What every seat's state message carries (``clock``)."""
        return {"seat": self.seat, "deadline": self.deadline, "per_move": self.per_move,
                "bank": [round(b, 1) for b in self.bank], "policy": self.policy, "expired": self.expired,
                "forfeited": self.forfeited}

    def stop(self, now: float) -> None:
        """End the running period (if any): the time beyond ``per_move`` comes off the seat's bank."""
        if self.seat is not None and self.started is not None:
            over = max(0.0, now - self.started - self.per_move)
            self.bank[self.seat] = max(0.0, round(self.bank[self.seat] - over, 3))
        self.seat = self.move = self.started = self.deadline = None

    def follow(self, seat: int | None, move: int, now: float) -> None:
        """``seat`` (or nobody) is on the clock for the move after ``move`` actions: the running period goes on if it
        is that one, else it ends and (for a seat) a new one starts now."""
        if seat is not None and self.seat == seat and self.move == move:
            return
        self.stop(now)
        if seat is not None:
            self.seat, self.move, self.started = seat, move, now
            self.deadline = round(now + self.per_move + self.bank[seat], 3)

    def expire(self, now: float) -> int | None:
        """The seat whose deadline has passed at ``now`` (its bank emptied, counted in ``expired``), or None."""
        if self.seat is None or self.deadline is None or now < self.deadline:
            return None
        seat = self.seat
        self.bank[seat] = 0.0
        if self.expired_at != self.move:  # (a server restarted before the bot's move expires the period again)
            self.expired[seat] += 1
            self.expired_at = self.move
        if self.policy == "forfeit":  # the game ends: no period runs any more
            self.forfeited = seat
            self.seat = self.move = self.started = self.deadline = None
        return seat


# -- the request's part (``POST /api/tables``: ``clock``) ------------------------------------------------------
from typing import Literal  # noqa: E402

from pydantic import BaseModel, ConfigDict, Field  # noqa: E402


class ClockSettings(BaseModel):
    """``clock`` of ``POST /api/tables``: whole seconds, refused with 422 and the reason when out of range."""

    model_config = ConfigDict(extra="forbid")
    per_move: int = Field(ge=1, le=MAX_PER_MOVE, strict=True,
                          description=f"seconds for each move, 1 to {MAX_PER_MOVE}")  # i18n: no (API docs)
    bank: int = Field(0, ge=0, le=MAX_BANK, strict=True,
                      description=f"seconds of bank per seat, spent once a move takes longer than per_move, 0 to {MAX_BANK}")  # i18n: no (API docs)
    on_expiry: Literal["bot", "forfeit"] = Field(
        "bot", description="when a seat's move time and bank run out: bot (a bot plays that move; the default) or "  # i18n: no
                           "forfeit (the seat loses the game)")  # i18n: no (API docs)
