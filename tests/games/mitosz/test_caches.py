"""The kept answers are the fresh answers: Mítosz keeps each player's legal actions between calls and the
facts it derives from the board until a card moves (docs/engine.md). At every step of random games, the
list the state gives equals the list a fresh clone (nothing kept) computes, and every action offered is
accepted."""

from __future__ import annotations

import random

import pytest

from cardtable.games.mitosz.game import MitoszGame


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


@pytest.mark.parametrize("players,policy", [(2, "heuristic"), (2, "random"), (3, "random")])
def test_a_view_sharing_the_kept_public_part_equals_a_view_built_afresh(players, policy):
    """The public part of a view is kept until the state changes (``Views.view``): at every decision of these
    games each seat's and a spectator's view equals one built with nothing kept."""
    from cardtable.agents.base import Observation
    from cardtable.agents.registry import make_agent

    game = MitoszGame(players)
    for seed in range(3):
        s = game.new_initial_state(seed)
        agents = [make_agent(policy, game, seed * 10 + p) for p in range(players)]
        shared = 0
        while not s.is_terminal():
            for viewer in [*range(players), None]:
                kept_before = s.view_cache
                view = s.view(viewer)
                shared += kept_before is not None and s.view_cache is kept_before
                fresh = s.clone()
                fresh.forget_caches()
                assert view == fresh.view(viewer), f"seed {seed} action {len(s.history)} viewer {viewer}"
            p = s.current_player
            s.apply(agents[p].act(Observation(s, p)))
        assert shared > len(s.history)  # the kept part was used (else this test would compare nothing kept)
