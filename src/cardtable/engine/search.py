"""What a search bot needs to know about one game (its kit's ``search``), and the helpers to say it.

The search (``cardtable.agents.ismcts``) is generic; a game's :class:`SearchProfile` tells it how to judge a
position where a rollout stops early, how deep to roll out, how to count turns, and which pruned search is the
game's strongest. A game without a profile is searched with the neutral evaluation and the general defaults.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

#: a state (of the game's own class: the profile is the game's) -> each seat's share of a win
Evaluation = Callable[[Any], list[float]]


@dataclass(frozen=True)
class SearchProfile:
    #: each seat's share of a win, from a (determinized) state where a rollout stopped at its depth cap
    evaluate: Evaluation | None = None
    #: the same for the guided search (heuristic prior or candidates), where it differs: a graded evaluation
    guided_evaluate: Evaluation | None = None
    #: parameters that differ from the general ones (``rollout_depth``)
    defaults: dict[str, Any] = field(default_factory=dict)
    #: the same for the guided search
    guided_defaults: dict[str, Any] = field(default_factory=dict)
    #: the turn counter a rollout of ``rollout_turns`` reads; None: the game has no turns to align with
    turn: Callable[[Any], int] | None = None
    #: the search name ``ismcts-strong`` stands for in this game, when it is not the plain 1,000 iterations
    strong: str | None = None


def shares(values: list[float], best: Callable[[list[float]], float]) -> list[float]:
    """A win shared equally by the seats whose value is the best (``min`` or ``max``)."""
    top = best(values)
    winners = [i for i, v in enumerate(values) if v == top]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(values))]


def softmax(values: list[float], temperature: float) -> list[float]:
    """Graded shares: a lead of ``temperature`` is worth e to one."""
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
