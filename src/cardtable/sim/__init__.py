"""Playing many games: matches between agents, seat rotation, summaries with confidence intervals."""

from .runner import GameOutcome, play_game, simulate
from .stats import wilson_interval

__all__ = ["GameOutcome", "play_game", "simulate", "wilson_interval"]
