"""Open windows and counter rounds: who has priority, passing, and the stack resolving with the state checks."""

from __future__ import annotations

from typing import TYPE_CHECKING
from ..modes import BUSY, COUNTER, PROMPT, WINDOW
from ..checks import state_checks
from ..effects.stack import resolve_item
from ..effects.triggers import fire_pending
from ..fights.members import fight_players
from ..levels.board import next_seat
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..state import MitoszState


# -- open windows (spec 5.7) -------------------------------------------------------------------
def _step_window(self: MitoszState) -> bool:
    self.trigger_chain = 0
    self.mode = WINDOW
    self.priority = self.active
    self.passes = 0
    self.cycle = False
    return True


def _step_window_resume(self: MitoszState) -> bool:
    """After an act resolved: the next player in turn order gets priority (MIT-6.1.4.b)."""
    if self.fight is not None:
        if self.fight.stage != "rounds":
            _up._push(self, "fight")  # a fight was declared: it begins
            return False
        broken = _up.fight_broken(self)
        if broken is not None:
            _up.end_rounds_early(self, broken)  # OP-51
            return False
    self.trigger_chain = 0
    self.mode = WINDOW
    self.passes = 0
    self.cycle = False
    self.priority = next_in_window(self, self.window_actor)
    return True


def _pass(self: MitoszState, seat: int) -> None:
    if self.mode is WINDOW:
        fight = self.fight
        first = fight.first if fight is not None else self.active  # OP-44: a fight round's first player
        if seat == first:
            self.passes = 1
            self.cycle = True
        elif self.cycle:
            self.passes += 1
        if self.cycle and self.passes >= (len(fight_players(self)) if fight is not None else self.n):
            # MIT-6.1.4.c: everyone passed from the active player; in a fight, MIT-7.4.9: the rounds end
            self.mode = BUSY
            if fight is not None:
                fight.stage = "compare"
                _up._push(self, "fight")
            else:
                _up._push(self, "next_phase")
        else:
            self.priority = next_in_window(self, seat)
    elif self.mode is COUNTER:
        self.passes += 1
        if self.passes >= self.n:  # MIT-6.4.1: nobody responded; the stack resolves
            self.mode = BUSY
            _up._push(self, "resolve", "checks", self.after_stack)
        else:
            self.priority = next_seat(self, seat)


def next_in_window(self: MitoszState, seat: int) -> int:
    """The next player in turn order who acts in this window: in a fight's rounds only its players
    (OP-44); everyone takes part in counter rounds."""
    nxt = next_seat(self, seat)
    if self.fight is not None:
        players = fight_players(self)
        while nxt not in players:
            nxt = next_seat(self, nxt)
    return nxt


def start_counter_round(self: MitoszState, first: int, from_window: bool, actor: int) -> None:
    if from_window:
        self.window_actor = actor
        self.after_stack = "window_resume"
    self.mode = COUNTER
    self.passes = 0
    self.priority = first


# -- the stack (spec 5.8) ----------------------------------------------------------------------
def _step_resolve(self: MitoszState) -> bool:
    while self.stack:
        item = self.stack[-1]
        if not resolve_item(self, item):
            _up._push(self, "resolve")
            return True  # a prompt inside the effect
        self.stack.pop()
        if self.mode is PROMPT:  # a question on the way out (a supply's mode, OP-20): the rest waits
            if self.stack:
                _up._push(self, "resolve")
            return True
    return False


def _step_checks(self: MitoszState) -> bool:
    if state_checks(self):
        return fire_pending(self) if self.pending or self.sphere_marks else False  # OP-43.4
    _up._push(self, "checks")
    return True  # a prompt (leader limit)


def _step_triggers(self: MitoszState) -> bool:
    """OP-43.4: the triggers of a rule step's events go on the stack (steps without a state check)."""
    return fire_pending(self) if self.pending or self.sphere_marks else False


def _step_triggers_done(self: MitoszState) -> bool:
    """The triggers' stack (or an end-phase step's counter round) has resolved: the machine goes on where
    it was interrupted."""
    if self.trigger_resume is not None:
        (self.after_stack, rest), self.trigger_resume = self.trigger_resume, None
        self.todo.extend(rest)
    return False
