"""The turn-based work of the phases: untap and draw, income, scoring the areas, the victory item, closing
activations, the end of a turn and the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .objects import NEUTRAL
from .turn import START_STEP
from .words import N_, Text
from .board import draw, put_in_discard
from .board_events import event
from .flow_victory import state_check
from .places import name_of
from .rounds import next_seat
from .writes import add_marker, end_modifiers, gain, score

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def start_phase(self: "MuhqState") -> None:
    """MUHQ-TURN-3 (OP-7): untap and restore unit actions; replace an empty deck; refill the hand."""
    seat = self.active
    for p in self.perms.values():
        if p.controller == seat:
            p.tapped = False
            p.move_used = p.attack_used = False
    pl = self.players[seat]
    if not pl.deck and pl.discard:  # MUHQ-DECK-4
        pl.deck, pl.discard = pl.discard, []
        self.rng.shuffle(pl.deck)
    need = self.game.board.hand_size - len(pl.hand)
    if need > 0:
        draw(self, seat, need)
    pl.bought = False


def income(self: "MuhqState") -> None:
    """MUHQ-UPKEEP-1 (OP-8)."""
    seat = self.active
    inc = self.game.board.income
    field_income = self.grid.income
    units = fields = 0  # (one loop over the permanents, no comprehensions: this runs every turn)
    for p in self.perms.values():
        if p.controller == seat and p.d.type == "unit":
            units += 1
            if p.cell is not None:
                fields += field_income[p.cell]
    gain(self, seat, inc.base + inc.per_unit * units + fields)


def score_areas(self: "MuhqState") -> None:
    """MUHQ-WIN-5 (OP-40): the active player scores every area they hold (strictly most units in it)."""
    if not self.game.capture_target:
        return
    seat = self.active
    for area, cells in self.grid.areas.items():
        counts = [0] * self.n
        for c in cells:
            pid = self.occ.get(c)
            if pid is not None and self.perms[pid].d.type == "unit":
                # MUHQ-WIN-5: "die meisten Units darin": crew in a pile stand in the area too (its field is
                # the base's, MUHQ-PILE-2), each counted for its own controller
                for u in (pid, *self.perms[pid].pile):
                    p = self.perms[u]
                    if p.d.type == "unit" and p.controller != NEUTRAL:
                        counts[p.controller] += 1
        mine = counts[seat]
        if mine > 0 and all(mine > counts[o] for o in range(self.n) if o != seat):
            score(self, seat, self.grid.area_points.get(area, 0))


def victory_item_check(self: "MuhqState") -> bool:
    """MUHQ-WIN-7 (OP-42): at the start of step 1 of the upkeep, holding the item wins."""
    item = self.victory_item
    if item is None or item not in self.perms or not self.game.has_victory("victory_item"):
        return False
    base = self.perms[item].base
    if base is not None and self.perms[base].controller == self.active:
        self.winners, self.ending = [self.active], "MUHQ-WIN-7"
        return True
    return False


def has_activation_effects(self: "MuhqState", pid: int) -> bool:
    p = self.perms[pid]
    return bool(p.poison or p.panic or p.rage) or p.d.on_activated


def close_one(self: "MuhqState", pid: int) -> None:
    """MUHQ-APHASE-6 (OP-14): activated, its condition effects apply, an AI runs, then it is tapped."""
    activate(self, pid)
    if self.activation is not None and self.ai is None:
        end_activation(self)


def end_activation(self: "MuhqState") -> None:
    pid = self.activation
    self.activation, self.ai = None, None
    if pid is not None and pid in self.perms:
        self.perms[pid].tapped = True  # MUHQ-APHASE-4


def end_of_turn(self: "MuhqState") -> None:
    """MUHQ-TURN-7 (b), (c): pending equipment is discarded (MUHQ-EQUIP-4); until-end-of-turn ends."""
    pl = self.players[self.active]
    for eq in pl.pending:
        put_in_discard(self, eq)
    pl.pending = []
    end_modifiers(self)


def next_turn(self: "MuhqState") -> None:
    limit = self.opts["max_turns"]
    if limit and self.turn >= limit:  # MUHQ-WIN-10
        self.winners, self.ending = [], "MUHQ-WIN-10"
        return
    self.active = next_seat(self, self.active)
    self.turn += 1
    self.step = START_STEP


def activate(self: "MuhqState", pid: int) -> None:
    """MUHQ-APHASE-2, MUHQ-COND-4 (OP-32): poison grows and is checked; then panic or rage hands the
    activation to an AI behaviour; `activated` triggers happen."""
    self.activation = pid
    p = self.perms[pid]
    self.log.append(("activate", p.controller, Text(N_("activated {name}"), name=name_of(self, pid))))
    if p.d.type == "unit" and p.poison:
        add_marker(self, pid, "poison", 1)  # MUHQ-POISON-2
        state_check(self)
        if pid not in self.perms:
            return
    if p.d.type == "unit":
        if p.panic:
            self.ai = ("shy", 0)  # MUHQ-PANIC-2; stage 0 is MUHQ-AI-3 (a paralyzed unit clears paralysis)
        elif p.rage:
            self.ai = ("aggressive", 0)  # MUHQ-RAGE-2
    event(self, "activated", pid)
