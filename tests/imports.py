"""What a source file imports, as absolute module names. Relative imports (``from ..games import x``) are resolved
against the file's package, so a dependency check cannot be passed by writing an import relatively."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

SRC = Path(__file__).resolve().parents[1] / "src"


def imported_modules(path: Path, source: str | None = None) -> Iterator[str]:
    """Every module ``path`` (a file under src/) imports; ``from P import n`` yields P and P.n (n may be a
    module, as in ``from .. import games``). ``source``, if given, is read as the file's text."""
    package = list(path.resolve().relative_to(SRC).parts[:-1])
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # level 1 is the file's own package, each further level one package up
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names if alias.name != "*")


def imports_of(package: Path) -> Iterator[tuple[Path, str]]:
    """(file, module) for every import of every file under ``package``."""
    for path in sorted(package.rglob("*.py")):
        for module in imported_modules(path):
            yield path, module


def cardtable_modules(path: Path) -> set[str]:
    return {m for m in imported_modules(path) if m == "cardtable" or m.startswith("cardtable.")}
