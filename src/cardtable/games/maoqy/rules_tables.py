"""The phases and per-card tables every MAOQY rule module reads (spec sections 3-8)."""

from __future__ import annotations

from enum import IntEnum

from . import cards as C
from .cards import KINGDOM, NUMBER, STANDARD_CARDS

#: Per card ID: the kingdom a street may hold it in (-1 for extra cards, MAOQY-9.2), and 1 << its number,
#: so that a kingdom's cards in a player's hands make one int.
STREET_KINGDOM = tuple(KINGDOM[c] if c < STANDARD_CARDS else -1 for c in range(C.NUM_IDS))
BIT = tuple(1 << NUMBER[c] for c in range(C.NUM_IDS))


class Phase(IntEnum):
    """Where the game is. An ``IntEnum``: the digest and old records see the same small ints."""

    DIRECTION = 0  # the first player chooses the direction (MAOQY-3.5)
    PLAY = 1
    OVER = 2


# The members as module constants: the rules compare by identity (``phase is PLAY``), and a module constant is read
# faster than an enum's attribute.
DIRECTION = Phase.DIRECTION
PLAY = Phase.PLAY
OVER = Phase.OVER
PHASE_NAMES = ("direction", "play", "over")
DIRECTION_NAMES = {1: "cw", -1: "ccw", 0: None}
END_REASONS = ("complete", "deadlock", "turn_limit")
END_RULES = {"complete": "MAOQY-8.1", "deadlock": "MAOQY-8.2", "turn_limit": "MAOQY-8.3"}
