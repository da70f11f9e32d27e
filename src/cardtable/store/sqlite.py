"""Tables and every accepted action on SQLite, durable before anyone is told.

A table is stored as what re-creates it: game, players, options, seed, seat kinds and the hashes of
seat tokens; its actions are stored one row each, in order. On start the server replays every table
from its seed and actions (records-style), so a crash — even ``kill -9`` — loses nothing that was
acknowledged. WAL mode with ``synchronous=FULL`` makes each commit durable on return.
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = str(  # i18n: no (SQL)
    """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,          -- JSON: per seat {"kind": "human"|agent name, "takeover": agent or null}
    settings TEXT NOT NULL,       -- JSON: table settings (bot takeover timeout, …)
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS clocks (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    clock TEXT NOT NULL           -- JSON: the move clock's banks and current period (server/clock.py)
);
CREATE TABLE IF NOT EXISTS truncations (
    table_id TEXT NOT NULL REFERENCES tables(id),
    at REAL NOT NULL,
    keep INTEGER NOT NULL
);
""")


@dataclass
class StoredTable:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    settings: dict[str, Any]
    created: float
    token_hashes: dict[int, str] = field(default_factory=dict)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    clock: dict[str, Any] | None = None  # the move clock as last written (``clock_statement``), if any


Statements = list[tuple[str, tuple[Any, ...]]]
INSERT_ACTION = "INSERT INTO actions (table_id, n, seat, action) VALUES (?,?,?,?)"  # i18n: no (SQL)
SET_CLOCK = "INSERT OR REPLACE INTO clocks (table_id, clock) VALUES (?,?)"  # i18n: no (SQL)


class SqliteStore:
    """One SQLite file, written by one writer thread with group commit; reads take the same lock."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")  # i18n: no (SQL)
        self._db.execute("PRAGMA synchronous=FULL")  # i18n: no (SQL)
        self._db.execute("PRAGMA foreign_keys=ON")  # i18n: no (SQL)
        self._db.executescript(SCHEMA)
        self._pending: queue.SimpleQueue[tuple[Statements, Future[None]] | None] = queue.SimpleQueue()
        self._writer = threading.Thread(target=self._write_groups, name="cardtable-sqlite-writer", daemon=True)
        self._writer.start()
        self.commits = 0  # how many fsyncs so far (the benchmark reports writes per commit)

    def close(self) -> None:
        self._pending.put(None)
        self._writer.join()
        with self._lock:
            self._db.close()

    def executescript(self, script: str) -> None:
        """Create what a part of the server keeps in this file (its ``CREATE TABLE IF NOT EXISTS`` schema)."""
        with self._lock:
            self._db.executescript(script)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (under the lock the writer takes too)."""
        with self._lock:
            return list(self._db.execute(sql, params).fetchall())

    def submit(self, statements: Statements) -> Future[None]:
        """Queue one write (its statements are all-or-nothing); the future resolves once it is durable."""
        future: Future[None] = Future()
        self._pending.put((statements, future))
        return future

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

    def _commit_group(self, group: list[tuple[Statements, Future[None]]]) -> None:
        failed: dict[int, BaseException] = {}
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")  # i18n: no (SQL)
                for i, (statements, _) in enumerate(group):
                    self._db.execute("SAVEPOINT write")  # i18n: no (SQL)
                    try:
                        for sql, params in statements:
                            self._db.execute(sql, params)
                        self._db.execute("RELEASE write")  # i18n: no (SQL)
                    except sqlite3.Error as exc:
                        self._db.execute("ROLLBACK TO write")  # i18n: no (SQL)
                        self._db.execute("RELEASE write")  # i18n: no (SQL)
                        failed[i] = exc
                self._db.execute("COMMIT")
                self.commits += 1
            except BaseException as exc:  # the commit itself failed: nothing of the group is durable
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                for _, future in group:
                    _answer(future, exc)
                return
        for i, (_, future) in enumerate(group):
            _answer(future, failed.get(i))

    # Every write below returns the future of ``submit``: durable once it resolves.
    def create_table(self, t: StoredTable) -> Future[None]:
        """A new table, with the actions it already has (``t.actions``: a game played elsewhere, such as a record
        opened in the web table by `cardtable replay --web`), in one transaction."""
        statements: Statements = [(
            "INSERT INTO tables (id, game, players, options, seed, seats, settings, created) VALUES (?,?,?,?,?,?,?,?)",  # i18n: no (SQL)
            (t.id, t.game, t.players, json.dumps(t.options), t.seed, json.dumps(t.seats), json.dumps(t.settings), t.created),
        )]
        statements += [(INSERT_ACTION, (t.id, n, seat, json.dumps(action))) for n, (seat, action) in enumerate(t.actions)]
        return self.submit(statements)

    def update_seats(self, table_id: str, seats: list[dict[str, Any]]) -> Future[None]:
        return self.submit([("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id))])  # i18n: no (SQL)

    def update_settings(self, table_id: str, settings: dict[str, Any]) -> Future[None]:
        return self.submit([("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id))])  # i18n: no (SQL)

    def set_token(self, table_id: str, seat: int, token_hash: str) -> Future[None]:
        return self.submit([(
            "INSERT OR REPLACE INTO tokens (table_id, seat, token_hash) VALUES (?,?,?)", (table_id, seat, token_hash)  # i18n: no (SQL)
        )])

    def append_action(self, table_id: str, n: int, seat: int, action: dict[str, Any],
                      also: Statements | None = None) -> Future[None]:
        """Durable when the returned future resolves: the caller tells nobody about the action before. ``also``:
        statements written in the same transaction (the move clock after the action, ``clock_statement``)."""
        return self.submit([(INSERT_ACTION, (table_id, n, seat, json.dumps(action))), *(also or [])])

    @staticmethod
    def clock_statement(table_id: str, clock: dict[str, Any]) -> Statements:
        """Keep the table's move clock (its JSON form; give it to ``submit`` or ``append_action(also=...)``)."""
        return [(SET_CLOCK, (table_id, json.dumps(clock)))]

    @staticmethod
    def truncation(table_id: str, keep: int, at: float) -> Statements:
        """Undo: forget the actions from number ``keep`` on (give it to ``submit``)."""
        return [
            ("DELETE FROM actions WHERE table_id = ? AND n >= ?", (table_id, keep)),  # i18n: no (SQL)
            ("INSERT INTO truncations (table_id, at, keep) VALUES (?,?,?)", (table_id, at, keep)),  # i18n: no (SQL)
        ]

    def load_all(self) -> list[StoredTable]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, players, options, seed, seats, settings, created FROM tables ORDER BY created"  # i18n: no (SQL)
            ).fetchall()
            tables = {
                r[0]: StoredTable(r[0], r[1], r[2], json.loads(r[3]), r[4], json.loads(r[5]), json.loads(r[6]), r[7])
                for r in rows
            }
            for table_id, seat, token_hash in self._db.execute("SELECT table_id, seat, token_hash FROM tokens"):  # i18n: no (SQL)
                tables[table_id].token_hashes[seat] = token_hash
            for table_id, _, seat, action in self._db.execute(
                "SELECT table_id, n, seat, action FROM actions ORDER BY table_id, n"  # i18n: no (SQL)
            ):
                tables[table_id].actions.append((seat, json.loads(action)))
            for table_id, clock in self._db.execute("SELECT table_id, clock FROM clocks"):  # i18n: no (SQL)
                if table_id in tables:
                    tables[table_id].clock = json.loads(clock)
        return list(tables.values())


def _answer(future: Future[None], error: BaseException | None) -> None:
    try:
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
    except InvalidStateError:  # the waiter gave up (cancelled); the write's fate is still as stated
        pass
