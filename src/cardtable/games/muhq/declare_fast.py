"""The fast decisions of muhq, made with priority (MUHQ-TIMING-4): passing, playing a spell, free actions,
the universal free action, and declaring a triggered action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .declare_checks import all_in, bad
from .effects import Ctx
from .objects import Item
from .turn import OPEN, PRIORITY, TRIGGER
from .words import N_, CardName, Text, _
from .board import discard_from_hand
from .declare_checks import need_priority, push
from .effects_costs import cost_problem, pay_costs
from .effects_targets import check_targets
from .places import name_of
from .rounds import start_round
from .priority import pass_priority
from .writes import spend

if TYPE_CHECKING:  # pragma: no cover
    from .actions import DeclareTrigger, FreeAction, Pass, PlaySpell, UniversalFreeAction
    from .state import MuhqState


def _do_pass(self: "MuhqState", a: Pass) -> None:
    if self.mode is OPEN:
        raise bad("MUHQ-APHASE-1", _("with open priority, end the activation or the action phase instead of "
                                     "passing"))
    if self.mode is not PRIORITY:
        raise bad("MUHQ-STACK-4", _("you do not hold priority"))
    pass_priority(self)


def _do_play_spell(self: "MuhqState", a: PlaySpell) -> None:
    need_priority(self, "MUHQ-TIMING-4")
    seat = self.current_player
    pl = self.players[seat]
    if a.card not in pl.hand:
        raise bad("MUHQ-ACT-9", _("card #{card} is not in your hand", card=a.card))
    d = self.card_def[a.card]
    if d.type != "spell":
        raise bad("MUHQ-TIMING-2", _(PERMANENT_IS_SLOW[d.type], card=d.shown_name))
    if d.play is None:
        raise bad("MUHQ-ACT-9", _("{card} has no play cost and cannot be played from hand", card=d.shown_name))
    if pl.resource < d.play:
        raise bad("MUHQ-RES-3", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                  cost=d.play, resource=pl.resource))
    problem = cost_problem(self, d.extra_cost, a.costs, seat, None, exclude=(a.card,), resource_extra=d.play)
    if problem:
        raise bad(*problem)
    ctx = Ctx(a.card, d, seat)
    problem = check_targets(self, d.targets, a.targets, ctx)
    if problem:
        raise bad(*problem)
    spend(self, seat, d.play)
    pl.hand.remove(a.card)  # MUHQ-SPELL-3: on the stack while it waits
    pay_costs(self, d.extra_cost, a.costs, seat, None)
    push(self, Item("spell", seat, a.card, d.id, -1, tuple(zip((n for n, _t in d.targets), a.targets)),
                   label=CardName(d)))


def _do_free_action(self: "MuhqState", a: FreeAction) -> None:
    need_priority(self, "MUHQ-TIMING-4")
    seat = self.current_player
    p = self.perms.get(a.source)
    if p is None or p.controller != seat:
        raise bad("MUHQ-TIMING-4", _("#{id} is not a permanent you control on the board", id=a.source))
    ability = dict(p.d.free_actions).get(a.ability)
    if ability is None:
        raise bad("MUHQ-ACT-1", _("{card} has no free action number {number}", card=p.d.shown_name,
                                  number=a.ability))
    if p.d.type == "unit" and p.paralysis:
        raise bad("MUHQ-PARA-2", _("{unit} is paralyzed and cannot use its free actions",
                                   unit=name_of(self, a.source)))
    costs = tuple(ability["cost"])
    problem = cost_problem(self, costs, a.costs, seat, a.source)
    if problem:
        raise bad(*problem)
    specs = tuple(ability.get("targets", {}).items())
    ctx = Ctx(a.source, p.d, seat)
    problem = check_targets(self, specs, a.targets, ctx)
    if problem:
        raise bad(*problem)
    pay_costs(self, costs, a.costs, seat, a.source)
    push(self, Item("free_action", seat, a.source, p.d.id, a.ability, tuple(zip((n for n, _t in specs), a.targets)),
                   label=Text(N_("{card}: free action"), card=CardName(p.d))))


def _do_universal_free_action(self: "MuhqState", a: UniversalFreeAction) -> None:
    need_priority(self, "MUHQ-TIMING-4")
    seat = self.current_player
    pl = self.players[seat]
    if len(pl.hand) < 2:
        raise bad("MUHQ-CARD-9", _("the universal free action needs 2 cards in your hand"))
    if len(a.cards) != 2 or a.cards[0] == a.cards[1] or not all_in(a.cards, pl.hand):
        raise bad("MUHQ-CARD-9", _("name exactly 2 different cards of your hand to discard"))
    for c in a.cards:
        discard_from_hand(self, seat, c)
    push(self, Item("universal", seat, None, label=Text(N_("discard 2 cards: gain 1 resource"))))


def _do_declare_trigger(self: "MuhqState", a: DeclareTrigger) -> None:
    if self.mode is not TRIGGER:
        raise bad("MUHQ-ACT-7", _("no triggered action of yours waits to be declared"))
    if not 0 <= a.trigger < len(self.triggers) or self.triggers[a.trigger].controller != self.current_player:
        raise bad("MUHQ-ACT-8", _("trigger {number} is not one of your pending triggered actions",
                                  number=a.trigger))
    t = self.triggers[a.trigger]
    ability = self.card_def[t.source].ability(t.ability)
    specs = tuple(ability.get("targets", {}).items())
    ctx = Ctx(t.source if t.source in self.perms else None, self.card_def[t.source], t.controller,
              refs=dict(t.refs))
    problem = check_targets(self, specs, a.targets, ctx)
    if problem:
        raise bad(*problem)
    declare_trigger(self, a.trigger, a.targets)


def declare_trigger(self: "MuhqState", index: int, targets: tuple[int, ...]) -> None:
    t = self.triggers.pop(index)
    ability = self.card_def[t.source].ability(t.ability)
    names = tuple(ability.get("targets", {}))
    self.stack.append(Item("trigger", t.controller, t.source, t.source_def, t.ability,
                           tuple(zip(names, targets)), t.refs,
                           label=Text(N_("{card}: trigger"), card=CardName(self.card_def[t.source]))))
    self.log.append(("trigger", t.controller, Text(N_("{card} triggers"), card=CardName(self.card_def[t.source]))))
    start_round(self)


#: Why a permanent is not played with play_spell, by its type (MUHQ-TIMING-2).
PERMANENT_IS_SLOW = {
    "unit": N_("{card} is a unit: a permanent is played as a slow action (play_permanent)"),
    "artifact": N_("{card} is an artifact: a permanent is played as a slow action (play_permanent)"),
    "equipment": N_("{card} is an equipment: a permanent is played as a slow action (play_permanent)"),
}
