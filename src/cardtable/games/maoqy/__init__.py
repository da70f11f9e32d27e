"""MAOQY Level 1 (rulebook 000_a4484b155cecb053.txt, spec rules/maoqy.md): collect a whole kingdom in a street."""

from cardtable.engine import register

from .game import MaoqyGame

register(MaoqyGame)

__all__ = ["MaoqyGame"]
