"""Who may watch a table, and how late (issue 40, item 4).

A table's ``watchers`` setting says who may look at it without a seat: ``anyone`` (the default), ``accounts``
(signed-in people only) or ``players`` (nobody but its players: a table of friends). It holds for the live state
(``GET /api/tables/{id}``, the WebSocket), and for a finished game's steps and record. Its ``spectator_delay``
(0 to 50 moves) shows spectators the game that many actions late while it runs (a game streamed or commented live
gives nothing away to the players); the players themselves always see the present. Both are set when the table is
made and changed by its owner, the account that made it (``PUT /api/tables/{id}/watching``). A new delay reaches
an open spectator's socket with its next message; who may watch is checked when a watcher comes, and again for
every open spectator's socket when the owner changes it: one that may no longer watch is closed (4403, with the
reason), on every server process.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from cardtable.engine.i18n import Translator

from .accounts import Accounts
from .manager import TableManager
from .outbox import notify, refuse_spectators
from .tables import Table, TableError

_ = Translator("cardtable")

Watchers = Literal["anyone", "accounts", "players"]
MAX_DELAY = 50


class WatchingSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    watchers: Watchers = Field("anyone", description="who may watch without a seat: anyone, accounts (signed in), players (nobody else)")  # i18n: no (API docs)
    spectator_delay: int = Field(0, ge=0, le=MAX_DELAY, strict=True,
                                 description=f"spectators see the running game this many actions late, 0 to {MAX_DELAY}")  # i18n: no (API docs)


class Watching:
    def __init__(self, accounts: Accounts) -> None:
        self.accounts = accounts

    def problem(self, table: Table, conn: HTTPConnection) -> TableError | None:
        """Why the caller, who holds no seat of ``table``, may not watch it (None: they may)."""
        watchers = table.settings.get("watchers", "anyone")
        if watchers == "players":
            return TableError(403, _("only the players of this table may watch it"))
        if watchers == "accounts" and self.accounts.account_of(conn) is None:
            return TableError(403, _("only signed-in people may watch this table: sign in first"))
        return None

    def check(self, table: Table, conn: HTTPConnection, seat: int | None) -> None:
        if seat is None and (problem := self.problem(table, conn)) is not None:
            raise problem


def watching_routes(manager: TableManager, watching: Watching) -> APIRouter:
    router = APIRouter()

    @router.put("/api/tables/{table_id}/watching", response_model=None,
                summary="The table's owner says who may watch and how late spectators see it")  # i18n: no (API docs)
    async def set_watching(table_id: str, body: WatchingSettings, request: Request) -> dict[str, Any]:
        table = manager.get(table_id)
        account = watching.accounts.account_of(request)
        if account is None or table.settings.get("owner") != account.id:
            raise TableError(403, _("only the account that made this table may change who watches it"))
        async with table.lock:
            settings = {**table.settings, "watchers": body.watchers, "spectator_delay": body.spectator_delay}
            await manager.change_settings(table, settings)
        refuse_spectators(table)  # a spectator who may no longer watch is closed with the reason, at once
        notify(table)
        return {"watchers": body.watchers, "spectator_delay": body.spectator_delay}

    return router


__all__ = ["MAX_DELAY", "Watching", "WatchingSettings", "Watchers", "watching_routes"]
