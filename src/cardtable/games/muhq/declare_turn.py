"""The turn-based decisions of muhq (the draft, paying upkeep, buying, the end phase's discard) and the forced
choices (placing a dropped pile's member, placing a token)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .declare_checks import all_in, bad
from .turn import BUY_MODE, BUY_PHASE, BUY_PRIO, DISCARD_MODE, DRAFT_MODE, DROP, END_PRIO, PLACE_TOKEN, UPKEEP_MODE
from .words import N_, CardName, Text, _
from .board import destroy, discard_from_hand, drop_fields, place_dropped
from .declare_checks import cell_at
from .declare_resolve import finish_token
from .flow_draft import draft_pick
from .flow_phases import end_of_turn
from .places import name_of
from .tokens import token_fields
from .rounds import goto_step
from .writes import spend

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Buy, DeclineUpkeep, DraftPick, DropPlace, EndDiscard, PayUpkeep, PlaceToken, SkipBuy
    from .objects import Perm
    from .state import MuhqState


def _do_draft_pick(self: "MuhqState", a: DraftPick) -> None:
    if self.mode is not DRAFT_MODE:
        raise bad("MUHQ-DRAFT-4", _("the draft is over"))
    seat = self.current_player
    if a.card not in self.packs[seat]:
        raise bad("MUHQ-DRAFT-4", _("card #{card} is not in the pack you hold", card=a.card))
    draft_pick(self, seat, a.card)


def upkeep_unit(self: "MuhqState", unit: int) -> Perm:
    if self.mode is not UPKEEP_MODE:
        raise bad("MUHQ-UPKEEP-4", _("units are paid in step 4 of your upkeep only"))
    if unit not in self.upkeep_todo or unit not in self.perms:
        raise bad("MUHQ-UPKEEP-4", _("#{unit} is not a unit of yours still to be paid this upkeep", unit=unit))
    return self.perms[unit]


def _do_pay_upkeep(self: "MuhqState", a: PayUpkeep) -> None:
    p = upkeep_unit(self, a.unit)
    pl = self.players[self.active]
    if pl.resource < p.d.upkeep:
        raise bad("MUHQ-UPKEEP-5", _("{unit} costs {upkeep} upkeep; you have {resource} resource. Decline it "
                                     "instead: it is defeated", unit=name_of(self, a.unit), upkeep=p.d.upkeep,
                                     resource=pl.resource))
    spend(self, self.active, p.d.upkeep)
    self.upkeep_todo.remove(a.unit)
    self.log.append(("upkeep", self.active, Text(N_("paid {upkeep} for {unit}"), upkeep=p.d.upkeep,
                                                 unit=name_of(self, a.unit))))


def _do_decline_upkeep(self: "MuhqState", a: DeclineUpkeep) -> None:
    upkeep_unit(self, a.unit)
    self.upkeep_todo.remove(a.unit)
    self.log.append(("upkeep", self.active, Text(N_("did not pay {unit}: defeated"), unit=name_of(self, a.unit))))
    destroy(self, a.unit)  # MUHQ-UPKEEP-5, 7: defeated, destroyed; state checks follow


def _do_buy(self: "MuhqState", a: Buy) -> None:
    if self.mode is not BUY_MODE:
        if self.phase is BUY_PHASE and self.current_player == self.active and self.players[self.active].bought:
            raise bad("MUHQ-BUY-3", _("you have bought a card this turn already"))  # still the buy phase
        raise bad("MUHQ-BUY-5", _("cards are bought in your own buy phase only"))
    pl = self.players[self.active]
    if a.card not in pl.store:
        raise bad("MUHQ-BUY-1", _("card #{card} is not in your store; you buy only from your own store",
                                  card=a.card))
    d = self.card_def[a.card]
    if d.buy is None:
        raise bad("MUHQ-BUY-2", _("{card} has no buy cost and cannot be bought", card=d.shown_name))
    if pl.resource < d.buy:
        raise bad("MUHQ-BUY-2", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                  cost=d.buy, resource=pl.resource))
    if pl.bought:
        raise bad("MUHQ-BUY-3", _("you have bought a card this turn already"))
    spend(self, self.active, d.buy)
    pl.store.remove(a.card)
    pl.discard.append(a.card)  # MUHQ-BUY-4
    pl.bought = True
    self.log.append(("buy", self.active, Text(N_("bought {card}"), card=CardName(d))))
    goto_step(self, BUY_PRIO)


def _do_skip_buy(self: "MuhqState", a: SkipBuy) -> None:
    if self.mode is not BUY_MODE:
        raise bad("MUHQ-BUY-5", _("there is nothing to skip: this is not your buy phase"))
    goto_step(self, BUY_PRIO)


def _do_end_discard(self: "MuhqState", a: EndDiscard) -> None:
    if self.mode is not DISCARD_MODE:
        raise bad("MUHQ-TURN-7", _("cards are discarded this way only in step (a) of your end phase"))
    pl = self.players[self.active]
    if len(set(a.cards)) != len(a.cards) or not all_in(a.cards, pl.hand):
        raise bad("MUHQ-TURN-7", _("every card to discard must be a different card of your hand"))
    for c in a.cards:
        discard_from_hand(self, self.active, c)
    if not a.cards or not pl.hand:  # an empty choice ends the step; a non-empty one may be followed by more
        end_of_turn(self)
        goto_step(self, END_PRIO)


# -- forced choices ----------------------------------------------------------------------------------
def _do_drop_place(self: "MuhqState", a: DropPlace) -> None:
    if self.mode is not DROP:
        raise bad("MUHQ-PILE-4", _("no pile is being dropped"))
    drop = self.drops[0]
    if a.member not in drop.members:
        raise bad("MUHQ-PILE-4", _("#{member} is not an unplaced member of the dropped pile", member=a.member))
    cell = cell_at(self, a.field)
    if cell not in drop_fields(self, drop, a.member):
        message = (N_("{field} is not an available field within range 1 of the carrying unit")
                   if drop.rule == "MUHQ-ART-2"
                   else N_("{field} is not an available field within range 1 of the pile's former field"))
        raise bad(drop.rule, _(message, field=list(a.field)))
    place_dropped(self, drop, a.member, cell)


def _do_place_token(self: "MuhqState", a: PlaceToken) -> None:
    if self.mode is not PLACE_TOKEN:
        raise bad("MUHQ-BOARD-6", _("no token is waiting to be placed"))
    cell = cell_at(self, a.field)
    if cell not in token_fields(self):
        raise bad("MUHQ-BOARD-6", _("{field} is not an available field this token may enter", field=list(a.field)))
    finish_token(self, cell)
