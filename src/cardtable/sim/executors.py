"""Run a job in chunks: in this process, in local worker processes or on Ray, with the same results on each.

A *job* is a range of item indices (games, deals, sweep points …) where each item is fixed by its index alone
(game ``i`` plays seed ``seed + i``). The job is cut into *chunks*, contiguous index ranges ``[start, stop)``.
A chunk is what goes to a worker, is retried, is checkpointed and is reported. An item depends only on its
index, so a chunk's result does not depend on where, when or next to which other chunks it ran. The caller
gets the results in index order, so the same seeds give the same numbers, down to float summation order and
to ratings updated in play order, with 1 worker, 2 workers or a Ray cluster.

Interface (``cardtable simulate``, ``tournament`` and ``balance`` use it the same way)::

    from cardtable.sim.executors import chunk_ranges, run_chunks

    def play_chunk(job: MyJob, start: int, stop: int) -> list:  # at the top level of an importable module
        return [play_item(job, i) for i in range(start, stop)]  # JSON-ready

    report = run_chunks(
        play_chunk, chunk_ranges(total, chunk_size), context=MyJob(...),
        workers=None,        # None: every core (local), every CPU of the cluster (ray); 1 (local): this process
        backend="local",     # "local": a process pool; "ray": Ray tasks. None: "ray" if address is given, else local
        address=None,        # ray only: None starts a private local Ray; "auto", "HOST:6379" or "ray://HOST:10001"
        on_result=merge,     # merge(chunk, result), called in this process, in chunk order
        checkpoint=path,     # JSON lines of finished chunks; a rerun with the same run_key skips them
        run_key={...},       # JSON-ready identity of the job (its arguments); needed with a checkpoint
        should_stop=None,    # asked before each chunk is started; True ends the run gracefully
        retries=2,           # more attempts for a chunk that raised or whose worker died
    )
    report.complete, report.stop_reason ("stopped", "interrupted" or None), report.missing, report.retried

The rules:

* ``task(context, start, stop)`` does items ``start … stop - 1``. It must be a top-level function of an
  importable module, and ``context`` must be picklable. Worker processes import the task by name, so a
  function defined in ``__main__`` or in a test does not run there. Give a worker only what it can rebuild
  (a game name, options, agent names), not live objects. A worker may cache what it builds from the context
  (``cardtable.sim.runner.job_game`` loads a game once per process; ``share_game`` hands the caller's
  already-loaded game to chunks run in the calling process).
  The result is a list with one entry per item, and JSON-ready (dicts with string keys, lists, strings,
  numbers, booleans, None), because a checkpoint stores it (and checks the count when it reads it back).
  A result read back from a checkpoint has lists where the task returned tuples, so ``on_result`` must
  accept both.
* ``on_result(chunk, result)`` is called once per finished chunk, in this process, in the order of
  ``chunks``. A result that finishes early is held back until every earlier chunk has been delivered. This
  is why a merge that needs play order, such as rating updates or CSV rows, just appends. When the run is
  stopped, interrupted or fails, the finished chunks that were held back are delivered too, still in order,
  so a partial result can have gaps. ``report.missing`` lists the chunks that were never delivered. Ctrl-C
  waits while a finished chunk is checkpointed and merged (when ``run_chunks`` runs in the main thread), so
  a chunk is merged whole or not at all, and the checkpoint keeps exactly the games merged.
* Ctrl-C (KeyboardInterrupt) ends the run: the worker processes are killed, the chunks in flight are lost,
  and the finished ones are delivered and kept in the checkpoint. ``run_chunks`` returns with
  ``stop_reason == "interrupted"`` and does not raise. Workers ignore SIGINT, so a Ctrl-C at a terminal,
  which reaches the whole process group, does not print a traceback from each worker.
* A chunk that raises, or whose worker dies, is run again, up to ``retries`` more times. After that the run
  raises :class:`ChunkFailed` (a CardtableError) naming the chunk and the last error, after the finished
  chunks have been delivered. A CardtableError raised by the task is a property of the input and not bad
  luck, so it is raised at once, without a retry.
* Checkpoint: a JSON-lines file. The first line is ``{"cardtable_checkpoint": 1, "run": run_key}``, and
  each finished chunk adds ``{"start": s, "stop": e, "result": …}`` as soon as it finishes. Rerunning with
  the same ``run_key`` and the same file delivers the stored chunks without running them, and runs the
  rest. A file written for another run_key is refused. Chunk boundaries are matched exactly, so keep the
  chunk size in the run_key: :func:`chunk_ranges` depends only on the total and the size, never on the
  worker count, so a run can be resumed with another ``--workers`` or backend.

Local processes use the ``forkserver`` start method, which forks each worker from a clean server process
that has already imported cardtable, so the pool starts quickly. Unlike ``fork``, it is safe while the caller
runs threads (rich's progress bar, Ray). The server starts with the first pool and serves the process from
then on, so workers see the environment variables and the code of that moment, not later changes. Ray is
imported only when it is asked for. A private local Ray gets ``workers`` CPUs and no dashboard, listens on
127.0.0.1 only, and is shut down at the end of the run. A Ray this process had already started or joined is
used as it is and left running. On Ray, consecutive chunks share a task once their run time is known, so that
each task runs about half a second (a Ray task costs milliseconds of CPU); a chunk is still delivered,
checkpointed and retried on its own.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import pickle
import signal
import socket
import sys
import threading
import time
from collections import deque
from contextlib import contextmanager
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator, number

_ = Translator("cardtable")

BACKENDS = ("local", "ray")
MAX_CHUNK = 250  # items; big enough to hide a Ray task's overhead, small enough to lose little on Ctrl-C
CHUNKS_PER_JOB = 100  # a small job is cut finer, so that two or more workers share it evenly
START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
# Modules the forkserver imports once, so that each worker it forks starts with them loaded; with them, the
# game and agent modules this process has loaded by then (a worker's start-up: 0.16 s of CPU → 0.03 s for Mojo).
PRELOAD = ["cardtable.sim.runner", "cardtable.sim.tournament"]
PRELOAD_PACKAGES = ("cardtable.engine", "cardtable.games", "cardtable.agents", "cardtable.sim")
RAY_TASK_SECONDS = 0.5  # chunks share a Ray task until it runs about this long (see _run_ray)


class Chunk(NamedTuple):
    """Items ``start … stop - 1`` of a job."""

    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start

    def label(self) -> str:
        if self.size > 1:
            return _("items {first}–{last}", first=self.start, last=self.stop - 1)
        return _("item {first}", first=self.start)


class ChunkFailed(CardtableError):
    """A chunk failed on every attempt (or raised a CardtableError, which no retry can fix)."""


@dataclass
class RunReport:
    """How a run of :func:`run_chunks` went."""

    delivered: list[Chunk] = field(default_factory=list)  # in delivery (index) order
    missing: list[Chunk] = field(default_factory=list)  # never delivered: not run, lost in flight, or failed
    from_checkpoint: int = 0  # chunks delivered from the checkpoint without running
    retried: int = 0  # attempts that failed and were run again
    stop_reason: str | None = None  # "stopped" (should_stop), "interrupted" (Ctrl-C), "failed", or None
    backend: str = "local"
    workers: int = 1
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return not self.missing


def default_chunk_size(total: int) -> int:
    """Items per chunk when none is given: about 1 % of the job (so two or more workers share the load evenly and
    progress moves smoothly), at most :data:`MAX_CHUNK`. It depends only on the total, which a checkpoint relies on."""
    return max(1, min(MAX_CHUNK, math.ceil(total / CHUNKS_PER_JOB)))


def chunk_ranges(total: int, size: int | None = None) -> list[Chunk]:
    """Cut items ``0 … total - 1`` into chunks of ``size`` (the last may be shorter)."""
    size = size or default_chunk_size(total)
    if size < 1:
        raise CardtableError(_("a chunk holds at least one item, not {size}", size=size))
    return [Chunk(start, min(start + size, total)) for start in range(0, total, size)]


def chunks_of(indices: Iterable[int], size: int) -> list[Chunk]:
    """The chunks that cover exactly ``indices`` (e.g. the games still missing from a stopped run). Each run of
    consecutive indices is cut at multiples of ``size``, so a run resumed with the same ``size`` has the same
    boundaries as :func:`chunk_ranges`, and its checkpoint entries match."""
    runs: list[list[int]] = []
    for i in sorted(set(indices)):
        if runs and runs[-1][1] == i:
            runs[-1][1] = i + 1
        else:
            runs.append([i, i + 1])
    out: list[Chunk] = []
    for start, stop in runs:
        while start < stop:
            end = min(stop, (start // size + 1) * size)
            out.append(Chunk(start, end))
            start = end
    return out


def resolve_backend(backend: str | None, address: str | None) -> str:
    """``backend`` checked, or the default: ``ray`` when an address is given, else ``local``."""
    if backend is None:
        return "ray" if address else "local"
    if backend not in BACKENDS:
        raise CardtableError(_("unknown backend {backend}: use local (processes on this machine) or ray",
                               backend=repr(backend)))
    if address and backend != "ray":
        raise CardtableError(_("--address {address} names a Ray cluster, but the backend is {backend}; add "
                               "--backend ray (or leave --backend out)", address=address, backend=backend))
    return backend


def check_run(backend: str | None, address: str | None, workers: int | None = None) -> str:
    """Check a command's run options before it does anything (a bad backend, Ray missing, nothing answering at
    ``address``); returns the backend."""
    backend = resolve_backend(backend, address)
    if workers is not None and workers < 1:
        raise CardtableError(_("--workers takes 1 or more, not {workers}", workers=workers))
    if backend == "ray":
        import_ray()
        if address:
            check_ray_address(address)
    return backend


# -- checkpoint ------------------------------------------------------------------------------------------------
class Checkpoint:
    """The finished chunks of one run, as JSON lines (see the module's docstring)."""

    VERSION = 1

    def __init__(self, path: str | Path, run_key: Mapping[str, Any]):
        self.path = Path(path)
        self.run_key = json.loads(json.dumps(run_key))  # the form it takes in the file, so that they compare
        self.done: dict[Chunk, Any] = {}
        try:
            self._read()
            self._fh = self.path.open("a", encoding="utf-8")
            if self.path.stat().st_size == 0:
                self._write({"cardtable_checkpoint": self.VERSION, "run": self.run_key})
        except OSError as exc:
            raise CardtableError(_("cannot use the checkpoint {path}: {reason}", path=self.path,
                                   reason=exc.strerror or exc)) from None

    def _read(self) -> None:
        if not self.path.exists() or self.path.stat().st_size == 0:
            return
        try:
            text = self.path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise self._not_a_checkpoint() from None
        if not text.endswith("\n"):
            # A line cut short by a crash or a kill: drop it, so that the next line starts clean.
            cut = text.rfind("\n") + 1
            with self.path.open("r+", encoding="utf-8") as fh:
                fh.truncate(len(text[:cut].encode("utf-8")))
            text = text[:cut]
        lines = text.splitlines()
        if not lines:
            return
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("cardtable_checkpoint") != self.VERSION:
            raise self._not_a_checkpoint()
        if header.get("run") != self.run_key:
            theirs = header.get("run") or {}
            differ = sorted(k for k in set(theirs) | set(self.run_key) if theirs.get(k) != self.run_key.get(k))
            raise CardtableError(_("the checkpoint {path} belongs to another run (it differs in {keys}); rerun with "
                                   "that run's arguments to resume it, or give another --checkpoint file",
                                   path=self.path, keys=", ".join(differ)))
        for number, line in enumerate(lines[1:], 2):
            try:
                entry = json.loads(line)
                chunk = Chunk(int(entry["start"]), int(entry["stop"]))
                if not isinstance(entry["result"], list) or len(entry["result"]) != chunk.stop - chunk.start:
                    raise ValueError("a result per item of the chunk")  # i18n: no (caught below)  # else a run would count too few games
                self.done[chunk] = entry["result"]
            except (ValueError, KeyError, TypeError):
                raise CardtableError(_("{path}:{line}: not a finished chunk; the checkpoint is damaged (delete it to "
                                       "start again)", path=self.path, line=number)) from None

    def _not_a_checkpoint(self) -> CardtableError:
        return CardtableError(_("{path} is not a cardtable checkpoint; give another --checkpoint file (it is created "
                                "if it does not exist)", path=self.path))

    def _write(self, entry: dict) -> None:
        self._fh.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()

    def add(self, chunk: Chunk, result: Any) -> None:
        try:
            line = {"start": chunk.start, "stop": chunk.stop, "result": result}
            self._write(line)
        except TypeError as exc:
            raise CardtableError(_("a chunk's result cannot be checkpointed, it is not JSON-ready: {error}",
                                   error=exc)) from None
        self.done[chunk] = result

    def close(self) -> None:
        self._fh.close()


# -- the runner ------------------------------------------------------------------------------------------------
@contextmanager
def _ctrl_c_deferred():
    """Ctrl-C waits until the block has run: a finished chunk is checkpointed and merged whole or not at all, so
    the partial results printed after Ctrl-C count exactly the games the checkpoint keeps. (Only the main thread
    may set signal handlers; elsewhere the block runs as it is.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:  # what the Ctrl-C would have done, now
        if callable(previous):
            previous(signal.SIGINT, None)  # Python's default handler raises KeyboardInterrupt
        elif previous != signal.SIG_IGN:
            raise KeyboardInterrupt


class _Delivery:
    """Hands finished chunks to on_result in the order of the job's chunks; holds back early ones."""

    def __init__(self, chunks: Sequence[Chunk], on_result, report: RunReport, checkpoint: Checkpoint | None):
        self.order = list(chunks)
        self.next = 0
        self.held: dict[Chunk, Any] = {}
        self.on_result = on_result
        self.report = report
        self.checkpoint = checkpoint

    def finished(self, chunk: Chunk, result: Any, stored: bool = False) -> None:
        with _ctrl_c_deferred():
            if self.checkpoint is not None and not stored:
                self.checkpoint.add(chunk, result)  # at once: a crash before delivery keeps it
            self.held[chunk] = result
            while self.next < len(self.order) and self.order[self.next] in self.held:
                self._deliver(self.order[self.next])
                self.next += 1

    def _deliver(self, chunk: Chunk) -> None:
        result = self.held.pop(chunk)
        if self.on_result is not None:
            self.on_result(chunk, result)
        self.report.delivered.append(chunk)

    def flush(self) -> None:
        """Deliver every held chunk, in order, leaving gaps where chunks did not finish."""
        for chunk in self.order[self.next:]:
            if chunk in self.held:
                with _ctrl_c_deferred():
                    self._deliver(chunk)
        self.next = len(self.order)
        done = set(self.report.delivered)
        self.report.missing = [c for c in self.order if c not in done]


def run_chunks(
    task: Callable[[Any, int, int], Any],
    chunks: Sequence[Chunk] | Iterable[tuple[int, int]],
    *,
    context: Any = None,
    workers: int | None = None,
    backend: str | None = "local",
    address: str | None = None,
    on_result: Callable[[Chunk, Any], None] | None = None,
    checkpoint: str | Path | None = None,
    run_key: Mapping[str, Any] | None = None,
    retries: int = 2,
    should_stop: Callable[[], bool] | None = None,
) -> RunReport:
    """Run ``task(context, start, stop)`` on every chunk and hand each result to ``on_result`` in chunk order.
    See the module's docstring for the contract."""
    job = [Chunk(*c) for c in chunks]
    backend = resolve_backend(backend, address)
    if workers is not None and workers < 1:
        raise CardtableError(_("--workers takes 1 or more, not {workers}", workers=workers))
    if checkpoint is not None and run_key is None:
        raise CardtableError("a checkpoint needs a run_key, the identity of the run it keeps")  # i18n: no (programmers)
    report = RunReport(backend=backend)
    store = Checkpoint(checkpoint, run_key) if checkpoint is not None and run_key is not None else None
    delivery = _Delivery(job, on_result, report, store)
    start = time.perf_counter()
    try:
        todo = []
        for chunk in job:
            if store is not None and chunk in store.done:
                report.from_checkpoint += 1
                delivery.finished(chunk, store.done[chunk], stored=True)
            else:
                todo.append(chunk)
        runner = _run_ray if backend == "ray" else _run_local
        runner(task, todo, context, workers, address, retries, should_stop, delivery, report)
    except KeyboardInterrupt:
        report.stop_reason = "interrupted"
    except ChunkFailed:
        report.stop_reason = "failed"
        _flush_quietly(delivery)
        raise
    finally:
        try:
            _flush_quietly(delivery)
        finally:
            report.seconds = time.perf_counter() - start
            if store is not None:
                store.close()
    return report


def _flush_quietly(delivery: _Delivery) -> None:
    try:
        delivery.flush()
    except KeyboardInterrupt:  # a second Ctrl-C while the finished chunks are merged: keep what is merged
        done = set(delivery.report.delivered)
        delivery.report.missing = [c for c in delivery.order if c not in done]


def _failure(chunk: Chunk, attempts: int, error: BaseException | str) -> ChunkFailed:
    what = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return ChunkFailed(_("{chunk} failed {n} time(s); the last error: {error}. The chunks finished before are kept "
                         "(with --checkpoint FILE a rerun of the same command resumes there)", chunk=chunk.label(),
                         n=attempts, error=what))


class _Attempts:
    def __init__(self, retries: int, report: RunReport):
        self.retries, self.report = retries, report
        self.count: dict[Chunk, int] = {}

    def failed(self, chunk: Chunk, error: BaseException | str) -> None:
        """Count a failed attempt; raise ChunkFailed when the chunk has no retry left."""
        if isinstance(error, CardtableError):
            raise _failure(chunk, 1, error) from None
        self.count[chunk] = self.count.get(chunk, 0) + 1
        if self.count[chunk] > self.retries:
            raise _failure(chunk, self.count[chunk], error)
        self.report.retried += 1


def _run_local(task, todo, context, workers, address, retries, should_stop, delivery, report) -> None:
    workers = workers or os.cpu_count() or 1
    report.workers = workers
    attempts = _Attempts(retries, report)
    if workers == 1 or len(todo) <= 1:  # a pool would only add its start-up time
        report.workers = 1
        for chunk in todo:
            if should_stop is not None and should_stop():
                report.stop_reason = "stopped"
                return
            while True:
                try:
                    result = task(context, chunk.start, chunk.stop)
                except Exception as exc:  # noqa: BLE001 - any error is retried, then reported
                    attempts.failed(chunk, exc)
                    continue
                delivery.finished(chunk, result)
                break
        return
    _run_pool(task, todo, context, workers, should_stop, delivery, report, attempts)


def _worker_init(parent: int | None = None) -> None:
    # Ctrl-C at a terminal signals the whole process group; the parent alone decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        threading.Thread(target=_exit_without, args=(parent,), name="parent-watch", daemon=True).start()


#: seconds between a worker's checks that the process running the pool still exists
PARENT_POLL = 1.0


def _exit_without(parent: int) -> None:
    """A parent killed without a chance to stop its pool (SIGTERM, SIGKILL, a crash) leaves its workers playing
    games nobody will collect. Each worker checks that ``parent`` exists and exits when it is gone, taking the
    forkserver it was forked from along (that forkserver served only the dead parent)."""
    while True:
        time.sleep(PARENT_POLL)
        try:
            os.kill(parent, 0)
            continue
        except PermissionError:  # the pid exists (reused by another user's process: rare, and then we stay)
            continue
        except ProcessLookupError:
            pass
        server = os.getppid()
        if START_METHOD == "forkserver" and server not in (parent, 1):
            try:
                os.kill(server, signal.SIGTERM)
            except OSError:
                pass
        os._exit(1)


def _new_pool(workers: int) -> ProcessPoolExecutor:
    ctx = multiprocessing.get_context(START_METHOD)
    if START_METHOD == "forkserver":  # effective once: the forkserver, once started, serves this process for good
        loaded = sorted(name for name in sys.modules if name.startswith(PRELOAD_PACKAGES))
        ctx.set_forkserver_preload(list(dict.fromkeys(PRELOAD + loaded)))
    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init,
                               initargs=(os.getpid(),))


def _kill(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now, killing its workers mid-chunk (shutdown alone would wait for them)."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            process.kill()
        except (OSError, ValueError):
            pass
    pool.shutdown(wait=False, cancel_futures=True)


def _run_pool(task, todo, context, workers, should_stop, delivery, report, attempts) -> None:
    queue = deque(todo)
    window = 2 * workers  # enough queued work to keep every worker busy, little to lose when stopping
    pool = _new_pool(workers)
    running: dict[Any, Chunk] = {}
    try:
        while queue or running:
            while queue and len(running) < window and report.stop_reason is None:
                if should_stop is not None and should_stop():
                    report.stop_reason = "stopped"
                    break
                chunk = queue.popleft()
                running[pool.submit(task, context, chunk.start, chunk.stop)] = chunk
            if not running:
                break
            done, _pending = wait(running, return_when=FIRST_COMPLETED)
            broken: list[Chunk] = []
            failed: list[tuple[Chunk, BaseException]] = []
            for future in sorted(done, key=lambda f: running[f].start):
                chunk = running.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    broken.append(chunk)
                    continue
                except Exception as exc:  # noqa: BLE001
                    failed.append((chunk, exc))
                    continue
                delivery.finished(chunk, result)
            for chunk, error in reversed(failed):  # after the successes, so that none is lost if this raises
                attempts.failed(chunk, error)
                queue.appendleft(chunk)
            if broken:
                # A worker died (killed, out of memory, a crash in C): the pool is unusable and every chunk in
                # it is lost. Each of them counts one attempt; a new pool runs them again.
                broken += [running.pop(f) for f in list(running)]
                _kill(pool)
                for chunk in sorted(broken, reverse=True):
                    attempts.failed(chunk, _("a worker process died (killed, out of memory, or crashed)"))
                    queue.appendleft(chunk)
                pool = _new_pool(workers)
    finally:
        if running or queue:
            _kill(pool)
        else:
            pool.shutdown(wait=True)


# -- Ray -------------------------------------------------------------------------------------------------------
def import_ray():
    """The ray module, or a CardtableError saying how to install it."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage reports unless asked for
    try:
        import ray
    except ImportError:
        raise CardtableError(_("--backend ray needs Ray, which is not installed here; install it with "
                               "pip install 'cardtable[ray]' (or pip install ray), or use --backend local")) from None
    return ray


def start_ray(address: str | None = None, workers: int | None = None) -> bool:
    """Connect to the Ray cluster at ``address``, or start a private local Ray with ``workers`` CPUs (every core
    when None), unless this process is connected already. Returns True when it started or joined one, which
    the caller then shuts down with ``ray.shutdown()``."""
    import logging

    ray = import_ray()
    if ray.is_initialized():
        return False
    if address == "local":  # Ray's own "local" would listen on every interface; ours stays on loopback
        address = None
    if address:
        check_ray_address(address)  # Ray itself retries an address where nobody listens for a minute or more
    try:
        if address:
            ray.init(address=address, logging_level=logging.WARNING)
        else:
            # A private Ray for this run, on loopback only: nobody else needs to reach it.
            ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False,
                     logging_level=logging.WARNING, _node_ip_address="127.0.0.1")
    except (ConnectionError, RuntimeError, ValueError) as exc:
        if address:
            raise CardtableError(_("cannot start or reach the Ray cluster at {address}: {error}", address=address,
                                   error=exc)) from None
        raise CardtableError(_("cannot start or reach a local Ray: {error}", error=exc)) from None
    return True


#: seconds a Ray cluster's address has to accept a connection in :func:`check_ray_address`
RAY_CONNECT_SECONDS = 3.0
RAY_ADDRESS_FORMS = N_("HOST:PORT (e.g. HEAD:6379), ray://HOST:PORT or auto")


def check_ray_address(address: str, timeout: float = RAY_CONNECT_SECONDS) -> None:
    """Raise a CardtableError unless ``address`` (``--address``) has the form of a Ray cluster's address and
    something accepts a TCP connection there within ``timeout`` seconds. Given an address where nobody
    listens, ``ray.init`` retries for a minute or more and prints a warning every few seconds.

    The forms Ray takes: ``HOST:PORT`` (``[IPv6]:PORT``) and ``ray://HOST:PORT`` are checked. ``auto`` is
    checked where it leads: ``RAY_ADDRESS`` when set, else the cluster the last ``ray start`` on this machine
    recorded; with neither, Ray says at once that it found no cluster. ``local`` (a new private Ray, see
    :func:`start_ray`) and another ``SCHEME://`` (a Ray client plugin) are passed on unchecked. Ray connects to this
    machine's own address where it is given ``localhost``, ``127.0.0.1`` or ``::1``, so that address answering
    is enough too."""
    label = f"--address {address}"
    if address == "auto":
        if os.environ.get("RAY_ADDRESS"):
            address = os.environ["RAY_ADDRESS"]
            label = _("RAY_ADDRESS={address} (where --address auto leads)", address=address)
        else:
            address = _recorded_ray_address() or ""  # none recorded: returned below
            label = _("{address} (the cluster the last `ray start` recorded, where --address auto leads)",
                      address=address)
        if not address or address == "auto":
            return  # Ray finds a running cluster itself, or says at once that there is none
    if address == "local":
        return
    scheme, sep, rest = address.partition("://")
    if sep and scheme != "ray":
        return
    host, port = _host_port(rest if sep else address, label)
    reason = _connect_error(host, port, timeout)
    if reason is not None and _is_loopback_name(host):
        mapped = _ray_address_for_localhost(host)
        if mapped is not None and mapped != host and _connect_error(mapped, port, timeout) is None:
            reason = None
    if reason is not None:
        raise CardtableError(_("no Ray cluster answers at {address}: {reason}", address=label.removeprefix('--address '),
                               reason=reason))


def _host_port(address: str, label: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``[IPv6]:PORT`` split (a path after a ``ray://`` address is dropped)."""
    address = address.split("/", 1)[0]
    host, sep, port = address.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        host = ""  # a bare IPv6 address: where its port starts is a guess
    if not sep or not host or not port.isdigit():
        raise CardtableError(_("{label} is not a Ray cluster's address; give {forms}", label=label,
                               forms=_(RAY_ADDRESS_FORMS)))
    if not 1 <= int(port) <= 65535:
        raise CardtableError(_("{label}: the port is 1–65535, not {port}", label=label, port=port))
    return host, int(port)


def _connect_error(host: str, port: int, timeout: float) -> str | None:
    """None when something accepts a TCP connection at ``host:port`` within ``timeout`` s, else why not."""
    found = _lookup(host, port, timeout)
    if isinstance(found, str):
        return found
    reason = _("{host} has no address", host=host)
    for _family, _type, _proto, _name, sockaddr in found:
        try:
            with socket.create_connection((sockaddr[0], port), timeout=timeout):
                return None
        except TimeoutError:
            reason = _("no answer within {seconds} s", seconds=number(timeout))
        except OSError as exc:
            reason = exc.strerror or str(exc)
    return reason


def _lookup(host: str, port: int, timeout: float) -> list | str:
    """The addresses of ``host`` (``socket.getaddrinfo``), or why there are none within ``timeout`` s. The lookup
    runs in a daemon thread: a name server that does not answer would hold the command for as long as the
    system's resolver retries (half a minute and more), and getaddrinfo takes no timeout."""
    answer: list = []

    def look() -> None:
        try:
            answer.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except (socket.gaierror, UnicodeError) as exc:
            answer.append(_("{host} does not resolve ({reason})", host=host, reason=getattr(exc, 'strerror', None) or exc))
        except OSError as exc:
            answer.append(_("{host} does not resolve ({reason})", host=host, reason=exc.strerror or exc))

    worker = threading.Thread(target=look, name="ray-address-lookup", daemon=True)
    worker.start()
    worker.join(timeout)
    return answer[0] if answer else _("{host} did not resolve within {seconds} s", host=host, seconds=number(timeout))


def _is_loopback_name(host: str) -> bool:
    return host in ("localhost", "127.0.0.1", "::1")


def _ray_address_for_localhost(host: str) -> str | None:
    """The address Ray connects to when given a loopback name (the node's own address), if Ray says."""
    try:
        from ray._private.services import resolve_ip_for_localhost

        return resolve_ip_for_localhost(host)
    except Exception:  # noqa: BLE001 - a private function of Ray's: without it, the loopback check stands
        return None


def _recorded_ray_address() -> str | None:
    """The cluster address the last ``ray start`` on this machine recorded, which ``auto`` connects to."""
    try:
        from ray._private.utils import read_ray_address

        return read_ray_address()
    except Exception:  # noqa: BLE001 - a private function of Ray's: without it, Ray checks ``auto`` itself
        return None


def _ray_group(task, context, ranges) -> bytes:
    """Run several chunks in one Ray task; one entry per chunk: ``("ok", result, seconds)``, or ``("input",
    message)`` for a CardtableError, or ``("error", message)`` for any other exception. Pickled here with the
    C pickler, because Ray's own serializer walks a result in Python looking for object references, which took
    milliseconds for a chunk of a hundred game outcomes."""
    out: list[tuple] = []
    for start, stop in ranges:
        began = time.perf_counter()
        try:
            result = task(context, start, stop)
        except CardtableError as exc:
            out.append(("input", f"{type(exc).__name__}: {exc}"))
        except Exception as exc:  # noqa: BLE001 - reported to the driver, which retries
            out.append(("error", f"{type(exc).__name__}: {exc}"))
        else:
            out.append(("ok", result, time.perf_counter() - began))
    return pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)


def _run_ray(task, todo, context, workers, address, retries, should_stop, delivery, report) -> None:
    """Chunks go to Ray in groups: a Ray task costs a few ms of CPU (driver, raylet, worker), so consecutive
    chunks share a task until it runs about RAY_TASK_SECONDS, measured from the chunks finished so far, while
    every slot still gets several tasks. Groups change nothing but speed: each chunk is still delivered,
    checkpointed and retried on its own, and a chunk that failed runs alone afterwards."""
    ray = import_ray()
    started = start_ray(address, workers)
    try:
        slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        report.workers = slots
        attempts = _Attempts(retries, report)
        remote = ray.remote(num_cpus=1, max_retries=0)(_ray_group)
        context_ref = ray.put(context)
        queue = deque(todo)
        solo: set[Chunk] = set()
        timing = [0.0, 0]  # seconds and count of the chunks finished
        running: dict[Any, list[Chunk]] = {}

        def next_group() -> list[Chunk]:
            size = 1
            if timing[1]:
                per_chunk = max(timing[0] / timing[1], 1e-6)
                size = max(1, min(math.ceil(RAY_TASK_SECONDS / per_chunk), len(queue) // (4 * slots)))
            group = [queue.popleft()]
            while len(group) < size and queue and group[0] not in solo and queue[0] not in solo:
                group.append(queue.popleft())
            return group

        try:
            while queue or running:
                while queue and len(running) < 2 * slots and report.stop_reason is None:
                    if should_stop is not None and should_stop():
                        report.stop_reason = "stopped"
                        break
                    group = next_group()
                    ref = remote.remote(task, context_ref, [(c.start, c.stop) for c in group])
                    running[ref] = group
                if not running:
                    break
                ready, _pending = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    group = running.pop(ref)
                    try:
                        entries = pickle.loads(ray.get(ref))
                    except Exception as exc:  # noqa: BLE001 - the worker or its node was lost
                        for chunk in reversed(group):
                            attempts.failed(chunk, f"{type(_ray_cause(exc)).__name__}: {_ray_cause(exc)}")
                            solo.add(chunk)
                            queue.appendleft(chunk)
                        continue
                    failed = []
                    for chunk, entry in zip(group, entries):
                        if entry[0] == "ok":
                            timing[0] += entry[2]
                            timing[1] += 1
                            delivery.finished(chunk, entry[1])
                        else:
                            failed.append((chunk, entry))
                    for chunk, (kind, message) in reversed(failed):
                        if kind == "input":
                            raise _failure(chunk, 1, message)
                        attempts.failed(chunk, message)
                        solo.add(chunk)
                        queue.appendleft(chunk)
        finally:
            for ref in running:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001 - it may have finished meanwhile
                    pass
    finally:
        if started:
            ray.shutdown()


def _ray_cause(exc: BaseException) -> BaseException:
    """The task's own exception inside a RayTaskError (so that a CardtableError is not retried)."""
    cause = getattr(exc, "cause", None)
    return cause if isinstance(cause, BaseException) else exc
