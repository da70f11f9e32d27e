"""The calls that go up Mítosz's layers (``upcalls``): every slot is filled by ``assembly`` with the rule it names,
with the rule's own parameters, and every slot is called by some rule below it (no slot is left over when a rule
moves down)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import cardtable.games.mitosz.state  # noqa: F401  (the rules assembled)
from cardtable.games.mitosz import upcalls

SOURCE = Path(upcalls.__file__)
PACKAGE = SOURCE.parent


def _slots() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name != "_unbound"}


def test_every_slot_is_filled_by_the_rule_its_docstring_names_with_the_same_parameters():
    slots = _slots()
    assert len(slots) >= 10
    for name, stub in slots.items():
        bound = getattr(upcalls, name)
        assert bound.__module__ != upcalls.__name__, f"upcalls.{name} is not bound"
        named = re.match(r"``([\w.]+)``", ast.get_docstring(stub) or "")
        assert named, f"upcalls.{name}: the docstring names no rule"
        assert f"{bound.__module__}.{bound.__name__}" == f"cardtable.games.mitosz.{named.group(1)}", name
        expected = [(a.arg) for a in stub.args.posonlyargs + stub.args.args]
        assert list(inspect.signature(bound).parameters)[:len(expected)] == expected, name
        assert len(inspect.signature(bound).parameters) == len(expected) + len(stub.args.kwonlyargs) \
            + bool(stub.args.vararg) + bool(stub.args.kwarg), name


def test_every_slot_is_called_by_a_rule():
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        used |= set(re.findall(r"\b_up\.(\w+)\(", path.read_text(encoding="utf-8")))
    assert used == set(_slots()), (set(_slots()) - used, used - set(_slots()))
