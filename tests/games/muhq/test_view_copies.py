"""A view is the reader's own copy: changing it changes nothing in the game (found while the view got its typed
model, issue 36: a permanent's until-end-of-turn modifiers were the state's own dicts)."""

from __future__ import annotations

import random

from cardtable.engine import load


def _a_view_with_modifiers(limit_games: int = 40):
    game = load("muhq", players=2)
    for seed in range(limit_games):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if state.is_terminal():
                break
            view = state.view(0)
            if any(p.get("until_end_of_turn") for p in view["permanents"]):
                return state, view
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no random game gave a permanent an until-end-of-turn modifier")


def test_changing_a_views_modifiers_changes_no_state():
    state, view = _a_view_with_modifiers()
    digest = state.digest()
    fresh = state.view(0)
    for permanent in view["permanents"]:
        for modifier in permanent.get("until_end_of_turn") or ():
            for key in list(modifier):
                modifier[key] = 99
    assert state.digest() == digest
    assert state.view(0) == fresh
