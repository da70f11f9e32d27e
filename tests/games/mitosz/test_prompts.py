"""Mítosz's prompts as classes (games/mitosz/prompts): the registry covers every question the rules ask, each
class gives exactly the dict the rules used to keep, and the state's doors to them have no branch by kind."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import inspect
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from cardtable.engine import load
from cardtable.games.mitosz.flow import prompts as flow_prompts
from cardtable.games.mitosz.prompts.registry import PROMPTS
from cardtable.games.mitosz.prompts.cards import Discard, DiscardHand
from cardtable.games.mitosz.prompts.base import Prompt
from tests.games.mitosz.helpers import A, fresh

SOURCE = Path(flow_prompts.__file__).resolve().parent.parent
DIGESTS = Path(__file__).with_name("prompt_digests.json")
#: what a ``**how`` at a call site spreads (effects/play.py: how a card is played)
SPREAD = {"how": ("free", "unsummoned")}


def _asks() -> list[tuple[str, tuple[str, ...], str]]:
    """Every ``set_prompt("kind", seat, rule=…, key=…)`` in the game's source: (kind, its keys in the order
    given, where)."""
    out = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # (``set_prompt(state, "kind", …)``: called in its module, as the module's function, or through ``upcalls``)
            name = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                else node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
            if name == "set_prompt" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                keys: list[str] = []
                for kw in node.keywords:
                    if kw.arg is None:
                        assert isinstance(kw.value, ast.Name), ast.dump(kw)
                        keys += SPREAD[kw.value.id]
                    elif kw.arg != "rule":
                        keys.append(kw.arg)
                out.append((node.args[1].value, tuple(keys), f"{path.name}:{node.lineno}"))
    return out


def test_the_registry_holds_every_kind_the_rules_ask_and_no_other():
    asked = {kind for kind, _keys, _where in _asks()}
    assert asked == set(PROMPTS)
    assert len(asked) == 23
    assert all(cls.kind == kind for kind, cls in PROMPTS.items())


@pytest.mark.parametrize("kind", sorted(PROMPTS))
def test_each_class_names_every_field_in_its_dict_keys(kind):
    cls = PROMPTS[kind]
    names = [f.name for f in dataclasses.fields(cls)]
    assert names[:2] == ["player", "rule"]
    assert set(cls.keys) == set(names[2:]) and len(cls.keys) == len(names) - 2
    defaults = {f.name: f.default for f in dataclasses.fields(cls)}
    assert all(defaults[k] is None for k in cls.optional)  # an optional key is absent while its field is None


@pytest.mark.parametrize("kind, keys, where", _asks(), ids=lambda v: v if isinstance(v, str) else None)
def test_a_prompt_asked_gives_the_old_dict_with_the_keys_in_the_askers_order(kind, keys, where):
    s = fresh()
    data = {k: ("window", A, None) if k == "resume" else 100 + n for n, k in enumerate(keys)}
    flow_prompts.set_prompt(s, kind, A, rule="R-1", **data)
    old = {"kind": kind, "player": A, "rule": "R-1", **data}  # what set_prompt used to keep
    assert list(s.prompt.as_dict().items()) == list(old.items()), where
    assert type(s.prompt) is PROMPTS[kind] and s.mode == "prompt"


def test_a_prompt_that_goes_on_is_a_new_frozen_value_with_the_same_keys():
    s = fresh()
    flow_prompts.set_prompt(s, "discard", A, rule="MIT-1.5.1.b", n=2, source="a card")
    first = s.prompt
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.n = 1
    assert first.as_dict() == {"kind": "discard", "player": A, "rule": "MIT-1.5.1.b", "n": 2, "source": "a card"}
    nxt = dataclasses.replace(first, n=1)
    assert list(nxt.as_dict()) == list(first.as_dict()) and nxt.n == 1 and first.n == 2
    assert s.clone().prompt is first  # a frozen value: the clone shares it
    assert "then" not in first.as_dict()  # absent, as the old dict had it
    with pytest.raises(TypeError):
        first["kind"]  # a prompt is read by its attributes, not as the dict it replaced
    assert isinstance(DiscardHand(player=A, rule="MIT-6.2.4.1", n=1), Prompt) and Discard.kind == "discard"


def test_the_state_doors_to_prompts_have_no_branch_by_kind():
    for door in (flow_prompts._answer, flow_prompts._prompt_choices, flow_prompts.prompt_text,
                 flow_prompts.prompt_answers, flow_prompts.set_prompt):
        body = inspect.getsource(door).split('"""')[-1]
        assert ".kind" not in body and '["kind"]' not in body and "if kind" not in body, door.__name__


def _play(players: int, seed: int, game) -> list:
    """The game ``prompt_digests.json`` recorded: random legal actions (``random.Random(seed)``); the sha256 of
    every prompt met, as the digest sees it (its dict, keys in order) with its texts and answers' words."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    h = hashlib.sha256()
    kinds: Counter = Counter()
    n = 0
    while not state.is_terminal() and n < 3000:
        if state.prompt is not None:
            snap = state.snapshot()["prompt"]
            kinds[snap["kind"]] += 1
            h.update(json.dumps([snap, flow_prompts.prompt_text(state), flow_prompts.prompt_text(state, options=False),
                                 flow_prompts.prompt_text(state, answers=False), flow_prompts.prompt_answers(state, True),
                                 flow_prompts.prompt_answers(state, False)]).encode())
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return [h.hexdigest(), dict(sorted(kinds.items()))]


def test_random_games_meet_the_same_prompts_as_the_dict_prompts_did():
    recorded = json.loads(DIGESTS.read_text(encoding="utf-8"))["games"]
    games = {players: load("mitosz", players=players) for players in (2, 3)}
    seen: set[str] = set()
    for name, expected in recorded.items():
        players, seed = int(name[0]), int(name.split("-")[1])
        got = _play(players, seed, games[players])
        assert got == expected, name
        seen |= set(got[1])
    assert len(seen) >= 15  # the kinds random play reaches (the rest: the scenario tests and the test above)
