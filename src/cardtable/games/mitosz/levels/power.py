"""Power points: every player's total, computed once per change of the board."""

from __future__ import annotations

from typing import TYPE_CHECKING
from .board import board_insts, cache, is_god_leader, layout_facts
from .statics import _effects_on, _static_hits, statics_by
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..core import Inst
    from ..state import MitoszState


# -- power points (OP-01) ----------------------------------------------------------------------
def power_total(self: MitoszState, seat: int) -> int:
    return power_totals(self)[seat]


def power_totals(self: MitoszState) -> list[int]:
    """Every player's power points (OP-01), computed once per change of the board."""
    c = cache(self)
    totals: list[int] | None = c.get("power")
    if totals is not None:
        return totals
    by_owner = self.opts["pp_counts_for"] == "owner"
    pp_effects = bool(self.effects) and any(e.kind == "modify_power_points" for e in self.effects)
    pp_statics = "modify_power_points" in self.prims and bool(statics_by(self, "modify_power_points"))  # spec 6.7
    if not pp_effects and not pp_statics:
        # then only printed power points count, and a leader that is its controller's high god (MIT-3.4.3.a):
        # the printed points follow from the layout (dormant cards change it too); of the leaders named as a
        # high god, which are one now (MIT-5.16) is asked each time
        layout = layout_facts(self)
        base = layout.get("power_base")
        if base is None:
            base = layout["power_base"] = _power_base(self, by_owner)
        totals = list(base[0])
        for inst in base[1]:
            if is_god_leader(self, inst):
                totals[inst.owner if by_owner else inst.controller] += 1
        totals = c["power"] = [max(0, t) for t in totals]
        return totals
    totals = [0] * self.n
    gods = [self.cards[p.god].d.name for p in self.players]
    for inst in board_insts(self):
        if inst.dormant is not None:
            continue  # OP-01, OP-35: a dormant leader gives no power points
        seat = inst.owner if by_owner else inst.controller
        d = inst.d
        totals[seat] += d.power_points
        if d.card_type == "leader" and d.name == gods[inst.controller] and inst.owner == inst.controller \
                and is_god_leader(self, inst):
            totals[seat] += 1  # MIT-3.4.3.a
        if pp_effects:
            for e in _effects_on(self, "modify_power_points", inst):
                totals[seat] += e.value
        if pp_statics:
            for src, _ctrl, params in _static_hits(self, "modify_power_points", inst):
                totals[seat] += _up.value(self, params.delta, {"$self": src, "$bearer": src}, None)
    totals = c["power"] = [max(0, t) for t in totals]
    return totals


def _power_base(self: MitoszState, by_owner: bool) -> tuple[list[int], list[Inst]]:
    """(printed power points per player, the leaders on the board named as their controller's high god), of
    the cards on the board that are not dormant (OP-01, OP-35)."""
    totals = [0] * self.n
    gods = [self.cards[p.god].d.name for p in self.players]
    named = []
    for inst in board_insts(self):
        d = inst.d
        if not d.counts_power or inst.dormant is not None:
            continue
        totals[inst.owner if by_owner else inst.controller] += d.power_points
        if d.card_type == "leader" and d.name == gods[inst.controller] and inst.owner == inst.controller:
            named.append(inst)
    return totals, named
