"""What a job is cut into: chunks of item indices, how to cut, what a run reports, and how a failed chunk counts
its attempts (the shared base of every backend; the contract is in :mod:`cardtable.sim.executors`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, NamedTuple

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

_ = Translator("cardtable")

MAX_CHUNK = 250  # items; big enough to hide a Ray task's overhead, small enough to lose little on Ctrl-C
CHUNKS_PER_JOB = 100  # a small job is cut finer, so that two or more workers share it evenly

#: ``task(context, start, stop)``: the results of items ``start … stop - 1``, one per item, JSON-ready
Task = Callable[[Any, int, int], Any]


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
    """How a run of :func:`~cardtable.sim.executors.run_chunks` went."""

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


def failure(chunk: Chunk, attempts: int, error: BaseException | str) -> ChunkFailed:
    what = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return ChunkFailed(_("{chunk} failed {n} time(s); the last error: {error}. The chunks finished before are kept "
                         "(with --checkpoint FILE a rerun of the same command resumes there)", chunk=chunk.label(),
                         n=attempts, error=what))


class Attempts:
    """The failed attempts of each chunk of a run, against its ``retries``."""

    def __init__(self, retries: int, report: RunReport):
        self.retries, self.report = retries, report
        self.count: dict[Chunk, int] = {}

    def failed(self, chunk: Chunk, error: BaseException | str) -> None:
        """Count a failed attempt; raise ChunkFailed when the chunk has no retry left."""
        if isinstance(error, CardtableError):
            raise failure(chunk, 1, error) from None
        self.count[chunk] = self.count.get(chunk, 0) + 1
        if self.count[chunk] > self.retries:
            raise failure(chunk, self.count[chunk], error)
        self.report.retried += 1
