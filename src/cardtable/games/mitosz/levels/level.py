"""Levels: a card's current and base level with its modifiers, and a nation's roads (their level, closed or free)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ROAD_OFFSET
from .abilities import neutralized
from .board import attached, god_myth, is_god_leader
from .statics import _effects_on, _static_hits, statics_by
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..core import Inst
    from ..state import MitoszState


# -- levels (spec 5.10) ------------------------------------------------------------------------
def _myth_bonus(self: MitoszState, card: Inst, partner: Inst) -> int:
    """MIT-5.8, OP-32: +1 when both cards share the mythology of the controller's high god."""
    myth = god_myth(self, card.controller)
    return 1 if card.d.mythology == myth and partner.d.mythology == myth else 0


def _is_modifier_attachment(self: MitoszState, a: Inst) -> bool:
    d = a.d
    return d.level is not None and d.is_modifier and not (d.card_type == "item" and "potion" in d.subtypes)


def mod_current(self: MitoszState, a: Inst) -> int:
    if not _is_modifier_attachment(self, a) or neutralized(self, a):
        return 0
    value: int  # (a modifier attachment has a level: ``_is_modifier_attachment``)
    value = (a.d.level + _myth_bonus(self, a, self.cards[a.host])  # type: ignore[operator,assignment]
             if a.host >= 0 else a.d.level)
    for e in _effects_on(self, "modify_level", a):
        value += e.value
    return value


def mod_base(self: MitoszState, a: Inst) -> int:
    if not _is_modifier_attachment(self, a) or neutralized(self, a):
        return 0
    value: int = a.d.level  # type: ignore[assignment]  # (as in ``mod_current``)
    for e in _effects_on(self, "modify_base_level", a):
        value += e.value
    return value


def _token_levels(self: MitoszState, inst: Inst) -> int:
    total = 0
    for src, _ctrl, params in _static_hits(self, "modify_level", inst):
        total += _up.value(self, params.delta, {"$self": src, "$bearer": src}, None)
    return total


def level(self: MitoszState, iid: int) -> int:
    """The current level (spec 5.10), floored at 0 (OP-63); 0 while the ability is neutralized."""
    inst = self.cards[iid]
    d = inst.d
    if d.level is None:
        return 0
    if d.is_modifier:
        return mod_current(self, inst)
    if neutralized(self, inst):
        return 0
    value = d.level
    for a in attached(self, iid):
        value += mod_current(self, a)
    value += _token_levels(self, inst)
    for e in _effects_on(self, "modify_level", inst):
        value += e.value
    for e in _effects_on(self, "modify_base_level", inst):
        value += e.value
    if is_god_leader(self, inst):
        value += 1  # MIT-3.4.3.a
    return max(0, value)


def base_level(self: MitoszState, iid: int) -> int:
    """OP-08: printed level + attached modifiers' base values + tokens + base-level effects."""
    inst = self.cards[iid]
    d = inst.d
    if d.level is None:
        return 0
    if d.is_modifier:
        return mod_base(self, inst)
    value = d.level
    for a in attached(self, iid):
        value += mod_base(self, a)
    for e in _effects_on(self, "modify_base_level", inst):
        value += e.value
    return value


def road_level(self: MitoszState, nation: int, road: str, base: bool = False) -> int:
    """A road's level (spec 5.10): printed + the location (MIT-3.3.b) + road and nation effects."""
    inst = self.cards[nation]
    value = inst.d.roads[road]
    for a in attached(self, nation):
        if a.d.card_type == "location":
            value += mod_base(self, a) if base else mod_current(self, a)
    if base:
        return value
    if statics_by(self, "modify_road"):  # most of the time no card on the board has one
        for src, _ctrl, params in _static_hits(self, "modify_road", inst, "nation"):
            if params.road in ("all", road):
                value += _up.value(self, params.delta, {"$self": src, "$bearer": src}, None)
    if self.effects:
        for e in _effects_on(self, "modify_road", inst):
            r, delta = e.value
            if r in ("all", road):
                value += delta
        for e in _effects_on(self, "modify_level", inst):
            value += e.value  # MIT-3.2.1.i: a nation's level gain goes to each road
    return max(0, value)


def road_closed(self: MitoszState, nation: int, road: str) -> bool:
    """MIT-3.2.2.a, OP-12: closed by an own nation in the cell it points to, or by an effect."""
    inst = self.cards[nation]
    dx, dy = ROAD_OFFSET[road]
    x, y = inst.cell  # type: ignore[misc]  # a nation on the board stands in a cell
    if (x + dx, y + dy) in self.players[inst.controller].grid:
        return True
    if not self.effects:
        return False
    closed = False
    for e in _effects_on(self, "close_road", inst):
        if e.value in ("all", road):
            closed = True
    for e in _effects_on(self, "open_road", inst):
        if e.value in ("all", road):
            closed = False
    return closed
