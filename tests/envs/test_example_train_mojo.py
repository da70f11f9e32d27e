"""Smoke test of examples/train_mojo.py: its environment, a few training steps and a short evaluation.

Skipped when sb3-contrib or PyTorch is absent (they are not in the test extra: a CPU PyTorch is large)."""

import importlib.util
from pathlib import Path

import pytest

# without the `rl` (or `test`) extra these tests skip; the imports that need it follow
pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_mojo.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_mojo_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_env_and_evaluation_without_torch():
    example = load_example()  # the env-building part needs no torch
    env = example.make_env(players=2, seed=0)
    assert env.action_masks().any()
    for _ in range(5):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert env.observation_space.contains(obs)
        if terminated:
            break
    points, games = example.evaluate(example.random_policy(0), 2)
    assert games == 2 and 0 <= points <= 2
    points, games = example.evaluate_bot("random", 2)
    assert games == 2 and 0 <= points <= 2
    assert "95% CI" in example.report("x", 1, 2)


def test_example_trains_a_few_steps():
    pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    example = load_example()
    model = example.train(timesteps=64, n_envs=2, n_steps=32, batch_size=32)
    points, games = example.evaluate(example.model_policy(model), 1)
    assert games == 1 and 0 <= points <= 1
