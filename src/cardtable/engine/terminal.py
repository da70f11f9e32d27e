"""Helpers for a game's terminal renderer (its kit's ``terminal``): titles and wrapped lines in Rich.

The CLI (``cardtable.cli.render``) lays out the moves and calls the game's renderer; a renderer draws one
view with these helpers. They live in the engine because a game imports nothing but the engine.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text


def title_rule(console: Console, title: str) -> None:
    """A view's title (plain text) on a rule across the screen; one too long for the width goes on its own
    lines under a bare rule (a rule cuts it with '…', and its end says whose move it is)."""
    if cell_len(title) + 6 <= console.width:
        console.rule(escape(title))  # a rule's title is markup
    else:
        console.rule()
        console.print(Text(title, style="bold"))


def print_hanging(console: Console, line: Text | str, extra: int = 2) -> None:
    """Print a line that starts with spaces so that its wrapped parts start ``extra`` columns further in, not
    at the left edge, where they would read as lines of their own."""
    text = line if isinstance(line, Text) else Text(line)
    plain = text.plain
    indent = len(plain) - len(plain.lstrip(" "))
    width = console.width - indent - extra
    if not indent or cell_len(plain) <= console.width or width < 20:
        console.print(text)
        return
    for i, part in enumerate(text[indent:].wrap(console, width)):
        part.rstrip()
        console.print(Text(" " * (indent + (extra if i else 0))) + part)
