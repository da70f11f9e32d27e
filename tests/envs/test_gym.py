"""The single-agent Gymnasium wrapper: Gymnasium's env checker, masks, opponents, seeding."""

import warnings

import pytest

# without the `rl` (or `test`) extra these tests skip; the imports that need it follow
pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import numpy as np
from gymnasium.utils.env_checker import check_env

import cardtable
from cardtable.engine import IllegalAction, UnknownAgent
from cardtable.envs import gym_env


@pytest.mark.parametrize("name", cardtable.game_names())
def test_check_env(name):
    env = gym_env(name)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    assert not [w for w in caught if "spec" not in str(w.message)]


@pytest.mark.parametrize("name,seat,opponents", [("mojo", 1, "heuristic"), ("maoqy", 0, ["heuristic"]),
                                                 ("mitosz", 1, "random"), ("muhq", 0, "random")])
def test_masked_random_play_to_the_end(name, seat, opponents):
    env = gym_env(name, seat=seat, opponents=opponents, illegal="raise")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    for _ in range(5000):
        mask = env.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        assert env.state.current_player == seat
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        if terminated:
            assert reward == env.state.returns()[seat]
            assert not info["action_mask"].any()
            break
        assert reward == 0.0
    else:
        pytest.fail("the game did not end")


def test_same_seed_same_episode():
    def run(seed):
        env = gym_env("mojo", opponents="heuristic")
        obs, info = env.reset(seed=seed)
        trace = [obs.tobytes()]
        done = False
        while not done:
            obs, reward, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
            trace.append(obs.tobytes())
        return trace, reward

    assert run(5) == run(5)
    assert run(5)[0] != run(6)[0]


def test_illegal_actions():
    env = gym_env("mojo")
    env.reset(seed=1)
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, terminated, truncated, info = env.step(bad)  # default: the episode is lost
    assert terminated and reward == -1.0 and info["illegal_action"]
    env = gym_env("mojo", illegal="random")
    env.reset(seed=1)
    env.step(bad)
    assert env.steps == 1
    env = gym_env("mojo", illegal="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalAction):
        env.step(bad)


def test_bad_arguments_say_what_is_allowed():
    with pytest.raises(ValueError, match="seat 3"):
        gym_env("mojo", seat=3)
    with pytest.raises(ValueError, match="2 other seats need 2"):
        gym_env("mojo", opponents=["random"])
    with pytest.raises(UnknownAgent):
        gym_env("mojo", opponents="nobody")


def test_max_steps_truncates():
    env = gym_env("mitosz", max_steps=3)
    env.reset(seed=2)
    for k in range(3):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert truncated and not terminated



def test_step_before_reset_or_after_close_says_to_reset():
    from gymnasium.error import ResetNeeded

    env = gym_env("mojo")
    with pytest.raises(ResetNeeded, match=r"call reset\(\) first"):
        env.step(0)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.close()
    with pytest.raises(ResetNeeded, match=r"call reset\(\) first"):
        env.step(0)
    env.reset(seed=1)  # and it plays again after a reset
    env.step(int(np.flatnonzero(env.action_masks())[0]))
