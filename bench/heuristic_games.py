#!/usr/bin/env python3
"""What a whole game of heuristic bots costs: CPU time per game, and instructions per game counted by callgrind.

A designer's balance run and a tournament play whole games with the games' heuristic bots, so this is the figure
they feel (issue 37's "heuristic games" line). Random play (``game_instructions.py``) measures the rules alone;
here the bots' own thinking is in it too.

For each game it plays ``--games`` seeded games of ``heuristic`` in every seat through ``cardtable.sim.simulate``
(one process, seats rotated as ``cardtable simulate`` rotates them) and reports the CPU time per game and per
action (``time.process_time``: less moved by other programs than the clock, though a busy machine still slows it
through shared caches; the load average is printed). With ``--instructions`` it also plays N and 2N games under
valgrind's callgrind in fresh interpreters and divides the difference, so start-up and imports cancel: a figure
no other load moves.

Usage::

    python bench/heuristic_games.py                      # every game, 20 games each, CPU only
    python bench/heuristic_games.py --game mitosz --games 40
    python bench/heuristic_games.py --game muhq --instructions --instruction-games 3
    python bench/heuristic_games.py --json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("mojo", "maoqy", "mitosz", "muhq")

def _actions(summary: dict) -> int:
    """The number of actions of a simulate() summary (its mean actions per game times the games played)."""
    return round(summary["mean_actions"] * summary["games_played"])


def cpu_per_game(game: str, games: int, players: int) -> dict:
    from cardtable.sim import simulate

    simulate(game, 1, players=players, agents=["heuristic"], seed=10_000)  # load the cards and the bots first
    began = time.process_time()
    summary = simulate(game, games, players=players, agents=["heuristic"], seed=0)
    cpu = time.process_time() - began
    actions = _actions(summary)
    return {"games": games, "cpu_ms_per_game": round(1000 * cpu / games, 2), "actions": actions,
            "cpu_us_per_action": round(1e6 * cpu / actions, 1) if actions else None}


HEURISTIC_LOOP = """
import sys
from cardtable.sim import simulate
summary = simulate(sys.argv[1], int(sys.argv[2]), players=int(sys.argv[3]), agents=["heuristic"], seed=0)
print(round(summary["mean_actions"] * summary["games_played"]))
"""


def instructions_per_game(game: str, games: int, players: int, src: Path) -> int:
    """Instructions per game of heuristic play: runs of N and 2N games under callgrind (``game_instructions.count``),
    the difference divided by N."""
    from game_instructions import count  # (this folder is on the path: it is the script's own)

    _, few = count(HEURISTIC_LOOP, game, games, src, players)
    _, more = count(HEURISTIC_LOOP, game, 2 * games, src, players)
    return round((more - few) / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all", help="the game (default all)")
    parser.add_argument("--games", type=int, default=20, help="games per CPU measurement (default 20)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--instructions", action="store_true", help="also count instructions per game (callgrind)")
    parser.add_argument("--instruction-games", type=int, default=4, help="N for the counted runs of N and 2N games")
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the source tree counted (default ./src)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1 or args.instruction_games < 1:
        raise SystemExit("--games and --instruction-games must be at least 1")
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind), or leave out --instructions")
    sys.path.insert(0, str(args.src))
    games = GAMES if args.game == "all" else (args.game,)
    result: dict = {"players": args.players, "load_average": round(os.getloadavg()[0], 2), "games": {}}
    for game in games:
        figures = cpu_per_game(game, args.games, args.players)
        if args.instructions:
            figures["instructions_per_game"] = instructions_per_game(game, args.instruction_games, args.players,
                                                                     args.src)
        result["games"][game] = figures
        if not args.json:
            line = (f"{game:<7} {figures['cpu_ms_per_game']:>9.2f} ms CPU per game, "
                    f"{figures['cpu_us_per_action'] or 0:>7.1f} µs per action ({figures['actions']} actions)")
            if "instructions_per_game" in figures:
                line += f", {figures['instructions_per_game']:,} instructions per game"
            print(line, flush=True)
    result["load_average_after"] = round(os.getloadavg()[0], 2)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{args.players} players, heuristic in every seat; load average {result['load_average']} before, "
              f"{result['load_average_after']} after")


if __name__ == "__main__":
    main()
