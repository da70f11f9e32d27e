#!/usr/bin/env python3
"""Benchmark cardtable's ISMCTS bot on Mojo against OpenSpiel's Python IS-MCTS: simulations per second.

Everything runs in this one process, one measurement after another (the repeats are interleaved:
cardtable, OpenSpiel gin_rummy, OpenSpiel leduc_poker, cardtable, ...), so all systems see the same
machine state. A measurement is one search bot answering ``--moves`` positions with ``--iterations``
iterations (simulations) each; it is repeated ``--repeats`` times on the same positions with a bot of the
same seed, and the median of each figure is reported, with cardtable's ratio to each peer.

The two searches, one move each (``--iterations``, default 500, the same on both sides):

* cardtable: ``make_agent("ismcts-500", game, seed).act(Observation(state, player))`` on positions of
  2-player Mojo games (seeded, uniform random play; a position is a decision with more than one legal
  action). One iteration (``agents/ismcts.py``) = **determinize** (``Observation.determinize``: clone
  the state, redeal every card hidden from the bot at random, new random stream) + **select** (UCT with
  availability counts, c = 0.7, rewards are win shares in [0, 1]) + **expand** one untried action +
  **roll out** with uniform random play to the end of the Mojo match (Mojo's default: no depth cap,
  one rollout) + **backpropagate**. The move is the most visited root action.
* OpenSpiel: ``open_spiel.python.algorithms.ismcts.ISMCTSBot(game, RandomRolloutEvaluator(n_rollouts=1),
  uct_c, max_simulations=500, final_policy_type=MAX_VISIT_COUNT)`` (unlimited world samples,
  UCT child selection, consistent action sets: its defaults) and ``bot.step(state)``. One simulation =
  **determinize** (``state.resample_from_infostate``, C++) + **select** down nodes keyed by the
  acting player's information-state string (UCT, parent visit counts) + **expand** one untried
  action + **roll out** (``RandomRolloutEvaluator``: a Python loop, uniform random actions and chance
  outcomes by probability from numpy, to the end of the game; the rollout starts from the newly
  reached node) + **backpropagate**. The move is drawn from the most-visited policy. Its UCT constant is
  ``c × (max_utility − min_utility)`` of the game, the same exploration relative to the reward range
  as cardtable's c on [0, 1] (``--peer-c`` sets it directly). Positions come from seeded random games
  (chance by probability), decisions with more than one legal action.

Which OpenSpiel game (``--peers``): the Python ISMCTSBot calls ``resample_from_infostate`` for every
simulation. OpenSpiel's ``crazy_eights`` (the shedding game closest to Mojo) does not implement it
(2.0.2: "ResampleFromInfostate() not implemented"), so it is probed and skipped with that note. Among
the games that do (bridge, euchre, gin_rummy, hearts, oh_hell; kuhn_poker, leduc_poker,
universal_poker), ``gin_rummy`` is the one comparable with 2-player Mojo: two players, hidden hands, a
draw pile and a discard pile, a random game of about 110 decisions (a random 2-player Mojo match is
about 70), so each simulation is a rollout of similar length. The ≥ 2× target is checked against it.
``leduc_poker`` is measured for context: its whole game is 2 to 6 decisions, so its simulations are
tiny and its sims/s is not comparable; the decisions/s line puts the two on one scale.

What is counted:

* sims/s: iterations run ÷ wall time of the ``act``/``step`` calls (the bot's whole move: the search,
  the choice of the move; positions and bots are made outside the clock).
* sims/CPU-s: the same over this process's CPU time; on a machine that other processes keep busy it is
  the steadier figure (the report warns when the process had the CPU for less than 90 % of the time).
* ms/move: the median time of one move.
* decisions/sim (after the timed repeats, untimed, on the same positions): player actions applied per
  iteration, in the tree and in the rollout; OpenSpiel's chance actions (draws) are counted apart, a
  cardtable game draws inside ``apply``. decisions/s = sims/s × decisions/sim: the per-action rate,
  which does not depend on how long the game is. OpenSpiel's rollout is counted through a thin
  wrapper of the state it clones (its own evaluator code runs unchanged); cardtable's from the
  history of each determinization. ``--no-count`` skips this pass.

Usage::

    pip install -e '.[bench]'
    python bench/bench_ismcts.py                      # 8 moves of 500 iterations, median of 3
    python bench/bench_ismcts.py --moves 4 --repeats 5
    python bench/bench_ismcts.py --peers gin_rummy    # one peer (crazy_eights, gin_rummy, leduc_poker)
    python bench/bench_ismcts.py --json               # one JSON object on stdout
    python bench/bench_ismcts.py --profile            # also cProfile cardtable's search (stderr with --json)

Peers that are not installed are skipped with a note; cardtable is always measured. No figure is
asserted: the program reports, the reader judges (docs/benchmarks.md).
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
from typing import Any

try:
    import cardtable
except ImportError:  # a source checkout that is not installed
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src"))
    import cardtable

from cardtable.agents import Observation, make_agent

#: OpenSpiel games that ``--peers`` may name: why each is there, and the target (cardtable sims/s as a
#: multiple of the peer's) where the issue sets one.
PEER_GAMES: dict[str, dict[str, Any]] = {
    "crazy_eights": {"params": {"players": 2}, "target": 2.0,
                     "why": "the shedding game closest to Mojo (measured only if it can be resampled)"},
    "gin_rummy": {"params": {}, "target": 2.0,
                  "why": "2-player card game with hidden hands, a draw pile and a discard pile; random games of "
                         "about 110 decisions (a 2-player Mojo match: about 70)"},
    "leduc_poker": {"params": {}, "target": None,
                    "why": "context only: a whole game is 2 to 6 decisions, so a simulation is tiny"},
}
DEFAULT_PEERS = "crazy_eights,gin_rummy,leduc_poker"
INSTALL_HINT = "pip install -e '.[bench]'"

clock = time.perf_counter


# --------------------------------------------------------------------------------------------
# Positions: decisions of seeded random games, one per game
# --------------------------------------------------------------------------------------------
def mojo_positions(game, count: int, seed: int) -> list:
    """One decision with more than one legal action per seeded random Mojo game, chosen uniformly among
    that game's such decisions. The state is replayed to that point (no clone of a finished search)."""
    pick_at = random.Random(seed)
    positions = []
    i = 0
    while len(positions) < count:
        rng = random.Random(seed * 1_000_003 + i)
        s = game.new_initial_state(seed=10_000 + i)
        history: list = []
        choices: list[int] = []
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) > 1:
                choices.append(len(history))
            history.append(rng.choice(legal))
            s.apply(history[-1])
        i += 1
        if not choices:
            continue
        stop = pick_at.choice(choices)
        s = game.new_initial_state(seed=10_000 + i - 1)
        for a in history[:stop]:
            s.apply(a)
        positions.append(s)
    return positions


def openspiel_positions(game, count: int, seed: int) -> list:
    """The same for an OpenSpiel game: chance outcomes drawn by their probabilities, player actions
    uniformly; one player decision with more than one legal action per game."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        s = game.new_initial_state()
        history: list[int] = []
        choices: list[int] = []
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                a = rng.choices(actions, probs)[0]
            else:
                legal = s.legal_actions()
                if len(legal) > 1:
                    choices.append(len(history))
                a = rng.choice(legal)
            history.append(a)
            s.apply_action(a)
        if not choices:
            continue
        stop = rng.choice(choices)
        s = game.new_initial_state()
        for a in history[:stop]:
            s.apply_action(a)
        positions.append(s)
    return positions


# --------------------------------------------------------------------------------------------
# cardtable: the ISMCTS bot on Mojo
# --------------------------------------------------------------------------------------------
class _CountingObservation(Observation):
    """An Observation that keeps the states it hands out (the count pass only): after the move each one is
    where its iteration's rollout ended, so its history tells how many actions the iteration applied."""

    def __init__(self, state, player: int):
        super().__init__(state, player)
        self.worlds: list = []

    def determinize(self, rng):
        world = super().determinize(rng)
        self.worlds.append(world)
        return world


class CardtableSearch:
    system = "cardtable"
    key = "cardtable"
    game_name = "mojo"

    def __init__(self, iterations: int, moves: int, seed: int):
        self.game = cardtable.load("mojo", players=2)
        self.players = 2
        self.agent_name = f"ismcts-{iterations}"
        self.seed = seed
        self.positions = mojo_positions(self.game, moves, seed)
        probe = make_agent(self.agent_name, self.game, seed)
        self.settings = {
            "agent": self.agent_name,
            "iterations": probe.iterations,
            "uct_c": probe.c,
            "reward_range": [0.0, 1.0],
            "rollout": f"{probe.rollout}, {'to the end of the match' if probe.rollout_depth is None else f'{probe.rollout_depth} actions'}",
            "rollouts_per_iteration": 1,
            "final_policy": "most visited root action (ties: higher mean reward)",
            "determinization": "Observation.determinize every iteration",
        }
        self.note = ""

    def measure(self) -> dict[str, Any]:
        agent = make_agent(self.agent_name, self.game, self.seed)  # the same seed every repeat: the same searches
        sims = 0
        move_seconds = []
        cpu_start = time.process_time()
        for s in self.positions:
            t0 = clock()
            agent.act(Observation(s, s.current_player))
            move_seconds.append(clock() - t0)
            sims += agent.last_search["iterations"]
        return {"moves": len(self.positions), "iterations": sims, "seconds": sum(move_seconds),
                "cpu_seconds": time.process_time() - cpu_start, "move_seconds": move_seconds}

    def count(self) -> dict[str, Any]:
        """Untimed: actions applied per iteration (tree + rollout), on the same positions and seed."""
        agent = make_agent(self.agent_name, self.game, self.seed)
        sims = decisions = 0
        for s in self.positions:
            obs = _CountingObservation(s, s.current_player)
            agent.act(obs)
            base = len(s.history)
            decisions += sum(len(w.history) - base for w in obs.worlds)
            sims += len(obs.worlds)
        # chance (draws, reshuffles) happens inside apply in a cardtable game: not actions, not counted
        return {"iterations": sims, "decisions_per_sim": decisions / sims, "chance_per_sim": None}

    def profile(self, top: int, out) -> None:
        agent = make_agent(self.agent_name, self.game, self.seed)
        prof = cProfile.Profile()
        prof.enable()
        for s in self.positions[:3]:
            agent.act(Observation(s, s.current_player))
        prof.disable()
        text = io.StringIO()
        pstats.Stats(prof, stream=text).strip_dirs().sort_stats("tottime").print_stats(top)
        print(f"\n=== cProfile: cardtable {self.agent_name} on Mojo, {min(3, len(self.positions))} moves, top {top} by own time ===",
              file=out)
        body = text.getvalue()
        print(body[body.find("   ncalls"):].rstrip() if "   ncalls" in body else body.rstrip(), file=out)


# --------------------------------------------------------------------------------------------
# OpenSpiel: the Python ISMCTSBot with random rollouts
# --------------------------------------------------------------------------------------------
class NotResampleable(Exception):
    """The game cannot be resampled from an information state, which the Python ISMCTSBot needs."""


class _CountingState:
    """A stand-in for the state handed to ``RandomRolloutEvaluator.evaluate`` (the count pass only): its
    ``clone()`` is the working state of the rollout, which counts the actions applied to it. The evaluator's
    own code runs unchanged."""

    __slots__ = ("state", "tally")

    def __init__(self, state, tally: list[int]):
        self.state = state
        self.tally = tally

    def clone(self):
        return _CountingState(self.state.clone(), self.tally)

    def apply_action(self, action) -> None:
        self.tally[1 if self.state.is_chance_node() else 0] += 1
        self.state.apply_action(action)

    def __getattr__(self, name):
        return getattr(self.state, name)


class OpenSpielSearch:
    system = "openspiel"

    def __init__(self, peer: str, iterations: int, moves: int, seed: int, c: float, peer_c: float | None):
        import numpy as np  # ImportError: not installed, skipped
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        self.np, self.pyspiel, self.ismcts, self.mcts = np, pyspiel, ismcts, mcts
        self.key = self.game_name = peer
        spec = PEER_GAMES[peer]
        self.game = pyspiel.load_game(peer, spec["params"])
        self.players = self.game.num_players()
        self._check_resampleable(seed)
        self.iterations = iterations
        self.seed = seed
        span = self.game.max_utility() - self.game.min_utility()
        self.uct_c = peer_c if peer_c is not None else c * span
        self.positions = openspiel_positions(self.game, moves, seed)
        self.version = getattr(pyspiel, "__version__", None) or _dist_version("open-spiel")
        self.settings = {
            "bot": "open_spiel.python.algorithms.ismcts.ISMCTSBot",
            "iterations": iterations,
            "uct_c": self.uct_c,
            "uct_c_from": "--peer-c" if peer_c is not None else f"{c:g} × (max_utility − min_utility = {span:g})",
            "reward_range": [self.game.min_utility(), self.game.max_utility()],
            "rollout": "RandomRolloutEvaluator, uniform random (chance by probability), to the end of the game",
            "rollouts_per_iteration": 1,
            "final_policy": "MAX_VISIT_COUNT (the move drawn among the most visited)",
            "determinization": "state.resample_from_infostate every simulation (max_world_samples unlimited)",
            "child_selection": "UCT",
            "game_params": dict(spec["params"]),
        }
        self.note = spec["why"]

    def _check_resampleable(self, seed: int) -> None:
        rng = random.Random(seed)
        s = self.game.new_initial_state()
        while s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(actions, probs)[0])
        try:
            s.resample_from_infostate(s.current_player(), self.pyspiel.UniformProbabilitySampler(0.0, 1.0))
        except Exception as exc:  # pyspiel.SpielError
            raise NotResampleable(f"{self.game_name} does not implement resample_from_infostate ({exc}), which the "
                                  "Python ISMCTSBot calls for every simulation") from None

    def _bot(self, evaluator=None):
        rs = self.np.random.RandomState(self.seed)
        evaluator = evaluator or self.mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        return self.ismcts.ISMCTSBot(self.game, evaluator, self.uct_c, self.iterations, random_state=rs,
                                     final_policy_type=self.ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)

    def measure(self) -> dict[str, Any]:
        # the same numpy seed every repeat; resample_from_infostate draws from OpenSpiel's own generator,
        # which the bot does not seed, so OpenSpiel's repeats are not identical searches
        bot = self._bot()
        sims = 0
        move_seconds = []
        cpu_start = time.process_time()
        for s in self.positions:
            t0 = clock()
            bot.step(s)
            move_seconds.append(clock() - t0)
            sims += self.iterations  # every position has more than one legal action: a full search
        return {"moves": len(self.positions), "iterations": sims, "seconds": sum(move_seconds),
                "cpu_seconds": time.process_time() - cpu_start, "move_seconds": move_seconds}

    def count(self) -> dict[str, Any]:
        """Untimed: player and chance actions applied per simulation, in the tree and in the rollout."""
        tally = [0, 0]  # decisions, chance
        inner = self.mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.np.random.RandomState(self.seed))

        class Counting(self.mcts.Evaluator):
            def evaluate(self, state):
                return inner.evaluate(_CountingState(state, tally))

            def prior(self, state):
                return inner.prior(state)

        bot = self._bot(Counting())
        run = bot.run_simulation  # recursive through bot.run_simulation: count at the top call only
        depth = [0]
        sims = [0]

        def run_simulation(state):
            if depth[0]:
                return run(state)
            depth[0] += 1
            before = len(state.full_history())
            try:
                return run(state)
            finally:
                depth[0] -= 1
                sims[0] += 1
                for item in state.full_history()[before:]:  # the tree part: applied to the sampled state
                    tally[1 if item.player < 0 else 0] += 1

        bot.run_simulation = run_simulation
        for s in self.positions:
            bot.step(s)
        return {"iterations": sims[0], "decisions_per_sim": tally[0] / sims[0], "chance_per_sim": tally[1] / sims[0]}


def _dist_version(name: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return None


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
    return {"python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "cpu": cpu, "cores": os.cpu_count()}


def summarize(runs: list[dict[str, Any]], counted: dict[str, Any] | None, **extra: Any) -> dict[str, Any]:
    sps = statistics.median(r["iterations"] / r["seconds"] for r in runs)
    out = {
        "sims_per_s": sps,
        "ms_per_sim": 1e3 / sps,
        # CPU time of this process: less disturbed than wall time when other processes share the cores
        "sims_per_cpu_s": statistics.median(r["iterations"] / r["cpu_seconds"] for r in runs),
        "ms_per_move": statistics.median(statistics.median(r["move_seconds"]) for r in runs) * 1e3,
        "mean_ms_per_move": statistics.median(r["seconds"] / r["moves"] for r in runs) * 1e3,
        "moves": runs[0]["moves"],
        "iterations_per_move": runs[0]["iterations"] / runs[0]["moves"],
        "cpu_share": statistics.median(r["cpu_seconds"] / r["seconds"] for r in runs),
        "runs": runs,
    }
    if counted:
        out["count"] = counted
        out["decisions_per_sim"] = counted["decisions_per_sim"]
        out["chance_per_sim"] = counted["chance_per_sim"]
        out["decisions_per_s"] = sps * counted["decisions_per_sim"]
    out.update(extra)
    return out


def compare(mine: dict[str, Any], theirs: dict[str, Any], target: float | None) -> dict[str, Any]:
    ratio = mine["sims_per_s"] / theirs["sims_per_s"]
    # each repeat measured both back to back: their ratio is the least noisy figure
    paired = [(m["iterations"] / m["seconds"]) / (p["iterations"] / p["seconds"]) for m, p in zip(mine["runs"], theirs["runs"])]
    out: dict[str, Any] = {"ratio": ratio, "per_repeat": paired,
                           "cpu_ratio": mine["sims_per_cpu_s"] / theirs["sims_per_cpu_s"]}
    if target is not None:
        out.update(target=target, met=ratio >= target)
    if "decisions_per_s" in mine and "decisions_per_s" in theirs:
        out["decisions_ratio"] = mine["decisions_per_s"] / theirs["decisions_per_s"]
    return out


def print_report(result: dict[str, Any], out) -> None:
    cfg = result["config"]
    m = result["machine"]
    print(f"cardtable ISMCTS benchmark — {result['date']} — Python {m['python']} on {m['cpu']} ({m['cores']} cores)", file=out)
    print(f"each measurement: {cfg['moves']} moves of {cfg['iterations']} iterations, median of {cfg['repeats']} "
          f"repeat{'s' if cfg['repeats'] != 1 else ''}, one process, seed {cfg['seed']}\n", file=out)
    header = ("system", "game", "sims/s", "sims/CPU-s", "ms/sim", "ms/move", "decisions/sim", "chance/sim", "decisions/s")
    rows = []
    for r in result["search"].values():
        counted = "decisions_per_sim" in r
        rows.append((r["system"], r["game"], f"{r['sims_per_s']:,.0f}", f"{r['sims_per_cpu_s']:,.0f}", f"{r['ms_per_sim']:.3f}", f"{r['ms_per_move']:,.1f}",
                     f"{r['decisions_per_sim']:.1f}" if counted else "-", f"{r['chance_per_sim']:.1f}" if counted and r["chance_per_sim"] is not None else "-",
                     f"{r['decisions_per_s']:,.0f}" if counted else "-"))
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(header)]
    line = lambda cells: "  ".join(c.rjust(w) if i >= 2 else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))  # noqa: E731
    print(line(header), file=out)
    print("  ".join("-" * w for w in widths), file=out)
    for row in rows:
        print(line(row), file=out)
    print("decisions/sim: player actions per iteration (tree + rollout); chance/sim: OpenSpiel's chance actions "
          "(a cardtable game draws inside apply: -); decisions/s = sims/s × decisions/sim", file=out)

    runs = [r for v in result["search"].values() for r in v["runs"]]
    share = sum(r["cpu_seconds"] for r in runs) / sum(r["seconds"] for r in runs)
    if share < 0.9:
        print(f"\nwarning: this process had the CPU for only {share:.0%} of the wall time (the machine was busy); "
              "absolute rates are low, the ratios less so (the repeats are interleaved)", file=out)

    print("\nsettings:", file=out)
    for key, r in result["search"].items():
        s = r["settings"]
        print(f"  {key}: {s['iterations']} iterations/move, UCT c {s['uct_c']:g}"
              f"{' (' + s['uct_c_from'] + ')' if 'uct_c_from' in s else ''} on rewards in "
              f"[{s['reward_range'][0]:g}, {s['reward_range'][1]:g}]; {s['rollouts_per_iteration']} rollout: {s['rollout']}; "
              f"final policy: {s['final_policy']}; determinization: {s['determinization']}", file=out)
        if r.get("note"):
            print(f"    ({r['note']})", file=out)

    print("\nratios (cardtable sims/s ÷ peer sims/s; each repeat measured both back to back):", file=out)
    for peer, why in result["skipped"].items():
        print(f"  {peer} skipped: {why}", file=out)
    for peer, ratio in result["ratios"].items():
        name = f"cardtable mojo / OpenSpiel {peer}"
        per_action = f"   CPU time {ratio['cpu_ratio']:.2f}×"
        per_action += f"   decisions/s {ratio['decisions_ratio']:.2f}×" if "decisions_ratio" in ratio else ""
        if "target" in ratio:
            verdict = "met" if ratio["met"] else "NOT met"
            print(f"  {name:<40} {ratio['ratio']:7.2f}×   target ≥ {ratio['target']:.1f}×   {verdict}{per_action}", file=out)
        else:
            print(f"  {name:<40} {ratio['ratio']:7.2f}×   (no target: context){per_action}", file=out)


# --------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iterations", type=int, default=500, help="iterations (simulations) per move on both sides (default 500)")
    ap.add_argument("--moves", type=int, default=8, help="positions (moves) per measurement (default 8)")
    ap.add_argument("--repeats", type=int, default=3, help="repeats of each measurement; the median is reported (default 3)")
    ap.add_argument("--peers", default=DEFAULT_PEERS,
                    help=f"OpenSpiel games, comma-separated, from {', '.join(PEER_GAMES)} (default {DEFAULT_PEERS}); 'none' for none")
    ap.add_argument("--peer-c", type=float, default=None,
                    help="OpenSpiel's UCT constant (default: cardtable's c × the game's utility range)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the positions and of the bots (default 0)")
    ap.add_argument("--no-count", action="store_true", help="skip the untimed pass that counts actions per simulation")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--profile", action="store_true", help="also cProfile cardtable's search on 3 positions (stderr with --json)")
    ap.add_argument("--profile-top", type=int, default=25, help="functions listed by --profile (default 25)")
    args = ap.parse_args(argv)
    if args.iterations < 1 or args.moves < 1 or args.repeats < 1:
        ap.error("--iterations, --moves and --repeats must be ≥ 1")
    peers = [] if args.peers == "none" else [p.strip() for p in args.peers.split(",") if p.strip()]
    unknown = [p for p in peers if p not in PEER_GAMES]
    if unknown:
        ap.error(f"unknown peer(s) {', '.join(unknown)}; choose from {', '.join(PEER_GAMES)}")

    log = sys.stderr
    mine = CardtableSearch(args.iterations, args.moves, args.seed)
    c = mine.settings["uct_c"]
    benches: dict[str, Any] = {"cardtable": mine}
    skipped: dict[str, str] = {}
    for peer in peers:
        try:
            benches[peer] = OpenSpielSearch(peer, args.iterations, args.moves, args.seed, c, args.peer_c)
        except ImportError as exc:
            skipped[peer] = f"open-spiel (pyspiel) could not be imported ({exc}); install the bench extras: {INSTALL_HINT}"
        except NotResampleable as exc:
            skipped[peer] = str(exc)
        except Exception as exc:  # installed but broken: still skip
            skipped[peer] = f"open-spiel failed to set up: {type(exc).__name__}: {exc}; check the versions of the bench extras"
    for key, why in skipped.items():
        print(f"skipping {key}: {why}", file=log)

    runs: dict[str, list] = {k: [] for k in benches}
    for rep in range(args.repeats):
        for key, bench in benches.items():
            r = bench.measure()
            runs[key].append(r)
            print(f"[{rep + 1}/{args.repeats}] {key:<12} {r['iterations'] / r['seconds']:,.0f} sims/s "
                  f"({r['seconds'] / r['moves'] * 1e3:,.0f} ms/move)", file=log)
    counts: dict[str, Any] = {}
    if not args.no_count:
        for key, bench in benches.items():
            counts[key] = bench.count()
            print(f"counted {key}: {counts[key]['decisions_per_sim']:.1f} decisions/sim", file=log)

    result: dict[str, Any] = {
        "date": datetime.date.today().isoformat(),
        "machine": machine_info(),
        "config": {"iterations": args.iterations, "moves": args.moves, "repeats": args.repeats, "seed": args.seed,
                   "peers": peers, "players": 2},
        "versions": {"cardtable": cardtable.__version__},
        "search": {},
        "ratios": {},
        "skipped": skipped,
    }
    for key, bench in benches.items():
        result["search"][key] = summarize(runs[key], counts.get(key), system=bench.system, game=bench.game_name,
                                          players=bench.players, settings=bench.settings, note=bench.note)
        if key != "cardtable":
            result["versions"]["open-spiel"] = bench.version
    for key in benches:
        if key != "cardtable":
            result["ratios"][key] = compare(result["search"]["cardtable"], result["search"][key], PEER_GAMES[key]["target"])

    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print_report(result, sys.stdout)
    if args.profile:
        mine.profile(args.profile_top, sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
