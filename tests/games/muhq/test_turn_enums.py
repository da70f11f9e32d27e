"""The phase, step and mode the state holds are always members of their enums (turn.Phase, Step, Mode), never a
plain string a rule forgot to name by its member: the rules compare them by identity. What the outside sees is
the same text as before (the values), in views, snapshots and the waiting/prompt words."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import cardtable.games.muhq
from cardtable.engine import IllegalAction
from cardtable.games.muhq.flow import STEP_WORK
from cardtable.games.muhq.turn import Mode, Phase, Step
from cardtable.games.muhq.view_model import MuhqView

from .helpers import fresh, scene
from .test_invariants import choose
from cardtable.games.muhq import declare_checks as _declare_checks
from cardtable.games.muhq import rounds as _rounds

SOURCE = Path(cardtable.games.muhq.__file__).parent
BOARDS = ("arena-9", "river-crown", "three-hills", "bastion-run")


def assert_members(s) -> None:
    assert type(s.phase) is Phase, repr(s.phase)
    assert type(s.step) is Step, repr(s.step)
    assert type(s.mode) is Mode, repr(s.mode)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("options", [{"auto_pass": False, "phase_end_priority": True},
                                     {"auto_pass": True, "phase_end_priority": False}])
def test_every_phase_step_and_mode_of_a_random_game_is_a_member_of_its_enum(board, options):
    seen: dict[type, set] = {Phase: set(), Step: set(), Mode: set()}
    for seed in range(2):
        s = fresh(seed, board, max_turns=30, **options)
        rng = random.Random(seed)
        assert_members(s)
        for _ in range(10_000):
            if s.is_terminal():
                break
            s.apply(choose(s.legal_actions(), rng))
            assert_members(s)
            for kind, value in ((Phase, s.phase), (Step, s.step), (Mode, s.mode)):
                seen[kind].add(value)
            if rng.random() < 0.02:  # a clone takes them as they are
                assert_members(s.clone())
        assert s.is_terminal()
    # the games went through the turn machine, not only the draft
    assert {Phase.UPKEEP, Phase.ACTION, Phase.BUY} <= seen[Phase]
    assert {Mode.PRIORITY, Mode.OPEN, Mode.OVER} <= seen[Mode]


def test_views_snapshots_and_messages_show_the_plain_values():
    s = fresh(0, "arena-9")
    assert json.dumps(Mode.PRIORITY) == '"priority"' and f"{Step.UPKEEP_PAY}" == str(Step.UPKEEP_PAY) == "upkeep_pay"
    snapshot, view = s.snapshot(), s.view(0)
    for data in (snapshot, view):
        assert [(type(data[k]), data[k]) for k in ("phase", "step", "mode")] == [(str, "draft")] * 3
    MuhqView.model_validate(view, strict=True)
    with pytest.raises(IllegalAction) as exc:
        _declare_checks.need_open(s)  # the check of every slow action: its message names what the game waits for by its word
    assert "waits for: draft" in exc.value.message and "Mode" not in exc.value.message


def test_goto_takes_a_step_named_by_its_value_as_its_member():
    s = scene(step="upkeep_pay")
    assert s.step is Step.UPKEEP_PAY
    _rounds.goto(s, "buy")
    assert s.step is Step.BUY


FIELDS = {"phase", "step", "mode"}
STATES = {"self", "s", "state"}  # what the rules call a state (an action's ``a.mode`` is another field)


def _state_field(node) -> bool:
    """``s.mode`` and the like, or a local named after one (``mode = self.mode``)."""
    return (isinstance(node, ast.Attribute) and node.attr in FIELDS and isinstance(node.value, ast.Name)
            and node.value.id in STATES) or (isinstance(node, ast.Name) and node.id in FIELDS)


def _literal(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def test_no_rule_assigns_compares_or_goes_to_a_phase_step_or_mode_as_a_string_literal():
    # a literal assigned between two decisions may be overwritten before a random game sees it: read the source
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pairs = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        pairs.extend(zip(target.elts, node.value.elts))
                    else:
                        pairs.append((target, node.value))
            elif isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                pairs.extend((a, b) for a in sides for b in sides if a is not b)
                pairs.extend((a, e) for a in sides for b in sides if isinstance(b, ast.Tuple) for e in b.elts)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr in ("goto", "goto_step"):  # a step given by its name
                    pairs.extend((ast.Name("step"), arg) for arg in node.args)
            for field, value in pairs:
                if _state_field(field) and _literal(value):
                    found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    assert not found, found


def test_every_step_of_a_turn_has_its_work():
    # STEP_WORK is a plain dict (its subscript's fast path): a step without work would be a KeyError in a game
    assert set(STEP_WORK) == set(Step) - {Step.DRAFT}
