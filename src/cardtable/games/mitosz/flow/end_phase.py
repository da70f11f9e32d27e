"""The end phase step by step: the discard, the sphere cap, the refill and what cards produce, unrotating,
the end-of-turn effects, and the next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import N_, join, said
from .phases import SPHERE_NAMES, SPHERE_SAID
from ..effects.lasting import hand_size, statics_of
from ..effects.triggers import event
from .windows import _step_triggers, start_counter_round
from ..levels.board import next_seat
from .. import upcalls as _up

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..cards import CardDef
    from ..core import Player
    from ..state import MitoszState


# -- the end phase (MIT-6.2.4, OP-40 – OP-42) --------------------------------------------------
def _hand_over(self: MitoszState) -> int:
    return len(self.players[self.active].hand) - hand_size(self, self.active)


def _step_end_discard(self: MitoszState) -> bool:
    """MIT-6.2.4.1: down to the hand size; the discards move cards (MIT-6.5.1 item 4): a counter round follows."""
    if _hand_over(self) <= 0:
        return False
    _up._push(self, "end_round")
    return _step_end_hand(self)


def _step_end_hand(self: MitoszState) -> bool:
    """The discard prompts of MIT-6.2.4.1, one card at a time; and MIT-6.2.4.6.a: the hand size holds at the
    end of the turn (that last discard has no counter round: nobody acts once the turn ends, 6.2.4.6.b)."""
    over = _hand_over(self)
    if over <= 0:
        return False
    _up.set_prompt(self, "discard_hand", self.active, n=over, rule="MIT-6.2.4.1")
    _up._push(self, "end_hand")
    return True


def _step_end_round(self: MitoszState) -> bool:
    """MIT-6.5.1: an end-phase step changed the active player's hand (item 4), spheres (item 3) or leaders
    (item 7): before the next step a counter round follows (MIT-6.4.1), from the active player, whom it
    affects. The triggers of the step's events open it (OP-43.4); with none, it opens on an empty stack,
    and the machine goes on when it has passed and what was used in it has resolved."""
    if _step_triggers(self):
        return True
    if self.trigger_resume is None:
        self.trigger_resume = (self.after_stack, tuple(self.todo))
    self.todo.clear()  # a counter round waits with nothing scheduled (as ``fire_pending``'s)
    self.after_stack = "triggers_done"
    start_counter_round(self, self.active, from_window=False, actor=self.active)
    return True


def _step_end_cap(self: MitoszState) -> bool:
    p = self.players[self.active]
    for s in range(4):  # MIT-6.2.4.2
        if p.spheres[s] > p.smax[s]:
            self.note(N_("P{seat}'s {sphere} drops to its maximum {n}"), seat=p.seat,
                      sphere=SPHERE_SAID[s], n=p.smax[s])
            p.spheres[s] = p.smax[s]
            if self.todo[-1:] != ["end_round"]:
                _up._push(self, "end_round")
    return False


def _step_end_refill(self: MitoszState) -> bool:
    """MIT-6.2.4.3: 3 points and what cards produce; a counter round follows if a sphere changed (the
    triggers of ``refill`` alone otherwise)."""
    p = self.players[self.active]
    points = self.opts["sphere_refill"]
    room = [p.smax[s] - p.spheres[s] for s in range(4)]
    changes = points > 0 and any(r > 0 for r in room)
    _up._push(self, "end_produce", "end_round" if changes else "triggers")
    if sum(room) <= points or points == 0:  # every sphere fills (the rest is lost): nothing to choose
        gained = [max(0, r) for r in room]
        _gain(self, p, gained, "regains")
        return False
    _up.set_prompt(self, "refill", self.active, n=points, rule="MIT-6.2.4.3")
    return True


def _step_end_produce(self: MitoszState) -> bool:
    p = self.players[self.active]
    for src, ctrl, params in statics_of(self, "produce_spheres"):  # MIT-6.2.4.3: producing cards
        if ctrl != p.seat:
            continue
        amount = params.amount
        if hasattr(amount, "choose"):
            amount = [amount.choose if s == 0 else 0 for s in range(4)]  # (no sample card chooses)
        else:
            amount = [getattr(amount, s) for s in SPHERE_NAMES]
        gained = [min(amount[s], p.smax[s] - p.spheres[s]) for s in range(4)]
        _gain(self, p, gained, "gets", self.cards[src].d)
        if any(g > 0 for g in gained) and self.todo[-1:] == ["triggers"]:
            self.todo[-1] = "end_round"  # the refill changed nothing, the production did
    event(self, "refill", player=p.seat)  # spec 6.6: after the refill and what cards produce
    return False


def _gain(self: MitoszState, p: Player, gained: Iterable[int], verb: str, source: CardDef | None = None) -> None:
    """``verb``: "gains", "regains" or "gets" (from ``source``, a producing card)."""
    gained = [max(0, g) for g in gained]
    for s in range(4):
        p.spheres[s] += gained[s]
    if any(gained):
        points = join(said(N_("{n} {sphere}"), n=g, sphere=SPHERE_SAID[s]) for s, g in enumerate(gained) if g)
        now = "/".join(map(str, p.spheres))
        if verb == "gets":
            self.note(N_("P{seat} gets from {card} {points} → {now}"), seat=p.seat, card=source, points=points,
                      now=now)
        elif verb == "regains":
            self.note(N_("P{seat} regains {points} → {now}"), seat=p.seat, points=points, now=now)
        else:
            self.note(N_("P{seat} gains {points} → {now}"), seat=p.seat, points=points, now=now)


def _step_end_unrotate(self: MitoszState) -> bool:
    """MIT-6.2.4.4; unrotating is an event (MIT-6.5.1 item 7): a counter round follows."""
    seat = self.active
    if self.opts["unrotate_per_turn"] > 0 and any(self.cards[i].rotated for i in self.players[seat].leaders):
        _up._push(self, "end_round")
    self.prompt_done = 0
    return _step_end_unrotate_more(self)


def _step_end_unrotate_more(self: MitoszState) -> bool:
    seat = self.active
    rotated = [i for i in self.players[seat].leaders if self.cards[i].rotated]
    k = self.opts["unrotate_per_turn"] - (self.prompt_done if self.prompt_done else 0)
    if not rotated or k <= 0:
        self.prompt_done = 0
        return False
    if len(rotated) <= k:  # OP-42: with two or fewer, all unrotate
        for i in rotated:
            self.cards[i].rotated = False
        self.note(N_("P{seat} unrotates {cards}"), seat=seat, cards=join(self.cards[i].d for i in rotated))
        self.prompt_done = 0
        return False
    _up.set_prompt(self, "unrotate", seat, n=k, rule="MIT-6.2.4.4")
    _up._push(self, "end_unrotate_more")
    return True


def _step_end_effects(self: MitoszState) -> bool:
    """MIT-6.2.4.5: end-of-turn effects happen."""
    event(self, "turn_end", player=self.active)
    return _step_triggers(self)


def _step_next_turn(self: MitoszState) -> bool:
    self.note(N_("P{seat}'s turn ends"), seat=self.active)
    self.active = next_seat(self, self.active)  # MIT-6.2.4.6.b: nobody acts in between
    _up._push(self, "turn_start")
    return False
