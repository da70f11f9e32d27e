"""Tables in play: each holds a game state, its seats, and who is watching.

Everything a client receives is built here from ``state.view(seat)`` (or the spectator's view) —
never from the state itself. Every accepted action is written to the store before anyone hears of
it. Tokens are kept only as hashes.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import orjson

from cardtable.agents import Observation, agent_names, make_agent
from cardtable.engine import CardtableError, IllegalAction, load
from cardtable.engine.game import fresh_seed
from cardtable.engine.rng import derive_seed
from cardtable.store import SqliteStore, StoredTable


logger = logging.getLogger("cardtable.server")

LOG_ENTRIES = 60  # how much of the log a seat gets when it connects (and in every HTTP answer)
LOG_TAIL = 8  # how much of it each later message carries: each message follows at most one new action


class TableError(CardtableError):
    """A request the table refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, rule: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str  # "human" or an agent name
    takeover: str | None = None  # agent playing for a human who left
    token_hash: str | None = None
    connections: int = 0
    left_at: float | None = None

    @property
    def is_bot(self) -> bool:
        return self.kind != "human" or self.takeover is not None

    def public(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "taken": self.kind != "human" or self.token_hash is not None,
            "connected": self.connections > 0 if self.kind == "human" else True,
            "takeover": self.takeover,
        }


@dataclass
class Table:
    id: str
    game: Any
    state: Any
    seats: list[Seat]
    settings: dict[str, Any]
    created: float
    watchers: dict[Any, set] = field(default_factory=dict)  # seat (or None) -> set of queues
    agents: dict[int, Any] = field(default_factory=dict)
    log_cache: dict[tuple[int, int | None], dict[str, Any]] = field(default_factory=dict)  # (n, viewer) -> entry
    bots_running: bool = False
    _log_state: Any = None  # the state whose log _log_json encodes
    _log_json: dict[tuple[int, int | None], bytes] = field(default_factory=dict)  # (entries, viewer) -> JSON
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for i, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return i
        raise TableError(403, "this token belongs to no seat of this table")

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.info.name,
            "title": self.game.info.title,
            "players": self.game.num_players,
            "options": self.game.options,
            "seats": [s.public() for s in self.seats],
            "status": "finished" if state.is_terminal() else ("open" if any(
                s.kind == "human" and s.token_hash is None for s in self.seats) else "running"),
            "actions": len(state.history),
            "created": self.created,
        }

    def message_for(self, seat: int | None, summary: Any = None, log: Any = None) -> dict[str, Any]:
        """Everything one seat (or a spectator, None) is sent: its view, its legal moves, the end of the
        public log (``log_size`` entries in all; a client keeps what it got before and merges by ``n``).
        ``summary`` and ``log`` may be given already encoded, when the same message goes to every seat."""
        state = self.state
        game = self.game
        mine = seat is not None and state.current_player == seat and not self.seats[seat].is_bot
        legal = game.display_order(state.legal_actions()) if mine else []
        return {
            "type": "state",
            "table": self.summary() if summary is None else summary,
            "seat": seat,
            "view": state.view(seat),
            "legal": [{"action": a.to_json(), "label": game.action_label(a)} for a in legal],
            "log": self.log(viewer=seat) if log is None else log,
            "log_size": len(state.history),
            "undo": seat is not None and self.can_undo(seat),
            "scores": state.scores(),
            "returns": state.returns() if state.is_terminal() else None,
        }

    def encoded_messages(self, seats: Any, log_entries: int = LOG_TAIL) -> dict[Any, str]:
        """The state message of each of ``seats`` as JSON text, with the last ``log_entries`` log entries.
        What seats share (the table's summary, and the log unless the game has secret actions) is
        encoded once and spliced into each."""
        summary = orjson.Fragment(orjson.dumps(self.summary()))
        return {seat: orjson.dumps(self.message_for(
            seat, summary, orjson.Fragment(self.encoded_log(log_entries, seat)))).decode() for seat in seats}

    def log(self, last: int = LOG_ENTRIES, viewer: int | None = None) -> list[dict[str, Any]]:
        """The last log entries as ``viewer`` may read them (``Game.log_entry``). Entries are built once
        per action (and viewer, for games with secret actions) and kept, since every message of every
        seat carries them; an undo clears them."""
        history = self.state.history
        start = max(0, len(history) - last)
        game = self.game
        who = viewer if game.secret_actions else None
        cache = self.log_cache
        for n in range(start, len(history)):
            if (n, who) not in cache:
                p, a = history[n]
                text, action = game.log_entry(a, p, who) if game.secret_actions else (game.action_label(a), a.to_json())
                cache[n, who] = {"n": n, "seat": p, "text": text, "action": action}
        return [cache[n, who] for n in range(start, len(history))]

    def encoded_log(self, last: int, viewer: int | None) -> bytes:
        """``log(last, viewer)`` as JSON, encoded once per state (every accepted action or undo makes a
        new state)."""
        if self._log_state is not self.state:
            self._log_json = {}
            self._log_state = self.state
        key = (last, viewer if self.game.secret_actions else None)
        encoded = self._log_json.get(key)
        if encoded is None:
            encoded = self._log_json[key] = orjson.dumps(self.log(last, key[1]))
        return encoded

    def can_undo(self, seat: int) -> bool:
        """Board Game Arena's policy: only your own last actions, only when every other seat is a bot or
        this is hot-seat play, never across another player's action, never once chance or hidden
        information came into play (the game says which of its actions may be taken back)."""
        history = self.state.history
        if not history or history[-1][0] != seat or self.state.is_terminal():
            return False
        if any(s.kind == "human" and i != seat and not self.settings.get("hot_seat") for i, s in enumerate(self.seats)):
            return False
        return self.game.undoable(self.state, history[-1][1]) and self.state.current_player == seat


async def _durable(write: Any) -> None:
    """Wait for a store write without holding up the server's loop (the writer thread does the fsync)."""
    await asyncio.wrap_future(write)


class TableManager:
    def __init__(self, store: SqliteStore, bot_delay: float = 0.4):
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.unrestorable: dict[str, str] = {}  # table id -> why it could not be replayed at start

    # -- lifecycle ------------------------------------------------------------------------------
    def restore(self) -> int:
        """Re-create every stored table by replaying its actions from its seed."""
        for stored in self.store.load_all():
            try:
                game = load(stored.game, players=stored.players, options=stored.options)
                state = game.new_initial_state(seed=stored.seed)
                for seat, action in stored.actions:
                    state.apply(action, player=seat)
            except CardtableError as exc:
                # E.g. the game's plugin or a data set it names is gone or changed: the other tables
                # still open; this one is kept on disk untouched and reported.
                self.unrestorable[stored.id] = str(exc)
                logger.warning("table %s (%s) cannot be restored and is left out: %s", stored.id, stored.game, exc)
                continue
            # Nobody is connected after a restart: the takeover clock of every joined human seat starts now.
            now = time.time()
            seats = [Seat(kind=s["kind"], takeover=s.get("takeover"), token_hash=stored.token_hashes.get(i),
                          left_at=now if stored.token_hashes.get(i) else None)
                     for i, s in enumerate(stored.seats)]
            self.tables[stored.id] = Table(stored.id, game, state, seats, stored.settings, stored.created)
        return len(self.tables)

    async def create(self, game_name: str, players: int | None, options: dict | None, seed: int | None,
               seats: list[str], settings: dict[str, Any]) -> Table:
        game = load(game_name, players=players, options=options)
        known = agent_names(game, search=False)
        if len(seats) != game.num_players:
            raise TableError(422, f"{len(seats)} seats given for {game.num_players} players; give one kind per seat")
        for kind in seats:
            if kind != "human" and kind not in known:
                raise TableError(422, f"unknown seat kind {kind!r}; a seat is 'human' or one of: {', '.join(known)}")
        table_id = uuid.uuid4().hex[:12]
        state = game.new_initial_state(seed=fresh_seed(seed))
        table = Table(table_id, game, state, [Seat(kind=k) for k in seats], settings, time.time())
        await _durable(self.store.create_table(StoredTable(
            table_id, game_name, game.num_players, dict(game.options), state.seed,
            [{"kind": k, "takeover": None} for k in seats], settings, table.created,
        )))
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            if table_id in self.unrestorable:
                raise TableError(410, f"table {table_id} could not be restored: {self.unrestorable[table_id]}")
            raise TableError(404, f"no table {table_id!r}")
        return table

    # -- seats ----------------------------------------------------------------------------------
    async def join(self, table: Table, seat: int) -> str:
        if not 0 <= seat < len(table.seats):
            raise TableError(404, f"table {table.id} has seats 0 to {len(table.seats) - 1}, not {seat}")
        s = table.seats[seat]
        if s.kind != "human":
            raise TableError(409, f"seat {seat} is played by the {s.kind} bot")
        if s.token_hash is not None:
            raise TableError(409, f"seat {seat} is already taken; ask for another seat's link or watch")
        token = secrets.token_urlsafe(24)
        s.token_hash = hash_token(token)
        await _durable(self.store.set_token(table.id, seat, s.token_hash))
        return token

    # -- play -----------------------------------------------------------------------------------
    async def apply(self, table: Table, seat: int | None, action: Any) -> None:
        """Validate through the engine, store durably, then change the live state. Raises TableError."""
        state = table.state
        if seat is None:
            raise TableError(401, "an action needs the seat token of the player whose turn it is")
        trial = state.clone()
        try:
            trial.apply(action, player=seat)
        except IllegalAction as exc:
            raise TableError(409 if exc.rule == table.game.info.turn_rule else 422, exc.message, exc.rule) from None
        await self._commit(table, trial)
        if table.seats[seat].takeover is not None:
            await self.take_back(table, seat)  # the player is back: their own accepted move says so

    async def _commit(self, table: Table, new_state: Any) -> None:
        """Durable before anyone is told. The caller holds the table's lock, so the table's actions are
        written in order; other tables go on while this one waits for the disk."""
        n = len(table.state.history)
        seat, action = new_state.history[n]
        await self._persist(table, self.store.append_action(table.id, n, seat, action.to_json()), new_state)

    @staticmethod
    async def _persist(table: Table, write: Any, new_state: Any) -> None:
        """Wait for ``write`` (a store future), then make ``new_state`` the table's state."""
        written = asyncio.wrap_future(write)
        try:
            await asyncio.shield(written)
        except asyncio.CancelledError:
            # The request was cancelled, but the write goes on: the live state must follow the disk.
            await written
            table.state = new_state
            raise
        table.state = new_state

    def bot_to_move(self, table: Table) -> int | None:
        state = table.state
        if state.is_terminal():
            return None
        seat = state.current_player
        return seat if table.seats[seat].is_bot else None

    async def bot_move(self, table: Table) -> None:
        seat = self.bot_to_move(table)
        if seat is None:
            return
        s = table.seats[seat]
        agent = table.agents.get(seat)
        name = s.takeover or s.kind
        if agent is None or agent.name != name:
            agent = make_agent(name, table.game, derive_seed(table.state.seed, f"table-seat{seat}"))
            table.agents[seat] = agent
        action = agent.act(Observation(table.state, seat))
        trial = table.state.clone()
        trial.apply(action, player=seat)
        await self._commit(table, trial)

    async def undo(self, table: Table, seat: int) -> None:
        if not table.can_undo(seat):
            raise TableError(409, "nothing to undo: only your own last action, before anyone else acted "
                                  "and before any card was drawn or revealed")
        keep = len(table.state.history) - 1
        for key in [k for k in table.log_cache if k[0] >= keep]:
            del table.log_cache[key]
        replayed = table.game.new_initial_state(seed=table.state.seed)
        for p, a in table.state.history[:keep]:
            replayed.apply(a, player=p)
        await self._persist(table, self.store.submit(self.store.truncation(table.id, keep, time.time())), replayed)

    def leave(self, table: Table, seat: int) -> None:
        """The last connection of a human seat closed: start the takeover clock."""
        table.seats[seat].left_at = time.time()

    async def take_over_if_due(self, table: Table, now: float | None = None) -> bool:
        timeout = table.settings.get("takeover_seconds")
        if timeout is None:
            return False
        now = time.time() if now is None else now
        changed = False
        for i, s in enumerate(table.seats):
            if s.kind == "human" and s.token_hash and s.connections == 0 and s.takeover is None \
                    and s.left_at is not None and now - s.left_at >= timeout:
                s.takeover = table.settings.get("takeover_agent") or self._best_bot(table)
                changed = True
        if changed:
            await self._save_seats(table)
        return changed

    async def take_back(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        if s.takeover is not None:
            s.takeover = None
            s.left_at = None
            await self._save_seats(table)

    def _best_bot(self, table: Table) -> str:
        names = agent_names(table.game)
        return "heuristic" if "heuristic" in names else "random"

    async def _save_seats(self, table: Table) -> None:
        await _durable(self.store.update_seats(table.id, [{"kind": s.kind, "takeover": s.takeover} for s in table.seats]))
