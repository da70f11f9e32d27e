#!/usr/bin/env python3
"""Benchmark cardtable's games in random play against OpenSpiel's ``crazy_eights`` and RLCard's ``uno``.

Everything runs in this one process, one measurement after another (the repeats are interleaved:
Mojo, MAOQY, OpenSpiel, RLCard, Mojo, ...), so all systems see the same machine state. Each
measurement runs for ``--seconds`` of wall time (or ``--games`` games), ``--repeats`` times; the
median of each figure is reported, and so is each cardtable line's ratio to each peer.

The cardtable lines (``--game``, see ``LINES``):

* ``mojo``: Mojo, uniform random play.
* ``maoqy``: MAOQY, uniform random play. Pass is always legal and n passes in a row end the game
  (MAOQY-8.2), so these games are short (median 13 actions, all ending in that deadlock).
* ``maoqy-nopass``: MAOQY, uniform random play among the actions other than pass (pass only when it
  is the only action). These games run to the turn limit (2000 turns): MAOQY's typical long game, and
  the line compared with the issue's target.
* ``mitosz``: Mítosz with the two sample decks, uniform random play (every pass in an open window or a
  counter round is a decision, as it is for a person). Its ``legal_actions()`` figure is measured with
  the state's caches dropped before each call (``forget_caches``), so it is the full computation.
* ``muhq``: muhq's game on its default board (River Crown) with the sets vanguard and tide, uniform
  random play from the first draft pick to the end (draft picks, upkeep payments, priority passes, unit
  actions: every decision counts). Its ``legal_actions()`` figure is measured with the state's caches
  dropped before each call (``changed``).

What is counted (see docs/benchmarks.md):

* cardtable: one action = one ``state.apply(action)``; every action is a player's decision. Dealing,
  shuffling and the like happen inside the state and are not actions. The timed loop includes
  ``new_initial_state`` for every game. Only the engine API is used (``new_initial_state(seed)``,
  ``legal_actions``, ``apply``, ``is_terminal``, ``clone``), with a seeded ``random.Random``.
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
    python bench/bench_games.py                  # all games, 5 s per measurement, median of 3, 2 players
    python bench/bench_games.py --game maoqy --seconds 2
    python bench/bench_games.py --players 3 --json   # one JSON object on stdout
    python bench/bench_games.py --profile        # also cProfile each game's hot path (stderr with --json)

``bench/bench_mojo.py`` is this program with ``--game mojo``. Peers that are not installed are
skipped with a note; the cardtable games are always measured.
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
from typing import Any, Callable, NamedTuple

try:
    import cardtable
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src"))
    import cardtable


class Line(NamedTuple):
    """One cardtable measurement: a game played by a policy."""

    key: str
    game: str
    policy: str  # "random" or "no-pass"
    #: Targets from the issues: this line's actions/s as a multiple of each peer's.
    targets: dict[str, float]
    #: Measure clone() and legal_actions() on this line's mid-game states.
    hot_path: bool = True
    #: The state's method that drops its caches, so that legal_actions() is timed in full (if it has one).
    forget: str = "forget_caches"


#: What ``--game`` selects. MAOQY's target ("≥ 10× RLCard uno per action") is compared with the
#: no-pass line; plain random MAOQY games end after a handful of actions, so that line mostly times
#: new_initial_state (it is reported, with its ratios, for context).
LINES = {
    "mojo": [Line("mojo", "mojo", "random", {"openspiel": 1.0, "rlcard": 20.0})],
    "maoqy": [Line("maoqy", "maoqy", "random", {}, hot_path=False),
              Line("maoqy-nopass", "maoqy", "no-pass", {"rlcard": 10.0})],
    "mitosz": [Line("mitosz", "mitosz", "random", {"rlcard": 2.0})],
    "muhq": [Line("muhq", "muhq", "random", {"rlcard": 2.0}, forget="changed")],
}
PEERS = {"openspiel": "OpenSpiel crazy_eights", "rlcard": "RLCard uno"}
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
# cardtable games (Mojo, MAOQY, ...) through the engine API
# --------------------------------------------------------------------------------------------
def chooser(rng: random.Random, policy: str) -> Callable[[list], Any]:
    """The driver's choice among legal actions: uniform (``random``), or uniform among the actions
    that are not a pass, passing only when nothing else is legal (``no-pass``)."""
    choice = rng.choice
    if policy == "random":
        return choice  # the bound method itself: no extra call per action
    if policy != "no-pass":
        raise ValueError(f"unknown policy {policy!r}")

    def no_pass(actions: list) -> Any:
        a = choice(actions)
        if a.type == "pass" and len(actions) > 1:  # rare: draw again among the others
            others = [x for x in actions if x.type != "pass"]
            if others:
                a = choice(others)
        return a

    return no_pass


class PoolBench:
    """clone() and legal_actions() on the mid-game states in ``self.pool`` (cardtable and OpenSpiel
    states both have those two methods)."""

    pool: list
    forget_name = "forget_caches"

    def clone_batch(self) -> int:
        for s in self.pool:
            s.clone()
        return len(self.pool)

    def legal_batch(self) -> int:
        for s in self.pool:
            forget = getattr(s, self.forget_name, None)
            if forget is not None:  # a game that keeps its legal actions between calls (Mítosz, muhq)
                forget()
            s.legal_actions()
        return len(self.pool)


class CardtableBench(PoolBench):
    system = "cardtable"

    def __init__(self, line: Line, players: int, seed: int):
        self.line = line
        self.game_name = line.game
        self.game = cardtable.load(line.game, players=players)
        self.players = players
        self.seed = seed
        self.note = "" if line.policy == "random" else f"policy: {line.policy}"
        self.forget_name = line.forget
        if line.hot_path:
            self.pool = self._mid_game_states(POOL_GAMES)

    def play_loop(self, seed: int) -> Callable[[int], tuple[int, int]]:
        game = self.game
        pick = chooser(random.Random(seed), self.line.policy)

        def play_one(i: int) -> tuple[int, int]:
            s = game.new_initial_state(seed=i)
            n = 0
            while not s.is_terminal():
                s.apply(pick(s.legal_actions()))
                n += 1
            return n, n  # every cardtable action is a player's decision

        return play_one

    def _mid_game_states(self, count: int) -> list:
        """One state per game, taken at a random point between 25 % and 75 % of the game's length."""
        stop_at = random.Random(self.seed + 1)
        pool = []
        for i in range(count):
            pick = chooser(random.Random(self.seed + i), self.line.policy)
            s = self.game.new_initial_state(seed=10_000 + i)
            history = []
            while not s.is_terminal():
                history.append(pick(s.legal_actions()))
                s.apply(history[-1])
            stop = stop_at.randint(len(history) // 4, max(len(history) // 4, (3 * len(history)) // 4))
            s = self.game.new_initial_state(seed=10_000 + i)
            for a in history[:stop]:
                s.apply(a)
            if not s.is_terminal():
                pool.append(s)
        return pool


# --------------------------------------------------------------------------------------------
# OpenSpiel crazy_eights (C++ game through pyspiel)
# --------------------------------------------------------------------------------------------
class OpenSpielBench(PoolBench):
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
# Profiling a cardtable game's hot path
# --------------------------------------------------------------------------------------------
def profile_game(bench: CardtableBench, seconds: float, top: int, out) -> None:
    """cProfile of random play and of clone() on mid-game states; top functions by own time."""
    work = [("random play (new_initial_state + legal_actions + apply)", lambda: run_play(bench.play_loop(bench.seed), seconds, None))]
    if bench.line.hot_path:
        work.append(("clone() on mid-game states", lambda: run_calls(bench.clone_batch, seconds)))
    for title, run in work:
        prof = cProfile.Profile()
        prof.enable()
        run()
        prof.disable()
        text = io.StringIO()
        stats = pstats.Stats(prof, stream=text)
        stats.strip_dirs().sort_stats("tottime").print_stats(top)
        print(f"\n=== cProfile: {bench.line.key} {title}, {seconds:g} s, top {top} by own time ===", file=out)
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
    print(f"cardtable benchmark ({', '.join(cfg['games'])}) — {result['date']} — Python {m['python']} on {m['cpu']} "
          f"({m['cores']} cores)", file=out)
    how = f"{cfg['games_per_measurement']} games" if cfg["games_per_measurement"] else f"{cfg['seconds']:g} s"
    print(f"each measurement: {how}, median of {cfg['repeats']} repeat{'s' if cfg['repeats'] != 1 else ''}, one process, seed {cfg['seed']}\n", file=out)

    header = ("line", "system", "game", "players", "actions/s", "µs/action", "games/s", "actions/game")
    rows = [(key, r["system"], r["game"], str(r["players"]), fmt_rate(r["actions_per_s"]), f"{r['us_per_action']:.2f}",
             fmt_rate(r["games_per_s"]), f"{r['actions_per_game']:.1f}") for key, r in result["play"].items()]
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.rjust(w) if i >= 3 else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
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
    for key, r in result["play"].items():
        if r.get("note"):
            print(f"note ({key}): {r['note']}", file=out)

    print("\nhot path (mid-game states, calls/s):", file=out)
    for key, hp in result["hot_path"].items():
        print(f"  {key:<24} clone {fmt_rate(hp['clone']['calls_per_s']):>11}/s ({hp['clone']['us_per_call']:.2f} µs)"
              f"   legal_actions {fmt_rate(hp['legal_actions']['calls_per_s']):>11}/s ({hp['legal_actions']['us_per_call']:.2f} µs)",
              file=out)

    print("\nratios (cardtable actions/s ÷ peer actions/s; each repeat measured both back to back):", file=out)
    for peer, why in result["skipped"].items():
        print(f"  {PEERS[peer]} skipped: {why}", file=out)
    for key, ratios in result["ratios"].items():
        for peer, label in PEERS.items():
            name = f"{key} / {label}"
            ratio = ratios.get(peer)
            if ratio is None:
                continue
            if "target" in ratio:
                verdict = "met" if ratio["met"] else "NOT met"
                print(f"  {name:<44} {ratio['ratio']:7.2f}×   target ≥ {ratio['target']:4.1f}×   {verdict}", file=out)
            else:
                print(f"  {name:<44} {ratio['ratio']:7.2f}×   (no target: context)", file=out)
        dec = ratios.get("openspiel_decisions_only")
        if dec:
            print(f"  {key + ' / OpenSpiel, decisions only':<44} {dec['ratio']:7.2f}×   (context only: not the target's measure)", file=out)


def compare(line: Line, mine: dict[str, Any], play: dict[str, Any]) -> dict[str, Any]:
    """A cardtable line's actions/s against each peer measured, with the line's targets."""
    out: dict[str, Any] = {}
    for peer in PEERS:
        theirs = play.get(peer)
        if theirs is None:
            continue
        ratio = mine["actions_per_s"] / theirs["actions_per_s"]
        # each repeat measured the line and the peer back to back: their ratio is the least noisy figure
        paired = [(m["actions"] / m["seconds"]) / (p["actions"] / p["seconds"]) for m, p in zip(mine["runs"], theirs["runs"])]
        out[peer] = {"ratio": ratio, "per_repeat": paired}
        if peer in line.targets:
            out[peer].update(target=line.targets[peer], met=ratio >= line.targets[peer])
    if "openspiel" in play:
        out["openspiel_decisions_only"] = {"ratio": mine["decisions_per_s"] / play["openspiel"]["decisions_per_s"]}
    return out


# --------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None, game: str | None = None, description: str | None = None) -> int:
    """The program; ``game`` fixes the game (and drops the ``--game`` option), as bench_mojo.py does."""
    ap = argparse.ArgumentParser(description=description or __doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    if game is None:
        ap.add_argument("--game", choices=[*LINES, "all"], default="all",
                        help="the cardtable game(s) to measure (default all); maoqy is two lines, plain random and no-pass")
    ap.add_argument("--seconds", type=float, default=5.0, help="wall time of each measurement (default 5)")
    ap.add_argument("--games", type=int, default=None,
                    help="play this many games per play measurement instead of a fixed time (hot-path measurements stay timed)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of each measurement; the median is reported (default 3)")
    ap.add_argument("--players", type=int, default=2, help="players for the cardtable games and crazy_eights (default 2; RLCard uno is 2-player)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random choices (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--profile", action="store_true", help="also cProfile each cardtable line's hot path and print the top functions (stderr with --json)")
    ap.add_argument("--profile-top", type=int, default=25, help="functions listed by --profile (default 25)")
    ap.add_argument("--no-peers", action="store_true", help="measure the cardtable games only")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or (args.games is not None and args.games < 1):
        ap.error("--seconds must be > 0, --repeats ≥ 1 and --games ≥ 1")

    log = sys.stderr
    game = game or args.game
    games = list(LINES) if game == "all" else [game]
    lines = [line for g in games for line in LINES[g]]
    benches: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for line in lines:
        try:
            benches[line.key] = CardtableBench(line, args.players, args.seed)
        except cardtable.CardtableError as exc:
            ap.error(f"{line.game}: {exc}")
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
            print(f"[{rep + 1}/{args.repeats}] {key:<12} play: {fmt_rate(r['actions'] / r['seconds'])} actions/s", file=log)
        for key in hot_runs:
            bench = benches[key]
            hot_runs[key]["clone"].append(run_calls(bench.clone_batch, args.seconds))
            hot_runs[key]["legal_actions"].append(run_calls(bench.legal_batch, args.seconds))
            print(f"[{rep + 1}/{args.repeats}] {key:<12} hot path measured", file=log)

    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "machine": machine_info(),
        "config": {"games": games, "seconds": args.seconds, "games_per_measurement": args.games, "repeats": args.repeats,
                   "players": args.players, "seed": args.seed},
        "versions": {"cardtable": cardtable.__version__},
        "play": {},
        "hot_path": {},
        "ratios": {},
        "skipped": skipped,
    }
    for key, bench in benches.items():
        result["play"][key] = summarize_play(play_runs[key], system=bench.system, game=bench.game_name,
                                             players=bench.players, note=getattr(bench, "note", ""))
        if isinstance(bench, CardtableBench):
            result["play"][key]["policy"] = bench.line.policy
        else:
            result["versions"][key] = bench.version
        if hasattr(bench, "chance"):
            result["play"][key]["chance_sampling"] = bench.chance
    for key, runs in hot_runs.items():
        result["hot_path"][key] = {name: summarize_calls(r) for name, r in runs.items()}
    for line in lines:
        result["ratios"][line.key] = compare(line, result["play"][line.key], result["play"])

    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_report(result, sys.stdout)
    if args.profile:
        for line in lines:
            profile_game(benches[line.key], min(args.seconds, 5.0), args.profile_top, sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
