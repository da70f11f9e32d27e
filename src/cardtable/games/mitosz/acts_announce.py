"""Announcing an act: pays its cost, rotates the user and puts the act on the stack; a counter round follows
(MIT-4.6.4, MIT-6.3.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import IllegalAction

from .actions import (STACK_ID_BASE, AttachMount, DeclareBattle, DeclareDuel, PlaceNation, PlayUnsummoned, Summon,
                      UseFate, UseFreeManeuver, UseManeuver)
from .acts_info import SACRIFICE
from .affected import affected_player
from .cards import NON_ROTATING, SPHERE_INDEX, linked
from .fights.fight import ROW_INDEX
from .moves import spheres_text
from .text import ROW_INTO
from .words import N_, Said, _, shown
from .modes import COUNTER, WINDOW
from .acts_costs import maneuver_cost, substitution_problem, summon_cost
from .acts_maneuvers import check_fate, check_free, check_maneuver
from .acts_summon import _is_supply_play, check_place_nation, check_summon, check_unsummoned, god_owner
from .effects.triggers import event
from .fights.declaring import check_declare, fight_text
from .fights.mounts import check_mount
from .fights.supplies import first_use
from .levels.board import rune_host
from .levels.card_types import card_type
from .moves import pay, take_out
from . import upcalls as _up
from .writes import set_zone

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence
    from typing import Any

    from cardtable.engine import Action

    from .schema.maneuvers import Maneuver
    from .state import Inst, Item, MitoszState


#: The check of each action a player announces (spec 8.1), by the action's type.
CHECKS: dict[type, Any] = {
    PlaceNation: check_place_nation, Summon: check_summon,
    PlayUnsummoned: check_unsummoned, UseManeuver: check_maneuver,
    UseFreeManeuver: check_free, UseFate: check_fate,
    DeclareBattle: check_declare, DeclareDuel: check_declare, AttachMount: check_mount,
}


def announce(self: MitoszState, seat: int, a: Action, permitted: bool = False, offered: bool = False) -> None:
    counter = self.mode is COUNTER
    if self.mode not in (WINDOW, COUNTER) or seat != self.priority:
        raise IllegalAction(self.game.info.turn_rule, _("P{priority} has the right to act now, not P{seat}", priority=self.priority, seat=seat))
    if not offered:  # (each check takes its own action type: to mypy, ``check`` is any callable)
        check: Any = CHECKS.get(type(a))
        if check is None:
            raise IllegalAction("MIT-6.1.4.a", _("{type} answers a question; nothing is asked now", type=repr(a.type)))
        bad = check(self, seat, a, counter)
        if bad:
            raise IllegalAction(bad[0], shown(bad[1]))
    if isinstance(a, Summon) and not permitted:
        other = god_owner(self, seat, a.card)
        if other is not None:  # MIT-3.4.3.c: ask first; nothing is paid yet
            self.note(N_("P{seat} asks P{other} for leave to summon {card}, P{other}'s high god, as a leader (MIT-3.4.3.c)"), seat=seat, other=other, card=self.cards[a.card].d)
            _up.set_prompt(self, "permission", other, rule="MIT-3.4.3.c", options=[Said(N_("allow")), Said(N_("refuse"))], asker=seat,
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
        _up.start_counter_round(self, seat, from_window=True, actor=seat)
        return
    if isinstance(a, (DeclareBattle, DeclareDuel)):
        self.fought = self.turn  # MIT-6.2.3.2.c: the battle phase's one fight
        commander = a.commander if isinstance(a, DeclareBattle) else a.challenger
        target = a.nation if isinstance(a, DeclareBattle) else a.challenged
        item = Item(sid, "fight", seat, -1, commander, None, (target,))  # no card goes on the stack
        item.declared = a
        self.stack.append(item)
        if isinstance(a, DeclareBattle):
            self.note(N_("P{seat} declares a battle: {fight}"), seat=seat, fight=fight_text(self, a))
        else:
            self.note(N_("P{seat} declares a duel: {fight}"), seat=seat, fight=fight_text(self, a))
        event(self, "fight_declared", target)  # spec 6.6: the attacked nation or the challenged leader
        # OP-43.5: the defender, or the challenged leader's player, is the one affected
        _up.start_counter_round(self, self.cards[target].controller, from_window=True, actor=seat)
        return
    cost: Sequence[int]
    if isinstance(a, (Summon, PlayUnsummoned)) and _is_supply_play(self, a):
        d = self.cards[a.card].d
        cost = list(summon_cost(self, a.card))
        if isinstance(a, Summon):
            substitution_problem(self, seat, a.card, cost, a.pay_from, a.pay_for)  # MIT-3.1.g (checked)
            pay(self, seat, cost)
        _to_stack(self, a.card)
        item = Item(sid, "supply", seat, a.card)
        item.row = ROW_INDEX[a.row]  # type: ignore[index]  # (a supply play names its row: ``check_supply``)
        item.paid = isinstance(a, Summon)
        self.stack.append(item)
        if isinstance(a, Summon):
            self.note(N_("P{seat} summons {card} (pays {cost}) {into}"), seat=seat, card=d, cost=spheres_text(cost),
                      into=Said(ROW_INTO[a.row]))  # type: ignore[index]
        else:
            self.note(N_("P{seat} plays {card} without summoning {into}"), seat=seat, card=d,
                      into=Said(ROW_INTO[a.row]))  # type: ignore[index]
        _up.start_counter_round(self, seat, from_window=True, actor=seat)
        return
    if isinstance(a, PlaceNation):
        p.nation_placed = True
        _to_stack(self, a.card)
        item = Item(sid, "nation", seat, a.card, cell=(a.x, a.y))
        self.note(N_("P{seat} places {card} at ({x}, {y})"), seat=seat, card=self.cards[a.card].d, x=a.x, y=a.y)
    elif isinstance(a, (Summon, PlayUnsummoned)):
        d = self.cards[a.card].d
        if isinstance(a, Summon):
            cost = list(summon_cost(self, a.card, a.host))
            if a.pay_for is not None:
                cost[SPHERE_INDEX[a.pay_for]] -= 1
                cost[SPHERE_INDEX[a.pay_from]] += 1  # type: ignore[index]  # (named with pay_for: checked)
            pay(self, seat, cost)  # MIT-6.3.3
            paid = spheres_text(cost)
        _to_stack(self, a.card)
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
        if isinstance(a, UseManeuver) and rune_host(self, self.cards[a.card]) >= 0:  # MIT-3.9.i, OP-60
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
        else:  # a fate (``check_fate``; to mypy, any action: hence the type: ignore[attr-defined] below)
            m = self.cards[a.card].d.maneuvers[0]  # type: ignore[attr-defined]
            user, card, kind, free = None, a.card, "fate", False  # type: ignore[attr-defined]
            if a.via is not None:  # type: ignore[attr-defined]
                p.allowances = p.allowances + (a.via,)  # type: ignore[attr-defined]
        cost = maneuver_cost(self, m, getattr(a, "steps", None), getattr(a, "times", None), free, card)
        pay(self, seat, cost)  # MIT-4.6.3
        # an attached rune's (MIT-3.9.i); (a maneuver has a user)
        rune_use = kind == "maneuver" and card != user.iid  # type: ignore[union-attr]
        if user is not None:
            _use_up(self, user, m, "rune" if rune_use else kind)  # (its uses are not the host's own)
            if self.fight is not None:
                first_use(self, user)
        if kind != "maneuver":
            _to_stack(self, card)
        item = Item(sid, kind, seat, card, user.iid if user is not None else -1, m,
                    tuple(a.targets), getattr(a, "steps", None),  # type: ignore[attr-defined]
                    getattr(a, "times", None), via=getattr(a, "via", None))
        item.x = getattr(a, "times", None) or 1
        item.attach = getattr(a, "attach", False) or rune_use  # OP-60: a rune's effect lasts while attached
        if any(cost):
            self.note(N_("P{seat} {use} (pays {cost})"), seat=seat, use=_up.describe_use(self, item),
                      cost=spheres_text(cost))
        else:
            self.note(N_("P{seat} {use}"), seat=seat, use=_up.describe_use(self, item))
        event(self, "maneuver_used", user.iid if user is not None else card)  # spec 6.6: the user's, or the
        # fate's own
    self.stack.append(item)
    _up.start_counter_round(self, affected(self, item), from_window=not counter, actor=seat)


def _to_stack(self: MitoszState, iid: int) -> None:
    take_out(self, iid)
    set_zone(self, self.cards[iid], "stack")


def _use_up(self: MitoszState, user: Inst, m: Maneuver | None, kind: str) -> None:
    """MIT-4.6.3: the user rotates, unless the maneuver is permanent; non-rotating users are spent (OP-28)."""
    mid = m.id if m is not None else SACRIFICE
    if kind == "maneuver":
        user.uses = dict(user.uses or {})
        user.uses[mid] = user.uses.get(mid, 0) + 1
    permanent = m is None or m.permanent is not False or (m.steps is not None and all(s.permanent for s in m.steps))
    if permanent:
        return
    t = card_type(self, user)
    if t == "high_god":
        return  # MIT-4.5: only that maneuver is used up (recorded in uses)
    if t in NON_ROTATING:
        user.spent = True
    else:
        user.rotated = True


def affected(self: MitoszState, item: Item) -> int:
    """MIT-6.4.1: the affected player answers first (affected.py: targets, else what the effect touches)."""
    return affected_player(self, item)


def stack_item(self: MitoszState, target: int) -> Item | None:
    sid = target - STACK_ID_BASE
    for it in self.stack:
        if it.sid == sid:
            return it
    return None
