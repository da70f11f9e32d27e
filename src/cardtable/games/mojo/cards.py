"""The 78 number cards of Mojo (spec section 2.1) and the score of a set of them (MOJO-6.4)."""

from __future__ import annotations

from typing import Iterable

COLOURS = ("blue", "green", "yellow", "orange", "red")

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


def label(card: int) -> str:
    """'7 (yellow)': how a person names a card."""
    if not 0 <= card < NUM_CARDS:
        return f"#{card}"
    return f"{VALUE[card]} ({COLOURS[COLOUR[card]]})"


def values(cards: Iterable[int]) -> str:
    return ", ".join(str(VALUE[c]) for c in sorted(cards)) or "nothing"
