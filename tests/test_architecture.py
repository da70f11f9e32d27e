"""Dependencies point one way (DESIGN.md): games -> engine; nothing in engine or a game imports outward."""

from tests.imports import SRC as SOURCES, imported_modules, imports_of

SRC = SOURCES / "cardtable"


def test_engine_imports_no_game_bot_or_surface():
    for path, module in imports_of(SRC / "engine"):
        assert not module.startswith(("cardtable.games", "cardtable.agents", "cardtable.cli", "cardtable.sim")), (path, module)


def test_games_import_only_the_engine_and_themselves():
    for game_dir in (SRC / "games").iterdir():
        if not game_dir.is_dir() or game_dir.name.startswith("__"):
            continue
        for path, module in imports_of(game_dir):
            if module.startswith("cardtable."):
                assert module.startswith(("cardtable.engine", f"cardtable.games.{game_dir.name}")), (path, module)


def test_relative_imports_are_resolved():
    # the checks above read relative imports too: `from ...agents import base` in a game is cardtable.agents.base
    probe = "from ...agents import base\nfrom .. import maoqy\nfrom . import state\nfrom .cards import Card\n"
    found = set(imported_modules(SRC / "games" / "mojo" / "probe.py", probe))
    assert {"cardtable.agents", "cardtable.agents.base", "cardtable.games", "cardtable.games.maoqy",
            "cardtable.games.mojo", "cardtable.games.mojo.state", "cardtable.games.mojo.cards"} <= found
