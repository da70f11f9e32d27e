"""A seat's token may come in the first WebSocket message instead of the URL."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect


def test_hello_turns_a_spectator_connection_into_the_seat(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=3)
    tokens = [server.join(table_id, 0), server.join(table_id, 1)]
    table = server.table(table_id)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        welcome = ws.receive_json()
        assert welcome["seat"] is None and welcome["view"] == table.state.view(None)
        mover = table.state.current_player
        ws.send_json({"type": "hello", "token": tokens[mover]})
        mine = ws.receive_json()
        assert mine["seat"] == mover and mine["view"] == table.state.view(mover) and mine["legal"]
        assert table.seats[mover].connections == 1
        before = server.fingerprint(table_id)
        ws.send_json({"type": "action", "action": mine["legal"][0]["action"]})
        after = ws.receive_json()
        assert after["table"]["actions"] == 1 and server.fingerprint(table_id) != before
        ws.send_json({"type": "hello", "token": tokens[1 - mover]})
        again = ws.receive_json()
        assert again["type"] == "error" and again["status"] == 409
    assert table.seats[mover].connections == 0


@pytest.mark.parametrize("token", ["forged", None])
def test_hello_with_a_bad_token_closes_like_a_bad_url_token(server, token):
    table_id = server.create(players=2, seats=["human", "human"], seed=3)
    server.join(table_id, 0)
    before = server.fingerprint(table_id)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "token": token})
        if token is None:  # no token: stays a spectator, and may not act
            assert ws.receive_json()["seat"] is None
            ws.send_json({"type": "action", "action": {"type": "stop"}})
            error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 401
        else:
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
    assert server.fingerprint(table_id) == before


def test_hello_token_must_be_a_string(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=3)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "hello", "token": 12})
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 400
