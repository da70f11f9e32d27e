"""Maneuver options for the legal-action list: the bound maneuvers of the board's cards, free maneuvers and
fates from the hand, the fate uses one's gods allow, and every (targets, steps, times) variant of a use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import acts_info as _acts_info
from .actions import UseFate, UseFreeManeuver, UseManeuver, made
from .acts_info import IMPLICIT, _bound_plan, minfo
from .cards import NON_ROTATING, linked
from .modes import BATTLE
from .acts_costs import maneuver_cost
from .acts_maneuvers import (_conditions_problem, _free_user_check, _free_user_problem, _maneuver_gate,
                             _rune_options, _rune_problem, _timing_problem, _user_free_of_effects, _user_gate)
from .acts_summon import god_linked
from .acts_targets import target_options
from .effects.lasting import statics_of
from .effects.targets import static_players
from .fights.members import fight_scope_problem, in_rounds
from .levels import board as _board
from .levels.board import is_cursed, row_leaders, rune_host
from .levels.card_types import card_type, retyping, subtypes
from .moves import can_pay

#: the maneuvers' infos, bound by assignment (an imported name's ``_INFO.get(…)`` would not compile to a
#: method call)
_INFO = _acts_info._INFO

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from cardtable.engine import Action

    from .acts_info import MInfo
    from .schema.maneuvers import Maneuver
    from .state import Inst, MitoszState

    #: a way to announce a maneuver (``_variants``): (targets, steps, times)
    Variant = tuple[tuple[int, ...], int | None, int | None]


def _bound_options(self: MitoszState, seat: int, inst: Inst, counter: bool) -> list[Action]:
    out: list[Action] = []
    d = inst.d
    if inst.dormant is not None or d.card_type in ("free_maneuver", "fate"):
        if d.card_type == "free_maneuver" and rune_host(self, inst) >= 0:
            return _rune_options(self, seat, inst, counter)
        return out  # MIT-5.15: whatever the maneuver; a lasting fate or free maneuver on the board is not
        # used again (MIT-4.6.2.1)
    active = seat == self.active
    phase = self.phase
    battle_phase = phase is BATTLE
    plan: tuple[tuple[Maneuver | None, MInfo], ...] | None = d.plans.get((counter, active, battle_phase))
    if plan is None:
        plan = d.plans[(counter, active, battle_phase)] = _bound_plan(d, counter, active, battle_phase)
    if d.implicit_sacrifice and not counter and inst.host >= 0 \
            and self.cards[inst.host].controller == seat and not is_cursed(self, inst):  # OP-16: attached to a
        # card of its controller (and not cursed by a rune, MIT-2.4.b)
        plan = (*plan, (None, IMPLICIT))
    if not plan:
        return out
    iid = inst.iid
    spheres = self.players[seat].spheres
    cost_changes = "modify_cost" in self.prims
    blocked = inst.blocked
    uses = inst.uses
    kind = None  # the card type it has now, read once (MIT-5.16)
    free_of_effects = None  # ``_user_free_of_effects``, the same for every maneuver
    variants: Sequence[Variant]
    for m, info in plan:
        # The checks of ``_maneuver_gate`` and ``_variants``, cheapest first: every check only refuses, so
        # their order changes nothing but the time (most maneuvers are refused by the user's marks or the
        # cost). The plan left out what the definition alone refuses (``_bound_plan``); below are the
        # user's marks (``_user_may``), written out.
        mid = info.mid
        if blocked and mid in blocked:
            continue  # MIT-4.1.e
        if not info.permanent:
            if kind is None:
                kind = card_type(self, inst) if self.effects or self.fight is not None else d.card_type
            if kind == "high_god":
                if uses and uses.get(mid):
                    continue  # MIT-4.5
            elif kind in NON_ROTATING:
                if inst.spent:
                    continue  # MIT-4.5, OP-28
            elif inst.rotated:
                continue  # MIT-3.4.1.a
        elif info.per_turn and uses and uses.get(mid, 0) >= info.per_turn:
            continue  # MIT-4.2.6.a
        if info.battle and not in_rounds(self):
            continue  # MIT-4.2.1.d (the plan checked the other timing markers)
        if info.sacrifice_user and is_cursed(self, inst):
            continue  # (the plan checked a printed curse; this is a rune's, MIT-8.rune)
        if info.stack_only and not self.stack:
            continue  # MIT-4.6.1
        simple = not info.nsteps and not info.per  # the common case: one cost, no steps, no slash
        if simple and m is not None:
            cost = maneuver_cost(self, m, None, None, False, iid) if cost_changes else info.step_costs[0]
            if spheres[0] < cost[0] or spheres[1] < cost[1] or spheres[2] < cost[2] or spheres[3] < cost[3]:
                continue  # MIT-4.2.2
        if not counter and battle_phase and fight_scope_problem(self, seat, inst, m) is not None:
            continue
        if free_of_effects is None:
            free_of_effects = _user_free_of_effects(self, inst)
        if not free_of_effects:
            continue  # MIT-5.5
        if simple:
            if m is None:
                variants = (((), None, None),)
            else:
                variants = [(targets, None, None) for targets in target_options(self, seat, m, iid, iid)]
        else:
            variants = _variants(self, seat, m, iid, iid, free=False)
        # the conditions do not depend on the variant: asked once
        if variants and (m is None or _conditions_problem(self, seat, m, iid) is None):
            for targets, steps, times in variants:
                out.append(made(UseManeuver, iid, mid, targets, steps, times))
    return out


def _free_options(self: MitoszState, seat: int, iid: int, counter: bool, users: list[Inst]) -> list[Action]:
    out: list[Action] = []
    d = self.cards[iid].d
    choices = d.options or d.maneuvers
    able = None  # the users the card allows (MIT-3.9.b/c): the same for every option
    battle = not counter and self.phase is BATTLE
    for m in choices:
        info = _INFO.get(id(m)) or minfo(m)
        if counter and info.normal:
            continue
        # the moment is wrong whoever uses it (``_maneuver_gate`` without a user)
        if info.timing and _timing_problem(self, seat, info) is not None:
            continue
        if info.stack_only and not self.stack:
            continue  # MIT-4.6.1
        if battle and fight_scope_problem(self, seat, None, m) is not None:
            continue
        if able is None:
            able = _free_card_users(self, seat, iid, users)
            if not able:
                return out
        cheapest = maneuver_cost(self, m, 1 if m.steps else None, 1 if m.per is not None else None, False, iid)
        # only a linked user, who uses it for free, if the spheres cannot pay (MIT-3.9.h)
        payable = can_pay(self, seat, cheapest)
        conditions = None
        for user in able:
            free = linked(d, user.d)
            if not payable and not free:
                continue
            # ``_maneuver_gate`` with the user: of its checks only the fight's scope and the user's own
            # read the user (the moment's passed above)
            if battle and fight_scope_problem(self, seat, user, m) is not None:
                continue
            if _user_gate(self, seat, user, info, iid) is not None:
                continue
            variants = _variants(self, seat, m, iid, user.iid, free=free)
            if not variants:
                continue
            if conditions is None:  # they depend on neither the user nor the variant: asked once
                conditions = _conditions_problem(self, seat, m, iid) is None
            if not conditions:
                continue
            for targets, steps, times in variants:
                out.append(made(UseFreeManeuver, iid, user.iid, m.id, targets, steps, times))
                if _rune_problem(self, d, user, targets, explain=False) is None:
                    out.append(made(UseFreeManeuver, iid, user.iid, m.id, targets, steps, times, True))
    return out


def _free_card_users(self: MitoszState, seat: int, iid: int, users: list[Inst]) -> list[Inst]:
    """Of ``users`` (``_free_users``), those that may use the free maneuver ``iid`` (``_free_user_problem``):
    kept with the board's facts, as the answers it reads are."""
    cache = _board.cache(self)
    f = self.fight
    key = ("free_able", seat, iid, (f.kind, f.stage, f.nation) if f is not None else None)
    hit: list[Inst] | None = cache.get(key)
    if hit is None:
        hit = cache[key] = []
        # ``_free_user_problem`` for each user, its definition-only answers read here: while no effect
        # changes a type or subtypes, an own card on the board that is awake and no nation or location is
        # answered by the two definitions
        plain = not retyping(self)
        known = self.cards[iid].d.free_users
        for u in users:
            if plain and u.dormant is None and u.controller == seat and u.zone == "board" \
                    and u.d.card_type not in ("nation", "location"):
                bad = known.get(u.d, known)
                if bad is known:
                    bad = known[u.d] = _free_user_check(self, seat, iid, u)
            else:
                bad = _free_user_problem(self, seat, iid, u)
            if bad is None:
                hit.append(u)
    return hit


def _fate_options(self: MitoszState, seat: int, iid: int, counter: bool) -> list[Action]:
    out: list[Action] = []
    m = self.cards[iid].d.maneuvers[0]
    if _maneuver_gate(self, seat, None, m, counter, explain=False) is not None:
        return out
    vias = [None] if god_linked(self, seat, iid) else god_allowances(self, seat)
    if not vias:
        return out
    variants = _variants(self, seat, m, iid, -1, free=False)
    if variants and _conditions_problem(self, seat, m, iid) is None:
        for via in vias:
            for targets, _steps, _times in variants:
                out.append(made(UseFate, iid, via, targets))
    return out


def god_allowances(self: MitoszState, seat: int) -> list[int]:
    """OP-62: each own god leader grants one fate use per turn; ``grant_fate_use`` grants more, named by
    its source (spec 6.4: "like MIT-8.god")."""
    p = self.players[seat]
    gods = [i for i in row_leaders(self, seat) if "god" in subtypes(self, self.cards[i])]
    out = [i for i in gods if i not in p.allowances]
    for src, n in fate_grants(self, seat):
        if p.allowances.count(src) < n + (src in gods) and src not in out:
            out.append(src)
    return out


def fate_grants(self: MitoszState, seat: int) -> list[tuple[int, int]]:
    """(source, uses per turn) of the fate uses granted to ``seat``: statics on the board and effects."""
    grants: dict[int, int] = {}
    if "grant_fate_use" not in self.prims:
        return []
    for src, ctrl, params in statics_of(self, "grant_fate_use"):
        if seat in static_players(self, params.player, ctrl, src):
            grants[src] = grants.get(src, 0) + params.n
    for e in self.effects:
        if e.kind == "grant_fate_use" and e.value[0] == seat:
            grants[e.source] = grants.get(e.source, 0) + e.value[1]
    return sorted(grants.items())


def _variants(self: MitoszState, seat: int, m: Maneuver | None, card: int, user: int, free: bool) -> list[Variant]:
    """Every (targets, steps, times) the maneuver may be announced with."""
    if m is None:
        return [((), None, None)]
    info = _INFO.get(id(m)) or minfo(m)
    if not info.nsteps and not info.per:  # the common case: one cost, no steps, no slash
        if not can_pay(self, seat, maneuver_cost(self, m, None, None, free, card)):
            return []
        return [(targets, None, None) for targets in target_options(self, seat, m, card, user)]
    step_counts = range(1, info.nsteps + 1) if info.nsteps else (None,)
    times_list = range(1, 10) if info.per else (None,)
    out: list[Variant] = []
    target_sets = None  # computed only once some cost can be paid
    for steps in step_counts:
        for times in times_list:
            cost = maneuver_cost(self, m, steps, times, free, card)
            if not can_pay(self, seat, cost):
                if times is not None:
                    break
                continue
            if target_sets is None:
                target_sets = target_options(self, seat, m, card, user)
                if not target_sets:
                    return out
            for targets in target_sets:
                out.append((targets, steps, times))
    return out
