"""The game registry. Games are plugins: they register here, and the engine never names one.

Games are found through the ``cardtable.games`` entry-point group (how an installed package,
ours or a third party's, offers a game) and, for a source checkout that is not installed, by
importing the subpackages of ``cardtable.games``.
"""

from __future__ import annotations

import importlib
import pkgutil
from importlib import metadata
from typing import Any, Mapping

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.info.name``; usable as a class decorator."""
    _GAMES[cls.info.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in metadata.entry_points(group="cardtable.games"):
        register(entry.load())
    try:
        package = importlib.import_module("cardtable.games")
    except ImportError:  # pragma: no cover - the package always ships its games
        return
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)


def game_names() -> list[str]:
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name, sorted(_GAMES)) from None


def load(name: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``name`` for ``players`` seats with ``options``; raises UnknownGame or OptionError."""
    return game_class(name)(players=players, options=options)
