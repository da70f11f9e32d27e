#!/usr/bin/env python3
"""How much of random play goes to the legal-action list, and how much of that an incremental list could save.

Issue 37 asks for incremental legal-move generation "where the profile says so". This measures, through the
public interface only (``legal_actions`` and ``apply``), what such a list could win at best:

- the share of the loop's time spent in ``legal_actions`` and in ``apply``;
- the share of actions taken from a list of one action (a forced pass, in Mítosz's open windows);
- the share of ``legal_actions`` time spent on lists *equal to the last list the same seat was given*. An
  incremental list that updated itself for free would save exactly that time and no more: every other list
  differs from the last one, so it has to be built (or patched) anyway. The bound is generous: a real
  incremental list pays for keeping itself up to date on every write.

The clock moves with the machine, but these are shares of one run's time, so a uniform slowdown cancels; the
load average is printed. Instruction counts of the whole loop are ``game_instructions.py``'s job.

``maoqy-nopass`` is the no-pass line of ``game_instructions.py`` and ``bench_games.py``.

Usage::

    python bench/legal_share.py                   # every game, 2 players, 30 games each
    python bench/legal_share.py --game mitosz --games 60 --players 3
    python bench/legal_share.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

GAMES = ("mojo", "maoqy", "maoqy-nopass", "mitosz", "muhq")


def measure(name: str, games: int, players: int) -> dict[str, object]:
    from cardtable.engine import load

    no_pass = name == "maoqy-nopass"  # as game_instructions.py's line: pass only when nothing else is legal
    game = load("maoqy" if no_pass else name, players=players)
    rng = random.Random(0)
    clock = time.perf_counter
    legal_time = apply_time = repeat_time = 0.0
    actions = forced = repeats = 0
    began = clock()
    for seed in range(games):
        state = game.new_initial_state(seed=seed)
        last: dict[int, list[object]] = {}
        while not state.is_terminal():
            seat = state.current_player
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            legal_time += t1 - t0
            if last.get(seat) == legal:
                repeats += 1
                repeat_time += t1 - t0
            last[seat] = legal
            forced += len(legal) == 1
            action = rng.choice(legal)
            if no_pass and action.type == "pass" and len(legal) > 1:
                action = rng.choice([a for a in legal if a.type != "pass"])
            t2 = clock()
            state.apply(action)
            apply_time += clock() - t2
            actions += 1
    total = clock() - began
    return {
        "game": name, "players": players, "games": games, "actions": actions,
        "legal_share": round(legal_time / total, 3), "apply_share": round(apply_time / total, 3),
        "forced_share": round(forced / actions, 3), "repeat_lists": round(repeats / actions, 3),
        "repeat_share_of_legal": round(repeat_time / legal_time, 3) if legal_time else 0.0,
        "incremental_bound": round(repeat_time / total, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="a game (repeatable; default: all)")
    parser.add_argument("--games", type=int, default=30, help="seeded random games per game (default 30)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    rows = [measure(g, args.games, args.players) for g in (args.game or GAMES)]
    load = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"load": round(load, 2), "rows": rows}, indent=2))
        return 0
    print(f"random play, {args.players} players, {args.games} games each; load average {load:.2f}")
    print(f"{'game':12} {'actions':>8} {'legal':>7} {'apply':>7} {'forced':>7} {'repeat':>7} {'of legal':>9} "
          f"{'bound':>7}")
    for r in rows:
        print(f"{r['game']:12} {r['actions']:>8} {r['legal_share']:>7.1%} {r['apply_share']:>7.1%} "
              f"{r['forced_share']:>7.1%} {r['repeat_lists']:>7.1%} {r['repeat_share_of_legal']:>9.1%} "
              f"{r['incremental_bound']:>7.1%}")
    print("legal/apply: share of the loop's time; forced: actions from a one-action list; repeat: lists equal to "
          "the seat's last list;\nof legal: their share of legal_actions time; bound: the most of the loop's time "
          "an incremental list could save.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
