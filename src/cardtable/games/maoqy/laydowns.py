"""MAOQY's lay-downs (MAOQY-6): discard, open, hide, and streets — opening one, extending it, and what a
claimed kingdom shows (MAOQY-6.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import IllegalAction
from cardtable.engine.i18n import N_, Translator

from . import cards as C
from .actions import Discard, Hide, Open, Street
from .cards import NUMBER, PER_KINGDOM, STANDARD_CARDS
from .rules_tables import STREET_KINGDOM

if TYPE_CHECKING:
    from .state import MaoqyState

_ = Translator("maoqy")
_n = _.plural

#: "… is in your open hand": what each lay-down needs (one sentence per lay-down, for word order)
WHAT_FROM_HIDDEN = {
    "discard": N_("{card} is in your open hand; discard takes a card from your hidden hand"),
    "open": N_("{card} is in your open hand; open takes a card from your hidden hand"),
    "hide": N_("{card} is in your open hand; hide takes a card from your hidden hand"),
    "a street": N_("{card} is in your open hand; a street takes a card from your hidden hand"),
}


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def own_card(self: MaoqyState, card: int, rule: str, what: str, open_too: bool) -> list[int]:
    """The list (own hidden hand or own open hand) holding ``card``; else refuse with a rule that
    reveals nothing the actor may not see."""
    p = self.current_player
    if card in self.hands[p]:
        return self.hands[p]
    if card in self.opened[p]:
        if open_too:
            return self.opened[p]
        raise IllegalAction(rule, _(WHAT_FROM_HIDDEN[what], card=C.label(card)))
    if card in self.hiding[p]:
        raise IllegalAction(rule, _("{card} is in your hiding place; take it back first", card=C.label(card)))
    for q in range(self.n):
        if q != p and card in self.opened[q]:
            raise IllegalAction("MAOQY-6.5", _("{card} is in seat {seat}'s open hand; a player never lays "
                                               "down another player's card", card=C.label(card), seat=q))
    for q in range(self.n):
        if any(card in s for s in self.streets[q]):
            raise IllegalAction("MAOQY-6.4.6", _("{card} is in a street; cards in a street stay "
                                                 "there until the game ends", card=C.label(card)))
    if open_too:
        raise IllegalAction(rule, _("card {card} is not in your hidden or open hand", card=card))
    raise IllegalAction(rule, _("card {card} is not in your hidden hand", card=card))


def discard(self: MaoqyState, a: Discard) -> None:
    cards = self._own_card(a.card, "MAOQY-6.1", "discard", True)
    self._leave(cards, a.card)
    self.known.append(a.card)  # MAOQY-6.1: face up on top of the Known


def open_(self: MaoqyState, a: Open) -> None:
    p = self.current_player
    cards = self._own_card(a.card, "MAOQY-6.2", "open", False)
    self._leave(cards, a.card)
    self.opened[p].append(a.card)  # MAOQY-6.2: face up; the open hand has no size limit


def hide(self: MaoqyState, a: Hide) -> None:
    p = self.current_player
    cards = self._own_card(a.card, "MAOQY-6.3", "hide", False)
    if len(self.hiding[p]) >= self.hide_size:
        raise IllegalAction("MAOQY-6.3", _n("your hiding place is full ({n} card); take its card back first",
                                            "your hiding place is full ({n} cards); take its card back first",
                                            self.hide_size))
    self._leave(cards, a.card)
    self.hiding[p].append(a.card)  # face down


def leave(self: MaoqyState, cards: list[int], card: int) -> None:
    cards.remove(card)
    self.public[self.current_player].discard(card)


def street(self: MaoqyState, a: Street) -> bool:
    """MAOQY-6.4: one or more cards from one's own hands into one's street. True if it is complete."""
    p = self.current_player
    cards = a.cards
    if not cards:
        raise IllegalAction("MAOQY-6.4", _("name at least one card for the street"))
    if len(set(cards)) != len(cards):
        raise IllegalAction("MAOQY-6.4", _("a card is named twice"))
    for c in cards:
        self._own_card(c, "MAOQY-6.4", "a street", True)
    extra = [c for c in cards if c >= STANDARD_CARDS]
    if extra:
        raise IllegalAction("MAOQY-9.2", _("additional cards cannot be placed in a street ({cards})",
                                           cards=C.labels(extra)))
    k = cards[0] // PER_KINGDOM
    if any(c // PER_KINGDOM != k for c in cards):
        raise IllegalAction("MAOQY-6.4.1", _("all cards of a street belong to one kingdom, not {cards}",
                                             cards=C.labels(cards)))
    street = next((s for s in self.streets[p] if s[0] // PER_KINGDOM == k), None)
    numbers = sorted(NUMBER[c] for c in cards)
    if street is None:  # MAOQY-6.4.3 … 6.4.5: opening
        owner = self.claimed[k]
        if owner >= 0:
            raise IllegalAction("MAOQY-6.4.5", _("seat {seat}'s street holds the {kingdom} kingdom; a "
                                                 "kingdom may be in at most one street at the table",
                                                 seat=owner, kingdom=C.kingdom_name(k)))
        if len(self.streets[p]) >= self.max_streets:
            held = ", ".join(C.kingdom_name(s[0] // PER_KINGDOM) for s in self.streets[p])
            raise IllegalAction("MAOQY-6.4.4", _n("you have a street of {held} already; a player has at most "
                                                  "{n} street and a street's kingdom is fixed when it opens",
                                                  "you have a street of {held} already; a player has at most "
                                                  "{n} streets and a street's kingdom is fixed when it opens",
                                                  self.max_streets, held=held))
        if numbers[-1] - numbers[0] != len(numbers) - 1:
            raise IllegalAction("MAOQY-6.4.2", _("a street is one unbroken run of numbers; {numbers} has a gap",
                                                 numbers=_numbers(numbers)))
        if self.start_one and numbers[0] != 1:
            raise IllegalAction("MAOQY-6.4.2", _("with street_start = one a street starts with the Beggar (1)"))
        if len(numbers) < self.street_min:
            raise IllegalAction("MAOQY-6.4.3", _("opening a street takes at least {need} cards in one "
                                                 "action, not {count}", need=self.street_min, count=len(numbers)))
        street = sorted(cards)
        self.streets[p].append(street)
        self.claimed[k] = p
        if self.claimed_open:
            self._show_claimed(k, p)
    else:  # extending: the new cards continue the run at either end, without a gap
        lo, hi = NUMBER[street[0]], NUMBER[street[-1]]
        below = [x for x in numbers if x < lo]
        above = [x for x in numbers if x > hi]
        if (below and below != list(range(lo - len(below), lo))) or (above and above != list(range(hi + 1, hi + 1 + len(above)))):
            raise IllegalAction("MAOQY-6.4.2", _("your {kingdom} street runs {lo}-{hi}; {numbers} would leave a gap",
                                                 kingdom=C.kingdom_name(k), lo=lo, hi=hi, numbers=_numbers(numbers)))
        street[:] = sorted(street + list(cards))  # MAOQY-6.4.6: in number order, visible to all
    for c in cards:
        self._leave(self.hands[p] if c in self.hands[p] else self.opened[p], c)
    return len(street) == PER_KINGDOM


def show_claimed(self: MaoqyState, k: int, owner: int) -> None:
    """MAOQY-6.6 (option claimed_cards = open): once a street holds kingdom ``k``, no other player keeps
    a card of it hidden. Every such card in another hidden hand or hiding place goes face up into that
    player's open hand, where the street's owner may draw it (MAOQY-5.4). Without this a player could
    hold one card of another's street for the whole game (MAOQY-5.5, MAOQY-5.7) and no street could
    ever be completed against a player who does so."""
    for q in range(self.n):
        if q == owner:
            continue
        for held in (self.hands[q], self.hiding[q]):
            shown = [c for c in held if STREET_KINGDOM[c] == k]
            for c in shown:
                held.remove(c)
                self.public[q].discard(c)
                self.opened[q].append(c)
