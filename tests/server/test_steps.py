"""GET /api/tables/{id}/steps/{n}: a finished game after n actions, as a seat or a spectator saw it (the web
table's replay bar). Only once the game is over, and only through the per-player view."""

from __future__ import annotations

import orjson
import pytest

from cardtable.engine import read_records

from .test_api import SHORT, play_out


@pytest.fixture
def finished(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=11, options=SHORT)
    tokens = {0: server.join(table_id, 0), 1: server.join(table_id, 1)}
    actions = play_out(server, table_id, tokens)
    record = read_records(server.client.get(f"/api/tables/{table_id}/record").text.splitlines())[0]
    return table_id, actions, record


def _step(server, table_id, step, seat=None):
    return server.client.get(f"/api/tables/{table_id}/steps/{step}", params={} if seat is None else {"seat": seat})


@pytest.mark.parametrize("seat", [0, 1, None])
def test_each_step_is_the_view_of_that_moment(server, finished, seat):
    table_id, actions, record = finished
    for step in sorted({0, 1, 5, actions // 2, 63, 64, 65, 130, actions - 1, actions} & set(range(actions + 1))):
        r = _step(server, table_id, step, seat)
        assert r.status_code == 200, r.text
        body = r.json()
        expected = record.replay(upto=step)
        # the view as the game gives it, through the same JSON encoder as the live messages
        assert body["view"] == orjson.loads(orjson.dumps(expected.view(seat)))
        assert (body["type"], body["seat"], body["step"], body["steps"]) == ("step", seat, step, actions)
        assert body["legal"] == [] and body["returns"] is None and body["undo"] is False
        assert body["next"] == (record.actions[step][0] if step < actions else None)
        assert body["log_size"] == step
        assert [e["n"] for e in body["log"]] == list(range(max(0, step - 60), step))


def test_stepping_back_and_forth_gives_the_same_views(server, finished, monkeypatch):
    """Steps are served from kept states (every REPLAY_EVERY actions; 4 here, so that this short game crosses
    many): the order they are asked in changes nothing, and each is the record's replay to that step."""
    monkeypatch.setattr("cardtable.server.tables.REPLAY_EVERY", 4)
    table_id, actions, record = finished
    assert actions > 20
    steps = [actions, 3, 9, 8, 4, 0, 13, actions - 1, 12, 5]
    first = {n: _step(server, table_id, n, 0).json()["view"] for n in steps}
    assert server.table(table_id)._steps.kept() == list(range(0, actions, 4))
    again = {n: _step(server, table_id, n, 0).json()["view"] for n in reversed(steps)}
    assert first == again
    for n in steps:
        assert first[n] == orjson.loads(orjson.dumps(record.replay(upto=n).view(0)))


def test_the_last_step_is_the_final_position(server, finished):
    table_id, actions, _ = finished
    body = _step(server, table_id, actions, 1).json()
    assert body["view"] == orjson.loads(orjson.dumps(server.table(table_id).state.view(1)))


def test_steps_of_a_running_game_are_refused_and_nothing_changes(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=3, options=SHORT)
    before = server.fingerprint(table_id)
    r = _step(server, table_id, 0)
    assert r.status_code == 409 and "still running" in r.json()["error"]
    assert server.fingerprint(table_id) == before


@pytest.mark.parametrize("path, params, status, reason", [
    ("{id}/steps/-1", {}, 400, "choose a step from 0 to"),
    ("{id}/steps/100000", {}, 400, "choose a step from 0 to"),
    ("{id}/steps/2", {"seat": 2}, 400, "choose a seat from 0 to 1"),
    ("{id}/steps/2", {"seat": -1}, 400, "choose a seat from 0 to 1"),
    ("{id}/steps/two", {}, 422, None),
    ("{id}/steps/2", {"seat": "x"}, 422, None),
    ("nosuchtable/steps/2", {}, 404, None),
])
def test_bad_steps_get_a_4xx_with_a_reason(server, finished, path, params, status, reason):
    table_id, _, _ = finished
    before = server.fingerprint(table_id)
    r = server.client.get("/api/tables/" + path.format(id=table_id), params=params)
    assert r.status_code == status, r.text
    body = r.json()
    assert body.get("error") or body.get("detail")
    if reason:
        assert reason in body["error"]
    assert server.fingerprint(table_id) == before


def test_a_step_holds_no_other_hand(server, finished):
    """Seat 0's step shows seat 0's hand and only the size of seat 1's, as the live table did."""
    table_id, actions, record = finished
    step = actions // 2
    body = _step(server, table_id, step, 0).json()
    other_hand = record.replay(upto=step).view(1)["seats"][1]["hand"]
    assert body["view"]["seats"][1].get("hand") is None
    assert body["view"]["seats"][1]["hand_size"] == len(other_hand)


def test_only_the_tables_stepped_through_last_keep_their_states(server, monkeypatch):
    monkeypatch.setattr("cardtable.server.manager.STEPPED_TABLES", 2)
    tables = []
    for seed in (11, 12, 13):
        table_id = server.create(players=2, seats=["human", "human"], seed=seed, options=SHORT)
        play_out(server, table_id, {0: server.join(table_id, 0), 1: server.join(table_id, 1)})
        tables.append(table_id)
    for table_id in tables:
        assert _step(server, table_id, 5).status_code == 200
    assert [server.table(t)._steps is not None for t in tables] == [False, True, True]
    assert _step(server, tables[0], 6, 1).status_code == 200  # the first one again: it replays, the second forgets
    assert [server.table(t)._steps is not None for t in tables] == [True, False, True]
