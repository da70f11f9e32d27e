"""Mítosz 1.1.2 (rulebook 003_7c28ce48248c7640.txt, spec rules/mitosz.md): cards as data, the sample set, and
every rule outside fights (fights and three or more players: Mítosz II)."""

from cardtable.engine import register

from .game import MitoszGame

register(MitoszGame)

__all__ = ["MitoszGame"]
