"""Rated tables (issue 40, item 3): who may sit at one, ratings changed once when it ends (also across a restart),
bots rated too, and the leaderboard."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.server.ratings import ranks_of

from .accounts_util import browser, sign_up
from .conftest import Server, make_server
from .test_rematch import OPTIONS, play_out


@pytest.fixture
def server(db):
    app = make_server(db)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield Server(app, client, db)


def rated_table(c: TestClient, h: dict[str, str], seats: list[str], status: int = 201, **body) -> str | None:
    r = c.post("/api/tables", json={"game": "mojo", "players": len(seats), "seats": seats, "options": OPTIONS,
                                    "rated": True, **body}, headers=h)
    assert r.status_code == status, r.text
    return r.json()["table"]["id"] if status == 201 else None


def test_ranks_follow_the_returns_and_ties_share_a_rank():
    assert ranks_of([1.0, 0.0]) == [1.0, 2.0]
    assert ranks_of([0.5, 0.5, -1.0]) == [1.0, 1.0, 2.0]


def test_a_rated_table_is_for_distinct_players_with_accounts(server):
    c = server.client
    with browser(c):
        h = sign_up(c, "Ann")
        rated_table(c, h, ["human", "random"], hot_seat=True, status=422)
        rated_table(c, h, ["human", "random", "random"], status=422)
        rated_table(c, h, ["random", "heuristic"], status=422)
        table = rated_table(c, h, ["human", "human"])
        assert c.get(f"/api/tables/{table}").json()["table"]["rated"] is True
        assert c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).status_code == 200
        r = c.post(f"/api/tables/{table}/join", json={"seat": 1}, headers=h)
        assert r.status_code == 409 and "seat 0" in r.json()["error"]
    with browser(c):  # a guest
        r = c.post(f"/api/tables/{table}/join", json={"seat": 1})
        assert r.status_code == 403 and "sign in" in r.json()["error"]


def test_the_end_of_a_rated_table_rates_its_players_once_and_the_leaderboard_shows_them(server, tmp_path):
    c = server.client
    with browser(c):
        h = sign_up(c, "Béla")
        table = rated_table(c, h, ["human", "heuristic"])
        token = c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).json()["token"]
    play_out(server, table, {0: token})  # (an API client with the seat's token, without the session cookie)
    board = c.get("/api/ratings/mojo").json()["players"]
    assert sorted((p["name"], p["kind"], p["games"]) for p in board) == [("Béla", "account", 1),
                                                                        ("heuristic", "bot", 1)]
    returns = server.table(table).state.returns()
    winner = "Béla" if returns[0] > returns[1] else "heuristic"
    assert board[0]["name"] == winner and board[0]["ordinal"] > board[1]["ordinal"]
    ratings = server.app.state.manager.when_finished[0].__self__
    assert server.app.state.manager.tables[table].state.is_terminal()
    import asyncio
    assert asyncio.run(ratings.rate(server.table(table))) is False  # never twice
    assert [p["games"] for p in c.get("/api/ratings/mojo").json()["players"]] == [1, 1]


def test_a_rated_table_that_ended_unrated_is_rated_when_the_server_starts(db):
    app = make_server(db)
    with TestClient(app, raise_server_exceptions=False) as client:
        server = Server(app, client, db)
        app.state.manager.when_finished.clear()  # as if the server died between the last move and its rating
        with browser(client):
            h = sign_up(client, "Csilla")
            table = rated_table(client, h, ["human", "random"])
            token = client.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).json()["token"]
        play_out(server, table, {0: token})
        assert client.get("/api/ratings/mojo").json()["players"] == []
    with TestClient(make_server(db), raise_server_exceptions=False) as again:
        assert sorted(p["name"] for p in again.get("/api/ratings/mojo").json()["players"]) == ["Csilla", "random"]
    with TestClient(make_server(db), raise_server_exceptions=False) as third:  # and only once
        assert [p["games"] for p in third.get("/api/ratings/mojo").json()["players"]] == [1, 1]


def test_the_leaderboard_of_an_unknown_game_is_a_404_with_a_reason(server):
    r = server.client.get("/api/ratings/nosuchgame")
    assert r.status_code == 404 and r.json()["error"]
    assert server.client.get("/api/ratings/mojo?limit=0").status_code == 422
