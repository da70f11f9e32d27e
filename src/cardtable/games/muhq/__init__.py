"""muhq's game (seed 004_79adae7f4d05d27f.txt, spec rules/muhq.md): a tactical card game on a grid board.

Boards (spec 6) and card sets (spec 7) are YAML data (``data``, validated by ``schema``); the rules engine
interprets them (``state`` and its mixins). The JSON Schemas are exported by ``schemas``.
"""

from cardtable.engine import register

from .game import MuhqGame

register(MuhqGame)

__all__ = ["MuhqGame"]
