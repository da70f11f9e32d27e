"""How the search bot judges a Mítosz position where a rollout stops: by power points."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from cardtable.engine.search import SearchProfile, shares, softmax
from ..levels import power as _power

if TYPE_CHECKING:
    from ..state import MitoszState


def evaluate(s: MitoszState) -> list[float]:
    return shares([float(x) for x in s.scores()], max)


def graded(s: MitoszState) -> list[float]:
    """Power points (MIT-1.1.1: 12 held for a round win), graded: a lead of two points is worth about three to
    one, where ``evaluate`` calls any lead a win."""
    return softmax([float(x) for x in _power.power_totals(s)], 2.0)


PROFILE = SearchProfile(
    evaluate=evaluate,
    guided_evaluate=graded,
    defaults={"rollout_depth": 60},  # a random game is about a thousand actions
    guided_defaults={"rollout_depth": 20},
    turn=attrgetter("turn"),
    strong="ismcts-30+k3-t2-m3-z15",
)
