#!/usr/bin/env python3
"""Benchmark cardtable's PettingZoo environments against PettingZoo's own classic environments.

Everything runs in this one process, one measurement after another, the repeats interleaved (mojo, maoqy,
…, texas_holdem_v4, …, mojo, …), so all systems see the same machine state; the median of ``--repeats``
measurements of ``--seconds`` each is reported, and each cardtable line's ratio to each peer.

What is counted: one **env step** = one ``env.step(action)`` of an agent to act, with the action drawn
uniformly from the legal actions of its mask (``obs["action_mask"]``, as PettingZoo's own examples do).
The loop is PettingZoo's usual one — ``for agent in env.agent_iter(): obs, … = env.last(); env.step(a)`` —
so every step includes the observation of the agent to act (``last()``) and, for cardtable, the player's
view, the encoding and the mask. The closing ``step(None)`` of each agent after the game ends is not
counted; ``reset`` is inside the timed loop. A seeded numpy generator picks the actions.

* cardtable lines: ``cardtable.envs.pettingzoo_env(game)`` with the game's default players and options, as
  a user gets it (no wrappers). Each line also shows the engine alone (``legal_actions`` + ``apply`` with
  ``random.choice``, no views, no encoding) so the environment's own cost is visible.
* peer lines: ``pettingzoo.classic.<name>.env()`` as PettingZoo's documentation makes them (with its
  default wrappers: order enforcing, illegal-move termination, bounds assertion).

Run it where ``pettingzoo[classic]`` installs (it pulls rlcard, chess, pygame)::

    python -m venv /tmp/benchvenv && /tmp/benchvenv/bin/pip install -e . 'pettingzoo[classic]>=1.24,<2'
    /tmp/benchvenv/bin/python bench/bench_envs.py [--seconds 3] [--repeats 3] [--games mojo,maoqy,mitosz,muhq]

Prints figures only; absolute numbers drift on shared machines, the ratios less so.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import sys
import time

import numpy as np

import cardtable
from cardtable.envs import pettingzoo_env

PEERS = ("texas_holdem_v4", "leduc_holdem_v4", "connect_four_v3", "tictactoe_v3")


def env_steps(make, seconds: float, seed: int = 0) -> tuple[float, int, int]:
    """(steps per second, steps, episodes) of random masked play for ``seconds``."""
    env = make()
    rng = np.random.default_rng(seed)
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=seed + episodes)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    env.close()
    return steps / elapsed, steps, episodes


def engine_steps(name: str, seconds: float, seed: int = 0) -> float:
    """Actions per second of the engine alone (random play through legal_actions and apply)."""
    game = cardtable.load(name)
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_initial_state(seed + games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return steps / (time.perf_counter() - start)


def peer_maker(name: str):
    try:
        module = importlib.import_module(f"pettingzoo.classic.{name}")
        module.env().reset(seed=0)
    except Exception as exc:  # a peer whose dependencies did not install is skipped, and said so
        print(f"  (skipping {name}: {type(exc).__name__}: {exc})")
        return None
    return module.env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="wall time of one measurement")
    ap.add_argument("--repeats", type=int, default=3, help="interleaved repeats; the median is reported")
    ap.add_argument("--games", default="mojo,maoqy,mitosz,muhq", help="cardtable games, comma-separated")
    ap.add_argument("--peers", default=",".join(PEERS), help="PettingZoo classic envs, comma-separated")
    args = ap.parse_args(argv)

    import pettingzoo

    print(f"Python {platform.python_version()}, PettingZoo {pettingzoo.__version__}, numpy {np.__version__}, "
          f"{args.repeats} × {args.seconds:g} s per line, median reported")
    games = [g for g in args.games.split(",") if g]
    peers = {}
    for name in (p for p in args.peers.split(",") if p):
        make = peer_maker(name)
        if make is not None:
            peers[name] = make
    lines = {f"cardtable {g}": (lambda g=g: pettingzoo_env(g)) for g in games}
    lines.update({f"pettingzoo {p}": make for p, make in peers.items()})
    results: dict[str, list[tuple[float, int, int]]] = {k: [] for k in lines}
    engine: dict[str, list[float]] = {g: [] for g in games}
    for r in range(args.repeats):
        for label, make in lines.items():
            results[label].append(env_steps(make, args.seconds, seed=1000 * r))
        for g in games:
            engine[g].append(engine_steps(g, args.seconds / 2, seed=1000 * r))

    median = {k: statistics.median(x[0] for x in v) for k, v in results.items()}
    print()
    print(f"{'environment':<34} {'env steps/s':>12} {'µs/step':>9} {'steps/episode':>14} {'engine actions/s':>17}")
    for label, runs in results.items():
        steps = sum(x[1] for x in runs)
        episodes = max(1, sum(x[2] for x in runs))
        game = label.removeprefix("cardtable ")
        eng = f"{statistics.median(engine[game]):17,.0f}" if game in engine else f"{'':17}"
        print(f"{label:<34} {median[label]:12,.0f} {1e6 / median[label]:9.1f} {steps / episodes:14.1f} {eng}")
    if peers:
        print()
        print("ratio of env steps/s (cardtable / peer; above 1: cardtable's env steps faster)")
        print(f"{'':<20}" + "".join(f"{p:>18}" for p in peers))
        for g in games:
            row = "".join(f"{median[f'cardtable {g}'] / median[f'pettingzoo {p}']:18.2f}" for p in peers)
            print(f"{'cardtable ' + g:<20}{row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
