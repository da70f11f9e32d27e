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

``maoqy-nopass`` is MAOQY's no-pass line of ``bench_games.py`` (uniform among the actions other than pass; pass only
when nothing else is legal), the line its target compares with uno. ``--players`` sets the cardtable game's player
count (uno is always 2). ``--crazy-eights`` also counts OpenSpiel's C++ ``crazy_eights`` driven by the same Python
loop (chance outcomes chosen uniformly, as in ``bench_games.py``; needs ``open-spiel``), at the same player count.

Usage::

    python bench/game_instructions.py mitosz             # 6 and 12 games; uno 20 and 40 games
    python bench/game_instructions.py muhq --games 12
    python bench/game_instructions.py mojo --no-uno --json
    python bench/game_instructions.py mojo --crazy-eights --players 4
    python bench/game_instructions.py maoqy-nopass --games 2

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
GAMES = ("mojo", "maoqy", "maoqy-nopass", "mitosz", "muhq")
TOTALS = re.compile(r"^(?:summary|totals):\s+(\d+)", re.M)

CARDTABLE_LOOP = """
import random, sys
from cardtable.engine import load
name, games, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
no_pass = name == "maoqy-nopass"
game = load("maoqy" if no_pass else name, players=players)
rng = random.Random(0)
choice = rng.choice
actions = 0
for seed in range(games):
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        a = choice(legal)
        if no_pass and a.type == "pass" and len(legal) > 1:  # as bench_games.py's no-pass line
            others = [x for x in legal if x.type != "pass"]
            if others:
                a = choice(others)
        state.apply(a)
        actions += 1
print(actions)
"""

CRAZY_EIGHTS_LOOP = """
import random, sys
import pyspiel
game = pyspiel.load_game("crazy_eights", {"players": int(sys.argv[3])})
rng = random.Random(0)
actions = 0
for _ in range(int(sys.argv[2])):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():  # up to 5 players every outcome is equally likely (see bench_games.py)
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
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


def count(loop: str, game: str, games: int, src: Path, players: int = 2) -> tuple[int, int]:
    """(actions, instructions) of one run of ``loop`` over ``games`` games under callgrind."""
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "cg.out"
        env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c",
                              loop, game, str(games), str(players)], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"{game}: the counted run failed:\n{run.stderr[-2000:]}")
        match = TOTALS.search(out.read_text())
        if match is None:
            raise SystemExit(f"{game}: callgrind wrote no total to {out}")
        return int(run.stdout.split()[-1]), int(match.group(1))


def per_action(loop: str, game: str, games: int, src: Path, players: int = 2) -> dict:
    a1, i1 = count(loop, game, games, src, players)
    a2, i2 = count(loop, game, 2 * games, src, players)
    if a2 <= a1:
        raise SystemExit(f"{game}: {2 * games} games made no more actions than {games}")
    return {"games": [games, 2 * games], "actions": a2 - a1, "instructions_per_action": round((i2 - i1) / (a2 - a1))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=GAMES, help="the cardtable game (maoqy-nopass: MAOQY's no-pass line)")
    parser.add_argument("--players", type=int, default=2, help="players of the cardtable game (default 2)")
    parser.add_argument("--crazy-eights", action="store_true",
                        help="also count OpenSpiel's crazy_eights at the same player count (needs open-spiel)")
    parser.add_argument("--crazy-eights-games", type=int, default=20, help="N for crazy_eights (default 20)")
    parser.add_argument("--games", type=int, default=6, help="N: runs of N and 2N games (default 6)")
    parser.add_argument("--uno-games", type=int, default=20, help="N for uno (default 20)")
    parser.add_argument("--no-uno", action="store_true", help="count the cardtable game only")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree to measure (default: ./src)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    if min(args.games, args.uno_games, args.crazy_eights_games) < 1:
        raise SystemExit("--games, --uno-games and --crazy-eights-games must be at least 1")
    if not 2 <= args.players <= 5:
        raise SystemExit("--players must be 2 to 5 (crazy_eights deals from one deck up to 5)")
    if args.crazy_eights:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            raise SystemExit("OpenSpiel is not installed: pip install -e '.[bench]' (or leave out --crazy-eights)") from None
    if not args.no_uno:
        try:
            import rlcard  # noqa: F401
        except ImportError:
            raise SystemExit("RLCard is not installed: pip install -e '.[bench]' (or --no-uno)") from None
    result: dict = {"game": args.game, "players": args.players,
                    "cardtable": per_action(CARDTABLE_LOOP, args.game, args.games, args.src, args.players)}
    mine = result["cardtable"]["instructions_per_action"]
    if not args.no_uno:
        result["uno"] = per_action(UNO_LOOP, "uno", args.uno_games, args.src)
        result["ratio"] = round(result["uno"]["instructions_per_action"] / mine, 2)
    if args.crazy_eights:
        result["crazy_eights"] = per_action(CRAZY_EIGHTS_LOOP, "crazy_eights", args.crazy_eights_games, args.src,
                                            args.players)
        result["ratio_crazy_eights"] = round(result["crazy_eights"]["instructions_per_action"] / mine, 2)
    if args.json:
        print(json.dumps(result))
        return
    ct = result["cardtable"]
    print(f"{args.game} ({args.players} players): {ct['instructions_per_action']:,} instructions/action "
          f"({ct['actions']} actions)")
    if "uno" in result:
        print(f"RLCard uno: {result['uno']['instructions_per_action']:,} instructions/action "
              f"({result['uno']['actions']} actions)")
        print(f"ratio (uno / {args.game}): {result['ratio']:.2f}x fewer instructions per action")
    if "crazy_eights" in result:
        c8 = result["crazy_eights"]
        print(f"OpenSpiel crazy_eights ({args.players} players, from Python): {c8['instructions_per_action']:,} "
              f"instructions/action ({c8['actions']} actions)")
        print(f"ratio (crazy_eights / {args.game}): {result['ratio_crazy_eights']:.2f}x")


if __name__ == "__main__":
    main()
