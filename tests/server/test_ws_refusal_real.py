"""Over a real uvicorn server a refused websocket gets its close code and reason (4404, 4403), which the web table
acts on; refused before the handshake, a client would see only a bare HTTP 403 (found by an audit)."""

from __future__ import annotations

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .util import ServerProcess


def close_of(url: str):
    with connect(url, open_timeout=10) as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    return closed.value.rcvd.code, closed.value.rcvd.reason


def test_refusals_arrive_with_their_code_and_reason(db):
    with ServerProcess(db) as server:
        ws_url = server.url.replace("http://", "ws://")
        table = httpx.post(server.url + "/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "random"]},
                           timeout=10).json()["table"]["id"]
        code, reason = close_of(f"{ws_url}/api/tables/000000000000/ws")
        assert code == 4404 and "no table" in reason
        code, reason = close_of(f"{ws_url}/api/tables/{table}/ws?token=forged")
        assert code == 4403 and "token" in reason
        with connect(f"{ws_url}/api/tables/{table}/ws", open_timeout=10) as ws:  # a spectator is let in
            assert '"state"' in ws.recv(timeout=10)
