"""The move clock: validated at creation, per seat a bank and a deadline in every state message, the policy at
expiry (a bot plays the move of a seat whose time ran out, the seat staying its player's; or the seat forfeits),
applied once, also across a restart."""

from __future__ import annotations

import time
import warnings

import pytest
from fastapi.testclient import TestClient

from cardtable.server.clock import Clock

from .conftest import Server, make_server, running

MOJO = {"first_player": 0}


def wait_for(pred, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "it did not happen"
        time.sleep(0.01)


@pytest.mark.parametrize("clock, problem", [
    ({"per_move": 0, "bank": 10}, "clock.per_move"),
    ({"per_move": -5}, "clock.per_move"),
    ({"per_move": 1.5, "bank": 10}, "clock.per_move"),
    ({"per_move": "30", "bank": 10}, "clock.per_move"),
    ({"per_move": 14 * 86400 + 1, "bank": 10}, "clock.per_move"),  # more than two weeks a move
    ({"per_move": 30, "bank": -1}, "clock.bank"),
    ({"per_move": 30, "bank": 10 ** 7}, "clock.bank"),
    ({"per_move": 30, "bank": True}, "clock.bank"),
    ({"bank": 30}, "clock.per_move"),
    ({"per_move": 30, "bonus": 3}, "clock.bonus"),
    ({"per_move": 30, "on_expiry": "resign"}, "clock.on_expiry"),
])
def test_clock_validation(server, clock, problem):
    r = server.client.post("/api/tables", json={"game": "mojo", "clock": clock})
    assert r.status_code == 422, r.text
    assert problem in r.json()["error"]
    assert not server.manager.tables


def test_no_clock_and_clock_before_anyone_sits(server):
    plain = server.create(players=2)
    assert server.state(plain)["clock"] is None
    timed = server.create(players=2, seats=["human", "heuristic"], options=MOJO, clock={"per_move": 20, "bank": 100})
    clock = server.state(timed)["clock"]
    assert clock == {"seat": None, "deadline": None, "per_move": 20, "bank": [100, 100], "policy": "bot",
                     "expired": [0, 0], "forfeited": None}
    token = server.join(timed, 0)  # seat 0 is to act: its period starts when its player sits down
    clock = server.state(timed, token)["clock"]
    assert clock["seat"] == 0 and clock["deadline"] > time.time()
    # the bot's moves are not timed: after seat 0's move the clock is back on seat 0 (or nobody, game over)
    mine = server.state(timed, token)
    server.act(timed, token, mine["legal"][0]["action"])
    server.settle(timed)
    state = server.table(timed).state
    clock = server.state(timed)["clock"]
    assert clock["seat"] == (0 if state.current_player == 0 else None)


def test_expiry_bot_plays_the_move_and_the_seat_stays(db):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        app = make_server(db, sweep_seconds=0.05)
        with TestClient(app) as client:
            server = Server(app, client, db)
            table_id = server.create(players=2, seats=["human", "heuristic"], options=MOJO, takeover_seconds=None,
                                     clock={"per_move": 1, "bank": 0})
            token = server.join(table_id, 0)
            table = server.table(table_id)
            assert table.state.current_player == 0 and not table.state.history
            wait_for(lambda: any(p == 0 for p, _ in server.table(table_id).state.history))  # nobody moved seat 0
            message = server.state(table_id, token)
            assert message["clock"]["expired"][0] >= 1 and message["clock"]["bank"][0] == 0
            assert message["table"]["seats"][0]["takeover"] is None  # one move was played for it, no more
            assert table.seats[0].kind == "human" and not table.seats[0].is_bot
            # the store has the expired clock
            stored = {t.id: t for t in server.manager.store.load_all()}[table_id]
            assert stored.clock["expired"][0] >= 1


def test_clock_resumes_after_restart(db):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        app = make_server(db)
        with TestClient(app) as client:
            server = Server(app, client, db)
            table_id = server.create(players=2, seats=["human", "heuristic"], options=MOJO,
                                     clock={"per_move": 300, "bank": 600})
            token = server.join(table_id, 0)
            server.act(table_id, token, server.state(table_id, token)["legal"][0]["action"])
            server.settle(table_id)
            before = server.state(table_id, token)
        app = make_server(db)
        with TestClient(app) as client:
            server = Server(app, client, db)
            after = server.state(table_id, token)
            assert after["table"]["actions"] == before["table"]["actions"]
            assert after["clock"] == before["clock"]
            assert after["clock"]["per_move"] == 300


def test_bank_pays_for_time_beyond_per_move():
    # a fake clock: times are given, never read
    clock = Clock.new({"per_move": 10, "bank": 30}, 2)
    clock.follow(0, 0, now=1000.0)
    assert (clock.seat, clock.deadline) == (0, 1040.0)
    clock.follow(None, 1, now=1004.0)  # within per_move: the bank stays
    assert clock.bank == [30, 30] and clock.seat is None
    clock.follow(1, 2, now=2000.0)
    clock.follow(1, 2, now=2005.0)  # the same period goes on
    assert clock.started == 2000.0
    clock.follow(0, 3, now=2025.0)  # 15 s beyond per_move
    assert clock.bank == [30, 15] and clock.deadline == 2025.0 + 10 + 30
    assert clock.expire(2064.0) is None
    assert clock.expire(2065.0) == 0 and clock.bank[0] == 0 and clock.expired == [1, 0]
    assert clock.expire(2066.0) == 0 and clock.expired == [1, 0]  # the same period expires once (a restart)
    clock.follow(0, 4, now=2070.0)  # the bot's move: the seat's next move has per_move again, no bank
    assert clock.deadline == 2080.0
    assert Clock.from_json(clock.to_json()) == clock


def test_a_deadline_passed_while_the_server_was_down_expires_after_the_restart(db):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        app = make_server(db)
        with TestClient(app) as client:
            server = Server(app, client, db)
            table_id = server.create(players=2, seats=["human", "heuristic"], options=MOJO, takeover_seconds=None,
                                     clock={"per_move": 1, "bank": 0})
            server.join(table_id, 0)
            assert not server.table(table_id).state.history
        # (the sweep of this first server ran every second; whether it got to expire the period does not matter)
        app = make_server(db, sweep_seconds=0.05)
        with TestClient(app) as client:
            server = Server(app, client, db)
            wait_for(lambda: any(p == 0 for p, _ in server.table(table_id).state.history))
            assert server.state(table_id)["clock"]["expired"][0] >= 1


def forfeit_table(server: Server) -> tuple[str, dict[int, str]]:
    table_id = server.create(players=2, seats=["human", "human"], options=MOJO, takeover_seconds=None,
                             clock={"per_move": 1, "bank": 0, "on_expiry": "forfeit"})
    return table_id, {0: server.join(table_id, 0), 1: server.join(table_id, 1)}


def test_on_expiry_forfeit_ends_the_game_the_seat_loses_and_nothing_more_is_played(db):
    with running(db, strict=True, sweep_seconds=0.05) as server:
        table_id, tokens = forfeit_table(server)
        assert server.state(table_id)["clock"]["policy"] == "forfeit"
        wait_for(lambda: server.table(table_id).forfeited is not None)
        message = server.state(table_id, tokens[1])
        assert message["forfeit"] == 0 and message["returns"] == [0.0, 1.0] and message["end_rule"] is None
        assert message["table"]["status"] == "finished" and message["clock"]["forfeited"] == 0
        assert message["clock"]["seat"] is None and message["clock"]["expired"] == [1, 0]
        assert not server.table(table_id).state.history  # no bot moved for seat 0
        legal_before = server.table(table_id).state.legal_actions()
        r = server.act(table_id, tokens[0], legal_before[0].to_json())
        assert r.status_code == 409 and "forfeited" in r.json()["error"]
        assert not server.table(table_id).state.history
        assert server.undo(table_id, tokens[0]).status_code == 409
        assert server.client.get(f"/api/tables/{table_id}/record").status_code == 200  # it is over: its record
        assert server.client.get(f"/api/tables/{table_id}/rematch").json()["available"] is True
        time.sleep(0.2)  # more sweeps: the forfeit was applied once
        assert server.state(table_id)["clock"]["expired"] == [1, 0]
        stored = {t.id: t for t in server.manager.store.load_all()}[table_id]
        assert stored.clock["forfeited"] == 0


def test_a_forfeit_due_while_the_server_was_down_is_applied_once_after_the_restart(db):
    with running(db, strict=True, sweep_seconds=3600) as server:  # it never sweeps: the deadline passes meanwhile
        table_id, tokens = forfeit_table(server)
    time.sleep(1.1)
    for _ in range(2):  # two restarts: the forfeit is applied by the first, the second finds it done
        with running(db, strict=True, sweep_seconds=0.05) as server:
            wait_for(lambda: server.table(table_id).forfeited == 0)
            time.sleep(0.15)
            assert server.state(table_id)["clock"]["expired"] == [1, 0]
            assert server.state(table_id)["returns"] == [0.0, 1.0]
