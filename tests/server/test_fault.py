"""Crash safety: ``kill -9`` the real server and start it again on the same database.

Every action the server acknowledged must be there after the restart, and every table must come back
exactly as it was (same action count, same view for every seat and for spectators). Bots move only
when it is their turn, with ``--bot-delay 0`` they answer at once, so a table whose human is to move
is quiet and can be compared exactly.
"""

from __future__ import annotations

import contextlib

import random
import threading
import time

import httpx
import pytest

from cardtable.engine import load
from cardtable.store import open_store

from .util import ServerProcess, jsonish

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TABLES = [
    # (players, seats, options)
    (2, ["human", "human"], {}),
    (3, ["human", "heuristic", "random"], {}),
    (3, ["human", "human", "heuristic"], {"discard_piles": 2}),
    (2, ["human", "human"], {"owner_sees_facedown": False, "equal_value_replay": "must"}),
    (2, ["heuristic", "random"], {}),  # bots only: waits, since nobody watches it
]


def view_of(http: httpx.Client, table_id: str, token: str | None = None) -> dict:
    r = http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def quiet(http: httpx.Client, table_id: str, kinds: list[str], timeout: float = 10.0) -> dict:
    """The spectator's message once a human (or nobody) is to move: no bot is about to change the table.
    A table of bots only is quiet while nobody watches it over a WebSocket."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = view_of(http, table_id)
        player = message["view"]["current_player"]
        if player < 0 or kinds[player] == "human" or "human" not in kinds:
            return message
        time.sleep(0.01)
    raise AssertionError(f"table {table_id} never waited for a human")


def everything(http: httpx.Client, tables: dict) -> dict:
    """Each table's messages for the spectator and for every joined seat."""
    out = {}
    for table_id, t in tables.items():
        quiet(http, table_id, t["kinds"])
        out[table_id] = {None: view_of(http, table_id)} | {s: view_of(http, table_id, tok) for s, tok in t["tokens"].items()}
    return out


def play_some(http: httpx.Client, table_id: str, tokens: dict[int, str], kinds: list[str], rng: random.Random,
              count: int, acked: list) -> None:
    """Up to ``count`` random legal human moves over HTTP; each acknowledged one is appended to ``acked``."""
    for _ in range(count):
        message = quiet(http, table_id, kinds)
        player = message["view"]["current_player"]
        if player < 0:
            return
        legal = view_of(http, table_id, tokens[player])["legal"]
        action = rng.choice(legal)["action"]
        r = http.post(f"/api/tables/{table_id}/actions", json={"action": action}, headers={"X-Seat-Token": tokens[player]})
        assert r.status_code == 200, r.text
        acked.append((message["table"]["actions"], player, action))


def replayed_views(seed: int, players: int, options: dict, log: list[dict], seats) -> dict:
    state = load("mojo", players=players, options=options).new_initial_state(seed=seed)
    for entry in log:
        state.apply(entry["action"], player=entry["seat"])
    return {seat: jsonish(state.view(seat)) for seat in seats}


def test_kill_9_and_restart_loses_nothing(db):
    rng = random.Random(9)
    tables: dict[str, dict] = {}
    server = ServerProcess(db, bot_delay=0).start()
    try:
        with httpx.Client(base_url=server.url, timeout=10.0) as http:
            for i, (players, kinds, options) in enumerate(TABLES):
                r = http.post("/api/tables", json={"game": "mojo", "players": players, "seats": kinds,
                                                   "seed": 1000 + i, "options": options})
                assert r.status_code == 201, r.text
                table_id = r.json()["table"]["id"]
                tokens = {}
                for seat, kind in enumerate(kinds):
                    if kind == "human":
                        j = http.post(f"/api/tables/{table_id}/join", json={"seat": seat})
                        assert j.status_code == 200
                        tokens[seat] = j.json()["token"]
                tables[table_id] = {"kinds": kinds, "tokens": tokens, "acked": [], "players": players,
                                    "options": options, "seed": 1000 + i}
            for table_id, t in tables.items():
                if t["tokens"]:
                    play_some(http, table_id, t["tokens"], t["kinds"], rng, 12, t["acked"])
            before = everything(http, tables)
        server.kill()

        # straight from the file, as the crash left it: every acknowledged action is stored
        store = open_store(str(db))
        try:
            stored = {s.id: s for s in store.load_all()}
        finally:
            store.close()
        assert set(stored) == set(tables)
        for table_id, t in tables.items():
            assert len(stored[table_id].actions) == before[table_id][None]["table"]["actions"]
            for n, seat, action in t["acked"]:
                assert stored[table_id].actions[n] == (seat, action)

        server = ServerProcess(db, bot_delay=0, port=server.port).start()
        with httpx.Client(base_url=server.url, timeout=10.0) as http:
            after = everything(http, tables)
            for table_id in tables:
                for seat, message in before[table_id].items():
                    again = after[table_id][seat]
                    assert again["table"]["actions"] == message["table"]["actions"], (table_id, seat)
                    assert again["view"] == message["view"], (table_id, seat)
                    assert again["legal"] == message["legal"], (table_id, seat)
                    assert again["log"] == message["log"], (table_id, seat)
                    assert again["table"] == message["table"], (table_id, seat)
            # the game goes on after the restart
            for table_id, t in tables.items():
                if t["tokens"]:
                    play_some(http, table_id, t["tokens"], t["kinds"], rng, 3, t["acked"])

            # -- a crash in the middle of play: a client keeps playing while the server is killed
            stop = threading.Event()
            inflight: dict[str, tuple] = {}
            errors: list[BaseException] = []

            def hammer():
                local = random.Random(10)
                try:
                    with httpx.Client(base_url=server.url, timeout=5.0) as h:
                        while not stop.is_set():
                            for table_id, t in tables.items():
                                if not t["tokens"] or stop.is_set():
                                    continue
                                message = quiet(h, table_id, t["kinds"])
                                player = message["view"]["current_player"]
                                if player < 0:
                                    continue
                                legal = view_of(h, table_id, t["tokens"][player])["legal"]
                                action = local.choice(legal)["action"]
                                inflight[table_id] = (message["table"]["actions"], player, action)
                                r = h.post(f"/api/tables/{table_id}/actions", json={"action": action},
                                           headers={"X-Seat-Token": t["tokens"][player]})
                                assert r.status_code == 200, r.text
                                t["acked"].append(inflight.pop(table_id))
                except (httpx.TransportError, AssertionError) as exc:
                    if not stop.is_set():
                        errors.append(exc)

            worker = threading.Thread(target=hammer, daemon=True)
            acked_before = sum(len(t["acked"]) for t in tables.values())
            worker.start()
            deadline = time.monotonic() + 10
            while sum(len(t["acked"]) for t in tables.values()) < acked_before + 40 and time.monotonic() < deadline:
                time.sleep(0.005)
        assert not errors, errors
        stop.set()
        server.kill()
        worker.join(timeout=15)
        assert not worker.is_alive()
        assert sum(len(t["acked"]) for t in tables.values()) >= acked_before + 40

        server = ServerProcess(db, bot_delay=0, port=server.port).start()
        with httpx.Client(base_url=server.url, timeout=10.0) as http:
            for table_id, t in tables.items():
                message = quiet(http, table_id, t["kinds"])
                # Messages carry only the last log entries; the whole history is in the database.
                with contextlib.closing(open_store(str(db))) as store:
                    actions = next(s for s in store.load_all() if s.id == table_id).actions
                log = [{"n": n, "seat": seat, "action": action} for n, (seat, action) in enumerate(actions)]
                assert len(log) == message["table"]["actions"]
                for n, seat, action in t["acked"]:  # every acknowledged action, at its place
                    assert (log[n]["seat"], log[n]["action"]) == (seat, action), (table_id, n)
                if table_id in inflight:  # sent, not acknowledged: stored or not, but nothing else
                    n, seat, action = inflight[table_id]
                    if len(log) > n:
                        assert (log[n]["seat"], log[n]["action"]) == (seat, action)
                if all(k == "human" for k in t["kinds"]):  # no bot: nothing but the acknowledged (and the in-flight)
                    extra = 1 if table_id in inflight else 0
                    assert len(t["acked"]) <= len(log) <= len(t["acked"]) + extra
                # the restored table is the one its seed and stored actions make
                seats = [None, *t["tokens"]]
                expected = replayed_views(t["seed"], t["players"], t["options"], log, seats)
                assert view_of(http, table_id)["view"] == expected[None]
                for seat, token in t["tokens"].items():
                    assert view_of(http, table_id, token)["view"] == expected[seat]
    finally:
        server.kill()
