"""Chunk tasks for the executor tests. Worker processes import tasks by name, so they live in a module, not in
a test function. Attempts are counted in files of a folder named by the context, because an attempt may run in
another process."""

from __future__ import annotations

import os
import time
from pathlib import Path

from cardtable.engine import CardtableError


def squares(context, start, stop):
    """Items as their squares; chunks that start early sleep longest, so they finish last."""
    delay = (context or {}).get("delay", 0.0)
    if delay:
        time.sleep(delay / (1 + start))
    return [i * i for i in range(start, stop)]


def _attempt(folder: str, start: int) -> int:
    marker = Path(folder) / f"chunk-{start}"
    with marker.open("a") as fh:
        fh.write("x")
    return marker.stat().st_size


def flaky(context, start, stop):
    """Chunk ``context["bad"]`` raises on its first ``context["fails"]`` attempts."""
    if start == context["bad"] and _attempt(context["folder"], start) <= context["fails"]:
        raise RuntimeError(f"flaky chunk {start}")
    return [i * i for i in range(start, stop)]


def dies(context, start, stop):
    """Chunk ``context["bad"]`` kills its own worker process on the first attempt (as a crash or OOM would)."""
    if start == context["bad"] and _attempt(context["folder"], start) == 1:
        os._exit(3)
    return [i * i for i in range(start, stop)]


def bad_input(context, start, stop):
    """Chunk 0 raises an input error; the others succeed, so chunk 0 is sure to run whichever chunk ends first."""
    if start == 0:
        _attempt(context["folder"], start)
        raise CardtableError("no such card: X-99")
    return [i * i for i in range(start, stop)]


def attempts(folder, start) -> int:
    marker = Path(folder) / f"chunk-{start}"
    return marker.stat().st_size if marker.exists() else 0
