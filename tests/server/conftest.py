from __future__ import annotations

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


def make_server(db, **kwargs):
    kwargs.setdefault("bot_delay", 0)
    app = create_app(db, **kwargs)
    return app


@pytest.fixture
def server(tmp_path):
    app = make_server(tmp_path / "t.db")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app, raise_server_exceptions=False) as client:
            yield Server(app, client, tmp_path / "t.db")
