"""Attaching by an effect (spec 6.4 ``attach``): items, locations and dormant leaders, and waking those
leaders."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import STACK_ID_BASE
from ..cards import PERMANENT_TYPES
from ..text import CARD_TYPE_WORDS, kept
from ..words import N_, Said, said
from .common import ZONE_FROM
from ..schema.primitives import AttachP
from ..effect_vocabulary import VOCABULARY, MitoszPrimitive
from ..acts_summon import _host_problem
from .targets import resolve_target
from ..levels.board import board_insts
from ..moves import enter_board
from ..writes import attach, to_row


if TYPE_CHECKING:
    from ..acts_info import Bad
    from ..core import Inst
    from ..state import Item, MitoszState


@VOCABULARY.register
class Attach(MitoszPrimitive):
    """The card(s) are attached to the one host: an item or a location by its type's rules (MIT-3.3, MIT-3.5,
    MIT-8.*), a leader as a dormant leader (MIT-5.15). A card comes from where it is (hand, deck,
    afterworld; a leader also from its player's leader row); an attached card stays where it is (MIT-3.5.b)."""

    name = "attach"
    params = AttachP
    template = N_("attach {card} to {host}")

    def resolve(self, state: MitoszState, p: AttachP, item: Item) -> bool:
        hosts = [h for h in resolve_target(state, p.host, item) if h < STACK_ID_BASE and state.cards[h].zone == "board"]
        if len(hosts) != 1:
            state.note(N_("(nothing is attached: the effect names no one host on the board)"))
            return True
        for t in resolve_target(state, p.card, item):
            if t < STACK_ID_BASE and t != hosts[0]:
                _attach_card(state, t, hosts[0], p.wake, item.player)
        return True


def _attach_card(self: MitoszState, iid: int, host: int, wake: str, seat: int) -> None:
    inst = self.cards[iid]
    t = inst.d.card_type
    bad: Bad | None
    if t == "leader":
        bad = _dormant_problem(self, inst, host, seat)
    elif t in ("item", "location"):
        bad = ("MIT-3.5.b", said(N_("{card} is attached already"), card=inst.d)) if inst.zone == "board" else \
            _host_problem(self, seat, inst, host)  # (it reads the card's definition only)
    else:
        bad = ("OP-60" if t == "free_maneuver" else "spec 6.4",  # a rune is attached by its scribe's act
               said(N_("a {type} is not attached by an effect"), type=kept(CARD_TYPE_WORDS, t)))
    if bad is None and inst.zone not in ("hand", "deck", "afterworld", "board"):
        bad = ("MIT-1.4.4", said(N_("{card} cannot be brought back"), card=inst.d))  # from oblivion (or off the stack)
    if bad is not None:
        self.note(N_("{card} is not attached: {reason} ({rule})"), card=inst.d, reason=bad[1], rule=bad[0])
        return
    came_from = inst.zone
    if came_from != "board":  # (from the board, it leaves the leader row: MIT-5.15)
        enter_board(self, iid, seat)
    attach(self, inst, host, dormant=wake if t == "leader" else inst.dormant)
    host_d = self.cards[host].d
    if came_from != "board":
        attached = said(N_("{card} is attached to {host} from {zone}"), card=inst.d, host=host_d,
                        zone=Said(ZONE_FROM.get(came_from, came_from)))
    else:
        attached = said(N_("{card} is attached to {host}"), card=inst.d, host=host_d)
    if t == "leader":
        self.note(N_("{attached}: dormant until {wake} (MIT-5.15, OP-35)"), attached=attached,
                  wake=Said(WAKE_TEXT[wake]))
    else:
        self.note(attached)


def _dormant_problem(self: MitoszState, inst: Inst, host: int, seat: int) -> tuple[str, Said] | None:
    """OP-35: a leader is attached, dormant, to another card of its player on the board: a permanent card
    (not the high god) that is not dormant itself; from the leader row only if it is in no fight."""
    h = self.cards[host]
    if h.controller != seat or h.d.card_type not in PERMANENT_TYPES or h.d.card_type == "high_god" \
            or h.dormant is not None:
        return ("MIT-5.15", said(N_("a leader is attached to one of its player's permanent cards, not to {host}"), host=h.d))
    if inst.zone == "board":
        if iid_in_fight(self, inst.iid) or inst.iid not in self.players[seat].leaders:
            return ("MIT-5.15", said(N_("{card} is not a leader of P{seat}'s leader row outside a fight"), card=inst.d, seat=seat))
    return None


def wake(self: MitoszState, iid: int, why: str) -> None:
    """OP-35: the condition set at attachment is met: the dormant leader becomes an ordinary leader in its
    controller's leader row (what is attached to it stays on it; the leader limit is checked as ever)."""
    inst = self.cards[iid]
    to_row(self, inst, inst.controller)
    self.note(N_("{card} wakes ({why}) and joins P{controller}'s leader row (MIT-5.15, OP-35)"), card=inst.d, why=why, controller=inst.controller)


def wake_attacked(self: MitoszState, attacked: int) -> None:
    """OP-35 ``wake: attacked``: the dormant leaders on the attacked card, directly or through other
    attachments (a location of the attacked nation), or on a challenged leader, wake as the fight begins."""
    for inst in list(board_insts(self)):
        if inst.dormant != "attacked":
            continue
        current = inst
        for _ in range(6):
            if current.host < 0:
                break
            if current.host == attacked:
                wake(self, inst.iid, said(N_("{card} is attacked"), card=self.cards[attacked].d))
                break
            current = self.cards[current.host]


#: What wakes a dormant leader (OP-35), for the log.
WAKE_TEXT = {"attacked": N_("the card it is attached to is attacked"), "host_leaves": N_("its host leaves the board"),
             "turn_start": N_("its player's next turn begins")}


def iid_in_fight(state: MitoszState, iid: int) -> bool:
    f = state.fight
    return f is not None and (iid in f.leaders or iid in f.supplies)
