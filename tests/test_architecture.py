"""Dependencies point one way (DESIGN.md): games -> engine; nothing in engine or a game imports outward."""

import ast
from pathlib import Path

from cardtable.engine import game_class, game_names
from cardtable.engine.kit import kit_of
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


def test_surfaces_reach_games_only_through_the_registry_and_kits():
    """Issue 36: agents, simulation, environments, server and CLI import nothing of ``cardtable.games``; a game's
    heuristic, redeal, probe, encoder and renderers are its kit's (``engine/kit.py``)."""
    for part in ("agents", "sim", "envs", "server", "cli", "store", "i18n"):
        for path, module in imports_of(SRC / part):
            assert not module.startswith("cardtable.games"), (path, module)
        for path in sorted((SRC / part).rglob("*.py")):  # nor by name, for importlib (the old registries did)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert not node.value.startswith("cardtable.games."), (path, node.value)


def test_a_kit_names_parts_of_its_own_game_only():
    for name in game_names():
        kit = kit_of(name)
        package = game_class(name).__module__.rsplit(".", 1)[0]
        for part in ("heuristic", "resample", "inference", "search", "probe", "encoder", "terminal"):
            target = getattr(kit, part)
            if target is not None:
                assert target.startswith(package + ".kit"), (name, part, target)
                assert kit.load(part) is not None


def test_relative_imports_are_resolved():
    # the checks above read relative imports too: `from ...agents import base` in a game is cardtable.agents.base
    probe = "from ...agents import base\nfrom .. import maoqy\nfrom . import state\nfrom .cards import Card\n"
    found = set(imported_modules(SRC / "games" / "mojo" / "probe.py", probe))
    assert {"cardtable.agents", "cardtable.agents.base", "cardtable.games", "cardtable.games.maoqy",
            "cardtable.games.mojo", "cardtable.games.mojo.state", "cardtable.games.mojo.cards"} <= found


LINE_LIMIT = 500


def _sources() -> list[Path]:
    """Every source file of the package: Python, and the browser's scripts, style sheets and pages."""
    return [p for suffix in ("py", "js", "css", "html") for p in SRC.rglob(f"*.{suffix}") if "__pycache__" not in p.parts]


def test_no_source_file_is_over_500_lines():
    """Issue 36: a file has one job, and a reader can hold it; a file past the limit is split by job (the
    rules of a big game as functions of the state bound into its classes, e.g. ``games/mitosz/effects/``)."""
    long = sorted(f"{path.relative_to(SRC)}: {n} lines" for path in _sources()
                  if (n := len(path.read_text(encoding="utf-8").splitlines())) > LINE_LIMIT)
    assert not long, f"{len(long)} source files over {LINE_LIMIT} lines:\n" + "\n".join(long)


def test_the_line_limit_check_sees_the_package():
    """The check above would pass on an empty folder: it must see the whole package."""
    found = {p.suffix for p in _sources()}
    assert len(_sources()) > 200 and found == {".py", ".js", ".css", ".html"} and SRC / "engine" / "game.py" in _sources()
