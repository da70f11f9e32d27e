"""Moving cards between zones (MIT-G1, MIT-1.2 – 1.5): draws, discards, entering and leaving the board.

Every card that leaves the board goes to its owner's zones (MIT-G1), forgets everything (MIT-1.2.6)
and takes its attachments to their owners' afterworlds (MIT-1.4.2.a).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import Eff
from .flow.phases import SPHERE_SAID
from .words import N_, Said, join, said
from .effects.triggers import event
from .levels.board import attachments, is_god_leader
from . import upcalls as _up
from .writes import arrive, depart, set_effects, set_zone

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from .core import Inst
    from .state import MitoszState


#: the zones whose cards a player's list holds, in order (MIT-1.2)
_OWN_ZONES = frozenset(("deck", "hand", "afterworld", "oblivion"))
_HOW_WORDS = {"destroy": N_("{card} (P{owner}) is destroyed {where}"),
              "sacrifice": N_("{card} (P{owner}) is sacrificed {where}"),
              "attachment": N_("{card} (P{owner}) goes with its host {where}"),
              "return": N_("{card} (P{owner}) returns {where}"),
              "exile": N_("{card} (P{owner}) sinks into oblivion {where}"),
              "rule": N_("{card} (P{owner}) goes {where}"), "deck": N_("{card} (P{owner}) goes {where}")}
_WHERE_WORDS = {"afterworld": Said(N_("to the afterworld")), "hand": Said(N_("to its owner's hand")),
                "deck": Said(N_("to its owner's deck")), "oblivion": Said(N_("to oblivion"))}


def _zone_list(self: MitoszState, inst: Inst) -> list[int] | None:
    zone = inst.zone
    return getattr(self.players[inst.owner], zone) if zone in _OWN_ZONES else None


def _move_to_hand(self: MitoszState, iid: int) -> None:
    inst = self.cards[iid]
    set_zone(self, inst, "hand")
    self.players[inst.owner].hand.append(iid)


def take_out(self: MitoszState, iid: int) -> None:
    """Remove a card from the list of the zone it is in (not the board: see leave_board)."""
    inst = self.cards[iid]
    zone = _zone_list(self, inst)
    if zone is not None and iid in zone:
        zone.remove(iid)
        if inst.zone in ("afterworld", "oblivion"):
            self.piles += 1  # public piles changed: cached target candidates there are stale


def draw(self: MitoszState, seat: int, n: int) -> int:
    """MIT-1.3.2, MIT-5.4: the top cards of one's own deck, at once; stops when the deck is empty."""
    deck = self.players[seat].deck
    drawn = 0
    for _ in range(n):
        if not deck:
            break
        _move_to_hand(self, deck.pop())
        drawn += 1
    if drawn:
        _up.drew_cards(self)  # MIT-1.3.4: a turn in which someone drew does not count towards the deck-out
    return drawn


def discard_card(self: MitoszState, iid: int, why: str = "") -> None:
    """MIT-1.5.1.b: from the hand to its owner's afterworld, face up."""
    inst = self.cards[iid]
    take_out(self, iid)
    set_zone(self, inst, "afterworld")
    self.players[inst.owner].afterworld.append(iid)
    self.piles += 1
    if why:
        self.note(N_("P{seat} discards {card} ({why})"), seat=inst.owner, card=inst.d, why=why)
    else:
        self.note(N_("P{seat} discards {card}"), seat=inst.owner, card=inst.d)


def to_zone(self: MitoszState, iid: int, to: str, position: str = "top") -> None:
    """A card not on the board (hand, deck, afterworld, oblivion, stack) to one of its owner's zones."""
    inst = self.cards[iid]
    take_out(self, iid)
    inst.reset()
    set_zone(self, inst, to)
    if to in ("afterworld", "oblivion"):
        self.piles += 1
    lst = _zone_list(self, inst)
    # (``to`` is a zone of the owner's lists: ``lst`` is one)
    if to == "deck" and position == "bottom":
        lst.insert(0, iid)  # type: ignore[union-attr]
    else:
        lst.append(iid)  # type: ignore[union-attr]


def enter_board(self: MitoszState, iid: int, seat: int) -> None:
    inst = self.cards[iid]
    take_out(self, iid)
    arrives = arrive(self, inst, seat)
    if arrives and self.trigger_on:
        event(self, "enters_board", iid, later=True)  # spec 6.6


# -- MIT-1.4.2.c, OP-05: cards that go to an afterworld at the same time --------------------------
def together(self: MitoszState, move: Callable[..., object]) -> None:
    """Run ``move`` as one moment: the cards it sends to one owner's afterworld went there together, and
    that owner will be asked their order (when they are two or more different cards)."""
    self.order_depth += 1
    before = [len(p.afterworld) for p in self.players]
    try:
        move()
    finally:
        self.order_depth -= 1
    if self.order_depth:
        return  # an outer moment gathers them
    for p, n in zip(self.players, before):
        arrived = tuple(p.afterworld[n:]) if len(p.afterworld) > n else ()
        if len({self.cards[i].d.id for i in arrived}) > 1:
            self.order_requests = self.order_requests + ((p.seat, arrived),)


def leave_together(self: MitoszState, iids: Sequence[int], to: str, how: str) -> None:
    """The cards leave the board for ``to`` as one moment (``together``)."""
    def leave() -> None:
        for iid in iids:
            leave_board(self, iid, to, how)
    together(self, leave)


def leave_board(self: MitoszState, iid: int, to: str, how: str) -> None:
    """A card leaves the board by ``how`` (destroy, sacrifice, rule, return …) for its owner's ``to``;
    its attachments go at the same moment (MIT-1.4.2.a/c)."""
    if self.cards[iid].zone != "board":
        return
    if self.order_depth:
        _leave_board(self, iid, to, how)
    else:
        together(self, lambda: _leave_board(self, iid, to, how))


def _leave_board(self: MitoszState, iid: int, to: str, how: str) -> None:
    inst = self.cards[iid]
    if inst.zone != "board":
        return
    if self.trigger_on:  # spec 6.6: found while the card is still on the board
        event(self, "leaves_board", iid, to=to)
        if how in ("destroy", "sacrifice"):
            event(self, "destroyed" if how == "destroy" else "sacrificed", iid)
    d = inst.d
    for a in attachments(self, iid):  # MIT-1.4.2.a, MIT-1.2.6
        if self.cards[a].dormant == "host_leaves":  # OP-35, MIT-G2: the card says it wakes now instead
            _up.wake(self, a, said(N_("{card} leaves the board"), card=d))
            continue
        leave_board(self, a, "afterworld", "attachment")
    was_god_leader = is_god_leader(self, inst)
    region_of = inst.host if d.card_type == "location" and "region" in d.subtypes else -1
    for lst in (self.intrigues, self.fates, self.lingering):
        if iid in lst:
            lst.remove(iid)
    self.note(_HOW_WORDS.get(how, _HOW_WORDS["rule"]), card=d, owner=inst.owner, where=_WHERE_WORDS[to])
    depart(self, inst, to)  # (out of its grid and leader row too)
    _zone_list(self, inst).append(iid)  # type: ignore[union-attr]  # ``to`` is one of the owner's zones
    other: Any  # a card's id, then a card (below)
    if self.effects:
        set_effects(self, [e for e in self.effects if not (e.until[0] == "attached" and e.until[1] == iid)
                                  and not (e.kind == "steal" and e.targets == (iid,))])
        if any(e.targets and iid in e.targets for e in self.effects):
            _forget_effects_on(self, iid)
        for lst in (self.fates, self.lingering):  # MIT-3.7.g, MIT-3.9.g: their effect ended with it
            for other in list(lst):
                if not any(e.source == other for e in self.effects):
                    leave_board(self, other, "afterworld", "rule")
    if region_of >= 0 and how == "destroy" and self.cards[region_of].zone == "board":
        self.note(N_("the region was destroyed, so its nation is destroyed too (MIT-8.region.b)"))
        leave_board(self, region_of, "afterworld", "destroy")
    if was_god_leader and to == "afterworld":  # MIT-3.4.3.b, OP-15
        p = self.players[inst.owner]
        self.note(N_("P{seat}'s high god fell as a leader: P{seat} discards the whole hand and loses every "
                     "sphere point (MIT-3.4.3.b)"), seat=p.seat)
        for card in list(p.hand):
            discard_card(self, card)
        p.spheres = [0, 0, 0, 0]
        if self.opts["high_god_leader_loss"] == "hand_and_board":
            for other in list(self.cards):
                if other.zone == "board" and other.controller == p.seat and other.d.card_type != "high_god" \
                        and other.host < 0:
                    leave_board(self, other.iid, "afterworld", "rule")


def _forget_effects_on(self: MitoszState, iid: int) -> None:
    """MIT-1.2.6: a card that left the board is no longer what the effects aimed at it change (a card type,
    a level …, were it to come back); an effect left with no card ends."""
    kept = []
    for e in self.effects:
        if e.targets and iid in e.targets:
            rest = tuple(t for t in e.targets if t != iid)
            if not rest:
                continue
            e = Eff(e.seq, e.kind, e.controller, e.source, rest, e.selector, e.value, e.until, e.keys)
        kept.append(e)
    set_effects(self, kept)


def pay(self: MitoszState, seat: int, cost: Sequence[int]) -> None:
    p = self.players[seat]
    for s in range(4):
        p.spheres[s] -= cost[s]


def can_pay(self: MitoszState, seat: int, cost: Sequence[int]) -> bool:
    spheres = self.players[seat].spheres
    return spheres[0] >= cost[0] and spheres[1] >= cost[1] and spheres[2] >= cost[2] and spheres[3] >= cost[3]


def spheres_text(cost: Sequence[int]) -> Said:
    """Sphere points as words ("1 magic, 2 force"), kept and read in the reader's language."""
    parts = [said(N_("{n} {sphere}"), n=n, sphere=SPHERE_SAID[s]) for s, n in enumerate(cost) if n]
    return Said("{points}", points=join(parts)) if parts else Said(N_("nothing"))
