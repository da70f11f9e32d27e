"""Several server processes on one PostgreSQL database, serving the same lobby and tables.

Every process keeps every table live, as the single server does. What keeps them in step:

- **One writer per change.** Each change of a table is written from the version its writer saw to the next
  (``TableStore.write``); a process that was behind fails as a whole (``StaleWrite``) and catches up
  (``follow``): two processes can never both make "the" next move. A player's action is then validated again on
  the table as it now is and written (``TableManager.apply``); only if it is no longer legal does the player
  hear of it (the rule it breaks now), and any other change is answered with 409 "changed meanwhile".
- **Told on commit.** Each change sends a notification when it commits (``Database.announce``); the other
  processes read the table's new rows (``follow``) and tell their own sockets. A heartbeat compares every
  table's version too, so a notification missed (a dropped connection) is caught within a beat.
- **Leases.** The bots, move clocks and takeovers of a table run in the one process holding its lease (renewed
  every beat, ``lease_seconds`` long). When a process dies, its leases lapse and another process takes them
  over: the game goes on. Players may still act through any process.
- **Presence.** Which seats have a socket open, and in which process, is written each beat; a seat connected
  elsewhere is connected (the lease holder does not hand it to a bot, no turn notification is sent).

With SQLite (one process) none of this runs: the process holds every table.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import Any, Callable, Coroutine, Protocol

from cardtable.store import StoredTable, TableStore
from cardtable.store.database import Statements

from .clock import Clock
from .outbox import notify, refuse_spectators
from .tables import Table

logger = logging.getLogger("cardtable.server")

SCHEMA = str(  # i18n: no (SQL)
    """
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    owner TEXT NOT NULL,          -- the server process running the table's bots and clocks
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS presence (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    owner TEXT NOT NULL,          -- the server process the seat has a socket open with
    expires REAL NOT NULL,
    PRIMARY KEY (table_id, seat, owner)
);
""")
CLAIM = ("INSERT INTO leases (table_id, owner, expires) VALUES (?, ?, ?) ON CONFLICT (table_id) DO UPDATE "  # i18n: no
         "SET owner = excluded.owner, expires = excluded.expires "  # i18n: no (SQL)
         "WHERE leases.owner = excluded.owner OR leases.expires < ?")  # i18n: no (SQL)
PRESENT = ("INSERT INTO presence (table_id, seat, owner, expires) VALUES (?, ?, ?, ?) "  # i18n: no (SQL)
           "ON CONFLICT (table_id, seat, owner) DO UPDATE SET expires = excluded.expires")  # i18n: no (SQL)


def follow(manager: "TableManagerLike", table: Table) -> bool:
    """Bring the live table in line with what the database holds (the caller holds the table's lock): seats,
    settings, clock, and the actions other processes stored — appended ones applied, an undo replayed from the
    seed. True when anything changed. (A change not heard of yet is refused at its write: ``StaleWrite``.)"""
    store = manager.store
    table.behind = False  # (before the read: a change heard while reading is read next time)
    known = len(table.state.history)
    stored = store.load_table(table.id, actions_from=max(0, known - 1))
    if stored is None or stored.version == table.version:
        return False
    last = table.state.history[-1] if known else None
    if stored.truncations != table.truncations or (last is not None and (
            not stored.actions or stored.actions[0] != (last[0], last[1].to_json()))):
        stored = store.load_table(table.id)  # an undo elsewhere: the game from its seed
        assert stored is not None
        state = table.game.new_initial_state(seed=table.state.seed)
        new = stored.actions
        table.forget_log(0)
    else:
        new = stored.actions[1:] if last is not None else stored.actions
        state = table.state.clone() if new else table.state
    for seat, action in new:
        state.apply(action, player=seat)
    if state is not table.state:
        table.state = state
        table.forced = None  # the move a clock's expiry waited for was made
    for i, s in enumerate(stored.seats):
        seat_now = table.seats[i]
        seat_now.kind, seat_now.takeover = s["kind"], s.get("takeover")
        seat_now.token_hash = stored.token_hashes.get(i)
    if stored.settings != table.settings:
        table.settings = stored.settings
        table.settings_changed()
    if stored.clock is not None:
        table.clock = Clock.from_json(stored.clock)
    table.version, table.truncations = stored.version, stored.truncations
    return True


class TableManagerLike(Protocol):
    """What ``follow`` and ``Sharing`` need of the manager (``manager.TableManager``)."""

    store: TableStore
    tables: dict[str, Table]
    owns: Callable[[Table], bool]
    claims: Callable[[str], Statements]

    def adopt(self, stored: StoredTable) -> Table | None: ...

    def follow(self, table: Table) -> bool: ...


class Sharing:
    """Keeps this process in step with the others sharing its database (nothing to do for SQLite).
    ``schedule(table)``: the bot scheduler's, called when a table changed here because of another process."""

    def __init__(self, manager: TableManagerLike, schedule: Callable[[Table], None], lease_seconds: float = 10.0):
        self.manager = manager
        self.store = manager.store
        self.schedule = schedule
        self.lease_seconds = lease_seconds
        self.owner = uuid.uuid4().hex
        self.active = manager.store.db.shared
        self.leases: dict[str, float] = {}  # table -> until when this process holds it
        self.elsewhere: set[tuple[str, int]] = set()  # seats with a socket open in another process
        self._loop: asyncio.AbstractEventLoop | None = None
        self._beat: asyncio.Task[None] | None = None
        self._refreshing: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        if self.active:
            self.store.executescript(SCHEMA)
            manager.owns = self.holds
            manager.claims = self.claim

    def holds(self, table: Table) -> bool:
        """Does this process run the table's bots and clocks?"""
        return self.leases.get(table.id, 0.0) > time.time()

    async def start(self) -> None:
        if not self.active:
            return
        self._loop = asyncio.get_running_loop()
        await self.beat()
        self.store.db.listen(self._heard)
        self._beat = asyncio.create_task(self._beats())

    async def stop(self) -> None:
        if not self.active:
            return
        if self._beat is not None:
            self._beat.cancel()
        self.store.db.stop_listening()
        self._loop = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        # Let the others take this process's tables at once rather than when the leases lapse.
        await asyncio.wrap_future(self.store.submit([
            ("DELETE FROM leases WHERE owner = ?", (self.owner,)),  # i18n: no (SQL)
            ("DELETE FROM presence WHERE owner = ?", (self.owner,))]))  # i18n: no (SQL)
        self.leases.clear()

    def claim(self, table_id: str) -> Statements:
        """A table made here: this process runs it (the lease is written with the table)."""
        now = time.time()
        self.leases[table_id] = now + self.lease_seconds
        return [(CLAIM, (table_id, self.owner, now + self.lease_seconds, now))]

    # -- another process changed a table -------------------------------------------------------------
    def _heard(self, table_id: str) -> None:
        """(The listener's thread.) ``""``: notifications may have been missed; compare every table."""
        loop = self._loop
        table = self.manager.tables.get(table_id)
        if table is not None:
            table.behind = True  # (a plain attribute: read by the loop's next follow)
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._refresh_soon, table_id)

    def _refresh_soon(self, table_id: str) -> None:
        if table_id == "":
            self._spawn(self._compare_versions())
        elif table_id not in self._refreshing:  # one refresh reads every change made meanwhile
            self._refreshing.add(table_id)
            self._spawn(self.refresh(table_id))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def refresh(self, table_id: str) -> None:
        try:
            table = self.manager.tables.get(table_id)
            if table is None:
                stored = self.store.load_table(table_id)
                table = self.manager.adopt(stored) if stored is not None else None
                changed = table is not None
            else:
                self._refreshing.discard(table_id)  # a change from now on needs another read
                table.behind = True  # (also when the heartbeat found its version changed)
                async with table.lock:
                    changed = self.manager.follow(table)
            if changed and table is not None:
                refuse_spectators(table)  # (the owner may have changed who may watch through another process)
                notify(table)
                self.schedule(table)
        except Exception:
            logger.exception("table %s: catching up with another server's change failed", table_id)
        finally:
            self._refreshing.discard(table_id)

    async def _compare_versions(self) -> None:
        versions = self.store.versions()
        for table_id, version in versions.items():
            table = self.manager.tables.get(table_id)
            if table is None or table.version != version:
                await self.refresh(table_id)

    # -- the heartbeat: leases, presence, versions ------------------------------------------------------
    async def _beats(self) -> None:
        while True:
            await asyncio.sleep(self.lease_seconds / 4)
            try:
                await self.beat()
                await self._compare_versions()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: the leases lapse, the others (or this one, later) go on
                logger.exception("the heartbeat of this server process failed")

    async def beat(self) -> None:
        """Renew this process's leases and claim the lapsed ones of running tables; say which seats are
        connected here; learn which are connected elsewhere."""
        now = time.time()
        until = now + self.lease_seconds
        tables = self.manager.tables
        running = [t for t in tables.values() if not t.over]
        statements: Statements = [(CLAIM, (t.id, self.owner, until, now)) for t in running]
        statements += [(PRESENT, (t.id, seat, self.owner, until)) for t in running
                       for seat, s in enumerate(t.seats) if s.connections > 0]
        statements.append(("DELETE FROM presence WHERE expires < ?", (now,)))  # i18n: no (SQL)
        await asyncio.wrap_future(self.store.submit(statements))
        held = self.store.query("SELECT table_id FROM leases WHERE owner = ? AND expires > ?", (self.owner, now))  # i18n: no
        gained = {str(r[0]) for r in held} - {t for t, u in self.leases.items() if u > now}
        self.leases = {str(r[0]): until for r in held}
        self.elsewhere = {(str(r[0]), int(r[1])) for r in self.store.query(
            "SELECT table_id, seat FROM presence WHERE owner <> ? AND expires > ?", (self.owner, now))}  # i18n: no
        for table in tables.values():
            for seat, s in enumerate(table.seats):
                elsewhere = (table.id, seat) in self.elsewhere
                if elsewhere != s.elsewhere:
                    s.elsewhere = elsewhere
                    if not s.present and s.left_at is None:
                        s.left_at = now  # gone from the other process: the takeover clock starts
        for table_id in gained:  # taken over from a process that stopped: its bots and clocks run here now
            taken = tables.get(table_id)
            if taken is not None:
                logger.info("table %s: this server process runs it now", table_id)
                self.schedule(taken)


__all__ = ["Sharing", "follow"]
