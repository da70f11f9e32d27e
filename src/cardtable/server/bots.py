"""The bot scheduler: the server moves its bots itself, one task per table whose bot is to act, on the server's
loop (a search bot thinks in the worker pool meanwhile: ``thinking.py``); and the sweeper, which hands the seat of
a player who left, or whose move clock ran out, to a bot (``TableManager.take_over_if_due``)."""

from __future__ import annotations

import asyncio
import logging
import time

from .manager import TableManager
from .outbox import notify
from .tables import Table, TableStale

logger = logging.getLogger("cardtable.server")


def unwatched_bots_only(table: Table) -> bool:
    """A table of bots only plays while someone watches it: otherwise nobody waits for its moves,
    and a long game (a huge target score) would keep the server busy for nothing."""
    return all(s.kind != "human" for s in table.seats) and not any(table.watchers.values())


class BotScheduler:
    """Runs the bots of the manager's tables: ``schedule(table)`` after anything that may put a bot to move (an
    action, a join, a watcher, a takeover); ``start`` and ``stop`` with the server."""

    def __init__(self, manager: TableManager, sweep_seconds: float = 1.0):
        self.manager = manager
        self.sweep_seconds = sweep_seconds
        self.tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """At start-up (the tables restored): the bots of every table to move, and the sweeper."""
        for table in self.manager.tables.values():
            self.schedule(table)
        self._sweeper = asyncio.create_task(self.sweep())

    async def stop(self) -> None:
        """At shutdown: no more sweeps, searches under way are dropped (the worker processes stop), and the bots'
        tasks end (a move being written finishes first)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        self.manager.close()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    def schedule(self, table: Table) -> None:
        manager = self.manager
        if manager.bot_to_move(table) is not None and not table.bots_running and not manager.closed \
                and manager.owns(table):
            table.bots_running = True
            task = asyncio.get_running_loop().create_task(self.run(table))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    def schedule_later(self, table: Table) -> None:
        """``schedule`` once the current run has ended."""
        asyncio.get_running_loop().call_soon(self.schedule, table)

    async def run(self, table: Table) -> None:
        manager = self.manager
        delay = manager.bot_delay
        try:
            while True:
                # Always yield, even with no delay: a table of bots must never starve the other requests.
                # A search bot's thinking counts towards the delay.
                await asyncio.sleep(delay)
                if manager.bot_to_move(table) is None or unwatched_bots_only(table) or manager.closed \
                        or not manager.owns(table):
                    return
                started = time.monotonic()
                if await manager.bot_move(table, wanted=lambda: not unwatched_bots_only(table),
                                          thinking=lambda: notify(table)):
                    notify(table)
                delay = max(0.0, manager.bot_delay - (time.monotonic() - started))
        except asyncio.CancelledError:
            raise
        except TableStale:  # another server process moved this table first; it has caught up: look again
            self.schedule_later(table)
        except Exception:  # a bot that fails (or its worker died) stops this table's bots until the next event
            logger.exception("table %s: the bot to move failed", table.id)
        finally:
            table.bots_running = False

    async def sweep(self) -> None:
        manager = self.manager
        while True:
            await asyncio.sleep(self.sweep_seconds)
            for table in list(manager.tables.values()):
                if manager.owns(table) and await manager.take_over_if_due(table):
                    notify(table)
                    self.schedule(table)
