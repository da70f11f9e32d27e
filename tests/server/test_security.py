"""Who may act, and what each seat is told.

Every refused request is checked against the table's whole-state digest and action count. Full games
are played over WebSockets and every message any seat (or a spectator) received is compared with that
seat's view at the message's action count, rebuilt from the record the server hands out at the end.
"""

from __future__ import annotations

import json
import random

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import everything_stored, raw_sql
from .util import Replay, recv, recv_until


def two_humans(server, **extra) -> tuple[str, dict[int, str]]:
    table_id = server.create(players=2, seats=["human", "human"], seed=5, options={"first_player": 0}, **extra)
    return table_id, {0: server.join(table_id, 0), 1: server.join(table_id, 1)}


def a_card_of(server, table_id: str, seat: int) -> int:
    return server.table(table_id).state.view(seat)["seats"][seat]["hand"][0]


def test_another_seats_token_is_refused_with_the_turn_rule(server):
    table_id, tokens = two_humans(server)
    before = server.fingerprint(table_id)
    r = server.act(table_id, tokens[1], {"type": "play", "card": a_card_of(server, table_id, 1)})
    assert r.status_code == 409
    assert r.json()["rule"] == "MOJO-3.6" and "error" in r.json()
    assert server.fingerprint(table_id) == before


def test_forged_missing_and_foreign_tokens(server):
    table_id, tokens = two_humans(server)
    other_id, other_tokens = two_humans(server)
    card = a_card_of(server, table_id, 0)
    before = server.fingerprint(table_id)
    cases = [
        ("forged", {"X-Seat-Token": "x" * 32}, 403),
        ("empty", {"X-Seat-Token": ""}, 401),
        ("missing", {}, 401),
        ("another table's", {"X-Seat-Token": other_tokens[0]}, 403),
        ("hash-like", {"X-Seat-Token": "0" * 64}, 403),
    ]
    for name, headers, status in cases:
        r = server.client.post(f"/api/tables/{table_id}/actions", json={"action": {"type": "play", "card": card}},
                               headers=headers)
        assert r.status_code == status, (name, r.text)
        assert "error" in r.json()
        assert server.fingerprint(table_id) == before, name
        u = server.client.post(f"/api/tables/{table_id}/undo", headers=headers)
        assert u.status_code == status, (name, u.text)
        assert server.fingerprint(table_id) == before, name


def test_out_of_turn_and_illegal_moves_change_nothing(server):
    table_id, tokens = two_humans(server)
    state = server.table(table_id).state
    hand0 = state.view(0)["seats"][0]["hand"]
    not_mine = next(c for c in range(78) if c not in hand0)
    before = server.fingerprint(table_id)
    for token, action, status, rule in [
        (tokens[1], {"type": "stop"}, 409, "MOJO-3.6"),
        (tokens[1], {"type": "reveal", "card": 0}, 409, "MOJO-3.6"),
        (tokens[0], {"type": "play", "card": not_mine}, 422, "MOJO-4.2"),
        (tokens[0], {"type": "play", "card": hand0[0], "pile": 1}, 422, "MOJO-2.3"),
        (tokens[0], {"type": "stop"}, 422, "MOJO-4.3.2"),
        (tokens[0], {"type": "draw", "source": "deck"}, 422, "MOJO-4.3.3"),
        (tokens[0], {"type": "shuffle"}, 422, "ACTION-1"),
        (tokens[0], {"type": "play", "card": "7"}, 422, "ACTION-2"),
        (tokens[0], "play 7", 422, "ACTION-2"),
    ]:
        r = server.act(table_id, token, action)
        assert r.status_code == status, (action, r.text)
        assert r.json()["rule"] == rule, (action, r.json())
        assert server.fingerprint(table_id) == before, action


def test_websocket_refusals(server):
    table_id, tokens = two_humans(server)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token=forged") as ws:
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()  # closed at once, with the reason, before any message
    assert exc.value.code == 4403 and "token" in exc.value.reason
    with server.client.websocket_connect("/api/tables/000000000000/ws") as ws:
        with pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
    assert exc.value.code == 4404 and "no table" in exc.value.reason
    before = server.fingerprint(table_id)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[1]}") as ws:
        assert recv(ws)["seat"] == 1
        ws.send_json({"type": "action", "action": {"type": "play", "card": a_card_of(server, table_id, 1)}})
        error = recv(ws)
        assert error["type"] == "error" and error["rule"] == "MOJO-3.6" and error["status"] == 409
        ws.send_json({"type": "ping"})
        assert recv(ws) == {"type": "pong"}
        ws.send_text("{nope")
        error = recv(ws)
        assert error["type"] == "error" and error["error"].startswith("not JSON:")
        ws.send_text("[" * 5000 + "]" * 5000)  # nested too deep for the parser: still only "not JSON"
        assert recv(ws)["error"].startswith("not JSON:")
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:  # a spectator
        assert recv(ws)["seat"] is None
        ws.send_json({"type": "action", "action": {"type": "stop"}})
        assert recv(ws)["status"] == 401
        ws.send_json({"type": "undo"})
        assert recv(ws)["status"] == 401
    assert server.fingerprint(table_id) == before


def test_tokens_are_stored_only_as_hashes(server):
    table_id, tokens = two_humans(server)
    raw = everything_stored(server.db)
    stored = [row[0] for row in raw_sql(server.db, "SELECT token_hash FROM tokens")]
    assert len(stored) == 2
    for token in tokens.values():
        assert token.encode() not in raw and token not in stored


# -- full games over WebSockets ------------------------------------------------------------------------
def play_game(server, table_id: str, tokens: dict[int, str], rng: random.Random, limit: int = 3000):
    """Human seats (WebSocket each) make random legal moves until the game ends; a spectator watches.
    Returns every message each connection received, keyed by seat (None: the spectator)."""
    got: dict[int | None, list[dict]] = {seat: [] for seat in tokens}
    got[None] = []
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
        sockets = {}
        try:
            for seat, token in tokens.items():
                sockets[seat] = server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}").__enter__()
            latest = {seat: None for seat in tokens}  # newest message of each seat
            acted_at = {seat: -1 for seat in tokens}  # action count at which the seat last acted
            for seat, ws in sockets.items():
                latest[seat] = recv(ws)
                got[seat].append(latest[seat])
            for _ in range(limit):
                newest_seat = max(latest, key=lambda s: latest[s]["table"]["actions"])
                newest = latest[newest_seat]
                if newest["table"]["status"] == "finished":
                    break
                seat = newest["view"]["current_player"]
                count = newest["table"]["actions"]
                if seat not in sockets:  # a bot moves; every watcher hears of it
                    message = recv(sockets[newest_seat])
                    got[newest_seat].append(message)
                    latest[newest_seat] = message
                    continue

                def my_turn(m, count=count, seat=seat):
                    return m["type"] == "state" and m["table"]["actions"] >= count and m["table"]["actions"] > acted_at[seat] \
                        and (m["legal"] or m["table"]["status"] == "finished")

                if my_turn(latest[seat]):
                    message = latest[seat]
                else:
                    message, seen = recv_until(sockets[seat], my_turn)
                    got[seat].extend(seen)
                    latest[seat] = message
                if message["table"]["status"] == "finished":
                    continue
                choice = rng.choice(message["legal"])["action"]
                acted_at[seat] = message["table"]["actions"]
                sockets[seat].send_json({"type": "action", "action": choice})
                # the mover hears of its own move at once
                _, seen = recv_until(sockets[seat], lambda m: m["type"] != "state" or m["table"]["actions"] > acted_at[seat])
                assert seen[-1]["type"] == "state", seen[-1]
                got[seat].extend(seen)
                latest[seat] = seen[-1]
            else:
                raise AssertionError("game did not end")
            final = server.table(table_id).state
            total = len(final.history)
            for seat, ws in sockets.items():
                if latest[seat]["table"]["actions"] < total:
                    _, seen = recv_until(ws, lambda m: m["table"]["actions"] == total)
                    got[seat].extend(seen)
        finally:
            for ws in sockets.values():
                ws.__exit__(None, None, None)
        _, seen = recv_until(spectator, lambda m: m["table"]["status"] == "finished")
        got[None].extend(seen)
    return got


def check_game(server, table_id: str, tokens: dict[int, str], got: dict) -> None:
    record = server.client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    replay = Replay(record.text)
    replay.record.replay(check=True)
    assert replay.final.digest() == server.table(table_id).state.digest()
    kinds = [s["kind"] for s in server.state(table_id)["table"]["seats"]]
    secrets = list(tokens.values())
    for seat, messages in got.items():
        assert messages, seat
        counts = [m["table"]["actions"] for m in messages]
        assert counts == sorted(counts), f"seat {seat} got messages out of order"
        for message in messages:
            text = json.dumps(message)
            assert not any(token in text for token in secrets), f"a token in a message to seat {seat}"
            replay.check_message(message, seat, human=seat is not None and kinds[seat] == "human")
        assert messages[-1]["table"]["status"] == "finished"
    # the HTTP answers to every seat and to the lobby hold no token either
    texts = [server.client.get("/api/tables").text, server.client.get(f"/api/tables/{table_id}").text]
    texts += [server.client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": t}).text for t in secrets]
    assert not any(t in text for t in secrets for text in texts)


def test_three_players_one_human_two_bots_every_message_is_the_seats_view(server):
    table_id = server.create(players=3, seats=["heuristic", "human", "random"], seed=21, options={"target_score": 30})
    tokens = {1: server.join(table_id, 1)}
    got = play_game(server, table_id, tokens, random.Random(1))
    check_game(server, table_id, tokens, got)
    assert len(got[1]) >= len(server.table(table_id).state.history) // 3


def test_two_humans_every_message_is_the_seats_view(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=22, options={"target_score": 30})
    tokens = {0: server.join(table_id, 0), 1: server.join(table_id, 1)}
    got = play_game(server, table_id, tokens, random.Random(2))
    check_game(server, table_id, tokens, got)
    # each human was told of every action: one message per action count from its first on
    total = len(server.table(table_id).state.history)
    for seat in (0, 1):
        counts = {m["table"]["actions"] for m in got[seat]}
        assert counts >= set(range(min(counts), total + 1))


def test_two_piles_owner_blind_views(server):
    """The variant with two piles (public draws from a pile) and face-down cards the owner cannot see."""
    options = {"target_score": 20, "discard_piles": 2, "owner_sees_facedown": False}
    table_id = server.create(players=3, seats=["human", "human", "heuristic"], seed=23, options=options)
    tokens = {0: server.join(table_id, 0), 1: server.join(table_id, 1)}
    got = play_game(server, table_id, tokens, random.Random(3))
    check_game(server, table_id, tokens, got)
