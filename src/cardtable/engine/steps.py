"""A played game's positions, step by step, for looking back at it (the web table's replay bar, `cardtable replay
--step`): the state after its first n actions, replayed from the seed."""

from __future__ import annotations

from typing import Any, Sequence

from .game import Game, State
from .i18n import Translator

_ = Translator("cardtable")


class Steps:
    """The positions of one game: ``at(n)`` is the state after its first ``n`` actions (0: the deal). The states at
    every ``every``-th action are kept as they pass, so going back or forth costs at most ``every`` actions."""

    def __init__(self, game: Game, seed: int, actions: Sequence[tuple[int, Any]], every: int = 64):
        self.game = game
        self.seed = seed
        self.actions = actions  # (player, action or its JSON), as a state's history or a record holds them
        self.every = every
        self._kept: dict[int, State] = {}

    def __len__(self) -> int:
        return len(self.actions)

    def kept(self) -> list[int]:
        """The steps whose states are kept (for tests and curious readers)."""
        return sorted(self._kept)

    def at(self, step: int) -> State:
        """The state after the first ``step`` actions: a state of the caller's own (changing it changes nothing
        here). A step outside 0 to ``len(self)`` is a ValueError."""
        if not 0 <= step <= len(self.actions):
            raise ValueError(_("the game has {n} actions: choose a step from 0 to {n}", n=len(self.actions)))
        kept = self._kept
        start = max((k for k in kept if k <= step), default=None)
        state = self.game.new_initial_state(seed=self.seed) if start is None else kept[start].clone()
        for n in range(0 if start is None else start, step):
            if n % self.every == 0 and n not in kept:
                kept[n] = state.clone()
            player, action = self.actions[n]
            state.apply(action, player=player)
        return state
