"""What a table's watchers are sent: each WebSocket's outbox, and ``notify``, which puts a table's new state in
every outbox of the table (one message per seat and language, whoever made the change: a request, a bot, the
sweeper)."""

from __future__ import annotations

import asyncio
import collections
from typing import TYPE_CHECKING, Callable

from cardtable.engine.i18n import language

if TYPE_CHECKING:
    from .tables import Table


class Outbox:
    """The messages waiting to be sent on one WebSocket: ``notify`` puts, the connection's sender takes. One
    producer loop, one consumer: a deque and a wake-up, cheaper than an ``asyncio.Queue`` (a move puts one
    message in the outbox of every watcher)."""

    __slots__ = ("items", "waiter", "lang", "may_stay", "closing")

    def __init__(self, lang: str = "en"):
        self.items: collections.deque[str] = collections.deque()
        self.waiter: asyncio.Future[None] | None = None
        self.lang = lang  # the language its reader reads the table in
        #: a spectator's socket: why it may no longer watch (None: it may), asked when the table's owner changes who
        #: may watch (``refuse_spectators``)
        self.may_stay: Callable[[], str | None] | None = None
        self.closing: tuple[int, str] | None = None  # the close code and reason its socket is to be closed with

    def close(self, code: int, reason: str) -> None:
        """Close the socket (its sender does, before any message still waiting)."""
        self.closing = (code, reason)
        self._wake()

    def _wake(self) -> None:
        waiter = self.waiter
        if waiter is not None:
            self.waiter = None
            if not waiter.done():
                waiter.set_result(None)

    def put_nowait(self, message: str) -> None:
        self.items.append(message)
        self._wake()

    async def get(self) -> str | None:
        """The next message, or None once the socket is to be closed (``closing``)."""
        while not self.items and self.closing is None:
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return None if self.closing is not None else self.items.popleft()


def refuse_spectators(table: Table) -> int:
    """Close the spectators' sockets that may no longer watch the table (its owner changed who may); how many."""
    closed = 0
    for outbox in list(table.watchers.get(None, ())):
        reason = outbox.may_stay() if outbox.may_stay is not None else None
        if reason is not None:
            outbox.close(4403, reason)
            closed += 1
    return closed


def notify(table: Table) -> None:
    """Every watcher's message of the table's new state, made once per seat and language."""
    readers: dict[str, dict[int | None, list[Outbox]]] = {}
    for seat, queues in table.watchers.items():
        for queue in queues:
            readers.setdefault(queue.lang, {}).setdefault(seat, []).append(queue)
    for lang, seats in readers.items():
        with language(lang):
            messages = table.encoded_messages(list(seats))
        for seat, outboxes in seats.items():
            for outbox in outboxes:
                outbox.put_nowait(messages[seat])
