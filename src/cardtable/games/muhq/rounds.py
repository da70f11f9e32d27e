"""Where the turn goes next: a step of the turn entered (with the priority round a phase ends with), and the priority
round's seats (MUHQ-STACK-5, 6): who starts a round and who comes next, skipping the eliminated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .places import board_order
from .turn import ACTION_PRIO, BUY_PRIO, END_PRIO, START_PRIO, UPKEEP_PAY, UPKEEP_PRIO, Step

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState

OPTIONAL_ROUNDS = (START_PRIO, BUY_PRIO, END_PRIO)  # MUHQ-TURN-8
#: The priority rounds at the end of a phase that goto_step starts.
PHASE_END_ROUNDS = (START_PRIO, UPKEEP_PRIO, ACTION_PRIO, BUY_PRIO, END_PRIO)
#: The members by value, for a step named by a plain string (goto's callers outside the rules).
STEP_OF = {s.value: s for s in Step}


def start_round(self: "MuhqState") -> None:
    self.priority = self.active  # MUHQ-STACK-5
    self.passes = 0


def next_seat(self: "MuhqState", seat: int) -> int:
    n = self.n
    if len(self._alive) == n:
        return (seat + 1) % n  # everyone plays on: the next seat (the loop below would say the same)
    for k in range(1, self.n + 1):
        s = (seat + k) % self.n
        if self.players[s].alive:
            return s
    return seat


def after_declare(self: "MuhqState") -> None:
    """MUHQ-STACK-6: a declared action starts a new priority round with the active player."""
    start_round(self)


def goto(self: "MuhqState", step: Step | str) -> bool:
    """Go to ``step``, a member or its value as a plain string (as tests name steps): made the member, so the
    state holds members only. (The rules call goto_step with a member and pay nothing for the conversion.)"""
    return goto_step(self, step if type(step) is Step else STEP_OF[step])


def goto_step(self: "MuhqState", step: Step) -> bool:
    self.step = step
    if step is UPKEEP_PAY:  # crew units are units you control too (MUHQ-UPKEEP-4)
        self.upkeep_todo = units_of_active(self)
    if step in PHASE_END_ROUNDS:
        if step in OPTIONAL_ROUNDS and not self.opts["phase_end_priority"]:
            return True
        start_round(self)
    return True


def units_of_active(self: "MuhqState") -> list[int]:
    """The active player's units on the board, in board order (its own method, so that goto_step, which runs at
    every step, makes no closure for this list)."""
    perms, active = self.perms, self.active
    units = []  # (a loop: a comprehension would make a closure over perms and active)
    for pid in board_order(self):
        p = perms[pid]
        if p.controller == active and p.d.type == "unit":
            units.append(pid)
    return units
