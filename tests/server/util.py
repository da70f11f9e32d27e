"""Helpers for the server tests: bounded WebSocket reads, seeds with a wanted deal, views rebuilt from records.

Nothing here knows a particular seed's cards: the engine's dealing may change, so tests look for a seed
whose first position has what they need (``find_seed``) and check messages against the record the
server itself hands out (``Replay``).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import anyio

from cardtable.engine import load, read_records

ROOT = Path(__file__).resolve().parents[2]


# -- TestClient WebSockets with a deadline ----------------------------------------------------------
def recv(ws, timeout: float = 5.0) -> dict[str, Any]:
    """The next JSON message of a TestClient WebSocket session; fails (never hangs) after ``timeout``."""

    async def get():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return json.loads(message["text"])


def recv_until(ws, pred: Callable[[dict], bool], timeout: float = 5.0, limit: int = 10_000) -> tuple[dict, list[dict]]:
    """Read messages until one satisfies ``pred``; returns it and every message read (it included)."""
    seen = []
    deadline = time.monotonic() + timeout
    for _ in range(limit):
        message = recv(ws, max(0.01, deadline - time.monotonic()))
        seen.append(message)
        if pred(message):
            return message, seen
    raise AssertionError(f"no wanted message in {limit} messages")


def drain(ws, quiet: float = 0.05) -> list[dict]:
    """Every message that arrives until none came for ``quiet`` seconds."""
    out = []
    while True:
        try:
            out.append(recv(ws, quiet))
        except TimeoutError:
            return out


# -- game helpers -------------------------------------------------------------------------------------
def find_seed(pred: Callable[[Any], bool], players: int = 2, options: dict | None = None, limit: int = 5000) -> int:
    """The first seed whose initial state satisfies ``pred`` (the engine's deal may change; tests must not)."""
    game = load("mojo", players=players, options=options or {})
    for seed in range(limit):
        if pred(game.new_initial_state(seed=seed)):
            return seed
    raise AssertionError("no seed found")


def values(state) -> list[int]:
    return [c["value"] for c in state.game.catalogue()["cards"]]


def first_hand_plays(state, seat: int = 0) -> dict[str, list[int]]:
    """Seat's cards by how they compare with the top of pile 0: lower / equal / higher."""
    view = state.view(seat)
    value = values(state)
    top = value[view["piles"][0][-1]]
    out = {"lower": [], "equal": [], "higher": []}
    for card in view["seats"][seat]["hand"]:
        out["lower" if value[card] < top else "equal" if value[card] == top else "higher"].append(card)
    return out


def jsonish(value: Any) -> Any:
    """What a value looks like after a trip through JSON (tuples become lists, int keys strings)."""
    return json.loads(json.dumps(value))


class Replay:
    """Every state of a game, rebuilt step by step from a record: what each seat could see after n actions."""

    def __init__(self, record_text: str):
        self.record = read_records(record_text.splitlines(), source="server record")[0]
        rec = self.record
        game = load(rec.game, players=rec.players, options=rec.options)
        state = game.new_initial_state(seed=rec.seed)
        self.states = [state.clone()]
        for player, action in rec.actions:
            state.apply(action, player=player)
            self.states.append(state.clone())
        self.final = state
        self._views: dict[tuple[int, Any], Any] = {}

    def view(self, n: int, seat: int | None) -> dict[str, Any]:
        key = (n, seat)
        if key not in self._views:
            self._views[key] = jsonish(self.states[n].view(seat))
        return self._views[key]

    def hidden_from(self, n: int, seat: int | None) -> set[int]:
        """Card IDs that ``seat`` may not see after n actions: other seats' hands and face-down rows
        (minus cards everybody saw taken from a pile) and the draw pile, unless the game is over."""
        state = self.states[n]
        if state.is_terminal():
            return set()
        snap = state.snapshot()
        hidden = set(snap["deck"])
        for i in range(state.game.num_players):
            known = set(snap["known"][i])
            if i != seat:
                hidden |= (set(snap["hands"][i]) | set(snap["facedown"][i])) - known
            elif not state.game.options["owner_sees_facedown"]:
                hidden |= set(snap["facedown"][i]) - known
        return hidden

    def check_message(self, message: dict[str, Any], seat: int | None, human: bool = True) -> None:
        """The message is exactly ``seat``'s view at its action count, with legal moves only on its turn."""
        assert message["type"] == "state", message
        assert message["seat"] == seat
        n = message["table"]["actions"]
        assert 0 <= n <= len(self.record.actions), n
        view = message["view"]
        assert view == self.view(n, seat), f"message at {n} actions is not seat {seat}'s view"
        state = self.states[n]
        # Belt and braces: no hidden card in the parts of the view that name cards in hands.
        hidden = self.hidden_from(n, seat)
        for s in view["seats"]:
            shown = set(s.get("hand", [])) | set(s.get("facedown", []))
            assert not shown & hidden, (n, seat, shown & hidden)
            if s["seat"] != seat and not state.is_terminal():
                assert "hand" not in s and "facedown" not in s
        mine = seat is not None and human and not state.is_terminal() and state.current_player == seat
        legal = [entry["action"] for entry in message["legal"]]
        if mine:
            assert sorted(map(json.dumps, legal)) == sorted(json.dumps(a.to_json()) for a in state.legal_actions())
        else:
            assert legal == [], f"seat {seat} got legal moves at {n} actions, when seat {state.current_player} acts"
        # The log's end: the last entries, in order, exactly as the record has them.
        assert message["log_size"] == n
        log = [(entry["n"], entry["seat"], entry["action"]) for entry in message["log"]]
        start = n - len(log)
        assert start >= 0 and (log or n == 0), (n, log)
        assert log == [(i, p, a) for i, (p, a) in enumerate(self.record.actions[start:n], start)]


# -- a real server process ------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``cardtable serve`` as a subprocess on 127.0.0.1; always stopped by ``stop()`` (or the context manager)."""

    def __init__(self, db: Path | str, bot_delay: float = 0.0, port: int | None = None, log: Path | None = None,
                 extra: tuple[str, ...] = ()):
        self.db = db
        self.bot_delay = bot_delay
        self.port = port or free_port()
        if log is None:  # beside the SQLite file; for a PostgreSQL address, in a temporary folder
            log = db.with_suffix(".log") if isinstance(db, Path) else Path(tempfile.mkdtemp()) / f"serve-{self.port}.log"
        self.log = log
        # more options of `cardtable serve`; on PostgreSQL, the leases of a process killed by a test lapse soon
        self.extra = extra if isinstance(db, Path) or "--lease-seconds" in extra else ("--lease-seconds", "2", *extra)
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> "ServerProcess":  # a loaded CI machine can take 20 s to answer
        import httpx

        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable.cli.app", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", str(self.db), "--bot-delay", str(self.bot_delay), *self.extra],
            stdout=out, stderr=subprocess.STDOUT, cwd=ROOT,
        )
        out.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited with {self.proc.returncode}: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        raise AssertionError(f"server did not answer within {timeout} s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        import os
        import signal

        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
