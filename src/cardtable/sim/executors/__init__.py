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

The parts, one job each: :mod:`.chunks` (chunks, the run's report, attempts), :mod:`.checkpoint`,
:mod:`.delivery` (in chunk order, whole under Ctrl-C), :mod:`.local` (this process and worker processes),
:mod:`.ray_backend` (Ray tasks) and :mod:`.ray_address` (an address checked before Ray is asked). This module
is the interface: :func:`run_chunks` and :func:`check_run`, and the names the parts export.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

from .checkpoint import Checkpoint
from .chunks import (
    CHUNKS_PER_JOB,
    MAX_CHUNK,
    Chunk,
    ChunkFailed,
    RunReport,
    Task,
    chunk_ranges,
    chunks_of,
    default_chunk_size,
)
from .delivery import Delivery, OnResult, flush_quietly
from .local import PARENT_POLL, PRELOAD, PRELOAD_PACKAGES, START_METHOD, run_local
from .ray_address import RAY_ADDRESS_FORMS, RAY_CONNECT_SECONDS, check_ray_address
from .ray_backend import RAY_TASK_SECONDS, import_ray, run_ray, start_ray

__all__ = [
    "BACKENDS", "CHUNKS_PER_JOB", "MAX_CHUNK", "PARENT_POLL", "PRELOAD", "PRELOAD_PACKAGES", "RAY_ADDRESS_FORMS",
    "RAY_CONNECT_SECONDS", "RAY_TASK_SECONDS", "START_METHOD", "Checkpoint", "Chunk", "ChunkFailed", "OnResult",
    "RunReport", "Task", "check_ray_address", "check_run", "chunk_ranges", "chunks_of", "default_chunk_size",
    "import_ray", "resolve_backend", "run_chunks", "start_ray",
]

_ = Translator("cardtable")

BACKENDS = ("local", "ray")


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


def run_chunks(
    task: Task,
    chunks: Sequence[Chunk] | Iterable[tuple[int, int]],
    *,
    context: Any = None,
    workers: int | None = None,
    backend: str | None = "local",
    address: str | None = None,
    on_result: OnResult | None = None,
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
    delivery = Delivery(job, on_result, report, store)
    start = time.perf_counter()
    try:
        todo: list[Chunk] = []
        for chunk in job:
            if store is not None and chunk in store.done:
                report.from_checkpoint += 1
                delivery.finished(chunk, store.done[chunk], stored=True)
            else:
                todo.append(chunk)
        runner = run_ray if backend == "ray" else run_local
        runner(task, todo, context, workers, address, retries, should_stop, delivery, report)
    except KeyboardInterrupt:
        report.stop_reason = "interrupted"
    except ChunkFailed:
        report.stop_reason = "failed"
        flush_quietly(delivery)
        raise
    finally:
        try:
            flush_quietly(delivery)
        finally:
            report.seconds = time.perf_counter() - start
            if store is not None:
                store.close()
    return report
