"""Each reader's language at the server: ``?lang=``, then the ``cardtable_lang`` cookie (the page's switch), then
the ``Accept-Language`` header, then English. An ASGI middleware sets it for every request and every socket,
so errors, labels, log lines and prompts are made in the language of the person who reads them."""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any, Mapping

from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.engine.i18n import SOURCE_LANGUAGE, language, negotiate, normalize

COOKIE = "cardtable_lang"


def reader_language(scope: Mapping[str, Any]) -> str:
    """The language of an HTTP request or a WebSocket handshake (its ASGI scope)."""
    query = scope.get("query_string", b"").decode("latin-1")
    for pair in query.split("&"):
        key, _sep, value = pair.partition("=")
        if key == "lang" and (code := normalize(value)):
            return code
    accept = None
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is ignored, as browsers do
                continue
            if COOKIE in cookie and (code := normalize(cookie[COOKIE].value)):
                return code
        elif name == b"accept-language":
            accept = value.decode("latin-1")
    return negotiate(accept) or SOURCE_LANGUAGE


class Languages:
    """Read every request and socket in its reader's language (plain ASGI: the handler runs in this task)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        with language(reader_language(scope)):
            return await self.app(scope, receive, send)
