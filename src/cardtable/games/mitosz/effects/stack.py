"""Resolving one stack item: a card entering the board, a maneuver used as its card is played, and the
words that tell what an item does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import STACK_ID_BASE, Pass, UseManeuver
from ..core import Item
from ..words import N_, Said, join, lazy, said
from .common import SUSPEND
from ..effect_vocabulary import VOCABULARY
from .triggers import TRIGGER_WORDS
from ..acts_announce import _use_up, affected, stack_item
from ..acts_costs import maneuver_cost
from ..acts_maneuvers import _conditions_problem
from ..acts_summon import _host_problem
from .conditions import _ask_enemy, _finish, _look
from . import triggers as _triggers
from ..fights.declaring import start_fight
from ..fights.mounts import attach_mount
from ..fights.supplies import enter_row
from ..levels.board import intrigue_limit
from ..moves import enter_board, leave_together, pay, to_zone
from .. import upcalls as _up
from ..writes import attach, place_nation, to_row

if TYPE_CHECKING:
    from ..prompts.questions import OnEnter
    from ..state import MitoszState


def describe_use(self: MitoszState, item: Item) -> Said:
    """What the item does, as words after its player ("uses Lysa Brightspear's maneuver on …"), kept and read
    in the reader's language."""
    card = self.cards[item.card]
    d = card.d
    if item.kind == "trigger":
        why = TRIGGER_WORDS.get(item.on)  # type: ignore[arg-type]  # a trigger item has its event
        if why is not None:
            event = self.cards[item.event].d if item.event >= 0 else Said(N_("a card"))
            return said(N_("{card}'s locked ability triggers: {why} (spec 6.6)"), card=d,
                        why=said(why, card=event))
        return said(N_("{card}'s locked ability triggers (spec 6.6)"), card=d)
    if item.kind == "maneuver":
        if item.m is None:
            what = said(N_("sacrifices {card}"), card=d)
        elif d.card_type == "item" and "potion" in d.subtypes:
            what = said(N_("uses {card}"), card=d)
        else:
            what = said(N_("uses {card}'s maneuver"), card=d)
    elif item.kind == "free":
        user = self.cards[item.user].d
        what = said(N_("uses {card} (user {user}) to attach it") if item.attach else
                    N_("uses {card} (user {user})"), card=d, user=user)
    elif item.via is not None:
        what = said(N_("uses the fate {card} (allowed by {via})"), card=d, via=self.cards[item.via].d)
    else:
        what = said(N_("uses the fate {card}"), card=d)
    if item.steps:
        what = lazy._n("{use}, {n} step", "{use}, {n} steps", item.steps, use=what)
    if item.times and item.times > 1:
        what = said(N_("{use}, ×{times}"), use=what, times=item.times)
    if item.targets:
        what = said(N_("{use} on {targets}"), use=what, targets=join(target_name(self, t) for t in item.targets))
    return what


def target_name(self: MitoszState, t: int) -> Said:
    if t >= STACK_ID_BASE:
        it = stack_item(self, t)
        if it is None:
            return Said(N_("an item that left the stack"))
        return said(N_("{card} (on the stack, P{seat})"), card=self.cards[it.card].d, seat=it.player)
    return said(N_("{card} (P{seat})"), card=self.cards[t].d, seat=self.cards[t].controller)


def resolve_item(self: MitoszState, item: Item) -> bool:
    if item.kind == "fight":
        if not item.neutralized:
            start_fight(self, item)
        return True
    if item.kind == "mount":
        if not item.neutralized:
            attach_mount(self, item)
        return True
    if item.kind == "supply":
        if item.destroyed:
            to_zone(self, item.card, "afterworld")
            self.note(N_("{card} is destroyed while being played (OP-27)"), card=self.cards[item.card].d)
            return True
        enter_row(self, item)  # may ask for the supply's mode (OP-20): the item leaves the stack first
        return True
    if item.kind == "trigger":  # spec 6.6: a locked ability, never neutralized (MIT-4.2.6.b)
        if not item.started:
            item.started = True
            item.queue = list(item.calls)
        return VOCABULARY.run(self, item.queue, item)  # type: ignore[arg-type]  # started: the item has its queue
    if item.kind in ("nation", "summon", "unsummoned"):
        if item.started:
            return True  # resumed after its on-enter question
        item.started = True
        _resolve_card(self, item)
        return not _ask_on_enter(self, item)
    if not item.started:
        if not item.neutralized and _ask_enemy(self, item):
            return False  # OP-24: the user's player first chooses whose deck or hand
        item.started = True
        card = self.cards[item.card]
        if item.neutralized:
            self.note(N_("{card} was neutralized: nothing happens (P{player})"), card=card.d, player=item.player)
            _finish(self, item, happened=False)
            return True
        if not _look(self, item):
            _finish(self, item, happened=False)
            return True
        item.queue = _effect_calls(self, item)
    if VOCABULARY.run(self, item.queue, item) is SUSPEND:  # type: ignore[arg-type]  # started: it has its queue
        return False
    _finish(self, item, happened=True)
    return True


def _effect_calls(self: MitoszState, item: Item) -> list[Any]:
    m = item.m
    if m is None:
        return []
    if m.steps:
        calls = [c for st in m.steps[:item.steps or 1] for c in st.effect]
    else:
        calls = list(m.effect)
    return calls * max(1, item.x)


def _resolve_card(self: MitoszState, item: Item) -> None:
    """MIT-6.3.6: the card is put onto the board (or, destroyed while played, to the afterworld)."""
    iid = item.card
    inst = self.cards[iid]
    seat = item.player
    if item.destroyed:  # OP-27
        to_zone(self, iid, "afterworld")
        self.note(N_("{card} is destroyed while being played and goes to the afterworld (OP-27)"), card=inst.d)
        return
    t = inst.d.card_type
    if t == "nation":
        grid = self.players[seat].grid
        if item.cell in grid:
            to_zone(self, iid, "hand")
            return
        enter_board(self, iid, seat)
        place_nation(self, inst, item.cell)  # type: ignore[arg-type]  # a nation's item has its cell
        self.note(N_("{card} joins P{seat}'s empire at {cell}"), card=inst.d, seat=seat, cell=item.cell)
    elif t == "leader":
        enter_board(self, iid, seat)
        to_row(self, inst, seat)
        self.note(N_("{card} enters P{seat}'s leader row"), card=inst.d, seat=seat)
    elif t in ("item", "location"):
        host = item.host
        if host < 0 or self.cards[host].zone != "board" \
                or _host_problem(self, seat, inst, host):  # (it reads the card's definition only)
            to_zone(self, iid, "afterworld")
            self.note(N_("{card} has no legal card to attach to any more: it goes to the afterworld"), card=inst.d)
            return
        enter_board(self, iid, seat)
        attach(self, inst, host, dormant=inst.dormant)
        self.note(N_("{card} is attached to {host}"), card=inst.d, host=self.cards[host].d)
    elif t == "intrigue":
        if len(self.intrigues) >= intrigue_limit(self):  # MIT-3.6.c
            self.note(N_("the intrigue limit ({intrigue_limit}) is reached: the other intrigues go to the afterworld (MIT-3.6.c)"), intrigue_limit=intrigue_limit(self))
            others = list(self.intrigues)
            leave_together(self, others, "afterworld", "rule")
        enter_board(self, iid, seat)
        self.intrigues.append(iid)
        self.note(N_("{card} takes effect for P{seat}"), card=inst.d, seat=seat)
    if item.kind == "summon":
        _triggers.event(self, "summoned", iid, later=True)  # spec 6.6


def on_enter_options(self: MitoszState, item: Item) -> list[UseManeuver]:
    inst = self.cards[item.card]
    out: list[UseManeuver] = []
    if inst.zone != "board":
        return out
    for m in inst.d.usable:
        if not m.on_enter:
            continue
        for targets, steps, times in _up._variants(self, item.player, m, inst.iid, inst.iid, free=False):
            if _conditions_problem(self, item.player, m, inst.iid) is None:
                out.append(UseManeuver(inst.iid, m.id, targets, steps, times))
    return out


def _ask_on_enter(self: MitoszState, item: Item) -> bool:
    """MIT-6.3.7: if a maneuver may or must be used as the card is played, its player is asked now
    (timing markers do not apply: the card says when). True if a question was asked."""
    if not any(m.on_enter for m in self.cards[item.card].d.usable):
        return False
    options = on_enter_options(self, item)
    if not options:
        return False
    must = any(m.on_enter == "must" for m in self.cards[item.card].d.usable)
    _up.set_prompt(self, "on_enter", item.player, rule="MIT-6.3.7", card=item.card, must=must,
                    options=[a.to_json() for a in options])
    return True


def answer_on_enter(self: MitoszState, pr: OnEnter, action: UseManeuver | Pass) -> None:
    if isinstance(action, Pass):
        self.note(N_("P{seat} does not use {card}'s maneuver"), seat=pr.player, card=self.cards[pr.card].d)
        return
    seat = pr.player
    inst = self.cards[action.card]
    m = next(x for x in inst.d.usable if x.id == action.maneuver)
    cost = maneuver_cost(self, m, action.steps, action.times, False, inst.iid)
    pay(self, seat, cost)
    _use_up(self, inst, m, "maneuver")
    item = Item(self.next_sid, "maneuver", seat, inst.iid, inst.iid, m, tuple(action.targets), action.steps,
                action.times)
    self.next_sid += 1
    item.x = action.times or 1
    self.note(N_("P{seat} {use} as it is played (MIT-6.3.7)"), seat=seat, use=describe_use(self, item))
    _triggers.event(self, "maneuver_used", inst.iid)  # spec 6.6
    self.stack.append(item)
    # the resolution waits for this item's counter round (the steps that carried it on are asked again)
    if self.todo[-1:] == ["resolve"]:
        del self.todo[-3:]
    _up.start_counter_round(self, affected(self, item), from_window=False, actor=seat)
