"""Bots that think apart: the search bots move in a bounded pool of worker processes.

The server moves its bots itself. ``random`` and ``heuristic`` answer in well under a millisecond and move on
the server's event loop, as they always did. A search bot (ISMCTS: a tenth of a second to a few seconds a
move, all of it pure Python that never releases the GIL) would stall every table if it thought there, and
would still halve the loop's share of the interpreter in a thread; it thinks in a worker process instead,
one of at most ``workers`` (by default one per core but one, at least one), so any number of tables of
search bots share that much CPU and never the loop's. A table's search waits in the pool's queue for a free
worker.

**What crosses to a worker is only what the seat may know** (:class:`SealedObservation`): the seat's view and
legal actions, and in place of the state a *determinization* of it for that seat, a state in which
everything hidden from the seat is redealt at random from a fixed stream (``agents/determinize.py``); its
seed (which with the history would replay the real deal) is blanked and its history left out. A
determinization depends on the seat's information only, so the real hidden cards cannot reach the worker
even by accident, and every determinization the search then draws from it is the one it would draw from the
real state (``determinize(determinize(s, p, a), p, b) == determinize(s, p, b)`` up to seed and history, which
the search never reads): **the worker's move is exactly the move the agent makes in process**.

The agent travels with the observation and comes back with the move, so its own random stream goes on from
where it stopped, as if it had stayed in the server (seeded as the server always seeded it:
``derive_seed(table seed, "table-seat<n>")``). The move comes back as JSON and goes through the table's
ordinary validated and durable path.

A game's static data (card definitions, boards; some of it made at run time, so not picklable) never
travels: any object reachable from the ``Game`` is sent as its path from the game (``persistent_id``) and
looked up in the worker's own copy of the game, loaded once per worker from (name, players, options).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import io
import logging
import multiprocessing
import os
import pickle
import threading
import time
import types
import weakref
from typing import IO, Any, Callable, Iterator, cast

import orjson

from cardtable.agents import Agent, Observation
from cardtable.agents.determinize import determinize
from cardtable.engine import Action, Game, State, load
from cardtable.engine.rng import Rng

logger = logging.getLogger("cardtable.server")

#: agents fast enough to move on the server's loop (well under a millisecond a move); every other one thinks in
#: the worker pool
LOOP_AGENTS = frozenset({"random", "heuristic"})


def thinks_apart(name: str) -> bool:
    return name not in LOOP_AGENTS


def default_workers() -> int:
    """One worker per core but one (the server's loop keeps a core), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


# -- what the seat may know ----------------------------------------------------------------------------------
_SEAL_STREAM = "sealed-observation"


class SealedObservation(Observation):
    """An :class:`Observation` that holds no hidden information, so it may leave the server: the view and legal
    actions of the real state, and a determinization for the seat in place of the state (see the module's
    docstring). ``determinize`` works on that determinization and gives what it would give on the real state."""

    __slots__ = ()

    @classmethod
    def of(cls, state: State, player: int) -> "SealedObservation":
        obs = cls.__new__(cls)
        base = determinize(state, player, Rng(0, _SEAL_STREAM))
        base.seed = 0  # with the history, the seed would replay the real deal
        base.history = []
        obs.game = state.game
        obs.player = player
        obs.legal_actions = state.legal_actions()
        obs._view = state.view(player)
        obs._view_of = base.view
        return obs

    @property
    def base(self) -> State:
        """The state the observation stands on: a determinization for ``player``, nothing hidden in it."""
        view_of = cast(types.MethodType, self._view_of)  # (a bound method of that state)
        return cast(State, view_of.__self__)

    def __reduce__(self) -> tuple[Callable[..., "SealedObservation"], tuple[Any, ...]]:
        return _sealed, (self.game, self.player, self.legal_actions, self._view, self.base)


def _sealed(game: Game, player: int, legal_actions: list[Action], view: dict[str, Any] | None,
            base: State) -> SealedObservation:
    obs = SealedObservation.__new__(SealedObservation)
    obs.game = game
    obs.player = player
    obs.legal_actions = legal_actions
    obs._view = view
    obs._view_of = base.view
    return obs


# -- a game's static data stays where it is: sent as its path from the game ---------------------------------
_ATOMS = (str, bytes, int, float, complex, bool, type(None), range)
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
           types.CodeType, set, frozenset, weakref.ref)


#: one step from an object to a part of it: (0, a dict's key), (1, a list's or tuple's index), (2, an attribute)
Step = tuple[int, Any]
#: the steps from the game to one of its objects
StaticPath = tuple[Step, ...]
#: a kind of game, as a worker loads it: (name, players, options as JSON)
GameKey = tuple[str, int, bytes]


def _children(obj: Any) -> Iterator[tuple[Step, Any]]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            if isinstance(key, (str, int)) or (isinstance(key, tuple) and all(isinstance(k, (str, int)) for k in key)):
                yield (0, key), value
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            yield (1, i), value
    else:
        attrs = getattr(obj, "__dict__", None)
        if isinstance(attrs, dict):
            for name, value in attrs.items():
                yield (2, name), value
        for cls in type(obj).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                    yield (2, name), getattr(obj, name)


def static_paths(game: Game) -> dict[int, StaticPath]:
    """id -> path from ``game`` of every object reachable from it (atoms, classes and functions aside)."""
    paths: dict[int, StaticPath] = {}
    stack: list[tuple[StaticPath, Any]] = [((), game)]
    while stack:
        path, obj = stack.pop()
        if isinstance(obj, _ATOMS) or isinstance(obj, _OPAQUE) or id(obj) in paths:
            continue
        paths[id(obj)] = path
        stack.extend((path + (step,), child) for step, child in _children(obj))
    return paths


def resolve(game: Game, path: StaticPath) -> Any:
    obj: Any = game
    for kind, key in path:
        obj = getattr(obj, key) if kind == 2 else obj[key]
    return obj


class _Pickler(pickle.Pickler):
    def __init__(self, file: IO[bytes], paths: dict[int, StaticPath]):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._paths = paths

    def persistent_id(self, obj: Any) -> StaticPath | None:
        return self._paths.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file: IO[bytes], game: Game, cache: dict[StaticPath, Any]):
        super().__init__(file)
        self._game = game
        self._cache = cache

    def persistent_load(self, pid: Any) -> Any:
        obj = self._cache.get(pid)
        if obj is None:
            obj = self._cache[pid] = resolve(self._game, pid)
        return obj


class GameCodec:
    """Pickles objects of one game's world (states, agents), its static data by path."""

    def __init__(self, game: Game):
        self.game = game
        self.paths = static_paths(game)
        self.resolved: dict[StaticPath, Any] = {}

    def dumps(self, obj: Any) -> bytes:
        buf = io.BytesIO()
        _Pickler(buf, self.paths).dump(obj)
        return buf.getvalue()

    def loads(self, data: bytes) -> Any:
        return _Unpickler(io.BytesIO(data), self.game, self.resolved).load()


def game_key(game: Game) -> GameKey:
    return game.info.name, game.num_players, orjson.dumps(game.options, option=orjson.OPT_SORT_KEYS)


# -- in the worker -------------------------------------------------------------------------------------------
_worker_codecs: dict[GameKey, GameCodec] = {}


def _worker_codec(key: GameKey) -> GameCodec:
    codec = _worker_codecs.get(key)
    if codec is None:
        if len(_worker_codecs) >= 64:  # many kinds of game (options chosen per table): start again
            _worker_codecs.clear()
        name, players, options = key
        codec = _worker_codecs[key] = GameCodec(load(name, players=players, options=orjson.loads(options)))
    return codec


def think(key: GameKey, task: bytes) -> bytes:
    """In a worker: the agent's move for the sealed observation, as JSON, and the agent after it."""
    codec = _worker_codec(key)
    agent, obs = codec.loads(task)
    action = agent.act(obs)
    return codec.dumps((action.to_json(), agent))


def _start_worker(parent: int) -> None:
    # A server killed with SIGKILL cannot stop its workers, and a worker holds its own ends of the pool's pipes,
    # so it would never see the server go: it leaves by itself when its parent (``parent``, the server's pid:
    # the server may be gone before the worker got here) is gone.

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    import cardtable.agents.ismcts  # noqa: F401  (the search loads once per worker, not per move)


# -- in the server -------------------------------------------------------------------------------------------
class Thinker:
    """The bounded pool of worker processes the search bots think in, started at the first search.

    ``threads=True`` thinks in threads of the server's process instead (for measurements: the search then takes
    the interpreter from the loop for up to ``sys.getswitchinterval()`` at a time, on one core)."""

    threads = False

    def __init__(self, workers: int | None = None):
        self.workers = default_workers() if workers is None else workers
        self._pool: concurrent.futures.Executor | None = None
        self._codecs: weakref.WeakKeyDictionary[Game, GameCodec] = weakref.WeakKeyDictionary()
        self.closed = False

    def codec(self, game: Game) -> GameCodec:
        codec = self._codecs.get(game)
        if codec is None:
            codec = self._codecs[game] = GameCodec(game)
        return codec

    def submit(self, agent: Agent, state: State, seat: int) -> "asyncio.Future[tuple[dict[str, Any], Agent]]":
        """Start the agent's decision for ``seat`` at ``state``; what it needs is taken now, so the state may
        change while it thinks. The future gives (the action's JSON, the agent after the decision)."""
        if self.closed:
            raise RuntimeError("the server is shutting down")  # i18n: no (never reaches a player)
        game = state.game
        codec = self.codec(game)
        task = codec.dumps((agent, SealedObservation.of(state, seat)))
        if self._pool is None and self.threads:
            self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="search")
        elif self._pool is None:
            # spawn: the server has threads (the store's writer), which a fork would copy mid-flight
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                initargs=(os.getpid(),))
        loop = asyncio.get_running_loop()
        done = loop.run_in_executor(self._pool, think, game_key(game), task)
        return asyncio.ensure_future(self._decode(codec, done, self._pool))

    async def _decode(self, codec: GameCodec, done: "asyncio.Future[bytes]",
                      pool: concurrent.futures.Executor) -> tuple[dict[str, Any], Agent]:
        try:
            answer: tuple[dict[str, Any], Agent] = codec.loads(await done)
            return answer
        except concurrent.futures.BrokenExecutor:
            if self._pool is pool:
                logger.warning("a search worker died; the searches under way are lost, a new pool starts with the next")
                self.restart()
            raise

    def restart(self) -> None:
        """A new pool at the next search (after a worker died: the pool is broken)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        self.closed = True
        self.restart()
