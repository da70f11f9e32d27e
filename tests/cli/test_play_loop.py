"""The terminal play loop itself (cardtable.cli.play), whatever the game: its help and its result table."""

import io
import re

import pytest
from rich.console import Console

from cardtable.cli.play import play_terminal
from cardtable.engine import load

from .helpers import cardtable


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
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4", "--forced", "ask",
                    input="?\nq\n")
    assert out.returncode == 0, out.stderr
    help_text = out.stdout[out.stdout.index("your move [1]: ") + 15:out.stdout.index("Game left unfinished")]
    assert '"pile"' not in help_text
    assert '{"type": "pass"}' in help_text  # the first move listed, as JSON
    for words in ("?, h, help", "v, view", "q, quit, exit", "1 to 1"):
        assert words in help_text, help_text
    assert "[1-1]" not in out.stdout  # a single move is asked for as [1]


@pytest.mark.parametrize("game, moves", [("maoqy", 2), ("muhq", 22)])
def test_a_long_title_is_not_cut_at_80_columns(game, moves):
    """At 80 columns the title rule cut its end, the part that says whose move it is: 'MAOQY · turn 0 of 2000 ·
    counter-clockwise ↺ (seat 0 → 1) · your turn (seat…', 'muhq's game · … · action phase · your…'."""
    out = cardtable("play", game, "--seat", "human", "--seed", "7", input="1\n" * moves + "q\n", columns=80)
    assert out.returncode == 0, out.stderr
    assert not re.search(r"^─.*…", out.stdout, re.M), out.stdout
    assert re.search(r"your (turn|move)", re.split(r"(?:Seat 0|P0), your move", out.stdout)[-2]), out.stdout[-3000:]


def test_a_long_move_or_event_wraps_under_itself(monkeypatch):
    """A move label or a log line longer than the screen went on at the left edge ('its W road' under the move
    numbers) at 80 columns; it goes on under its own start."""
    import cardtable.cli.play as play

    game = load("mojo", 2)
    long_words = " ".join(["declares a battle through its W road"] * 4)
    monkeypatch.setattr(game, "action_label", lambda action: f"play {long_words}")
    monkeypatch.setattr(play, "describe_events",
                        lambda *args: [f"  · P1 {long_words}"])
    console = Console(file=io.StringIO(), width=80, color_system=None)
    answers = iter(["1", "q"])
    play_terminal(console, game, ["human", "random"], 4, read=lambda prompt: next(answers))
    lines = console.file.getvalue().splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("   1 play declares"))
    assert lines[first + 1].startswith("     ") and lines[first + 1].split()[0].isalpha(), lines[first + 1]
    event = next(i for i, line in enumerate(lines) if line.startswith("  · P1 declares"))
    assert lines[event + 1].startswith("    "), lines[event + 1]


def forced_prompts(text: str) -> int:
    return text.count("your move [1]: ")


def test_a_players_only_move_is_taken_without_asking_against_bots():
    """A Mítosz game asked about 300 times for a pass that was the player's only move (the table drawn each
    time), against about 100 real decisions. Against bots it is now taken and said; a choice is still asked."""
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4", input="1\n" * 40 + "q\n")
    assert out.returncode == 0, out.stderr
    assert forced_prompts(out.stdout) == 0
    assert out.stdout.count("P0 (you): pass (your only move)") >= 3, out.stdout[-3000:]
    assert re.search(r"P0, your move \[1-\d+\]: ", out.stdout)  # the real decisions are asked
    asked = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4", "--forced", "ask",
                      input="1\n" * 40 + "q\n")
    assert forced_prompts(asked.stdout) >= 3 and "(your only move)" not in asked.stdout


def test_hot_seat_asks_for_an_only_move_unless_told_to_take_it():
    """OP-43: in hot-seat a turn that went by without a handover would tell the others the player had no
    answer, so the default there is to ask; --forced take takes it all the same."""
    hot = ["--seat", "human", "--seat", "human", "--seed", "4"]
    asked = cardtable("play", "mitosz", *hot, input="\n1\n" * 6 + "q\n")
    assert asked.returncode == 0, asked.stderr
    assert forced_prompts(asked.stdout) >= 1 and "only move)" not in asked.stdout
    taken = cardtable("play", "mitosz", *hot, "--forced", "take", input="\n1\n" * 6 + "q\n")
    assert taken.returncode == 0, taken.stderr
    assert "P0 (human): pass (the only move)" in taken.stdout  # told as the public hears it: see below
    bad = cardtable("play", "mitosz", "--forced", "sometimes")
    assert bad.returncode == 2 and "sometimes" in bad.stderr


def test_in_hot_seat_an_only_move_taken_is_told_as_the_public_hears_it(monkeypatch):
    """The seat whose only move is taken may not be the one at the keyboard: its move was labelled from its own
    view, which could name a card of its hand (a searched card, a commander named from the hand) on another
    player's screen. It is told from the public view, as a bot's move is."""
    game = load("mitosz")
    monkeypatch.setattr(game, "view_label", lambda action, view: "the card only its holder may see"
                        if view.get("viewer") is not None else None)
    console = Console(file=io.StringIO(), width=100, color_system=None)
    answers = iter(["", "q"])
    play_terminal(console, game, ["human", "human"], 4, read=lambda prompt: next(answers), take_forced=True)
    text = console.file.getvalue()
    taken = [line for line in text.splitlines() if "only move)" in line]
    assert "P0 (human): pass (the only move)" in taken
    assert not [line for line in taken if "only its holder may see" in line], taken


def test_alone_at_the_table_each_only_move_is_asked():
    """A MAOQY oracle has one move at every step (reveal the next card): taken for the reader, the whole reading
    ran out at once. Alone, the default asks."""
    out = cardtable("play", "maoqy-oracle", "--seed", "7", input="1\n" + "q\n")
    assert out.returncode == 0, out.stderr
    assert forced_prompts(out.stdout) == 2 and "(your only move)" not in out.stdout
    assert out.stdout.count("seat 0 (you): reveal the next card") == 1  # one card for one Enter


def test_a_run_of_the_same_move_by_the_seats_in_turn_is_told_on_one_line():
    """A Mítosz window that everyone passes, phase after phase, printed a line per pass (about 80 % of the
    lines of a game against a bot). A run of one move is now one line, each seat with its count."""
    from cardtable.cli.play import _MoveRuns

    console = Console(file=io.StringIO(), width=200, color_system=None)
    runs = _MoveRuns(console)
    for _ in range(3):
        runs.add("pass", "P0 (you)", " [dim](your only move)[/]")
        runs.add("pass", "P1 (heuristic)")
    runs.add("summon Jarl Skeld [Ironbrow]", "P1 (heuristic)")  # another move ends the run (text, not markup)
    runs.flush()
    runs.flush()  # nothing left: prints nothing
    assert console.file.getvalue().splitlines() == [
        "P0 (you): pass ×3 (your only move) · P1 (heuristic): pass ×3",
        "P1 (heuristic): summon Jarl Skeld [Ironbrow]"]
    # in a game: the passes between two decisions come as one line, the events they cause after it
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "heuristic", "--seed", "7", input="1\n" * 30 + "q\n")
    assert out.returncode == 0, out.stderr
    assert re.search(r"^P0 \(you\): pass ×\d+ \(your only move\) · P1 \(heuristic\): pass", out.stdout, re.M)
