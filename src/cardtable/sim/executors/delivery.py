"""Delivery of finished chunks to the caller: in the order of the job's chunks whatever order they finish in,
checkpointed first, and whole or not at all when Ctrl-C comes (see :mod:`cardtable.sim.executors`)."""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from .checkpoint import Checkpoint
from .chunks import Chunk, RunReport

#: ``on_result(chunk, result)``, called in the caller's process, in chunk order
OnResult = Callable[[Chunk, Any], None]


@contextmanager
def _ctrl_c_deferred() -> Iterator[None]:
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


class Delivery:
    """Hands finished chunks to on_result in the order of the job's chunks; holds back early ones."""

    def __init__(self, chunks: Sequence[Chunk], on_result: OnResult | None, report: RunReport,
                 checkpoint: Checkpoint | None):
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


def flush_quietly(delivery: Delivery) -> None:
    """:meth:`Delivery.flush`, at the end of every run, however it ended."""
    try:
        delivery.flush()
    except KeyboardInterrupt:  # a second Ctrl-C while the finished chunks are merged: keep what is merged
        done = set(delivery.report.delivered)
        delivery.report.missing = [c for c in delivery.order if c not in done]
