"""A table's WebSocket, ``/api/tables/{id}/ws``: one connection is one watcher, sent every state of the table
(``outbox.notify``) and taking the seat's actions, undos and pings.

Clients only ever receive messages built by ``Table.encoded_message(seat)``: the seat's own view, its legal moves
and the public log. A seat proves itself with the secret token it got on joining, as the ``token`` query
parameter or in a first ``hello`` message.
"""

from __future__ import annotations

import asyncio
import re
from typing import Awaitable, Callable

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.engine.i18n import Translator, current_language

from .bots import BotScheduler
from .limits import MAX_BODY
from .manager import TableManager
from .outbox import Outbox, notify
from .tables import LOG_ENTRIES, TableError
from .watching import Watching

_ = Translator("cardtable")

#: a table socket's handler: (the socket, the table's id, the ``token`` query parameter)
SocketHandler = Callable[[WebSocket, str, str | None], Awaitable[None]]

TABLE_SOCKET = re.compile(r"/api/tables/([^/]+)/ws")


class TableSockets:
    """``/api/tables/{id}/ws`` goes straight to its handler: a table's WebSocket carries every move of the table,
    and through FastAPI's router each message sent would pass the exception middleware's wrapper (and each
    connection the router and dependency solving). Everything else goes on to the app."""

    def __init__(self, app: ASGIApp, handler: SocketHandler):
        self.app = app
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match = TABLE_SOCKET.fullmatch(scope["path"])
            if match is not None:
                ws = WebSocket(scope, receive, send)
                return await self.handler(ws, match[1], ws.query_params.get("token"))
        return await self.app(scope, receive, send)


#: seconds a socket that may not watch has to say hello with a seat's token before it is closed (4403)
HELLO_WAIT = 2.0


def socket_handler(manager: TableManager, bots: BotScheduler, watching: Watching | None = None) -> SocketHandler:
    """The handler of the manager's table sockets (``TableSockets`` routes them to it)."""

    async def websocket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        """One connection = one watcher. It starts as the seat of the ``token`` query parameter, or as
        a spectator; ``{"type": "hello", "token": ...}`` as first message makes it a seat without
        putting the secret in the URL (where proxies and logs keep it)."""
        # A refusal is sent after accepting: closed before, the client sees only a bare HTTP 403 handshake
        # failure under uvicorn, without the code (4404, 4403) and reason the web table acts on.
        await ws.accept()
        try:
            table = manager.get(table_id)
        except TableError:
            await ws.close(code=4404, reason=_("no table {table}", table=repr(table_id)))
            return
        try:
            if token:
                async with table.lock:
                    manager.follow(table)  # (several server processes) a seat taken elsewhere a moment ago
            seat = table.seat_of(token)
        except TableError as exc:
            await ws.close(code=4403, reason=exc.message)
            return
        queue = Outbox(current_language())  # (cardtable.server.language set it for this socket)
        if watching is not None:
            queue.may_stay = lambda: (p.message if (p := watching.problem(table, ws)) is not None else None)
        hello_done = seat is not None

        def may_watch() -> bool:
            return watching is None or watching.problem(table, ws) is None

        async def attach(new_seat: int | None) -> None:
            nonlocal seat
            seat = new_seat
            if seat is None and not may_watch():  # it may still say hello with a seat's token
                return
            table.watchers.setdefault(seat, set()).add(queue)
            if seat is not None:
                table.seats[seat].connections += 1
                table.seats[seat].left_at = None
                if table.seats[seat].takeover is not None:
                    async with table.lock:
                        await manager.take_back(table, seat)
                    notify(table)
            queue.put_nowait(table.encoded_messages([seat], LOG_ENTRIES)[seat])

        def detach() -> None:
            table.watchers.get(seat, set()).discard(queue)  # (a socket refused as a spectator was never attached)
            if seat is not None:
                table.seats[seat].connections -= 1
                if table.seats[seat].connections == 0:
                    manager.leave(table, seat)

        await attach(seat)
        bots.schedule(table)  # a table of bots only waits for a watcher

        async def sender() -> None:
            while True:
                message = await queue.get()
                if message is None:  # refused now (the owner changed who may watch): closed with the reason
                    code, reason = queue.closing or (1000, "")
                    await ws.close(code=code, reason=reason)
                    return
                await ws.send_text(message)

        send_task = asyncio.create_task(sender())
        try:
            while True:
                if seat is None and not hello_done and not may_watch():
                    try:  # a refused spectator: a player's page says hello with its token at once
                        frame = await asyncio.wait_for(ws.receive(), HELLO_WAIT)
                    except asyncio.TimeoutError:
                        problem = watching.problem(table, ws) if watching is not None else None
                        await ws.close(code=4403, reason=problem.message if problem else "")
                        return
                else:
                    frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(frame.get("code", 1000))
                text = frame.get("text")
                if text is None:
                    await ws.send_json({"type": "error", "error": _("send JSON in text frames, not binary"), "rule": None})
                    continue
                if len(text) > MAX_BODY:
                    await ws.send_json({"type": "error", "error": _("message larger than {n} bytes", n=MAX_BODY),
                                        "rule": None})
                    continue
                try:  # only the parse's own error is "not JSON": any other is the server's, never a player's
                    message = orjson.loads(text)
                except (orjson.JSONDecodeError, RecursionError) as exc:  # RecursionError: JSON nested too deep
                    await ws.send_json({"type": "error", "error": _("not JSON: {reason}", reason=exc), "rule": None})
                    continue
                try:
                    if not isinstance(message, dict) or message.get("type") not in ("action", "undo", "ping", "hello"):
                        raise TableError(400, _("send {forms}", forms="{\"type\": \"action\", \"action\": {...}}, "
                                                "{\"type\": \"undo\"}, {\"type\": \"hello\", \"token\": ...} "
                                                + _("or") + " {\"type\": \"ping\"}"))
                    if message["type"] == "ping":
                        await ws.send_json({"type": "pong"})
                        continue
                    if message["type"] == "hello":
                        if hello_done:
                            raise TableError(409, _("this connection already said hello; open a new one for another "
                                                    "seat"))
                        given = message.get("token")
                        if given is not None and not isinstance(given, str):
                            raise TableError(400, _("the token is a string"))
                        try:
                            new_seat = table.seat_of(given)
                        except TableError as exc:  # as for a bad token in the URL
                            await ws.close(code=4403, reason=exc.message)
                            return
                        if new_seat is None and watching is not None and (problem := watching.problem(table, ws)):
                            await ws.close(code=4403, reason=problem.message)
                            return
                        hello_done = True
                        detach()
                        await attach(new_seat)
                        continue
                    if seat is None and not may_watch():
                        raise TableError(403, _("say hello with your seat's token first: only the players may watch"))
                    async with table.lock:
                        if message["type"] == "undo":
                            if seat is None:
                                raise TableError(401, _("undo needs your seat token"))
                            await manager.undo(table, seat)

                        else:
                            await manager.apply(table, seat, message.get("action"))
                    notify(table)
                    bots.schedule(table)
                except TableError as exc:
                    await ws.send_json({"type": "error", "error": exc.message, "rule": exc.rule, "status": exc.status})
        except WebSocketDisconnect:
            pass
        finally:
            send_task.cancel()
            detach()

    return websocket
