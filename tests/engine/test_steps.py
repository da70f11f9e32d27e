"""engine.steps.Steps: a played game's positions, step by step, from kept states."""

from __future__ import annotations

import random

import pytest

from cardtable.engine import load
from cardtable.engine.steps import Steps


@pytest.fixture(scope="module", params=["mojo", "maoqy", "mitosz", "muhq"])
def played(request):
    game = load(request.param, players=2)
    state = game.new_initial_state(seed=3)
    rng = random.Random(3)
    while not state.is_terminal() and len(state.history) < 300:
        legal = state.legal_actions()
        # no passes where there is more to do: random MAOQY games otherwise end in a few passes (MAOQY-8.2)
        state.apply(rng.choice([a for a in legal if a.type != "pass"] or legal))
    return game, state


def test_each_step_is_the_game_after_that_many_actions(played):
    game, final = played
    steps = Steps(game, final.seed, final.history, every=16)
    n = len(final.history)
    for step in (n, 0, 17, 16, 15, n // 2, n - 1, 1):
        expected = game.new_initial_state(seed=final.seed)
        for player, action in final.history[:step]:
            expected.apply(action, player=player)
        assert steps.at(step).digest() == expected.digest()
    assert steps.kept() == list(range(0, n, 16))


def test_a_step_given_out_is_the_callers_own(played):
    game, final = played
    steps = Steps(game, final.seed, final.history, every=4)
    first = steps.at(8)
    before = first.digest()
    first.apply(first.legal_actions()[0])  # changing the copy given out ...
    assert steps.at(8).digest() == before  # ... leaves the kept state as it was
    assert steps.at(9).digest() == Steps(game, final.seed, final.history).at(9).digest()


@pytest.mark.parametrize("step", [-1, 10**6])
def test_a_step_outside_the_game_is_refused(played, step):
    game, final = played
    with pytest.raises(ValueError, match=f"the game has {len(final.history)} actions: choose a step from 0 to"):
        Steps(game, final.seed, final.history).at(step)
