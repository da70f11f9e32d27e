"""A game's kit: the parts around its rules that the rest of cardtable plays it with, named in one place.

The rules say what is legal; a kit says how a computer plays the game (heuristic, search evaluator and
defaults, resampling of hidden cards), how a designer measures it (balance probe), how a learner reads it
(encoder), and how a person sees it (terminal and web renderers). ``agents/``, ``sim/``, ``envs/``,
``server/`` and ``cli/`` never import a game: they ask ``game.kit`` (or :func:`kit_of`) and get each part
from there, so adding a game is writing one package under ``cardtable.games`` (docs/engine.md, "How to add a
game").

Parts are named as ``"module:attribute"`` strings and imported when first asked for: a game's heuristic,
renderer or encoder (and numpy, Rich) cost nothing to a process that only plays it. A part left ``None``
means the game has none; the surfaces fall back to what works for every game (a random bot, JSON in the
terminal, the generic web renderer, the generic encoder, a probe reading ``State.scores()``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Kit:
    """Where each part of a game's kit lives (``"module:attribute"``), or ``None`` where it has none."""

    #: an :class:`cardtable.engine.agent.Agent` subclass, made as ``cls(game, seed)``: the rule-of-thumb player
    heuristic: str | None = None
    #: ``function(state, seat, rng) -> State``: the hidden cards redealt for ``seat`` (``State.resample``)
    resample: str | None = None
    #: a module with the hooks of pass inference (``passed_before``, ``before_pass``, ``hidden_key``,
    #: ``with_hidden``; see ``agents/inference.py``), where the game gives them
    inference: str | None = None
    #: a :class:`cardtable.engine.search.SearchProfile`: the search bot's evaluation at its depth cap, its
    #: defaults, the game's turn counter and its strongest preset
    search: str | None = None
    #: a :class:`cardtable.engine.probe.Probe` subclass for balance runs
    probe: str | None = None
    #: an encoder class for the RL environments (``cardtable.engine.encoding``)
    encoder: str | None = None
    #: a module with ``render(console, game, view, seat_names)`` (and optionally ``events``, ``move_labels``,
    #: ``SEAT_LABEL``): the terminal's picture of a view
    terminal: str | None = None
    #: the browser renderer: a script under the web table's static root (``games/mojo.js``)
    web: str | None = None
    #: the catalog domain of the renderers' words (``mojo-ui``)
    ui_domain: str | None = None
    #: a :class:`cardtable.engine.view_model.ViewModel` of what ``State.view(seat)`` returns (extra fields
    #: forbidden, so it stays complete): its JSON Schema is the view's contract for renderers and clients
    #: (``cardtable schema GAME --views``)
    view_model: str | None = None
    #: anything else a game wants its surfaces to know, by name
    extras: dict[str, str] = field(default_factory=dict, compare=False)

    def has(self, part: str) -> bool:
        return getattr(self, part) is not None

    def load(self, part: str) -> Any:
        """The part itself (imported on first use); ``LookupError`` if the game has none."""
        target = getattr(self, part)
        if target is None:
            raise LookupError(f"this game's kit has no {part}")  # i18n: no (programmers: surfaces ask has() first)
        return _resolve(target)


@lru_cache(maxsize=None)
def _resolve(target: str) -> Any:
    module, _, attribute = target.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


EMPTY = Kit()


def kit_of(game: "Game | type[Game] | str") -> Kit:
    """The kit of a game (a loaded game, its class, or its registered name)."""
    if isinstance(game, str):
        from .registry import game_class

        return game_class(game).kit
    return game.kit
