#!/usr/bin/env python3
"""Instructions per random-play action of a cardtable game and of RLCard's uno, counted by valgrind's callgrind.

The wall-clock ratio in ``bench_games.py`` moves with the machine: uno alone has run anywhere from 12k to 21k
actions/s on the same laptop on different days, so the ratio to it swings by a third. An instruction count does
not depend on what else the machine is doing, so it gives the ratio a steady second figure (the same
interpreter runs both; both are pure Python, uno with numpy).

For each system it plays N and 2N seeded games in a fresh interpreter under callgrind and divides the
difference in instructions by the difference in actions, so start-up, imports and loading the cards cancel.
The loops are the benchmark's: cardtable ``new_initial_state(seed)``, ``legal_actions``, ``apply`` with a
seeded ``random.Random``; uno ``env.reset()`` / ``env.step(RandomAgent.step(state))``. ``PYTHONHASHSEED`` is
fixed (0) because string hashing changes dict layouts and moves counts by about 2 % from run to run.

Usage::

    python bench/game_instructions.py mitosz             # 6 and 12 games; uno 20 and 40 games
    python bench/game_instructions.py muhq --games 12
    python bench/game_instructions.py mojo --no-uno --json

Needs valgrind (``apt-get install valgrind``); uno needs ``pip install -e '.[bench]'``. Under callgrind Python
runs some 50x slower: a run takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.M)

CARDTABLE_LOOP = """
import random, sys
from cardtable.engine import load
game = load(sys.argv[1], players=2)
rng = random.Random(0)
actions = 0
for seed in range(int(sys.argv[2])):
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
print(actions)
"""

UNO_LOOP = """
import sys
import numpy as np
import rlcard
from rlcard.agents import RandomAgent
env = rlcard.make("uno", config={"seed": 0})
agent = RandomAgent(num_actions=env.num_actions)
np.random.seed(0)
env.seed(0)
actions = 0
for _ in range(int(sys.argv[2])):
    state, _ = env.reset()
    while not env.is_over():
        state, _ = env.step(agent.step(state))
        actions += 1
print(actions)
"""


def count(loop: str, game: str, games: int, src: Path) -> tuple[int, int]:
    """(actions, instructions) of one run of ``loop`` over ``games`` games under callgrind."""
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "cg.out"
        env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                              loop, game, str(games)], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"{game}: the counted run failed:\n{run.stderr[-2000:]}")
        match = TOTALS.search(out.read_text())
        if match is None:
            raise SystemExit(f"{game}: callgrind wrote no total to {out}")
        return int(run.stdout.split()[-1]), int(match.group(1))


def per_action(loop: str, game: str, games: int, src: Path) -> dict:
    a1, i1 = count(loop, game, games, src)
    a2, i2 = count(loop, game, 2 * games, src)
    if a2 <= a1:
        raise SystemExit(f"{game}: {2 * games} games made no more actions than {games}")
    return {"games": [games, 2 * games], "actions": a2 - a1, "instructions_per_action": round((i2 - i1) / (a2 - a1))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a cardtable game: mojo, maoqy, mitosz, muhq")
    parser.add_argument("--games", type=int, default=6, help="N: runs of N and 2N games (default 6)")
    parser.add_argument("--uno-games", type=int, default=20, help="N for uno (default 20)")
    parser.add_argument("--no-uno", action="store_true", help="count the cardtable game only")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree to measure (default: ./src)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if args.games < 1 or args.uno_games < 1:
        raise SystemExit("--games and --uno-games must be at least 1")
    if not args.no_uno:
        try:
            import rlcard  # noqa: F401
        except ImportError:
            raise SystemExit("RLCard is not installed: pip install -e '.[bench]' (or --no-uno)") from None
    result = {"game": args.game, "cardtable": per_action(CARDTABLE_LOOP, args.game, args.games, args.src)}
    if not args.no_uno:
        result["uno"] = per_action(UNO_LOOP, "uno", args.uno_games, args.src)
        result["ratio"] = round(result["uno"]["instructions_per_action"]
                                / result["cardtable"]["instructions_per_action"], 2)
    if args.json:
        print(json.dumps(result))
        return
    ct = result["cardtable"]
    print(f"{args.game}: {ct['instructions_per_action']:,} instructions/action ({ct['actions']} actions)")
    if "uno" in result:
        print(f"RLCard uno: {result['uno']['instructions_per_action']:,} instructions/action "
              f"({result['uno']['actions']} actions)")
        print(f"ratio (uno / {args.game}): {result['ratio']:.2f}x fewer instructions per action")


if __name__ == "__main__":
    main()
