"""Open windows and counter rounds: who has priority, passing, and the stack resolving with the state checks."""

from __future__ import annotations

from typing import TYPE_CHECKING
from ..modes import BUSY, COUNTER, PROMPT, WINDOW
from .. import checks as _checks

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
            self._push("fight")  # a fight was declared: it begins
            return False
        broken = self.fight_broken()
        if broken is not None:
            self.end_rounds_early(broken)  # OP-51
            return False
    self.trigger_chain = 0
    self.mode = WINDOW
    self.passes = 0
    self.cycle = False
    self.priority = self.next_in_window(self.window_actor)
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
        if self.cycle and self.passes >= (len(self.fight_players()) if fight is not None else self.n):
            # MIT-6.1.4.c: everyone passed from the active player; in a fight, MIT-7.4.9: the rounds end
            self.mode = BUSY
            if fight is not None:
                fight.stage = "compare"
                self._push("fight")
            else:
                self._push("next_phase")
        else:
            self.priority = self.next_in_window(seat)
    elif self.mode is COUNTER:
        self.passes += 1
        if self.passes >= self.n:  # MIT-6.4.1: nobody responded; the stack resolves
            self.mode = BUSY
            self._push("resolve", "checks", self.after_stack)
        else:
            self.priority = self.next_seat(seat)


def next_in_window(self: MitoszState, seat: int) -> int:
    """The next player in turn order who acts in this window: in a fight's rounds only its players
    (OP-44); everyone takes part in counter rounds."""
    nxt = self.next_seat(seat)
    if self.fight is not None:
        players = self.fight_players()
        while nxt not in players:
            nxt = self.next_seat(nxt)
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
        if not self.resolve_item(item):
            self._push("resolve")
            return True  # a prompt inside the effect
        self.stack.pop()
        if self.mode is PROMPT:  # a question on the way out (a supply's mode, OP-20): the rest waits
            if self.stack:
                self._push("resolve")
            return True
    return False


def _step_checks(self: MitoszState) -> bool:
    if _checks.state_checks(self):
        return self.fire_pending() if self.pending or self.sphere_marks else False  # OP-43.4
    self._push("checks")
    return True  # a prompt (leader limit)


def _step_triggers(self: MitoszState) -> bool:
    """OP-43.4: the triggers of a rule step's events go on the stack (steps without a state check)."""
    return self.fire_pending() if self.pending or self.sphere_marks else False


def _step_triggers_done(self: MitoszState) -> bool:
    """The triggers' stack (or an end-phase step's counter round) has resolved: the machine goes on where
    it was interrupted."""
    if self.trigger_resume is not None:
        (self.after_stack, rest), self.trigger_resume = self.trigger_resume, None
        self.todo.extend(rest)
    return False
