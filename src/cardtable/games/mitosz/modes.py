"""Where Mítosz's turn machine is: the phase of the turn (spec 6) and the mode of the machine (spec 5.7, 5.8).

Both are ``StrEnum``s whose values are the words the state has always kept, so views, the digest and records read
the same text. The rules compare by identity through the module constants below (``self.mode is PROMPT``): a
module constant is read much faster than an enum's attribute, and ``is`` is the cheapest comparison there is.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The phase of the turn (MIT-6.2); ``setup`` before the first turn."""

    SETUP = "setup"
    START = "start"
    DRAW = "draw"
    SUMMON_1 = "summon_1"
    BATTLE = "battle"
    SUMMON_2 = "summon_2"
    END = "end"


class Mode(StrEnum):
    """What the machine waits for: an open window (spec 5.7), a counter round (5.8), the answer to a question, or
    nothing (``busy`` while steps run; ``over`` at the end)."""

    SETUP = "setup"
    WINDOW = "window"
    COUNTER = "counter"
    PROMPT = "prompt"
    BUSY = "busy"
    OVER = "over"


SETUP_PHASE = Phase.SETUP
START = Phase.START
DRAW = Phase.DRAW
SUMMON_1 = Phase.SUMMON_1
BATTLE = Phase.BATTLE
SUMMON_2 = Phase.SUMMON_2
END = Phase.END
#: the phases of a turn, in order (MIT-6.2)
PHASES = (START, DRAW, SUMMON_1, BATTLE, SUMMON_2, END)
SUMMON_PHASES = (SUMMON_1, SUMMON_2)

SETUP_MODE = Mode.SETUP
WINDOW = Mode.WINDOW
COUNTER = Mode.COUNTER
PROMPT = Mode.PROMPT
BUSY = Mode.BUSY
OVER = Mode.OVER
