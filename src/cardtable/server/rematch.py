"""A finished game's rematch: ``POST /api/tables/{id}/rematch`` (same game, options and seats, a new seed; the
table manager makes it once, and each caller gets its own seat) and ``GET`` the same path (the rematch made so
far, and whether one can be asked for). docs/api.md."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header

from .bots import BotScheduler
from .manager import TableManager
from .outbox import notify


def rematch_routes(manager: TableManager, bots: BotScheduler) -> APIRouter:
    router = APIRouter()

    @router.post("/api/tables/{table_id}/rematch", summary="A finished game's rematch: same seats and options, a new seed")  # i18n: no (API docs)
    async def rematch(table_id: str, x_seat_token: str | None = Header(None)) -> dict[str, Any]:
        table = manager.get(table_id)
        async with table.lock:
            new, seat, token = await manager.rematch(table, x_seat_token)
        notify(table)  # every seat of the old table learns of the rematch (``rematch`` in its message)
        bots.schedule(new)
        return {"table_id": new.id, "seat": seat, "token": token, "url": f"/table/{new.id}?seat={seat}"}

    @router.get("/api/tables/{table_id}/rematch", summary="The table's rematch, if one was made: {table_id} or null")  # i18n: no (API docs)
    async def rematch_of(table_id: str) -> dict[str, Any]:
        table = manager.get(table_id)
        return {"table_id": table.rematch, "available": table.over}

    return router
