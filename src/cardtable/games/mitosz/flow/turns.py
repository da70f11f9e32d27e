"""Turns: a turn beginning, the machine moving to the next phase, and the draw phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import N_, lazy, said
from .phases import PHASES
from ..modes import DRAW, END, START
from ..checks import check_deckout, check_holds, draw_attempted, expire_at_turn_start
from ..effects.attach import wake
from ..effects.lasting import statics_of
from ..effects.triggers import event
from ..levels.board import board_insts
from ..levels.filters import value
from ..moves import draw
from .. import upcalls as _up
from ..writes import hand_will_change

if TYPE_CHECKING:
    from ..state import MitoszState


# -- turns (MIT-6.2) ---------------------------------------------------------------------------
def _begin_turn(self: MitoszState) -> None:
    self.todo = []
    self.pending = []  # the setup is no event: the high gods were put onto the board before the game began
    _up._push(self, "turn_start")
    _up._run(self)


def _step_turn_start(self: MitoszState) -> bool:
    self.turn += 1
    seat = self.active
    self.turns_taken[seat] += 1
    self.phase = START
    # MIT-6.2.1.1: the turn begins; per-turn records reset (MIT-4.1.e, OP-28, OP-62)
    waking = []
    for inst in board_insts(self):  # a card off the board forgot these when it left (MIT-1.2.6)
        inst.spent = False
        inst.uses = None
        inst.blocked = ()
        if inst.dormant == "turn_start" and inst.controller == seat:
            waking.append(inst.iid)
    for iid in waking:  # OP-35: asleep until its player's next turn
        wake(self, iid, said(N_("P{seat}'s turn begins"), seat=seat))
    for p in self.players:
        p.nation_placed = False
        p.allowances = ()
    self.note(N_("— Turn {turn}: P{seat} —"), turn=self.turn, seat=seat)
    check_holds(self)  # OP-02: a hold completes at MIT-6.2.1.1
    if self.result is None:
        check_deckout(self)  # OP-04
    if self.result is not None:
        return True
    expire_at_turn_start(self)  # MIT-6.2.1.2
    event(self, "turn_start", player=seat)  # MIT-6.2.1.3: start-of-turn effects (they go on the stack at the
    # state check)
    _up._push(self, "checks", "window")
    return False


def _step_next_phase(self: MitoszState) -> bool:
    index = PHASES.index(self.phase)
    if self.phase is END:
        _up._push(self, "end_discard", "end_cap", "end_refill", "end_unrotate", "end_effects", "end_hand",
                   "next_turn")
        return False
    self.phase = PHASES[index + 1]
    if self.phase is DRAW:
        draw_phase(self)
        event(self, "draw_phase", player=self.active)  # spec 6.6: after the phase's draws
        _up._push(self, "checks", "window")
    else:
        _up._push(self, "window")
    return False


def draw_phase(self: MitoszState) -> None:
    """MIT-6.2.2.1: draw 2, and the extra draws the player is entitled to."""
    seat = self.active
    # only the drawer's hand and deck change: nothing another player may do depends on them (spec 9)
    hand_will_change(self, seat)
    n = self.opts["draws_per_turn"]
    for _src, ctrl, params in statics_of(self, "extra_draw"):
        if ctrl == seat:
            n += value(self, params.n, {}, None)
    drawn = draw(self, seat, n)
    if drawn < n:
        self.note(lazy._n("P{seat} draws {drawn} card{missing}", "P{seat} draws {drawn} cards{missing}", drawn,
                         seat=seat, drawn=drawn,
                         missing=lazy._n(" ({n} could not be drawn: the deck is empty)",
                                        " ({n} could not be drawn: the deck is empty)", n - drawn)))
    else:
        self.note(lazy._n("P{seat} draws {drawn} card", "P{seat} draws {drawn} cards", drawn, seat=seat,
                         drawn=drawn))
    draw_attempted(self, seat, n, drawn)
