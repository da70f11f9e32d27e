"""The web table's HTTP + WebSocket API (FastAPI). OpenAPI at /docs and /openapi.json.

Clients only ever receive messages built by ``Table.encoded_message(seat)``: the seat's own view,
its legal moves and the public log. A seat proves itself with the secret token it got on joining,
sent as the ``X-Seat-Token`` header (HTTP) or the ``token`` query parameter (WebSocket).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import logging
import re
import time
from pathlib import Path
from typing import Any, Literal

import orjson
from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from pydantic import BaseModel, Field

from cardtable.agents import agent_names
from cardtable.engine import CardtableError, UnknownGame, game_class, game_names
from cardtable.engine.i18n import N_, Translator, current_language, language
from cardtable.store import SqliteStore

from .clock import ClockSettings
from . import lookups
from .language import Languages
from .pages import add_pages
from .rematch import add_rematch_routes
from .tables import LOG_ENTRIES, Table, TableError, TableManager
from .thinking import thinks_apart

logger = logging.getLogger("cardtable.server")

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 64 * 1024
_ = Translator("cardtable")


#: how the lobby names the search presets (``agents/ismcts.py``), weakest first
SEARCH_LABELS = {"ismcts-fast": N_("ismcts (fast)"), "ismcts": N_("ismcts (standard)"),
                 "ismcts-strong": N_("ismcts (strong)")}
#: Starlette's own refusals (an unknown path, a wrong method), in the request's language
HTTP_REASONS = {"Not Found": N_("Not Found"), "Method Not Allowed": N_("Method Not Allowed"),  # i18n: no (API docs)
                "Bad Request": N_("Bad Request"), "Unsupported Media Type": N_("Unsupported Media Type")}  # i18n: no (API docs)


#: pydantic's reasons for a field of a request, by their type, in the reader's language (pydantic writes English)
VALIDATION_REASONS = {
    "missing": N_("field required"),
    "extra_forbidden": N_("unknown field"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "string_type": N_("must be a text"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "dict_type": N_("must be a JSON object"),
    "list_type": N_("must be a list"),
    "literal_error": N_("must be one of {expected}"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "json_invalid": N_("not valid JSON"),
}


def _problem(error: Any) -> str:
    """One field's problem as pydantic states it, in the reader's language where its kind is known."""
    message = VALIDATION_REASONS.get(error.get("type", ""))
    if message is None or current_language() == "en":
        return str(error.get("msg", ""))
    context = {k: v for k, v in (error.get("ctx") or {}).items() if k in ("expected", "ge", "gt", "le", "lt")}
    try:
        return _(message, **context)
    except (KeyError, IndexError):  # a context without the value the sentence names
        return str(error.get("msg", ""))


def bot_info(name: str) -> dict[str, Any]:
    """A seat kind as the lobby offers it: name, label, a line of help, and whether it thinks in the worker
    pool (a search bot: a tenth of a second to a few seconds a move)."""
    from cardtable.agents.ismcts import PRESET_HELP
    from cardtable.agents.registry import AGENT_HELP

    label = SEARCH_LABELS.get(name)
    text = PRESET_HELP.get(name) or AGENT_HELP.get(name)
    return {"name": name, "label": _(label) if label else name, "help": _(text) if text else "",
            "search": thinks_apart(name)}


class Outbox:
    """The messages waiting to be sent on one WebSocket: ``notify`` puts, the connection's sender takes. One
    producer loop, one consumer: a deque and a wake-up, cheaper than an ``asyncio.Queue`` (a move puts one
    message in the outbox of every watcher)."""

    __slots__ = ("items", "waiter", "lang")

    def __init__(self, lang: str = "en"):
        self.items: collections.deque[str] = collections.deque()
        self.waiter: asyncio.Future | None = None
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


class CreateTable(BaseModel):
    game: str = Field(description="registered game name, e.g. mojo")  # i18n: no (API docs)
    players: int | None = Field(None, description="number of players (the game's default if omitted)")  # i18n: no (API docs)
    options: dict[str, Any] = Field(default_factory=dict, description="game options")  # i18n: no (API docs)
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="seed; a fresh one if omitted")  # SQLite INTEGER; i18n: no (API docs)
    seats: list[str] | None = Field(None, description="per seat: 'human' or a bot name; default: seat 0 human, others heuristic")  # i18n: no (API docs)
    takeover_seconds: float | None = Field(60, ge=0, description="replace a human who left by a bot after this many seconds; null: never")  # i18n: no (API docs)
    hot_seat: bool = Field(False, description="one device may hold several human seats (enables undo with other humans)")  # i18n: no (API docs)
    clock: ClockSettings | None = Field(None, description="move clock: seconds per move and a bank per seat; on expiry a bot plays that move; null: none")  # i18n: no (API docs)


class Join(BaseModel):
    seat: int = Field(ge=0)


class ActionRequest(BaseModel):
    action: Any = Field(description="the action's JSON form, e.g. {'type': 'play', 'card': 17, 'pile': 0}")  # i18n: no (API docs)


class _LimitBody:
    """413 for a request body over MAX_BODY: at once when its Content-Length says so, else (chunked) as it is
    read. Plain ASGI: Starlette's ``@app.middleware("http")`` runs every request through an extra task."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.isdigit() or int(value) > MAX_BODY:
                    response = JSONResponse({"error": _("request body larger than {n} bytes", n=MAX_BODY), "rule": None},
                                            status_code=413)
                    return await response(scope, receive, send)
                break
        seen = 0

        async def limited():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise StarletteHTTPException(413, _("request body larger than {n} bytes", n=MAX_BODY))
            return message

        await self.app(scope, limited, send)


TABLE_SOCKET = re.compile(r"/api/tables/([^/]+)/ws")


class _TableSockets:
    """``/api/tables/{id}/ws`` goes straight to its handler: a table's WebSocket carries every move of the table,
    and through FastAPI's router each message sent would pass the exception middleware's wrapper (and each
    connection the router and dependency solving). Everything else goes on to the app."""

    def __init__(self, app, handler):
        self.app = app
        self.handler = handler

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            match = TABLE_SOCKET.fullmatch(scope["path"])
            if match is not None:
                ws = WebSocket(scope, receive, send)
                return await self.handler(ws, match[1], ws.query_params.get("token"))
        return await self.app(scope, receive, send)


def create_app(db_path: str | Path = "cardtable.db", bot_delay: float = 0.4, sweep_seconds: float = 1.0,
               freeze_startup: bool = False, search_workers: int | None = None,
               extra_agents: dict[str, Any] | None = None) -> FastAPI:
    """``search_workers``: worker processes the search bots think in (default: one per core but one, at least
    one; started at the first search, with ``multiprocessing``'s spawn method, so a script that runs the app
    itself keeps its start-up under ``if __name__ == "__main__":``); ``extra_agents``: more seat kinds,
    name -> ``(game, seed) -> Agent`` (for tests)."""
    store = SqliteStore(db_path)
    manager = TableManager(store, bot_delay=bot_delay, search_workers=search_workers, extra_agents=extra_agents)
    bot_tasks: set[asyncio.Task] = set()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        manager.restore()
        if freeze_startup:  # what start-up made (modules, restored tables) is never garbage: keep it out of collections
            gc.collect()
            gc.freeze()
        for table in manager.tables.values():
            schedule_bots(table)
        sweeper = asyncio.create_task(sweep())
        yield
        sweeper.cancel()
        manager.close()  # searches under way are dropped; the worker processes stop
        for task in list(bot_tasks):
            task.cancel()
        await asyncio.gather(*bot_tasks, return_exceptions=True)  # a move being written finishes first
        store.close()

    app = FastAPI(title="cardtable", version="1", lifespan=lifespan,
                  description="Play cardtable games over HTTP and WebSocket. Every message a seat receives is built from that seat's view.")  # i18n: no (API docs)
    app.state.manager = manager
    app.add_middleware(_LimitBody)

    # -- errors: always a 4xx with a reason, never a changed game ---------------------------------
    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError):
        return JSONResponse({"error": exc.message, "rule": exc.rule}, status_code=exc.status)

    @app.exception_handler(UnknownGame)
    async def unknown_game(request: Request, exc: UnknownGame):
        return JSONResponse({"error": str(exc), "rule": None}, status_code=404)

    @app.exception_handler(CardtableError)
    async def cardtable_error(request: Request, exc: CardtableError):
        return JSONResponse({"error": str(exc), "rule": getattr(exc, "rule", None)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        # Starlette's own refusals (unknown path, wrong method, unparsable body) in the same shape.
        detail = str(exc.detail)
        detail = _(HTTP_REASONS[detail]) if detail in HTTP_REASONS else detail
        return JSONResponse({"error": detail, "rule": None}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {_problem(e)}" for e in exc.errors())
        return JSONResponse({"error": _("invalid request: {problems}", problems=problems), "rule": None},
                            status_code=422)

    # -- notifications -------------------------------------------------------------------------------
    def notify(table: Table) -> None:
        """Every watcher's message of the table's new state, made once per seat and language."""
        readers: dict[str, dict[Any, list[Outbox]]] = {}
        for seat, queues in table.watchers.items():
            for queue in queues:
                readers.setdefault(queue.lang, {}).setdefault(seat, []).append(queue)
        for lang, seats in readers.items():
            with language(lang):
                messages = table.encoded_messages(list(seats))
            for seat, outboxes in seats.items():
                for outbox in outboxes:
                    outbox.put_nowait(messages[seat])

    def unwatched_bots_only(table: Table) -> bool:
        """A table of bots only plays while someone watches it: otherwise nobody waits for its moves,
        and a long game (a huge target score) would keep the server busy for nothing."""
        return all(s.kind != "human" for s in table.seats) and not any(table.watchers.values())

    def schedule_bots(table: Table) -> None:
        if manager.bot_to_move(table) is not None and not table.bots_running and not manager.closed:
            table.bots_running = True
            task = asyncio.get_running_loop().create_task(run_bots(table))
            bot_tasks.add(task)
            task.add_done_callback(bot_tasks.discard)

    async def run_bots(table: Table) -> None:
        delay = manager.bot_delay
        try:
            while True:
                # Always yield, even with no delay: a table of bots must never starve the other requests.
                # A search bot's thinking counts towards the delay.
                await asyncio.sleep(delay)
                if manager.bot_to_move(table) is None or unwatched_bots_only(table) or manager.closed:
                    return
                started = time.monotonic()
                if await manager.bot_move(table, wanted=lambda: not unwatched_bots_only(table),
                                          thinking=lambda: notify(table)):
                    notify(table)
                delay = max(0.0, manager.bot_delay - (time.monotonic() - started))
        except asyncio.CancelledError:
            raise
        except Exception:  # a bot that fails (or its worker died) stops this table's bots until the next event
            logger.exception("table %s: the bot to move failed", table.id)
        finally:
            table.bots_running = False

    async def sweep() -> None:
        while True:
            await asyncio.sleep(sweep_seconds)
            for table in list(manager.tables.values()):
                if await manager.take_over_if_due(table):
                    notify(table)
                    schedule_bots(table)

    def state_response(table: Table, seat: int | None) -> Response:
        """A seat's message as the answer to a request: encoded as the WebSocket messages are (not through
        FastAPI's generic encoder, which costs more than building the message)."""
        return Response(table.encoded_message(seat), media_type="application/json")

    def seat_for(table: Table, token: str | None) -> int | None:
        return table.seat_of(token)

    # -- pages (cardtable.server.pages) ---------------------------------------------------------------
    add_pages(app, lambda table_id: (t.game.info.name if (t := manager.tables.get(table_id)) else None))

    # -- API -----------------------------------------------------------------------------------------
    @app.get("/api/games", summary="The registered games with players, options and bots")  # i18n: no (API docs)
    async def list_games():
        out = []
        for name in game_names():
            game = game_class(name)()
            bots = sorted(manager.seat_kinds(game), key=lambda n: list(SEARCH_LABELS).index(n) if n in SEARCH_LABELS else -1)
            out.append({**game.describe(), "bots": bots, "bot_info": [bot_info(name) for name in bots]})
        return out

    @app.get("/api/tables", summary="Tables, newest first (public information only)")  # i18n: no (API docs)
    async def list_tables(
        status: list[Literal["open", "running", "finished"]] = Query(["open", "running"], description="which tables (repeatable)"),  # i18n: no (API docs)
        game: str | None = Query(None, description="only tables of this game"),  # i18n: no (API docs)
        limit: int = Query(50, ge=1, le=500, description="at most this many tables"),  # i18n: no (API docs)
    ):
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

    @app.post("/api/tables", status_code=201, summary="Create a table; join its seats with POST /api/tables/{id}/join")  # i18n: no (API docs)
    async def create_table(body: CreateTable):
        game = game_class(body.game)
        players = body.players if body.players is not None else game.info.default_players
        seats = body.seats
        if seats is None:
            default = "heuristic" if "heuristic" in agent_names(game(players=players, options=body.options)) else "random"
            seats = ["human"] + [default] * (players - 1)
        table = await manager.create(body.game, players, body.options, body.seed, seats,
                               {"takeover_seconds": body.takeover_seconds, "hot_seat": body.hot_seat,
                                **({"clock": body.clock.model_dump()} if body.clock else {})})
        schedule_bots(table)
        return {"table": table.summary(), "links": {i: f"/table/{table.id}?seat={i}" for i, s in enumerate(seats) if s == "human"}}

    @app.post("/api/tables/{table_id}/join", summary="Take a free human seat; the answer holds its secret token")  # i18n: no (API docs)
    async def join(table_id: str, body: Join):
        table = manager.get(table_id)
        async with table.lock:
            token = await manager.join(table, body.seat)
        notify(table)
        return {"seat": body.seat, "token": token}

    add_rematch_routes(app, manager, notify, schedule_bots)  # POST and GET /api/tables/{id}/rematch

    @app.get("/api/tables/{table_id}", summary="What the caller may see: a seat's view with its token, else the spectator's")  # i18n: no (API docs)
    async def table_state(table_id: str, x_seat_token: str | None = Header(None)):
        table = manager.get(table_id)
        return state_response(table, seat_for(table, x_seat_token))

    @app.post("/api/tables/{table_id}/actions", summary="Play an action for the seat of the token")  # i18n: no (API docs)
    async def act(table_id: str, body: ActionRequest, x_seat_token: str | None = Header(None)):
        table = manager.get(table_id)
        async with table.lock:
            seat = seat_for(table, x_seat_token)
            await manager.apply(table, seat, body.action)
        notify(table)
        schedule_bots(table)
        return state_response(table, seat)

    @app.post("/api/tables/{table_id}/undo", summary="Take back your last action where the undo policy allows")  # i18n: no (API docs)
    async def undo(table_id: str, x_seat_token: str | None = Header(None)):
        table = manager.get(table_id)
        async with table.lock:
            seat = seat_for(table, x_seat_token)
            if seat is None:
                raise TableError(401, _("undo needs your seat token"))
            await manager.undo(table, seat)
        notify(table)
        return state_response(table, seat)

    @app.get("/api/tables/{table_id}/steps/{step}",
             summary="A finished game after its first `step` actions, as a seat (or, without `seat`, a spectator) saw it")  # i18n: no (API docs)
    async def game_step(table_id: str, step: int, seat: int | None = Query(None, description="whose view (none: the spectator's)")):  # i18n: no (API docs)
        table = manager.get(table_id)
        return Response(manager.encoded_step(table, step, seat), media_type="application/json")

    @app.get("/api/tables/{table_id}/catalogue", summary="The game's public static data (card definitions, texts)")  # i18n: no (API docs)
    async def catalogue(table_id: str):
        table = manager.get(table_id)
        return table.state.game.catalogue()

    @app.get("/api/tables/{table_id}/record", response_class=PlainTextResponse,
             summary="The record (JSON lines) of a finished game, for `cardtable replay`")  # i18n: no (API docs)
    async def record(table_id: str):
        table = manager.get(table_id)
        if not table.state.is_terminal():
            raise TableError(409, _("the game is still running; its record is available when it ends"))
        return PlainTextResponse(table.state.record().dumps(), media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="{table.id}.jsonl"'})

    async def websocket(ws: WebSocket, table_id: str, token: str | None = None):
        """One connection = one watcher. It starts as the seat of the ``token`` query parameter, or as
        a spectator; ``{"type": "hello", "token": ...}`` as first message makes it a seat without
        putting the secret in the URL (where proxies and logs keep it)."""
        # A refusal is sent after accepting: closed before, the client sees only a bare HTTP 403 handshake
        # failure under uvicorn, without the code (4404, 4403) and reason the web table acts on.
        await ws.accept()
        table = manager.tables.get(table_id)
        if table is None:
            await ws.close(code=4404, reason=_("no table {table}", table=repr(table_id)))
            return
        try:
            seat = table.seat_of(token)
        except TableError as exc:
            await ws.close(code=4403, reason=exc.message)
            return
        queue = Outbox(current_language())  # (cardtable.server.language set it for this socket)
        hello_done = seat is not None

        async def attach(new_seat: int | None) -> None:
            nonlocal seat
            seat = new_seat
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
            table.watchers.get(seat, set()).discard(queue)
            if seat is not None:
                table.seats[seat].connections -= 1
                if table.seats[seat].connections == 0:
                    manager.leave(table, seat)

        await attach(seat)
        schedule_bots(table)  # a table of bots only waits for a watcher

        async def sender():
            while True:
                await ws.send_text(await queue.get())

        send_task = asyncio.create_task(sender())
        try:
            while True:
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
                        hello_done = True
                        detach()
                        await attach(new_seat)
                        continue
                    async with table.lock:
                        if message["type"] == "undo":
                            if seat is None:
                                raise TableError(401, _("undo needs your seat token"))
                            await manager.undo(table, seat)

                        else:
                            await manager.apply(table, seat, message.get("action"))
                    notify(table)
                    schedule_bots(table)
                except TableError as exc:
                    await ws.send_json({"type": "error", "error": exc.message, "rule": exc.rule, "status": exc.status})
        except WebSocketDisconnect:
            pass
        finally:
            send_task.cancel()
            detach()

    app.include_router(lookups.router)  # POST /api/tables/{id}/check, GET /api/games/{game}/rules
    app.add_middleware(_TableSockets, handler=websocket)
    app.add_middleware(Languages)  # outermost: every request and socket in its reader's language
    return app


def serve(host: str, port: int, db: str, bot_delay: float = 0.4, search_workers: int | None = None) -> None:
    import uvicorn

    # Every move makes short-lived objects (states, messages); with Python's default thresholds the
    # collector runs full passes over every table's objects often enough to stall all tables for
    # ~100 ms (p99 of the load benchmark: 226 ms with the defaults, 92 ms with these).
    gc.set_threshold(50_000, 20, 100)

    # Messages are small JSON: compressing each one costs more CPU than it saves on a table's traffic.
    uvicorn.run(create_app(db, bot_delay=bot_delay, freeze_startup=True, search_workers=search_workers),
                host=host, port=port, log_level="warning", ws_per_message_deflate=False)
