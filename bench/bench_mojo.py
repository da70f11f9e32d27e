#!/usr/bin/env python3
"""Benchmark Mojo random play against OpenSpiel's ``crazy_eights`` and RLCard's ``uno``.

Everything runs in this one process, one measurement after another (the repeats are interleaved:
Mojo, OpenSpiel, RLCard, Mojo, ...), so all systems see the same machine state. Each measurement
runs for ``--seconds`` of wall time (or ``--games`` games), ``--repeats`` times; the median of
each figure is reported.

What is counted (see docs/benchmarks.md):

* Mojo: one action = one ``state.apply(action)``. Dealing is done inside the state and is not
  an action. The timed loop includes ``new_initial_state`` for every game.
* OpenSpiel crazy_eights: one action = one ``state.apply_action``, chance nodes (dealing,
  drawing) included; player decisions are also reported on their own. Chance outcomes are
  chosen uniformly: with up to 5 players (one deck) every outcome has the same probability, which
  the program checks on a few games before timing; from 6 players on (two decks) they are not,
  and the program samples them by probability instead, with ``pyspiel.sample_action`` and a
  seeded uniform number (and says so).
* RLCard uno: one action = one ``env.step`` call, driven by ``RandomAgent.step`` in the env's
  own step loop (``env.reset()``; ``while not env.is_over(): env.step(agent.step(state))``).

Usage::

    pip install -e '.[bench]'
    python bench/bench_mojo.py                  # 5 s per measurement, median of 3, 2 players
    python bench/bench_mojo.py --players 3 --seconds 2
    python bench/bench_mojo.py --json           # one JSON object on stdout
    python bench/bench_mojo.py --profile        # also cProfile Mojo's hot path (stderr with --json)

Peers that are not installed are skipped with a note; Mojo is always measured.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from typing import Any, Callable

try:
    import cardtable
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src"))
    import cardtable

#: Targets from the issue: Mojo actions/s as a multiple of each peer's.
TARGETS = {"openspiel": 1.0, "rlcard": 20.0}
INSTALL_HINT = "pip install -e '.[bench]'"
#: Mid-game states held for the clone() and legal_actions() measurements.
POOL_GAMES = 200

clock = time.perf_counter


# --------------------------------------------------------------------------------------------
# Running a measurement: for a fixed wall time or a fixed number of games, several times.
# --------------------------------------------------------------------------------------------
def run_play(play_one: Callable[[int], tuple[int, int]], seconds: float, games: int | None) -> dict[str, Any]:
    """Play games ``play_one(i)`` for i = 0, 1, ... until ``seconds`` have passed (checked after each
    game) or ``games`` games are done. ``play_one`` returns (actions, decisions)."""
    actions = decisions = played = 0
    cpu_start = time.process_time()
    start = clock()
    deadline = start + seconds
    while True:
        a, d = play_one(played)
        actions += a
        decisions += d
        played += 1
        if games is not None:
            if played >= games:
                break
        elif clock() >= deadline:
            break
    elapsed = clock() - start
    cpu = time.process_time() - cpu_start
    return {"actions": actions, "decisions": decisions, "games": played, "seconds": elapsed, "cpu_seconds": cpu}


def run_calls(call_batch: Callable[[], int], seconds: float) -> dict[str, Any]:
    """Call ``call_batch`` (which makes some calls and returns how many) until ``seconds`` have passed."""
    calls = 0
    cpu_start = time.process_time()
    start = clock()
    deadline = start + seconds
    while True:
        calls += call_batch()
        if clock() >= deadline:
            break
    elapsed = clock() - start
    return {"calls": calls, "seconds": elapsed, "cpu_seconds": time.process_time() - cpu_start}


def summarize_play(runs: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Median over repeats of each rate; the raw runs are kept for the JSON output."""
    aps = statistics.median(r["actions"] / r["seconds"] for r in runs)
    out = {
        "actions_per_s": aps,
        "us_per_action": 1e6 / aps,
        "games_per_s": statistics.median(r["games"] / r["seconds"] for r in runs),
        "actions_per_game": statistics.median(r["actions"] / r["games"] for r in runs),
        "decisions_per_s": statistics.median(r["decisions"] / r["seconds"] for r in runs),
        "cpu_share": statistics.median(r["cpu_seconds"] / r["seconds"] for r in runs),
        "runs": runs,
    }
    out.update(extra)
    return out


def summarize_calls(runs: list[dict[str, Any]]) -> dict[str, Any]:
    cps = statistics.median(r["calls"] / r["seconds"] for r in runs)
    return {"calls_per_s": cps, "us_per_call": 1e6 / cps, "runs": runs}


# --------------------------------------------------------------------------------------------
# Mojo (cardtable)
# --------------------------------------------------------------------------------------------
class MojoBench:
    system = "cardtable"
    game_name = "mojo"

    def __init__(self, players: int, seed: int):
        self.game = cardtable.load("mojo", players=players)
        self.players = players
        self.seed = seed
        self.pool = self._mid_game_states(POOL_GAMES)

    def play_loop(self, seed: int) -> Callable[[int], tuple[int, int]]:
        game = self.game
        choice = random.Random(seed).choice

        def play_one(i: int) -> tuple[int, int]:
            s = game.new_initial_state(seed=i)
            n = 0
            while not s.is_terminal():
                s.apply(choice(s.legal_actions()))
                n += 1
            return n, n  # every Mojo action is a player's decision

        return play_one

    def _mid_game_states(self, count: int) -> list:
        """One state per game, taken at a random point between 25 % and 75 % of the game's length."""
        pick = random.Random(self.seed + 1)
        pool = []
        for i in range(count):
            length = self.play_loop(self.seed + i)(10_000 + i)[0]
            stop = pick.randint(length // 4, max(length // 4, (3 * length) // 4))
            choice = random.Random(self.seed + i).choice  # same choices as the first pass
            s = self.game.new_initial_state(seed=10_000 + i)
            for _ in range(stop):
                s.apply(choice(s.legal_actions()))
            if not s.is_terminal():
                pool.append(s)
        return pool

    def clone_batch(self) -> int:
        for s in self.pool:
            s.clone()
        return len(self.pool)

    def legal_batch(self) -> int:
        for s in self.pool:
            s.legal_actions()
        return len(self.pool)


# --------------------------------------------------------------------------------------------
# OpenSpiel crazy_eights (C++ game through pyspiel)
# --------------------------------------------------------------------------------------------
class OpenSpielBench:
    system = "openspiel"
    game_name = "crazy_eights"

    def __init__(self, players: int, seed: int):
        import pyspiel  # ImportError: not installed, skipped

        self.pyspiel = pyspiel
        gtype = pyspiel.load_game("crazy_eights").get_type()
        self.note = ""
        if gtype.min_num_players <= players <= gtype.max_num_players:
            self.players = players
        else:
            self.players = min(max(players, gtype.min_num_players), gtype.max_num_players)
            self.note = f"crazy_eights takes {gtype.min_num_players}-{gtype.max_num_players} players; ran {self.players}"
        self.game = pyspiel.load_game("crazy_eights", {"players": self.players})
        self.version = getattr(pyspiel, "__version__", None) or _dist_version("open-spiel")
        self.seed = seed
        # Uniform choice among chance outcomes is exact only if they are equally likely. With up to
        # 5 players crazy_eights uses one deck and every outcome is; from 6 players on it uses two
        # decks and a card with both copies left is twice as likely: then sample by probability.
        self.chance = "uniform" if self._chance_is_uniform() else "by probability"
        if self.chance != "uniform":
            self.note = "; ".join(filter(None, [self.note, "chance outcomes sampled by probability (two decks)"]))
        self.pool = self._mid_game_states(POOL_GAMES)

    def _chance_is_uniform(self, games: int = 3) -> bool:
        rng = random.Random(self.seed)
        for _ in range(games):
            s = self.game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    probs = [p for _, p in outcomes]
                    if max(probs) - min(probs) > 1e-9:
                        return False
                    s.apply_action(rng.choice(outcomes)[0])
                else:
                    s.apply_action(rng.choice(s.legal_actions()))
        return True

    def play_loop(self, seed: int) -> Callable[[int], tuple[int, int]]:
        game = self.game
        rng = random.Random(seed)
        choice = rng.choice
        uniform01 = rng.random
        sample_action = self.pyspiel.sample_action  # C++: the outcome at cumulative probability z

        # crazy_eights deals and draws through chance nodes, so the game is random by itself;
        # new_initial_state takes no seed. Our choices (the players' and chance's) are seeded.
        def play_one(i: int) -> tuple[int, int]:
            s = game.new_initial_state()
            n = d = 0
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(choice(s.chance_outcomes())[0])  # uniform (checked in __init__)
                else:
                    s.apply_action(choice(s.legal_actions()))
                    d += 1
                n += 1
            return n, d

        def play_one_weighted(i: int) -> tuple[int, int]:
            s = game.new_initial_state()
            n = d = 0
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(sample_action(s.chance_outcomes(), uniform01())[0])
                else:
                    s.apply_action(choice(s.legal_actions()))
                    d += 1
                n += 1
            return n, d

        return play_one if self.chance == "uniform" else play_one_weighted

    def _mid_game_states(self, count: int) -> list:
        rng = random.Random(self.seed + 1)
        pool = []
        for _ in range(count):
            s = self.game.new_initial_state()
            history = []
            while not s.is_terminal():
                acts = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
                a = rng.choice(acts)
                history.append(a)
                s.apply_action(a)
            stop = rng.randint(len(history) // 4, (3 * len(history)) // 4)
            s = self.game.new_initial_state()
            for a in history[:stop]:
                s.apply_action(a)
            if not s.is_terminal() and not s.is_chance_node():
                pool.append(s)
        return pool

    def clone_batch(self) -> int:
        for s in self.pool:
            s.clone()
        return len(self.pool)

    def legal_batch(self) -> int:
        for s in self.pool:
            s.legal_actions()
        return len(self.pool)


# --------------------------------------------------------------------------------------------
# RLCard uno (pure Python with numpy)
# --------------------------------------------------------------------------------------------
class RLCardBench:
    system = "rlcard"
    game_name = "uno"

    def __init__(self, players: int, seed: int):
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent

        self.np = np
        # RLCard's uno env reads no player count from its config (only blackjack and the hold'em
        # games do), so uno is always the 2-player game.
        self.env = rlcard.make("uno", config={"seed": seed})
        self.players = self.env.num_players
        self.note = "" if players == self.players else f"RLCard's uno env is {self.players}-player only"
        self.agent = RandomAgent(num_actions=self.env.num_actions)
        self.version = getattr(rlcard, "__version__", None) or _dist_version("rlcard")
        self.seed = seed

    def play_loop(self, seed: int) -> Callable[[int], tuple[int, int]]:
        env = self.env
        step = self.agent.step  # RandomAgent.step draws from numpy's global generator
        self.np.random.seed(seed)
        env.seed(seed)

        def play_one(i: int) -> tuple[int, int]:
            state, _ = env.reset()
            n = 0
            while not env.is_over():
                state, _ = env.step(step(state))
                n += 1
            return n, n

        return play_one


def _dist_version(name: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return None


# --------------------------------------------------------------------------------------------
# Profiling Mojo's hot path
# --------------------------------------------------------------------------------------------
def profile_mojo(bench: MojoBench, seconds: float, top: int, out) -> None:
    """cProfile of random play and of clone() on mid-game states; top functions by own time."""
    for title, work in (
        ("random play (new_initial_state + legal_actions + apply)", lambda: run_play(bench.play_loop(bench.seed), seconds, None)),
        ("clone() on mid-game states", lambda: run_calls(bench.clone_batch, seconds)),
    ):
        prof = cProfile.Profile()
        prof.enable()
        work()
        prof.disable()
        text = io.StringIO()
        stats = pstats.Stats(prof, stream=text)
        stats.strip_dirs().sort_stats("tottime").print_stats(top)
        print(f"\n=== cProfile: Mojo {title}, {seconds:g} s, top {top} by own time ===", file=out)
        body = text.getvalue()
        print(body[body.find("   ncalls"):].rstrip() if "   ncalls" in body else body.rstrip(), file=out)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------
def machine_info() -> dict[str, Any]:
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
    }


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}"


def print_report(result: dict[str, Any], out) -> None:
    cfg = result["config"]
    m = result["machine"]
    print(f"Mojo benchmark — {result['date']} — Python {m['python']} on {m['cpu']} ({m['cores']} cores)", file=out)
    how = f"{cfg['games']} games" if cfg["games"] else f"{cfg['seconds']:g} s"
    print(f"each measurement: {how}, median of {cfg['repeats']} repeat{'s' if cfg['repeats'] != 1 else ''}, one process, seed {cfg['seed']}\n", file=out)

    header = ("system", "game", "players", "actions/s", "µs/action", "games/s", "actions/game")
    rows = []
    for key in ("mojo", "openspiel", "rlcard"):
        r = result["play"].get(key)
        if r is None:
            continue
        rows.append((r["system"], r["game"], str(r["players"]), fmt_rate(r["actions_per_s"]),
                     f"{r['us_per_action']:.2f}", fmt_rate(r["games_per_s"]), f"{r['actions_per_game']:.1f}"))
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.rjust(w) if i >= 2 else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    print(line(header), file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for row in rows:
        print(line(row), file=out)

    # The figures are wall-clock rates: if other processes took the CPU they are low for everyone.
    runs = [r for v in result["play"].values() for r in v["runs"]]
    share = sum(r["cpu_seconds"] for r in runs) / sum(r["seconds"] for r in runs)
    if share < 0.9:
        print(f"\nwarning: this process had the CPU for only {share:.0%} of the wall time (the machine was busy); "
              "absolute rates are low, the ratios less so (the repeats are interleaved)", file=out)

    os_r = result["play"].get("openspiel")
    if os_r:
        share = 1 - os_r["decisions_per_s"] / os_r["actions_per_s"]
        print(f"\nOpenSpiel counts chance actions (deals, draws) too: {share:.0%} of its actions; "
              f"player decisions only: {fmt_rate(os_r['decisions_per_s'])}/s.", file=out)
    for key in ("openspiel", "rlcard"):
        r = result["play"].get(key)
        if r and r.get("note"):
            print(f"note ({key}): {r['note']}", file=out)

    print("\nhot path (mid-game states, calls/s):", file=out)
    for key, label in (("mojo", "Mojo"), ("openspiel", "OpenSpiel crazy_eights")):
        hp = result["hot_path"].get(key)
        if hp:
            print(f"  {label:<24} clone {fmt_rate(hp['clone']['calls_per_s']):>11}/s ({hp['clone']['us_per_call']:.2f} µs)"
                  f"   legal_actions {fmt_rate(hp['legal_actions']['calls_per_s']):>11}/s ({hp['legal_actions']['us_per_call']:.2f} µs)",
                  file=out)

    print("\nratios (Mojo actions/s ÷ peer actions/s):", file=out)
    for key, label in (("openspiel", "OpenSpiel crazy_eights"), ("rlcard", "RLCard uno")):
        ratio = result["ratios"].get(key)
        if ratio is None:
            print(f"  Mojo / {label:<26} skipped: {result['skipped'][key]}", file=out)
            continue
        verdict = "met" if ratio["met"] else "NOT met"
        print(f"  Mojo / {label:<26} {ratio['ratio']:6.2f}×   target ≥ {ratio['target']:4.1f}×   {verdict}", file=out)
    dec = result["ratios"].get("openspiel_decisions_only")
    if dec:
        print(f"  Mojo / {'OpenSpiel, decisions only':<26} {dec['ratio']:6.2f}×   (context only: not the target's measure)", file=out)


# --------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="wall time of each measurement (default 5)")
    ap.add_argument("--games", type=int, default=None,
                    help="play this many games per play measurement instead of a fixed time (hot-path measurements stay timed)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of each measurement; the median is reported (default 3)")
    ap.add_argument("--players", type=int, default=2, help="players for Mojo and crazy_eights (default 2; RLCard uno is 2-player)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--profile", action="store_true", help="also cProfile Mojo's hot path and print the top functions (stderr with --json)")
    ap.add_argument("--profile-top", type=int, default=25, help="functions listed by --profile (default 25)")
    ap.add_argument("--no-peers", action="store_true", help="measure Mojo only")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or (args.games is not None and args.games < 1):
        ap.error("--seconds must be > 0, --repeats ≥ 1 and --games ≥ 1")

    log = sys.stderr
    benches: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    try:
        benches["mojo"] = MojoBench(args.players, args.seed)
    except cardtable.CardtableError as exc:
        ap.error(str(exc))
    for key, cls, module in (("openspiel", OpenSpielBench, "open-spiel (pyspiel)"), ("rlcard", RLCardBench, "rlcard")):
        if args.no_peers:
            skipped[key] = "--no-peers"
            continue
        try:
            benches[key] = cls(args.players, args.seed)
        except ImportError as exc:
            skipped[key] = f"{module} could not be imported ({exc}); install the bench extras: {INSTALL_HINT}"
        except Exception as exc:  # installed but broken (e.g. a numpy it does not support): still skip
            skipped[key] = f"{module} failed to set up: {type(exc).__name__}: {exc}; check the versions of the bench extras"
    for key, why in skipped.items():
        if why != "--no-peers":
            print(f"skipping {key}: {why}", file=log)

    play_runs: dict[str, list] = {k: [] for k in benches}
    hot_runs: dict[str, dict[str, list]] = {k: {"clone": [], "legal_actions": []} for k in benches if hasattr(benches[k], "pool")}
    for rep in range(args.repeats):
        for key, bench in benches.items():
            # the same choice seed in every repeat: each repeat replays the same games from the start
            r = run_play(bench.play_loop(args.seed), args.seconds, args.games)
            play_runs[key].append(r)
            print(f"[{rep + 1}/{args.repeats}] {key:<9} play: {fmt_rate(r['actions'] / r['seconds'])} actions/s", file=log)
        for key in hot_runs:
            bench = benches[key]
            hot_runs[key]["clone"].append(run_calls(bench.clone_batch, args.seconds))
            hot_runs[key]["legal_actions"].append(run_calls(bench.legal_batch, args.seconds))
            print(f"[{rep + 1}/{args.repeats}] {key:<9} hot path measured", file=log)

    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "machine": machine_info(),
        "config": {"seconds": args.seconds, "games": args.games, "repeats": args.repeats, "players": args.players,
                   "seed": args.seed},
        "versions": {"cardtable": cardtable.__version__},
        "play": {},
        "hot_path": {},
        "ratios": {},
        "skipped": skipped,
    }
    for key, bench in benches.items():
        result["play"][key] = summarize_play(play_runs[key], system=bench.system, game=bench.game_name,
                                             players=bench.players, note=getattr(bench, "note", ""))
        if hasattr(bench, "chance"):
            result["play"][key]["chance_sampling"] = bench.chance
        if key != "mojo":
            result["versions"][key] = bench.version
    for key, runs in hot_runs.items():
        result["hot_path"][key] = {name: summarize_calls(r) for name, r in runs.items()}
    mojo = result["play"]["mojo"]
    for key in ("openspiel", "rlcard"):
        peer = result["play"].get(key)
        if peer is None:
            continue
        ratio = mojo["actions_per_s"] / peer["actions_per_s"]
        # each repeat measured Mojo and the peer back to back: their ratio is the least noisy figure
        paired = [(m["actions"] / m["seconds"]) / (p["actions"] / p["seconds"]) for m, p in zip(mojo["runs"], peer["runs"])]
        result["ratios"][key] = {"ratio": ratio, "target": TARGETS[key], "met": ratio >= TARGETS[key],
                                 "per_repeat": paired}
    if "openspiel" in result["play"]:
        result["ratios"]["openspiel_decisions_only"] = {
            "ratio": mojo["decisions_per_s"] / result["play"]["openspiel"]["decisions_per_s"]}

    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_report(result, sys.stdout)
    if args.profile:
        profile_mojo(benches["mojo"], min(args.seconds, 5.0), args.profile_top, sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
