"""The web table's HTTP + WebSocket API (FastAPI). OpenAPI at /docs and /openapi.json.

Clients only ever receive messages built by ``Table.encoded_message(seat)``: the seat's own view,
its legal moves and the public log. A seat proves itself with the secret token it got on joining,
sent as the ``X-Seat-Token`` header (HTTP) or the ``token`` query parameter (WebSocket).

The parts, one job each: ``accounts`` (sign-up, sessions, CSRF, "my tables"), ``lobby``, ``play``, ``rematch``, ``records`` and ``lookups`` (the HTTP routes),
``table_socket`` (the WebSocket), ``pages`` (HTML, static files, catalogs), ``bots`` (the bot scheduler and the
sweeper), ``manager`` (every change to a table), ``tables`` (a table and its messages), ``outbox`` (telling the
watchers), ``sharing`` (several server processes on one PostgreSQL: changes heard, leases, presence),
``http_errors``, ``limits`` and ``language`` (what every request passes through).
"""

from __future__ import annotations

import contextlib
import gc
from pathlib import Path
from typing import AsyncIterator, Callable

from fastapi import FastAPI

from cardtable.agents import Agent
from cardtable.engine import Game
from cardtable.store import AccountStore, open_store
from cardtable.store.ratings import RatingStore

from . import lookups
from .accounts import Accounts, account_routes, add_accounts
from .notify import Notifier, Smtp, notification_routes
from .ratings import Ratings, rating_routes
from .watching import Watching, watching_routes
from .bots import BotScheduler
from .http_errors import add_error_handlers
from .language import Languages
from .limits import MAX_BODY, LimitBody
from .lobby import lobby_routes
from .manager import TableManager
from .pages import add_pages
from .sharing import Sharing
from .play import play_routes
from .records import record_routes
from .rematch import rematch_routes
from .table_socket import TableSockets, socket_handler

__all__ = ["MAX_BODY", "create_app", "serve"]


def create_app(db_path: str | Path = "cardtable.db", bot_delay: float = 0.4, sweep_seconds: float = 1.0,
               freeze_startup: bool = False, search_workers: int | None = None,
               extra_agents: dict[str, Callable[[Game, int], Agent]] | None = None, smtp: Smtp | None = None,
               base_url: str = "http://127.0.0.1:8000", allow_local_webhooks: bool = False,
               lease_seconds: float = 10.0, workspace: str | Path | None = None,
               studio_workers: int | None = None) -> FastAPI:
    """``search_workers``: worker processes the search bots think in (default: one per core but one, at least
    one; started at the first search, with ``multiprocessing``'s spawn method, so a script that runs the app
    itself keeps its start-up under ``if __name__ == "__main__":``); ``extra_agents``: more seat kinds,
    name -> ``(game, seed) -> Agent`` (for tests); ``smtp``: where turn e-mails go (none: no e-mail); ``base_url``: the
    address the links in notifications point to; ``allow_local_webhooks``: let accounts name loopback or private
    addresses as webhooks (a LAN, tests). ``db_path``: an SQLite file, or a ``postgresql://`` address that several
    server processes share (``sharing.py``; ``lease_seconds``: how long a process that stopped answering still
    holds the tables whose bots and clocks it runs). ``workspace``: a designer's workspace folder, served by the
    workbench at ``/studio`` (``server/studio.py``; its what-ifs run on ``studio_workers`` processes, default every
    core; 1: a thread of this process); none: no workbench."""
    store = open_store(str(db_path))
    manager = TableManager(store, bot_delay=bot_delay, search_workers=search_workers, extra_agents=extra_agents)
    bots = BotScheduler(manager, sweep_seconds)
    sharing = Sharing(manager, bots.schedule, lease_seconds)
    accounts = Accounts(AccountStore(store))
    ratings = Ratings(RatingStore(store), accounts.store)
    manager.when_finished.append(ratings.rate)
    watching = Watching(accounts)
    notifier = Notifier(accounts, base_url, smtp, allow_local_webhooks)
    manager.when_moved.append(notifier.after_move)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager.restore()
        await sharing.start()  # (PostgreSQL) the leases of the tables this process runs; the others' changes
        await ratings.catch_up(manager)  # the rated tables that ended while no server could rate them
        if freeze_startup:  # what start-up made (modules, restored tables) is never garbage: keep it out of collections
            gc.collect()
            gc.freeze()
        bots.start()
        yield
        await bots.stop()  # searches under way are dropped; the worker processes stop
        await sharing.stop()
        store.close()

    app = FastAPI(title="cardtable", version="1", lifespan=lifespan,
                  description="Play cardtable games over HTTP and WebSocket. Every message a seat receives is built from that seat's view.")  # i18n: no (API docs)
    app.state.manager = manager
    app.add_middleware(LimitBody)
    add_error_handlers(app)  # always a 4xx with a reason, never a changed game

    render_page = add_pages(app, lambda table_id: (t.game.info.name if (t := manager.tables.get(table_id)) else None))
    if workspace is not None:
        from .studio import add_studio

        add_studio(app, str(workspace), render_page, workers=studio_workers)
    app.include_router(account_routes(accounts, manager))  # /api/accounts, /api/session, /api/me, /api/me/tables
    app.include_router(lobby_routes(manager, bots, accounts, ratings))  # /api/games, /api/tables, POST .../join
    app.include_router(rating_routes(ratings))  # GET /api/ratings/{game}
    app.include_router(notification_routes(notifier))  # GET and PUT /api/me/notifications
    app.include_router(watching_routes(manager, watching))  # PUT /api/tables/{id}/watching
    app.include_router(rematch_routes(manager, bots))  # POST and GET /api/tables/{id}/rematch
    app.include_router(play_routes(manager, bots, watching))  # GET /api/tables/{id}, POST .../actions, POST .../undo
    app.include_router(record_routes(manager, watching))  # .../steps/{step}, .../catalogue, .../record
    app.include_router(lookups.router)  # POST /api/tables/{id}/check, GET /api/games/{game}/rules
    add_accounts(app, accounts)  # CSRF for requests that carry a session cookie
    app.add_middleware(TableSockets, handler=socket_handler(manager, bots, watching))
    app.add_middleware(Languages)  # outermost: every request and socket in its reader's language
    return app


def serve(host: str, port: int, db: str, bot_delay: float = 0.4, search_workers: int | None = None,
          smtp: Smtp | None = None, base_url: str | None = None, allow_local_webhooks: bool = False,
          lease_seconds: float = 10.0, workspace: str | None = None) -> None:
    import uvicorn

    # Every move makes short-lived objects (states, messages); with Python's default thresholds the
    # collector runs full passes over every table's objects often enough to stall all tables for
    # ~100 ms (p99 of the load benchmark: 226 ms with the defaults, 92 ms with these).
    gc.set_threshold(50_000, 20, 100)

    # Messages are small JSON: compressing each one costs more CPU than it saves on a table's traffic.
    app = create_app(db, bot_delay=bot_delay, freeze_startup=True, search_workers=search_workers, smtp=smtp,
                     base_url=base_url or f"http://{host}:{port}", allow_local_webhooks=allow_local_webhooks,
                     lease_seconds=lease_seconds, workspace=workspace)
    uvicorn.run(app,
                host=host, port=port, log_level="warning", ws_per_message_deflate=False)
