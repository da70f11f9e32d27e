"""A human who leaves is replaced by a bot after the table's takeover time; coming back takes the seat back."""

from __future__ import annotations

import time
import warnings

from fastapi.testclient import TestClient

from .conftest import Server, make_server
from .util import recv


def wait_for(pred, timeout: float = 5.0, step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = pred()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("condition not met in time")


def test_takeover_and_take_back(db):
    app = make_server(db, sweep_seconds=0.1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app) as client:
            server = Server(app, client, db)
            # two humans: after seat 0's turn is played by the bot, the game waits for seat 1
            table_id = server.create(players=2, seats=["human", "human"], seed=4,
                                     options={"first_player": 0}, takeover_seconds=0.5)
            t0 = server.join(table_id, 0)
            t1 = server.join(table_id, 1)
            with client.websocket_connect(f"/api/tables/{table_id}/ws?token={t0}") as ws:
                message = recv(ws)
                assert message["legal"] and message["table"]["seats"][0]["connected"] is True
            left = time.monotonic()
            assert server.state(table_id)["table"]["seats"][0]["connected"] is False
            time.sleep(0.2)  # before the timeout nobody plays for seat 0
            count, seat0 = server.fingerprint(table_id)[1], server.state(table_id)["table"]["seats"][0]
            if time.monotonic() - left < 0.45:  # (a stalled test machine may have slept past the timeout)
                assert count == 0 and seat0["takeover"] is None

            summary = wait_for(lambda: (s := server.state(table_id)["table"])["actions"] > 0 and s)
            assert time.monotonic() - left >= 0.5
            assert summary["seats"][0]["takeover"] == "heuristic" and summary["seats"][0]["kind"] == "human"
            assert summary["seats"][1]["takeover"] is None
            state = server.table(table_id).state
            assert all(p == 0 for p, _ in state.history) and state.current_player == 1
            assert server.state(table_id, t0)["legal"] == []  # a bot holds the seat
            assert server.table(table_id).seats[0].is_bot

            # seat 1 plays; the bot answers for seat 0 until it is seat 1's turn again
            mine = server.state(table_id, t1)
            count = mine["table"]["actions"]
            r = server.act(table_id, t1, mine["legal"][0]["action"])
            assert r.status_code == 200
            wait_for(lambda: server.table(table_id).state.current_player in (1, -1))
            assert server.fingerprint(table_id)[1] > count + 1 or server.table(table_id).state.is_terminal()

            # coming back with the token takes the seat back
            with client.websocket_connect(f"/api/tables/{table_id}/ws?token={t0}") as ws:
                message = recv(ws)
                while message["table"]["seats"][0]["takeover"] is not None:
                    message = recv(ws)
                assert message["table"]["seats"][0]["connected"] is True
                assert server.table(table_id).seats[0].takeover is None
                # the store knows too
                stored = {t.id: t for t in server.manager.store.load_all()}[table_id]
                assert stored.seats[0]["takeover"] is None
            # the takeover clock starts again; nothing is taken over while seat 0's turn has not come
            assert server.state(table_id)["table"]["seats"][0]["takeover"] in (None, "heuristic")


def test_no_takeover_when_disabled_or_still_connected(db):
    app = make_server(db, sweep_seconds=0.05)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app) as client:
            server = Server(app, client, db)
            never = server.create(players=2, seats=["human", "heuristic"], options={"first_player": 0},
                                  takeover_seconds=None)
            stays = server.create(players=2, seats=["human", "heuristic"], options={"first_player": 0},
                                  takeover_seconds=0.1)
            tn = server.join(never, 0)
            ts = server.join(stays, 0)
            with client.websocket_connect(f"/api/tables/{never}/ws?token={tn}") as ws:
                recv(ws)
            with client.websocket_connect(f"/api/tables/{stays}/ws?token={ts}") as ws:
                recv(ws)
                time.sleep(0.4)
                assert server.fingerprint(stays)[1] == 0
                assert server.state(stays)["table"]["seats"][0]["takeover"] is None
            assert server.fingerprint(never)[1] == 0
            assert server.state(never)["table"]["seats"][0]["takeover"] is None
