#!/usr/bin/env python3
"""Train a Mojo player with MaskablePPO (sb3-contrib) on cardtable's Gymnasium environment, then measure it.

The learner sits at seat 0 of a Mojo game; cardtable's ``random`` bot plays the other seats. Its observation
is the Mojo encoder's vector (cards per value in its hand, the piles, every seat's public state: see
docs/envs.md) and its actions the encoder's fixed table, with the illegal ones masked. After training, the
policy (deterministic, masked) plays ``--games`` new games against the same opponents, on seeds it never
trained on, and the script prints its win rate with a 95 % Wilson interval, next to two baselines in the same
seat on the same seeds: cardtable's ``random`` bot (uniform over the legal actions, i.e. over cards; with P
players its win rate is about 1/P) and a player uniform over the *encoder's* legal indices (over card
values: a different policy, and already a better one, since it plays a value held twice no more often than
one held once). A shared win counts as a fraction (``state.returns()``).

Needs the ``rl`` extra and sb3-contrib with PyTorch (CPU is enough)::

    pip install -e '.[rl]' 'torch==2.13.0' sb3-contrib
    python examples/train_mojo.py --timesteps 200000 --games 1000

Figures of a run are in docs/envs.md.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from cardtable.envs import gym_env
from cardtable.sim.stats import wilson_interval

#: game seeds of the evaluation start here; training episodes draw theirs from the training seed's stream
EVAL_SEEDS = 10**9


def make_env(players: int = 2, opponents: str = "random", seed: int | None = None, **kw):
    """The training environment: Mojo with ``players`` seats, the learner at seat 0."""
    env = gym_env("mojo", seat=0, opponents=opponents, players=players, **kw)
    if seed is not None:
        env.reset(seed=seed)
    return env


def train(timesteps: int, players: int = 2, opponents: str = "random", seed: int = 0, n_envs: int = 8,
          n_steps: int = 256, batch_size: int = 512, verbose: int = 0):
    """A MaskablePPO model trained for ``timesteps`` steps of the learner (opponents' moves not counted)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # small MLP: one thread is fastest and leaves the other core free
    # Monitor: episode rewards in the training log (verbose=1); action_masks() is reached through it
    envs = [lambda i=i: Monitor(make_env(players, opponents, seed=seed * 1000 + i)) for i in range(n_envs)]
    vec = DummyVecEnv(envs)
    vec.seed(seed)
    model = MaskablePPO("MlpPolicy", vec, n_steps=n_steps, batch_size=batch_size, n_epochs=4, gamma=0.995,
                        learning_rate=3e-4, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=seed, verbose=verbose, device="cpu")
    model.learn(total_timesteps=timesteps)
    return model


def evaluate(policy, games: int, players: int = 2, opponents: str = "random") -> tuple[float, int]:
    """``policy(obs, mask) -> action`` plays ``games`` games at seat 0; returns (points won, games)."""
    env = make_env(players, opponents)
    points = 0.0
    for g in range(games):
        obs, info = env.reset(seed=EVAL_SEEDS + g)
        done = False
        reward = 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(obs, env.action_masks()))
            done = terminated or truncated
        points += reward
    return points, games


def evaluate_bot(name: str, games: int, players: int = 2, opponents: str = "random") -> tuple[float, int]:
    """The cardtable agent ``name`` at seat 0 on the evaluation seeds, opponents as in the environment."""
    from cardtable.agents import Observation, make_agent
    from cardtable.engine.rng import derive_seed

    env = make_env(players, opponents)
    game = env.game
    points = 0.0
    for g in range(games):
        seed = EVAL_SEEDS + g
        state = game.new_initial_state(seed)
        agents = {s: make_agent(n, game, derive_seed(seed, f"envs-opponent-{s}")) for s, n in env.opponent_names.items()}
        agents[0] = make_agent(name, game, derive_seed(seed, "example-baseline"))
        while not state.is_terminal():
            p = state.current_player
            state.apply(agents[p].act(Observation(state, p)), p)
        points += state.returns()[0]
    return points, games


def model_policy(model):
    def act(obs, mask):
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    return act


def random_policy(seed: int = 0):
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def report(label: str, points: float, games: int) -> str:
    lo, hi = wilson_interval(points, games)
    return f"{label:<28} {points / games:6.3f}  95% CI [{lo:.3f}, {hi:.3f}]  ({points:g} of {games} games)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timesteps", type=int, default=100_000, help="learner steps to train (default 100000)")
    ap.add_argument("--games", type=int, default=500, help="evaluation games against the opponents")
    ap.add_argument("--players", type=int, default=2, help="seats at the table (default 2)")
    ap.add_argument("--opponents", default="random", help="cardtable agent name of the other seats")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--n-envs", type=int, default=8)
    ap.add_argument("--verbose", type=int, default=0)
    ap.add_argument("--heuristic", action="store_true", help="also measure cardtable's Mojo heuristic bot in seat 0")
    args = ap.parse_args(argv)

    start = time.perf_counter()
    model = train(args.timesteps, args.players, args.opponents, args.seed, args.n_envs, verbose=args.verbose)
    trained = time.perf_counter() - start
    print(f"trained MaskablePPO on Mojo ({args.players} players, opponents: {args.opponents}) for "
          f"{args.timesteps} steps in {trained:.0f} s ({args.timesteps / trained:.0f} steps/s)")
    start = time.perf_counter()
    print(f"win rate of seat 0 over {args.games} games (seeds {EVAL_SEEDS}…):")
    print(report("MaskablePPO", *evaluate(model_policy(model), args.games, args.players, args.opponents)))
    print(report("cardtable random bot", *evaluate_bot("random", args.games, args.players, args.opponents)))
    print(report("uniform over the mask", *evaluate(random_policy(args.seed), args.games, args.players,
                                                    args.opponents)))
    if args.heuristic:
        print(report("cardtable heuristic bot", *evaluate_bot("heuristic", args.games, args.players, args.opponents)))
    print(f"evaluated in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
