"""muhq's effect vocabulary (spec 7.6): every step a card's effect may take, one class each, registered here.

A step's class (``effects_steps``) names its parameter model (the data contract in ``schema/effects.py``,
which the loader checks card files against), resolves a step and carries its flags (``asks``: it may stop the
resolution for a player's choice). A step as the rules hold it is the card data's mapping
(``{do: damage, to: T1, amount: 2}``); its ``do`` names the primitive. The resolution loop and its
suspend/resume are the engine's (:mod:`cardtable.engine.effects`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.effects import ASKS, Primitive, Vocabulary

from .schema import STEP_MODELS

if TYPE_CHECKING:
    from .effects import Ctx
    from .state import MuhqState



def _parts(step: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return step["do"], step


class MuhqPrimitive(Primitive["MuhqState", dict[str, Any], "Ctx"]):
    """A step of muhq, resolved in a context: its source, its controller ("you"), its chosen targets."""


VOCABULARY: Vocabulary[MuhqState, Ctx] = Vocabulary("muhq", parts=_parts)


def check_vocabulary() -> None:
    """Every step of the schema has its class with the schema's model (``state`` calls it once at import)."""
    VOCABULARY.check(dict(STEP_MODELS))


__all__ = ["ASKS", "MuhqPrimitive", "VOCABULARY", "check_vocabulary"]
