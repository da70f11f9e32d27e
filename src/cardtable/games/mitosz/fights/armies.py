"""Naming the armies: the commanders and companions that may be named, the helpers asked, and the leaders
summoned to defend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import linked
from ..text import ROW_INTO, SPHERE_WORDS
from ..words import N_, Said, said
from .fight import ROWS
from ..acts_announce import _to_stack, affected
from ..acts_costs import substitution_problem, summon_cost, summon_payments
from ..acts_summon import _unique_on_board, god_owner
from .declaring import _fighter_problem, _named
from .members import current_fight
from ..flow.machine import _push
from ..flow.prompts import distinct, set_prompt
from ..flow.windows import start_counter_round
from ..levels.board import attached
from ..levels.card_types import subtypes
from ..levels.level import road_closed
from ..moves import pay
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..prompts.fights import FightHelp, FightLeader
    from ..state import MitoszState


def army_candidates(self: MitoszState, side: str, seat: int | None = None) -> list[int]:
    """OP-50: leaders of ``seat`` (default: the side's player) that may be named: for a companion, an ally
    of the side's last named leader (the defender's also one linked to the nation or its location, or
    anyone when the nation is linked to the high god)."""
    f = self.fight
    assert f is not None  # (called in a fight)
    seat = f.seat_of(side) if seat is None else seat
    flying_only = side == "att" and _flying_restricted(self)
    out: list[int] = []
    named = [i for i, (s, _r) in f.leaders.items() if s == side]
    for iid in self.players[seat].leaders:
        if _fighter_problem(self, seat, iid, attack=side == "att") is not None:
            continue
        if flying_only and "flying" not in subtypes(self, self.cards[iid]):
            continue  # MIT-8.flying, OP-59
        if named:
            last = max(named, key=lambda i: f.leaders[i][1])
            d = self.cards[iid].d
            ok = linked(d, self.cards[last].d)
            if side == "def" and not ok:
                nation = self.cards[f.nation]
                ok = linked(d, nation.d) or any(linked(d, a.d) for a in attached(self, f.nation)
                                                if a.d.card_type == "location") \
                    or linked(nation.d, self.cards[self.players[seat].god].d)  # MIT-3.1.h, OP-11
            if not ok:
                continue
        out.append(iid)
    return out


def possible_helpers(self: MitoszState, side: str) -> list[int]:
    """MIT-7.4.4 – 7.4.7: who may be asked: the attacker anyone but the defender (and its helpers); the
    defender anyone but the attacker and the attacker's helpers."""
    f = self.fight
    assert f is not None  # (called in a fight)
    if f.kind != "battle" or self.n < 3:
        return []
    taken = {f.attacker, f.defender} | set(f.helpers) | set(f.declined)
    return [s for s in self.order if s not in taken]


def defender_summons(self: MitoszState) -> list[tuple[int, str | None, str | None]]:
    """MIT-7.4.3.1, OP-50: leaders in the defender's hand that may be summoned to defend, as the rules of a
    summon allow, each with a way to pay it (pay_from, pay_for): the printed cost, or one substitution for a
    leader linked to the high god (MIT-3.1.g); for a companion, only an ally as for the others."""
    f = self.fight
    assert f is not None  # (called in a fight)
    seat = f.defender
    named = [i for i, (s, _r) in f.leaders.items() if s == "def"]
    last = max(named, key=lambda i: f.leaders[i][1]) if named else -1
    nation = self.cards[f.nation]
    god = self.cards[self.players[seat].god].d
    out: list[tuple[int, str | None, str | None]] = []
    for iid in distinct(self, self.players[seat].hand):
        d = self.cards[iid].d
        if d.card_type != "leader" or god_owner(self, seat, iid) is not None:
            continue
        payments = summon_payments(self, seat, iid, summon_cost(self, iid))
        if not payments:
            continue
        if d.unique and _unique_on_board(self, d):
            continue
        if last >= 0 and not (linked(d, self.cards[last].d) or linked(d, nation.d) or linked(nation.d, god)
                              or any(linked(d, a.d) for a in attached(self, f.nation)
                                     if a.d.card_type == "location")):
            continue
        out += [(iid, pay_from, pay_for) for pay_from, pay_for in payments]
    return out


def _flying_restricted(self: MitoszState) -> bool:
    f = self.fight
    if f is None or f.kind != "battle":
        return False
    commander = f.commander("att")
    if commander < 0 or "flying" not in subtypes(self, self.cards[commander]):
        return False
    # (a battle has its road)
    return self.opts["flying_restriction"] == "always" or road_closed(self, f.nation, f.road)  # type: ignore[arg-type]


def _ask_army_leader(self: MitoszState, side: str, row: int | None, rule: str) -> bool:
    f = self.fight
    assert f is not None  # (called in a fight)
    candidates = army_candidates(self, side)
    summonable = defender_summons(self) if side == "def" else []
    if not candidates and not summonable and row == 0:
        self.note(N_("P{defender} names no defending commander (MIT-7.4.3.2)"), defender=f.defender)
        return _up._advance(self)
    rows = [0] if row == 0 else [r for r in (1, 2) if f.row_leader(side, r) < 0]
    helpers = [h for h in possible_helpers(self, side) if army_candidates(self, side, h)] if row != 0 else []
    if not candidates and not summonable and not helpers:
        return _up._advance(self)
    options: list[tuple[Any, ...]] = [("none", None, None)] + [("leader", i, r) for i in candidates for r in rows] \
        + [("summon", i, r, pay_from, pay_for) for i, pay_from, pay_for in summonable for r in rows] \
        + [("ask", h, None) for h in helpers]
    labels = [Said(N_("name no one"))] + [
        said(N_("ask P{seat} for help"), seat=o[1]) if o[0] == "ask" else
        said(N_("summon {card} {into}{pays}"), card=self.cards[o[1]].d, into=Said(ROW_INTO[ROWS[o[2]]]),
             pays=_summon_label(self, o)) if o[0] == "summon" else
        said(N_("{card} {into}"), card=self.cards[o[1]].d, into=Said(ROW_INTO[ROWS[o[2]]]))
        for o in options[1:]]
    set_prompt(self, "fight_leader", f.seat_of(side), rule=rule, options=labels, choices=options, side=side)
    return True


def _summon_label(self: MitoszState, choice: tuple[Any, ...]) -> str:
    _what, iid, _row, pay_from, pay_for = choice
    cost = list(summon_cost(self, iid))
    # (asked in a fight)
    substitution_problem(self, current_fight(self).defender, iid, cost, pay_from, pay_for)
    if pay_from:
        return said(N_(" (pays {cost}, 1 {sphere} paid with {other})"), cost="/".join(map(str, cost)),
                    sphere=Said(SPHERE_WORDS[pay_for]), other=Said(SPHERE_WORDS[pay_from]))
    return said(N_(" (pays {cost})"), cost="/".join(map(str, cost)))


def _summon_defender(self: MitoszState, pr: FightLeader | FightHelp, iid: int, row: int,
                     payment: tuple[Any, ...]) -> None:
    """MIT-7.4.3.1 with MIT-6.3: the defender summons a leader from its hand as it would in a summon phase —
    the cost is paid (MIT-6.3.3), the card goes on the stack and a counter round begins (MIT-6.3.5), from the
    defender; when it has resolved, the leader is in the defender's leader row (MIT-6.3.6) and takes its
    place in the army (``fight_summoned``). Countered or destroyed on the stack, the place stays empty."""
    seat = pr.player
    cost = list(summon_cost(self, iid))
    substitution_problem(self, seat, iid, cost, *payment)  # MIT-3.1.g
    pay(self, seat, cost)
    _to_stack(self, iid)
    item = self.Item(self.next_sid, "summon", seat, iid)
    self.next_sid += 1
    self.stack.append(item)
    current_fight(self).summoning = (iid, pr.side, row, pr.rule, seat)  # in a fight
    self.note(N_("P{seat} summons {card} to defend (pays {cost})"), seat=seat, card=self.cards[iid].d,
              cost="/".join(map(str, cost)))
    self.after_stack = "fight_summoned"
    start_counter_round(self, affected(self, item), from_window=False, actor=seat)


def _step_fight_summoned(self: MitoszState) -> bool:
    """The summon of a defending leader has resolved (MIT-7.4.3.1): in the leader row, it joins the army in
    the row it was summoned for; the fight goes on."""
    f = self.fight
    if f is None:
        _push(self, "next_phase")
        return False
    (iid, side, row, rule, seat), f.summoning = f.summoning, None  # type: ignore[misc]  # a summon resolved
    inst = self.cards[iid]
    if inst.zone == "board" and iid in self.players[seat].leaders and f.row_leader(side, row) < 0:
        _up._join(self, f, iid, side, row)
        _named(self, seat, iid, row, rule)
    else:
        self.note(N_("{card} is not in P{seat}'s leader row: its place in the army stays empty ({rule})"), card=inst.d, seat=seat, rule=rule)
    return _up._advance(self)
