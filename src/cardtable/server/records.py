"""What a table keeps for later: a finished game step by step (as a seat or a spectator saw it), the game's public
static data, and the record of a finished game for ``cardtable replay``."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import PlainTextResponse, Response

from cardtable.engine.i18n import Translator

from .manager import TableManager
from .tables import TableError
from .watching import Watching

_ = Translator("cardtable")


def record_routes(manager: TableManager, watching: Watching | None = None) -> APIRouter:
    """``GET /api/tables/{id}/steps/{step}``, ``.../catalogue`` and ``.../record``."""
    router = APIRouter()

    @router.get("/api/tables/{table_id}/steps/{step}",
                summary="A finished game after its first `step` actions, as a seat (or, without `seat`, a spectator) saw it")  # i18n: no (API docs)
    async def game_step(table_id: str, step: int, request: Request, seat: int | None = Query(None, description="whose view (none: the spectator's)"),  # i18n: no (API docs)
                        x_seat_token: str | None = Header(None)) -> Response:
        table = manager.get(table_id)
        if watching is not None:  # a kept table's finished game is its players' (and, as its owner says, others')
            watching.check(table, request, table.seat_of(x_seat_token))
        return Response(manager.encoded_step(table, step, seat), media_type="application/json")

    @router.get("/api/tables/{table_id}/catalogue", response_model=None, summary="The game's public static data (card definitions, texts)")  # i18n: no (API docs)
    async def catalogue(table_id: str) -> dict[str, Any]:
        table = manager.get(table_id)
        return table.state.game.catalogue()

    @router.get("/api/tables/{table_id}/record", response_class=PlainTextResponse,
                summary="The record (JSON lines) of a finished game, for `cardtable replay`")  # i18n: no (API docs)
    async def record(table_id: str, request: Request, x_seat_token: str | None = Header(None)) -> PlainTextResponse:
        table = manager.get(table_id)
        if watching is not None:
            watching.check(table, request, table.seat_of(x_seat_token))
        if not table.over:
            raise TableError(409, _("the game is still running; its record is available when it ends"))
        return PlainTextResponse(table.state.record().dumps(), media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{table.id}.jsonl"'})

    return router
