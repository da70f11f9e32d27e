"""The Ray backend: chunks as Ray tasks on a private local Ray or a cluster (see :mod:`cardtable.sim.executors`)."""

from __future__ import annotations

import math
import os
import pickle
import time
from collections import deque
from types import ModuleType
from typing import Any, Callable, Sequence

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

from .chunks import Attempts, Chunk, RunReport, Task, failure
from .delivery import Delivery
from .ray_address import check_ray_address

_ = Translator("cardtable")

RAY_TASK_SECONDS = 0.5  # chunks share a Ray task until it runs about this long (see run_ray)


def import_ray() -> ModuleType:
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


def _ray_group(task: Task, context: Any, ranges: Sequence[tuple[int, int]]) -> bytes:
    """Run several chunks in one Ray task; one entry per chunk: ``("ok", result, seconds)``, or ``("input",
    message)`` for a CardtableError, or ``("error", message)`` for any other exception. Pickled here with the
    C pickler, because Ray's own serializer walks a result in Python looking for object references, which took
    milliseconds for a chunk of a hundred game outcomes."""
    out: list[tuple[str, Any, float] | tuple[str, str]] = []
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


def run_ray(task: Task, todo: Sequence[Chunk], context: Any, workers: int | None, address: str | None, retries: int,
            should_stop: Callable[[], bool] | None, delivery: Delivery, report: RunReport) -> None:
    """Chunks go to Ray in groups: a Ray task costs a few ms of CPU (driver, raylet, worker), so consecutive
    chunks share a task until it runs about RAY_TASK_SECONDS, measured from the chunks finished so far, while
    every slot still gets several tasks. Groups change nothing but speed: each chunk is still delivered,
    checkpointed and retried on its own, and a chunk that failed runs alone afterwards."""
    ray = import_ray()
    started = start_ray(address, workers)
    try:
        slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        report.workers = slots
        attempts = Attempts(retries, report)
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
                    failed: list[tuple[Chunk, Any]] = []
                    for chunk, entry in zip(group, entries):
                        if entry[0] == "ok":
                            timing[0] += entry[2]
                            timing[1] += 1
                            delivery.finished(chunk, entry[1])
                        else:
                            failed.append((chunk, entry))
                    for chunk, (kind, message) in reversed(failed):
                        if kind == "input":
                            raise failure(chunk, 1, message)
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
