"""The Ray backend gives the same results as the local one (cardtable.sim.executors).

These tests start one local Ray for the session (about 4 s and 830 MiB). Ray listens on the machine's
addresses, so they run only inside a private network namespace that has nothing but loopback::

    unshare -n sh -c 'ip link set lo up && exec env CARDTABLE_RAY_TESTS=1 python -m pytest tests/sim/test_ray_backend.py'

Outside one they are skipped. With ``CARDTABLE_RAY_TESTS=1`` (set by CI's wrapper) they fail instead, so a
wrapper that stopped isolating them, or a missing Ray, does not pass unnoticed.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.engine import CardtableError
from cardtable.sim import executors, simulate
from cardtable.sim.executors import ChunkFailed, chunk_ranges, run_chunks
from cardtable.sim.tournament import tournament

from . import chunk_tasks

TIMING = ("seconds", "games_per_s", "actions_per_s")


def no_timing(summary):
    return {k: v for k, v in summary.items() if k not in TIMING}


def network_interfaces() -> list[str]:
    """This process's network interfaces (/proc/net/dev follows the namespace; /sys/class/net does not)."""
    lines = Path("/proc/net/dev").read_text().splitlines()[2:]
    return [line.split(":")[0].strip() for line in lines if ":" in line]


def isolation_problem() -> str | None:
    """Why Ray must not start here, or None inside a loopback-only namespace with Ray installed."""
    try:
        interfaces = network_interfaces()
    except OSError:
        return "cannot read /proc/net/dev to check that the network is loopback only"
    others = [name for name in interfaces if name != "lo"]
    if others:
        return (f"Ray would listen beyond loopback (interfaces {', '.join(others)}); run these tests inside "
                f"unshare -n sh -c 'ip link set lo up && exec python -m pytest {__file__}'")
    if "lo" not in interfaces:
        return "no loopback interface: run `ip link set lo up` in the namespace first"
    try:
        import ray  # noqa: F401
    except ImportError:
        return "Ray is not installed (pip install 'cardtable[ray]')"
    return None


PROBLEM = isolation_problem()
if PROBLEM is not None:
    if os.environ.get("CARDTABLE_RAY_TESTS") == "1":
        raise RuntimeError(f"CARDTABLE_RAY_TESTS=1 but the Ray tests cannot run: {PROBLEM}")
    pytest.skip(PROBLEM, allow_module_level=True)


@pytest.fixture(scope="module")
def ray_cluster():
    """One local Ray (2 CPUs, no dashboard, on loopback) for every test here; yields its address."""
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    import ray

    # The workers import the tests' chunk tasks by name, as they would import cardtable's.
    root = str(Path(__file__).resolve().parents[2])
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [root, saved]))
    try:
        started = executors.start_ray(None, 2)
        assert started, "Ray was already running in this process"
        try:
            yield ray.get_runtime_context().gcs_address
        finally:
            ray.shutdown()
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved


def test_simulate_on_ray_equals_one_and_two_local_workers(ray_cluster):
    args = dict(players=3, agents=["heuristic", "random", "random"], seed=17)
    local = simulate("mojo", 90, **args, workers=1)
    pool = simulate("mojo", 90, **args, workers=2)
    on_ray = simulate("mojo", 90, **args, backend="ray")
    assert no_timing(local) == no_timing(pool) == no_timing(on_ray)
    assert on_ray["games_played"] == 90 and not on_ray["partial"]


def test_a_tournament_on_ray_equals_the_local_one_csv_and_ratings_included(ray_cluster):
    def run(**kw):
        t = tournament("mojo", ["heuristic", "random", "random"], 6, players=2, seed=9, **kw)
        fh = io.StringIO()
        t.write_csv(fh)
        return no_timing(t.summary()), fh.getvalue()

    assert run(workers=1) == run(backend="ray", chunk_size=3)


def test_results_arrive_in_order_from_ray(ray_cluster):
    got = []
    report = run_chunks(chunk_tasks.squares, chunk_ranges(12, 2), context={"delay": 0.3}, backend="ray",
                        on_result=lambda c, r: got.append(c))
    assert got == chunk_ranges(12, 2) and report.complete and report.backend == "ray" and report.workers == 2


def test_ray_retries_a_failing_chunk_and_a_crashed_worker(ray_cluster, tmp_path):
    flaky = tmp_path / "flaky"
    flaky.mkdir()
    got = []
    report = run_chunks(chunk_tasks.flaky, chunk_ranges(8, 2), context={"bad": 2, "fails": 1, "folder": str(flaky)},
                        backend="ray", on_result=lambda c, r: got.extend(r))
    assert got == [i * i for i in range(8)] and report.retried == 1
    dies = tmp_path / "dies"
    dies.mkdir()
    got = []
    report = run_chunks(chunk_tasks.dies, chunk_ranges(8, 2), context={"bad": 4, "folder": str(dies)},
                        backend="ray", on_result=lambda c, r: got.extend(r))
    assert got == [i * i for i in range(8)] and report.retried == 1 and chunk_tasks.attempts(dies, 4) == 2


def test_chunks_grouped_into_one_ray_task_are_still_delivered_and_retried_one_by_one(ray_cluster, tmp_path):
    # 40 quick chunks: after the first results Ray gets several chunks per task (see _run_ray).
    flaky = tmp_path / "flaky"
    flaky.mkdir()
    got = []
    report = run_chunks(chunk_tasks.flaky, chunk_ranges(80, 2), context={"bad": 60, "fails": 2, "folder": str(flaky)},
                        backend="ray", on_result=lambda c, r: got.append((c, r)))
    assert [c for c, _ in got] == chunk_ranges(80, 2) and [x for _, r in got for x in r] == [i * i for i in range(80)]
    assert report.retried == 2 and chunk_tasks.attempts(flaky, 60) == 3
    dies = tmp_path / "dies"
    dies.mkdir()
    got = []
    report = run_chunks(chunk_tasks.dies, chunk_ranges(80, 2), context={"bad": 60, "folder": str(dies)},
                        backend="ray", on_result=lambda c, r: got.extend(r))
    assert got == [i * i for i in range(80)] and report.complete and chunk_tasks.attempts(dies, 60) == 2


def test_ray_does_not_retry_an_input_error(ray_cluster, tmp_path):
    with pytest.raises(ChunkFailed, match="no such card: X-99"):
        run_chunks(chunk_tasks.bad_input, chunk_ranges(4, 2), context={"folder": str(tmp_path)}, backend="ray")
    assert chunk_tasks.attempts(tmp_path, 0) == 1
    assert issubclass(ChunkFailed, CardtableError)


def test_a_run_stopped_locally_resumes_on_ray_from_its_checkpoint(ray_cluster, tmp_path):
    args = dict(players=2, agents=["heuristic", "random"], seed=30, chunk_size=6)
    whole = simulate("mojo", 48, **args)
    seen = []
    path = tmp_path / "run.ckpt"
    part = simulate("mojo", 48, **args, checkpoint=path, on_game=seen.append, should_stop=lambda: len(seen) >= 18)
    assert part["partial"] and part["games_played"] == 18
    resumed = simulate("mojo", 48, **args, checkpoint=path, backend="ray")
    assert no_timing(resumed) == no_timing(whole)


def test_cli_joins_a_running_cluster_by_address(ray_cluster):
    # Ray (2.59+) protects a local cluster with a token that ray.init() keeps in ~/.ray/auth_token; a driver
    # joining it needs RAY_AUTH_MODE=token and reads the token from there.
    env = {"COLUMNS": "160", "PATH": "/usr/bin:/bin", "TERM": "dumb", "RAY_USAGE_STATS_ENABLED": "0",
           "HOME": os.environ.get("HOME", str(Path.home())), "RAY_AUTH_MODE": os.environ.get("RAY_AUTH_MODE", "")}
    common = [sys.executable, "-m", "cardtable.cli.app", "simulate", "mojo", "-n", "120", "--seed", "3", "--json"]
    local = subprocess.run([*common, "--workers", "1"], capture_output=True, text=True, timeout=300, env=env)
    remote = subprocess.run([*common, "--address", ray_cluster], capture_output=True, text=True, timeout=300, env=env)
    assert local.returncode == 0 and remote.returncode == 0, local.stderr + remote.stderr
    assert no_timing(json.loads(remote.stdout)) == no_timing(json.loads(local.stdout))
