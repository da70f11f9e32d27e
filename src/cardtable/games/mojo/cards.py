"""The 78 number cards of Mojo (spec section 2.1) and the score of a set of them (MOJO-6.4)."""

from __future__ import annotations

from typing import Iterable

from cardtable.engine.i18n import N_, Translator

_ = Translator("mojo")

#: the colours as data (catalogue, CSS classes); COLOUR_NAMES are the same words as a person reads them
COLOURS = ("blue", "green", "yellow", "orange", "red")
COLOUR_NAMES = (N_("blue"), N_("green"), N_("yellow"), N_("orange"), N_("red"))

# (value, copies) in ascending value; card IDs are assigned by ascending value, then by copy.
_COPIES = ((0, 4), (1, 4), (2, 5), (3, 5), (4, 5), (5, 6), (6, 6), (7, 6), (8, 7), (9, 7), (10, 7), (11, 8), (12, 8))
_COLOUR_OF_VALUE = (0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4)

#: VALUE[card_id] is the card's value; COLOUR[card_id] indexes COLOURS.
VALUE: tuple[int, ...] = tuple(value for value, copies in _COPIES for _ in range(copies))
COLOUR: tuple[int, ...] = tuple(_COLOUR_OF_VALUE[v] for v in VALUE)
NUM_CARDS = len(VALUE)
MAX_RAW_SCORE = 1 + 4 + 7 + 10 + 12

assert NUM_CARDS == 78


def raw_score(cards: Iterable[int]) -> int:
    """MOJO-6.4: the sum over colours of the highest value held in that colour."""
    best = [0, 0, 0, 0, 0]
    for card in cards:
        value = VALUE[card]
        colour = COLOUR[card]
        if value > best[colour]:
            best[colour] = value
    return sum(best)


def colour_name(card: int) -> str:
    """The colour of ``card`` in the reader's language."""
    return _(COLOUR_NAMES[COLOUR[card]])


def label(card: int) -> str:
    """'7 (yellow)': how a person names a card, in the reader's language."""
    if not 0 <= card < NUM_CARDS:
        return f"#{card}"
    return _("{value} ({colour})", value=VALUE[card], colour=colour_name(card))


def values(cards: Iterable[int]) -> str:
    """The values of ``cards`` in ascending order ('3, 7, 7'), or 'nothing'."""
    return ", ".join(str(VALUE[c]) for c in sorted(cards)) or _("nothing")
