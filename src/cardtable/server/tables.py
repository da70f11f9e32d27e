"""Tables in play: each holds a game state, its seats, and who is watching, and builds every message a seat
is sent (``TableManager`` in ``manager.py`` changes them).

Everything a client receives is built here from ``state.view(seat)`` (or the spectator's view) —
never from the state itself. Tokens are kept only as hashes.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any, Iterable, cast

import orjson

from cardtable.agents import Agent
from cardtable.engine import CardtableError, Game, State
from cardtable.engine.i18n import Translator, current_language
from cardtable.engine.steps import Steps
from cardtable.engine.view_model import check_view, views_are_checked

from .action_cache import ACTION_CACHE_KEY_BYTES, ACTION_CACHE_SIZE, ActionCache
from .clock import Clock
from .outbox import Outbox

__all__ = ["ACTION_CACHE_KEY_BYTES", "ACTION_CACHE_SIZE", "ActionCache", "LOG_ENTRIES", "LOG_TAIL", "REPLAY_EVERY",
           "Seat", "Table", "TableError", "hash_token"]

_ = Translator("cardtable")

LOG_ENTRIES = 60  # how much of the log a seat gets when it connects (and in every HTTP answer)
LOG_TAIL = 8  # how much of it each later message carries: each message follows at most one new action
REPLAY_EVERY = 64  # a finished game stepped through keeps its state every this many actions


class TableError(CardtableError):
    """A request the table refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, rule: str | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule


class TableStale(TableError):
    """Another server process changed the table first: this one has caught up; the request may be tried again."""

    def __init__(self) -> None:
        super().__init__(409, _("the table changed meanwhile (a move through another server came first); "
                                "look at it again and retry"))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    kind: str  # "human" or an agent name
    takeover: str | None = None  # agent playing for a human who left
    token_hash: str | None = None
    connections: int = 0  # sockets open with this process
    left_at: float | None = None
    elsewhere: bool = False  # a socket open with another server process (``sharing.py``)

    @property
    def present(self) -> bool:
        """Is the player connected (to any server process)?"""
        return self.connections > 0 or self.elsewhere

    @property
    def is_bot(self) -> bool:
        return self.kind != "human" or self.takeover is not None

    def public(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "taken": self.kind != "human" or self.token_hash is not None,
            "connected": self.present if self.kind == "human" else True,
            "takeover": self.takeover,
        }


@dataclass
class Table:
    id: str
    game: Game
    state: State
    seats: list[Seat]
    settings: dict[str, Any]
    created: float
    watchers: dict[int | None, set[Outbox]] = field(default_factory=dict)  # seat (or None) -> its sockets' outboxes
    agents: dict[int, tuple[str, Agent]] = field(default_factory=dict)  # seat -> (its bot's name, the bot)
    thinking: int | None = None  # the seat whose search bot is thinking in the worker pool
    log_cache: dict[tuple[int | None, str], list[bytes | None]] = field(default_factory=dict)  # (viewer, language) -> entries
    # shared by the tables of this kind of game; set as the table is made
    actions: ActionCache = field(init=False, repr=False)
    bots_running: bool = False
    _log_state: State | None = None  # the state whose log _log_json encodes
    _log_json: dict[tuple[int, int | None, str], bytes] = field(default_factory=dict)  # (entries, viewer, language)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _summary_head: bytes | None = None  # the summary's JSON up to its seats, which never changes
    _seats_key: tuple[tuple[str, bool, bool, str | None], ...] | None = None  # the seats as _seats_json encodes them
    _seats_json: bytes = b""
    _open: bool = False
    _steps: Steps | None = None  # a finished game's positions, once someone steps through it
    clock: Clock | None = None  # the move clock (``clock.py``), for a table created with one
    forced: int | None = None  # the seat whose clock expired: a bot plays its next move (``take_over_if_due``)
    rematch: str | None = None  # the table of the rematch, once one was asked for (``TableManager.rematch``)
    _delayed: State | None = None  # what spectators see of a table with a spectator delay (``delayed_state``)
    version: int = 0  # the table's changes so far, as this process knows them (``TableStore.write``)
    truncations: int = 0  # its undos so far (another process's undo means a replay: ``sharing.follow``)
    behind: bool = False  # another server process changed it since this one last read it (``sharing.follow``)

    def __post_init__(self) -> None:
        self.actions = ActionCache.of(self.game)

    @property
    def forfeited(self) -> int | None:
        """The seat that forfeited when its move clock ran out (a clock with the ``forfeit`` policy), or None."""
        return None if self.clock is None else self.clock.forfeited

    @property
    def over(self) -> bool:
        """Is the game over: ended by its rules, or by a forfeit?"""
        return self.state.is_terminal() or self.forfeited is not None

    def final_returns(self) -> list[float] | None:
        """The game's shares of the win once it is over: its own, or after a forfeit every other seat's alike."""
        if self.state.is_terminal():
            return list(self.state.returns())
        seat = self.forfeited
        if seat is None:
            return None
        others = self.game.num_players - 1
        return [0.0 if i == seat else 1.0 / others for i in range(self.game.num_players)]

    def settings_changed(self) -> None:
        """The settings changed (who watches, the spectators' delay): the summary and the delayed state are redone."""
        self._summary_head = None
        self._seats_key = None
        self._delayed = None

    def delayed_state(self) -> State | None:
        """The spectators' state of a running game with a spectator delay: the game that many actions ago, kept and
        moved on as the game goes (made anew after an undo). None: spectators see the present."""
        delay = int(self.settings.get("spectator_delay") or 0)
        state = self.state
        if delay <= 0 or self.over:
            return None
        history = state.history
        target = max(0, len(history) - delay)
        d = self._delayed
        if d is None or len(d.history) > target or (d.history and d.history[-1] != history[len(d.history) - 1]):
            d = self.game.new_initial_state(seed=state.seed)
        for seat, action in history[len(d.history):target]:
            d.apply(action, player=seat)
        self._delayed = d
        return d

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
        key = tuple((s.kind, s.token_hash is None, s.present, s.takeover) for s in seats)
        if key != self._seats_key:
            if self._summary_head is None:
                info = self.game.info
                self._summary_head = orjson.dumps({
                    "id": self.id, "game": info.name, "title": info.title, "renderer": self.game.kit.web,
                    "players": self.game.num_players,
                    "options": self.game.options, "created": self.created,
                    "clock": self.settings.get("clock"), "rated": bool(self.settings.get("rated")),
                    "watchers": self.settings.get("watchers", "anyone"),
                    "spectator_delay": int(self.settings.get("spectator_delay") or 0),
                    "rematch_of": self.settings.get("rematch_of")})[:-1] + b',"seats":'
            self._seats_key = key
            self._seats_json = orjson.dumps([s.public() for s in seats])
            self._open = any(s.kind == "human" and s.token_hash is None for s in seats)
        state = self.state
        status = b"finished" if self.over else b"open" if self._open else b"running"
        return b"%s%s,\"status\":\"%s\",\"actions\":%d,\"thinking\":%s}" % (
            self._summary_head, self._seats_json, status, len(state.history),
            b"null" if self.thinking is None else b"%d" % self.thinking)

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.info.name,
            "title": self.game.info.title,
            "renderer": self.game.kit.web,  # the game's browser renderer, named by its kit (None: the generic one)
            "players": self.game.num_players,
            "options": self.game.options,
            "seats": [s.public() for s in self.seats],
            "status": "finished" if self.over else ("open" if any(
                s.kind == "human" and s.token_hash is None for s in self.seats) else "running"),
            "actions": len(state.history),
            "created": self.created,
            "thinking": self.thinking,
            "clock": self.settings.get("clock"),
            "rated": bool(self.settings.get("rated")),
            "watchers": self.settings.get("watchers", "anyone"),
            "spectator_delay": int(self.settings.get("spectator_delay") or 0),
            "rematch_of": self.settings.get("rematch_of"),
        }

    def message_for(self, seat: int | None, log_entries: int = LOG_ENTRIES) -> dict[str, Any]:
        """``encoded_message`` as a dict."""
        message: dict[str, Any] = orjson.loads(self.encoded_message(seat, log_entries))
        return message

    def encoded_message(self, seat: int | None, log_entries: int = LOG_ENTRIES, shared: dict[str, Any] | None = None) -> bytes:
        """Everything one seat (or a spectator, None) is sent, as JSON: its view, its legal moves, the last
        ``log_entries`` entries of the public log (``log_size`` entries in all; a client keeps what it got
        before and merges by ``n``). ``shared`` holds what every seat's message of this state shares, encoded
        once (``_shared``)."""
        state = self.state
        if shared is None:
            shared = self._shared()
        if seat is None and (late := self.delayed_state()) is not None:
            return self._encoded_late(late, log_entries, shared)
        mine = seat is not None and state.current_player == seat and not self.seats[seat].is_bot \
            and self.forfeited is None
        return orjson.dumps({
            "type": "state",
            "table": shared["table"],
            "seat": seat,
            "view": (view := self._checked(state.view(seat))),
            "legal": self._legal(view) if mine else [],
            "log": orjson.Fragment(self.encoded_log(log_entries, seat)),
            "log_size": shared["log_size"],
            "undo": seat is not None and self.can_undo(seat),
            "scores": shared["scores"],
            "returns": shared["returns"],
            "end_rule": shared["end_rule"],
            "clock": shared["clock"],
            "rematch": shared["rematch"],
            "forfeit": shared["forfeit"],
        })

    def _encoded_late(self, late: State, log_entries: int, shared: dict[str, Any]) -> bytes:
        """A spectator's message of a game watched late (``delayed_state``): the view and the log of then, no clock
        (it would tell who is to move now), and ``delayed``, the number of actions the spectator is behind."""
        step = len(late.history)
        return orjson.dumps({
            "type": "state", "table": shared["table"], "seat": None,
            "view": self._checked(late.view(None)), "legal": [],
            "log": orjson.Fragment(self._log_entries(max(0, step - log_entries), step, None)),
            "log_size": step, "undo": False, "scores": late.scores(), "returns": None, "end_rule": None,
            "clock": None, "rematch": None, "forfeit": None, "delayed": len(self.state.history) - step,
        })

    def _checked(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view``, first checked against the game's view model when views are checked (the tests: a view with a
        field its schema does not describe fails there instead of reaching a client)."""
        if views_are_checked():
            check_view(self.game.info.name, orjson.dumps(view))
        return view

    def state_at(self, step: int) -> State:
        """The finished game's state after its first ``step`` actions, replayed from its seed (``Steps``: states
        at every REPLAY_EVERY-th action are kept, so a step forward or back costs at most that many actions)."""
        if not self.over:
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
            "view": self._checked(state.view(seat)),
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
            "returns": orjson.Fragment(orjson.dumps(self.final_returns())) if self.over else None,
            "end_rule": state.end_rule() if state.is_terminal() else None,
            "forfeit": self.forfeited,  # the seat that lost on time (a clock with the forfeit policy)
            "clock": None if self.clock is None else self.clock.public(),
            "rematch": None if self.rematch is None else {"table_id": self.rematch},
        }

    def encoded_messages(self, seats: Iterable[int | None], log_entries: int = LOG_TAIL) -> dict[int | None, str]:
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
        entries: list[dict[str, Any]] = orjson.loads(self.encoded_log(last, viewer))
        return entries

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
        if self.forfeited is not None:
            return False
        if not history or history[-1][0] != seat or state.current_player != seat:  # (a finished game has none)
            return False
        if not self.settings.get("hot_seat") and any(s.kind == "human" and i != seat for i, s in enumerate(self.seats)):
            return False
        return self.game.undoable(state, history[-1][1])
