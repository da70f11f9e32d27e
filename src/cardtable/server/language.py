"""Each reader's language at the server: ``?lang=``, then the ``cardtable_lang`` cookie (the page's switch), then
the ``Accept-Language`` header, then English. An ASGI middleware sets it for every request and every socket,
so errors, labels, log lines and prompts are made in the language of the person who reads them."""

from __future__ import annotations

from http.cookies import SimpleCookie
from typing import Any

from cardtable.engine.i18n import SOURCE_LANGUAGE, language, negotiate, normalize

COOKIE = "cardtable_lang"


def reader_language(scope: dict[str, Any]) -> str:
    """The language of an HTTP request or a WebSocket handshake (its ASGI scope)."""
    query = scope.get("query_string", b"").decode("latin-1")
    for pair in query.split("&"):
        key, _sep, value = pair.partition("=")
        if key == "lang" and normalize(value):
            return normalize(value)  # type: ignore[return-value]
    accept = None
    for name, value in scope.get("headers", ()):
        if name == b"cookie":
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is ignored, as browsers do
                continue
            if COOKIE in cookie and normalize(cookie[COOKIE].value):
                return normalize(cookie[COOKIE].value)  # type: ignore[return-value]
        elif name == b"accept-language":
            accept = value.decode("latin-1")
    return negotiate(accept) or SOURCE_LANGUAGE


class Languages:
    """Read every request and socket in its reader's language (plain ASGI: the handler runs in this task)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        with language(reader_language(scope)):
            return await self.app(scope, receive, send)
