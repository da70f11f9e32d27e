"""Card filters and values: a card or a stack item matching a filter, comparisons, values and expressions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..vocabulary import ROWS
from ..fights.members import fight_members
from .board import is_cursed, is_magical
from .card_types import card_type, is_creature, subtypes
from .level import base_level, level

if TYPE_CHECKING:
    from ..core import Inst, Item
    from ..schema.expressions import Filter
    from ..state import MitoszState


# -- filters (spec 6.2) ------------------------------------------------------------------------
def matches(self: MitoszState, inst: Inst, f: Filter | None, seat: int, refs: dict[str, int],
            source_is_god: bool = False) -> bool:
    """Does the card ``inst`` match the filter ``f`` for the player ``seat``? Zone defaults to board."""
    d = inst.d
    if f is None:
        return inst.zone == "board" and (d.card_type != "high_god" or source_is_god)
    zone = f.zone or "board"
    if zone == "fight":
        if inst.iid not in fight_members(self):
            return False
        zone = "board"
    if inst.zone != zone:
        return False
    if d.card_type == "high_god" and not (f.includes_high_god or source_is_god):
        return False  # MIT-3.1.f
    if f.controller and f.controller != "any":
        ctrl = inst.controller if zone == "board" else inst.owner
        if (ctrl == seat) != (f.controller == "self"):
            return False
    if f.owner and f.owner != "any" and (inst.owner == seat) != (f.owner == "self"):
        return False
    if f.card_type is not None:
        t = d.card_type if not self.effects and self.fight is None else card_type(self, inst)
        if t not in f.card_type or (inst.dormant is not None and t == "leader"):
            return False  # MIT-5.16: the type it has now; OP-35: a dormant leader is chosen as no leader
    if f.subtypes_any is not None or f.subtypes_all is not None:
        subs = subtypes(self, inst)
        if f.subtypes_any is not None and not subs.intersection(f.subtypes_any):
            return False
        if f.subtypes_all is not None and not subs.issuperset(f.subtypes_all):
            return False
    if f.mythology is not None and d.mythology != f.mythology:
        return False
    if f.name is not None and d.name != f.name:
        return False
    if f.unique is not None and d.unique != f.unique:
        return False
    if f.magical is not None and is_magical(self, inst) != f.magical:
        return False
    if f.cursed is not None and is_cursed(self, inst) != f.cursed:
        return False
    if f.rotated is not None and inst.rotated != f.rotated:
        return False
    if f.creature is not None and is_creature(self, inst) != f.creature:
        return False
    if f.in_fight is not None and (inst.iid in fight_members(self)) != f.in_fight:
        return False
    if f.row is not None:
        fight = self.fight
        place = None if fight is None else fight.leaders.get(inst.iid) or fight.supplies.get(inst.iid)
        if place is None or ROWS[place[1]] != f.row:
            return False
    if f.level is not None and not compare(self, level(self, inst.iid), f.level, refs, None):
        return False
    if f.number is not None and d.number not in f.number.in_:
        return False
    if f.attached_to is not None and inst.host != refs.get(f.attached_to, -2):
        return False
    if f.linked_to is not None:
        from ..cards import linked

        other = refs.get(f.linked_to, -1)
        if other < 0 or not linked(d, self.cards[other].d):
            return False
    return True


def matches_item(self: MitoszState, item: Item, f: Filter | None, seat: int) -> bool:
    """A filter on the stack (``zone: stack``): maneuvers, fates and cards being played."""
    if f is None or f.zone != "stack":
        return False
    if f.controller and f.controller != "any" and (item.player == seat) != (f.controller == "self"):
        return False
    if item.kind in ("fight", "mount", "trigger"):
        # a declared fight or a mount's attaching is not a card or a maneuver, and a triggered locked ability is
        # never neutralized (MIT-4.2.6.b): nothing targets them
        return False
    if f.card_type is not None:
        kinds = set(f.card_type)
        if item.kind in ("maneuver", "free"):
            if "maneuver" not in kinds:
                return False
        elif item.kind == "fate":
            if "fate" not in kinds:
                return False
        elif self.cards[item.card].d.card_type not in kinds:
            return False
    card = self.cards[item.card] if item.card >= 0 else None
    if card is not None:
        if f.name is not None and card.d.name != f.name:
            return False
        if f.magical is not None and is_magical(self, card) != f.magical:
            return False
        if f.subtypes_any is not None:
            subs = set(card.d.subtypes) | set(item.m.subtypes if item.m is not None else ())
            if not subs.intersection(f.subtypes_any):
                return False
    return True


def compare(self: MitoszState, amount: int, cmp: Any, refs: dict[str, int], item: Item | None) -> bool:
    # (``cmp``: any model with the bounds lt … gt, a filter's comparison or a condition's)
    for op in ("lt", "le", "eq", "ge", "gt"):
        bound = getattr(cmp, op)
        if bound is None:
            continue
        b = value(self, bound, refs, item)
        if op == "lt" and not amount < b or op == "le" and not amount <= b or op == "eq" and amount != b \
                or op == "ge" and not amount >= b or op == "gt" and not amount > b:
            return False
    return True


def value(self: MitoszState, v: Any, refs: dict[str, int], item: Item | None) -> int:
    """A value (spec 6.1): an int, an expression, or ``{count: {filter}}``."""
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        from ..schema.expressions import parse_value

        return _eval(self, parse_value(v), refs, item)
    seat = item.player if item is not None else self.active
    return sum(1 for i in self.cards if matches(self, i, v.count.filter, seat, refs))


def _eval(self: MitoszState, tree: tuple[Any, ...], refs: dict[str, int], item: Item | None) -> int:
    kind = tree[0]
    if kind == "int":
        return tree[1]  # type: ignore[no-any-return]  # an ("int", n) node holds its int
    if kind == "x":
        return item.x if item is not None else 1
    if kind in ("level", "base_level", "number", "cost_total"):
        iid = refs.get(tree[1], -1)
        if iid < 0:
            return 0
        if kind == "level":
            return level(self, iid)
        if kind == "base_level":
            return base_level(self, iid)
        if kind == "number":
            return self.cards[iid].d.number
        return self.cards[iid].d.cost_total
    if kind == "half":
        return _eval(self, tree[1], refs, item) // 2  # MIT-5.3
    if kind == "neg":
        return -_eval(self, tree[1], refs, item)
    left, right = _eval(self, tree[1], refs, item), _eval(self, tree[2], refs, item)
    return left + right if kind == "+" else left - right if kind == "-" else left * right
