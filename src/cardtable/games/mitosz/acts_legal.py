"""The legal-action list (spec 8.1): every candidate act the checks accept, looked for only where one may be
(the hand's cards worth a look, the board's cards with something to announce), kept with the facts it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import PlaceNation, Summon, made
from .acts_info import _bound_plan
from .modes import SUMMON_PHASES
from .flow.phases import SPHERE_NAMES
from .modes import BATTLE
from .acts_costs import costs_lowered, summon_cost
from .acts_options import _bound_options, _fate_options, _free_options
from .acts_summon import (_host_problem, _nation_card_problem, _nation_cells_for, _summon_card_problem,
                          _unsummoned_options, god_linked, item_hosts, location_hosts)
from .fights.declaring import fight_declarations
from .fights.members import defended_here, fight_players, in_rounds
from .fights.mounts import mount_options, mount_window
from .fights.supplies import supply_options
from .levels.board import board_insts, layout_facts, rune_host
from . import upcalls as _up

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from cardtable.engine import Action

    from .cards import CardDef
    from .state import Inst, MitoszState


def _hand_looks(d: CardDef, role: str, fighting: bool, own_turn_summon: bool) -> bool:
    """Is a card of definition ``d`` in the hand worth a look for the legal-action list, for a player in ``role``
    (in a fight's rounds also as a fighter) in or out of an own summon phase? Read from the definition alone."""
    if role not in d.hand_roles and not (fighting and "fight" in d.hand_roles):
        return False
    if not own_turn_summon:  # outside one's summon phases only intrigues and linked items are played
        return d.card_type not in ("nation", "leader", "location") and (d.card_type != "item" or bool(d.partners))
    return True


def legal_acts(self: MitoszState, seat: int, counter: bool) -> list[Action]:
    p = self.players[seat]
    cards = self.cards
    cache = self.statics_cache
    if cache is None:
        cache = self.statics_cache = {}
    memo = self.legal_memo
    if memo is None:
        memo = self.legal_memo = {}
    if counter:  # OP-23: only counter and locked effects; most of the time there are none
        hand: Sequence[int]
        hand = tuple(p.hand)
        hit = memo.get(("quick_hand", seat))
        if hit is not None and hit[0] == hand:
            hand = hit[1]
        else:
            key: tuple[Any, ...] = hand
            hand = [i for i in key if cards[i].d.quick]
            if len(hand) > 1:
                hand = _up.distinct(self, hand)
            memo[("quick_hand", seat)] = (key, hand)
        layout = layout_facts(self)
        mine_active = layout.get(("quick", seat))
        if mine_active is None:
            mine_active = layout[("quick", seat)] = [i for i in _mine(self, seat) if i.d.quick]
        if not hand and not mine_active:
            return []
        return _acts_of(self, seat, True, [], hand, mine_active, False, False, 0, cache)
    out: list[Action] = []
    phase = self.phase
    if phase is BATTLE:
        if self.fight is None:
            return fight_declarations(self, seat)  # OP-39: before a fight only declaring one is open
        if not in_rounds(self) or seat not in fight_players(self):
            return out
        out = supply_options(self, seat)
    spheres = p.spheres
    total = spheres[0] + spheres[1] + spheres[2] + spheres[3]
    active = seat == self.active
    role = "active" if active else "other"
    own_turn_summon = active and phase in SUMMON_PHASES
    # in a fight's rounds battle maneuvers are open to either side (MIT-4.2.1.d)
    fighting = phase is BATTLE
    roles = (role, "fight") if fighting else (role,)
    cheaper = "modify_cost" in self.prims and costs_lowered(self)  # spec 6.4 modify_cost: then the printed
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
    layout = layout_facts(self)
    hit = layout.get(key)
    if hit is None:  # the cards with something to announce in this role (whatever the spheres hold)
        hit = [i for i in _mine(self, seat) if (role in i.d.board_roles or fighting and "fight" in i.d.board_roles)
               and _may_have_bound(self, seat, i, active, fighting)]
        hit = layout[key] = [hit, None, None]
    if cheaper:
        mine_active = hit[0]
    elif hit[1] == total:
        mine_active = hit[2]
    else:  # … and of them the cards whose cheapest use the spheres can pay
        mine_active = hit[2] = [i for i in hit[0] if i.d.board_spend <= total]
        hit[1] = total
    if not hand and not mine_active and not (len(p.leaders) > 1 and mount_window(self, seat)):
        return out  # nothing to look at (``_acts_of`` would add nothing)
    return _acts_of(self, seat, False, out, hand, mine_active, own_turn_summon, cheaper, total, cache)


def _mine(self: MitoszState, seat: int) -> list[Inst]:
    """The cards on the board that ``seat`` controls (kept with the layout's facts)."""
    cache = self.layout
    if cache is None:
        cache = self.layout = {}
    mines: list[list[Inst]] | None = cache.get("mine")
    if mines is None:  # every player's at once: one pass over the board
        mines = cache["mine"] = [[] for _ in range(self.n)]
        for i in board_insts(self):
            mines[i.controller].append(i)
    return mines[seat]


def _may_have_bound(self: MitoszState, seat: int, inst: Inst, active: bool, battle_phase: bool) -> bool:
    """Outside counter rounds, may ``inst`` offer a bound maneuver at all? What ``_bound_options`` refuses by
    the layout alone (sleep, hosts, controllers) and the card's definition, so the answer is kept with the
    layout's facts."""
    d = inst.d
    if inst.dormant is not None or d.card_type in ("free_maneuver", "fate"):
        return rune_host(self, inst) >= 0  # an attached rune is its host's bound maneuver (MIT-3.9.i)
    plan = d.plans.get((False, active, battle_phase))
    if plan is None:
        plan = d.plans[(False, active, battle_phase)] = _bound_plan(d, False, active, battle_phase)
    return bool(plan) or (d.implicit_sacrifice and inst.host >= 0
                          and self.cards[inst.host].controller == seat)


def _acts_of(self: MitoszState, seat: int, counter: bool, out: list[Action], hand: Sequence[int],
             mine_active: Sequence[Inst], own_turn_summon: bool, cheaper: bool, total: int,
             cache: dict[Any, Any]) -> list[Action]:
    """The acts of the hand's cards worth a look and of the board's (``legal_acts``), after ``out``."""
    p = self.players[seat]
    cards = self.cards
    spheres = p.spheres
    users = None
    hosts: Sequence[int | None]
    short: Sequence[int]
    for iid in hand:
        d = cards[iid].d
        t = d.card_type
        if t == "nation":
            if own_turn_summon and not p.nation_placed and _nation_card_problem(self, seat, iid, False) is None:
                for x, y in _nation_cells_for(self, seat, d):
                    out.append(made(PlaceNation, iid, x, y))
        elif t in ("leader", "item", "location", "intrigue") and not counter:
            if t != "intrigue" and not own_turn_summon:
                if t == "item":
                    out += _unsummoned_options(self, seat, iid)
                continue
            if t != "location" and total < d.cost_total and t != "item" and not cheaper:
                continue  # no payment can cover it (a substitution keeps the total)
            if t == "item":
                unsummoned = _unsummoned_options(self, seat, iid)
                out += unsummoned
                done = {a.host for a in unsummoned}  # the free way dominates paying (MIT-3.5.d)
                hosts = [h for h in item_hosts(self, seat, iid) if h not in done]
            elif t == "location":
                hosts = location_hosts(self, seat, iid)
            else:
                hosts = [None]
            if hosts and _summon_card_problem(self, seat, iid, False) is None:
                inst = cards[iid]
                substitute = None
                # of another player's leaders only a cursed item takes one (MIT-2.4.c): refused whatever
                # else ``_host_problem`` would say
                foreign = t == "item" and not d.cursed
                for host in hosts:
                    if host is not None and (foreign and cards[host].controller != seat
                                             or _host_problem(self, seat, inst, host) is not None):
                        continue
                    cost = summon_cost(self, iid, host)
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
                        substitute = god_linked(self, seat, iid)
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
                users = _free_users(self, seat, _mine(self, seat), cache)
            out += _free_options(self, seat, iid, counter, users)
        elif t == "fate":
            out += _fate_options(self, seat, iid, counter)
    for inst in mine_active:
        out += _bound_options(self, seat, inst, counter)
    if not counter and len(p.leaders) > 1:
        out += mount_options(self, seat)  # MIT-8.mount: when its player may act (``mount_window``)
    return out


def _free_users(self: MitoszState, seat: int, mine: list[Inst], cache: dict[Any, Any]) -> list[Inst]:
    """The own cards on the board that may use a free maneuver at all: no nation or location, unless it is
    defended in the battle being fought (MIT-3.2.2.d, MIT-3.3.d); kept with the board's facts."""
    f = self.fight
    key = ("free_users", seat, (f.kind, f.stage, f.nation) if f is not None else None)
    users: list[Inst] | None = cache.get(key)
    if users is None:
        users = cache[key] = [i for i in mine if i.d.card_type not in ("nation", "location")
                              or defended_here(self, i)]
    return users
