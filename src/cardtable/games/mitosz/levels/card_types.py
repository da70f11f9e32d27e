"""What a card is now: its card type and its subtypes as effects and statics change them, and whether it is a
creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from .abilities import _effect_hits
from .board import cache
from .statics import _static_hits, statics_by

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..core import Inst
    from ..state import MitoszState
    from .statics import Static


#: the primitives that change what a card is (``levels.card_types.subtypes``, ``levels.card_types.card_type``)
_RETYPING = frozenset(("grant_subtype", "remove_subtype", "set_card_type"))


# -- card types (MIT-5.16) ---------------------------------------------------------------------
def card_type(self: MitoszState, inst: Inst) -> str:
    """MIT-5.16: a card has one card type. An effect (``set_card_type``) or a rule gives it a new one, which
    replaces the old: a leader fighting as a supply — a monster (MIT-8.monster.1, OP-58) or a mount
    (OP-57) — is a supply until the fight ends. Where a card stands (a leader row, the grid, a host, a
    row of a battle) does not change; what a rule asks of its type does."""
    t = inst.d.card_type
    if self.effects and "set_card_type" in self.prims:
        retypes = retyped(self)
        if retypes:
            t = retypes.get(inst.iid, t)
    fight = self.fight
    if fight is not None and t == "leader" and inst.iid in fight.supplies:
        return "supply"
    return t


def retyping(self: MitoszState) -> bool:
    """Does an active effect or a static change some card's subtypes or card type (MIT-5.16)? While none does,
    what a card is (its type, its subtypes) follows from its definition alone (and, for a leader, the
    fight)."""
    if not self.effects and "grant_subtype" not in self.prims:
        return False
    c = cache(self)  # every change of the effects, and every card moving, drops it
    hit: bool | None = c.get("retyping")
    if hit is None:
        hit = c["retyping"] = any(e.kind in _RETYPING for e in self.effects) or bool(_subtype_statics(self))
    return hit


def _subtype_statics(self: MitoszState) -> Sequence[Static]:
    """The statics that grant a subtype (spec 6.7), if a card of the game can have one."""
    return statics_by(self, "grant_subtype") if "grant_subtype" in self.prims else ()


def retyped(self: MitoszState) -> dict[int, str]:
    """Card → its card type now, for the cards a ``set_card_type`` effect changed (the latest wins)."""
    c = cache(self)
    hit: dict[int, str] | None = c.get("types")
    if hit is None:  # (a set_card_type effect names its targets)
        hit = c["types"] = {t: e.value for e in self.effects if e.kind == "set_card_type"
                            for t in e.targets}  # type: ignore[union-attr]
    return hit


def subtypes(self: MitoszState, inst: Inst) -> frozenset[str]:
    subs = inst.d.subtypes
    if "grant_subtype" in self.prims and inst.zone == "board" and _subtype_statics(self):
        subs = subs | _static_subtypes(self, inst)
    effects = self.effects
    if not effects:
        return subs
    added: list[str] | None
    removed: list[str] | None
    added = removed = None
    for e in effects:
        kind = e.kind
        if kind == "grant_subtype":
            if _effect_hits(self, e, inst):
                added = [e.value] if added is None else added + [e.value]
        elif kind == "remove_subtype":
            if _effect_hits(self, e, inst):
                removed = [e.value] if removed is None else removed + [e.value]
    if added is None and removed is None:
        return subs
    return (subs | frozenset(added or ())) - frozenset(removed or ())


def _static_subtypes(self: MitoszState, inst: Inst) -> frozenset[str]:
    """The subtypes statics grant ``inst`` (spec 6.7 ``grant_subtype``). A static's own filter reads the
    subtypes without the statics' (a static granting [flying] to [flying] cards would otherwise ask itself)."""
    c = cache(self)
    if c.get("subtyping"):
        return frozenset()
    c["subtyping"] = True
    try:
        return frozenset(params.subtype for _src, _ctrl, params in _static_hits(self, "grant_subtype", inst))
    finally:
        c["subtyping"] = False


def is_creature(self: MitoszState, inst: Inst) -> bool:
    """MIT-5.6: leaders, troops and beasts (by the card type they have now, MIT-5.16). A leader fighting as a
    supply stays a creature: a mount counts as a beast (OP-57), a monster keeps its nature (OP-58)."""
    if inst.dormant is not None:
        return False  # OP-35: not a leader on the board
    t = card_type(self, inst)
    if t == "leader":
        return True
    if t != "supply":
        return False
    return inst.d.card_type == "leader" or bool(subtypes(self, inst) & {"troop", "beast"})
