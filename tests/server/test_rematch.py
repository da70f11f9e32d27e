"""Rematch: POST /api/tables/{id}/rematch makes, once, a new table of the same game, players, options, settings and
seat kinds with a new seed; the caller takes their own seat, the other human seats are free (the old table's
message names the new table); it survives a restart. And ``end_rule`` in a finished game's message."""

from __future__ import annotations

import time
import warnings

from fastapi.testclient import TestClient

from .conftest import Server, make_server

OPTIONS = {"target_score": 1, "first_player": 0}


def play_out(server: Server, table_id: str, tokens: dict[int, str], limit: int = 5000) -> dict:
    """Play the first legal move of whichever joined seat is to act until the game ends."""
    for _ in range(limit):
        server.settle(table_id)
        message = server.state(table_id)
        if message["table"]["status"] == "finished":
            return message
        seat = server.table(table_id).state.current_player
        if seat in tokens:
            mine = server.state(table_id, tokens[seat])
            if mine["legal"]:
                assert server.act(table_id, tokens[seat], mine["legal"][0]["action"]).status_code == 200
                continue
        time.sleep(0.002)
    raise AssertionError("the game did not end")


def rematch(server: Server, table_id: str, token: str | None):
    return server.client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": token} if token else {})


def finished_table(server: Server, seats=("human", "human", "heuristic"), **body) -> tuple[str, dict[int, str]]:
    table_id = server.create(players=len(seats), seats=list(seats), options=OPTIONS, **body)
    tokens = {i: server.join(table_id, i) for i, k in enumerate(seats) if k == "human"}
    play_out(server, table_id, tokens)
    return table_id, tokens


def test_end_rule_in_finished_message(server):
    table_id = server.create(players=2, seats=["human", "heuristic"], options=OPTIONS)
    assert server.state(table_id)["end_rule"] is None
    tokens = {0: server.join(table_id, 0)}
    message = play_out(server, table_id, tokens)
    assert message["end_rule"] == server.table(table_id).state.end_rule()
    assert message["end_rule"].startswith("MOJO-")


def test_rematch_same_seats_new_seed_idempotent(server):
    table_id, tokens = finished_table(server, takeover_seconds=None, hot_seat=False)
    old = server.table(table_id)
    assert server.state(table_id)["rematch"] is None

    r = rematch(server, table_id, tokens[1])
    assert r.status_code == 200, r.text
    answer = r.json()
    new_id = answer["table_id"]
    assert new_id != table_id and answer["seat"] == 1 and answer["url"] == f"/table/{new_id}?seat=1"
    new = server.table(new_id)
    assert new.game.info.name == "mojo" and new.game.num_players == 3
    assert new.game.options == old.game.options
    assert [s.kind for s in new.seats] == ["human", "human", "heuristic"]
    assert new.state.seed != old.state.seed
    assert new.settings["takeover_seconds"] is None and new.settings["rematch_of"] == table_id
    listed = {t["id"]: t for t in server.client.get("/api/tables?status=open").json()}
    assert listed[new_id]["rematch_of"] == table_id and listed[new_id]["clock"] is None
    assert server.state(new_id)["table"]["rematch_of"] == table_id

    # the caller holds seat 1 of the new table; seat 0 is free for its player
    mine = server.state(new_id, answer["token"])
    assert mine["seat"] == 1
    assert [s["taken"] for s in mine["table"]["seats"]] == [False, True, True]
    # the old table's messages name the new table, for everyone
    assert server.state(table_id)["rematch"] == {"table_id": new_id}
    assert server.state(table_id, tokens[0])["rematch"] == {"table_id": new_id}

    # idempotent: the same caller again gets the same seat and token, another seat the same table and its own seat
    again = rematch(server, table_id, tokens[1]).json()
    assert again == answer
    other = rematch(server, table_id, tokens[0]).json()
    assert other["table_id"] == new_id and other["seat"] == 0 and other["token"] != answer["token"]
    assert server.state(new_id, other["token"])["seat"] == 0
    assert len([t for t in server.manager.tables.values() if t.settings.get("rematch_of") == table_id]) == 1


def test_rematch_refusals(server):
    running = server.create(players=2, seats=["human", "heuristic"], options=OPTIONS)
    token = server.join(running, 0)
    assert rematch(server, running, token).status_code == 409  # the game is still on
    assert rematch(server, "nosuchtable", token).status_code == 404
    table_id, tokens = finished_table(server)
    assert rematch(server, table_id, None).status_code == 401
    assert rematch(server, table_id, "not-a-token").status_code == 403
    assert rematch(server, table_id, token).status_code == 403  # another table's token
    assert server.state(table_id)["rematch"] is None  # nothing was made
    # a seat of the rematch taken by someone else through join: its player is told
    new_id = rematch(server, table_id, tokens[1]).json()["table_id"]
    server.join(new_id, 0)
    assert rematch(server, table_id, tokens[0]).status_code == 409


def test_rematch_survives_restart(db):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        app = make_server(db)
        with TestClient(app) as client:
            server = Server(app, client, db)
            table_id, tokens = finished_table(server, seats=("human", "human"), clock={"per_move": 30, "bank": 60})
            answer = rematch(server, table_id, tokens[0]).json()
        app = make_server(db)
        with TestClient(app) as client:
            server = Server(app, client, db)
            assert server.state(table_id)["rematch"] == {"table_id": answer["table_id"]}
            # the same caller after the restart: the same table and seat
            assert rematch(server, table_id, tokens[0]).json() == answer
            new = server.table(answer["table_id"])
            assert new.settings["clock"] == {"per_move": 30, "bank": 60, "on_expiry": "bot"}
            assert server.state(answer["table_id"], answer["token"])["seat"] == 0
            second = rematch(server, table_id, tokens[1]).json()
            assert second["table_id"] == answer["table_id"] and second["seat"] == 1


def test_get_rematch_says_whether_there_is_one(server):
    table_id, tokens = finished_table(server, seats=("human", "heuristic"))
    assert server.client.get(f"/api/tables/{table_id}/rematch").json() == {"table_id": None, "available": True}
    new_id = rematch(server, table_id, tokens[0]).json()["table_id"]
    assert server.client.get(f"/api/tables/{table_id}/rematch").json() == {"table_id": new_id, "available": True}
    assert server.client.get(f"/api/tables/{new_id}/rematch").json() == {"table_id": None, "available": False}
    assert server.client.get("/api/tables/nosuch/rematch").status_code == 404
