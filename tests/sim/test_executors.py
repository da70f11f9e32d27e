"""Executors (cardtable.sim.executors): chunks, in-order delivery, retries, checkpoints, Ctrl-C, and the same
results for the same seeds whatever the worker count. Ray has its own file (test_ray_backend.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from cardtable.engine import CardtableError
from cardtable.sim import executors, simulate
from cardtable.sim.executors import Chunk, ChunkFailed, check_run, chunk_ranges, chunks_of, run_chunks
from cardtable.sim.executors import ray_address, ray_backend
from cardtable.sim.tournament import tournament

from . import chunk_tasks

TIMING = ("seconds", "games_per_s", "actions_per_s")


def no_timing(summary):
    return {k: v for k, v in summary.items() if k not in TIMING}


def collect(task, chunks, **kw):
    got = []
    report = run_chunks(task, chunks, on_result=lambda chunk, result: got.append((chunk, result)), **kw)
    return got, report


# -- chunks ------------------------------------------------------------------------------------------------------
def test_chunks_cover_the_job_and_depend_only_on_the_total():
    assert chunk_ranges(10, 4) == [Chunk(0, 4), Chunk(4, 8), Chunk(8, 10)]
    assert executors.default_chunk_size(50) == 1 and executors.default_chunk_size(10_000) == 100
    assert executors.default_chunk_size(10**6) == executors.MAX_CHUNK
    for total in (1, 7, 99, 101, 12_345):
        chunks = chunk_ranges(total)
        assert [i for c in chunks for i in range(c.start, c.stop)] == list(range(total))


def test_missing_items_are_cut_on_the_same_boundaries():
    assert chunks_of([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4) == chunk_ranges(10, 4)
    assert chunks_of([1, 2, 5, 6, 7, 8, 9], 4) == [Chunk(1, 3), Chunk(5, 8), Chunk(8, 10)]
    assert chunks_of([], 4) == []


def test_bad_run_options_are_clear_errors():
    with pytest.raises(CardtableError, match="unknown backend 'dask'"):
        check_run("dask", None)
    with pytest.raises(CardtableError, match="add --backend ray"):
        check_run("local", "10.0.0.1:6379")
    with pytest.raises(CardtableError, match="--workers"):
        run_chunks(chunk_tasks.squares, chunk_ranges(3, 1), workers=0)
    assert executors.resolve_backend(None, "auto") == "ray" and executors.resolve_backend(None, None) == "local"


def test_ray_missing_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, as where it is not installed
    with pytest.raises(CardtableError, match=r"pip install 'cardtable\[ray\]'"):
        check_run("ray", None)
    with pytest.raises(CardtableError, match="not installed"):
        run_chunks(chunk_tasks.squares, chunk_ranges(4, 2), backend="ray")


# -- a Ray cluster's address (found by a CLI audit: Ray retried an address where nobody listens for minutes) ---------
# These never start Ray: the check runs before ray.init, against sockets of this test or ports nobody listens on.
def closed_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago and that nobody listens on."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_ray_address_where_nobody_listens_is_one_clear_error():
    port = closed_port()
    for address in (f"127.0.0.1:{port}", f"localhost:{port}", f"ray://127.0.0.1:{port}"):
        with pytest.raises(CardtableError, match=f"^no Ray cluster answers at {address}: Connection refused$"):
            executors.check_ray_address(address)
    with pytest.raises(CardtableError, match="^no Ray cluster answers at nowhere.invalid:6379: nowhere.invalid "
                                             "does not resolve"):
        executors.check_ray_address("nowhere.invalid:6379")


def test_a_ray_address_that_answers_passes():
    import socket

    with socket.socket() as head:
        head.bind(("127.0.0.1", 0))
        head.listen(4)
        port = head.getsockname()[1]
        for address in (f"127.0.0.1:{port}", f"ray://127.0.0.1:{port}", f"localhost:{port}"):
            executors.check_ray_address(address)
    for address in ("local", "anyscale://cluster"):  # Ray's own forms that name no host and port: passed on
        executors.check_ray_address(address)


@pytest.mark.parametrize("address, words", [
    ("HEAD", "--address HEAD is not a Ray cluster's address; give HOST:PORT (e.g. HEAD:6379), ray://HOST:PORT or auto"),
    ("HEAD:abc", "--address HEAD:abc is not a Ray cluster's address"),
    ("::1:6379", "--address ::1:6379 is not a Ray cluster's address"),  # [::1]:6379 is
    ("ray://", "--address ray:// is not a Ray cluster's address"),
    ("HEAD:0", "--address HEAD:0: the port is 1–65535, not 0"),
    ("HEAD:70000", "--address HEAD:70000: the port is 1–65535, not 70000"),
])
def test_a_ray_address_of_the_wrong_form_is_refused(address, words):
    with pytest.raises(CardtableError) as caught:
        executors.check_ray_address(address)
    assert str(caught.value).startswith(words)


def test_auto_is_checked_where_it_leads(monkeypatch):
    port = closed_port()
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    with pytest.raises(CardtableError, match=f"^no Ray cluster answers at RAY_ADDRESS=127.0.0.1:{port} \\(where "
                                             f"--address auto leads\\): Connection refused$"):
        executors.check_ray_address("auto")
    monkeypatch.delenv("RAY_ADDRESS")
    monkeypatch.setattr(ray_address, "_recorded_ray_address", lambda: f"127.0.0.1:{port}")
    with pytest.raises(CardtableError, match="the cluster the last `ray start` recorded"):
        executors.check_ray_address("auto")
    monkeypatch.setattr(ray_address, "_recorded_ray_address", lambda: None)
    executors.check_ray_address("auto")  # nothing to check: Ray says at once that it finds no cluster


def test_a_ray_address_that_does_not_answer_in_time_is_refused(monkeypatch):
    def silent(address, timeout):
        assert timeout == executors.RAY_CONNECT_SECONDS == 3
        raise TimeoutError("timed out")

    monkeypatch.setattr(ray_address.socket, "getaddrinfo", lambda host, port, **kw: [
        (ray_address.socket.AF_INET, ray_address.socket.SOCK_STREAM, 6, "", ("192.0.2.7", port))])
    monkeypatch.setattr(ray_address.socket, "create_connection", silent)
    with pytest.raises(CardtableError, match="^no Ray cluster answers at head.example:6379: no answer within 3 s$"):
        executors.check_ray_address("head.example:6379")


def test_a_ray_address_whose_name_does_not_resolve_in_time_is_refused_in_time(monkeypatch):
    # getaddrinfo takes no timeout: a silent name server held the command for as long as the resolver retried
    import threading

    released = threading.Event()
    monkeypatch.setattr(ray_address.socket, "getaddrinfo", lambda *args, **kw: released.wait(30))
    try:  # (the message is made only when the lookup has not answered: no clock is read)
        with pytest.raises(CardtableError, match="^no Ray cluster answers at head.example:6379: head.example did "
                                                 "not resolve within 0.2 s$"):
            executors.check_ray_address("head.example:6379", timeout=0.2)
    finally:
        released.set()


def fake_ray(monkeypatch) -> list[dict]:
    """Ray replaced by a stand-in that records each ``ray.init``'s arguments (in the list returned)."""
    calls = []

    class FakeRay:
        @staticmethod
        def is_initialized():
            return False

        @staticmethod
        def init(**kwargs):
            calls.append(kwargs)

    monkeypatch.setattr(executors, "import_ray", lambda: FakeRay)  # check_run's
    monkeypatch.setattr(ray_backend, "import_ray", lambda: FakeRay)  # start_ray's and the Ray backend's
    return calls


def test_the_address_is_checked_before_ray_init(monkeypatch):
    """check_run (every command, before anything runs) and start_ray (the Python API) both check it."""
    calls = fake_ray(monkeypatch)
    address = f"127.0.0.1:{closed_port()}"
    with pytest.raises(CardtableError, match=f"no Ray cluster answers at {address}"):
        check_run(None, address)
    with pytest.raises(CardtableError, match=f"no Ray cluster answers at {address}"):
        executors.start_ray(address)
    with pytest.raises(CardtableError, match=f"no Ray cluster answers at {address}"):
        simulate("mojo", 2, backend="ray", address=address)
    assert calls == []


def test_address_local_starts_the_private_loopback_ray(monkeypatch):
    """``--address local`` is a new local Ray; Ray's own would listen on the machine's network address, so it
    gets the private one a run without an address starts (on 127.0.0.1, with --workers CPUs)."""
    calls = fake_ray(monkeypatch)
    assert executors.start_ray("local", workers=1)
    assert calls[0]["_node_ip_address"] == "127.0.0.1" and calls[0]["num_cpus"] == 1 and "address" not in calls[0]


# -- delivery ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("workers", [1, 2])
def test_results_arrive_in_chunk_order_even_when_they_finish_out_of_order(workers):
    got, report = collect(chunk_tasks.squares, chunk_ranges(12, 2), context={"delay": 0.3}, workers=workers)
    assert [c for c, _ in got] == chunk_ranges(12, 2)
    assert [x for _, r in got for x in r] == [i * i for i in range(12)]
    assert report.complete and report.stop_reason is None and report.workers == workers


def test_should_stop_ends_the_run_gracefully_and_says_what_is_missing():
    seen = []
    report = run_chunks(chunk_tasks.squares, chunk_ranges(10, 2), workers=1,
                        on_result=lambda c, r: seen.append(c), should_stop=lambda: len(seen) >= 2)
    assert seen == [Chunk(0, 2), Chunk(2, 4)] and report.stop_reason == "stopped"
    assert report.missing == [Chunk(4, 6), Chunk(6, 8), Chunk(8, 10)] and not report.complete


def test_ctrl_c_in_process_keeps_the_finished_chunks():
    seen = []

    def on_result(chunk, result):
        seen.append(chunk)
        if len(seen) == 3:
            raise KeyboardInterrupt

    report = run_chunks(chunk_tasks.squares, chunk_ranges(10, 2), workers=1, on_result=on_result)
    assert report.stop_reason == "interrupted" and seen == chunk_ranges(6, 2)
    assert report.missing == [Chunk(4, 6), Chunk(6, 8), Chunk(8, 10)]  # the third was cut off while merged


def test_a_ctrl_c_while_a_chunk_is_merged_waits_until_it_is_merged_whole(tmp_path):
    """A real Ctrl-C (SIGINT) that arrives in the middle of merging a chunk: the chunk is merged whole, then the run
    stops; the partial result and the checkpoint hold exactly the same games."""
    merged = []
    path = tmp_path / "run.ckpt"

    def on_result(chunk, result):
        for i, value in enumerate(result):
            if chunk == Chunk(2, 4) and i == 1:
                os.kill(os.getpid(), signal.SIGINT)  # as a terminal's Ctrl-C would, halfway through the chunk
                time.sleep(0.05)  # (the signal is handled at the next bytecode; give it time to arrive)
            merged.append(value)

    report = run_chunks(chunk_tasks.squares, chunk_ranges(10, 2), workers=1, on_result=on_result,
                        checkpoint=path, run_key={"test": "ctrl-c while merging"})
    assert report.stop_reason == "interrupted"
    assert merged == [0, 1, 4, 9] and report.delivered == [Chunk(0, 2), Chunk(2, 4)]
    stored = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert [(c["start"], c["stop"]) for c in stored] == [(0, 2), (2, 4)]


# -- retries ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_chunk_is_retried(tmp_path, workers):
    context = {"bad": 4, "fails": 2, "folder": str(tmp_path)}
    got, report = collect(chunk_tasks.flaky, chunk_ranges(8, 2), context=context, workers=workers, retries=2)
    assert [x for _, r in got for x in r] == [i * i for i in range(8)]
    assert report.retried == 2 and chunk_tasks.attempts(tmp_path, 4) == 3


@pytest.mark.parametrize("workers", [1, 2])
def test_a_chunk_failing_every_time_is_an_error_naming_it(tmp_path, workers):
    context = {"bad": 4, "fails": 99, "folder": str(tmp_path)}
    seen = []
    with pytest.raises(ChunkFailed, match=r"items 4–5 failed 3 time\(s\).*RuntimeError: flaky chunk 4"):
        run_chunks(chunk_tasks.flaky, chunk_ranges(8, 2), context=context, workers=workers, retries=2,
                   on_result=lambda c, r: seen.append(c))
    assert chunk_tasks.attempts(tmp_path, 4) == 3
    assert Chunk(4, 6) not in seen and seen == sorted(seen)  # what finished is handed on, in order
    if workers == 1:  # in order, one after another: exactly the chunks before the failing one
        assert seen == [Chunk(0, 2), Chunk(2, 4)]
    # (with two workers, a chunk before the failing one may still be running when its third failure ends the run)


def test_a_dead_worker_is_replaced_and_its_chunk_run_again(tmp_path):
    context = {"bad": 6, "folder": str(tmp_path)}
    got, report = collect(chunk_tasks.dies, chunk_ranges(16, 2), context=context, workers=2)
    assert [x for _, r in got for x in r] == [i * i for i in range(16)]
    assert report.complete and report.retried >= 1 and chunk_tasks.attempts(tmp_path, 6) == 2


def test_an_input_error_is_not_retried(tmp_path):
    with pytest.raises(ChunkFailed, match="no such card: X-99"):
        run_chunks(chunk_tasks.bad_input, chunk_ranges(4, 2), context={"folder": str(tmp_path)}, workers=1)
    assert chunk_tasks.attempts(tmp_path, 0) == 1


# -- checkpoints --------------------------------------------------------------------------------------------------------
def test_a_checkpoint_skips_finished_chunks_and_refuses_another_run(tmp_path):
    path = tmp_path / "run.ckpt"
    key = {"job": "squares", "n": 10}
    seen = []
    run_chunks(chunk_tasks.squares, chunk_ranges(10, 2), workers=1, checkpoint=path, run_key=key,
               on_result=lambda c, r: seen.append(c), should_stop=lambda: len(seen) >= 3)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"cardtable_checkpoint": 1, "run": key} and len(lines) == 4
    # A line cut short by a kill is dropped; the rerun runs only what is missing and delivers everything in order.
    with path.open("a") as fh:
        fh.write('{"start": 6, "stop": 8, "res')
    got, report = collect(chunk_tasks.squares, chunk_ranges(10, 2), workers=1, checkpoint=path, run_key=key)
    assert [x for _, r in got for x in r] == [i * i for i in range(10)]
    assert report.from_checkpoint == 3 and report.complete
    assert len(path.read_text().splitlines()) == 6
    with pytest.raises(CardtableError, match=r"belongs to another run \(it differs in n\)"):
        run_chunks(chunk_tasks.squares, chunk_ranges(12, 2), checkpoint=path, run_key={"job": "squares", "n": 12})
    (tmp_path / "other").write_text("hello\n")
    with pytest.raises(CardtableError, match="not a cardtable checkpoint"):
        run_chunks(chunk_tasks.squares, chunk_ranges(12, 2), checkpoint=tmp_path / "other", run_key=key)
    # found by an audit: a binary file (a traceback before), a chunk with fewer results than games (counted short)
    (tmp_path / "binary").write_bytes(b"\xff\xfe\x00\n")
    with pytest.raises(CardtableError, match="not a cardtable checkpoint"):
        run_chunks(chunk_tasks.squares, chunk_ranges(12, 2), checkpoint=tmp_path / "binary", run_key=key)
    short = tmp_path / "short.ckpt"
    short.write_text(json.dumps({"cardtable_checkpoint": 1, "run": key}) + "\n"
                     + json.dumps({"start": 0, "stop": 2, "result": [0]}) + "\n")
    with pytest.raises(CardtableError, match=r"short.ckpt:2: not a finished chunk"):
        run_chunks(chunk_tasks.squares, chunk_ranges(10, 2), checkpoint=short, run_key=key)


def test_simulate_resumed_from_a_checkpoint_gives_the_same_summary(tmp_path):
    args = dict(players=3, agents=["heuristic", "random", "random"], seed=8, chunk_size=5)
    whole = simulate("mojo", 40, **args)
    path = tmp_path / "sim.ckpt"
    seen = []
    first = simulate("mojo", 40, **args, checkpoint=path, on_game=seen.append, should_stop=lambda: len(seen) >= 15)
    assert first["partial"] and first["games_played"] == 15 and first["stop_reason"] == "stopped"
    assert [o.seed for o in seen] == list(range(8, 23))
    resumed_games = []
    second = simulate("mojo", 40, **args, checkpoint=path, workers=2, on_game=resumed_games.append)
    assert no_timing(second) == no_timing(whole) and not second["partial"]
    assert [o.seed for o in resumed_games] == list(range(8, 48))  # stored and new games, in index order
    with pytest.raises(CardtableError, match="differs in seed"):
        simulate("mojo", 40, **{**args, "seed": 9}, checkpoint=path)


def test_a_tournament_resumed_from_a_checkpoint_gives_the_same_result(tmp_path):
    args = dict(players=2, seed=3, chunk_size=4)
    whole = tournament("mojo", ["heuristic", "random", "random"], 6, **args)
    path = tmp_path / "t.ckpt"
    count = []
    part = tournament("mojo", ["heuristic", "random", "random"], 6, **args, checkpoint=path,
                      on_game=count.append, should_stop=lambda: len(count) >= 12)
    assert part.partial and len(part.games) == 12
    again = tournament("mojo", ["heuristic", "random", "random"], 6, **args, checkpoint=path, workers=2)
    assert no_timing(again.summary()) == no_timing(whole.summary())
    assert [g.scheduled.index for g in again.games] == list(range(36))


# -- the same results whatever runs them ------------------------------------------------------------------------------
def test_simulate_gives_the_same_summary_with_one_or_two_workers_and_any_chunk_size():
    args = dict(players=3, agents=["heuristic", "random", "random"], seed=11)
    one = simulate("mojo", 60, **args, workers=1)
    two = simulate("mojo", 60, **args, workers=2)
    other_chunks = simulate("mojo", 60, **args, workers=2, chunk_size=7)
    assert no_timing(one) == no_timing(two) == no_timing(other_chunks)
    assert one["games_played"] == 60 and one["partial"] is False


@pytest.mark.parametrize("game", ["maoqy", "mitosz", "muhq"])
def test_every_game_gives_the_same_summary_in_worker_processes(game):
    args = dict(agents=["heuristic", "random"], seed=5, chunk_size=2)
    assert no_timing(simulate(game, 6, **args, workers=1)) == no_timing(simulate(game, 6, **args, workers=2))


def test_records_are_the_same_and_in_order_with_two_workers():
    one, two = [], []
    simulate("mojo", 12, seed=2, keep_records=True, on_game=one.append, workers=1)
    simulate("mojo", 12, seed=2, keep_records=True, on_game=two.append, workers=2, chunk_size=2)
    assert [o.record.dumps() for o in one] == [o.record.dumps() for o in two]
    assert [o.seed for o in two] == list(range(2, 14))
    assert two[5].record.replay(check=True).is_terminal()


def test_a_tournament_gives_the_same_summary_ratings_and_csv_with_two_workers():
    import io

    def run(workers, chunk_size=None):
        t = tournament("mojo", ["heuristic", "random", "random"], 8, players=3, seed=5, workers=workers,
                       chunk_size=chunk_size)
        fh = io.StringIO()
        t.write_csv(fh)
        return no_timing(t.summary()), fh.getvalue()

    one = run(1)
    assert one == run(2) == run(2, chunk_size=5)
    assert one[0]["games_played"] == 48 and list(one[0]["ratings"])


def test_a_resumed_partial_tournament_with_gaps_fills_them_in_plan_order():
    whole = tournament("mojo", ["heuristic", "random"], 10, players=2, seed=1)
    t = tournament("mojo", ["heuristic", "random"], 10, players=2, seed=1, chunk_size=4)
    t.games = [g for g in t.games if not 4 <= g.scheduled.index < 8]  # as if a chunk in flight was lost
    t.partial = True
    t.play(workers=2, chunk_size=4)
    assert [g.scheduled.index for g in t.games] == list(range(20)) and not t.partial
    assert no_timing(t.summary()) == no_timing(whole.summary())


# -- the commands ---------------------------------------------------------------------------------------------------------
ENV = {"COLUMNS": "160", "PATH": "/usr/bin:/bin", "TERM": "dumb"}


def cardtable(*args):
    return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                          timeout=300, env=ENV)


def test_cli_simulate_same_json_with_one_or_two_workers(tmp_path):
    common = ["simulate", "mojo", "-n", "150", "-p", "3", "--agents", "heuristic,random,random", "--seed", "4", "--json"]
    one = cardtable(*common, "--workers", "1")
    two = cardtable(*common, "--workers", "2", "--record", str(tmp_path / "r.jsonl"))
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert two.stderr == ""
    assert no_timing(json.loads(one.stdout)) == no_timing(json.loads(two.stdout))
    headers = [json.loads(line) for line in (tmp_path / "r.jsonl").open() if '"header"' in line]
    assert [h["seed"] for h in headers] == list(range(4, 154))


def test_cli_checkpoint_resume_and_another_run_refused(tmp_path):
    path = tmp_path / "t.ckpt"
    common = ["tournament", "mojo", "--agents", "heuristic,random", "-n", "10", "-p", "2", "--json",
              "--checkpoint", str(path)]
    first = cardtable(*common, "--seed", "3")
    assert first.returncode == 0, first.stderr
    again = cardtable(*common, "--seed", "3", "--workers", "1")  # every chunk comes from the file
    assert no_timing(json.loads(again.stdout)) == no_timing(json.loads(first.stdout))
    other = cardtable(*common, "--seed", "4")
    assert other.returncode == 2 and "belongs to another run (it differs in seed)" in other.stderr
    assert "Traceback" not in other.stderr


def test_cli_bad_backend_is_one_clear_line():
    out = cardtable("simulate", "mojo", "-n", "3", "--backend", "spark")
    assert out.returncode == 2 and "unknown backend 'spark'" in out.stderr and "Traceback" not in out.stderr


def _wait_for_chunks(path, lines: int = 3) -> None:
    """Until the checkpoint at ``path`` holds ``lines`` lines (its header and finished chunks), at most a minute."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or len(path.read_text().splitlines()) < lines):
        time.sleep(0.2)


def _group_gone(pgid: int, tries: int) -> bool:
    """Has every process of the group ``pgid`` exited, checked ``tries`` times 0.1 s apart?"""
    for _ in range(tries):
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_cli_ctrl_c_at_a_terminal_stops_the_workers_and_prints_partial_results(tmp_path, command):
    """A terminal's Ctrl-C signals the whole process group, workers included: they must not print tracebacks,
    must not outlive the command, and the finished chunks must be reported and kept in the checkpoint."""
    path = tmp_path / "run.ckpt"
    if command == "simulate":
        args = ["simulate", "mojo", "-n", "1000000", "--chunk-size", "50"]
    else:
        args = ["tournament", "mojo", "--agents", "heuristic,random", "-n", "500000", "-p", "2", "--chunk-size", "20"]
    args += ["--workers", "2", "--json", "--checkpoint", str(path)]
    script = ("import sys, cardtable.cli.app as app, cardtable.sim.tournament, openskill.models\n"
              "sys.stderr.write('ready\\n'); sys.stderr.flush()\n"
              f"sys.argv = ['cardtable', *{args!r}]\napp.main()\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=ENV, start_new_session=True)
    assert proc.stderr.readline() == "ready\n"
    _wait_for_chunks(path)  # chunks have finished in the workers
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert "partial results: stopped after" in stderr and "resume from" in stderr
    s = json.loads(stdout)
    assert s["partial"] is True and s["stop_reason"] == "interrupted" and s["games_played"] > 0
    stored = sum(json.loads(line)["stop"] - json.loads(line)["start"] for line in path.read_text().splitlines()[1:])
    assert stored == s["games_played"]
    # the workers and the forkserver are gone with the command
    assert _group_gone(proc.pid, 50), "processes of the interrupted command are still running"


def test_workers_do_not_outlive_a_killed_command(tmp_path):
    """A command killed outright (SIGKILL: no chance to stop its pool) must not leave its workers playing on:
    each worker notices the parent is gone and exits, and takes the forkserver along."""
    path = tmp_path / "run.ckpt"
    args = ["simulate", "mojo", "-n", "1000000", "--chunk-size", "50", "--workers", "2", "--json",
            "--checkpoint", str(path)]
    script = ("import sys, cardtable.cli.app as app\n"
              f"sys.argv = ['cardtable', *{args!r}]\napp.main()\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=ENV, start_new_session=True)
    try:
        _wait_for_chunks(path)  # the workers are running chunks
        assert path.exists() and len(path.read_text().splitlines()) >= 3, "no chunk finished"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        # the workers poll once a second; allow for a slow machine
        assert _group_gone(proc.pid, 300), "workers of the killed command are still running"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
