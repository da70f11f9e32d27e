"""Each game's encoder, named by its kit (``Kit.encoder``; ``games/<game>/kit/encoder.py``).

A game without one gets :class:`cardtable.envs.encoding.GenericEncoder`. Variants share their base
game's encoder only when they share its view and actions (MAOQY's oracle and ritual do not: they use the
generic one).
"""

from __future__ import annotations

import inspect
from typing import Any

from cardtable.engine import Game
from cardtable.engine.encoding import Encoder, GenericEncoder


def encoder_for(game: Game, **kw: Any) -> Encoder:
    """The encoder of ``game`` (a loaded game: its player count and options fix the sizes). Keyword arguments
    go to the encoder (``slots=`` for the slot-encoded games)."""
    if not game.kit.has("encoder"):
        return GenericEncoder(game, **kw)
    cls = game.kit.load("encoder")
    unknown = sorted(set(kw) - set(inspect.signature(cls).parameters))
    if unknown:  # e.g. slots= for a game whose actions have a fixed encoding
        raise ValueError(f"the {game.info.name} encoder takes no {', '.join(k + '=' for k in unknown)} "  # i18n: no (programmers: the Python API)
                         f"({cls.kind}; slots= is only for the slot-encoded games, see docs/envs.md)")
    encoder: Encoder = cls(game, **kw)
    return encoder


__all__ = ["encoder_for"]
