"""Bad input never gets a 5xx, always gets a reason, and never changes a game.

Hypothesis sends random JSON (wrong types, unknown actions, huge numbers and strings, nested junk),
non-JSON bytes and oversized bodies to every endpoint and random text frames to the WebSocket, with
derandomized (fixed) seeds. A request that happens to be a legal move is allowed to succeed, and
then exactly one action is added; anything else must leave the whole-state digest as it was.
test_schemathesis.py adds schema-driven cases against a real server process.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardtable.server.app import MAX_BODY

from .util import recv

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=120,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

scalars = (st.none() | st.booleans() | st.integers() | st.integers(-3, 100)
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20))
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=16)
cards = st.integers(-2, 80) | junk
actions = junk | st.fixed_dictionaries(
    {"type": st.sampled_from(["play", "draw", "stop", "reveal", "pass", ""]) | junk},
    optional={"card": cards, "pile": st.integers(-1, 2) | junk, "source": st.sampled_from(["deck", "pile"]) | junk,
              "position": st.integers(-1, 10) | junk, "extra": junk},
)
OPTION_NAMES = ["hand_size", "discard_piles", "equal_value_replay", "empty_draw_pile", "mojo_threshold", "mojo_card_to",
                "direction_mode", "first_player", "round_starter", "owner_sees_facedown", "nonsense"]
table_bodies = junk | st.fixed_dictionaries(
    {"game": st.sampled_from(["mojo", "Mojo", "", "maoqy"]) | junk},
    optional={
        "players": st.integers(-1, 10) | junk,
        # no target_score: a bots-only table with a huge target plays (almost) for ever, and with
        # bot_delay=0 its bots never let the server answer another request
        "options": st.dictionaries(st.sampled_from(OPTION_NAMES), junk | st.integers(-1, 40), max_size=4) | junk,
        "seed": st.integers() | junk,
        "seats": st.lists(st.sampled_from(["human", "heuristic", "random", "bot", ""]), max_size=9) | junk,
        "takeover_seconds": st.floats(allow_nan=False, allow_infinity=False) | junk,
        "hot_seat": st.booleans() | junk,
        "unknown": junk,
    },
)


OUTCOMES: Counter = Counter()  # what the fuzzing reached; shown with `pytest -s`


def seen(what: str) -> None:
    event(what)
    OUTCOMES[what] += 1


def teardown_module(module):
    print("\nfuzz outcomes:", dict(sorted(OUTCOMES.items())))


def near_legal(data, state):
    """An action drawn against the live state: one of its legal actions, one of them bent a little, or junk.
    Every draw is made whatever the state, so hypothesis sees the same shape of choices each time."""
    kind = data.draw(st.sampled_from(["legal", "legal", "bent", "junk"]), label="kind")
    index = data.draw(st.integers(0, 1000), label="index")
    key = data.draw(st.sampled_from(["card", "pile", "type", "source", "extra"]), label="key")
    value = data.draw(st.integers(-1, 80) | st.sampled_from(["play", "stop", "deck", None]) | junk, label="value")
    other = data.draw(actions, label="junk action")
    legal = [a.to_json() for a in state.legal_actions()]
    if kind == "junk" or not legal:
        return other
    action = dict(legal[index % len(legal)])
    if kind == "bent":
        action[key] = value
    return action


plausible_tables = st.integers(2, 5).flatmap(lambda n: st.fixed_dictionaries(
    {"game": st.just("mojo"), "players": st.just(n) | st.integers(1, 9),
     "seats": st.lists(st.sampled_from(["human", "heuristic", "random", "nobody"]), min_size=n, max_size=n)},
    optional={
        "options": st.fixed_dictionaries({}, optional={
            "hand_size": st.integers(0, 40), "discard_piles": st.integers(0, 3),
            "equal_value_replay": st.sampled_from(["may", "must", "maybe"]),
            "mojo_threshold": st.sampled_from(["auto", 0, 3, 39, "x"]), "first_player": st.integers(-1, 9) | st.just("random"),
            "owner_sees_facedown": st.booleans() | st.just("yes")}),
        "seed": st.integers(-1, 2**64), "hot_seat": st.booleans(), "takeover_seconds": st.none() | st.floats(-1, 100),
    }))


def assert_refusal_shape(r) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    if r.status_code >= 400:
        body = r.json()
        assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body


@pytest.fixture
def table(server):
    """A hot-seat table of two humans (so undo can be allowed) with both tokens."""
    table_id = server.create(players=2, seats=["human", "human"], seed=31, hot_seat=True, options={"first_player": 0})
    return table_id, {0: server.join(table_id, 0), 1: server.join(table_id, 1)}


def token_choice():
    return st.sampled_from(["mover", "other", "none", "forged", "empty"])


def headers_for(server, table_id, tokens, who: str) -> dict:
    state = server.table(table_id).state
    mover = state.current_player if state.current_player >= 0 else 0
    return {
        "mover": {"X-Seat-Token": tokens[mover]},
        "other": {"X-Seat-Token": tokens[1 - mover]},
        "none": {},
        "forged": {"X-Seat-Token": "forged-" + "a" * 30},
        "empty": {"X-Seat-Token": ""},
    }[who]


def test_create_table_with_random_bodies(server):
    @FUZZ
    @given(body=table_bodies | plausible_tables)
    def check(body):
        before = set(server.manager.tables)
        r = server.client.post("/api/tables", json=body)
        assert_refusal_shape(r)
        seen(f"create: {r.status_code}")
        after = set(server.manager.tables)
        if r.status_code == 201:
            assert len(after - before) == 1 and r.json()["table"]["id"] in after
        else:
            assert after == before  # a refused table leaves nothing behind

    check()


def test_join_with_random_bodies(server, table):
    table_id, _ = table
    fresh = server.create(players=3, seats=["human", "human", "random"])

    @FUZZ
    @given(body=junk | st.fixed_dictionaries({"seat": st.integers(-2, 5) | junk}), target=st.sampled_from([table_id, fresh, "nope"]))
    def check(body, target):
        before = server.fingerprint(table_id)
        seats_before = [s.token_hash for s in server.table(fresh).seats]
        r = server.client.post(f"/api/tables/{target}/join", json=body)
        assert_refusal_shape(r)
        assert server.fingerprint(table_id) == before
        if r.status_code == 200:
            assert target == fresh and isinstance(body, dict) and body["seat"] in (0, 1)
            assert seats_before[body["seat"]] is None
        else:
            assert [s.token_hash for s in server.table(fresh).seats] == seats_before

    check()


def expect_legal(server, table_id, headers, tokens, action) -> bool:
    """Would the engine accept this action from this caller now? (Predicted on a copy of the state.)"""
    token = headers.get("X-Seat-Token")
    seats = {v: k for k, v in tokens.items()}
    if token not in seats:
        return False
    trial = server.table(table_id).state.clone()
    try:
        trial.apply(action, player=seats[token])
    except Exception:  # noqa: BLE001 - any refusal of the engine
        return False
    return True


def test_actions_with_random_bodies(server, table):
    table_id, tokens = table

    @FUZZ
    @given(data=st.data(), who=token_choice())
    def check(data, who):
        action = near_legal(data, server.table(table_id).state)
        shape = data.draw(st.sampled_from(["action", "action", "action", "junk", "extra"]), label="shape")
        body = {"junk": data.draw(junk, label="body"), "action": {"action": action},
                "extra": {"action": action, "more": 1}}[shape]
        headers = headers_for(server, table_id, tokens, who)
        digest, count = server.fingerprint(table_id)
        legal = isinstance(body, dict) and "action" in body and expect_legal(server, table_id, headers, tokens, body["action"])
        r = server.client.post(f"/api/tables/{table_id}/actions", json=body, headers=headers)
        assert_refusal_shape(r)
        seen(f"actions: {r.status_code} {r.json().get('rule')}")
        if legal:
            assert r.status_code == 200 and server.fingerprint(table_id)[1] == count + 1
        else:
            assert 400 <= r.status_code < 500
            assert server.fingerprint(table_id) == (digest, count)
            if who in ("none", "empty"):
                assert r.status_code in (401, 422)
            if who == "forged":
                assert r.status_code in (403, 422)

    check()


def test_undo_with_random_bodies_and_tokens(server, table):
    table_id, tokens = table

    @FUZZ
    @given(data=st.data(), body=st.none() | junk, who=token_choice())
    def check(data, body, who):
        move = near_legal(data, server.table(table_id).state)
        if not data.draw(st.booleans(), label="move first"):
            move = None
        if move is not None:  # sometimes make a move first, so that undo is sometimes allowed
            state = server.table(table_id).state
            if state.current_player >= 0 and expect_legal(server, table_id, {"X-Seat-Token": tokens[state.current_player]}, tokens, move):
                assert server.act(table_id, tokens[state.current_player], move).status_code == 200
        headers = headers_for(server, table_id, tokens, who)
        token = headers.get("X-Seat-Token")
        seat = {v: k for k, v in tokens.items()}.get(token)
        allowed = seat is not None and server.table(table_id).can_undo(seat)
        before = server.fingerprint(table_id)
        kwargs = {} if body is None else {"json": body}
        r = server.client.post(f"/api/tables/{table_id}/undo", headers=headers, **kwargs)
        assert_refusal_shape(r)
        seen(f"undo: {r.status_code}")
        if allowed:
            assert r.status_code == 200 and server.fingerprint(table_id)[1] == before[1] - 1
        else:
            assert r.status_code in (401, 403, 409) and server.fingerprint(table_id) == before

    check()


def test_non_json_and_oversized_bodies(server, table):
    table_id, tokens = table
    paths = ["/api/tables", f"/api/tables/{table_id}/join", f"/api/tables/{table_id}/actions", f"/api/tables/{table_id}/undo"]

    @FUZZ
    @given(path=st.sampled_from(paths), content=st.binary(max_size=200),
           ctype=st.sampled_from(["application/json", "text/plain", "application/x-www-form-urlencoded", None]))
    def check(path, content, ctype):
        before = server.fingerprint(table_id)
        headers = {"X-Seat-Token": tokens[0]} | ({"content-type": ctype} if ctype else {})
        r = server.client.post(path, content=content, headers=headers)
        assert_refusal_shape(r)
        if path.endswith("/undo"):
            assert r.status_code in (200, 409)  # undo reads no body
        elif r.status_code < 400:  # only a body that happens to be valid JSON of the right shape
            json.loads(content)
        assert server.fingerprint(table_id) == before or r.status_code < 400

    check()

    for path in paths:  # the limit is exact: 64 KiB passes (and is refused for what it says), one byte more is 413
        for size in (MAX_BODY - 1, MAX_BODY, MAX_BODY + 1):
            head = '{"seat": 1, "action": {"type": "stop"}, "pad": "'
            body = (head + "é" * ((size - len(head) - 2) // 2) + "x" * ((size - len(head) - 2) % 2) + '"}').encode()
            assert len(body) == size
            before = server.fingerprint(table_id)
            r = server.client.post(path, content=body, headers={"X-Seat-Token": tokens[0], "content-type": "application/json"})
            assert_refusal_shape(r)
            assert (r.status_code == 413) == (size > MAX_BODY), (path, size, r.status_code)
            assert server.fingerprint(table_id) == before
        for size in (MAX_BODY + 1, 10 * MAX_BODY):
            before = server.fingerprint(table_id)
            big = json.dumps({"game": "mojo", "action": {"type": "play", "card": 1}, "seat": 1, "pad": "x" * size})
            r = server.client.post(path, content=big, headers={"X-Seat-Token": tokens[0], "content-type": "application/json"})
            assert r.status_code == 413 and "error" in r.json()
            assert server.fingerprint(table_id) == before
    for path in paths[:3]:  # streamed (chunked) bodies declare no Content-Length; they are counted as read
        def chunks():
            yield b'{"game": "mojo", "seat": 1, "action": {"type": "stop"}, "pad": "'
            for _ in range(20):
                yield b"x" * 8192
            yield b'"}'

        before = server.fingerprint(table_id)
        tables_before = len(server.manager.tables)
        r = server.client.post(path, content=chunks(), headers={"X-Seat-Token": tokens[0], "content-type": "application/json"})
        assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
        assert r.status_code == 413 and "error" in r.json(), r.text
        assert server.fingerprint(table_id) == before and len(server.manager.tables) == tables_before
    deep = "[" * 30_000 + "]" * 30_000  # within the size limit, deeper than any parser's recursion
    for path in paths[:3]:
        r = server.client.post(path, content=deep, headers={"X-Seat-Token": tokens[0], "content-type": "application/json"})
        assert_refusal_shape(r)
        assert r.status_code >= 400


def test_websocket_random_frames(server, table):
    table_id, tokens = table
    frames = (st.text(max_size=60) | junk.map(json.dumps)
              | st.fixed_dictionaries({"type": st.sampled_from(["action", "undo", "ping", "chat"]) | junk},
                                      optional={"action": actions}).map(json.dumps)
              | st.just("[" * 20_000 + "]" * 20_000) | st.just(json.dumps({"type": "ping", "pad": "x" * MAX_BODY})))
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[0]}") as ws0, \
            server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={tokens[1]}") as ws1:
        sockets = {0: ws0, 1: ws1}
        assert recv(ws0)["seat"] == 0 and recv(ws1)["seat"] == 1

        @FUZZ
        @given(data=st.data(), to_mover=st.booleans(), binary=st.sampled_from([False, False, False, True]))
        def check(data, to_mover, binary):
            state = server.table(table_id).state
            move = json.dumps({"type": "action", "action": near_legal(data, state)})
            frame = data.draw(st.just(move) | frames, label="frame")
            mover = state.current_player if state.current_player >= 0 else 0
            seat = mover if to_mover else 1 - mover
            before = server.fingerprint(table_id)
            changes = False
            message = None
            if not binary and len(frame) <= MAX_BODY:
                try:
                    message = json.loads(frame)
                except (ValueError, RecursionError):
                    pass
            if isinstance(message, dict) and message.get("type") == "action":
                changes = expect_legal(server, table_id, {"X-Seat-Token": tokens[seat]}, tokens, message.get("action"))
            elif isinstance(message, dict) and message.get("type") == "undo":
                changes = server.table(table_id).can_undo(seat)
            if binary:
                sockets[seat].send_bytes(frame.encode())
            else:
                sockets[seat].send_text(frame)
            reply = recv(sockets[seat])
            seen(f"ws: {reply['type']} {reply.get('status')}")
            if changes:
                assert reply["type"] == "state"
                assert recv(sockets[1 - seat])["type"] == "state"  # the other seat hears of it too
                assert server.fingerprint(table_id) != before
            elif isinstance(message, dict) and message.get("type") == "ping":
                assert reply == {"type": "pong"}
            else:
                assert reply["type"] == "error" and isinstance(reply["error"], str), reply
                assert server.fingerprint(table_id) == before

        check()
        ws0.send_json({"type": "ping"})
        assert recv(ws0) == {"type": "pong"}  # the connection survived everything
