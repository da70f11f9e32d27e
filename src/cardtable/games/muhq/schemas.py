"""The JSON Schemas of muhq's data files (``cardtable schema muhq``): a board, a card set, one card.

Found by the engine's registry by its module name (``cardtable.games.<name>.schemas``), so it works before
there is a muhq game class; imported only when the schemas are asked for.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.datafiles import json_schemas


def schemas() -> dict[str, dict[str, Any]]:
    from .schema import Board, Card, CardSet

    return json_schemas(("board", Board, "muhq's game board (a file <id>.yaml, spec 6.1)"),
                        ("set", CardSet, "muhq's game card set (a file <set>.yaml, spec 7.1)"),
                        ("card", Card, "muhq's game card definition (spec 7.2)"))
