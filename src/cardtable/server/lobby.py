"""The lobby's part of the API: the games with their seat kinds, the tables, making a table and taking a seat
(``POST /api/tables/{id}/join``, whose answer holds the seat's secret token)."""

from __future__ import annotations

from typing import Any, Literal

import asyncio

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from cardtable.agents import agent_names
from cardtable.engine import game_class, game_names
from cardtable.engine.i18n import N_, Translator

from .accounts import Accounts
from .ratings import Ratings
from .watching import MAX_DELAY, Watchers
from .tables import TableError
from .bots import BotScheduler
from .clock import ClockSettings
from .manager import TableManager
from .outbox import notify
from .thinking import thinks_apart

_ = Translator("cardtable")

#: how the lobby names the search presets (``agents/ismcts.py``), weakest first
SEARCH_LABELS = {"ismcts-fast": N_("ismcts (fast)"), "ismcts": N_("ismcts (standard)"),
                 "ismcts-strong": N_("ismcts (strong)")}


def bot_info(name: str) -> dict[str, Any]:
    """A seat kind as the lobby offers it: name, label, a line of help, and whether it thinks in the worker
    pool (a search bot: a tenth of a second to a few seconds a move)."""
    from cardtable.agents.ismcts import PRESET_HELP
    from cardtable.agents.registry import AGENT_HELP

    label = SEARCH_LABELS.get(name)
    text = PRESET_HELP.get(name) or AGENT_HELP.get(name)
    return {"name": name, "label": _(label) if label else name, "help": _(text) if text else "",
            "search": thinks_apart(name)}


class CreateTable(BaseModel):
    game: str = Field(description="registered game name, e.g. mojo")  # i18n: no (API docs)
    players: int | None = Field(None, description="number of players (the game's default if omitted)")  # i18n: no (API docs)
    options: dict[str, Any] = Field(default_factory=dict, description="game options")  # i18n: no (API docs)
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="seed; a fresh one if omitted")  # SQLite INTEGER; i18n: no (API docs)
    seats: list[str] | None = Field(None, description="per seat: 'human' or a bot name; default: seat 0 human, others heuristic")  # i18n: no (API docs)
    takeover_seconds: float | None = Field(60, ge=0, description="replace a human who left by a bot after this many seconds; null: never")  # i18n: no (API docs)
    hot_seat: bool = Field(False, description="one device may hold several human seats (enables undo with other humans)")  # i18n: no (API docs)
    clock: ClockSettings | None = Field(None, description="move clock: seconds per move, a bank per seat and what happens when both run out (on_expiry: a bot plays that move, or the seat forfeits); null: none")  # i18n: no (API docs)
    watchers: Watchers = Field("anyone", description="who may watch without a seat: anyone, accounts (signed in), players (nobody else)")  # i18n: no (API docs)
    spectator_delay: int = Field(0, ge=0, le=MAX_DELAY, strict=True, description=f"spectators see the running game this many actions late, 0 to {MAX_DELAY}")  # i18n: no (API docs)
    rated: bool = Field(False, description="a rated game: every human seat is taken by a signed-in account, each bot at most once, no hot seat; its end changes the players' ratings")  # i18n: no (API docs)


class Join(BaseModel):
    seat: int = Field(ge=0)


def lobby_routes(manager: TableManager, bots: BotScheduler, accounts: Accounts | None = None,
                 ratings: Ratings | None = None) -> APIRouter:
    """``GET /api/games``, ``GET`` and ``POST /api/tables``, ``POST /api/tables/{id}/join``."""
    router = APIRouter()

    @router.get("/api/games", response_model=None, summary="The registered games with players, options and bots")  # i18n: no (API docs)
    async def list_games() -> list[dict[str, Any]]:
        out = []
        for name in game_names():
            game = game_class(name)()
            kinds = sorted(manager.seat_kinds(game), key=lambda n: list(SEARCH_LABELS).index(n) if n in SEARCH_LABELS else -1)
            out.append({**game.describe(), "bots": kinds, "bot_info": [bot_info(name) for name in kinds]})
        return out

    @router.get("/api/tables", response_model=None, summary="Tables, newest first (public information only)")  # i18n: no (API docs)
    async def list_tables(
        status: list[Literal["open", "running", "finished"]] = Query(["open", "running"], description="which tables (repeatable)"),  # i18n: no (API docs)
        game: str | None = Query(None, description="only tables of this game"),  # i18n: no (API docs)
        limit: int = Query(50, ge=1, le=500, description="at most this many tables"),  # i18n: no (API docs)
    ) -> list[dict[str, Any]]:
        out = []
        for table in sorted(manager.tables.values(), key=lambda t: -t.created):
            if game is not None and table.game.info.name != game:
                continue
            summary = table.summary()
            if summary["status"] in status:
                out.append(summary)
                if len(out) == limit:
                    break
        return out

    @router.post("/api/tables", status_code=201, response_model=None, summary="Create a table; join its seats with POST /api/tables/{id}/join")  # i18n: no (API docs)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        game = game_class(body.game)
        players = body.players if body.players is not None else game.info.default_players
        seats = body.seats
        if seats is None:
            default = "heuristic" if "heuristic" in agent_names(game(players=players, options=body.options)) else "random"
            seats = ["human"] + [default] * (players - 1)
        owner = accounts.account_of(request) if accounts is not None else None
        settings = {"takeover_seconds": body.takeover_seconds, "hot_seat": body.hot_seat,
                    **({"clock": body.clock.model_dump()} if body.clock else {}), **({"rated": True} if body.rated else {}),
                    **({"watchers": body.watchers} if body.watchers != "anyone" else {}),
                    **({"spectator_delay": body.spectator_delay} if body.spectator_delay else {}),
                    **({"owner": owner.id} if owner is not None else {})}
        if ratings is not None:
            ratings.check_new_table(seats, settings)
        elif body.rated:
            raise TableError(422, _("this server rates no games"))
        table = await manager.create(body.game, players, body.options, body.seed, seats, settings)
        bots.schedule(table)
        return {"table": table.summary(), "links": {i: f"/table/{table.id}?seat={i}" for i, s in enumerate(seats) if s == "human"}}

    @router.post("/api/tables/{table_id}/join", response_model=None, summary="Take a free human seat; the answer holds its secret token")  # i18n: no (API docs)
    async def join(table_id: str, body: Join, request: Request) -> dict[str, Any]:
        table = manager.get(table_id)
        account = accounts.account_of(request) if accounts is not None else None
        if table.settings.get("rated") and accounts is not None:
            if account is None:
                raise TableError(403, _("the seats of a rated table are for accounts: sign in first"))
            held = [s for s, a in accounts.store.accounts_at(table_id).items() if a.id == account.id]
            if held and held != [body.seat]:
                raise TableError(409, _("you already play seat {seat} of this rated table", seat=held[0]))
        async with table.lock:
            if accounts is not None and account is not None:  # the seat is the account's, on any device
                token = await manager.join(table, body.seat, token=accounts.seat_token(account, table_id, body.seat))
                await asyncio.wrap_future(accounts.store.bind_seat(table_id, body.seat, account))
            else:
                token = await manager.join(table, body.seat)
        notify(table)
        return {"seat": body.seat, "token": token}

    return router
