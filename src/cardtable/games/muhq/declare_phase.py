"""The action phase of muhq: playing a permanent, activating one and ending the activation or the phase
(MUHQ-APHASE), and the checks of the activated unit's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .declare_checks import bad
from .objects import Item
from .turn import CLOSING_MODE, CLOSING_STEP, OPEN
from .words import N_, CardName, Text, _
from .declare_checks import cell_at, need_open, push
from .flow_phases import activate, close_one, end_activation
from .places import name_of, spawn_fields
from .legal_fast import closing_candidates
from . import writes

if TYPE_CHECKING:  # pragma: no cover
    from .objects import Perm
    from .state import MuhqState


def _do_play_permanent(self: "MuhqState", a: A.PlayPermanent) -> None:
    need_open(self)
    seat = self.current_player
    if self.activation is not None:
        raise bad("MUHQ-APHASE-3", _("end the current activation before you play a card"))
    pl = self.players[seat]
    if a.card not in pl.hand:
        raise bad("MUHQ-ACT-9", _("card #{card} is not in your hand", card=a.card))
    d = self.card_def[a.card]
    if not d.is_permanent:
        raise bad("MUHQ-ACT-9", _("{card} is a spell: play it with play_spell", card=d.shown_name))
    if d.play is None:
        raise bad("MUHQ-ACT-9", _("{card} has no play cost and cannot be played from hand", card=d.shown_name))
    if pl.resource < d.play:
        raise bad("MUHQ-RES-3", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                  cost=d.play, resource=pl.resource))
    if a.mode == "next_unit":
        if d.type != "equipment" or "next_unit" not in d.modes:
            raise bad("MUHQ-EQUIP-3", _("{card} cannot be played to the next unit", card=d.shown_name))
        cell = None
    else:
        if d.type == "equipment" and "alone" not in d.modes:
            raise bad("MUHQ-EQUIP-3", _("{card} can only be played to the next unit", card=d.shown_name))
        cell = cell_at(self, a.field)
        if cell not in spawn_fields(self, seat, d.swimming):
            raise bad("MUHQ-BOARD-8", _("{field} is not an available spawn field of yours for {card}",
                                        field=list(a.field),  # type: ignore[arg-type]  # cell_at refused None
                                        card=d.shown_name))
    writes.spend(self, seat, d.play)
    pl.hand.remove(a.card)
    push(self, Item("play_permanent", seat, a.card, d.id, params=(("cell", cell), ("mode", a.mode)),
                   label=Text(N_("play {card}"), card=CardName(d))))


def _do_activate(self: "MuhqState", a: A.Activate) -> None:
    seat = self.current_player
    if self.mode is CLOSING_MODE:
        if a.permanent not in closing_candidates(self):
            raise bad("MUHQ-APHASE-6", _("#{id} is not an untapped permanent of yours", id=a.permanent))
        close_one(self, a.permanent)
        return
    need_open(self)
    if self.activation is not None:
        raise bad("MUHQ-APHASE-3", _("another permanent is activated; end its activation first"))
    p = self.perms.get(a.permanent)
    if p is None or p.controller != seat:
        raise bad("MUHQ-APHASE-2", _("#{id} is not a permanent you control on the board", id=a.permanent))
    if p.tapped:
        raise bad("MUHQ-APHASE-5", _("{name} is tapped and cannot be activated", name=name_of(self, a.permanent)))
    activate(self, a.permanent)


def _do_end_activation(self: "MuhqState", a: A.EndActivation) -> None:
    if self.ai is not None and self.activation is not None and self.current_player == self.active:
        raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour; its controller cannot end the "
                                   "activation early", name=name_of(self, self.activation)))
    if self.mode is not OPEN or self.activation is None:
        raise bad("MUHQ-APHASE-4", _("no activation of yours is in progress"))
    end_activation(self)


def _do_end_action_phase(self: "MuhqState", a: A.EndActionPhase) -> None:
    need_open(self)
    if self.activation is not None:
        raise bad("MUHQ-APHASE-3", _("end the current activation first"))
    if A.END_ACTION_PHASE not in self.legal_actions():  # MUHQ-APHASE-1 (d), option play_out_hand
        raise bad("MUHQ-APHASE-1", _("a card in your hand can still be played: the action phase goes on while "
                                     "one can (option play_out_hand); play it, or discard it with the "
                                     "universal free action"))
    self.log.append(("phase", self.active, Text(N_("ended the action phase"))))
    self.step = CLOSING_STEP  # MUHQ-APHASE-6


def unit_for(self: "MuhqState", unit: int) -> Perm:
    if self.ai is not None and unit == self.activation and self.current_player == self.active:
        raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour this activation", name=name_of(self, unit)))
    need_open(self)
    if self.activation != unit:
        raise bad("MUHQ-APHASE-3", _("#{id} is not the activated permanent; activate it first", id=unit))
    p = self.perms[unit]
    if p.d.type != "unit":
        raise bad("MUHQ-ART-1", _("{card} is an artifact and has no unit actions", card=p.d.shown_name))
    if self.ai is not None:
        raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour this activation", name=name_of(self, unit)))
    return p


def spend(self: "MuhqState", p: Perm, which: str, rule: str = "MUHQ-UNIT-4") -> None:
    used = p.move_used if which == "move" else p.attack_used
    if used:
        raise bad(rule, _(N_("{name} has used its move action this turn") if which == "move"
                          else N_("{name} has used its attack action this turn"), name=name_of(self, p.id)))


def not_paralyzed(self: "MuhqState", p: Perm) -> None:
    if p.paralysis:
        raise bad("MUHQ-PARA-2", _("{name} is paralyzed: it may only clear paralysis", name=name_of(self, p.id)))


def not_crew(self: "MuhqState", p: Perm) -> None:
    if p.base is not None:  # MUHQ-CREW-5 (OP-28)
        raise bad("MUHQ-CREW-5", _("{name} is crew in a pile: it may only move out of the pile or clear "
                                   "paralysis", name=name_of(self, p.id)))
