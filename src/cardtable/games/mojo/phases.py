"""The phases of the acting player's turn in Mojo, as the state keeps them and as views name them."""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Where the acting player's turn is. An ``IntEnum``: the digest and old records see the same small ints."""

    PLAY = 0  # a normal turn begins, or a Mojo-moment player reveals
    REPLAY = 1  # an equal play was made: play again, or stop (MOJO-4.3.2)
    DRAW_CHOICE = 2  # a higher play in the two-pile variant: choose the draw source (MOJO-8.3)
    OVER = 3


# The members as module constants: the rules compare by identity (``phase is REPLAY``), and a module constant is
# read faster than an enum's attribute.
PLAY_PHASE = Phase.PLAY
REPLAY = Phase.REPLAY
DRAW_CHOICE = Phase.DRAW_CHOICE
OVER = Phase.OVER
PHASE_NAMES = ("play", "replay", "draw_choice", "over")
