"""What the act checks share: what the rules read of a maneuver (:class:`MInfo`, read apart once), the shape
of a refusal, the implicit sacrifice, the summon phases, and small readers of filters and sphere vectors."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import primitives_of

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDef
    from .schema.expressions import Filter
    from .schema.maneuvers import Maneuver

_CHOSEN: dict[int, tuple[tuple[str, ...], Maneuver]] = {}
_NEEDS_STACK: dict[int, tuple[bool, Maneuver]] = {}


FAIL = ("", "")  # a refusal without words, for the legal-action list


def needs_stack(m: Maneuver) -> bool:
    """Does the maneuver choose a target on the stack (a neutralize, a destroy of a card being played)?"""
    hit = _NEEDS_STACK.get(id(m))
    if hit is None:
        hit = _NEEDS_STACK[id(m)] = (any(sel.select == "chosen" and sel.filter is not None and sel.filter.zone == "stack"
                                         for sel in m.targets.values()), m)
    return hit[0]


def keyword_maneuver(m: Maneuver) -> bool:
    """Does the maneuver shoot a volley or a poison (one target in the fight, MIT-7.2.5)?"""
    return bool(primitives_of(m) & {"volley", "poison"})


def chosen_names(m: Maneuver) -> tuple[str, ...]:
    """The maneuver's targets chosen at announcement (OP-29), in order t1, t2 … (maneuvers live as long as
    the process, so their ids are stable keys)."""
    names = _CHOSEN.get(id(m))
    if names is None:
        names = _CHOSEN[id(m)] = (tuple(sorted((n for n, sel in m.targets.items() if sel.select == "chosen"),
                                               key=lambda n: int(n[1:]))), m)
    return names[0]
#: The implicit maneuver of non-cursed items and buildings: sacrifice the card (OP-16).
SACRIFICE = "sacrifice"
Bad = tuple[str, str]  # (rule, message)


class MInfo:
    """What the rules read of a maneuver again and again (its flags, timing, costs, chosen targets), read apart
    once: maneuvers are immutable pydantic models, slow to walk on the hot path of the legal-action list."""

    __slots__ = ("m", "mid", "normal", "permanent", "per_turn", "sacrifice_user", "stack_only", "timing", "action",
                 "reaction", "rite", "battle", "step_costs", "nsteps", "per", "per_pay", "names", "keyword",
                 "conditions", "steady")
    m: Maneuver | None
    mid: str
    normal: bool
    permanent: bool
    per_turn: int
    sacrifice_user: bool
    stack_only: bool
    timing: bool
    action: bool
    reaction: bool
    rite: bool
    battle: bool
    step_costs: tuple[tuple[int, int, int, int], ...]  # the usage cost with the first k steps, k = 0 … nsteps
    nsteps: int
    per: bool
    per_pay: tuple[int, int, int, int] | None
    names: tuple[str, ...]
    keyword: bool
    conditions: tuple[Any, ...]
    steady: bool

    def __init__(self, m: Maneuver | None) -> None:
        self.m = m  # kept: the maneuver's id stays a valid key while this lives
        if m is None:  # the implicit sacrifice of an item or building (OP-16)
            self.mid = SACRIFICE
            self.normal, self.permanent, self.per_turn, self.sacrifice_user, self.stack_only = True, True, 0, False, \
                False
            self.timing = self.action = self.reaction = self.rite = self.battle = False
            self.step_costs, self.nsteps, self.per, self.per_pay = ((0, 0, 0, 0),), 0, False, None
            self.names, self.keyword, self.conditions = (), False, ()
            self.steady = False
            return
        self.mid = m.id
        self.normal = m.speed == "normal"
        self.permanent = m.permanent is not False or (m.steps is not None and all(st.permanent for st in m.steps))
        self.per_turn = m.permanent.uses_per_turn if not isinstance(m.permanent, bool) else 0
        self.sacrifice_user = any(type(c).__name__ == "SacrificeUser" for c in m.conditions)
        self.stack_only = needs_stack(m)
        timing = m.timing
        self.timing = bool(timing)
        self.action, self.reaction = "action" in timing, "reaction" in timing
        self.rite, self.battle = "rite" in timing, "battle" in timing
        # the usage cost with the first k steps (MIT-4.2.6.d): step_costs[k], k = 0 … number of steps
        cost = (m.cost.magic, m.cost.influence, m.cost.wealth, m.cost.force)
        costs = [cost]
        for st in m.steps or ():
            cost = (cost[0] + st.cost.magic, cost[1] + st.cost.influence, cost[2] + st.cost.wealth,
                    cost[3] + st.cost.force)
            costs.append(cost)
        self.step_costs = tuple(costs)
        self.nsteps = len(m.steps) if m.steps else 0
        self.per = m.per is not None
        pay = m.per.pay if m.per is not None else None
        self.per_pay = (pay.magic, pay.influence, pay.wealth, pay.force) if pay is not None else None
        self.names = chosen_names(m)
        self.keyword = keyword_maneuver(m)
        self.conditions = tuple(m.conditions)
        #: every chosen target's filter holds until a card moves (as ``acts_targets.target_candidates`` reads them)
        self.steady = all(_steady(m.targets[n].filter) for n in self.names)


def _steady(f: Filter | None) -> bool:
    """On the board or in the public piles, a filter that reads neither rotation nor levels holds until a card
    moves (every move there drops the board's facts)."""
    return f is not None and f.zone in (None, "board", "afterworld", "oblivion") and f.rotated is None \
        and f.level is None


_INFO: dict[int, MInfo] = {}
IMPLICIT = MInfo(None)


def _bound_plan(d: CardDef, counter: bool, active: bool, battle_phase: bool) -> tuple[tuple[Maneuver, MInfo], ...]:
    """(maneuver, info) of the usable maneuvers of ``d`` that its definition does not rule out for a player in
    this situation (the checks of ``_maneuver_gate`` that read only the maneuver, the user's definition, whose
    turn it is and whether it is the battle phase), in the card's order."""
    out = []
    for m in d.usable:
        info = minfo(m)
        if counter and info.normal:
            continue  # MIT-6.4.1
        if info.sacrifice_user and (d.cursed or d.card_type == "high_god"):
            continue  # MIT-2.4.b, MIT-3.1.f
        if info.action and not active or info.reaction and active or info.rite and battle_phase:
            continue  # the wrong turn or phase for it, whoever the user (as in _timing_problem)
        out.append((m, info))
    return tuple(out)


def minfo(m: Maneuver | None) -> MInfo:
    """The :class:`MInfo` of a maneuver (``None``: the implicit sacrifice)."""
    if m is None:
        return IMPLICIT
    info = _INFO.get(id(m))
    if info is None:
        info = _INFO[id(m)] = MInfo(m)
    return info


def sphere_vector(delta: Any) -> tuple[int, int, int, int]:
    return (delta.magic, delta.influence, delta.wealth, delta.force)


_ZONED: dict[tuple[int, str], tuple[Filter, Filter]] = {}


def _at_zone(f: Filter, zone: str) -> Filter:
    """The filter ``f`` for a card in ``zone`` (a cost change names what a card is, wherever it is)."""
    hit = _ZONED.get((id(f), zone))
    if hit is None:
        hit = _ZONED[(id(f), zone)] = (f.model_copy(update={"zone": zone}), f)  # f kept: its id stays valid
    return hit[0]
