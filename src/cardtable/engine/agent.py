"""What a computer player is, and what it may know.

An agent never holds the state: it is handed an :class:`Observation` with the acting player's
view (spec "hidden information": only what that player may see), the legal actions (which list
only that player's own options) and the game, whose static public data (``catalogue()``) it may read.
A search bot may also ask for determinizations (:meth:`Observation.determinize`): copies of the game with
everything hidden from the player redealt at random.
"""

from __future__ import annotations

import functools
import os
import random
from typing import TYPE_CHECKING, Any

from .actions import Action as Action  # re-exported: a bot knows the engine through this module alone
from .i18n import language

if TYPE_CHECKING:
    from .game import Game as Game, State
    from .rng import Rng


#: Set to 1 (the test suite does) to make a bot's safety net raise: a heuristic that fails on a decision then
#: fails the test instead of quietly passing, which hid bugs as "the bot chose to pass".
STRICT_BOTS = "CARDTABLE_STRICT_BOTS"


def bots_are_strict() -> bool:
    """Whether a heuristic's ``except`` should re-raise (see :data:`STRICT_BOTS`); read when an error happens,
    so it costs nothing on the way of a good decision."""
    return os.environ.get(STRICT_BOTS) == "1"


def _in_source_language(method: Any) -> Any:
    @functools.wraps(method)
    def wrapped(self: Any, *args: Any, **kw: Any) -> Any:
        with language(None):
            return method(self, *args, **kw)

    wrapped._in_source_language = True  # type: ignore[attr-defined]
    return wrapped


class Observation:
    """The acting player's knowledge at a decision. The view is built only when an agent asks for it."""

    __slots__ = ("game", "player", "legal_actions", "_view_of", "_view")

    def __init__(self, state: "State", player: int):
        self.game: Game = state.game
        self.player = player
        self.legal_actions: list[Action] = state.legal_actions()
        self._view_of = state.view
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        view = self._view
        if view is None:
            view = self._view = self._view_of(self.player)
        return view

    def determinize(self, rng: "Rng") -> "State":
        """A state consistent with this player's knowledge: a copy of the game in which everything hidden from
        the player is redealt at random from ``rng`` (a ``cardtable.engine.rng.Rng``), see
        :meth:`State.resample`. The copy depends only on what the player may see and on ``rng``, so a search
        bot that plays in it reads nothing hidden. The only way an agent reaches a state."""
        state: State = self._view_of.__self__  # type: ignore[attr-defined]  # a bound method of the state
        return state.resample(self.player, rng)


class Agent:
    """A computer player. Subclasses implement :meth:`act`; ``rng`` is the agent's own seeded stream."""

    name = "agent"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every agent is made and decides in the source language, whoever reads the game: a bot that reads a
        view's, a catalogue's or a label's words (the Mítosz heuristic reads card texts and prompts) then plays
        the same move for a German reader as for an English one, and a seed gives the same game in every
        language (a server's bot seat is made and moved in the context of whichever person's request)."""
        super().__init_subclass__(**kwargs)
        for name in ("__init__", "act"):
            method = cls.__dict__.get(name)
            if method is None or getattr(method, "_in_source_language", False):
                continue
            setattr(cls, name, _in_source_language(method))

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.name}>"
