"""The JSON Schemas of muhq's data files (``cardtable schema muhq``): a board, a card set, one card.

Found by the engine's registry by its module name (``cardtable.games.<name>.schemas``), so it works before
there is a muhq game class; imported only when the schemas are asked for. Titles and descriptions are in the
reader's language (the models mark them for the ``muhq`` catalog).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.datafiles import json_schemas

from .words import N_, _


def schemas() -> dict[str, dict[str, Any]]:
    from .schema import Board, Card, CardSet

    return _translated(json_schemas(("board", Board, N_("muhq's game board (a file <id>.yaml, spec 6.1)")),
                                    ("set", CardSet, N_("muhq's game card set (a file <set>.yaml, spec 7.1)")),
                                    ("card", Card, N_("muhq's game card definition (spec 7.2)"))))


def _translated(schema: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """``schema`` with every description (and the titles given above) in the reader's language."""
    from .schema import DESCRIPTIONS

    def text(value: str) -> str:
        made = DESCRIPTIONS.get(value)
        if made is None:
            return _(value) if value else value
        template, params, marked = made
        return _(template, **{k: _(v) if k in marked else v for k, v in params.items()})

    def walk(node: Any, top: bool = False) -> Any:
        if isinstance(node, dict):
            return {k: text(v) if isinstance(v, str) and (k == "description" or (k == "title" and top))
                    else walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return {name: walk(s, top=True) for name, s in schema.items()}
