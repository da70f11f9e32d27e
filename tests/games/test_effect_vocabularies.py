"""Mítosz's and muhq's effect vocabularies (one class per primitive, engine/effects.py): each is exactly its data
schema, says its flags truly (a primitive that stops a resolution says it asks), and reads every call of the
packaged cards with its own template."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest

from cardtable.engine import load
from cardtable.engine.effects import SUSPEND
from cardtable.games.mitosz.card_text import call_text
from cardtable.games.mitosz.cards import call_parts
from cardtable.games.mitosz.effect_vocabulary import VOCABULARY as MITOSZ
from cardtable.games.mitosz.schema.primitives import CONTINUOUS, PRIMITIVES, STATIC_ONLY
from cardtable.games.mitosz.text import fill_call
from cardtable.games.muhq.effect_vocabulary import VOCABULARY as MUHQ
from cardtable.games.muhq.state import MuhqState  # noqa: F401  (its rules register muhq's steps)
from cardtable.games.muhq.schema import STEP_MODELS


def test_each_vocabulary_is_its_data_schema_one_class_per_primitive():
    MITOSZ.check(dict(PRIMITIVES))
    MUHQ.check(dict(STEP_MODELS))
    assert len({type(p) for p in MITOSZ}) == len(PRIMITIVES) and len({type(p) for p in MUHQ}) == len(STEP_MODELS)
    assert set(MITOSZ.flagged("continuous")) == set(CONTINUOUS)
    assert set(MITOSZ.flagged("static_only")) == set(STATIC_ONLY)
    assert set(MITOSZ.flagged("fight")) == {"volley", "poison", "fear", "force_retreat"}
    assert MUHQ.flagged("asks") == ("create_token",)


def _calls(value: Any) -> list[Any]:
    """Every primitive call inside a card definition (maneuvers, steps, options, branches)."""
    found: list[Any] = []
    if isinstance(value, (list, tuple)):
        for v in value:
            found += _calls(v)
    elif hasattr(type(value), "model_fields"):
        fields = type(value).model_fields
        if len(fields) == 1 and next(iter(fields)).rstrip("_") in PRIMITIVES:
            found.append(value)
        for name in fields:
            found += _calls(getattr(value, name))
    return found


def test_every_call_of_the_packaged_mitosz_cards_reads_with_its_primitives_template():
    game = load("mitosz")
    maneuvers = [m for d in game.defs.values() for m in d.maneuvers + d.options]
    calls = [c for m in maneuvers for _, top in m.calls() for c in _calls(top)]
    assert len(calls) > 20  # the sample set (smp.yaml)
    seen = set()
    for call in calls:
        name, p = call_parts(call)
        seen.add(name)
        template = MITOSZ[name].template
        if template is not None:
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            filled = fill_call(template, p)  # a field the parameters cannot fill raises KeyError here
            assert filled and (not fields or filled != template), (name, filled)
        text = call_text(call)
        assert text and "{" not in text, (name, text)
    assert len(seen) >= 10, seen


def _random_games(name: str, games: int, limit: int) -> None:
    for seed in range(games):
        state = load(name).new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(limit):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, vocabulary, games", [("mitosz", MITOSZ, 12), ("muhq", MUHQ, 6)])
def test_only_a_primitive_flagged_asks_stops_a_resolution(name, vocabulary, games, monkeypatch):
    stopped: dict[str, int] = {}
    resolved: dict[str, int] = {}
    for prim in vocabulary:
        def watched(state: Any, p: Any, ctx: Any, _resolve: Any = prim.resolve, _name: str = prim.name) -> bool:
            result = _resolve(state, p, ctx)
            resolved[_name] = resolved.get(_name, 0) + 1
            if result is SUSPEND:
                stopped[_name] = stopped.get(_name, 0) + 1
            return bool(result)
        monkeypatch.setattr(prim, "resolve", watched)
    _random_games(name, games, 3000)
    assert len(resolved) >= 5, resolved  # the games reached the effects
    assert stopped, resolved  # and some resolution waited for a player
    assert all(vocabulary[n].has("asks") for n in stopped), stopped
