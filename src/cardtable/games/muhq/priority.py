"""Passing priority (MUHQ-STACK-7, 8): when everyone has passed in a row, the top of the stack resolves and a new
round starts; with the stack empty, the step ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .declare_resolve import resolve_top
from .rounds import next_seat, start_round
from .turn import ACTION_STEP, CLOSING_STEP

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def pass_priority(self: "MuhqState") -> None:
    self.passes += 1
    if self.passes < len(self._alive):  # alive_seats()
        n = self.n
        # next_seat: with everyone still playing, simply the next seat
        # (the ignores: priority is a seat while a round runs)
        self.priority = ((self.priority + 1) % n if len(self._alive) == n  # type: ignore[operator]
                         else next_seat(self, self.priority))  # type: ignore[arg-type]
        return
    self.priority = None
    if self.stack:  # MUHQ-STACK-7
        resolve_top(self)
        if self.stack or not (self.step is ACTION_STEP or self.step is CLOSING_STEP):
            start_round(self)
