#!/usr/bin/env python3
"""Where a random-play action's time goes, by the kind of action: the benchmark's loop (``legal_actions``, a
seeded ``random.Random.choice``, ``apply``), each call timed on its own and the time summed per kind.

A kind is the type of the action taken, whether it was the only legal action, and the state's ``mode`` before
it was taken (for Mítosz and muhq: an open window, a counter round, a prompt …). The table shows each kind's
share of the actions, its mean ``legal_actions`` and ``apply`` time and its share of the time; the figures of
docs/benchmarks.md ("Where a random action's time goes, by kind") came from it. Timing every call costs about
0.2 µs an action, so the total runs a little slower than ``bench_games.py``.

Usage::

    python bench/action_kinds.py mitosz              # 5 s of random games, two players
    python bench/action_kinds.py muhq --seconds 10 --top 30
    python bench/action_kinds.py mitosz --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from cardtable.engine.registry import game_names, load  # noqa: E402


def measure(game_name: str, seconds: float, players: int, seed: int) -> dict:
    """Play seeded random games for about ``seconds``; the time of each call, summed by kind of action."""
    game = load(game_name, players=players)
    rng = random.Random(seed)
    clock = time.perf_counter_ns
    kinds: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])  # kind -> [actions, legal ns, apply ns]
    setup_ns = games = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        t0 = clock()
        state = game.new_initial_state(seed=seed + games)
        setup_ns += clock() - t0
        games += 1
        while not state.is_terminal():
            mode = str(getattr(state, "mode", ""))
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            state.apply(action)
            t3 = clock()
            entry = kinds[(type(action).__name__, len(legal) == 1, mode)]
            entry[0] += 1
            entry[1] += t1 - t0
            entry[2] += t3 - t2
    actions = sum(e[0] for e in kinds.values())
    total_ns = setup_ns + sum(e[1] + e[2] for e in kinds.values())
    rows = [{"action": name, "only_legal_action": only, "mode": mode, "actions": n,
             "share_of_actions": n / actions, "legal_us": legal / n / 1e3, "apply_us": apply / n / 1e3,
             "share_of_time": (legal + apply) / total_ns}
            for (name, only, mode), (n, legal, apply) in kinds.items()]
    rows.sort(key=lambda r: -r["share_of_time"])
    return {"game": game_name, "players": players, "seed": seed, "games": games, "actions": actions,
            "us_per_action": total_ns / actions / 1e3 if actions else 0.0,
            "setup_share": setup_ns / total_ns if total_ns else 0.0, "kinds": rows}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time of random games (default 5)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of game 0 and of the random choices (default 0)")
    parser.add_argument("--top", type=int, default=20, help="kinds shown, by share of the time (default 20)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.top <= 0:
        parser.error("--seconds and --top must be positive")
    result = measure(args.game, args.seconds, args.players, args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.game}, {args.players} players: {result['games']} games, {result['actions']:,} actions, "
          f"{result['us_per_action']:.2f} µs an action (new_initial_state {result['setup_share']:.0%} of the time)")
    print(f"{'action':<24} {'only':>4} {'mode':<10} {'actions':>9} {'share':>6} {'legal µs':>9} {'apply µs':>9} "
          f"{'time':>6}")
    for r in result["kinds"][:args.top]:
        print(f"{r['action']:<24} {'yes' if r['only_legal_action'] else '':>4} {r['mode'][:10]:<10} {r['actions']:>9,} "
              f"{r['share_of_actions']:>6.1%} {r['legal_us']:>9.2f} {r['apply_us']:>9.2f} {r['share_of_time']:>6.1%}")
    if len(result["kinds"]) > args.top:
        print(f"… and {len(result['kinds']) - args.top} more kinds (--top N)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
