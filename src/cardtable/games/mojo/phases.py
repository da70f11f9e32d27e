"""The phases of the acting player's turn in Mojo, as the state keeps them (small ints) and as views name them."""

from __future__ import annotations

PLAY_PHASE = 0  # a normal turn begins, or a Mojo-moment player reveals
REPLAY = 1  # an equal play was made: play again, or stop (MOJO-4.3.2)
DRAW_CHOICE = 2  # a higher play in the two-pile variant: choose the draw source (MOJO-8.3)
OVER = 3
PHASE_NAMES = ("play", "replay", "draw_choice", "over")
