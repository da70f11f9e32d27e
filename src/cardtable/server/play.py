"""Playing at a table over HTTP: what the caller may see (``GET /api/tables/{id}``), an action for the seat of the
token, and taking it back. Each answers with the seat's state message, as the WebSocket sends it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from cardtable.engine.i18n import Translator

from .bots import BotScheduler
from .manager import TableManager
from .outbox import notify
from .tables import Table, TableError
from .watching import Watching

_ = Translator("cardtable")


class ActionRequest(BaseModel):
    action: Any = Field(description="the action's JSON form, e.g. {'type': 'play', 'card': 17, 'pile': 0}")  # i18n: no (API docs)


def state_response(table: Table, seat: int | None) -> Response:
    """A seat's message as the answer to a request: encoded as the WebSocket messages are (not through
    FastAPI's generic encoder, which costs more than building the message)."""
    return Response(table.encoded_message(seat), media_type="application/json")


def play_routes(manager: TableManager, bots: BotScheduler, watching: Watching | None = None) -> APIRouter:
    """``GET /api/tables/{id}``, ``POST /api/tables/{id}/actions`` and ``POST /api/tables/{id}/undo``."""
    router = APIRouter()

    @router.get("/api/tables/{table_id}", summary="What the caller may see: a seat's view with its token, else the spectator's")  # i18n: no (API docs)
    async def table_state(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> Response:
        table = manager.get(table_id)
        seat = table.seat_of(x_seat_token)
        if watching is not None:
            watching.check(table, request, seat)  # a spectator of a table its owner keeps to players or accounts
        return state_response(table, seat)

    @router.post("/api/tables/{table_id}/actions", summary="Play an action for the seat of the token")  # i18n: no (API docs)
    async def act(table_id: str, body: ActionRequest, x_seat_token: str | None = Header(None)) -> Response:
        table = manager.get(table_id)
        async with table.lock:
            manager.follow(table)  # (several server processes) a move or seat taken elsewhere a moment ago
            seat = table.seat_of(x_seat_token)
            await manager.apply(table, seat, body.action)
        notify(table)
        bots.schedule(table)
        return state_response(table, seat)

    @router.post("/api/tables/{table_id}/undo", summary="Take back your last action where the undo policy allows")  # i18n: no (API docs)
    async def undo(table_id: str, x_seat_token: str | None = Header(None)) -> Response:
        table = manager.get(table_id)
        async with table.lock:
            manager.follow(table)
            seat = table.seat_of(x_seat_token)
            if seat is None:
                raise TableError(401, _("undo needs your seat token"))
            await manager.undo(table, seat)
        notify(table)
        return state_response(table, seat)

    return router
