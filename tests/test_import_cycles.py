"""No import circles (issue 36): a game's modules import each other in one direction only — the rules through the
state class named under ``TYPE_CHECKING``, the records from ``core`` — so each can be read, typed and tested on its
own. Imports inside functions count (they are deferred, not gone); imports under ``if TYPE_CHECKING:`` do not (they
never run). Outside the games the package is checked at import time only: the command line and the server import
their heavy parts when a command first needs them, on purpose."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.imports import SRC

PACKAGE = SRC / "cardtable"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, deferred: bool) -> set[str]:
    """The package's modules that ``name`` imports when it runs (under TYPE_CHECKING: not), with or without the
    imports inside its functions."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if deferred:
                    visit(node.body)
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[:len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for alias in node.names:
                    child = f"{target}.{alias.name}"
                    found.add(child if child in MODULES else target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            for field in ("body", "orelse", "handlers", "finalbody"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return {m for m in found if m in MODULES and m != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_game_has_an_import_circle_not_even_a_deferred_one():
    games = {m: p for m, p in MODULES.items() if m.startswith("cardtable.games.")}
    graph = {m: _imports(m, p, deferred=True) & set(games) for m, p in games.items()}
    assert not _circles(graph), f"import circles in the games: {_circles(graph)}"


def test_the_package_has_no_import_circle_at_import_time():
    graph = {m: _imports(m, p, deferred=False) for m, p in MODULES.items()}
    assert not _circles(graph), f"import circles at import time: {_circles(graph)}"


def test_the_circle_finder_finds_a_circle_and_ignores_type_checking_imports():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []
    state = "cardtable.games.mitosz.state"
    rules = "cardtable.games.mitosz.flow.windows"
    assert state not in _imports(rules, MODULES[rules], deferred=True)  # named under TYPE_CHECKING only
    assert "cardtable.games.mitosz.flow.machine" in _imports(state, MODULES[state], deferred=False)


def test_a_games_rules_subpackage_imports_nothing_when_it_is_imported():
    """Importing ``flow.windows`` runs ``flow/__init__.py`` first: if that imported the other rules (as a binding class
    once did), a rule low in the layers that imports ``flow.phases`` would import every layer above it before
    itself, a circle this graph does not show. So a game's subpackages of rules are namespaces only; a ``kit`` or a
    ``schema`` is a library with its own entry point and may import its own modules."""
    packages = {m: p for m, p in MODULES.items()
                if m.startswith("cardtable.games.") and p.name == "__init__.py" and m.count(".") >= 3}
    assert "cardtable.games.mitosz.flow" in packages and "cardtable.games.muhq.kit" in packages
    for name, path in packages.items():
        imported = {m for m in _imports(name, path, deferred=True) if m.startswith("cardtable.games.")}
        if name.rsplit(".", 1)[1] in ("kit", "schema"):
            game = name.rsplit(".", 1)[0]
            assert all(m.startswith(name + ".") or m == f"{game}.words" for m in imported), (name, imported)
        else:
            assert not imported, f"{name}/__init__.py imports {sorted(imported)}"
