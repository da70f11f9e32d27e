"""A table of bots only plays while someone watches it, and goes on when someone comes back."""

from __future__ import annotations

import time


def wait_for(predicate, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_bots_only_table_waits_for_a_watcher_and_pauses_without_one(server):
    table_id = server.create(players=2, seats=["random", "random"], options={"target_score": 10**6})
    time.sleep(0.3)
    assert server.fingerprint(table_id)[1] == 0  # nobody watches: no move
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        assert ws.receive_json()["seat"] is None
        wait_for(lambda: server.fingerprint(table_id)[1] >= 5)
    server.settle(table_id)
    paused = server.fingerprint(table_id)
    time.sleep(0.3)
    assert server.fingerprint(table_id) == paused  # the watcher left: the bots wait again
    assert not server.table(table_id).state.is_terminal()


def test_a_table_with_a_human_seat_plays_its_bots_unwatched(server):
    table_id = server.create(players=3, seats=["human", "random", "random"], seed=5)
    token = server.join(table_id, 0)
    state = server.table(table_id).state
    if state.current_player != 0:
        wait_for(lambda: server.table(table_id).state.current_player == 0)
    assert server.state(table_id, token)["legal"]
