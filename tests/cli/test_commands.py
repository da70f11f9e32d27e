"""How the command modules fit together (cardtable/cli/app.py names the commands, each module holds one job)."""

import inspect
import subprocess
import sys

import pytest
import typer

from cardtable.engine import CardtableError


def test_the_commands_are_listed_in_their_order():
    import typer.main

    from cardtable.cli.app import app

    group = typer.main.get_command(app)
    assert list(group.commands) == ["games", "play", "simulate", "tournament", "replay", "schema", "rules", "serve",
                                    "balance", "studio", "i18n"]


def test_no_command_module_imports_the_app():
    """`python -m cardtable.cli.app` runs the app module as __main__: a command module that imported
    ``cardtable.cli.app`` would build a second app beside it."""
    modules = ["listing", "tables", "runs", "records", "schema", "balance", "whatif", "studio", "i18n", "output",
               "options"]
    script = ("import sys\n" + "".join(f"import cardtable.cli.{m}\n" for m in modules)
              + "print('cardtable.cli.app' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_handles_errors_keeps_the_signature_typer_reads_and_turns_an_error_into_exit_code_2(capsys):
    from cardtable.cli.output import handles_errors

    def command(game: str, n: int = 3) -> str:
        """Doc."""
        if n < 0:
            raise CardtableError("n is negative")
        return game * n

    wrapped = handles_errors(command)
    assert inspect.signature(wrapped) == inspect.signature(command) and wrapped.__name__ == "command"
    assert wrapped.__doc__ == "Doc."
    assert wrapped("a", 2) == "aa"
    with pytest.raises(typer.Exit) as stopped:
        wrapped("a", -1)
    assert stopped.value.exit_code == 2
    assert "error: n is negative" in capsys.readouterr().err


def test_games_bar_counts_games_or_stays_away():
    from cardtable.cli.output import games_bar

    with games_bar("quiet", 3, shown=False) as tick:
        assert tick is None
    with games_bar("three games", 3) as tick:
        assert tick is not None
        for _ in range(3):
            tick()


def test_parse_options_reads_json_and_keeps_a_text_option_as_typed():
    from cardtable.cli.options import parse_options

    assert parse_options(["hand_size=5", "name=x y", "flags=[1, 2]"]) == {"hand_size": 5, "name": "x y",
                                                                          "flags": [1, 2]}
    assert parse_options(["deck_a=123"], "mitosz") == {"deck_a": "123"}  # a deck's name, never a number
    with pytest.raises(CardtableError, match="key=value"):
        parse_options(["hand_size"])
