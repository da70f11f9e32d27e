"""Costs and payments: summoning costs and their substitutions (MIT-3.1.g), usage costs of maneuvers
(steps, repetitions, free use) and the cost changes in force (spec 6.4 ``modify_cost``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import acts_info as _acts_info
from .acts_info import Bad, _at_zone, minfo, sphere_vector
from .cards import SPHERE_INDEX, linked
from .flow.phases import SPHERE_NAMES
from .text import SPHERE_WORDS, kept
from .words import N_, said
from .effects.lasting import statics_of
from .levels.board import cache
from .levels.filters import matches
from . import upcalls as _up

#: the maneuvers' infos, bound by assignment (an imported name's ``_INFO.get(…)`` would not compile to a
#: method call)
_INFO = _acts_info._INFO

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .schema.expressions import Filter
    from .schema.maneuvers import Maneuver
    from .state import MitoszState

    #: a change of costs in force (``cost_changes``): (filter, delta per sphere, controller)
    CostChange = tuple[Filter | None, tuple[int, ...], int]


def summon_payments(self: MitoszState, seat: int, iid: int,
                    cost: Sequence[int]) -> list[tuple[str | None, str | None]]:
    """The ways ``seat`` may pay ``cost`` to summon ``iid``: (None, None) for the printed cost, and
    (pay_from, pay_for) for each substitution of one point by a point of another sphere, which MIT-3.1.g
    allows at every summon of a card linked to one's high god (in a battle too: a supply, a monster, a
    defending leader)."""
    spheres = self.players[seat].spheres
    spare = [spheres[k] - cost[k] for k in range(4)]
    short = [k for k in range(4) if spare[k] < 0]
    out: list[tuple[str | None, str | None]] = [] if short else [(None, None)]
    if len(short) > 1 or (short and spare[short[0]] < -1) or not any(cost) or not _up.god_linked(self, seat, iid):
        return out
    for s_for in (short if short else range(4)):
        if cost[s_for]:
            out += [(SPHERE_NAMES[s_from], SPHERE_NAMES[s_for]) for s_from in range(4)
                    if s_from != s_for and spare[s_from] >= 1]
    return out


def substitution_problem(self: MitoszState, seat: int, iid: int, cost: list[int], pay_from: str | None,
                         pay_for: str | None) -> Bad | None:
    """MIT-3.1.g: is the substitution (pay_from, pay_for) allowed? Changes ``cost`` to what is paid."""
    if pay_from is None and pay_for is None:
        return None
    d = self.cards[iid].d
    if pay_from not in SPHERE_INDEX or pay_for not in SPHERE_INDEX or pay_from == pay_for:
        return ("MIT-3.1.g", said(N_("a substitution names two different spheres: pay_from and pay_for")))
    if not _up.god_linked(self, seat, iid):
        return ("MIT-3.1.g", said(N_("{card} is not linked to your high god: no sphere may stand in for another"), card=d))
    if cost[SPHERE_INDEX[pay_for]] < 1:
        return ("MIT-3.1.g", said(N_("the cost of {card} has no {sphere} point to pay from another sphere"), card=d,
                               sphere=kept(SPHERE_WORDS, pay_for)))
    cost[SPHERE_INDEX[pay_for]] -= 1
    cost[SPHERE_INDEX[pay_from]] += 1
    return None


def summon_cost(self: MitoszState, iid: int, host: int | None = None) -> tuple[int, ...]:
    d = self.cards[iid].d
    if host is not None and 0 <= host < len(self.cards):
        h = self.cards[host].d
        if d.card_type == "location" and "region" in d.subtypes and h.card_type == "nation" and linked(d, h):
            return (0, 0, 0, 0)  # MIT-8.region.c
        if d.card_type == "location" and "building" in d.subtypes and "region" in h.subtypes and linked(d, h):
            return (0, 0, 0, 0)  # MIT-8.building.b
    return changed_cost(self, iid, d.cost, "summon") if "modify_cost" in self.prims else d.cost


# -- cost changes (spec 6.4 ``modify_cost``) ---------------------------------------------------
def cost_changes(self: MitoszState, applies_to: str) -> tuple[CostChange, ...]:
    """(filter, delta, controller) of every change of summoning or usage costs in force: the statics on the
    board and the effects; kept with the board's facts (an effect starting or ending drops them)."""
    c = cache(self)
    key = ("cost_changes", applies_to)
    hit: tuple[CostChange, ...] | None = c.get(key)
    if hit is None:
        out = [(params.filter, sphere_vector(params.delta), ctrl)
               for _src, ctrl, params in statics_of(self, "modify_cost") if params.applies_to == applies_to]
        out += [(e.selector.filter, e.value[1], e.controller) for e in self.effects
                if e.kind == "modify_cost" and e.value[0] == applies_to]
        hit = c[key] = tuple(out)
    return hit


def costs_lowered(self: MitoszState) -> bool:
    """Does some cost change lower a cost? Then no card may be passed over for its printed cost."""
    if "modify_cost" not in self.prims:
        return False
    c = cache(self)
    hit: bool | None = c.get("costs_lowered")
    if hit is None:
        hit = c["costs_lowered"] = any(min(delta) < 0 for kind in ("summon", "usage")
                                      for _f, delta, _c in cost_changes(self, kind))
    return hit


def changed_cost(self: MitoszState, iid: int, cost: tuple[int, ...], applies_to: str) -> tuple[int, ...]:
    """The cost with the changes whose filter the card matches (its own zone unless the filter names one),
    each sphere floored at 0 (OP-63). The printed cost stays what the rules read (capacity, OP-48)."""
    if "modify_cost" not in self.prims:
        return cost
    changes = cost_changes(self, applies_to)
    if not changes:
        return cost
    inst = self.cards[iid]
    out = list(cost)
    for f, delta, ctrl in changes:
        if f is not None and f.zone is None:
            f = _at_zone(f, inst.zone)
        if f is None or matches(self, inst, f, ctrl, {}):
            for s in range(4):
                out[s] += delta[s]
    return tuple(max(0, v) for v in out)


def maneuver_cost(self: MitoszState, m: Maneuver | None, steps: int | None, times: int | None, free: bool,
                  card: int = -1) -> tuple[int, ...]:
    if m is None:
        return (0, 0, 0, 0)
    info = _INFO.get(id(m)) or minfo(m)
    if free:
        cost = (0, 0, 0, 0)  # MIT-3.9.h
    elif steps and info.nsteps:  # the first ``steps`` steps (MIT-4.2.6.d); ``nsteps``: ``m.steps`` is a list
        cost = info.step_costs[steps if 0 < steps <= info.nsteps else len(m.steps[:steps])]  # type: ignore[index]
    else:
        cost = info.step_costs[0]
    pay = info.per_pay
    if pay is not None and times:
        paid = times - 1 if free else times  # MIT-4.2.6.e: one repetition free for a free maneuver
        cost = (cost[0] + pay[0] * paid, cost[1] + pay[1] * paid, cost[2] + pay[2] * paid,
                cost[3] + pay[3] * paid)
    if card >= 0 and not free and "modify_cost" in self.prims:  # it matches the card whose maneuver it is
        return changed_cost(self, card, cost, "usage")
    return cost
