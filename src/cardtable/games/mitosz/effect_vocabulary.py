"""Mítosz's effect vocabulary (spec 6.4): every primitive a card may call, one class each, registered here.

A primitive's class (in the module of its job: ``zones``, ``board``, ``lasting``, ``attach``, ``play``,
``interpreter``, and the battle keywords in ``fights/keywords``) names its parameter model (the data
contract in ``schema/primitives.py``, which the loader checks card files against), resolves a call, says how
a call reads (its template, filled by ``text.fill_call``) and carries its flags:

- ``continuous``: a static or a token may use it (spec 6.7); ``static_only``: it adds at a rule step, never
  when a maneuver resolves. Both are read from the schema, which checks data files with them.
- ``fight``: a battle keyword (arrow volley, poison, fear, force retreat), meaningful only in a fight.
- ``asks``: it may stop the resolution to ask a player (a discard, a search, an order, a choice).

The resolution loop and its suspend/resume are the engine's (:mod:`cardtable.engine.effects`): a stack item
keeps the calls still to run in ``Item.queue``, and an answer resumes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.effects import ASKS, Primitive, Vocabulary

from .cards import call_parts
from .schema.primitives import CONTINUOUS, PRIMITIVES, STATIC_ONLY

if TYPE_CHECKING:
    from .core import Item
    from .state import MitoszState

#: a battle keyword (MIT-7.2.5), meaningful only in a fight
FIGHT = frozenset({"fight"})


class MitoszPrimitive(Primitive["MitoszState", Any, "Item"]):
    """A primitive of Mítosz, resolved for a stack item (its user's player, its card, its chosen targets)."""

    flags: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("name")
        if isinstance(name, str):  # the schema's flags join the class's own (one source: the data contract)
            cls.flags = cls.flags | {flag for flag, names in (("continuous", CONTINUOUS), ("static_only", STATIC_ONLY))
                                     if name in names}

    def text(self, p: Any, fill: Callable[[str, Any], str]) -> str:
        try:
            return super().text(p, fill)
        except (KeyError, ValueError, IndexError):  # a template naming a field these parameters lack
            return self.name.replace("_", " ")


VOCABULARY: Vocabulary[MitoszState, Item] = Vocabulary("Mítosz", parts=call_parts)


def check_vocabulary() -> None:
    """Every primitive of the schema has its class with the schema's parameter model (``state`` calls it once at
    import, when the effects and the fights have registered theirs)."""
    VOCABULARY.check(dict(PRIMITIVES))


__all__ = ["ASKS", "FIGHT", "MitoszPrimitive", "VOCABULARY", "check_vocabulary"]
