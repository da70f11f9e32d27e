"""Terminal renderers of views: each game's kit names its own (``Kit.terminal``); JSON for games without one.

A renderer only ever gets a view (what one player, or a spectator, may see) and the game's public
catalogue: it cannot show what the viewer may not see.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from cardtable.engine import Action, Game
from cardtable.engine.i18n import Translator
from cardtable.engine.kit import kit_of
from cardtable.engine.terminal import print_hanging, title_rule

_ = Translator("cardtable")

def renderer(game: Game | str) -> ModuleType | None:
    """The game's terminal renderer (its kit's ``terminal`` module), or None: the view is printed as JSON."""
    kit = kit_of(game)
    module: ModuleType | None = kit.load("terminal") if kit.has("terminal") else None
    return module


def seat_label(game: Game | str, seat: int) -> str:
    """How the terminal's own lines name a seat: as the game's board and log do ('P1' in Mítosz and muhq, a
    renderer's ``SEAT_LABEL``), else 'seat 1'."""
    module = renderer(game)
    label = getattr(module, "SEAT_LABEL", None)
    return label.format(seat) if label else _("seat {seat}", seat=seat)



#: From this many moves on, a list of short labels is laid out in columns.
COLUMNS_FROM = 12


def print_moves(console: Console, labels: list[str]) -> None:
    """The numbered moves, one a line; a long list whose labels fit two or more columns in the console's width
    is printed in columns, numbered down each column and each column as wide as its longest entry (as ``ls``
    does), so that the moves of a kind stay together and a MAOQY turn's thirty moves fit a screen."""
    digits = max(2, len(str(len(labels))))
    entries = [Text(f"  {i:>{digits}} ") + Text(label) for i, label in enumerate(labels, 1)]
    for entry in entries:
        entry.stylize("bold", 2, 2 + digits)
    widths = [cell_len(e.plain) for e in entries]
    rows = len(entries)
    if len(entries) >= COLUMNS_FROM:
        for try_rows in range(-(-len(entries) // 8), -(-len(entries) // 2) + 1):  # 2 to 8 columns, the fewest rows
            columns = [widths[k:k + try_rows] for k in range(0, len(widths), try_rows)]
            if sum(max(c) + 2 for c in columns[:-1]) + max(columns[-1]) <= console.width:
                rows = try_rows
                break
    if rows == len(entries):
        for entry in entries:
            print_hanging(console, entry, extra=digits + 2)
        return
    column_widths = [max(widths[k:k + rows]) + 2 for k in range(0, len(widths), rows)]
    for r in range(rows):
        line = Text()
        for c, k in enumerate(range(r, len(entries), rows)):
            if c:
                line.append(" " * (column_widths[c - 1] - widths[k - rows]))
            line.append_text(entries[k])
        console.print(line, overflow="ignore", crop=False, no_wrap=True)


def render_view(console: Console, game: Game, view: dict[str, Any], seat_names: list[str]) -> None:
    module = renderer(game)
    if module is None:
        console.print_json(json.dumps(view))
    else:
        module.render(console, game, view, seat_names)


def describe_events(game: Game, before: dict[str, Any], after: dict[str, Any], actor: int,
                    seat_names: list[str]) -> list[str]:
    """Public consequences of an action (a draw, a round's end) worth telling everyone."""
    module = renderer(game)
    if module is None or not hasattr(module, "events"):
        return []
    events: list[str] = module.events(game, before, after, actor, seat_names)
    return events


def move_labels(game: Game, view: dict[str, Any], actions: list[Action]) -> list[str]:
    """The labels of the legal moves as the terminal lists them: ``game.move_label`` (read from the mover's
    ``view``), unless the game's renderer tells equal-looking moves apart (``move_labels``)."""
    module = renderer(game)
    if module is not None and hasattr(module, "move_labels"):
        labels: list[str] = module.move_labels(game, view, actions)
        return labels
    return [game.move_label(a, view) for a in actions]
