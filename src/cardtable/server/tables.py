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
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, cast

import orjson

from cardtable.agents import Agent, Observation, agent_names, make_agent
from cardtable.engine import CardtableError, Game, IllegalAction, load
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import Translator, current_language
from cardtable.engine.rng import derive_seed
from cardtable.engine.steps import Steps
from cardtable.store import SqliteStore, StoredTable

from .clock import Clock
from .thinking import Thinker, thinks_apart


logger = logging.getLogger("cardtable.server")
_ = Translator("cardtable")

LOG_ENTRIES = 60  # how much of the log a seat gets when it connects (and in every HTTP answer)
LOG_TAIL = 8  # how much of it each later message carries: each message follows at most one new action
ACTION_CACHE_SIZE = 20_000  # actions whose JSON and legal-move entry are kept, per kind of game
ACTION_CACHE_KEY_BYTES = 512  # the longest action JSON kept (a legal one is far shorter)
REPLAY_EVERY = 64  # a finished game stepped through keeps its state every this many actions
STEPPED_TABLES = 8  # the finished tables whose kept states stay: those stepped through last


class ActionCache:
    """What depends on an action and the kind of game (name, players, options) alone, kept for the tables of that
    kind: an action parsed from its JSON, and its encoded entry in a list of legal moves (JSON and label)."""

    kinds: dict[tuple, "ActionCache"] = {}

    def __init__(self, game: Game):
        self.game = game
        self.parsed: dict[bytes, Any] = {}  # the action's JSON, keys sorted -> the action
        self.legal: dict[tuple[str, Any], orjson.Fragment] = {}  # (language, action) -> {"action", "label"} as JSON

    @classmethod
    def of(cls, game: Game) -> "ActionCache":
        key = (game.info.name, game.num_players, orjson.dumps(game.options, option=orjson.OPT_SORT_KEYS))
        cache = cls.kinds.get(key)
        if cache is None:
            if len(cls.kinds) >= 256:  # many kinds of game (options chosen per table): start again
                cls.kinds.clear()
            cache = cls.kinds[key] = cls(game)
        return cache

    def parse(self, data: Any) -> Any:
        """``game.parse_action(data)`` (IllegalAction for a malformed action), parsed once per JSON."""
        if not isinstance(data, dict):
            return self.game.parse_action(data)
        try:
            key = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            return self.game.parse_action(data)
        action = self.parsed.get(key)
        if action is None:
            action = self.game.parse_action(data)
            if len(key) <= ACTION_CACHE_KEY_BYTES:  # a long action (an illegal one, at that) is not kept: sent
                # again and again with other contents, it would fill the memory with 20,000 entries of 64 KB
                if len(self.parsed) >= ACTION_CACHE_SIZE:
                    self.parsed.clear()
                self.parsed[key] = action
        return action

    def legal_entry(self, action: Any) -> orjson.Fragment:
        key = (current_language(), action)  # the label is in the reader's language
        entry = self.legal.get(key)
        if entry is None:
            if len(self.legal) >= ACTION_CACHE_SIZE:
                self.legal.clear()
            entry = self.legal[key] = orjson.Fragment(orjson.dumps(
                {"action": action.to_json(), "label": self.game.action_label(action)}))
        return entry


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
    agents: dict[int, tuple[str, Agent]] = field(default_factory=dict)  # seat -> (its bot's name, the bot)
    thinking: int | None = None  # the seat whose search bot is thinking in the worker pool
    log_cache: dict[tuple[int | None, str], list[bytes | None]] = field(default_factory=dict)  # (viewer, language) -> entries
    # shared by the tables of this kind of game; set as the table is made
    actions: ActionCache = None  # type: ignore[assignment]
    bots_running: bool = False
    _log_state: Any = None  # the state whose log _log_json encodes
    _log_json: dict[tuple[int, int | None, str], bytes] = field(default_factory=dict)  # (entries, viewer, language)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _summary_head: bytes | None = None  # the summary's JSON up to its seats, which never changes
    _seats_key: tuple | None = None  # the seats as _seats_json encodes them
    _seats_json: bytes = b""
    _open: bool = False
    _steps: Steps | None = None  # a finished game's positions, once someone steps through it
    clock: Clock | None = None  # the move clock (``clock.py``), for a table created with one
    forced: int | None = None  # the seat whose clock expired: a bot plays its next move (``take_over_if_due``)
    rematch: str | None = None  # the table of the rematch, once one was asked for (``TableManager.rematch``)

    def __post_init__(self):
        if self.actions is None:
            self.actions = ActionCache.of(self.game)

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        digest = hash_token(token)
        for i, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
                return i
        raise TableError(403, _("this token belongs to no seat of this table"))

    def encoded_summary(self) -> bytes:
        """``summary()`` as JSON, for every message of every move: what never changes (id, game, options) is
        encoded once, the seats when they change."""
        seats = self.seats
        key = tuple((s.kind, s.token_hash is None, s.connections > 0, s.takeover) for s in seats)
        if key != self._seats_key:
            if self._summary_head is None:
                info = self.game.info
                self._summary_head = orjson.dumps({
                    "id": self.id, "game": info.name, "title": info.title, "players": self.game.num_players,
                    "options": self.game.options, "created": self.created,
                    "clock": self.settings.get("clock"), "rematch_of": self.settings.get("rematch_of")})[:-1] + b',"seats":'
            self._seats_key = key
            self._seats_json = orjson.dumps([s.public() for s in seats])
            self._open = any(s.kind == "human" and s.token_hash is None for s in seats)
        state = self.state
        status = b"finished" if state.is_terminal() else b"open" if self._open else b"running"
        return b"%s%s,\"status\":\"%s\",\"actions\":%d,\"thinking\":%s}" % (
            self._summary_head, self._seats_json, status, len(state.history),
            b"null" if self.thinking is None else b"%d" % self.thinking)

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
            "thinking": self.thinking,
            "clock": self.settings.get("clock"),
            "rematch_of": self.settings.get("rematch_of"),
        }

    def message_for(self, seat: int | None, log_entries: int = LOG_ENTRIES) -> dict[str, Any]:
        """``encoded_message`` as a dict."""
        return orjson.loads(self.encoded_message(seat, log_entries))

    def encoded_message(self, seat: int | None, log_entries: int = LOG_ENTRIES, shared: dict | None = None) -> bytes:
        """Everything one seat (or a spectator, None) is sent, as JSON: its view, its legal moves, the last
        ``log_entries`` entries of the public log (``log_size`` entries in all; a client keeps what it got
        before and merges by ``n``). ``shared`` holds what every seat's message of this state shares, encoded
        once (``_shared``)."""
        state = self.state
        if shared is None:
            shared = self._shared()
        mine = seat is not None and state.current_player == seat and not self.seats[seat].is_bot
        return orjson.dumps({
            "type": "state",
            "table": shared["table"],
            "seat": seat,
            "view": (view := state.view(seat)),
            "legal": self._legal(view) if mine else [],
            "log": orjson.Fragment(self.encoded_log(log_entries, seat)),
            "log_size": shared["log_size"],
            "undo": seat is not None and self.can_undo(seat),
            "scores": shared["scores"],
            "returns": shared["returns"],
            "end_rule": shared["end_rule"],
            "clock": shared["clock"],
            "rematch": shared["rematch"],
        })

    def state_at(self, step: int) -> Any:
        """The finished game's state after its first ``step`` actions, replayed from its seed (``Steps``: states
        at every REPLAY_EVERY-th action are kept, so a step forward or back costs at most that many actions)."""
        if not self.state.is_terminal():
            raise TableError(409, _("the game is still running; its steps can be looked at when it ends"))
        if self._steps is None:
            self._steps = Steps(self.game, self.state.seed, self.state.history, every=REPLAY_EVERY)
        try:
            return self._steps.at(step)
        except ValueError as exc:
            raise TableError(400, str(exc)) from None

    def forget_steps(self) -> None:
        """Drop the kept states of a finished game (the next step asked for replays from the seed again)."""
        self._steps = None

    def encoded_step(self, step: int, seat: int | None, log_entries: int = LOG_ENTRIES) -> bytes:
        """A finished game as ``seat`` (or a spectator) saw it after ``step`` actions, shaped as a state message
        (``encoded_message``): that step's view and the log up to it, no legal moves, no result; ``steps`` is the
        game's length and ``next`` the seat that moved next."""
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise TableError(400, _("the game has {n} seats: choose a seat from 0 to {last}, or none for the "
                                    "spectator's view", n=self.game.num_players, last=self.game.num_players - 1))
        state = self.state_at(step)
        history = self.state.history
        return orjson.dumps({
            "type": "step",
            "table": orjson.Fragment(self.encoded_summary()),
            "seat": seat,
            "step": step,
            "steps": len(history),
            "next": history[step][0] if step < len(history) else None,
            "view": state.view(seat),
            "legal": [],
            "log": orjson.Fragment(self._log_entries(max(0, step - log_entries), step, seat)),
            "log_size": step,
            "undo": False,
            "scores": state.scores(),
            "returns": None,
        })

    def _shared(self) -> dict[str, Any]:
        state = self.state
        return {
            "table": orjson.Fragment(self.encoded_summary()),
            "log_size": len(state.history),
            "scores": orjson.Fragment(orjson.dumps(state.scores())),
            "returns": orjson.Fragment(orjson.dumps(state.returns())) if state.is_terminal() else None,
            "end_rule": state.end_rule() if state.is_terminal() else None,
            "clock": None if self.clock is None else self.clock.public(),
            "rematch": None if self.rematch is None else {"table_id": self.rematch},
        }

    def encoded_messages(self, seats: Any, log_entries: int = LOG_TAIL) -> dict[Any, str]:
        """The state message of each of ``seats`` as JSON text, with the last ``log_entries`` log entries.
        What seats share (the table's summary, scores, and the log unless the game has secret actions) is
        encoded once and spliced into each."""
        shared = self._shared()
        return {seat: self.encoded_message(seat, log_entries, shared).decode() for seat in seats}

    def _legal(self, view: dict[str, Any]) -> list[orjson.Fragment]:
        """The legal actions of the player to act, in the game's display order, each with its label: most
        entries depend on the action and the game alone, so they are encoded once per kind of game; a label
        read from the position (``Game.view_label``, from the mover's ``view``) is encoded each time."""
        entry = self.actions.legal_entry
        view_label = self.game.view_label
        out = []
        for a in self.game.display_order(self.state.legal_actions(), view):
            label = view_label(a, view)
            out.append(entry(a) if label is None else orjson.Fragment(orjson.dumps(
                {"action": a.to_json(), "label": label})))
        return out

    def log(self, last: int = LOG_ENTRIES, viewer: int | None = None) -> list[dict[str, Any]]:
        """The last log entries as ``viewer`` may read them (``Game.log_entry``)."""
        return orjson.loads(self.encoded_log(last, viewer))

    def encoded_log(self, last: int, viewer: int | None) -> bytes:
        """The last ``last`` log entries as ``viewer`` may read them (``Game.log_entry``), as JSON. Each entry is
        built and encoded once per action (and viewer, for games with secret actions) and kept, since every
        message of every seat carries it; the list once per state (every accepted action or undo makes a new
        state)."""
        if self._log_state is not self.state:
            self._log_json = {}
            self._log_state = self.state
        who = viewer if self.game.secret_actions else None
        key = (last, who, current_language())
        encoded = self._log_json.get(key)
        if encoded is None:
            size = len(self.state.history)
            encoded = self._log_json[key] = self._log_entries(max(0, size - last), size, viewer)
        return encoded

    def _log_entries(self, start: int, stop: int, viewer: int | None) -> bytes:
        """The log entries of actions ``start`` to ``stop - 1`` as ``viewer`` may read them, as a JSON list; each
        entry is built once (per viewer, in games with secret actions) and kept in ``log_cache``."""
        game = self.game
        who = viewer if game.secret_actions else None
        history = self.state.history
        key = (who, current_language())  # an entry is written in its reader's language
        entries = self.log_cache.get(key)
        if entries is None:
            entries = self.log_cache[key] = []
        if len(entries) < len(history):
            entries.extend([None] * (len(history) - len(entries)))  # built when asked for (a restored table's first)
        for n in range(start, stop):
            if entries[n] is None:
                p, a = history[n]
                text, action = game.log_entry(a, p, who) if game.secret_actions else (game.action_label(a), a.to_json())
                entries[n] = orjson.dumps({"n": n, "seat": p, "text": text, "action": action})
        filled = cast("list[bytes]", entries[start:stop])  # (every entry of the range was made just above)
        return b"[" + b",".join(filled) + b"]"

    def forget_log(self, keep: int) -> None:
        """The history was cut to its first ``keep`` actions (an undo): their entries stay, the others go."""
        for entries in self.log_cache.values():
            del entries[keep:]

    def can_undo(self, seat: int) -> bool:
        """Board Game Arena's policy: only your own last actions, only when every other seat is a bot or
        this is hot-seat play, never across another player's action, never once chance or hidden
        information came into play (the game says which of its actions may be taken back)."""
        state = self.state
        history = state.history
        if not history or history[-1][0] != seat or state.current_player != seat:  # (a finished game has none)
            return False
        if not self.settings.get("hot_seat") and any(s.kind == "human" and i != seat for i, s in enumerate(self.seats)):
            return False
        return self.game.undoable(state, history[-1][1])


async def _durable(write: Any) -> None:
    """Wait for a store write without holding up the server's loop (the writer thread does the fsync). The
    write goes on if the waiting request is cancelled (nothing here cancels it)."""
    loop = asyncio.get_running_loop()
    done = loop.create_future()
    # one wake-up of the loop per write (asyncio.wrap_future and shield would take three)
    write.add_done_callback(lambda w: loop.is_closed() or loop.call_soon_threadsafe(_settle, done, w))
    await done


def _settle(done: asyncio.Future, write: Any) -> None:
    if not done.cancelled():
        exc = write.exception()
        if exc is None:
            done.set_result(None)
        else:
            done.set_exception(exc)


class TableManager:
    """The live tables. ``search_workers`` caps the worker processes the search bots think in (see
    ``thinking.py``); ``extra_agents`` adds seat kinds by name (a factory ``(game, seed) -> Agent``; tests use it)."""

    def __init__(self, store: SqliteStore, bot_delay: float = 0.4, search_workers: int | None = None,
                 extra_agents: dict[str, Callable[[Game, int], Agent]] | None = None):
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.unrestorable: dict[str, str] = {}  # table id -> why it could not be replayed at start
        self.thinker = Thinker(search_workers)
        self.extra_agents = dict(extra_agents or {})
        self.closed = False
        self.stepped: OrderedDict[str, Table] = OrderedDict()  # the finished tables stepped through, last one last

    def encoded_step(self, table: Table, step: int, seat: int | None) -> bytes:
        """``Table.encoded_step``. Kept states cost memory (a Mítosz state is tens of kB, one every REPLAY_EVERY
        actions): only the STEPPED_TABLES tables stepped through last keep theirs."""
        message = table.encoded_step(step, seat)
        self.stepped[table.id] = table
        self.stepped.move_to_end(table.id)
        while len(self.stepped) > STEPPED_TABLES:
            self.stepped.popitem(last=False)[1].forget_steps()
        return message

    def seat_kinds(self, game: Game) -> list[str]:
        """The bots a seat of ``game`` may be played by: the registry's (search presets included) and the extra ones."""
        return agent_names(game) + [name for name in self.extra_agents if name not in agent_names(game)]

    def close(self) -> None:
        """The server stops: searches under way are dropped when they end, no new one starts."""
        self.closed = True
        self.thinker.close()

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
            table = self.tables[stored.id] = Table(stored.id, game, state, seats, stored.settings, stored.created)
            if stored.settings.get("clock"):
                table.clock = Clock.from_json(stored.clock) if stored.clock else Clock.new(
                    stored.settings["clock"], game.num_players)
        for table in self.tables.values():  # a rematch names the table it follows
            old = self.tables.get(table.settings.get("rematch_of") or "")
            if old is not None and old.rematch is None:
                old.rematch = table.id
        return len(self.tables)

    async def create(self, game_name: str, players: int | None, options: dict | None, seed: int | None,
               seats: list[str], settings: dict[str, Any]) -> Table:
        game = load(game_name, players=players, options=options)
        known = self.seat_kinds(game)
        if len(seats) != game.num_players:
            raise TableError(422, _("{n} seats given for {players} players; give one kind per seat", n=len(seats),
                                    players=game.num_players))
        for kind in seats:
            if kind != "human" and kind not in known:
                raise TableError(422, _("unknown seat kind {kind}; a seat is 'human' or one of: {known}", kind=repr(kind),
                                        known=", ".join(known)))
        table_id = uuid.uuid4().hex[:12]
        state = game.new_initial_state(seed=fresh_seed(seed))
        table = Table(table_id, game, state, [Seat(kind=k) for k in seats], settings, time.time())
        if settings.get("clock"):
            table.clock = Clock.new(settings["clock"], game.num_players)
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
                raise TableError(410, _("table {table} could not be restored: {reason}", table=table_id,
                                        reason=self.unrestorable[table_id]))
            raise TableError(404, _("no table {table}", table=repr(table_id)))
        return table

    # -- seats ----------------------------------------------------------------------------------
    async def join(self, table: Table, seat: int) -> str:
        if not 0 <= seat < len(table.seats):
            raise TableError(404, _("table {table} has seats 0 to {last}, not {seat}", table=table.id,
                                    last=len(table.seats) - 1, seat=seat))
        s = table.seats[seat]
        if s.kind != "human":
            raise TableError(409, _("seat {seat} is played by the {kind} bot", seat=seat, kind=s.kind))
        if s.token_hash is not None:
            raise TableError(409, _("seat {seat} is already taken; ask for another seat's link or watch", seat=seat))
        token = secrets.token_urlsafe(24)
        s.token_hash = hash_token(token)
        await _durable(self.store.set_token(table.id, seat, s.token_hash))
        await self._sync_clock(table)  # a seat whose turn it is starts its clock once a player sits down
        return token

    # -- rematch --------------------------------------------------------------------------------
    async def rematch(self, table: Table, token: str | None) -> tuple[Table, int, str]:
        """The rematch of a finished table for the caller's ``seat`` (the caller holds the table's lock): a new
        table of the same game, players, options, settings and seat kinds with a new seed, made once (a later
        call, by any seat, answers with the same table). The caller's own seat of the new table is theirs: its
        token is derived from the caller's token of the old table (so the same caller always gets the same one,
        and the server still keeps only hashes); the other human seats are free, to be joined as usual."""
        seat = table.seat_of(token)
        if seat is None or token is None:
            raise TableError(401, _("a rematch needs the seat token of a player of this table"))
        if not table.state.is_terminal():
            raise TableError(409, _("the game is still running; a rematch can be asked for once it is over"))
        if table.seats[seat].kind != "human":
            raise TableError(403, _("seat {seat} is played by a bot", seat=seat))
        new = self.tables.get(table.rematch or "")
        if new is None:
            settings = {k: v for k, v in table.settings.items() if k != "rematch_of"}
            new = await self.create(table.game.info.name, table.game.num_players, dict(table.game.options), None,
                                    [s.kind for s in table.seats], {**settings, "rematch_of": table.id})
            table.rematch = new.id
        return new, seat, await self._rematch_seat(new, seat, token)

    async def _rematch_seat(self, new: Table, seat: int, old_token: str) -> str:
        s = new.seats[seat]
        # From the caller's secret token of the old table, which the server never stores: as secret as a fresh
        # token, and the same at every call of this seat.
        token = hashlib.sha256(f"rematch:{new.id}:{seat}:{old_token}".encode()).hexdigest()[:32]
        digest = hash_token(token)
        if s.token_hash is None:
            async with new.lock:
                s.token_hash = digest
                await _durable(self.store.set_token(new.id, seat, digest))
                await self._sync_clock(new)
        elif not secrets.compare_digest(s.token_hash, digest):
            raise TableError(409, _("seat {seat} of the rematch {table} was taken by someone else", seat=seat,
                                    table=new.id))
        return token

    # -- play -----------------------------------------------------------------------------------
    async def apply(self, table: Table, seat: int | None, action: Any) -> None:
        """Validate through the engine, store durably, then change the live state. Raises TableError."""
        state = table.state
        if seat is None:
            raise TableError(401, _("an action needs the seat token of the player whose turn it is"))
        try:
            action = table.actions.parse(action)
            trial = state.clone()
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
        clock, also = self._clock_after(table, new_state)
        await self._persist(table, self.store.append_action(table.id, n, seat, action.to_json(), also), new_state, clock)

    @staticmethod
    async def _persist(table: Table, write: Any, new_state: Any, clock: Clock | None = None) -> None:
        """Wait for ``write`` (a store future), then make ``new_state`` the table's state (and ``clock`` its clock:
        the move clock written in the same transaction, ``_clock_after``)."""
        def done() -> None:
            table.state = new_state
            if clock is not None:
                table.clock = clock
            table.forced = None  # any accepted action (or undo) is the move a clock's expiry waited for

        try:
            await _durable(write)
        except asyncio.CancelledError:
            # The request was cancelled, but the write goes on: the live state must follow the disk.
            await _durable(write)
            done()
            raise
        done()

    # -- the move clock -------------------------------------------------------------------------
    @staticmethod
    def clocked_seat(table: Table, state: Any) -> int | None:
        """The seat on the move clock at ``state``: the one to act, if a player (joined, not replaced by a bot)
        holds it."""
        if state.is_terminal():
            return None
        seat = state.current_player
        if not 0 <= seat < len(table.seats):
            return None
        s = table.seats[seat]
        return seat if s.kind == "human" and s.takeover is None and s.token_hash is not None else None

    def _clock_after(self, table: Table, state: Any, now: float | None = None) -> tuple[Clock | None, list]:
        """The table's clock once ``state`` is the table's (a copy; the live one changes when the write is
        durable) and the statements that store it; (None, []) for a table without a clock."""
        if table.clock is None:
            return None, []
        clock = table.clock.copy()
        clock.follow(self.clocked_seat(table, state), len(state.history), time.time() if now is None else now)
        return clock, self.store.clock_statement(table.id, clock.to_json())

    async def _sync_clock(self, table: Table) -> None:
        """The seats changed (a join, a takeover, a player back): start or stop the clock's period to match."""
        clock, statements = self._clock_after(table, table.state)
        if clock is not None and clock.to_json() != table.clock.to_json():  # type: ignore[union-attr]
            await _durable(self.store.submit(statements))
            table.clock = clock

    async def expire_clock(self, table: Table, now: float | None = None) -> bool:
        """If the seat on the clock ran out of time: the table's policy, a bot plays its move (the next
        ``bot_move``). True when that changed the table."""
        clock = table.clock
        if clock is None or table.forced is not None or clock.deadline is None:
            return False
        now = time.time() if now is None else now
        if now < clock.deadline:
            return False
        async with table.lock:
            clock = table.clock.copy()  # type: ignore[union-attr]
            if clock.seat != self.clocked_seat(table, table.state) or clock.move != len(table.state.history):
                return False  # the table moved on meanwhile
            seat = clock.expire(now)
            if seat is None:
                return False
            await _durable(self.store.submit(self.store.clock_statement(table.id, clock.to_json())))
            table.clock = clock
            table.forced = seat
            logger.info("table %s: seat %d ran out of time; a bot plays its move", table.id, seat)
        return True

    def bot_to_move(self, table: Table) -> int | None:
        state = table.state
        if state.is_terminal():
            return None
        seat = state.current_player
        return seat if table.seats[seat].is_bot or table.forced == seat else None

    def _agent(self, table: Table, seat: int) -> tuple[str, Agent]:
        """The seat's bot, kept from move to move (its random stream goes on), seeded from the table's seed."""
        s = table.seats[seat]
        name = s.takeover or (s.kind if s.kind != "human" else self._policy_bot(table))  # (human: its clock ran out)
        entry = table.agents.get(seat)
        if entry is None or entry[0] != name:
            seed = derive_seed(table.state.seed, f"table-seat{seat}")
            factory = self.extra_agents.get(name)
            entry = table.agents[seat] = (name, factory(table.game, seed) if factory else make_agent(name, table.game, seed))
        return entry

    async def bot_move(self, table: Table, wanted: Callable[[], bool] | None = None,
                       thinking: Callable[[], None] | None = None) -> bool:
        """The move of the bot to act, if one is to act (and ``wanted()``, when given, still says so). True when
        the table's messages changed: a move was made, or a search ended without one.

        A search bot thinks in the worker pool (``thinking.py``) without the table's lock: meanwhile the table
        answers as usual, and since the state waits for the bot's move, every other seat's action is refused as
        out of turn. ``thinking()`` is called when such a search starts. Its move is then applied through the
        same validated, durable path as every action, unless the table moved on without it (a player took
        their seat back from a takeover bot and moved, an undo), the table was left (``wanted()``) or the
        server is stopping: then the move is dropped, and the bot (as it was before, its random stream
        included) thinks again when it is next asked to."""
        async with table.lock:
            seat = self.bot_to_move(table)
            if seat is None or self.closed or (wanted is not None and not wanted()):
                return False
            entry = self._agent(table, seat)
            name, agent = entry
            state = table.state
            if not thinks_apart(name):
                await self._commit_bot(table, seat, agent.act(Observation(state, seat)))
                return True
            job = self.thinker.submit(agent, state, seat)
            table.thinking = seat
        try:
            if thinking is not None:
                thinking()
            action, agent_after = await job
        finally:
            if table.thinking == seat:
                table.thinking = None
        async with table.lock:
            if self.closed or self.tables.get(table.id) is not table or table.state is not state \
                    or self.bot_to_move(table) != seat or table.agents.get(seat) is not entry \
                    or (wanted is not None and not wanted()):
                logger.debug("table %s: the move of seat %d's %s is dropped (the table moved on)", table.id, seat, name)
                return True
            table.agents[seat] = (name, agent_after)
            await self._commit_bot(table, seat, table.game.parse_action(action))
            return True

    async def _commit_bot(self, table: Table, seat: int, action: Any) -> None:
        trial = table.state.clone()
        trial.apply(action, player=seat)
        await self._commit(table, trial)

    async def undo(self, table: Table, seat: int) -> None:
        if not table.can_undo(seat):
            raise TableError(409, _("nothing to undo: only your own last action, before anyone else acted "
                                    "and before any card was drawn or revealed"))
        keep = len(table.state.history) - 1
        table.forget_log(keep)
        replayed = table.game.new_initial_state(seed=table.state.seed)
        for p, a in table.state.history[:keep]:
            replayed.apply(a, player=p)
        clock, also = self._clock_after(table, replayed)
        await self._persist(table, self.store.submit(self.store.truncation(table.id, keep, time.time()) + also),
                            replayed, clock)

    def leave(self, table: Table, seat: int) -> None:
        """The last connection of a human seat closed: start the takeover clock."""
        table.seats[seat].left_at = time.time()

    async def take_over_if_due(self, table: Table, now: float | None = None) -> bool:
        """A bot for each player who left ``takeover_seconds`` ago, and the move of a seat whose move clock ran out
        (``expire_clock``). True when the table changed (its bots may have to move)."""
        now = time.time() if now is None else now
        changed = await self.expire_clock(table, now)
        timeout = table.settings.get("takeover_seconds")
        if timeout is None:
            return changed
        taken = False
        for i, s in enumerate(table.seats):
            if s.kind == "human" and s.token_hash and s.connections == 0 and s.takeover is None \
                    and s.left_at is not None and now - s.left_at >= timeout:
                s.takeover = self._policy_bot(table)
                taken = True
        if taken:
            await self._save_seats(table)
            await self._sync_clock(table)  # a bot does not play on the clock
        return changed or taken

    async def take_back(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        if s.takeover is not None:
            s.takeover = None
            s.left_at = None
            await self._save_seats(table)
            await self._sync_clock(table)

    def _policy_bot(self, table: Table) -> str:
        """The bot that plays for a player who left or ran out of time."""
        return table.settings.get("takeover_agent") or self._best_bot(table)

    def _best_bot(self, table: Table) -> str:
        names = agent_names(table.game)
        return "heuristic" if "heuristic" in names else "random"

    async def _save_seats(self, table: Table) -> None:
        await _durable(self.store.update_seats(table.id, [{"kind": s.kind, "takeover": s.takeover} for s in table.seats]))
