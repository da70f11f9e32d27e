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


def test_help_names_every_command_and_shows_this_games_json():
    """'?' printed a Mojo move as the JSON example in every game ({"type": "play", "card": 17, "pile": 0} in
    Mítosz, where no move has a pile) and left out the other spellings the loop takes (h, view, quit …)."""
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4", input="?\nq\n")
    assert out.returncode == 0, out.stderr
    help_text = out.stdout[out.stdout.index("your move [1-1]: ") + 17:out.stdout.index("Game left unfinished")]
    assert '"pile"' not in help_text
    assert '{"type": "pass"}' in help_text  # the first move listed, as JSON
    for words in ("?, h, help", "v, view", "q, quit, exit", "1 to 1"):
        assert words in help_text, help_text
