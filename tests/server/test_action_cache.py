"""The server's cache of parsed actions keeps the moves players really send, and not long (illegal) ones, whose
number has no limit: an audit filled 550 MB with 1,000 rejected actions of 12,000 card ids each."""

from __future__ import annotations

import random

import orjson
import pytest

import cardtable
from cardtable.engine import IllegalAction
from cardtable.server.tables import ACTION_CACHE_KEY_BYTES, ActionCache


@pytest.mark.parametrize("name", ["mojo", "maoqy", "mitosz", "muhq"])
def test_every_legal_action_is_short_enough_to_be_kept(name):
    game = cardtable.load(name, players=2)
    longest = 0
    for seed in range(3):
        state, rng = game.new_initial_state(seed=seed), random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            longest = max(longest, *(len(orjson.dumps(a.to_json(), option=orjson.OPT_SORT_KEYS)) for a in actions))
            state.apply(rng.choice(actions))
    assert 0 < longest <= ACTION_CACHE_KEY_BYTES, longest


def test_a_long_action_is_parsed_but_not_kept():
    cache = ActionCache(cardtable.load("maoqy", players=2))
    short = {"type": "pass"}
    assert cache.parse(short) == cache.parse(dict(short)) and len(cache.parsed) == 1
    for i in range(5):
        long = {"type": "street", "cards": list(range(i, i + 500))}
        try:
            cache.parse(long)
        except IllegalAction:
            pass
    assert len(cache.parsed) == 1
