"""The terminal play loop itself (cardtable.cli.play), whatever the game: its help and its result table."""

import io
import subprocess
import sys

from rich.console import Console

from cardtable.cli.play import play_terminal
from cardtable.engine import load


def cardtable(*args, input=None, columns=120):
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli.app", *args],
        input=input, capture_output=True, text=True, timeout=300,
        env={"COLUMNS": str(columns), "PATH": "/usr/bin:/bin", "TERM": "dumb"},
    )


def test_the_result_table_shows_a_score_of_several_numbers_in_words():
    """muhq's score (resource and VP) was printed as a Python dict: "{'resource': 0, 'vp': 0}"."""
    console = Console(file=io.StringIO(), width=80, color_system=None)
    game = load("muhq", options={"max_turns": 2})
    play_terminal(console, game, ["random", "random"], 1, read=lambda prompt: "q")
    text = console.file.getvalue()
    table = text[text.index("Final result"):]
    assert "{" not in table and "'" not in table, table
    assert "resource " in table and "VP " in table, table
