"""Levels in a fight: a card's fight level, an army's level, a row's capacity and the cards in a row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .fight import RACES
from ..levels.board import attached
from ..levels.card_types import subtypes
from ..levels.level import _myth_bonus, level, road_level
from ..levels.statics import _effects_on, _static_hits
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..state import MitoszState


# -- levels (spec 5.10) ------------------------------------------------------------------------
def fight_level(self: MitoszState, iid: int) -> int:
    """A card's level in the fight: its current level, with the same-mythology bonus of a supply in its
    army leader's row and of a leader defending a nation (MIT-5.8), and the fortress (MIT-8.fortress)."""
    value = level(self, iid)
    f = self.fight
    if f is None:
        return value
    inst = self.cards[iid]
    supply = f.supplies.get(iid)
    if supply is not None:
        side, row, _mode = supply
        leader = f.row_leader(side, row)
        if leader >= 0:
            value += _myth_bonus(self, inst, self.cards[leader])
        if f.kind == "battle" and _fortress(self, f.nation):
            value += 1 if side == "def" else -1  # OP-61
    elif f.kind == "battle" and f.leaders.get(iid, ("",))[0] == "def" and f.nation >= 0:
        value += _myth_bonus(self, inst, self.cards[f.nation])
    return max(0, value)


def _fortress(self: MitoszState, nation: int) -> bool:
    return nation >= 0 and any("fortress" in a.d.subtypes for a in attached(self, nation))


def army_level(self: MitoszState, side: str) -> int:
    """Spec 5.10: the present army leaders, the supplies whose row has a leader and whose mode counts
    the level, and for the defender of a battle the attacked road."""
    f = self.fight
    assert f is not None  # (called in a fight)
    total = 0
    for iid, (s, _row) in f.leaders.items():
        if s == side and self.cards[iid].zone == "board":
            total += fight_level(self, iid)
    for iid, (s, row, mode) in f.supplies.items():
        if s != side or self.cards[iid].zone != "board" or mode == "maneuvers":
            continue
        leader = f.row_leader(s, row)
        if leader >= 0 and self.cards[leader].zone == "board":  # MIT-7.3.4.c
            total += fight_level(self, iid)
    if side == "def" and f.kind == "battle" and self.cards[f.nation].zone == "board":
        total += road_level(self, f.nation, f.road)  # type: ignore[arg-type]  # a battle has its road
    for e in self.effects:
        if e.kind == "modify_army" and e.value[0] == side:
            total += e.value[1]  # spec 5.10: army modifiers
    return total


def row_capacity(self: MitoszState, side: str, row: int) -> int:
    """OP-48: the leader's summoning cost, +1 for a warlord, +1 for the defender's front line when the
    attacked nation shares a race with a defending army leader (MIT-3.8.g, OP-21)."""
    f = self.fight
    assert f is not None  # (called in a fight)
    leader = f.row_leader(side, row)
    if leader < 0:
        return 0
    inst = self.cards[leader]
    cap = sum(inst.d.cost)  # the printed cost: a cost change alters what is paid, not the capacity
    if "warlord" in subtypes(self, inst):
        cap += 1  # MIT-8.warlord
    if "modify_capacity" in self.prims:
        cap += sum(e.value for e in _effects_on(self, "modify_capacity", inst))
        for src, _ctrl, params in _static_hits(self, "modify_capacity", inst, "row_leader"):
            cap += _up.value(self, params.delta, {"$self": src, "$bearer": src}, None)
    if side == "def" and row == 0 and f.kind == "battle":
        races = subtypes(self, self.cards[f.nation]) & RACES
        if any(races & subtypes(self, self.cards[i]) for i, (s, _r) in f.leaders.items() if s == "def"):
            cap += 1
    return cap


def row_cards(self: MitoszState, side: str, row: int) -> list[int]:
    """Every supply fighting in a row, an attached mount included."""
    f = self.fight
    assert f is not None  # (asked in a fight)
    return [i for i, (s, r, _m) in f.supplies.items() if s == side and r == row
            and self.cards[i].zone == "board"]


def row_supplies(self: MitoszState, side: str, row: int) -> list[int]:
    """The supplies that take room in a row (an attached mount does not, OP-57)."""
    f = self.fight
    assert f is not None  # (asked in a fight)
    return [i for i, (s, r, _m) in f.supplies.items() if s == side and r == row
            and self.cards[i].zone == "board" and self.cards[i].host < 0]
