"""Who may watch a table and how late (issue 40, item 4): players-only and accounts-only tables refuse other
watchers on every surface (state, socket, steps, record), a spectator delay shows the game late while it runs,
and only the table's owner changes it."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from .accounts_util import browser, sign_up
from .conftest import Server, make_server
from .util import recv
from .test_rematch import OPTIONS, play_out


def play_as_players(server: Server, table: str, tokens: dict[int, str]) -> None:
    """Play the first legal move of the seat to act until the end, looking only through the players' tokens."""
    for _ in range(5000):
        server.settle(table)
        state = server.table(table).state
        if state.is_terminal():
            return
        token = tokens.get(state.current_player)
        if token is not None:
            legal = server.state(table, token)["legal"]
            if legal:
                assert server.act(table, token, legal[0]["action"]).status_code == 200
    raise AssertionError("the game did not end")


def owned_table(c: TestClient, headers: dict[str, str]) -> str:
    """A Mojo table (a player against a bot) made by the signed-in account whose CSRF headers are given."""
    r = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "heuristic"], "options": OPTIONS},
               headers=headers)
    assert r.status_code == 201, r.text
    return str(r.json()["table"]["id"])


@pytest.fixture
def server(db):
    app = make_server(db)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield Server(app, client, db)


def test_a_players_only_table_shows_nothing_to_anyone_else_on_any_surface(server):
    table = server.create(players=2, seats=["human", "heuristic"], options=OPTIONS, watchers="players")
    token = server.join(table, 0)
    c = server.client
    r = c.get(f"/api/tables/{table}")
    assert r.status_code == 403 and "players" in r.json()["error"]
    assert server.state(table, token)["seat"] == 0
    with c.websocket_connect(f"/api/tables/{table}/ws") as ws:  # a spectator's socket gets nothing, then is closed
        ws.send_json({"type": "hello"})
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    with c.websocket_connect(f"/api/tables/{table}/ws") as ws:  # the player's hello works as before
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["seat"] == 0
    play_as_players(server, table, {0: token})
    assert c.get(f"/api/tables/{table}/steps/1").status_code == 403
    assert c.get(f"/api/tables/{table}/record").status_code == 403
    assert c.get(f"/api/tables/{table}/steps/1", headers={"X-Seat-Token": token}).status_code == 200
    assert c.get(f"/api/tables/{table}/record", headers={"X-Seat-Token": token}).status_code == 200
    assert c.get("/api/tables?status=finished").json()[0]["watchers"] == "players"  # the lobby says so


def test_an_accounts_only_table_is_watched_by_the_signed_in(server):
    c = server.client
    table = server.create(players=2, seats=["human", "heuristic"], options=OPTIONS, watchers="accounts")
    r = c.get(f"/api/tables/{table}")
    assert r.status_code == 403 and "sign in" in r.json()["error"]
    with browser(c):
        sign_up(c, "Gizi")
        assert c.get(f"/api/tables/{table}").json()["seat"] is None


def test_spectators_see_the_running_game_late_and_the_players_the_present(server):
    c = server.client
    table = server.create(players=2, seats=["human", "human"], options=OPTIONS, spectator_delay=3)
    tokens = {0: server.join(table, 0), 1: server.join(table, 1)}
    for _ in range(5):
        live = server.table(table).state
        if live.is_terminal():
            break
        seat = live.current_player
        legal = server.state(table, tokens[seat])["legal"]
        assert server.act(table, tokens[seat], legal[0]["action"]).status_code == 200
    n = len(server.table(table).state.history)
    if not server.table(table).state.is_terminal():
        watcher = c.get(f"/api/tables/{table}").json()
        assert watcher["log_size"] == max(0, n - 3) and watcher["delayed"] == n - max(0, n - 3)
        assert watcher["clock"] is None and watcher["legal"] == []
        assert server.state(table, tokens[0])["log_size"] == n  # a player sees the present
    play_out(server, table, tokens)
    done = c.get(f"/api/tables/{table}").json()
    assert done["log_size"] == len(server.table(table).state.history) and "delayed" not in done  # over: no delay


def test_only_the_owner_changes_who_watches(server):
    c = server.client
    with browser(c):
        h = sign_up(c, "Hedi")
        table = owned_table(c, h)
        assert c.put(f"/api/tables/{table}/watching", json={"watchers": "players"}).status_code == 403  # CSRF
        r = c.put(f"/api/tables/{table}/watching", json={"watchers": "players", "spectator_delay": 2}, headers=h)
        assert r.status_code == 200 and r.json() == {"watchers": "players", "spectator_delay": 2}
    with browser(c):
        h = sign_up(c, "Ibolya")
        assert c.put(f"/api/tables/{table}/watching", json={"watchers": "anyone"}, headers=h).status_code == 403
        assert c.put(f"/api/tables/{table}/watching", json={"watchers": "nobody"}, headers=h).status_code == 422
    assert c.get(f"/api/tables/{table}").status_code == 403  # the owner's change holds
    assert c.get("/api/tables").json()[0]["spectator_delay"] == 2


def test_a_refused_spectator_that_says_nothing_is_closed_with_the_reason(server):
    table = server.create(players=2, seats=["human", "heuristic"], options=OPTIONS, watchers="players")
    with server.client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()  # no state ever comes; after HELLO_WAIT the socket is closed
        assert closed.value.code == 4403 and "players" in (closed.value.reason or "")


def test_an_open_spectator_is_closed_when_the_owner_keeps_the_table_to_its_players(server):
    c = server.client
    with browser(c):
        h = sign_up(c, "Jolán")
        table = owned_table(c, h)
        token = c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).json()["token"]
        with c.websocket_connect(f"/api/tables/{table}/ws") as spectator, \
                c.websocket_connect(f"/api/tables/{table}/ws") as player:
            player.send_json({"type": "hello", "token": token})
            assert spectator.receive_json()["seat"] is None
            while player.receive_json()["seat"] != 0:  # (a spectator's message first, until its hello is read)
                pass
            assert c.put(f"/api/tables/{table}/watching", json={"watchers": "accounts"}, headers=h).status_code == 200
            spectator.send_json({"type": "ping"})  # (the spectator's socket carries the session cookie: it stays)
            assert spectator.receive_json()["type"] in ("state", "pong")
            with browser(c):  # a guest watching too
                with c.websocket_connect(f"/api/tables/{table}/ws") as guest:
                    guest.send_json({"type": "hello"})
                    with pytest.raises(WebSocketDisconnect):
                        guest.receive_json()
            assert c.put(f"/api/tables/{table}/watching", json={"watchers": "players"}, headers=h).status_code == 200
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(5):
                    recv(spectator, 5.0)  # (a socket left open would time out here: the test fails, never hangs)
            assert closed.value.code == 4403 and "players" in (closed.value.reason or "")
            player.send_json({"type": "ping"})  # the player's socket stays open
            while (message := player.receive_json())["type"] != "pong":
                assert message["type"] == "state"
