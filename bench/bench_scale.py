#!/usr/bin/env python3
"""Benchmark how `cardtable simulate` scales: Mojo random play on 1 and 2 local workers, and Ray against the pool.

    python bench/bench_scale.py                       # 10,000 games per run, median of 3 rounds
    python bench/bench_scale.py --games 20000 --rounds 5
    python bench/bench_scale.py --no-ray              # local workers only
    python bench/bench_scale.py --json                # one JSON object on stdout

Ray listens beyond loopback unless it is kept in a private network namespace, so the Ray part runs only
inside one. The benchmark makes that namespace itself, as the test command does for the Ray tests: run as root
(``unshare`` and ``ip`` present) and with Ray installed, it starts itself again under
``unshare -n sh -c 'ip link set lo up && exec …'``. Where that is not possible (or with ``--no-namespace``) it
stays in this network and skips Ray, printing why.

What is measured, in one process run so that the ratios compare like with like on a shared machine:

1. scaling: games/s with ``workers=1`` (in this process) and ``workers=2`` (a process pool, its start-up
   included), the two interleaved round by round, before Ray starts. Target: 2 workers ≥ 1.8 × 1 worker.
2. Ray against the pool: games/s on a local Ray (2 CPUs, started once, its start-up time reported apart)
   and on the 2-worker pool, interleaved round by round while Ray is up. Target: Ray within 15 % of the pool.

Every run is ``simulate("mojo", games, agents=["random"], seed=0)``, cut into the default chunks. The
summaries must be identical apart from timing, and the benchmark says whether they are. The figures are
medians. The CPU count, the load average and the chunk size are printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

from cardtable.sim import simulate  # noqa: E402
from cardtable.sim.executors import default_chunk_size, start_ray  # noqa: E402

TIMING = ("seconds", "games_per_s", "actions_per_s")
INSIDE = "CARDTABLE_BENCH_NAMESPACE"  # set in the copy started inside the private network namespace


def loopback_only() -> str | None:
    """None inside a loopback-only network namespace, else why Ray must not start here."""
    lines = Path("/proc/net/dev").read_text().splitlines()[2:]
    others = [line.split(":")[0].strip() for line in lines if ":" in line and line.split(":")[0].strip() != "lo"]
    if others:
        return (f"Ray would listen beyond loopback (interfaces {', '.join(others)}); run inside "
                f"unshare -n sh -c 'ip link set lo up && exec python bench/bench_scale.py'")
    try:
        import ray  # noqa: F401
    except ImportError:
        return "Ray is not installed (pip install 'cardtable[ray]')"
    return None


def into_namespace(argv: list[str]) -> int | None:
    """Run this benchmark again inside a private network namespace with only loopback up, and return its exit
    code; None where that cannot be done (not root, no ``unshare``/``ip``, no Ray, or already inside)."""
    if os.environ.get(INSIDE) or loopback_only() is None or not (shutil.which("unshare") and shutil.which("ip")):
        return None
    try:
        import ray  # noqa: F401
    except ImportError:
        return None
    if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        return None
    command = " ".join(shlex.quote(x) for x in [sys.executable, str(Path(__file__).resolve()), *argv])
    inner = f"ip link set lo up && exec env {INSIDE}=1 RAY_USAGE_STATS_ENABLED=0 {command}"
    print("(starting again in a private network namespace with only loopback, for Ray)", file=sys.stderr)
    return subprocess.run(["unshare", "-n", "sh", "-c", inner]).returncode


def run(games: int, **how) -> tuple[float, dict]:
    start = time.perf_counter()
    summary = simulate("mojo", games, agents=["random"], seed=0, **how)
    seconds = time.perf_counter() - start
    return games / seconds, {k: v for k, v in summary.items() if k not in TIMING}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per run (default 10,000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the figures are medians (default 3)")
    parser.add_argument("--no-ray", action="store_true", help="measure the local workers only")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-namespace", action="store_true",
                        help="do not start again in a private network namespace (Ray is then skipped)")
    args = parser.parse_args(argv)
    if not args.no_ray and not args.no_namespace:
        code = into_namespace(sys.argv[1:] if argv is None else argv)
        if code is not None:
            return code
    say = (lambda *a, **k: print(*a, **k, file=sys.stderr)) if args.json else print

    rates: dict[str, list[float]] = {"1 worker": [], "2 workers": [], "2 workers (Ray up)": [], "ray": []}
    summaries = []
    say(f"Mojo random play, 3 players, {args.games:,} games per run, chunks of {default_chunk_size(args.games)}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}")
    run(200, workers=2)  # start the forkserver once, as any earlier run in a process would have
    for r in range(args.rounds):
        for label, how in (("1 worker", {"workers": 1}), ("2 workers", {"workers": 2})):
            rate, summary = run(args.games, **how)
            rates[label].append(rate)
            summaries.append(summary)
            say(f"  round {r + 1}: {label:<9} {rate:8.1f} games/s")

    ray_problem = "not asked for (--no-ray)" if args.no_ray else loopback_only()
    ray_start = None
    if ray_problem is None:
        import ray

        began = time.perf_counter()
        start_ray(None, 2)
        ray_start = time.perf_counter() - began
        say(f"  local Ray (2 CPUs) started in {ray_start:.1f} s")
        try:
            run(200, backend="ray")  # Ray starts its worker processes on first use
            for r in range(args.rounds):
                for label, how in (("2 workers (Ray up)", {"workers": 2}), ("ray", {"backend": "ray"})):
                    rate, summary = run(args.games, **how)
                    rates[label].append(rate)
                    summaries.append(summary)
                    say(f"  round {r + 1}: {label:<18} {rate:8.1f} games/s")
        finally:
            ray.shutdown()
    else:
        say(f"  Ray skipped: {ray_problem}")

    median = {label: statistics.median(v) for label, v in rates.items() if v}
    identical = all(s == summaries[0] for s in summaries)
    out = {
        "games": args.games, "rounds": args.rounds, "cpus": os.cpu_count(),
        "chunk_size": default_chunk_size(args.games),
        "games_per_s": {k: round(v, 1) for k, v in median.items()},
        "scaling_2_over_1": round(median["2 workers"] / median["1 worker"], 3),
        "ray_over_pool": round(median["ray"] / median["2 workers (Ray up)"], 3) if "ray" in median else None,
        "ray_start_s": round(ray_start, 2) if ray_start is not None else None,
        "ray_skipped": ray_problem,
        "load_average": round(os.getloadavg()[0], 2),
        "identical_results": identical,
    }
    if args.json:
        print(json.dumps(out))
    else:
        print()
        print(f"{'run':<20}{'games/s (median)':>18}")
        for label, value in median.items():
            print(f"{label:<20}{value:>18,.1f}")
        print(f"scaling, 2 workers / 1 worker: {out['scaling_2_over_1']:.2f}x (target >= 1.8x)")
        if out["ray_over_pool"] is not None:
            print(f"Ray / 2-worker pool: {out['ray_over_pool']:.2f}x (target within 15 %: >= 0.85x); "
                  f"Ray started in {out['ray_start_s']} s (not in the figures)")
        print(f"summaries identical across every run: {'yes' if identical else 'NO'}")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
