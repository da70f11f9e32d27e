"""The live tables and every change to them: made, restored, joined, played (by a seat or its bot), undone,
taken over, timed, rematched.

Every accepted action is validated by the engine on a clone, then written to the store, and only then made the
table's state: nobody hears of a move the disk does not hold (``outbox.notify`` tells the watchers, after).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import logging
import secrets
import time
import uuid
from collections import OrderedDict
from typing import Any, Awaitable, Callable

from cardtable.agents import Agent, Observation, agent_names, make_agent
from cardtable.engine import Action, CardtableError, Game, IllegalAction, State, load
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import Translator
from cardtable.engine.rng import derive_seed
from cardtable.store import StaleWrite, StoredTable, TableStore
from cardtable.store.database import Statements

from .clock import Clock
from .sharing import follow
from .tables import Seat, Table, TableError, TableStale, hash_token
from .thinking import Thinker, thinks_apart

logger = logging.getLogger("cardtable.server")
_ = Translator("cardtable")

STEPPED_TABLES = 8  # the finished tables whose kept states stay: those stepped through last

async def _durable(write: concurrent.futures.Future[Any]) -> None:
    """Wait for a store write without holding up the server's loop (the writer thread does the fsync). The
    write goes on if the waiting request is cancelled (nothing here cancels it)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    # one wake-up of the loop per write (asyncio.wrap_future and shield would take three)
    write.add_done_callback(lambda w: loop.is_closed() or loop.call_soon_threadsafe(_settle, done, w))
    await done


def _settle(done: asyncio.Future[None], write: concurrent.futures.Future[Any]) -> None:
    if not done.cancelled():
        exc = write.exception()
        if exc is None:
            done.set_result(None)
        else:
            done.set_exception(exc)


class TableManager:
    """The live tables. ``search_workers`` caps the worker processes the search bots think in (see
    ``thinking.py``); ``extra_agents`` adds seat kinds by name (a factory ``(game, seed) -> Agent``; tests use it)."""

    def __init__(self, store: TableStore, bot_delay: float = 0.4, search_workers: int | None = None,
                 extra_agents: dict[str, Callable[[Game, int], Agent]] | None = None):
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.unrestorable: dict[str, str] = {}  # table id -> why it could not be replayed at start
        self.thinker = Thinker(search_workers)
        self.extra_agents = dict(extra_agents or {})
        self.closed = False
        self.stepped: OrderedDict[str, Table] = OrderedDict()  # the finished tables stepped through, last one last
        #: called with a table once its last action is durable (the ratings of a rated table)
        self.when_finished: list[Callable[[Table], Awaitable[Any]]] = []
        #: called with a table after each durable action (telling a player away that it is their turn)
        self.when_moved: list[Callable[[Table], Awaitable[Any]]] = []
        #: does this process run the table's bots and clocks (several processes on one database: ``sharing.py``)
        self.owns: Callable[[Table], bool] = lambda table: True
        #: what a new table's creation also writes to say this process runs it
        self.claims: Callable[[str], Statements] = lambda table_id: []

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
            self.adopt(stored)
        return len(self.tables)

    def adopt(self, stored: StoredTable) -> Table | None:
        """A stored table made live: replayed from its seed (at start, or made by another server process)."""
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
            return None
        # Nobody is connected here yet: the takeover clock of every joined human seat starts now.
        now = time.time()
        seats = [Seat(kind=s["kind"], takeover=s.get("takeover"), token_hash=stored.token_hashes.get(i),
                      left_at=now if stored.token_hashes.get(i) else None)
                 for i, s in enumerate(stored.seats)]
        table = self.tables[stored.id] = Table(stored.id, game, state, seats, stored.settings, stored.created,
                                               version=stored.version, truncations=stored.truncations)
        if stored.settings.get("clock"):
            table.clock = Clock.from_json(stored.clock) if stored.clock else Clock.new(
                stored.settings["clock"], game.num_players)
        old = self.tables.get(stored.settings.get("rematch_of") or "")  # a rematch names the table it follows
        if old is not None and old.rematch is None:
            old.rematch = table.id
        return table

    async def create(self, game_name: str, players: int | None, options: dict[str, Any] | None, seed: int | None,
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
        ), also=self.claims(table_id)))
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None and self.store.db.shared and (stored := self.store.load_table(table_id)) is not None:
            table = self.adopt(stored)  # made through another server process a moment ago
        if table is None:
            if table_id in self.unrestorable:
                raise TableError(410, _("table {table} could not be restored: {reason}", table=table_id,
                                        reason=self.unrestorable[table_id]))
            raise TableError(404, _("no table {table}", table=repr(table_id)))
        return table

    # -- seats ----------------------------------------------------------------------------------
    async def join(self, table: Table, seat: int, token: str | None = None) -> str:
        """Take a free human seat; its secret token is ``token`` (an account's, derived for this seat) or new."""
        token = token or secrets.token_urlsafe(24)

        async def take() -> None:
            self.follow(table)  # (several server processes) taken elsewhere a moment ago?
            if not 0 <= seat < len(table.seats):
                raise TableError(404, _("table {table} has seats 0 to {last}, not {seat}", table=table.id,
                                        last=len(table.seats) - 1, seat=seat))
            s = table.seats[seat]
            if s.kind != "human":
                raise TableError(409, _("seat {seat} is played by the {kind} bot", seat=seat, kind=s.kind))
            if s.token_hash is not None:
                raise TableError(409, _("seat {seat} is already taken; ask for another seat's link or watch", seat=seat))
            s.token_hash = hash_token(token)
            await self._persist(table, self.store.token_statement(table.id, seat, s.token_hash))

        await self._retried(take)
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
        if not table.over:
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
                await self._persist(new, self.store.token_statement(new.id, seat, digest))
                await self._sync_clock(new)
        elif not secrets.compare_digest(s.token_hash, digest):
            raise TableError(409, _("seat {seat} of the rematch {table} was taken by someone else", seat=seat,
                                    table=new.id))
        return token

    # -- play -----------------------------------------------------------------------------------
    async def apply(self, table: Table, seat: int | None, action: Any) -> None:
        """Validate through the engine, store durably, then change the live state. Raises TableError."""
        if seat is None:
            raise TableError(401, _("an action needs the seat token of the player whose turn it is"))
        if table.forfeited is not None:
            raise TableError(409, _("the game is over: seat {seat} ran out of time and forfeited", seat=table.forfeited))
        async def play() -> None:
            try:
                parsed = table.actions.parse(action)
                trial = table.state.clone()
                trial.apply(parsed, player=seat)
            except IllegalAction as exc:
                raise TableError(409 if exc.rule == table.game.info.turn_rule else 422, exc.message, exc.rule) from None
            await self._commit(table, trial)

        await self._retried(play)
        if table.seats[seat].takeover is not None:
            await self.take_back(table, seat)  # the player is back: their own accepted move says so

    async def _commit(self, table: Table, new_state: State) -> None:
        """Durable before anyone is told. The caller holds the table's lock, so the table's actions are
        written in order; other tables go on while this one waits for the disk."""
        n = len(table.state.history)
        seat, action = new_state.history[n]
        clock, also = self._clock_after(table, new_state)
        await self._persist(table, self.store.action_statement(table.id, n, seat, action.to_json()) + also, new_state, clock)
        await self._after_change(table, finished=new_state.is_terminal())

    async def _after_change(self, table: Table, finished: bool) -> None:
        """The hooks of a durable move (and of a game ended by it or by a forfeit)."""
        for hook in self.when_moved + (self.when_finished if finished else []):
            try:  # (ratings, notifications: a failed hook is logged; the move stands)
                await hook(table)
            except Exception:
                logger.exception("table %s: a hook after a move failed", table.id)

    async def _persist(self, table: Table, statements: Statements, new_state: State | None = None,
                       clock: Clock | None = None) -> None:
        """Write one change of the table (the caller holds its lock), then make ``new_state`` the table's state and
        ``clock`` its clock (the move clock written in the same transaction, ``_clock_after``). If another server
        process changed the table first, nothing is written: the table catches up and ``TableStale`` is raised."""
        write = self.store.write(table.id, table.version, statements)

        def done() -> None:
            table.version += 1
            if new_state is not None:
                table.state = new_state
                table.forced = None  # any accepted action (or undo) is the move a clock's expiry waited for
            if clock is not None:
                table.clock = clock

        try:
            try:
                await _durable(write)
            except asyncio.CancelledError:
                # The request was cancelled, but the write goes on: the live state must follow the disk.
                await _durable(write)
                done()
                raise
        except StaleWrite:
            table.behind = True
            self.follow(table)
            raise TableStale() from None
        done()

    def follow(self, table: Table) -> bool:
        """Catch up with the changes other server processes stored (the caller holds the table's lock). True when
        the table changed. Nothing to read (the usual case, and always with SQLite) unless one was heard of."""
        return table.behind and follow(self, table)

    @staticmethod
    async def _retried(change: Callable[[], Awaitable[None]]) -> None:
        """``change`` checks the table as it is and writes; when another server process changed the table first
        (``TableStale``: this one has caught up), it runs again on the table as it now is, three times at most."""
        for attempt in range(3):
            try:
                await change()
                return
            except TableStale:
                if attempt == 2:
                    raise

    # -- the move clock -------------------------------------------------------------------------
    @staticmethod
    def clocked_seat(table: Table, state: State) -> int | None:
        """The seat on the move clock at ``state``: the one to act, if a player (joined, not replaced by a bot)
        holds it."""
        if state.is_terminal() or table.forfeited is not None:
            return None
        seat = state.current_player
        if not 0 <= seat < len(table.seats):
            return None
        s = table.seats[seat]
        return seat if s.kind == "human" and s.takeover is None and s.token_hash is not None else None

    def _clock_after(self, table: Table, state: State, now: float | None = None) -> tuple[Clock | None, Statements]:
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
        # (a clock comes back only for a table that has one)
        if clock is not None and table.clock is not None and clock.to_json() != table.clock.to_json():
            await self._persist(table, statements, clock=clock)

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
            if table.clock is None:  # (a table's clock is never taken away: for mypy)
                return False
            clock = table.clock.copy()
            if clock.seat != self.clocked_seat(table, table.state) or clock.move != len(table.state.history):
                return False  # the table moved on meanwhile
            seat = clock.expire(now)
            if seat is None:
                return False
            await self._persist(table, self.store.clock_statement(table.id, clock.to_json()), clock=clock)
            if clock.forfeited is not None:
                logger.info("table %s: seat %d ran out of time and forfeits", table.id, seat)
            else:
                table.forced = seat
                logger.info("table %s: seat %d ran out of time; a bot plays its move", table.id, seat)
        if table.forfeited is not None:
            await self._after_change(table, finished=True)  # (the ratings of a rated table)
        return True

    def bot_to_move(self, table: Table) -> int | None:
        state = table.state
        if state.is_terminal() or table.forfeited is not None:
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

    async def _commit_bot(self, table: Table, seat: int, action: Action) -> None:
        trial = table.state.clone()
        trial.apply(action, player=seat)
        await self._commit(table, trial)

    async def undo(self, table: Table, seat: int) -> None:
        self.follow(table)
        if not table.can_undo(seat):
            raise TableError(409, _("nothing to undo: only your own last action, before anyone else acted "
                                    "and before any card was drawn or revealed"))
        keep = len(table.state.history) - 1
        table.forget_log(keep)
        replayed = table.game.new_initial_state(seed=table.state.seed)
        for p, a in table.state.history[:keep]:
            replayed.apply(a, player=p)
        clock, also = self._clock_after(table, replayed)
        await self._persist(table, self.store.truncation(table.id, keep, time.time()) + also, replayed, clock)
        table.truncations += 1

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
        async with table.lock:
            for i, s in enumerate(table.seats):
                if s.kind == "human" and s.token_hash and not s.present and s.takeover is None \
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
        name: str = table.settings.get("takeover_agent") or self._best_bot(table)
        return name

    def _best_bot(self, table: Table) -> str:
        names = agent_names(table.game)
        return "heuristic" if "heuristic" in names else "random"

    async def _save_seats(self, table: Table) -> None:
        await self._persist(table, self.store.seats_statement(
            table.id, [{"kind": s.kind, "takeover": s.takeover} for s in table.seats]))

    async def change_settings(self, table: Table, settings: dict[str, Any]) -> None:
        """New settings of the table (who may watch, the spectators' delay); the caller holds its lock."""
        self.follow(table)
        await self._persist(table, self.store.settings_statement(table.id, settings))
        table.settings = settings
        table.settings_changed()
