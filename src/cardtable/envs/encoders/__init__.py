"""One encoder module per game (``<game>.py``, its class named ``Encoder``), found by game name.

A game without a module here gets :class:`cardtable.envs.encoding.GenericEncoder`. Variants share their base
game's encoder only when they share its view and actions (MAOQY's oracle and ritual do not: they use the
generic one).
"""

from __future__ import annotations

import importlib
import inspect

from cardtable.engine import Game

from ..encoding import Encoder, GenericEncoder

#: game name -> module (relative to this package) holding its ``Encoder``
ENCODERS = {
    "mojo": "mojo",
    "maoqy": "maoqy",
    "mitosz": "mitosz",
    "muhq": "muhq",
}


def encoder_for(game: Game, **kw) -> Encoder:
    """The encoder of ``game`` (a loaded game: its player count and options fix the sizes). Keyword arguments
    go to the encoder (``slots=`` for the slot-encoded games)."""
    module = ENCODERS.get(game.info.name)
    if module is None:
        return GenericEncoder(game, **kw)
    cls = importlib.import_module(f"{__name__}.{module}").Encoder
    unknown = sorted(set(kw) - set(inspect.signature(cls).parameters))
    if unknown:  # e.g. slots= for a game whose actions have a fixed encoding
        raise ValueError(f"the {game.info.name} encoder takes no {', '.join(k + '=' for k in unknown)} "  # i18n: no (programmers: the Python API)
                         f"({cls.kind}; slots= is only for the slot-encoded games, see docs/envs.md)")
    return cls(game, **kw)


__all__ = ["ENCODERS", "encoder_for"]
