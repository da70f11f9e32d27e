"""Two real server processes on one PostgreSQL, serving the same lobby and tables (``server/sharing.py``).

A move made through either process reaches every WebSocket of the table, whichever process it is open with;
killing one process (SIGKILL) loses no acknowledged move, and the other carries on: it takes over the dead one's
leases, so the bots and clocks of its tables run again.
"""

from __future__ import annotations

import json
import random
import threading
import time
import warnings

import httpx
import pytest
from websockets.sync.client import connect

from cardtable.server.tables import TableStale

from . import postgres
from .conftest import make_server
from .util import ServerProcess

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
LEASE = "1"  # seconds: a dead process's tables are taken over within about that


@pytest.fixture
def shared_db():
    if postgres.base_address() is None:
        if postgres.required():
            pytest.fail(f"CARDTABLE_REQUIRE_POSTGRES=1 but {postgres.why_not()}")
        pytest.skip(f"several server processes need PostgreSQL: {postgres.why_not()}")
    return postgres.fresh_address()


class Watcher:
    """A WebSocket of one table on one process, read on a thread: the last message it got."""

    def __init__(self, url: str, table_id: str, token: str | None = None):
        self.ws = connect(f"{url.replace('http://', 'ws://')}/api/tables/{table_id}/ws", open_timeout=20)
        if token:
            self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.last: dict = {}
        self.closed = False
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                message = json.loads(text)
                if message.get("type") == "state":
                    self.last = message
        except Exception:
            pass
        self.closed = True

    def actions(self) -> int:
        return int(self.last.get("table", {}).get("actions", -1))

    def close(self) -> None:
        self.ws.close()


def wait_for(pred, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.01)


def seat_message(url: str, table_id: str, token: str | None = None) -> dict:
    r = httpx.get(f"{url}/api/tables/{table_id}", headers={"X-Seat-Token": token} if token else {}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def move(url: str, table_id: str, token: str, rng: random.Random) -> httpx.Response:
    legal = seat_message(url, table_id, token)["legal"]
    return httpx.post(f"{url}/api/tables/{table_id}/actions", json={"action": rng.choice(legal)["action"]},
                      headers={"X-Seat-Token": token}, timeout=10)


def test_a_move_through_either_process_reaches_every_socket_and_both_agree(shared_db):
    rng = random.Random(40)
    with ServerProcess(shared_db, extra=("--lease-seconds", LEASE)) as a, \
            ServerProcess(shared_db, extra=("--lease-seconds", LEASE)) as b:
        r = httpx.post(f"{a.url}/api/tables", json={"game": "mojo", "players": 3, "seed": 5,
                                                    "seats": ["human", "human", "heuristic"]}, timeout=10)
        assert r.status_code == 201, r.text
        table_id = r.json()["table"]["id"]
        # The lobby is one: the table made through A is listed by B at once, and a seat is taken through each.
        assert table_id in [t["id"] for t in httpx.get(f"{b.url}/api/tables", timeout=10).json()] or \
            seat_message(b.url, table_id)["table"]["id"] == table_id
        tokens = {0: httpx.post(f"{a.url}/api/tables/{table_id}/join", json={"seat": 0}, timeout=10).json()["token"],
                  1: httpx.post(f"{b.url}/api/tables/{table_id}/join", json={"seat": 1}, timeout=10).json()["token"]}
        # the same seat cannot be taken twice, through either process
        again = httpx.post(f"{a.url}/api/tables/{table_id}/join", json={"seat": 1}, timeout=10)
        assert again.status_code == 409, again.text
        watchers = [Watcher(a.url, table_id, tokens[0]), Watcher(b.url, table_id, tokens[1]),
                    Watcher(a.url, table_id), Watcher(b.url, table_id)]
        try:
            made = 0
            for _ in range(30):
                url = rng.choice([a.url, b.url])
                message = seat_message(url, table_id)
                player = message["view"]["current_player"]
                if player < 0:
                    break
                if player not in tokens:  # the bot's move: whichever process holds the table makes it
                    wait_for(lambda: seat_message(url, table_id)["view"]["current_player"] != player, "the bot")
                    continue
                r = move(url, table_id, tokens[player], rng)
                if r.status_code == 409 and "meanwhile" in r.text:  # the other process was ahead: try again
                    continue
                assert r.status_code == 200, r.text
                made = r.json()["table"]["actions"]
                # every socket, on either process, hears of the move
                wait_for(lambda: all(w.actions() >= made for w in watchers), f"every socket to see move {made}")
            assert made >= 10
            wait_for(lambda: seat_message(a.url, table_id)["table"]["actions"]
                     == seat_message(b.url, table_id)["table"]["actions"], "both processes to agree")
            for token in (None, tokens[0], tokens[1]):
                ma, mb = seat_message(a.url, table_id, token), seat_message(b.url, table_id, token)
                assert ma["view"] == mb["view"] and ma["legal"] == mb["legal"] and ma["log"] == mb["log"]
        finally:
            for w in watchers:
                w.close()


def test_sigkill_of_one_process_loses_no_acknowledged_move_and_the_other_carries_on(shared_db):
    rng = random.Random(41)
    a = ServerProcess(shared_db, extra=("--lease-seconds", LEASE)).start()
    b = ServerProcess(shared_db, extra=("--lease-seconds", LEASE)).start()
    try:
        # Made through A, so A runs its bot (holds its lease); the player plays through B.
        r = httpx.post(f"{a.url}/api/tables", json={"game": "mojo", "players": 2, "seed": 8,
                                                    "seats": ["human", "heuristic"]}, timeout=10)
        table_id = r.json()["table"]["id"]
        token = httpx.post(f"{b.url}/api/tables/{table_id}/join", json={"seat": 0}, timeout=10).json()["token"]
        watcher = Watcher(b.url, table_id, token)
        acked: list[int] = []

        def play_until(count: int, timeout: float = 30.0) -> None:
            deadline = time.monotonic() + timeout
            while len(acked) < count:
                assert time.monotonic() < deadline, "the game stopped: nobody runs the bot"
                message = seat_message(b.url, table_id, token)
                if message["view"]["current_player"] < 0:
                    return
                if message["view"]["current_player"] != 0:
                    time.sleep(0.01)  # the bot is to move
                    continue
                r = move(b.url, table_id, token, rng)
                if r.status_code == 409 and "meanwhile" in r.text:
                    continue
                assert r.status_code == 200, r.text
                acked.append(r.json()["table"]["actions"])

        play_until(4)  # the bot (in A) answered each move
        a.kill()
        killed_at = max(acked)
        play_until(len(acked) + 4)  # B took over A's lease: the bot moves again, the game goes on
        assert max(acked) > killed_at
        wait_for(lambda: watcher.actions() >= max(acked), "the socket on B to see the last move")
        # Every acknowledged move is stored, and a process started afresh replays the same table.
        c = ServerProcess(shared_db, extra=("--lease-seconds", LEASE)).start()
        try:
            for token_ in (None, token):
                mb, mc = seat_message(b.url, table_id, token_), seat_message(c.url, table_id, token_)
                assert mb["table"]["actions"] == mc["table"]["actions"] >= max(acked)
                assert mb["view"] == mc["view"]
        finally:
            c.stop()
        watcher.close()
    finally:
        a.stop()
        b.stop()


def test_a_second_server_on_the_same_postgresql_catches_up_and_a_stale_move_is_refused(shared_db):
    with TestClient(make_server(shared_db)) as a, TestClient(make_server(shared_db)) as b:
        table_id = a.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"]}).json()["table"]["id"]
        # B has not heard of the table yet, or has: either way it answers for it (the lobby is one)
        tokens = [a.post(f"/api/tables/{table_id}/join", json={"seat": 0}).json()["token"],
                  b.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]]
        manager_b = b.app.state.manager
        for _ in range(6):
            state = a.get(f"/api/tables/{table_id}").json()
            seat = state["view"]["current_player"]
            client = (a, b)[seat]
            legal = client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
            r = client.post(f"/api/tables/{table_id}/actions", json={"action": legal[0]["action"]},
                            headers={"X-Seat-Token": tokens[seat]})
            assert r.status_code == 200, r.text
        table_b = manager_b.get(table_id)
        # B writes from a version it believes current, but A moved on: refused whole, and B catches up
        seat = a.get(f"/api/tables/{table_id}").json()["view"]["current_player"]
        legal = (a, b)[seat].get(f"/api/tables/{table_id}", headers={"X-Seat-Token": tokens[seat]}).json()["legal"]
        r = (a, b)[seat].post(f"/api/tables/{table_id}/actions", json={"action": legal[0]["action"]},
                              headers={"X-Seat-Token": tokens[seat]})
        assert r.status_code == 200

        async def stale_write():
            async with table_b.lock:  # (under the lock: B's own catching up waits)
                manager_b.follow(table_b)
                table_b.version -= 1  # as if B had not heard of the last change
                await manager_b._persist(table_b, manager_b.store.seats_statement(table_id, []))

        with pytest.raises(TableStale):
            b.portal.call(stale_write)
        # refused whole (the seats are as they were), and B has caught up with A
        stored = manager_b.store.load_table(table_id)
        assert len(stored.seats) == 2 and table_b.version == stored.version
        table_a = a.app.state.manager.get(table_id)
        assert table_b.state.digest() == table_a.state.digest() and len(table_b.state.history) == 7
