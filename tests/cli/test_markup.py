"""Text the terminal prints but did not write itself (a designer's card, board or ritual names, file paths, log
lines, action labels, error messages) is printed as it is: Rich does not read its square brackets as markup,
so '[/x]' raises no MarkupError and '[old]' does not vanish; an error line stays one line however long."""

import io
from pathlib import Path

from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import render_view
from cardtable.engine import load

from .helpers import cardtable

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "games"
NAME = "[/x] [old]"


def _copy(source: Path, target: Path, *replacements: tuple[str, str]) -> Path:
    """A designer's data file: a packaged one copied and edited."""
    text = source.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


# -- the reproductions of the bug ------------------------------------------------------------------------------
def test_a_rejected_move_shows_the_message_as_typed():
    out = cardtable("play", "mojo", "--seat", "human", "--seed", "1", input='{"type": "[/x]"}\nq\n')
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert "Rejected (ACTION-1): unknown action type '[/x]'" in out.stdout
    assert "Game left unfinished" in out.stdout


def test_an_unknown_agent_with_brackets_is_one_error_line():
    out = cardtable("simulate", "mojo", "-n", "1", "--agents", "[/x]", columns=80)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert out.stderr.startswith("error: unknown agent '[/x]'")
    assert out.stderr.count("\n") == 1, out.stderr


def test_a_long_error_line_is_not_wrapped(tmp_path):
    folder = tmp_path / ("a-folder-that-does-not-exist-" * 6)[:150]
    record = folder / "r.jsonl"
    out = cardtable("simulate", "mojo", "-n", "1", "--record", str(record), columns=80)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1, out.stderr
    assert f"error: cannot write {record}: No such file or directory" in out.stderr


def test_a_file_name_with_brackets_is_printed_whole(tmp_path):
    record = tmp_path / "run[old].jsonl"
    out = cardtable("simulate", "mojo", "-n", "1", "--record", str(record), columns=400)
    assert out.returncode == 0, out.stderr
    assert record.exists()
    assert f"Records written to {record}\n" in out.stdout


# -- a designer's names in each game's terminal renderer ---------------------------------------------------------
def test_muhq_a_board_name_from_the_designers_file(tmp_path):
    _copy(SRC / "muhq" / "data" / "three-hills.yaml", tmp_path / "muhq" / "my-board.yaml",
          ("id: three-hills", "id: my-board"), ("name: Three Hills", f'name: "Hills {NAME}"'))
    out = cardtable("play", "muhq", "--seat", "heuristic", "--seat", "heuristic", "-o", "board=my-board",
                    "--seed", "1", data_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert f"muhq's game · Hills {NAME} · turn" in out.stdout  # the rule's title
    assert f"Hills {NAME} (6 × 6)" in out.stdout


def test_mitosz_a_card_name_from_the_designers_set(tmp_path):
    # A set ABC: the sample set with a nation renamed, and a deck of it (docs/mitosz.md, "Sets and decks").
    renamed = ("Sunfield Herders", f"Sunfield {NAME}")
    _copy(SRC / "mitosz" / "data" / "smp.yaml", tmp_path / "mitosz" / "abc.yaml",
          ("SMP-", "ABC-"), ("code: SMP", "code: ABC"), ("set: SMP", "set: ABC"), renamed)
    _copy(SRC / "mitosz" / "data" / "deck-dawn-court.yaml", tmp_path / "mitosz" / "deck-ours.yaml",
          ("SMP-", "ABC-"), renamed)
    out = cardtable("play", "mitosz", "--seat", "heuristic", "--seat", "heuristic", "-o", "deck_a=ours",
                    "-o", "deck_b=ours", "--seed", "1", data_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert f"(heuristic): place Sunfield {NAME} at" in out.stdout  # the bot's move
    assert f"  · P0 places Sunfield {NAME} at" in out.stdout  # the log line after it


def test_maoqy_a_designers_ritual_and_a_seat_name(tmp_path):
    # MAOQY's own cards are not data (their names are in the code); a designer's free text lives in the
    # Level 2/3 files (meanings, rituals), which `play` shows as the JSON view.
    _copy(SRC / "maoqy" / "data" / "ritual-default.yaml", tmp_path / "maoqy" / "ritual-ours.yaml",
          ("title: Six complementary pairs and the centre (example of P3.3)", f'title: "Pairs {NAME}"'))
    out = cardtable("play", "maoqy-ritual", "--seat", "random", "-o", "ritual=ours", "--seed", "1", data_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert f'"title": "Pairs {NAME}"' in out.stdout
    # The terminal renderer of Level 1 on a seat whose name has brackets.
    text = _render_a_whole_game("maoqy", {"kingdoms": ["red", "blue"], "turn_limit": 100, "street_min": 2})
    assert f"{NAME} (you)" in text


def test_mojo_a_seat_name_in_the_renderer():
    # Mojo has no data files: its cards are numbers and colours in the code, and no option is free text.
    text = _render_a_whole_game("mojo", {"target_score": 15})
    assert f"{NAME} (you)" in text


def _render_a_whole_game(name: str, options: dict) -> str:
    """A bot game rendered as seat 0, named NAME, sees it after every move."""
    game = load(name, players=2, options=options)
    names = [NAME, "random"]
    state = game.new_initial_state(seed=3)
    agents = [make_agent("random", game, i) for i in range(2)]
    console = Console(file=io.StringIO(), width=120, color_system=None)
    while not state.is_terminal():
        p = state.current_player
        state.apply(agents[p].act(Observation(state, p)), player=p)
        render_view(console, game, state.view(0), names)
    return console.file.getvalue()
