"""A run kept as a list of results that each carry their item's ``index`` (a balance run's games, a what-if's
pairs): play the items the list lacks, in chunks, and merge each new result once, in index order."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .chunks import RunReport, Task, chunk_ranges, default_chunk_size


def play_missing(task: Task, items: list[dict[str, Any]], planned: int, *, context: Any,
                 run_key: Callable[[int], Mapping[str, Any]], on_item: Callable[[dict[str, Any]], None] | None = None,
                 chunk_size: int | None = None, **run: Any) -> RunReport:
    """Items ``0 … planned - 1`` not yet in ``items``, played by ``task`` through :func:`run_chunks` (``run``: its
    workers, backend, address, checkpoint, should_stop); ``run_key(chunk_size)`` is the run's checkpoint identity.
    New results are appended (``on_item`` told of each), then ``items`` is sorted by index."""
    from . import run_chunks

    size = chunk_size or default_chunk_size(planned)
    done = {item["index"] for item in items}
    chunks = [c for c in chunk_ranges(planned, size) if any(i not in done for i in range(c.start, c.stop))]

    def merge(_chunk: object, results: Sequence[dict[str, Any]]) -> None:
        for item in results:
            if item["index"] not in done:
                done.add(item["index"])
                items.append(item)
                if on_item is not None:
                    on_item(item)

    report = run_chunks(task, chunks, context=context, on_result=merge, run_key=dict(run_key(size)), **run)
    items.sort(key=lambda item: item["index"])
    return report
