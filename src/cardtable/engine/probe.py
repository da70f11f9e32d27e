"""The base of a game's balance probe (its kit's ``probe``): what a balance run learns from one game.

``cardtable.sim.probes`` says what a probe gives and how the report reads it; a game's own probe subclasses
:class:`Probe` in its kit (``games/<game>/kit/probe.py``). It lives in the engine because a game imports
nothing but the engine.
"""

from __future__ import annotations

from typing import Any

from .i18n import N_


class Probe:
    """The default probe: standing from numeric scores, no features, one unit per seat."""

    #: what the standing (and so the winning margin) counts
    standing_label = N_("score")
    #: what the features of the impact table are, in the report's words ("card played", "kingdom of the street")
    feature_label = N_("feature")
    #: what a unit of the impact table is ("game" or "round"; sim/report.py UNITS has their plurals)
    unit_label = N_("game")
    #: the report's row for ``first_player`` and the words of its warning (English in balance.json, read
    #: through the catalog where they are shown)
    first_label = N_("first to act")
    first_words = N_("the first player to act")


    def first_player(self, state: Any) -> int:
        """The seat that moves first, asked before the first action."""
        seat: int = state.current_player
        return seat

    def start(self, state: Any) -> None:
        """Called once before the first action."""

    def after(self, state: Any, actor: int, action: Any) -> None:
        """Called after every action (``actor`` took ``action``)."""

    def standing(self, state: Any) -> list[float]:
        scores = state.scores()
        if all(isinstance(x, (int, float)) for x in scores):
            return [float(x) for x in scores]
        return [0.0] * len(scores)

    def features(self, state: Any) -> list[list[str]]:
        """Per seat, the features this seat had in the game (sorted, each once)."""
        return [[] for _ in range(state.game.num_players)]

    def units(self, state: Any, returns: list[float]) -> list[dict[str, Any]]:
        return [{"seat": seat, "features": feats, "outcome": returns[seat]}
                for seat, feats in enumerate(self.features(state))]

    def extra(self, state: Any) -> dict[str, float]:
        return {}
