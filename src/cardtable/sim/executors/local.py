"""The local backend: chunks in this process, or in a pool of worker processes on this machine (forked from a
forkserver; see :mod:`cardtable.sim.executors`)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Sequence

from cardtable.engine.i18n import Translator

from .chunks import Attempts, Chunk, RunReport, Task
from .delivery import Delivery

_ = Translator("cardtable")

START_METHOD = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
# Modules the forkserver imports once, so that each worker it forks starts with them loaded; with them, the
# game and agent modules this process has loaded by then (a worker's start-up: 0.16 s of CPU → 0.03 s for Mojo).
PRELOAD = ["cardtable.sim.runner", "cardtable.sim.tournament"]
PRELOAD_PACKAGES = ("cardtable.engine", "cardtable.games", "cardtable.agents", "cardtable.sim")


def run_local(task: Task, todo: Sequence[Chunk], context: Any, workers: int | None, address: str | None, retries: int,
              should_stop: Callable[[], bool] | None, delivery: Delivery, report: RunReport) -> None:
    """Run ``todo`` in this process (one worker, or a single chunk) or in a pool of ``workers`` processes."""
    workers = workers or os.cpu_count() or 1
    report.workers = workers
    attempts = Attempts(retries, report)
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


def _run_pool(task: Task, todo: Sequence[Chunk], context: Any, workers: int, should_stop: Callable[[], bool] | None,
              delivery: Delivery, report: RunReport, attempts: Attempts) -> None:
    queue = deque(todo)
    window = 2 * workers  # enough queued work to keep every worker busy, little to lose when stopping
    pool = _new_pool(workers)
    running: dict[Future[Any], Chunk] = {}
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
