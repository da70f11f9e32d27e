"""Every primitive of Mítosz's effect vocabulary, registered: the modules that define them register them with
``effect_vocabulary.VOCABULARY`` when they are imported, and this module imports them all. Whatever reads the
vocabulary whole (a card's text, the check that every primitive the schema names is implemented) imports this."""

from __future__ import annotations

from .effects import attach as attach, board as board, interpreter as interpreter, lasting as lasting
from .effects import play as play, zones as zones
from .fights import keywords as keywords
