"""The kept answers are the fresh answers: Mítosz keeps each player's legal actions between calls and the
facts it derives from the board until a card moves (docs/engine.md). At every step of random games, the
list the state gives equals the list a fresh clone (nothing kept) computes, and every action offered is
accepted."""

from __future__ import annotations

import random

import pytest

from cardtable.games.mitosz import MitoszGame


@pytest.mark.parametrize("prompting", ["always", "skip_if_no_legal_response"])
def test_kept_legal_actions_equal_a_fresh_computation(prompting):
    game = MitoszGame(2, {"counter_prompting": prompting})
    for seed in range(4):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal() and step < 700:
            kept = s.legal_actions()
            fresh = s.clone()
            fresh.forget_caches()
            assert kept == fresh.legal_actions(), f"seed {seed} step {step}: the kept list differs"
            if step % 5 == 0:  # every action offered is accepted
                for action in kept:
                    s.clone().apply(action)
            s.apply(rng.choice(kept))
            step += 1
