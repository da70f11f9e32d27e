"""What every store of the server runs on: one database (SQLite or PostgreSQL), written by one writer thread
with group commit, read under a lock.

The server's SQL is written once, in the dialect both engines share: ``?`` placeholders, ``INSERT … ON
CONFLICT … DO UPDATE`` for upserts, and ``CREATE TABLE`` with SQLite's type names (``PostgresDatabase``
maps them). A write is a list of statements, all or nothing; a statement made with ``Expect`` must change a
row or the whole write fails with ``StaleWrite`` (how a process finds that another one changed a table
first). ``shared`` says whether other processes may write the same data (then tables are kept in step by
``announce`` and ``listen``, see ``server/sharing.py``).
"""

from __future__ import annotations

import queue
import threading
from abc import ABC, abstractmethod
from concurrent.futures import Future, InvalidStateError
from typing import Any, Callable, NamedTuple


class Expect(NamedTuple):
    """A statement that must change at least one row: the row it guards (a table's version) is as expected."""

    sql: str
    params: tuple[Any, ...]


Statement = tuple[str, tuple[Any, ...]]
Statements = list[Statement]


class StaleWrite(Exception):
    """A write's ``Expect`` changed nothing: another writer got there first. Nothing of the write is kept."""


class Database(ABC):
    """One database. Subclasses open the connections and commit groups; the queue and the writer thread are
    here."""

    dialect: str = ""
    shared: bool = False  # may other processes write the same data at the same time?

    def __init__(self) -> None:
        self.commits = 0  # how many durable commits so far (the benchmark reports writes per commit)
        self._pending: queue.SimpleQueue[tuple[Statements, Future[None]] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_groups, name=f"cardtable-{self.dialect}-writer",
                                        daemon=True)

    def _start_writer(self) -> None:
        self._writer.start()

    @abstractmethod
    def executescript(self, script: str) -> None:
        """Create what a part of the server keeps here (its ``CREATE TABLE IF NOT EXISTS`` schema)."""

    @abstractmethod
    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read."""

    @abstractmethod
    def _commit_group(self, group: list[tuple[Statements, Future[None]]]) -> None:
        """Write every item of ``group`` in one transaction (each all or nothing) and answer its future."""

    def _close_connections(self) -> None:
        """Close what ``__init__`` opened (the writer has stopped)."""

    def is_unique_violation(self, error: BaseException, table: str, column: str) -> bool:
        """Did a write fail because ``table.column`` already holds the value?"""
        return False

    def announce(self, table_id: str) -> Statements:
        """Statements that tell the other processes, once the write commits, that the table changed."""
        return []

    def listen(self, changed: Callable[[str], None]) -> None:
        """Call ``changed(table_id)`` (from another thread) whenever another process announced a change."""

    def stop_listening(self) -> None:
        """No more ``changed`` calls."""

    def submit(self, statements: Statements) -> Future[None]:
        """Queue one write (its statements are all-or-nothing); the future resolves once it is durable."""
        future: Future[None] = Future()
        self._pending.put((statements, future))
        return future

    def close(self) -> None:
        self.stop_listening()
        self._pending.put(None)
        if self._writer.is_alive():
            self._writer.join()
        self._close_connections()

    def _write_groups(self) -> None:
        while True:
            first = self._pending.get()
            if first is None:
                return
            group = [first]
            while True:
                try:
                    item = self._pending.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._pending.put(None)  # stop after this group
                    break
                group.append(item)
            self._commit_group(group)


def answer(future: Future[None], error: BaseException | None) -> None:
    """Resolve a write's future (its waiter may have given up: the write's fate is still as stated)."""
    try:
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
    except InvalidStateError:
        pass


__all__ = ["Database", "Expect", "StaleWrite", "Statement", "Statements", "answer"]
