"""The lobby and table pages, rendered in the reader's language, and the catalogs their scripts read.

The pages are Jinja templates (``web/index.html``, ``web/table.html``) whose words are ``{{ _("…") }}`` calls
of the ``web`` catalog. Each page carries, as JSON, the translations its scripts need: the ``web`` domain's
and, on a table's page, its game's (``js/i18n.js`` reads them). ``GET /api/i18n/{lang}`` serves the same
catalogs to other clients.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Awaitable, Callable

import orjson
from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape

from cardtable.engine import game_class, game_names
from cardtable.engine.errors import UnknownGame
from cardtable.engine.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, Translator, current_language, normalize

WEB = Path(__file__).resolve().parent.parent / "web"
_ = Translator("cardtable")  # this module's own sentences (API errors)
_web = Translator("web")  # the pages' words


def game_domain(game: str) -> str | None:
    """The catalog domain of a registered game: its package (``maoqy-oracle`` -> ``maoqy``)."""
    try:
        module = game_class(game).__module__
    except UnknownGame:
        return None
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


@lru_cache(maxsize=64)
def page_catalog(lang: str, domains: tuple[str, ...]) -> bytes:
    """The translations the page's scripts use, as JSON safe inside a ``<script>`` element."""
    from cardtable.i18n.catalogs import page_messages

    messages: dict[str, Any] = {}
    if lang != SOURCE_LANGUAGE:
        for domain in domains:
            messages.update(page_messages(domain, lang))
    data = orjson.dumps({"lang": lang, "messages": messages})
    return data.replace(b"</", b"<\\/")


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(WEB)), autoescape=select_autoescape(["html"]),
                      trim_blocks=True, lstrip_blocks=True)
    env.globals["_"] = _web
    env.globals["_n"] = _web.plural
    return env


def add_pages(app: FastAPI, table_game: Callable[[str], str | None]) -> Callable[[str, tuple[str, ...]], HTMLResponse]:
    """The pages, the static files and ``/api/i18n/{lang}``; ``table_game(table_id)`` names a table's game
    (None for an unknown table: the page says so itself). Returns how a page is rendered (for the workbench's)."""
    env = _environment()

    def render(name: str, domains: tuple[str, ...]) -> HTMLResponse:
        lang = current_language()
        html = env.get_template(name).render(
            lang=lang, languages=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES],
            catalog=page_catalog(lang, domains).decode())
        return HTMLResponse(html, headers={"Content-Language": lang, "Vary": "Accept-Language, Cookie"})

    if WEB.exists():
        app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.middleware("http")
    async def revalidate_static(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        if request.url.path.startswith("/static/"):
            response.headers["Cache-Control"] = "no-cache"  # a new version of the UI is picked up at once
        return response

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> HTMLResponse:
        return render("index.html", ("web",))

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> HTMLResponse:
        game = table_game(table_id)
        domain = game_domain(game) if game else None
        return render("table.html", ("web", f"{domain}-ui") if domain else ("web",))

    @app.get("/api/i18n/{lang}", summary="The translations the web pages' scripts use, in one language")  # i18n: no
    async def scripts_catalog(lang: str, game: str | None = Query(None, description="add this game's texts")) -> JSONResponse:  # i18n: no
        code = normalize(lang)
        if code is None:
            return JSONResponse({"error": _("unknown language {lang!r}; cardtable speaks {languages}", lang=lang,
                                            languages=", ".join(LANGUAGES)), "rule": None}, status_code=404)
        if game is not None and game not in game_names():
            return JSONResponse({"error": _("unknown game {game!r}", game=game), "rule": None}, status_code=404)
        domain = game_domain(game) if game else None
        body = page_catalog(code, ("web", f"{domain}-ui") if domain else ("web",))
        return JSONResponse(orjson.loads(body))

    return render
