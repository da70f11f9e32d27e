"""The embedded database: one SQLite file, WAL mode with ``synchronous=FULL`` (each commit durable on return).

One process owns the file (the README's server); ``shared`` is False, so tables are not re-read from it.
"""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from .database import Database, Expect, StaleWrite, Statements, answer


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, path: str | Path):
        super().__init__()
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")  # i18n: no (SQL)
        self._db.execute("PRAGMA synchronous=FULL")  # i18n: no (SQL)
        self._db.execute("PRAGMA foreign_keys=ON")  # i18n: no (SQL)
        self._start_writer()

    def _close_connections(self) -> None:
        with self._lock:
            self._db.close()

    def executescript(self, script: str) -> None:
        with self._lock:
            self._db.executescript(script)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """(Under the lock the writer takes too.)"""
        with self._lock:
            return list(self._db.execute(sql, params).fetchall())

    def is_unique_violation(self, error: BaseException, table: str, column: str) -> bool:
        return isinstance(error, sqlite3.IntegrityError) and f"{table}.{column}" in str(error)

    def _run(self, statements: Statements) -> None:
        for statement in statements:
            cursor = self._db.execute(*statement)
            if isinstance(statement, Expect) and cursor.rowcount < 1:
                raise StaleWrite(statement.sql)

    def _commit_group(self, group: list[tuple[Statements, Future[None]]]) -> None:
        failed: dict[int, BaseException] = {}
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")  # i18n: no (SQL)
                for i, (statements, _) in enumerate(group):
                    self._db.execute("SAVEPOINT write")  # i18n: no (SQL)
                    try:
                        self._run(statements)
                        self._db.execute("RELEASE write")  # i18n: no (SQL)
                    except (sqlite3.Error, StaleWrite) as exc:
                        self._db.execute("ROLLBACK TO write")  # i18n: no (SQL)
                        self._db.execute("RELEASE write")  # i18n: no (SQL)
                        failed[i] = exc
                self._db.execute("COMMIT")
                self.commits += 1
            except BaseException as exc:  # the commit itself failed: nothing of the group is durable
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                for _, future in group:
                    answer(future, exc)
                return
        for i, (_, future) in enumerate(group):
            answer(future, failed.get(i))


__all__ = ["SqliteDatabase"]
