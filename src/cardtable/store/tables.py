"""Tables and every accepted action, durable before anyone is told.

A table is stored as what re-creates it: game, players, options, seed, seat kinds and the hashes of seat tokens;
its actions are stored one row each, in order. On start the server replays every table from its seed and
actions (records-style), so a crash — even ``kill -9`` — loses nothing that was acknowledged.

Every change of a table after its creation is one ``write`` that also moves the table's version on by one, and
only from the version the writer last saw (``Expect``): two processes sharing the database can never both
change the same table from the same state — the second learns ``StaleWrite`` and reads the table again.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from .database import Database, Expect, Statements
from .sqlite import SqliteDatabase

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
CREATE TABLE IF NOT EXISTS table_versions (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    version INTEGER NOT NULL      -- one more with every change of the table (its writes Expect the last)
);
""")
# Databases made before versions were kept: every table starts at 0.
ADD_VERSIONS = ("INSERT INTO table_versions (table_id, version) SELECT id, 0 FROM tables t WHERE NOT EXISTS "  # i18n: no
                "(SELECT 1 FROM table_versions v WHERE v.table_id = t.id) ON CONFLICT DO NOTHING")  # i18n: no (SQL)
TABLE_COLUMNS = "t.id, t.game, t.players, t.options, t.seed, t.seats, t.settings, t.created, v.version"  # i18n: no
TABLES = "tables t JOIN table_versions v ON v.table_id = t.id"  # i18n: no (SQL)


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
    version: int = 0  # how many changes the table has had since it was made
    truncations: int = 0  # how many undos it has had
    actions_from: int = 0  # ``actions`` are those from this number on (``load_table``)


class TableStore:
    """The tables of one database (``db``: SQLite or PostgreSQL)."""

    def __init__(self, db: Database):
        self.db = db
        db.executescript(SCHEMA)
        db.submit([(ADD_VERSIONS, ())]).result()

    # The database's own operations, for the stores that share it (accounts, ratings, leases).
    @property
    def dialect(self) -> str:
        return self.db.dialect

    @property
    def commits(self) -> int:
        return self.db.commits

    def executescript(self, script: str) -> None:
        self.db.executescript(script)

    def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.db.query(sql, params)

    def submit(self, statements: Statements) -> Future[None]:
        return self.db.submit(statements)

    def close(self) -> None:
        self.db.close()

    # -- writes: durable once the returned future resolves ----------------------------------------------
    def create_table(self, t: StoredTable, also: Statements | None = None) -> Future[None]:
        """A new table, with the actions it already has (``t.actions``: a game played elsewhere, such as a record
        opened in the web table by `cardtable replay --web`), in one transaction (with ``also``)."""
        statements: Statements = [(
            "INSERT INTO tables (id, game, players, options, seed, seats, settings, created) VALUES (?,?,?,?,?,?,?,?)",  # i18n: no (SQL)
            (t.id, t.game, t.players, json.dumps(t.options), t.seed, json.dumps(t.seats), json.dumps(t.settings), t.created),
        ), ("INSERT INTO table_versions (table_id, version) VALUES (?, 0)", (t.id,))]  # i18n: no (SQL)
        statements += [action_statement(t.id, n, seat, action) for n, (seat, action) in enumerate(t.actions)]
        return self.db.submit(statements + (also or []) + self.db.announce(t.id))

    def write(self, table_id: str, version: int, statements: Statements) -> Future[None]:
        """Change the table from its ``version`` to the next, or fail as a whole with ``StaleWrite`` if another
        writer changed it since. ``statements``: those below (seats, token, settings, action, clock, truncation)."""
        guard = Expect("UPDATE table_versions SET version = ? WHERE table_id = ? AND version = ?",  # i18n: no (SQL)
                       (version + 1, table_id, version))
        return self.db.submit([guard, *statements, *self.db.announce(table_id)])

    @staticmethod
    def seats_statement(table_id: str, seats: list[dict[str, Any]]) -> Statements:
        return [("UPDATE tables SET seats = ? WHERE id = ?", (json.dumps(seats), table_id))]  # i18n: no (SQL)

    @staticmethod
    def settings_statement(table_id: str, settings: dict[str, Any]) -> Statements:
        return [("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id))]  # i18n: no (SQL)

    @staticmethod
    def token_statement(table_id: str, seat: int, token_hash: str) -> Statements:
        return [("INSERT INTO tokens (table_id, seat, token_hash) VALUES (?,?,?) "  # i18n: no (SQL)
                 "ON CONFLICT (table_id, seat) DO UPDATE SET token_hash = excluded.token_hash",  # i18n: no (SQL)
                 (table_id, seat, token_hash))]

    @staticmethod
    def action_statement(table_id: str, n: int, seat: int, action: dict[str, Any]) -> Statements:
        return [action_statement(table_id, n, seat, action)]

    @staticmethod
    def clock_statement(table_id: str, clock: dict[str, Any]) -> Statements:
        """Keep the table's move clock (its JSON form)."""
        return [("INSERT INTO clocks (table_id, clock) VALUES (?,?) "  # i18n: no (SQL)
                 "ON CONFLICT (table_id) DO UPDATE SET clock = excluded.clock", (table_id, json.dumps(clock)))]

    @staticmethod
    def truncation(table_id: str, keep: int, at: float) -> Statements:
        """Undo: forget the actions from number ``keep`` on."""
        return [
            ("DELETE FROM actions WHERE table_id = ? AND n >= ?", (table_id, keep)),  # i18n: no (SQL)
            ("INSERT INTO truncations (table_id, at, keep) VALUES (?,?,?)", (table_id, at, keep)),  # i18n: no (SQL)
        ]

    # -- reads ----------------------------------------------------------------------------------------
    def load_all(self) -> list[StoredTable]:
        rows = self.db.query(f"SELECT {TABLE_COLUMNS} FROM {TABLES} ORDER BY t.created, t.id")  # i18n: no (SQL)
        tables = {r[0]: _stored(r) for r in rows}
        for table_id, seat, token_hash in self.db.query("SELECT table_id, seat, token_hash FROM tokens"):  # i18n: no
            tables[table_id].token_hashes[seat] = token_hash
        for table_id, _, seat, action in self.db.query(
            "SELECT table_id, n, seat, action FROM actions ORDER BY table_id, n"  # i18n: no (SQL)
        ):
            tables[table_id].actions.append((seat, json.loads(action)))
        for table_id, clock in self.db.query("SELECT table_id, clock FROM clocks"):  # i18n: no (SQL)
            if table_id in tables:
                tables[table_id].clock = json.loads(clock)
        for table_id, count in self.db.query("SELECT table_id, COUNT(*) FROM truncations GROUP BY table_id"):  # i18n: no
            if table_id in tables:
                tables[table_id].truncations = int(count)
        return list(tables.values())

    def load_table(self, table_id: str, actions_from: int = 0) -> StoredTable | None:
        """One table as it is now, with its actions from number ``actions_from`` on (three reads: another server
        process reads a table after each change made elsewhere)."""
        rows = self.db.query(
            f"SELECT {TABLE_COLUMNS}, (SELECT clock FROM clocks c WHERE c.table_id = t.id), "  # i18n: no (SQL)
            f"(SELECT COUNT(*) FROM truncations r WHERE r.table_id = t.id) FROM {TABLES} WHERE t.id = ?", (table_id,))  # i18n: no
        if not rows:
            return None
        t = _stored(rows[0])
        t.clock = json.loads(rows[0][9]) if rows[0][9] is not None else None
        t.truncations = int(rows[0][10])
        t.actions_from = actions_from
        t.token_hashes = {int(seat): str(h) for seat, h in self.db.query(
            "SELECT seat, token_hash FROM tokens WHERE table_id = ?", (table_id,))}  # i18n: no (SQL)
        t.actions = [(int(seat), json.loads(a)) for seat, a in self.db.query(
            "SELECT seat, action FROM actions WHERE table_id = ? AND n >= ? ORDER BY n", (table_id, actions_from))]  # i18n: no
        return t

    def version_of(self, table_id: str) -> int | None:
        rows = self.db.query("SELECT version FROM table_versions WHERE table_id = ?", (table_id,))  # i18n: no (SQL)
        return int(rows[0][0]) if rows else None

    def versions(self) -> dict[str, int]:
        """Every table's version (a process sharing the database compares them with its own now and then)."""
        return {str(r[0]): int(r[1]) for r in self.db.query("SELECT table_id, version FROM table_versions")}  # i18n: no


def action_statement(table_id: str, n: int, seat: int, action: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    return ("INSERT INTO actions (table_id, n, seat, action) VALUES (?,?,?,?)",  # i18n: no (SQL)
            (table_id, n, seat, json.dumps(action)))


def _stored(r: tuple[Any, ...]) -> StoredTable:
    return StoredTable(r[0], r[1], int(r[2]), json.loads(r[3]), int(r[4]), json.loads(r[5]), json.loads(r[6]),
                       float(r[7]), version=int(r[8]))


class SqliteStore(TableStore):
    """The tables of one SQLite file (the embedded default)."""

    def __init__(self, path: Any):
        super().__init__(SqliteDatabase(path))


def open_store(where: str) -> TableStore:
    """The store ``where`` names: a ``postgresql://`` (or ``postgres://``) address, else an SQLite file's path."""
    if where.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresDatabase

        return TableStore(PostgresDatabase(where))
    return SqliteStore(where)


__all__ = ["SqliteStore", "StoredTable", "TableStore", "open_store"]
