from __future__ import annotations

import contextlib
import time
import warnings
from dataclasses import dataclass
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette's note that it prefers httpx2; the client works as is
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.server.app import create_app


@dataclass
class Server:
    """An app on a temporary database, driven in-process; ``manager`` is the live game state."""

    app: Any
    client: TestClient
    db: Any

    @property
    def manager(self):
        return self.app.state.manager

    def table(self, table_id: str):
        return self.manager.tables[table_id]

    def settle(self, table_id: str, timeout: float = 10.0) -> None:
        """Wait until the table's bots have made every move that is theirs (they run in the server's loop)."""
        deadline = time.monotonic() + timeout
        while self.table(table_id).bots_running:
            assert time.monotonic() < deadline, "the bots did not finish moving"
            time.sleep(0.005)

    def fingerprint(self, table_id: str) -> tuple[str, int]:
        """The whole hidden state's digest and the number of actions: equal means nothing changed."""
        state = self.table(table_id).state
        return state.digest(), len(state.history)

    def create(self, status: int = 201, **body) -> str:
        body.setdefault("game", "mojo")
        r = self.client.post("/api/tables", json=body)
        assert r.status_code == status, r.text
        return r.json()["table"]["id"]

    def join(self, table_id: str, seat: int) -> str:
        r = self.client.post(f"/api/tables/{table_id}/join", json={"seat": seat})
        assert r.status_code == 200, r.text
        return r.json()["token"]

    def state(self, table_id: str, token: str | None = None) -> dict:
        r = self.client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token} if token else {})
        assert r.status_code == 200, r.text
        return r.json()

    def act(self, table_id: str, token: str | None, action: Any):
        return self.client.post(f"/api/tables/{table_id}/actions", json={"action": action},
                                headers={"X-Seat-Token": token} if token else {})

    def undo(self, table_id: str, token: str | None):
        return self.client.post(f"/api/tables/{table_id}/undo", headers={"X-Seat-Token": token} if token else {})


def raw_sql(db, sql: str, params: tuple = ()) -> list[tuple]:
    """Run one statement straight on a test's database (SQLite file or PostgreSQL address), behind the server's
    back (a damaged table); the rows of a SELECT."""
    from cardtable.store import open_store

    store = open_store(str(db))
    try:
        if sql.lstrip().upper().startswith("SELECT"):
            return store.query(sql, params)
        store.submit([(sql, params)]).result()
        return []
    finally:
        store.close()


def everything_stored(db) -> bytes:
    """Every byte the database keeps: the SQLite file and its WAL, or every row of every PostgreSQL table."""
    if not str(db).startswith("postgresql://"):
        raw = db.read_bytes()
        wal = db.with_name(db.name + "-wal")
        return raw + (wal.read_bytes() if wal.exists() else b"")
    names = raw_sql(db, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
    return repr([raw_sql(db, f"SELECT * FROM {name}") for (name,) in names]).encode()


def make_server(db, **kwargs):
    kwargs.setdefault("bot_delay", 0)
    app = create_app(db, **kwargs)
    return app


@contextlib.contextmanager
def running(db, strict: bool = False, **kwargs):
    """A server on ``db`` (``make_server``'s options) for the length of a ``with``: a restart is a second one.
    ``strict``: an exception in the server fails the test (instead of answering 500)."""
    app = make_server(db, **kwargs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app, raise_server_exceptions=strict) as client:
            yield Server(app, client, db)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """Where a test's server keeps its tables: an SQLite file, or a fresh schema of a PostgreSQL (the whole
    server suite runs on both stores)."""
    if request.param == "sqlite":
        return tmp_path / "t.db"
    from . import postgres

    if postgres.base_address() is None:
        if postgres.required():
            pytest.fail(f"CARDTABLE_REQUIRE_POSTGRES=1 but {postgres.why_not()}")
        pytest.skip(f"the PostgreSQL store is not tested here: {postgres.why_not()}")
    return postgres.fresh_address()


@pytest.fixture
def server(db):
    app = make_server(db)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app, raise_server_exceptions=False) as client:
            yield Server(app, client, db)
