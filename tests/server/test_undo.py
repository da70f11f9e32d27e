"""Undo policy (Board Game Arena's): only your own last action, only an equal play in Mojo (it keeps the
turn and draws nothing), only when every other seat is a bot or the table is hot-seat."""

from __future__ import annotations

import warnings

import pytest
from fastapi.testclient import TestClient

from .conftest import make_server
from .util import first_hand_plays, find_seed, recv

FIRST = {"first_player": 0}


def seed_with(players: int, *kinds: str) -> int:
    """A seed where seat 0 starts and holds a card of each wanted kind (lower / equal / higher than the pile)."""
    return find_seed(lambda s: all(first_hand_plays(s)[k] for k in kinds), players=players, options=FIRST)


def card(server, table_id: str, kind: str) -> int:
    return first_hand_plays(server.table(table_id).state)[kind][0]


@pytest.mark.parametrize("seats", [["human", "heuristic"], ["human", "random", "heuristic"]])
def test_undo_an_equal_play_against_bots(server, seats):
    seed = seed_with(len(seats), "equal")
    table_id = server.create(players=len(seats), seats=seats, seed=seed, options=FIRST)
    token = server.join(table_id, 0)
    start = server.fingerprint(table_id)
    r = server.act(table_id, token, {"type": "play", "card": card(server, table_id, "equal")})
    assert r.status_code == 200 and r.json()["undo"] is True
    assert r.json()["view"]["pending"]["replay"] is True
    assert server.state(table_id)["undo"] is False  # a spectator cannot undo
    u = server.undo(table_id, token)
    assert u.status_code == 200, u.text
    assert server.fingerprint(table_id) == start  # exactly the state before the play
    assert u.json()["table"]["actions"] == 0 and u.json()["undo"] is False
    again = server.undo(table_id, token)  # nothing left to take back
    assert again.status_code == 409 and "error" in again.json()
    assert server.fingerprint(table_id) == start


def test_undo_is_durable(db):
    """The truncated actions stay gone after a restart on the same database."""
    seed = seed_with(2, "equal")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(make_server(db)) as client:
            table_id = client.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "heuristic"],
                                                        "seed": seed, "options": FIRST}).json()["table"]["id"]
            token = client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).json()["token"]
            state = client.app.state.manager.tables[table_id].state
            start = state.digest()
            eq = first_hand_plays(state)["equal"][0]
            client.post(f"/api/tables/{table_id}/actions", json={"action": {"type": "play", "card": eq}},
                        headers={"X-Seat-Token": token})
            assert client.post(f"/api/tables/{table_id}/undo", headers={"X-Seat-Token": token}).status_code == 200
        with TestClient(make_server(db)) as client:
            state = client.app.state.manager.tables[table_id].state
            assert state.digest() == start and state.history == []


def test_undo_over_websocket(server):
    seed = seed_with(2, "equal")
    table_id = server.create(players=2, seats=["human", "heuristic"], seed=seed, options=FIRST)
    token = server.join(table_id, 0)
    start = server.fingerprint(table_id)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        assert recv(ws)["undo"] is False
        ws.send_json({"type": "action", "action": {"type": "play", "card": card(server, table_id, "equal")}})
        assert recv(ws)["undo"] is True
        ws.send_json({"type": "undo"})
        message = recv(ws)
        assert message["type"] == "state" and message["table"]["actions"] == 0
        assert server.fingerprint(table_id) == start
        ws.send_json({"type": "undo"})
        error = recv(ws)
        assert error["type"] == "error" and error["status"] == 409
    assert server.fingerprint(table_id) == start


@pytest.mark.parametrize("kind", ["lower", "higher"])
def test_no_undo_after_a_lower_or_higher_play(server, kind):
    seed = seed_with(2, kind)
    table_id = server.create(players=2, seats=["human", "heuristic"], seed=seed, options=FIRST)
    token = server.join(table_id, 0)
    r = server.act(table_id, token, {"type": "play", "card": card(server, table_id, kind)})
    assert r.status_code == 200 and r.json()["undo"] is False
    server.settle(table_id)
    before = server.fingerprint(table_id)
    u = server.undo(table_id, token)
    assert u.status_code == 409 and "error" in u.json()
    assert server.fingerprint(table_id) == before


def test_no_undo_after_another_players_action(server):
    """Equal play, then stop: the bot moves; seat 0's own actions are behind the bot's."""
    seed = seed_with(2, "equal")
    table_id = server.create(players=2, seats=["human", "heuristic"], seed=seed, options=FIRST)
    token = server.join(table_id, 0)
    assert server.act(table_id, token, {"type": "play", "card": card(server, table_id, "equal")}).status_code == 200
    r = server.act(table_id, token, {"type": "stop"})
    assert r.status_code == 200
    server.settle(table_id)
    state = server.table(table_id).state
    if state.is_terminal():
        pytest.skip("the game ended")
    assert state.history[-1][0] == 1  # the bot acted last
    before = server.fingerprint(table_id)
    u = server.undo(table_id, token)
    assert u.status_code == 409
    assert server.fingerprint(table_id) == before
    # nor can the stop be taken back before the bot moved: it ended the turn
    assert server.state(table_id, token)["undo"] is False


def test_no_undo_with_another_human(server):
    seed = seed_with(2, "equal")
    table_id = server.create(players=2, seats=["human", "human"], seed=seed, options=FIRST)
    t0 = server.join(table_id, 0)
    t1 = server.join(table_id, 1)
    r = server.act(table_id, t0, {"type": "play", "card": card(server, table_id, "equal")})
    assert r.status_code == 200 and r.json()["undo"] is False
    server.settle(table_id)
    before = server.fingerprint(table_id)
    for token in (t0, t1):
        u = server.undo(table_id, token)
        assert u.status_code == 409
        assert server.fingerprint(table_id) == before


def test_no_undo_with_an_unjoined_human_seat(server):
    seed = seed_with(3, "equal")
    table_id = server.create(players=3, seats=["human", "heuristic", "human"], seed=seed, options=FIRST)
    t0 = server.join(table_id, 0)
    assert server.act(table_id, t0, {"type": "play", "card": card(server, table_id, "equal")}).status_code == 200
    before = server.fingerprint(table_id)
    assert server.undo(table_id, t0).status_code == 409
    assert server.fingerprint(table_id) == before


def test_hot_seat_allows_undo_with_other_humans(server):
    seed = seed_with(2, "equal")
    table_id = server.create(players=2, seats=["human", "human"], seed=seed, options=FIRST, hot_seat=True)
    t0 = server.join(table_id, 0)
    t1 = server.join(table_id, 1)
    start = server.fingerprint(table_id)
    r = server.act(table_id, t0, {"type": "play", "card": card(server, table_id, "equal")})
    assert r.json()["undo"] is True
    assert server.undo(table_id, t1).status_code == 409  # only the seat that acted
    assert server.fingerprint(table_id)[1] == 1
    assert server.undo(table_id, t0).status_code == 200
    assert server.fingerprint(table_id) == start
