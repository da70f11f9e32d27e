"""What a player may do (spec 8.1) and announcing it: the checks, with the rule each one enforces.

One check per act type returns the first broken rule (or None); the legal-action list is every
candidate the checks accept, and ``announce`` refuses with the same check, so the list and the
refusals never disagree. Announcing pays the cost, rotates the user and puts the act on the stack;
a counter round follows (MIT-4.6.4, MIT-6.3.5).
"""

from __future__ import annotations

from itertools import combinations

from cardtable.engine import IllegalAction

from .actions import (STACK_ID_BASE, AttachMount, DeclareBattle, DeclareDuel, PlaceNation, PlayUnsummoned, Summon,
                      UseFate, UseFreeManeuver, UseManeuver, made)
from .affected import affected_player
from .fights import ROW_INDEX
from .cards import NON_ROTATING, OPPOSITE, ROAD_OFFSET, SPHERE_INDEX, linked, primitives_of
from .flow import SPHERE_NAMES
from .moves import spheres_text
from .text import CARD_TYPE_WORDS, ROAD_NAMES, ROW_INTO, SPHERE_WORDS, SUBTYPE_WORDS, kept
from .words import N_, Said, _, join, said, shown

SUMMON_PHASES = ("summon_1", "summon_2")
_CHOSEN: dict[int, tuple] = {}
_NEEDS_STACK: dict[int, tuple] = {}


FAIL = ("", "")  # a refusal without words, for the legal-action list


def needs_stack(m) -> bool:
    """Does the maneuver choose a target on the stack (a neutralize, a destroy of a card being played)?"""
    hit = _NEEDS_STACK.get(id(m))
    if hit is None:
        hit = _NEEDS_STACK[id(m)] = (any(sel.select == "chosen" and sel.filter is not None and sel.filter.zone == "stack"
                                         for sel in m.targets.values()), m)
    return hit[0]


def keyword_maneuver(m) -> bool:
    """Does the maneuver shoot a volley or a poison (one target in the fight, MIT-7.2.5)?"""
    return bool(primitives_of(m) & {"volley", "poison"})


def chosen_names(m) -> tuple:
    """The maneuver's targets chosen at announcement (OP-29), in order t1, t2 … (maneuvers live as long as
    the process, so their ids are stable keys)."""
    names = _CHOSEN.get(id(m))
    if names is None:
        names = _CHOSEN[id(m)] = (tuple(sorted((n for n, sel in m.targets.items() if sel.select == "chosen"),
                                               key=lambda n: int(n[1:]))), m)
    return names[0]
#: The implicit maneuver of non-cursed items and buildings: sacrifice the card (OP-16).
SACRIFICE = "sacrifice"
Bad = tuple  # (rule, message)


class MInfo:
    """What the rules read of a maneuver again and again (its flags, timing, costs, chosen targets), read apart
    once: maneuvers are immutable pydantic models, slow to walk on the hot path of the legal-action list."""

    __slots__ = ("m", "mid", "normal", "permanent", "per_turn", "sacrifice_user", "stack_only", "timing", "action",
                 "reaction", "rite", "battle", "step_costs", "nsteps", "per", "per_pay", "names", "keyword",
                 "conditions", "steady")

    def __init__(self, m):
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
        #: every chosen target's filter holds until a card moves (as ``Acts.target_candidates`` reads them)
        self.steady = all(_steady(m.targets[n].filter) for n in self.names)


def _steady(f) -> bool:
    """On the board or in the public piles, a filter that reads neither rotation nor levels holds until a card
    moves (every move there drops the board's facts)."""
    return f is not None and f.zone in (None, "board", "afterworld", "oblivion") and f.rotated is None \
        and f.level is None


_INFO: dict[int, MInfo] = {}
IMPLICIT = MInfo(None)


def _bound_plan(d, counter: bool, active: bool, battle_phase: bool) -> tuple:
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


def minfo(m) -> MInfo:
    """The :class:`MInfo` of a maneuver (``None``: the implicit sacrifice)."""
    if m is None:
        return IMPLICIT
    info = _INFO.get(id(m))
    if info is None:
        info = _INFO[id(m)] = MInfo(m)
    return info


def _hand_looks(d, role: str, fighting: bool, own_turn_summon: bool) -> bool:
    """Is a card of definition ``d`` in the hand worth a look for the legal-action list, for a player in ``role``
    (in a fight's rounds also as a fighter) in or out of an own summon phase? Read from the definition alone."""
    if role not in d.hand_roles and not (fighting and "fight" in d.hand_roles):
        return False
    if not own_turn_summon:  # outside one's summon phases only intrigues and linked items are played
        return d.card_type not in ("nation", "leader", "location") and (d.card_type != "item" or bool(d.partners))
    return True


class Acts:
    # -- the legal-action list ---------------------------------------------------------------------
    def legal_acts(self, seat: int, counter: bool) -> list:
        p = self.players[seat]
        cards = self.cards
        cache = self.statics_cache
        if cache is None:
            cache = self.statics_cache = {}
        memo = self.legal_memo
        if memo is None:
            memo = self.legal_memo = {}
        if counter:  # OP-23: only counter and locked effects; most of the time there are none
            hand = tuple(p.hand)
            hit = memo.get(("quick_hand", seat))
            if hit is not None and hit[0] == hand:
                hand = hit[1]
            else:
                key = hand
                hand = [i for i in key if cards[i].d.quick]
                if len(hand) > 1:
                    hand = self.distinct(hand)
                memo[("quick_hand", seat)] = (key, hand)
            layout = self.layout_facts()
            mine_active = layout.get(("quick", seat))
            if mine_active is None:
                mine_active = layout[("quick", seat)] = [i for i in self._mine(seat) if i.d.quick]
            if not hand and not mine_active:
                return []
            return self._acts_of(seat, True, [], hand, mine_active, False, False, 0, cache)
        out = []
        phase = self.phase
        if phase == "battle":
            if self.fight is None:
                return self.fight_declarations(seat)  # OP-39: before a fight only declaring one is open
            if not self.in_rounds() or seat not in self.fight_players():
                return out
            out = self.supply_options(seat)
        spheres = p.spheres
        total = spheres[0] + spheres[1] + spheres[2] + spheres[3]
        active = seat == self.active
        role = "active" if active else "other"
        own_turn_summon = active and phase in SUMMON_PHASES
        # in a fight's rounds battle maneuvers are open to either side (MIT-4.2.1.d)
        fighting = phase == "battle"
        roles = (role, "fight") if fighting else (role,)
        cheaper = "modify_cost" in self.prims and self.costs_lowered()  # spec 6.4 modify_cost: then the printed
        # costs filter nothing
        # the hand's cards worth a look in this role: kept while the hand stays the same (each filter reads only
        # the card's definition, so filtering the distinct cards or the whole hand keeps the same cards)
        held = tuple(p.hand)
        key = ("hand", seat, roles, own_turn_summon)
        hit = memo.get(key)
        if hit is not None and hit[0] == held:
            hand = hit[1]
        else:  # one card of each definition (as ``distinct``), if the definition is worth a look here
            hand = []
            seen = set()
            looks_key = (roles, own_turn_summon)
            for i in held:
                d = cards[i].d
                if d in seen:
                    continue
                seen.add(d)
                looks = d.hand_looks.get(looks_key)
                if looks is None:
                    looks = d.hand_looks[looks_key] = _hand_looks(d, role, fighting, own_turn_summon)
                if looks:
                    hand.append(i)
            memo[key] = (held, hand)
        if hand and not cheaper:  # a card whose every use costs more than the spheres hold is skipped
            hand = [i for i in hand if cards[i].d.hand_spend <= total]
        # the board's cards worth a look: kept with the layout's facts while the spheres' total stays the same
        key = ("mine_active", seat, roles)
        layout = self.layout_facts()
        hit = layout.get(key)
        if hit is None:  # the cards with something to announce in this role (whatever the spheres hold)
            hit = [i for i in self._mine(seat) if (role in i.d.board_roles or fighting and "fight" in i.d.board_roles)
                   and self._may_have_bound(seat, i, active, fighting)]
            hit = layout[key] = [hit, None, None]
        if cheaper:
            mine_active = hit[0]
        elif hit[1] == total:
            mine_active = hit[2]
        else:  # … and of them the cards whose cheapest use the spheres can pay
            mine_active = hit[2] = [i for i in hit[0] if i.d.board_spend <= total]
            hit[1] = total
        if not hand and not mine_active and not (len(p.leaders) > 1 and self.mount_window(seat)):
            return out  # nothing to look at (``_acts_of`` would add nothing)
        return self._acts_of(seat, False, out, hand, mine_active, own_turn_summon, cheaper, total, cache)

    def _mine(self, seat: int) -> list:
        """The cards on the board that ``seat`` controls (kept with the layout's facts)."""
        cache = self.layout
        if cache is None:
            cache = self.layout = {}
        mines = cache.get("mine")
        if mines is None:  # every player's at once: one pass over the board
            mines = cache["mine"] = [[] for _ in range(self.n)]
            for i in self.board_insts():
                mines[i.controller].append(i)
        return mines[seat]

    def _may_have_bound(self, seat: int, inst, active: bool, battle_phase: bool) -> bool:
        """Outside counter rounds, may ``inst`` offer a bound maneuver at all? What ``_bound_options`` refuses by
        the layout alone (sleep, hosts, controllers) and the card's definition, so the answer is kept with the
        layout's facts."""
        d = inst.d
        if inst.dormant is not None or d.card_type in ("free_maneuver", "fate"):
            return self.rune_host(inst) >= 0  # an attached rune is its host's bound maneuver (MIT-3.9.i)
        plan = d.plans.get((False, active, battle_phase))
        if plan is None:
            plan = d.plans[(False, active, battle_phase)] = _bound_plan(d, False, active, battle_phase)
        return bool(plan) or (d.implicit_sacrifice and inst.host >= 0
                              and self.cards[inst.host].controller == seat)

    def _acts_of(self, seat: int, counter: bool, out: list, hand: list, mine_active: list, own_turn_summon: bool,
                 cheaper: bool, total: int, cache: dict) -> list:
        """The acts of the hand's cards worth a look and of the board's (``legal_acts``), after ``out``."""
        p = self.players[seat]
        cards = self.cards
        spheres = p.spheres
        users = None
        for iid in hand:
            d = cards[iid].d
            t = d.card_type
            if t == "nation":
                if own_turn_summon and not p.nation_placed and self._nation_card_problem(seat, iid, False) is None:
                    for x, y in self._nation_cells_for(seat, d):
                        out.append(made(PlaceNation, iid, x, y))
            elif t in ("leader", "item", "location", "intrigue") and not counter:
                if t != "intrigue" and not own_turn_summon:
                    if t == "item":
                        out += self._unsummoned_options(seat, iid)
                    continue
                if t != "location" and total < d.cost_total and t != "item" and not cheaper:
                    continue  # no payment can cover it (a substitution keeps the total)
                if t == "item":
                    unsummoned = self._unsummoned_options(seat, iid)
                    out += unsummoned
                    done = {a.host for a in unsummoned}  # the free way dominates paying (MIT-3.5.d)
                    hosts = [h for h in self.item_hosts(seat, iid) if h not in done]
                elif t == "location":
                    hosts = self.location_hosts(seat, iid)
                else:
                    hosts = [None]
                if hosts and self._summon_card_problem(seat, iid, False) is None:
                    inst = cards[iid]
                    substitute = None
                    # of another player's leaders only a cursed item takes one (MIT-2.4.c): refused whatever
                    # else ``_host_problem`` would say
                    foreign = t == "item" and not d.cursed
                    for host in hosts:
                        if host is not None and (foreign and cards[host].controller != seat
                                                 or self._host_problem(seat, inst, host) is not None):
                            continue
                        cost = self.summon_cost(iid, host)
                        spare = [spheres[0] - cost[0], spheres[1] - cost[1], spheres[2] - cost[2],
                                 spheres[3] - cost[3]]
                        if spare[0] >= 0 and spare[1] >= 0 and spare[2] >= 0 and spare[3] >= 0:
                            short = ()
                            out.append(made(Summon, iid, host))
                        else:
                            short = [k for k in range(4) if spare[k] < 0]
                        if len(short) > 1 or (short and spare[short[0]] < -1) or not any(cost):
                            continue
                        if substitute is None:
                            substitute = self.god_linked(seat, iid)
                        if not substitute:
                            continue
                        for s_for in (short if short else range(4)):  # MIT-3.1.g: one point from another sphere
                            if cost[s_for]:
                                for s_from in range(4):
                                    if s_from != s_for and spare[s_from] >= 1:
                                        out.append(made(Summon, iid, host, SPHERE_NAMES[s_from],
                                                           SPHERE_NAMES[s_for]))
            elif t == "free_maneuver":
                if users is None:
                    users = self._free_users(seat, self._mine(seat), cache)
                out += self._free_options(seat, iid, counter, users)
            elif t == "fate":
                out += self._fate_options(seat, iid, counter)
        for inst in mine_active:
            out += self._bound_options(seat, inst, counter)
        if not counter and len(p.leaders) > 1:
            out += self.mount_options(seat)  # MIT-8.mount: when its player may act (``mount_window``)
        return out

    def _free_users(self, seat: int, mine: list, cache: dict) -> list:
        """The own cards on the board that may use a free maneuver at all: no nation or location, unless it is
        defended in the battle being fought (MIT-3.2.2.d, MIT-3.3.d); kept with the board's facts."""
        f = self.fight
        key = ("free_users", seat, (f.kind, f.stage, f.nation) if f is not None else None)
        users = cache.get(key)
        if users is None:
            users = cache[key] = [i for i in mine if i.d.card_type not in ("nation", "location")
                                  or self.defended_here(i)]
        return users

    def _nation_cells_for(self, seat: int, d) -> list[tuple[int, int]]:
        """The cells where the nation ``d`` may be placed (OP-12). They follow from the grid alone (its cells and
        their nations' roads), so they are kept by the grid's contents, across every other change."""
        memo = self.legal_memo
        if memo is None:
            memo = self.legal_memo = {}
        grid = self.players[seat].grid
        key = ("nation_cells", d, tuple(grid.items()))
        hit = memo.get(key)
        if hit is None:
            cells = self.nation_cells(seat)
            hit = memo[key] = [(x, y) for x, y in cells
                               if self._nation_cell_problem(seat, d, x, y, explain=False) is None]
        return hit

    def nation_cells(self, seat: int) -> list[tuple[int, int]]:
        grid = self.players[seat].grid
        if not grid:
            return [(0, 0)]
        cells = set()
        for (x, y) in grid:
            for dx, dy in ROAD_OFFSET.values():
                c = (x + dx, y + dy)
                if c not in grid:
                    cells.add(c)
        return sorted(cells)

    def item_hosts(self, seat: int, iid: int) -> list[int]:
        return [h for p in self.players for h in p.leaders]

    def location_hosts(self, seat: int, iid: int) -> list[int]:
        d = self.cards[iid].d
        # MIT-2.4.c: a cursed location may also go onto another player's nation (or region)
        seats = range(self.n) if d.cursed else (seat,)
        out = [n for s in seats for n in self.players[s].grid.values()]
        if "building" in d.subtypes:
            out += [i.iid for i in self.board_insts() if i.controller in seats
                    and i.d.card_type == "location" and "region" in i.d.subtypes]
        return sorted(out)

    def god_linked(self, seat: int, iid: int) -> bool:
        return linked(self.cards[iid].d, self.cards[self.players[seat].god].d)

    def summon_payments(self, seat: int, iid: int, cost) -> list[tuple[str | None, str | None]]:
        """The ways ``seat`` may pay ``cost`` to summon ``iid``: (None, None) for the printed cost, and
        (pay_from, pay_for) for each substitution of one point by a point of another sphere, which MIT-3.1.g
        allows at every summon of a card linked to one's high god (in a battle too: a supply, a monster, a
        defending leader)."""
        spheres = self.players[seat].spheres
        spare = [spheres[k] - cost[k] for k in range(4)]
        short = [k for k in range(4) if spare[k] < 0]
        out: list[tuple[str | None, str | None]] = [] if short else [(None, None)]
        if len(short) > 1 or (short and spare[short[0]] < -1) or not any(cost) or not self.god_linked(seat, iid):
            return out
        for s_for in (short if short else range(4)):
            if cost[s_for]:
                out += [(SPHERE_NAMES[s_from], SPHERE_NAMES[s_for]) for s_from in range(4)
                        if s_from != s_for and spare[s_from] >= 1]
        return out

    def substitution_problem(self, seat: int, iid: int, cost: list, pay_from, pay_for) -> Bad | None:
        """MIT-3.1.g: is the substitution (pay_from, pay_for) allowed? Changes ``cost`` to what is paid."""
        if pay_from is None and pay_for is None:
            return None
        d = self.cards[iid].d
        if pay_from not in SPHERE_INDEX or pay_for not in SPHERE_INDEX or pay_from == pay_for:
            return ("MIT-3.1.g", said(N_("a substitution names two different spheres: pay_from and pay_for")))
        if not self.god_linked(seat, iid):
            return ("MIT-3.1.g", said(N_("{card} is not linked to your high god: no sphere may stand in for another"), card=d))
        if cost[SPHERE_INDEX[pay_for]] < 1:
            return ("MIT-3.1.g", said(N_("the cost of {card} has no {sphere} point to pay from another sphere"), card=d,
                                   sphere=kept(SPHERE_WORDS, pay_for)))
        cost[SPHERE_INDEX[pay_for]] -= 1
        cost[SPHERE_INDEX[pay_from]] += 1
        return None

    def summon_cost(self, iid: int, host=None) -> tuple:
        d = self.cards[iid].d
        if host is not None and 0 <= host < len(self.cards):
            h = self.cards[host].d
            if d.card_type == "location" and "region" in d.subtypes and h.card_type == "nation" and linked(d, h):
                return (0, 0, 0, 0)  # MIT-8.region.c
            if d.card_type == "location" and "building" in d.subtypes and "region" in h.subtypes and linked(d, h):
                return (0, 0, 0, 0)  # MIT-8.building.b
        return self.changed_cost(iid, d.cost, "summon") if "modify_cost" in self.prims else d.cost

    # -- cost changes (spec 6.4 ``modify_cost``) ---------------------------------------------------
    def cost_changes(self, applies_to: str) -> tuple:
        """(filter, delta, controller) of every change of summoning or usage costs in force: the statics on the
        board and the effects; kept with the board's facts (an effect starting or ending drops them)."""
        c = self.cache()
        key = ("cost_changes", applies_to)
        hit = c.get(key)
        if hit is None:
            out = [(params.filter, sphere_vector(params.delta), ctrl)
                   for _src, ctrl, params in self.statics_of("modify_cost") if params.applies_to == applies_to]
            out += [(e.selector.filter, e.value[1], e.controller) for e in self.effects
                    if e.kind == "modify_cost" and e.value[0] == applies_to]
            hit = c[key] = tuple(out)
        return hit

    def costs_lowered(self) -> bool:
        """Does some cost change lower a cost? Then no card may be passed over for its printed cost."""
        if "modify_cost" not in self.prims:
            return False
        c = self.cache()
        hit = c.get("costs_lowered")
        if hit is None:
            hit = c["costs_lowered"] = any(min(delta) < 0 for kind in ("summon", "usage")
                                          for _f, delta, _c in self.cost_changes(kind))
        return hit

    def changed_cost(self, iid: int, cost, applies_to: str) -> tuple:
        """The cost with the changes whose filter the card matches (its own zone unless the filter names one),
        each sphere floored at 0 (OP-63). The printed cost stays what the rules read (capacity, OP-48)."""
        if "modify_cost" not in self.prims:
            return cost
        changes = self.cost_changes(applies_to)
        if not changes:
            return cost
        inst = self.cards[iid]
        out = list(cost)
        for f, delta, ctrl in changes:
            if f is not None and f.zone is None:
                f = _at_zone(f, inst.zone)
            if f is None or self.matches(inst, f, ctrl, {}):
                for s in range(4):
                    out[s] += delta[s]
        return tuple(max(0, v) for v in out)

    def _unsummoned_options(self, seat: int, iid: int) -> list:
        out = []
        partners = self.cards[iid].d.partners
        if not partners:
            return out
        for host in self.item_hosts(seat, iid):
            if self.cards[host].d.name not in partners:
                continue  # MIT-3.5.d: only onto a linked leader
            a = made(PlayUnsummoned, iid, host)
            if self.check_unsummoned(seat, a) is None:
                out.append(a)
        return out

    # -- maneuvers: options ------------------------------------------------------------------------
    def _bound_options(self, seat: int, inst, counter: bool) -> list:
        out = []
        d = inst.d
        if inst.dormant is not None or d.card_type in ("free_maneuver", "fate"):
            if d.card_type == "free_maneuver" and self.rune_host(inst) >= 0:
                return self._rune_options(seat, inst, counter)
            return out  # MIT-5.15: whatever the maneuver; a lasting fate or free maneuver on the board is not
            # used again (MIT-4.6.2.1)
        active = seat == self.active
        phase = self.phase
        battle_phase = phase == "battle"
        plan = d.plans.get((counter, active, battle_phase))
        if plan is None:
            plan = d.plans[(counter, active, battle_phase)] = _bound_plan(d, counter, active, battle_phase)
        if d.implicit_sacrifice and not counter and inst.host >= 0 \
                and self.cards[inst.host].controller == seat and not self.is_cursed(inst):  # OP-16: attached to a
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
                    kind = self.card_type(inst) if self.effects or self.fight is not None else d.card_type
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
            if info.battle and not self.in_rounds():
                continue  # MIT-4.2.1.d (the plan checked the other timing markers)
            if info.sacrifice_user and self.is_cursed(inst):
                continue  # (the plan checked a printed curse; this is a rune's, MIT-8.rune)
            if info.stack_only and not self.stack:
                continue  # MIT-4.6.1
            simple = not info.nsteps and not info.per  # the common case: one cost, no steps, no slash
            if simple and m is not None:
                cost = self.maneuver_cost(m, None, None, False, iid) if cost_changes else info.step_costs[0]
                if spheres[0] < cost[0] or spheres[1] < cost[1] or spheres[2] < cost[2] or spheres[3] < cost[3]:
                    continue  # MIT-4.2.2
            if not counter and battle_phase and self.fight_scope_problem(seat, inst, m) is not None:
                continue
            if free_of_effects is None:
                free_of_effects = self._user_free_of_effects(inst)
            if not free_of_effects:
                continue  # MIT-5.5
            if simple:
                if m is None:
                    variants = (((), None, None),)
                else:
                    variants = [(targets, None, None) for targets in self.target_options(seat, m, iid, iid)]
            else:
                variants = self._variants(seat, m, iid, iid, free=False)
            # the conditions do not depend on the variant: asked once
            if variants and (m is None or self._conditions_problem(seat, m, iid) is None):
                for targets, steps, times in variants:
                    out.append(made(UseManeuver, iid, mid, targets, steps, times))
        return out

    def _free_options(self, seat: int, iid: int, counter: bool, users: list) -> list:
        out = []
        d = self.cards[iid].d
        choices = d.options or d.maneuvers
        able = None  # the users the card allows (MIT-3.9.b/c): the same for every option
        battle = not counter and self.phase == "battle"
        for m in choices:
            info = _INFO.get(id(m)) or minfo(m)
            if counter and info.normal:
                continue
            # the moment is wrong whoever uses it (``_maneuver_gate`` without a user)
            if info.timing and self._timing_problem(seat, info) is not None:
                continue
            if info.stack_only and not self.stack:
                continue  # MIT-4.6.1
            if battle and self.fight_scope_problem(seat, None, m) is not None:
                continue
            if able is None:
                able = self._free_card_users(seat, iid, users)
                if not able:
                    return out
            cheapest = self.maneuver_cost(m, 1 if m.steps else None, 1 if m.per is not None else None, False, iid)
            # only a linked user, who uses it for free, if the spheres cannot pay (MIT-3.9.h)
            payable = self.can_pay(seat, cheapest)
            conditions = None
            for user in able:
                free = linked(d, user.d)
                if not payable and not free:
                    continue
                # ``_maneuver_gate`` with the user: of its checks only the fight's scope and the user's own
                # read the user (the moment's passed above)
                if battle and self.fight_scope_problem(seat, user, m) is not None:
                    continue
                if self._user_gate(seat, user, info, iid) is not None:
                    continue
                variants = self._variants(seat, m, iid, user.iid, free=free)
                if not variants:
                    continue
                if conditions is None:  # they depend on neither the user nor the variant: asked once
                    conditions = self._conditions_problem(seat, m, iid) is None
                if not conditions:
                    continue
                for targets, steps, times in variants:
                    out.append(made(UseFreeManeuver, iid, user.iid, m.id, targets, steps, times))
                    if self._rune_problem(d, user, targets, explain=False) is None:
                        out.append(made(UseFreeManeuver, iid, user.iid, m.id, targets, steps, times, True))
        return out

    def _free_card_users(self, seat: int, iid: int, users: list) -> list:
        """Of ``users`` (``_free_users``), those that may use the free maneuver ``iid`` (``_free_user_problem``):
        kept with the board's facts, as the answers it reads are."""
        cache = self.cache()
        f = self.fight
        key = ("free_able", seat, iid, (f.kind, f.stage, f.nation) if f is not None else None)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = []
            # ``_free_user_problem`` for each user, its definition-only answers read here: while no effect
            # changes a type or subtypes, an own card on the board that is awake and no nation or location is
            # answered by the two definitions
            plain = not self.retyping()
            known = self.cards[iid].d.free_users
            for u in users:
                if plain and u.dormant is None and u.controller == seat and u.zone == "board" \
                        and u.d.card_type not in ("nation", "location"):
                    bad = known.get(u.d, known)
                    if bad is known:
                        bad = known[u.d] = self._free_user_check(seat, iid, u)
                else:
                    bad = self._free_user_problem(seat, iid, u)
                if bad is None:
                    hit.append(u)
        return hit

    def _fate_options(self, seat: int, iid: int, counter: bool) -> list:
        out = []
        m = self.cards[iid].d.maneuvers[0]
        if self._maneuver_gate(seat, None, m, counter, explain=False) is not None:
            return out
        vias = [None] if self.god_linked(seat, iid) else self.god_allowances(seat)
        if not vias:
            return out
        variants = self._variants(seat, m, iid, -1, free=False)
        if variants and self._conditions_problem(seat, m, iid) is None:
            for via in vias:
                for targets, _steps, _times in variants:
                    out.append(made(UseFate, iid, via, targets))
        return out

    def god_allowances(self, seat: int) -> list[int]:
        """OP-62: each own god leader grants one fate use per turn; ``grant_fate_use`` grants more, named by
        its source (spec 6.4: "like MIT-8.god")."""
        p = self.players[seat]
        gods = [i for i in self.row_leaders(seat) if "god" in self.subtypes(self.cards[i])]
        out = [i for i in gods if i not in p.allowances]
        for src, n in self.fate_grants(seat):
            if p.allowances.count(src) < n + (src in gods) and src not in out:
                out.append(src)
        return out

    def fate_grants(self, seat: int) -> list[tuple[int, int]]:
        """(source, uses per turn) of the fate uses granted to ``seat``: statics on the board and effects."""
        grants: dict[int, int] = {}
        if "grant_fate_use" not in self.prims:
            return []
        for src, ctrl, params in self.statics_of("grant_fate_use"):
            if seat in self.static_players(params.player, ctrl, src):
                grants[src] = grants.get(src, 0) + params.n
        for e in self.effects:
            if e.kind == "grant_fate_use" and e.value[0] == seat:
                grants[e.source] = grants.get(e.source, 0) + e.value[1]
        return sorted(grants.items())

    def _variants(self, seat: int, m, card: int, user: int, free: bool) -> list:
        """Every (targets, steps, times) the maneuver may be announced with."""
        if m is None:
            return [((), None, None)]
        info = _INFO.get(id(m)) or minfo(m)
        if not info.nsteps and not info.per:  # the common case: one cost, no steps, no slash
            if not self.can_pay(seat, self.maneuver_cost(m, None, None, free, card)):
                return []
            return [(targets, None, None) for targets in self.target_options(seat, m, card, user)]
        step_counts = range(1, info.nsteps + 1) if info.nsteps else (None,)
        times_list = range(1, 10) if info.per else (None,)
        out = []
        target_sets = None  # computed only once some cost can be paid
        for steps in step_counts:
            for times in times_list:
                cost = self.maneuver_cost(m, steps, times, free, card)
                if not self.can_pay(seat, cost):
                    if times is not None:
                        break
                    continue
                if target_sets is None:
                    target_sets = self.target_options(seat, m, card, user)
                    if not target_sets:
                        return out
                for targets in target_sets:
                    out.append((targets, steps, times))
        return out

    def target_options(self, seat: int, m, card: int, user: int) -> list[tuple]:
        info = _INFO.get(id(m)) or minfo(m)
        names = info.names
        if not names:
            if info.keyword:  # MIT-7.2.5: a volley or a poison hits one creature, chosen now (OP-29)
                return [(t,) for t in self.keyword_targets(seat, m, card, user) or ()]
            return [()]
        # kept as the candidates are (``target_candidates``: their keys, the same places)
        fight = self.fight
        cache = self.cache() if info.steady else self.decision_cache()
        key = ("to", seat, id(m), card, user, self.piles,
               (fight.members_version, fight.stage == "rounds") if fight is not None else None)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = self._target_options(seat, m, card, user, names)
        return hit

    def _target_options(self, seat: int, m, card: int, user: int, names: tuple) -> list[tuple]:
        keys = self.effect_keys(card, m, user)
        targets = m.targets
        if len(names) == 1:
            sel = targets[names[0]]
            if not sel.count or sel.count == 1:  # the common case: one target, chosen among the candidates
                return [(c,) for c in self.target_candidates(seat, sel, keys, card, user)]
        per_name = []
        for n in names:
            sel = targets[n]
            cands = self.target_candidates(seat, sel, keys, card, user)
            count = sel.count or 1
            if isinstance(count, str):
                k = int(count.split()[1])
                sizes = range(1, min(k, len(cands)) + 1)
            else:
                sizes = [count] if len(cands) >= count else []
            options = [c for size in sizes for c in combinations(cands, size)]
            if not options:
                return []
            per_name.append(options)
        out = [()]
        for options in per_name:
            out = [prev + opt for prev in out for opt in options]
        return out

    def target_candidates(self, seat: int, sel, keys, card: int, user: int) -> list[int]:
        f = sel.filter
        # on the board or in the public piles, a filter that reads neither rotation nor levels holds until a
        # card moves (every move there drops the cache)
        steady = f is not None and f.zone in (None, "board", "afterworld", "oblivion") and f.rotated is None \
            and f.level is None
        cache = self.cache() if steady else self.decision_cache()
        fight = self.fight
        key = ("tc", seat, id(sel), keys, card, user, self.piles,
               (fight.members_version, fight.stage == "rounds") if fight is not None else None)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = self._target_candidates(seat, sel, keys, card, user)
        return hit

    def _target_candidates(self, seat: int, sel, keys, card: int, user: int) -> list[int]:
        f = sel.filter
        if f is not None and f.zone == "stack":
            return [STACK_ID_BASE + it.sid for it in self.stack if self.matches_item(it, f, seat)]
        source_is_god = card >= 0 and self.cards[card].d.card_type == "high_god"
        refs = {"$self": card, "$user": user}
        out = []
        zone = (f.zone if f is not None else None) or "board"
        if zone == "board":
            pool = self.board_insts()
        elif zone in ("hand", "deck"):  # spec 8.3: another player's hidden cards are never offered
            pool = [self.cards[i] for i in getattr(self.players[seat], zone)]
        elif zone in ("afterworld", "oblivion"):
            whose = [self.players[seat]] if f.owner == "self" else self.players
            pool = [self.cards[i] for p in whose for i in getattr(p, zone)]
        else:
            pool = self.cards
        if zone == "board" and self.in_rounds() and self.opts["fight_effect_scope"] == "strict":
            scope = self.fight_cards()  # OP-44: a fight's effects reach only the fight
            pool = [i for i in pool if i.iid in scope]
        # the filter's side first, read here as ``matches`` reads it (most filters name one): a card of the other
        # side is no candidate
        side = f.controller if f is not None and f.controller and f.controller != "any" else None
        mine = side == "self"
        for inst in pool:
            if inst.zone != zone:
                continue
            if side is not None and ((inst.controller if zone == "board" else inst.owner) == seat) != mine:
                continue
            if self.matches(inst, f, seat, refs, source_is_god=source_is_god) and not self.immune(inst, keys, seat):
                if "steal" in keys and not self.stealable(inst):
                    continue
                out.append(inst.iid)
        return out

    def stealable(self, inst) -> bool:
        """MIT-5.2.c, OP-30; army leaders in a fight and monsters fighting as supplies (MIT-8.monster.4) neither."""
        if self.fight is not None and (inst.iid in self.fight.leaders or inst.iid in self.fight.supplies):
            return False
        if inst.d.card_type in ("item", "location"):
            return True  # MIT-5.2.d: re-attached by the thief, for good
        return inst.d.card_type not in ("free_maneuver", "fate", "high_god") and inst.host < 0

    def effect_keys(self, card: int, m, user: int) -> frozenset:
        """What the maneuver's effect is, for immunity (MIT-5.12, OP-34): its card's types, its subtypes,
        its user's types (MIT-4.4), its primitives."""
        if card >= 0 and not self.retyping() and not self._fights_as_supply(card) \
                and not self._fights_as_supply(user):
            # then only definitions decide (no effect changes a type or subtypes): kept on the card's definition
            known = self.cards[card].d.effect_keys
            key = (id(m), self.cards[user].d if user >= 0 else None)
            hit = known.get(key)
            if hit is None:
                hit = known[key] = self._effect_keys(card, m, user)
            return hit
        cache = self.cache()
        key = ("keys", card, id(m), user)
        hit = cache.get(key)
        if hit is None:
            hit = cache[key] = self._effect_keys(card, m, user)
        return hit

    def _effect_keys(self, card: int, m, user: int) -> frozenset:
        keys = set(m.subtypes) if m is not None else set()
        if card >= 0:
            d = self.cards[card].d
            keys.add(self.card_type(self.cards[card]))  # MIT-5.16: the type it has now
            keys.update(d.subtypes)
        if user >= 0:
            keys.update(self.subtypes(self.cards[user]))
            keys.add(self.card_type(self.cards[user]))
        if m is not None:
            keys.update(primitives_of(m))
        return frozenset(keys)

    def _fights_as_supply(self, iid: int) -> bool:
        """A leader card fighting as a supply (a monster, a mount): its card type is not its printed one."""
        f = self.fight
        return f is not None and iid >= 0 and iid in f.supplies and self.cards[iid].d.card_type == "leader"

    def maneuver_cost(self, m, steps, times, free: bool, card: int = -1) -> tuple:
        if m is None:
            return (0, 0, 0, 0)
        info = _INFO.get(id(m)) or minfo(m)
        if free:
            cost = (0, 0, 0, 0)  # MIT-3.9.h
        elif steps and info.nsteps:  # the first ``steps`` steps (MIT-4.2.6.d)
            cost = info.step_costs[steps if 0 < steps <= info.nsteps else len(m.steps[:steps])]
        else:
            cost = info.step_costs[0]
        pay = info.per_pay
        if pay is not None and times:
            paid = times - 1 if free else times  # MIT-4.2.6.e: one repetition free for a free maneuver
            cost = (cost[0] + pay[0] * paid, cost[1] + pay[1] * paid, cost[2] + pay[2] * paid,
                    cost[3] + pay[3] * paid)
        if card >= 0 and not free and "modify_cost" in self.prims:  # it matches the card whose maneuver it is
            return self.changed_cost(card, cost, "usage")
        return cost

    # -- checks ------------------------------------------------------------------------------------
    def _in_hand(self, seat: int, iid: int, what: str) -> Bad | None:
        if not isinstance(iid, int) or not 0 <= iid < len(self.cards) or self.cards[iid].zone != "hand" \
                or self.cards[iid].owner != seat:
            return ("MIT-1.5.1.a", said(N_("card {iid} is not in your hand; {what} from your hand"), iid=iid, what=Said(what)))
        return None

    def _window_only(self, counter: bool, what: str) -> Bad | None:
        if counter:
            return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used, not {what} (OP-23)"),
                                   what=Said(what)))
        if self.phase == "battle":
            return ("MIT-7.2.1.b", said(N_("in the battle phase only a fight may be declared, or pass (OP-39)")))
        return None

    def check_place_nation(self, seat: int, a: PlaceNation, counter: bool = False) -> Bad | None:
        bad = self._in_hand(seat, a.card, N_("place a nation")) or self._nation_card_problem(seat, a.card, counter)
        return bad or self._nation_cell_problem(seat, self.cards[a.card].d, a.x, a.y)

    def _nation_card_problem(self, seat: int, iid: int, counter: bool) -> Bad | None:
        d = self.cards[iid].d
        if d.card_type != "nation":
            return ("MIT-3.2.1.j", said(N_("{card} is a {type}, not a nation"), card=d, type=kept(CARD_TYPE_WORDS, d.card_type)))
        bad = self._window_only(counter, N_("placing a nation"))
        if bad:
            return bad
        p = self.players[seat]
        if seat != self.active or self.phase not in SUMMON_PHASES:
            return ("MIT-6.2.3.1", said(N_("a nation is put onto the board only in its player's summon phase")))
        if p.nation_placed:
            return ("MIT-3.2.1.e", said(N_("one nation per turn: you have already put a nation onto the board this turn")))
        copies = self._grid_copies(seat).get(d.id, 0)
        if self.stack:
            copies += sum(1 for it in self.stack if it.kind == "nation" and self.cards[it.card].d.id == d.id)
        if copies >= len(d.roads):
            return ("MIT-3.2.1.g", said(N_("{copies} {card} already on the board, as many as its roads ({n}): no more copies may be played"), copies=copies, card=d, n=len(d.roads)))
        return None

    def _grid_copies(self, seat: int) -> dict:
        """Nation card id -> copies in the grids that the copy limit counts (OP-13); kept with the layout's facts
        (the grids change only as nations enter or leave the board)."""
        cache = self.layout_facts()
        key = ("grid_copies", seat)
        hit = cache.get(key)
        if hit is None:
            scope = self.players if self.opts["nation_copy_scope"] == "board" else [self.players[seat]]
            hit = cache[key] = {}
            for q in scope:
                for i in q.grid.values():
                    cid = self.cards[i].d.id
                    hit[cid] = hit.get(cid, 0) + 1
        return hit

    def _nation_cell_problem(self, seat: int, d, x: int, y: int, explain: bool = True) -> Bad | None:
        """OP-12: the first nation at (0, 0); later ones beside the empire with a facing road pair. The legal-action
        list asks without ``explain`` (a refusal then carries no words)."""
        cell = (x, y)
        grid = self.players[seat].grid
        if not grid:
            if cell != (0, 0):
                return ("MIT-3.2.1.b", said(N_("your first nation goes to the cell (0, 0) (OP-12)")))
            return None
        if cell in grid:
            return ("MIT-3.2.1.f", said(N_("a nation already stands at ({x}, {y})"), x=x, y=y)) if explain else FAIL
        neighbours = [(r, grid[(x + dx, y + dy)]) for r, (dx, dy) in ROAD_OFFSET.items()
                      if (x + dx, y + dy) in grid]
        if not neighbours:
            return ("MIT-3.2.1.b", said(N_("({x}, {y}) does not touch your empire by a side; a new nation must join the empire (corner contact is not enough)"), x=x, y=y)) if explain else FAIL
        matches = [r in d.roads and OPPOSITE[r] in self.cards[m].d.roads for r, m in neighbours]
        if self.opts["nation_placement_rule"] == "all_shared_edges_match":
            for r, m in neighbours:
                if (r in d.roads) != (OPPOSITE[r] in self.cards[m].d.roads):
                    return ("MIT-3.2.1.c", said(N_("the {road} edge of {card} and the facing edge of {other} do not match (every shared edge "
                                             "must)"), road=kept(ROAD_NAMES, r), card=d, other=self.cards[m].d)) \
                        if explain else FAIL
        if not any(matches):
            return ("MIT-3.2.1.c", said(N_("no road of {card} at ({x}, {y}) faces a road of a neighbouring nation"), card=d, x=x, y=y)) \
                if explain else FAIL
        return None

    def check_summon(self, seat: int, a: Summon, counter: bool = False) -> Bad | None:
        if a.row is None and (bad := self._in_hand(seat, a.card, N_("summon a card"))):
            return bad
        if self._is_supply_play(a):
            return self._window_only_fight(counter) or self.check_supply(seat, a)
        bad = self._summon_card_problem(seat, a.card, counter)
        if bad:
            return bad
        inst = self.cards[a.card]
        d = inst.d
        bad = self._host_problem(seat, inst, a.host)
        if bad:
            return bad
        cost = list(self.summon_cost(a.card, a.host))
        bad = self.substitution_problem(seat, a.card, cost, a.pay_from, a.pay_for)
        if bad:
            return bad
        if not self.can_pay(seat, cost):
            return ("MIT-6.3.3", said(N_("{card} costs {cost}; your spheres hold {spheres}"), card=d, cost=spheres_text(cost),
                                   spheres="/".join(map(str, self.players[seat].spheres))))
        return None

    def _summon_card_problem(self, seat: int, iid: int, counter: bool) -> Bad | None:
        """The checks of a summon that do not depend on where the card goes or how it is paid."""
        d = self.cards[iid].d
        t = d.card_type
        if t == "nation":
            return ("MIT-3.2.1.j", said(N_("a nation is not summoned: place it (place_nation)")))
        if t in ("high_god", "free_maneuver", "fate"):
            rule = {"high_god": "MIT-6.3.8.b", "free_maneuver": "MIT-3.9.d", "fate": "MIT-3.7.c"}[t]
            return (rule, said(N_("a {type} need not and cannot be summoned"), type=kept(CARD_TYPE_WORDS, t)))
        if t == "supply":
            return ("MIT-3.8.a", said(N_("a supply can only be summoned into a battle")))
        bad = self._window_only(counter, N_("summoning"))
        if bad:
            return bad
        if t != "intrigue" and (seat != self.active or self.phase not in SUMMON_PHASES):
            return ("MIT-6.2.3.1", said(N_("a {type} is summoned only in its player's summon phase"), type=kept(CARD_TYPE_WORDS, t)))
        if d.unique and self._unique_on_board(d):
            return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
        if t == "leader" and (self.turn, seat, d.id) in self.refusals:
            return ("MIT-3.4.3.c", said(N_("{card} is another player's high god, and that player refused to let you summon it this turn"), card=d))
        return None

    def god_owner(self, seat: int, iid: int) -> int | None:
        """MIT-3.4.3.c: the other player whose high god this leader is, if any."""
        d = self.cards[iid].d
        if d.card_type != "leader":
            return None
        return next((o for o in self.opponents(seat) if d.name == self.god_name(o)), None)

    def _unique_on_board(self, d) -> bool:
        return any(i.d.id == d.id for i in self.board_insts()) or \
            any(self.cards[it.card].d.id == d.id for it in self.stack if it.card >= 0)

    def _host_problem(self, seat: int, inst, host) -> Bad | None:
        d = inst.d
        t = d.card_type
        if t in ("leader", "intrigue"):
            return ("MIT-3.5.a", said(N_("a {type} is not attached to a card"), type=kept(CARD_TYPE_WORDS, t))) if host is not None else None
        if host is None or not isinstance(host, int) or not 0 <= host < len(self.cards) \
                or self.cards[host].zone != "board":
            if t == "item":
                return ("MIT-3.5.a", said(N_("name an own leader on the board to attach {card} to"), card=d))
            return ("MIT-3.3.a", said(N_("name an own nation on the board to attach {card} to"), card=d))
        h = self.cards[host]
        if t == "item":
            if self.card_type(h) != "leader" or host not in self.players[h.controller].leaders:
                return ("MIT-3.5.a", said(N_("an item is attached to a leader in a leader row")))
            if h.controller != seat and not d.cursed:
                return ("MIT-2.4.c", said(N_("only a cursed item may be attached to an enemy leader")))
            others = [a.d for a in self.attached(host)]
            for sub in ("weapon", "armor"):
                if sub in d.subtypes and any(sub in o.subtypes for o in others):
                    return (f"MIT-8.{sub}", said(N_("{host} already carries a {subtype}: at most one per leader"), host=h.d,
                                                        subtype=kept(SUBTYPE_WORDS, sub)))
            if "relic" in d.subtypes and d.mythology != h.d.mythology and "kharenian" not in (d.mythology,
                                                                                            h.d.mythology):
                return ("MIT-8.relic", said(N_("a relic goes only on a leader of its mythology ({mythology}), unless one of them is Kharenian"), mythology=d.mythology))
            return None
        # a location
        if h.controller != seat and not d.cursed:
            return ("MIT-3.3.a", said(N_("a location is attached to an own nation (only a cursed one also to an enemy's, MIT-2.4.c)")))
        if h.d.card_type == "nation":
            if any(self.cards[x].d.card_type == "location" for x in self.attachments(host)):
                return ("MIT-3.3.a", said(N_("{host} already has a location: one location per nation"), host=h.d))
            return None
        if h.d.card_type == "location" and "region" in h.d.subtypes:
            if "building" not in d.subtypes:
                return ("MIT-8.region.a", said(N_("only a building may be attached to a region")))
            if any("building" in self.cards[x].d.subtypes for x in self.attachments(host)):
                return ("MIT-8.building.a", said(N_("{host} already has a building: at most one per region"), host=h.d))
            return None
        return ("MIT-3.3.a", said(N_("a location is attached to a nation (a building also to a region)")))

    def _is_supply_play(self, a) -> bool:
        """A supply into a fight: a row given, or a supply card. A card not in one's hand is refused by
        ``_in_hand`` before this is asked (without a row), so the answer never depends on a hidden card's type."""
        return a.row is not None or (isinstance(a.card, int) and 0 <= a.card < len(self.cards)
                                     and self.cards[a.card].d.card_type == "supply")

    def _window_only_fight(self, counter: bool) -> Bad | None:
        if counter:
            return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used, not a supply (OP-23)")))
        return None

    def check_unsummoned(self, seat: int, a: PlayUnsummoned, counter: bool = False) -> Bad | None:
        if a.row is None and (bad := self._in_hand(seat, a.card, N_("play a card"))):
            return bad
        if self._is_supply_play(a):
            return self._window_only_fight(counter) or self.check_supply(seat, a)
        inst = self.cards[a.card]
        d = inst.d
        bad = self._window_only(counter, N_("playing a card"))
        if bad:
            return bad
        if d.card_type != "item":
            rule = "MIT-3.8.f" if d.card_type == "supply" else "MIT-6.3.8.a"
            return (rule, said(N_("{card} cannot be played without summoning here"), card=d))
        if d.unique and self._unique_on_board(d):
            return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
        bad = self._host_problem(seat, inst, a.host)
        if bad:
            return bad
        if not linked(d, self.cards[a.host].d):
            return ("MIT-3.5.d", said(N_("{card} is not linked to {host}: it must be summoned"), card=d, host=self.cards[a.host].d))
        return None

    def _maneuver_gate(self, seat: int, user, m, counter: bool, card: int | None = None,
                       explain: bool = True) -> Bad | None:
        """The checks on the user and the moment, shared by bound and free maneuvers and fates. The legal-action
        list asks without ``explain`` (a refusal then carries no words: it is thrown away)."""
        info = (_INFO.get(id(m)) or minfo(m)) if m is not None else IMPLICIT
        if counter and info.normal:
            return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used (OP-23)")))
        if info.timing:  # the timing marker first: it names the more specific rule (S-13)
            bad = self._timing_problem(seat, info)
            if bad:
                return bad
        if not counter and self.phase == "battle":
            bad = self.fight_scope_problem(seat, user, m)
            if bad:
                return bad
        if info.stack_only and not self.stack:
            return ("MIT-4.6.1", said(N_("the maneuver targets something on the stack, and the stack is empty")))
        if user is None:
            return None
        if not explain:
            return self._user_gate(seat, user, info, card)
        if user.dormant is not None:
            return ("MIT-5.15", said(N_("{user} is dormant: it cannot act until it wakes (OP-35)"), user=user.d)) if explain else FAIL
        if self.effects and self.neutralized(user):
            return ("MIT-5.5", said(N_("{user}'s ability is neutralized: it cannot use maneuvers"), user=user.d)) if explain else FAIL
        if self.restricted(user, "cannot_use_maneuvers"):
            return ("MIT-5.5", said(N_("{user} cannot use maneuvers now"), user=user.d)) if explain else FAIL
        mid = info.mid
        if card is None and user.blocked and mid in user.blocked:
            return ("MIT-4.1.e", said(N_("this maneuver of {user} was neutralized this turn: it cannot be used again until the start of the next turn"), user=user.d)) if explain else FAIL
        if not info.permanent:
            # MIT-5.16: a card rotates, or not, as the type it has now
            t = self.card_type(user) if self.effects or self.fight is not None else user.d.card_type
            if t == "high_god":
                if card is None and user.uses and user.uses.get(mid):
                    return ("MIT-4.5", said(N_("{user} has used this maneuver this turn"), user=user.d)) if explain else FAIL
            elif t in NON_ROTATING:
                if user.spent:
                    return ("MIT-4.5", said(N_("{user} has used a maneuver this turn and cannot use more (OP-28)"), user=user.d)) if explain else FAIL
            elif user.rotated:
                return ("MIT-3.4.1.a", said(N_("{user} is rotated: only permanent maneuvers may be used by it"), user=user.d)) if explain else FAIL
        elif info.per_turn and card is None:
            if user.uses and user.uses.get(mid, 0) >= info.per_turn:
                return ("MIT-4.2.6.a", said(N_("this maneuver of {user} may be used {per_turn} times per turn"), user=user.d, per_turn=info.per_turn)) if explain else FAIL
        if info.sacrifice_user:
            if self.is_cursed(user):
                return ("MIT-2.4.b", said(N_("{user} is cursed and cannot be sacrificed"), user=user.d)) if explain else FAIL
            if user.d.card_type == "high_god":
                return ("MIT-3.1.f", said(N_("the high god cannot be sacrificed")))
        return None

    def _user_gate(self, seat: int, user, info: MInfo, card: int | None) -> Bad | None:
        """The user's checks of ``_maneuver_gate`` for the legal-action list: the same checks (any one failing
        refuses), the card's own marks first and the effects and statics last, which cost the most to read."""
        if not self._user_may(seat, user, info, card) or not self._user_free_of_effects(user):
            return FAIL
        return None

    def _user_may(self, seat: int, user, info: MInfo, card: int | None) -> bool:
        """The user's own marks allow the maneuver (the cheap half of ``_user_gate``)."""
        if user.dormant is not None:
            return False  # MIT-5.15
        mid = info.mid
        if card is None and user.blocked and mid in user.blocked:
            return False  # MIT-4.1.e
        if not info.permanent:
            t = self.card_type(user) if self.effects or self.fight is not None else user.d.card_type  # MIT-5.16
            if t == "high_god":
                if card is None and user.uses and user.uses.get(mid):
                    return False  # MIT-4.5
            elif t in NON_ROTATING:
                if user.spent:
                    return False  # MIT-4.5, OP-28
            elif user.rotated:
                return False  # MIT-3.4.1.a
        elif info.per_turn and card is None:
            if user.uses and user.uses.get(mid, 0) >= info.per_turn:
                return False  # MIT-4.2.6.a
        if info.sacrifice_user and (self.is_cursed(user) or user.d.card_type == "high_god"):
            return False  # MIT-2.4.b, MIT-3.1.f
        return True

    def _user_free_of_effects(self, user) -> bool:
        """No effect or static keeps the user from using maneuvers (the costly half of ``_user_gate``)."""
        if self.effects and self.neutralized(user):
            return False  # MIT-5.5
        return not self.restricted(user, "cannot_use_maneuvers")  # MIT-5.5

    def timing_problem(self, seat: int, m) -> Bad | None:
        if m is None or not m.timing:
            return None
        return self._timing_problem(seat, _INFO.get(id(m)) or minfo(m))

    def _timing_problem(self, seat: int, info: MInfo) -> Bad | None:
        if info.action and seat != self.active:
            return ("MIT-4.2.1.a", said(N_("an action maneuver is used only in its player's turn")))
        if info.reaction and seat == self.active:
            return ("MIT-4.2.1.b", said(N_("a reaction maneuver is not used in its player's own turn")))
        if info.rite and self.phase == "battle":
            return ("MIT-4.2.1.c", said(N_("a rite maneuver is not used in a battle phase")))
        if info.battle and not self.in_rounds():
            return ("MIT-4.2.1.d", said(N_("a battle maneuver is used only in a fight of the battle phase")))
        return None

    def _params_problem(self, seat: int, m, card: int, user: int, targets, steps, times, free: bool) -> Bad | None:
        if m is None:
            if targets or steps is not None or times is not None:
                return ("MIT-4.6.2.2", said(N_("sacrificing the card takes no targets, steps or repetitions")))
            return None
        if m.steps:
            if steps is None or not 1 <= steps <= len(m.steps):
                return ("MIT-4.2.6.d", said(N_("say how many steps you use: 1 to {n}"), n=len(m.steps)))
        elif steps is not None:
            return ("MIT-4.2.6.d", said(N_("this maneuver has no steps")))
        if m.per is not None:
            if times is None or not 1 <= times <= 9:
                return ("MIT-4.2.6.e", said(N_("say how many times you fulfil the requirement after the slash: 1 to 9")))
        elif times is not None:
            return ("MIT-4.2.6.e", said(N_("this maneuver has no slash: it is used once")))
        cost = self.maneuver_cost(m, steps, times, free, card)
        if not self.can_pay(seat, cost):
            return ("MIT-4.2.2", said(N_("the usage cost is {cost}; your spheres hold {spheres}"), cost=spheres_text(cost),
                                 spheres="/".join(map(str, self.players[seat].spheres))))
        if tuple(targets) not in self.target_options(seat, m, card, user):
            return ("MIT-4.6.1", said(N_("those targets are not allowed for this maneuver (OP-29)")))
        return self._conditions_problem(seat, m, card)

    def _conditions_problem(self, seat: int, m, card: int) -> Bad | None:
        """MIT-5.11: a sacrifice, discard or state requirement of the maneuver must be met."""
        for c in m.conditions:
            kind = type(c).__name__
            if kind == "SacrificeCondition":
                p = c.sacrifice
                n = sum(1 for i in self.cards if self.matches(i, p.filter, seat, {}) and i.controller == seat
                        and not self.is_cursed(i))
                if n < p.n:
                    return ("MIT-5.11", said(N_("the maneuver needs a card to sacrifice, and you have none that fits")))
            elif kind == "DiscardCondition":
                f = c.discard.filter
                fitting = [i for i in self.players[seat].hand if i != card
                           and (f is None or self.matches(self.cards[i], _at_zone(f, "hand"), seat, {}))]
                if len(fitting) < c.discard.n:
                    return ("MIT-5.11", said(N_("the maneuver needs {n} card(s) to discard"), n=c.discard.n))
            elif kind == "RequiresCondition":
                r = c.requires
                count = sum(1 for i in self.cards if self.matches(i, r.count.filter, seat, {}))
                if not self.compare(count, r, {}, None):
                    return ("MIT-5.11", said(N_("the maneuver's requirement is not met")))
        return None

    # -- an attached rune, its host's bound maneuver (MIT-3.9.i, OP-60) ------------------------------------
    def _rune_options(self, seat: int, rune, counter: bool) -> list:
        out = []
        host = rune.host
        for m in rune.d.options or rune.d.maneuvers:
            for targets, steps, times in self._variants(seat, m, rune.iid, host, free=False):
                a = made(UseManeuver, rune.iid, m.id, targets, steps, times)
                if targets == (host,) and self._rune_use_problem(seat, a, counter) is None:
                    out.append(a)
        return out

    def _rune_use_problem(self, seat: int, a, counter: bool) -> Bad | None:
        """OP-60: the card a rune is attached to uses it as its own bound maneuver (it rotates, MIT-4.6.3), and
        the effect applies only to that card."""
        rune = self.cards[a.card]
        host = self.cards[rune.host]
        if rune.controller != seat or host.controller != seat:
            return ("MIT-3.9.i", said(N_("{rune} is used by {host}, the card it is attached to, for that card's player"), rune=rune.d, host=host.d))
        m = rune.d.maneuver(a.maneuver)
        if m is None:
            return ("MIT-4.6.2.2", said(N_("{rune} has no maneuver {maneuver} to use"), rune=rune.d, maneuver=repr(a.maneuver)))
        if tuple(a.targets) != (host.iid,):
            return ("OP-60", said(N_("an attached rune's effect applies only to {host}, the card it is attached to"), host=host.d))
        bad = self._maneuver_gate(seat, host, m, counter, card=rune.iid)
        if bad:
            return bad
        return self._params_problem(seat, m, rune.iid, host.iid, a.targets, a.steps, a.times, False)

    def check_maneuver(self, seat: int, a: UseManeuver, counter: bool) -> Bad | None:
        if isinstance(a.card, int) and 0 <= a.card < len(self.cards) \
                and self.cards[a.card].d.card_type in ("free_maneuver", "fate"):
            if self.rune_host(self.cards[a.card]) >= 0:
                return self._rune_use_problem(seat, a, counter)
            return ("MIT-4.6.2.1", said(N_("{card} is used from the hand; on the board it only lasts"), card=self.cards[a.card].d))
        if a.maneuver == SACRIFICE and isinstance(a.card, int) and 0 <= a.card < len(self.cards) \
                and self.cards[a.card].zone == "board" and self.is_cursed(self.cards[a.card]):
            return ("MIT-2.4.b", said(N_("{card} is cursed and cannot be sacrificed (OP-16)"), card=self.cards[a.card].d))
        if not isinstance(a.card, int) or not 0 <= a.card < len(self.cards) or self.cards[a.card].zone != "board" \
                or self.cards[a.card].controller != seat:
            return ("MIT-4.6.2.2", said(N_("name a maneuver of one of your cards on the board")))
        inst = self.cards[a.card]
        if a.maneuver == SACRIFICE and inst.d.implicit_sacrifice:
            m = None
            if inst.host < 0 or self.cards[inst.host].controller != seat:
                return ("MIT-3.5.c", said(N_("{card} may be sacrificed only while attached to your own card"), card=inst.d))
        else:
            m = next((x for x in inst.d.usable if x.id == a.maneuver), None)
            if m is None:
                return ("MIT-4.6.2.2", said(N_("{card} has no maneuver {maneuver} to use"), card=inst.d, maneuver=repr(a.maneuver)))
        bad = self._maneuver_gate(seat, inst, m, counter)
        if bad:
            return bad
        return self._params_problem(seat, m, a.card, a.card, a.targets, a.steps, a.times, False)

    def _free_user_problem(self, seat: int, iid: int, user) -> Bad | None:
        if user.dormant is not None:
            return ("MIT-5.15", said(N_("{user} is dormant: it cannot act until it wakes (OP-35)"), user=user.d))
        if user.zone == "board" and user.controller == seat and user.d.card_type not in ("nation", "location") \
                and not self.retyping():  # a nation's or location's answer depends on the fight
            # then only the two definitions decide (no effect changes the user's subtypes or type; a leader
            # fighting as a supply may use it as a leader may): kept for good
            known = self.cards[iid].d.free_users
            hit = known.get(user.d, known)
            if hit is known:
                hit = known[user.d] = self._free_user_check(seat, iid, user)
            return hit
        cache = self.cache()
        key = ("fu", iid, user.iid, seat)
        if key in cache:
            return cache[key]
        bad = cache[key] = self._free_user_check(seat, iid, user)
        return bad

    def _free_user_check(self, seat: int, iid: int, user) -> Bad | None:
        """(Its reasons are kept texts, read in each reader's language: the answer is kept with the definitions.)"""
        d = self.cards[iid].d
        ud = user.d
        if user.zone != "board" or user.controller != seat:
            return ("MIT-3.9.b", Said(N_("the user is one of your cards on the board")))
        if self.card_type(user) not in ("leader", "nation", "location", "intrigue", "item", "high_god", "supply"):
            return ("MIT-3.9.b", Said(N_("free maneuvers are used by permanent cards and supplies")))  # MIT-5.16: as it is now
        if ud.card_type == "nation" and not self.defended_here(user):
            return ("MIT-3.2.2.d", Said(N_("a nation uses a free maneuver only while it fights")))
        if ud.card_type == "location" and not self.defended_here(user):
            return ("MIT-3.3.d", Said(N_("a location uses a free maneuver only while it fights")))
        if linked(d, ud):
            return None  # MIT-3.9.h
        groups = d.requirement_groups
        if groups:
            subs = self.subtypes(user)
            if not any(g <= subs for g in groups):
                return ("MIT-3.9.c", said(N_("{user} does not meet the requirements of {card} ({requirement_text})"), user=ud, card=d,
                                          requirement_text=join((join((Said(SUBTYPE_WORDS.get(x, x)) for x in sorted(g)),
                                                                      "+") for g in d.requirement_groups), " / ")))
        return None

    def _rune_problem(self, d, user, targets, explain: bool = True) -> Bad | None:
        """MIT-8.rune, OP-60: a scribe may attach a rune it uses to the maneuver's one target card."""
        if "rune" not in d.subtypes:
            return ("MIT-8.rune", said(N_("{card} is not a rune: it cannot be attached"), card=d)) if explain else FAIL
        if "scribe" not in self.subtypes(user):
            return ("MIT-8.rune", said(N_("{user} is no scribe: only a scribe attaches a rune"), user=user.d)) if explain else FAIL
        if len(targets) != 1 or not 0 <= targets[0] < len(self.cards) or self.cards[targets[0]].zone != "board":
            return ("MIT-8.rune", said(N_("a rune is attached to the one card it targets")))
        return None

    def check_free(self, seat: int, a: UseFreeManeuver, counter: bool) -> Bad | None:
        bad = self._in_hand(seat, a.card, N_("use a free maneuver"))
        if bad:
            return bad
        d = self.cards[a.card].d
        if d.card_type != "free_maneuver":
            return ("MIT-3.9.a", said(N_("{card} is not a free maneuver"), card=d))
        m = d.maneuver(a.option)  # a free maneuver has one maneuver or its options, never both (MIT-3.9.e)
        if m is None:
            return ("MIT-3.9.e", said(N_("{card} has no option {option}"), card=d, option=repr(a.option)))
        if not isinstance(a.user, int) or not 0 <= a.user < len(self.cards):
            return ("MIT-3.9.b", said(N_("name the card that uses the maneuver")))
        user = self.cards[a.user]
        bad = self._free_user_problem(seat, a.card, user) or self._maneuver_gate(seat, user, m, counter, card=a.card)
        if bad:
            return bad
        bad = self._params_problem(seat, m, a.card, a.user, a.targets, a.steps, a.times, linked(d, user.d))
        if bad or not a.attach:
            return bad
        return self._rune_problem(d, user, tuple(a.targets))

    def check_fate(self, seat: int, a: UseFate, counter: bool) -> Bad | None:
        bad = self._in_hand(seat, a.card, N_("use a fate"))
        if bad:
            return bad
        d = self.cards[a.card].d
        if d.card_type != "fate":
            return ("MIT-3.7.a", said(N_("{card} is not a fate"), card=d))
        if a.via is None:
            if not self.god_linked(seat, a.card):
                return ("MIT-3.7.a", said(N_("{card} is not linked to your high god: a god leader must allow it (MIT-8.god)"), card=d))
        elif a.via not in self.god_allowances(seat):
            return ("MIT-8.god", said(N_("that is not one of your god leaders with an unused fate this turn (OP-62)")))
        m = d.maneuvers[0]
        bad = self._maneuver_gate(seat, None, m, counter)
        if bad:
            return bad
        return self._params_problem(seat, m, a.card, -1, a.targets, None, None, False)

    # -- announcing --------------------------------------------------------------------------------
    def announce(self, seat: int, a, permitted: bool = False, offered: bool = False) -> None:
        counter = self.mode == "counter"
        if self.mode not in ("window", "counter") or seat != self.priority:
            raise IllegalAction(self.game.info.turn_rule, _("P{priority} has the right to act now, not P{seat}", priority=self.priority, seat=seat))
        if not offered:
            check = {PlaceNation: self.check_place_nation, Summon: self.check_summon,
                     PlayUnsummoned: self.check_unsummoned, UseManeuver: self.check_maneuver,
                     UseFreeManeuver: self.check_free, UseFate: self.check_fate, DeclareBattle: self.check_declare,
                     DeclareDuel: self.check_declare, AttachMount: self.check_mount}.get(type(a))
            if check is None:
                raise IllegalAction("MIT-6.1.4.a", _("{type} answers a question; nothing is asked now", type=repr(a.type)))
            bad = check(seat, a, counter)
            if bad:
                raise IllegalAction(bad[0], shown(bad[1]))
        if isinstance(a, Summon) and not permitted:
            other = self.god_owner(seat, a.card)
            if other is not None:  # MIT-3.4.3.c: ask first; nothing is paid yet
                self.note(N_("P{seat} asks P{other} for leave to summon {card}, P{other}'s high god, as a leader (MIT-3.4.3.c)"), seat=seat, other=other, card=self.cards[a.card].d)
                self.set_prompt("permission", other, rule="MIT-3.4.3.c", options=[Said(N_("allow")), Said(N_("refuse"))], asker=seat,
                                action=a.to_json(), card=a.card)
                return
        Item = self.Item
        sid = self.next_sid
        self.next_sid += 1
        p = self.players[seat]
        if isinstance(a, AttachMount):
            item = Item(sid, "mount", seat, -1, a.mount, None, (a.host,))
            item.declared = a
            self.stack.append(item)
            self.note(N_("P{seat} attaches {mount} to {host}"), seat=seat, mount=self.cards[a.mount].d, host=self.cards[a.host].d)
            self.start_counter_round(seat, from_window=True, actor=seat)
            return
        if isinstance(a, (DeclareBattle, DeclareDuel)):
            self.fought = self.turn  # MIT-6.2.3.2.c: the battle phase's one fight
            commander = a.commander if isinstance(a, DeclareBattle) else a.challenger
            target = a.nation if isinstance(a, DeclareBattle) else a.challenged
            item = Item(sid, "fight", seat, -1, commander, None, (target,))  # no card goes on the stack
            item.declared = a
            self.stack.append(item)
            if isinstance(a, DeclareBattle):
                self.note(N_("P{seat} declares a battle: {fight}"), seat=seat, fight=self.fight_text(a))
            else:
                self.note(N_("P{seat} declares a duel: {fight}"), seat=seat, fight=self.fight_text(a))
            self.event("fight_declared", target)  # spec 6.6: the attacked nation or the challenged leader
            # OP-43.5: the defender, or the challenged leader's player, is the one affected
            self.start_counter_round(self.cards[target].controller, from_window=True, actor=seat)
            return
        if isinstance(a, (Summon, PlayUnsummoned)) and self._is_supply_play(a):
            d = self.cards[a.card].d
            cost = list(self.summon_cost(a.card))
            if isinstance(a, Summon):
                self.substitution_problem(seat, a.card, cost, a.pay_from, a.pay_for)  # MIT-3.1.g (checked)
                self.pay(seat, cost)
            self._to_stack(a.card)
            item = Item(sid, "supply", seat, a.card)
            item.row = ROW_INDEX[a.row]
            item.paid = isinstance(a, Summon)
            self.stack.append(item)
            if isinstance(a, Summon):
                self.note(N_("P{seat} summons {card} (pays {cost}) {into}"), seat=seat, card=d, cost=spheres_text(cost),
                          into=Said(ROW_INTO[a.row]))
            else:
                self.note(N_("P{seat} plays {card} without summoning {into}"), seat=seat, card=d,
                          into=Said(ROW_INTO[a.row]))
            self.start_counter_round(seat, from_window=True, actor=seat)
            return
        if isinstance(a, PlaceNation):
            p.nation_placed = True
            self._to_stack(a.card)
            item = Item(sid, "nation", seat, a.card, cell=(a.x, a.y))
            self.note(N_("P{seat} places {card} at ({x}, {y})"), seat=seat, card=self.cards[a.card].d, x=a.x, y=a.y)
        elif isinstance(a, (Summon, PlayUnsummoned)):
            d = self.cards[a.card].d
            if isinstance(a, Summon):
                cost = list(self.summon_cost(a.card, a.host))
                if a.pay_for is not None:
                    cost[SPHERE_INDEX[a.pay_for]] -= 1
                    cost[SPHERE_INDEX[a.pay_from]] += 1
                self.pay(seat, cost)  # MIT-6.3.3
                paid = spheres_text(cost)
            self._to_stack(a.card)
            item = Item(sid, "summon" if isinstance(a, Summon) else "unsummoned", seat, a.card, host=a.host
                        if a.host is not None else -1)
            host = self.cards[a.host].d if a.host is not None else None
            if isinstance(a, Summon) and host is not None:
                self.note(N_("P{seat} summons {card} (pays {cost}) onto {host}"), seat=seat, card=d, cost=paid,
                          host=host)
            elif isinstance(a, Summon):
                self.note(N_("P{seat} summons {card} (pays {cost})"), seat=seat, card=d, cost=paid)
            elif host is not None:
                self.note(N_("P{seat} plays {card} without summoning onto {host}"), seat=seat, card=d, host=host)
            else:
                self.note(N_("P{seat} plays {card} without summoning"), seat=seat, card=d)
        else:
            if isinstance(a, UseManeuver) and self.rune_host(self.cards[a.card]) >= 0:  # MIT-3.9.i, OP-60
                rune = self.cards[a.card]
                m = rune.d.maneuver(a.maneuver)
                user, card, kind, free = self.cards[rune.host], a.card, "maneuver", False
            elif isinstance(a, UseManeuver):
                inst = self.cards[a.card]
                m = None if a.maneuver == SACRIFICE else next(x for x in inst.d.usable if x.id == a.maneuver)
                user, card, kind, free = inst, a.card, "maneuver", False
            elif isinstance(a, UseFreeManeuver):
                d = self.cards[a.card].d
                m = d.maneuver(a.option)
                user, card, kind, free = self.cards[a.user], a.card, "free", linked(d, self.cards[a.user].d)
            else:
                m = self.cards[a.card].d.maneuvers[0]
                user, card, kind, free = None, a.card, "fate", False
                if a.via is not None:
                    p.allowances = p.allowances + (a.via,)
            cost = self.maneuver_cost(m, getattr(a, "steps", None), getattr(a, "times", None), free, card)
            self.pay(seat, cost)  # MIT-4.6.3
            rune_use = kind == "maneuver" and card != user.iid  # an attached rune's (MIT-3.9.i)
            if user is not None:
                self._use_up(user, m, "rune" if rune_use else kind)  # (its uses are not the host's own)
                if self.fight is not None:
                    self.first_use(user)
            if kind != "maneuver":
                self._to_stack(card)
            item = Item(sid, kind, seat, card, user.iid if user is not None else -1, m, tuple(a.targets),
                        getattr(a, "steps", None), getattr(a, "times", None), via=getattr(a, "via", None))
            item.x = getattr(a, "times", None) or 1
            item.attach = getattr(a, "attach", False) or rune_use  # OP-60: a rune's effect lasts while attached
            if any(cost):
                self.note(N_("P{seat} {use} (pays {cost})"), seat=seat, use=self.describe_use(item),
                          cost=spheres_text(cost))
            else:
                self.note(N_("P{seat} {use}"), seat=seat, use=self.describe_use(item))
            self.event("maneuver_used", user.iid if user is not None else card)  # spec 6.6: the user's, or the
            # fate's own
        self.stack.append(item)
        self.start_counter_round(self.affected(item), from_window=not counter, actor=seat)

    def _to_stack(self, iid: int) -> None:
        self.take_out(iid)
        self.cards[iid].zone = "stack"

    def _use_up(self, user, m, kind: str) -> None:
        """MIT-4.6.3: the user rotates, unless the maneuver is permanent; non-rotating users are spent (OP-28)."""
        mid = m.id if m is not None else SACRIFICE
        if kind == "maneuver":
            user.uses = dict(user.uses or {})
            user.uses[mid] = user.uses.get(mid, 0) + 1
        permanent = m is None or m.permanent is not False or (m.steps is not None and all(s.permanent for s in m.steps))
        if permanent:
            return
        t = self.card_type(user)
        if t == "high_god":
            return  # MIT-4.5: only that maneuver is used up (recorded in uses)
        if t in NON_ROTATING:
            user.spent = True
        else:
            user.rotated = True

    def affected(self, item) -> int:
        """MIT-6.4.1: the affected player answers first (affected.py: targets, else what the effect touches)."""
        return affected_player(self, item)

    def stack_item(self, target: int):
        sid = target - STACK_ID_BASE
        for it in self.stack:
            if it.sid == sid:
                return it
        return None


def sphere_vector(delta) -> tuple[int, int, int, int]:
    return (delta.magic, delta.influence, delta.wealth, delta.force)


_ZONED: dict[tuple, tuple] = {}


def _at_zone(f, zone: str):
    """The filter ``f`` for a card in ``zone`` (a cost change names what a card is, wherever it is)."""
    hit = _ZONED.get((id(f), zone))
    if hit is None:
        hit = _ZONED[(id(f), zone)] = (f.model_copy(update={"zone": zone}), f)  # f kept: its id stays valid
    return hit[0]
