"""Find, in a game's rule modules, writes to the fields its mutation layer owns and announcements made outside it.

A game keeps facts derived from some of its fields (docs/engine.md, "Derived facts"), and one module of the game
(its ``writes``) changes those fields and announces what became stale. This scan reads every other module of the
game's package and reports: an assignment, augmented assignment or ``del`` whose target is one of those fields
(``x.field = …``, ``x.field[k] = …``), a call of a mutating method on one (``x.field.append(…)``), a ``setattr``
(a write the scan cannot read), and a call of an announcement. Writes inside an ``__init__`` (a record building
itself) and inside the functions named in ``building`` (the state being set up) are not changes of a kept fact.

It reads names, not types: a field is matched by its attribute name, whatever object it is read from, so a
game's owned names should not be reused for other things in its rules (a match there is reported too). A local
name bound to an owned field (``pile = p.pile``) counts as that field in the rest of its function
(``pile.append(x)``, ``pile[0] = x``); an alias made any other way (passed to a function, kept in a container)
is not followed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

MUTATING = frozenset({"append", "remove", "pop", "extend", "clear", "insert", "sort", "add", "discard", "update",
                      "setdefault", "reverse", "popitem", "__setitem__", "__delitem__"})


def _written_attribute(node: ast.expr, aliases: dict[str, str] | None = None) -> str | None:
    """The field a write goes to: ``x.field``, ``x.field[k]``, or a local alias of an owned field."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return node.attr
    if aliases and isinstance(node, ast.Name):
        return aliases.get(node.id)
    return None


def _aliases(tree: ast.AST, owned: frozenset[str]) -> dict[ast.AST, dict[str, str]]:
    """For each function, its local names bound to an owned field (``name = x.field``) and to nothing else (a name
    bound to a copy elsewhere in the function may be either): name -> field."""
    found: dict[ast.AST, dict[str, str]] = {}
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names: dict[str, str] = {}
            other: set[str] = set()
            for node in ast.walk(function):
                if isinstance(node, ast.Assign):
                    value = node.value
                    field = value.attr if isinstance(value, ast.Attribute) and value.attr in owned else None
                    for target in node.targets:
                        if isinstance(target, ast.Name):
                            if field is None:
                                other.add(target.id)
                            else:
                                names[target.id] = field
            found[function] = {name: field for name, field in names.items() if name not in other}
    return found


def _targets(node: ast.AST) -> Iterable[ast.expr]:
    if isinstance(node, ast.Assign):
        targets: list[ast.expr] = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, ast.Delete):
        targets = list(node.targets)
    else:
        return
    while targets:
        t = targets.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            targets.extend(t.elts)
        elif isinstance(t, ast.Starred):
            targets.append(t.value)
        else:
            yield t


def _functions(tree: ast.AST) -> Iterable[tuple[ast.AST | None, ast.AST]]:
    """(the innermost function, node) for every node of the module (``None`` outside any function)."""
    todo: list[tuple[ast.AST | None, ast.AST]] = [(None, tree)]
    while todo:
        function, node = todo.pop()
        yield function, node
        inner = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        todo.extend((inner, child) for child in ast.iter_child_nodes(node))


def outside_writes(package: Path, writes_module: str, owned: Iterable[str], announcements: Iterable[str],
                   building: dict[str, set[str]] | None = None,
                   allowed_announcements: dict[str, set[str]] | None = None) -> list[str]:
    """Every write to an ``owned`` field and every call of an ``announcements`` method in ``package``'s modules
    other than ``writes_module`` (a path relative to the package), as ``"file:line what"``. ``building``: file ->
    names of functions that build the state (their writes are allowed); ``allowed_announcements``: file ->
    announcement names that file may call (with the reason in the caller's test)."""
    owned = frozenset(owned)
    announcements = frozenset(announcements)
    building = building or {}
    allowed_announcements = allowed_announcements or {}
    found: list[tuple[str, int, str]] = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        if rel == writes_module:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        exempt = {"__init__", *building.get(rel, ())}
        aliases = _aliases(tree, owned)
        for function_node, node in _functions(tree):
            function = getattr(function_node, "name", "")
            local = aliases.get(function_node) if function_node is not None else None
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Name) and func.id == "setattr" and function not in exempt:
                    found.append((rel, line, "setattr (a write the scan cannot read: use the writes module)"))
                elif isinstance(func, ast.Attribute):
                    if func.attr in announcements and func.attr not in allowed_announcements.get(rel, ()):
                        found.append((rel, line, f"announces {func.attr}()"))
                    elif func.attr in MUTATING and function not in exempt:
                        name = _written_attribute(func.value, local)
                        if name in owned:
                            found.append((rel, line, f"{name}.{func.attr}()"))
                continue
            if function in exempt:
                continue
            for target in _targets(node):
                if isinstance(target, ast.Name):
                    continue  # (binding a local name, an alias perhaps, writes nothing)
                name = _written_attribute(target, local)
                if name in owned:
                    found.append((rel, line, f"writes {name}"))
    return [f"{rel}:{line} {what}" for rel, line, what in sorted(found)]
