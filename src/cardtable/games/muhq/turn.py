"""Where muhq's turn is, as the state keeps it: the phase, the step of the turn machine and the kind of decision
waiting (``mode``).

Each is a ``StrEnum`` whose values are the names views, records, digests and goldens have always shown: a member is
a ``str``, so ``json``/``orjson`` write its value, an f-string or ``str()`` gives its value, and it finds the same
entries in a table keyed by the plain names (``hash`` and ``==`` are ``str``'s). Its ``repr`` differs: no member goes
into a ``repr`` that a digest sees.

The members are also module constants, and the rules compare with those by identity (``self.mode is PRIORITY``):
reading a module constant is several times cheaper than an enum's class attribute, and ``is`` keeps the cost of a
comparison at nothing, where ``==`` between a ``StrEnum`` and a ``str`` loses the interpreter's string fast path.
A value that comes from outside (a test's or a caller's plain string) is compared with ``==`` or converted first.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """The phase of the turn (MUHQ-TURN-1), or the draft before the first turn."""

    DRAFT = "draft"
    START = "start"
    UPKEEP = "upkeep"
    ACTION = "action"
    BUY = "buy"
    END = "end"


class Step(StrEnum):
    """The step of the turn machine (flow.STEPS): a "*_prio" step is the priority round at the end of a phase
    (MUHQ-STACK-9); ``next_turn`` lies between two turns."""

    DRAFT = "draft"
    START = "start"
    START_PRIO = "start_prio"
    UPKEEP_INCOME = "upkeep_income"
    UPKEEP_SCORE = "upkeep_score"
    UPKEEP_TRIGGERS = "upkeep_triggers"
    UPKEEP_TRIGGER_PRIO = "upkeep_trigger_prio"
    UPKEEP_PAY = "upkeep_pay"
    UPKEEP_PRIO = "upkeep_prio"
    ACTION = "action"
    CLOSING = "closing"
    ACTION_PRIO = "action_prio"
    BUY = "buy"
    BUY_PRIO = "buy_prio"
    DISCARD = "discard"
    END_PRIO = "end_prio"
    NEXT_TURN = "next_turn"


class Mode(StrEnum):
    """The kind of decision the player to act has to make (flow.advance)."""

    DRAFT = "draft"
    DROP = "drop"
    PLACE_TOKEN = "place_token"
    TRIGGER = "trigger"
    PRIORITY = "priority"
    OPEN = "open"  # the active player's action phase with an empty stack
    UPKEEP = "upkeep"
    CLOSING = "closing"  # the order of the last activations
    BUY = "buy"
    DISCARD = "discard"
    OVER = "over"


# The members as module constants (see above). Names that two enums share carry the enum's word.
DRAFT_PHASE = Phase.DRAFT
START_PHASE = Phase.START
UPKEEP_PHASE = Phase.UPKEEP
ACTION_PHASE = Phase.ACTION
BUY_PHASE = Phase.BUY
END_PHASE = Phase.END

DRAFT_STEP = Step.DRAFT
START_STEP = Step.START
START_PRIO = Step.START_PRIO
UPKEEP_INCOME = Step.UPKEEP_INCOME
UPKEEP_SCORE = Step.UPKEEP_SCORE
UPKEEP_TRIGGERS = Step.UPKEEP_TRIGGERS
UPKEEP_TRIGGER_PRIO = Step.UPKEEP_TRIGGER_PRIO
UPKEEP_PAY = Step.UPKEEP_PAY
UPKEEP_PRIO = Step.UPKEEP_PRIO
ACTION_STEP = Step.ACTION
CLOSING_STEP = Step.CLOSING
ACTION_PRIO = Step.ACTION_PRIO
BUY_STEP = Step.BUY
BUY_PRIO = Step.BUY_PRIO
DISCARD_STEP = Step.DISCARD
END_PRIO = Step.END_PRIO
NEXT_TURN = Step.NEXT_TURN

DRAFT_MODE = Mode.DRAFT
DROP = Mode.DROP
PLACE_TOKEN = Mode.PLACE_TOKEN
TRIGGER = Mode.TRIGGER
PRIORITY = Mode.PRIORITY
OPEN = Mode.OPEN
UPKEEP_MODE = Mode.UPKEEP
CLOSING_MODE = Mode.CLOSING
BUY_MODE = Mode.BUY
DISCARD_MODE = Mode.DISCARD
OVER = Mode.OVER
