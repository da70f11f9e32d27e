"""Permanents on the board: entering, leaving, destroying, piles and drops, damage and combat, and the events
they raise (MUHQ-PERM, MUHQ-PILE, MUHQ-DMG, MUHQ-COMBAT, MUHQ-TOKEN, spec 7.7 events). Damage and combat are in
``board_combat``, the events in ``board_events``, where things are in ``places``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board_events import event
from .objects import NEUTRAL, Drop, Perm
from .turn import UPKEEP_PHASE
from .places import available
from .writes import add_drop, arrive, empty_pile, gain, join, lift, place, remove, spend, take_from_drop, wear

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


# -- where things are ------------------------------------------------------------------------------------
# -- entering the board ---------------------------------------------------------------------------------
def enter(self: "MuhqState", card: int, controller: int, cell: int, played: bool = False) -> int:
    """Put a card onto a field as a permanent (untapped, no markers; MUHQ-APHASE-7); `enters` happens.
    ``played``: it was played from hand (a token created on the board was not)."""
    d = self.card_def[card]
    arrive(self, Perm(card, d, self.card_owner[card], controller, cell))
    if played and d.type == "unit":
        pending = self.players[controller].pending
        # MUHQ-EQUIP-3 (b): pending equipment goes to "die nächste gespielte Unit", the next unit played this
        # turn; a token that enters (Levy) is not played
        if pending:
            for eq in list(pending):
                pending.remove(eq)
                join(self, Perm(eq, self.card_def[eq], self.card_owner[eq], controller, None), card)
    event(self, "enters", card)
    return card


def join_pile(self: "MuhqState", member: int, base: int) -> None:
    join(self, self.perms[member], base)


# -- leaving the board (MUHQ-PERM-5, 6; MUHQ-TOKEN-2) ------------------------------------------------
def take_off(self: "MuhqState", pid: int) -> tuple[Perm, int | None]:
    """Step (a): off its field or out of its pile. Returns the permanent and its former field."""
    p, cell = lift(self, pid)
    if self.activation == pid:
        self.activation = None  # MUHQ-APHASE-4: the activation ends when the permanent leaves
        self.ai = None
    return p, cell


def leave_board(self: "MuhqState", pid: int, zone: str) -> None:
    """MUHQ-PERM-6: a permanent leaves other than by destruction (to its owner's hand)."""
    p, cell = take_off(self, pid)
    start_drop(self, p, cell)
    if p.d.token:
        self.removed.append(pid)  # MUHQ-TOKEN-2
    elif zone == "hand" and p.owner != NEUTRAL:
        self.players[p.owner].hand.append(pid)
    else:
        put_in_discard(self, pid)
    after_leaving(self, p, cell)


def destroy(self: "MuhqState", pid: int) -> None:
    """MUHQ-PERM-5: (a) off the field, (b) drop the pile, (c) markers go, (d) to the owner's discard pile
    (a token is removed from the game); a unit dies (OP-23)."""
    p, cell = take_off(self, pid)
    start_drop(self, p, cell)
    if p.d.token:
        self.removed.append(pid)
    else:
        put_in_discard(self, pid)
    if p.d.type == "unit":
        event(self, "dies", pid, departed=p)
    after_leaving(self, p, cell)


def after_leaving(self: "MuhqState", p: Perm, cell: int | None) -> None:
    if self.victory_item is not None and p.id == self.victory_item:
        return_victory_item(self)


def put_in_discard(self: "MuhqState", card: int) -> None:
    owner = self.card_owner[card]
    if self.card_def[card].token:
        self.removed.append(card)  # MUHQ-TOKEN-3
    elif owner == NEUTRAL or not self.players[owner].alive:
        self.removed.append(card)
    else:
        self.players[owner].discard.append(card)  # MUHQ-DISC-2


def discard_from_hand(self: "MuhqState", player: int, card: int) -> None:
    self.players[player].hand.remove(card)
    put_in_discard(self, card)


def start_drop(self: "MuhqState", p: Perm, cell: int | None) -> None:
    """MUHQ-PILE-4: the pile's members are dropped around the former field by the former controller.
    Equipment lose 1 durability first and are destroyed below 1 (MUHQ-EQUIP-7)."""
    if not p.pile:
        return
    members = []
    for m in empty_pile(self, p):
        mp = self.perms[m]
        if mp.d.type == "equipment":
            wear(self, m, 1)
            if mp.d.durability - mp.worn < 1:
                remove(self, m)
                start_drop(self, mp, cell)
                put_in_discard(self, m)
                after_leaving(self, mp, cell)
                continue
        members.append(m)
    if members and cell is not None:
        # Members wait off the board (no field) until placed; they stay permanents in self.perms.
        add_drop(self, Drop(p.controller, cell, members))


def drop_fields(self: "MuhqState", drop: Drop, member: int) -> list[int]:
    sw = self.stats()[member].swimming
    return [c for c in self.grid.cells_in_range(drop.cell, 1) if available(self, c, sw)]


def place_dropped(self: "MuhqState", drop: Drop, member: int, cell: int | None) -> None:
    take_from_drop(self, drop, member)
    if cell is None:  # no available field: destroyed (MUHQ-PILE-4, 5)
        mp = remove(self, member)
        start_drop(self, mp, drop.cell)
        put_in_discard(self, member)
        if mp.d.type == "unit":
            event(self, "dies", member, departed=mp)
        after_leaving(self, mp, drop.cell)
    else:
        place(self, member, cell)


def return_victory_item(self: "MuhqState") -> None:
    """MUHQ-WIN-7 / OP-42: the item goes back to its start field or the nearest available one."""
    item: int = self.victory_item  # type: ignore[assignment]  # (only called when there is one)
    for zone in (self.removed, *(pl.discard for pl in self.players)):
        if item in zone:
            zone.remove(item)
    d = self.card_def[item]
    cell = self.grid.nearest_available(self.victory_item_home, lambda c: available(self, c, d.swimming))
    if cell is None:
        self.removed.append(item)
        return
    arrive(self, Perm(item, d, self.card_owner[item], NEUTRAL, cell))


# -- resource ---------------------------------------------------------------------------------------
def steal(self: "MuhqState", thief: int, victim: int, amount: int) -> None:
    """MUHQ-RES-4."""
    n = min(amount, self.players[victim].resource)
    spend(self, victim, n)
    gain(self, thief, n)


def draw(self: "MuhqState", seat: int, count: int) -> None:
    """MUHQ-DECK-2: from the top; an empty deck draws nothing (no reshuffle, OP-4), except in the upkeep
    (MUHQ-DECK-4, upkeep_reshuffle)."""
    pl = self.players[seat]
    for _ in range(count):
        if not pl.deck:
            if pl.discard and (self.opts["reshuffle_on_empty_draw"] or upkeep_of(self, seat)):
                pl.deck, pl.discard = pl.discard, []
                self.rng.shuffle(pl.deck)
            else:
                return
        pl.hand.append(pl.deck.pop())
    upkeep_reshuffle(self, seat)


def upkeep_of(self: "MuhqState", seat: int) -> bool:
    """Is it ``seat``'s upkeep, with the rulebook's reshuffle in it (option upkeep_reshuffle)?"""
    return self.phase is UPKEEP_PHASE and seat == self.active and self.opts["upkeep_reshuffle"]


def upkeep_reshuffle(self: "MuhqState", seat: int) -> None:
    """MUHQ-DECK-4 (rulebook, Deck: "Wenn das [Deck] während des Upkeeps keine Karten mehr enthält … mische
    den Ablagestapel als neues Deck"): whenever the deck is empty during its owner's upkeep, the shuffled
    discard pile becomes the deck (at the upkeep's start, and after a draw in it)."""
    pl = self.players[seat]
    if not pl.deck and pl.discard and upkeep_of(self, seat):
        pl.deck, pl.discard = pl.discard, []
        self.rng.shuffle(pl.deck)
