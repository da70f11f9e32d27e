"""Dependencies point one way (DESIGN.md): games -> engine; nothing in engine or a game imports outward."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "cardtable"


def imports_of(package: Path):
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                yield path, node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name


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
