"""MAOQY Level 1 (rulebook 000_a4484b155cecb053.txt, spec rules/maoqy.md): collect a whole kingdom in a street."""

from cardtable.engine import register

from .game import MaoqyGame
from .oracle import MaoqyOracleGame  # Level 2, a proposal (spec 10.1)
from .ritual import MaoqyRitualGame  # Level 3, a proposal (spec 10.2)

register(MaoqyGame)
register(MaoqyOracleGame)
register(MaoqyRitualGame)

__all__ = ["MaoqyGame", "MaoqyOracleGame", "MaoqyRitualGame"]
