"""What a table's watchers are sent: each WebSocket's outbox, and ``notify``, which puts a table's new state in
every outbox of the table (one message per seat and language, whoever made the change: a request, a bot, the
sweeper)."""

from __future__ import annotations

import asyncio
import collections
from typing import TYPE_CHECKING

from cardtable.engine.i18n import language

if TYPE_CHECKING:
    from .tables import Table


class Outbox:
    """The messages waiting to be sent on one WebSocket: ``notify`` puts, the connection's sender takes. One
    producer loop, one consumer: a deque and a wake-up, cheaper than an ``asyncio.Queue`` (a move puts one
    message in the outbox of every watcher)."""

    __slots__ = ("items", "waiter", "lang")

    def __init__(self, lang: str = "en"):
        self.items: collections.deque[str] = collections.deque()
        self.waiter: asyncio.Future[None] | None = None
        self.lang = lang  # the language its reader reads the table in

    def put_nowait(self, message: str) -> None:
        self.items.append(message)
        waiter = self.waiter
        if waiter is not None:
            self.waiter = None
            if not waiter.done():
                waiter.set_result(None)

    async def get(self) -> str:
        while not self.items:
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
        return self.items.popleft()


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
