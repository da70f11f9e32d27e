"""Abilities: neutralized abilities, restrictions, and immunity."""

from __future__ import annotations

from typing import TYPE_CHECKING
from ..fights.members import fight_members
from .board import board_insts, is_god_leader
from .statics import _static_hits, statics_by
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..core import Eff, Inst
    from ..state import MitoszState


# -- abilities ---------------------------------------------------------------------------------
def neutralized(self: MitoszState, inst: Inst) -> bool:
    """MIT-5.5: the card's ability is neutralized (no level, no maneuvers)."""
    for e in self.effects:
        if e.kind == "neutralize_ability" and _effect_hits(self, e, inst):
            return True
    return False


def _effect_hits(self: MitoszState, e: Eff, inst: Inst) -> bool:
    """Does the active effect ``e`` apply to ``inst`` (its targets or selector, and immunity), as in
    ``_effects_on``?"""
    if e.targets is not None:
        if inst.iid not in e.targets:
            return False
    elif not _up.matches(self, inst, e.selector.filter, e.controller, {}):
        return False
    return not immune(self, inst, e.keys, e.controller)


def restricted(self: MitoszState, inst: Inst, what: str) -> bool:
    c = self.statics_cache
    if c is None:
        c = self.statics_cache = {}
    by_statics: set[tuple[int, str]] | None = c.get("restrict")
    if by_statics is None:  # (card, restriction) pairs the statics on the board impose
        by_statics = set()
        for src, ctrl, prim, params, keys, bearer in statics_by(self, "restrict"):
            target = params.target
            if isinstance(target, str):
                ref = {"$host": self.cards[src].host, "$self": src, "$bearer": bearer}.get(target, -1)
                hits = [self.cards[ref]] if ref >= 0 else []
            else:
                hits = [i for i in board_insts(self) if _up.matches(self, i, target.filter, ctrl, {"$self": src})]
            by_statics.update((i.iid, params.what) for i in hits if not immune(self, i, keys, ctrl))
        c["restrict"] = by_statics
    if by_statics and (inst.iid, what) in by_statics:
        return True
    for e in self.effects:  # the restriction named first: most effects are something else
        if e.kind == "restrict" and e.value == what and _effect_hits(self, e, inst):
            return True
    return False


def immunities(self: MitoszState, inst: Inst, seat: int | None = None) -> set[str]:
    out: set[str] = set()
    d = inst.d
    if d.card_type == "location" and "shrine" in d.subtypes:
        out.add("strike")  # MIT-8.shrine
    if inst.zone == "board" and is_god_leader(self, inst):
        out.add("intrigue")  # MIT-3.4.3.a
    for _src, _ctrl, params in _static_hits(self, "grant_immunity", inst, immunity=False):
        out.update(params.against)
    for e in self.effects:
        if e.kind == "grant_immunity" and e.targets is not None and inst.iid in e.targets:
            out.update(e.value)
    return out


def _immune_to(self: MitoszState, inst: Inst, keys: frozenset[str]) -> bool:
    """Is ``inst`` itself immune to one of ``keys``? (``immunities(inst) & keys``, without gathering them.)"""
    d = inst.d
    if "strike" in keys and d.card_type == "location" and "shrine" in d.subtypes:
        return True  # MIT-8.shrine
    if "intrigue" in keys and inst.zone == "board" and is_god_leader(self, inst):
        return True  # MIT-3.4.3.a
    for _src, _ctrl, params in _static_hits(self, "grant_immunity", inst, immunity=False):
        if not keys.isdisjoint(params.against):
            return True
    for e in self.effects:
        if e.kind == "grant_immunity" and e.targets is not None and inst.iid in e.targets \
                and not keys.isdisjoint(e.value):
            return True
    return False


def immune(self: MitoszState, inst: Inst, keys: frozenset[str], source_controller: int | None = None) -> bool:
    """MIT-5.12, OP-34: an effect of kind ``keys`` does not apply to ``inst`` if it, or a card it is
    attached to (directly or not), is immune to one of the keys — or, while it fights, a member of its
    side of the fight is."""
    if not keys:
        return False
    current = inst
    for _ in range(6):
        if _immune_to(self, current, keys):
            return True
        if current.host < 0:
            break
        current = self.cards[current.host]
    fight = self.fight
    if fight is not None and inst.iid in fight_members(self):
        # (a member of the fight is one of its leaders or supplies: ``place`` and each member's place are found)
        place = fight.leaders.get(inst.iid) or fight.supplies.get(inst.iid)
        return any(immunities(self, self.cards[i]) & keys for i in fight_members(self)
                   if i != inst.iid and (fight.leaders.get(i)
                                         or fight.supplies.get(i))[0] == place[0])  # type: ignore[index]
    return False
