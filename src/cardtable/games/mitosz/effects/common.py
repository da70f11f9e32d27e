"""What the effect modules share: the interpreter's SUSPEND, an immunity key as a word, and the names of the zones a
card comes from."""

from __future__ import annotations

from cardtable.engine.effects import SUSPEND as SUSPEND

from ..text import immunity_word
from ..words import N_


#: where a card came from ("from the hand")
ZONE_FROM = {"hand": N_("the hand"), "deck": N_("the deck"), "afterworld": N_("the afterworld"),
             "board": N_("the board"), "stack": N_("the stack"), "oblivion": N_("oblivion")}


class _ImmunityWord:
    """An immunity key (a card type, subtype, keyword or primitive) as a word, when read."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __format__(self, spec: str) -> str:
        return format(immunity_word(self.key), spec)
