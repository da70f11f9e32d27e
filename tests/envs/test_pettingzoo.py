"""cardtable's PettingZoo AEC environment passes PettingZoo's own API and seed tests, for every game."""

import warnings

import pytest

# without the `rl` (or `test`) extra these tests skip; the imports that need it follow
pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import cardtable
from cardtable.engine import IllegalAction
from cardtable.envs import pettingzoo_env

from .conftest import CONFIGS

#: what PettingZoo's api_test says of every env with dict observations, its own classic envs too
#: (it recognises those by name); and the all-zero mask of an agent whose game is over
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be",
                     "Action mask numpy array is all zeros")


def test_every_registered_game_has_an_environment():
    for name in cardtable.game_names():
        env = pettingzoo_env(name)
        env.reset(seed=1)
        obs, *_ = env.last()
        assert obs["action_mask"].any(), name


@pytest.mark.parametrize("name", cardtable.game_names())
def test_api_test(name):
    env = pettingzoo_env(name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=200)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


@pytest.mark.filterwarnings("ignore:Observation")
@pytest.mark.parametrize("name,players,options", CONFIGS[1:3] + CONFIGS[4:5])
def test_api_test_other_options(name, players, options):
    api_test(pettingzoo_env(name, players, options), num_cycles=100)


@pytest.mark.parametrize("name", cardtable.game_names())
def test_seed_test(name):
    seed_test(lambda: pettingzoo_env(name), num_cycles=100)


def play_random(env, seed, limit=100_000):
    """A whole episode with uniform random legal actions from the mask; the digests of the states passed."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digests = []
    for agent in env.agent_iter(limit):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        digests.append(env.state_object.digest())
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return digests


@pytest.mark.parametrize("name", ["mojo", "maoqy"])
def test_same_seed_same_game_and_cardtable_seed(name):
    env = pettingzoo_env(name)
    a = play_random(env, 11)
    b = play_random(env, 11)
    assert a == b
    assert a[0] == cardtable.load(name).new_initial_state(11).digest()  # reset(seed=s) is the game of seed s
    assert play_random(env, 12)[0] != a[0]


def test_unseeded_resets_follow_the_last_seed():
    env1, env2 = pettingzoo_env("mojo"), pettingzoo_env("mojo")
    env1.reset(seed=5)
    env2.reset(seed=5)
    env1.reset()
    env2.reset()
    assert env1.game_seed == env2.game_seed != 5


def test_rewards_are_the_returns_at_the_end():
    env = pettingzoo_env("mojo", 3)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    returns = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            returns = returns or env.state_object.returns()
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert returns is not None and sum(returns) == pytest.approx(1.0)
    assert [total[a] for a in env.possible_agents] == pytest.approx(returns)


def test_an_index_outside_the_mask_is_refused_and_changes_nothing():
    env = pettingzoo_env("mojo")
    env.reset(seed=2)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state_object.digest()
    with pytest.raises(IllegalAction, match="action mask"):
        env.step(bad)
    assert env.state_object.digest() == before


def test_max_steps_truncates():
    env = pettingzoo_env("mitosz", max_steps=7)
    env.reset(seed=1)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 7


def test_render_ansi_names_the_legal_actions():
    env = pettingzoo_env("mojo", render_mode="ansi", info_labels=True)
    env.reset(seed=4)
    text = env.render()
    assert "to act" in text and "play" in text
    info = env.infos[env.agent_selection]
    assert set(info["legal_labels"]) == set(np.flatnonzero(info["action_mask"]))


def test_last_step_and_observe_before_reset_say_to_reset():
    from gymnasium.error import ResetNeeded

    env = pettingzoo_env("mojo")
    for call in (env.last, lambda: env.step(0), lambda: env.observe("player_0")):
        with pytest.raises(ResetNeeded, match=r"call reset\(\) first"):
            call()
    env.reset(seed=3)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
