"""MAOQY's draws (MAOQY-5): from the Unknown, the Known, an open hand or one's own hiding place, and why a
draw is refused."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from cardtable.engine import IllegalAction
from cardtable.engine.i18n import Translator

from . import cards as C
from .actions import Draw
from .rules_tables import STREET_KINGDOM

if TYPE_CHECKING:
    from .state import MaoqyState

_ = Translator("maoqy")
_n = _.plural


def _take(cards: list[int], card: int) -> int:
    cards.remove(card)
    return card


def draw(self: MaoqyState, a: Draw) -> None:
    p = self.current_player
    source = a.source
    if source == "hand":
        raise IllegalAction("MAOQY-5.7", _("a card cannot be drawn from a hidden hand; draw from the Unknown, "
                                           "the Known, an open hand or your hiding place"))
    if source == "street":
        raise IllegalAction("MAOQY-5.6", _("cards in a street can never be drawn"))
    if source in ("known", "open") and not self.extended:
        raise IllegalAction("MAOQY-5.8", _("with extended_draw = false you draw only from the Unknown or "
                                           "your own hiding place"))
    if source == "unknown":
        if a.player is not None or a.card is not None:
            raise IllegalAction("ACTION-2", _("a draw from the Unknown names no player and no card"))
    elif source == "known":
        if a.player is not None:
            raise IllegalAction("ACTION-2", _("a draw from the Known names no player"))
        self._check_known_card(a.card)
    elif source == "open":
        if a.player is None or a.card is None:
            raise IllegalAction("ACTION-2", _("a draw from an open hand names the seat ('player') and the 'card'"))
        self._check_open_card(p, a.player, a.card)
    else:  # hiding
        if a.card is None:
            raise IllegalAction("ACTION-2", _("taking back from the hiding place names the 'card'"))
        self._check_own_hiding(a, p)
    if source in ("known", "open") and self.claimed_open:
        card = self.known[-1] if source == "known" and a.card is None else a.card
        assert card is not None  # an open draw names its card (checked above)
        if self._claimed_by_other(card, p):
            raise IllegalAction("MAOQY-6.6", _("{card} belongs to seat {seat}'s street; with claimed_cards = open "
                                               "only that seat may draw it", card=C.label(card),
                                               seat=self.claimed[STREET_KINGDOM[card]]))
    hand = self.hands[p]
    if len(hand) >= self.limit:
        raise IllegalAction("MAOQY-5.1", _n("your hidden hand holds {n} card, the most allowed "
                                            "(hand_limit {limit}); lay a card down or pass",
                                            "your hidden hand holds {n} cards, the most allowed "
                                            "(hand_limit {limit}); lay a card down or pass",
                                            len(hand), limit=self.limit))
    if source == "unknown":
        unknown = self.unknown
        if not unknown:
            known = self.known
            if len(known) < 2:
                raise IllegalAction("MAOQY-5.2", _("the Unknown is empty and the Known holds no card below its "
                                                   "top to reshuffle; draw elsewhere, lay down or pass"))
            # MAOQY-5.2: all of the Known but its top card, shuffled, become the new Unknown
            pool = known[:-1]
            del known[:-1]
            self.rng.shuffle(pool)
            self.unknown = unknown = pool
        card = unknown.pop()
        if self.claimed_open and self._claimed_by_other(card, p):
            self.opened[p].append(card)  # MAOQY-6.6: face up, for the street's owner to draw
        else:
            hand.append(card)
        return
    if source == "known":  # MAOQY-5.3
        card = self.known.pop() if a.card is None else _take(self.known, a.card)
    elif source == "open":  # MAOQY-5.4
        card = a.card
        assert card is not None and a.player is not None  # checked above
        self.opened[a.player].remove(card)
    else:  # MAOQY-5.5
        card = a.card
        assert card is not None  # checked above
        self.hiding[p].remove(card)
        hand.append(card)
        return
    hand.append(card)
    self.public[p].add(card)  # it was face up: everybody saw it go into this hand (spec section 7)


def claimed_by_other(self: MaoqyState, card: int, p: int) -> bool:
    k = STREET_KINGDOM[card]
    return k >= 0 and self.claimed[k] not in (-1, p)


def check_known_card(self: MaoqyState, card: int | None) -> None:
    known = self.known
    if not known:
        raise IllegalAction("MAOQY-5.3", _("the Known is empty"))
    if not self.known_any:
        if card is not None:
            raise IllegalAction("MAOQY-5.3", _("only the top card of the Known may be drawn (known_draw = top); "
                                               "name no card"))
    elif card is None:
        raise IllegalAction("MAOQY-5.3", _("with known_draw = any, name the 'card' of the Known to draw"))
    elif card not in known:
        self._not_here(card, _("card {card} is not in the Known", card=card), "MAOQY-5.3")


def check_open_card(self: MaoqyState, p: int, q: int, card: int) -> None:
    if not 0 <= q < self.n:
        raise IllegalAction("MAOQY-5.4", _("there is no seat {seat}; seats are 0 to {last}", seat=q, last=self.n - 1))
    if q != p and not self.open_all:
        raise IllegalAction("MAOQY-5.4", _("with open_hand_access = owner you draw only from your own open hand"))
    if card not in self.opened[q]:
        self._not_here(card, _("card {card} is not in seat {seat}'s open hand", card=card, seat=q), "MAOQY-5.4")


def check_own_hiding(self: MaoqyState, a: Draw, p: int) -> None:
    if a.player is not None and a.player != p:
        raise IllegalAction("MAOQY-5.5", _("no player may take a card from another player's hiding place"))
    if a.card not in self.hiding[p]:
        self._not_here(a.card, _("card {card} is not in your hiding place; no player may take a card "
                                 "from another player's hiding place", card=a.card), "MAOQY-5.5")


def not_here(self: MaoqyState, card: object, message: str, rule: str) -> NoReturn:
    """A named card is not where the action needs it. Say more only where the card is public."""
    if isinstance(card, int) and any(card in s for streets in self.streets for s in streets):
        raise IllegalAction("MAOQY-5.6", _("{card} is in a street; cards in a street can never be drawn",
                                           card=C.label(card)))
    raise IllegalAction(rule, message)
