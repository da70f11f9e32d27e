"""How much a client may send at once: a request body, or a WebSocket message, of at most MAX_BODY bytes; a data
file's text sent to the designer's workbench (``/api/studio/…``), at most STUDIO_MAX_BODY."""

from __future__ import annotations

from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.engine.i18n import Translator

MAX_BODY = 64 * 1024
#: a workbench request carries a whole data file (the loaders take up to 2 MB of text, which JSON may escape)
STUDIO_MAX_BODY = 8 * 1024 * 1024
_ = Translator("cardtable")


class LimitBody:
    """413 for a request body over MAX_BODY: at once when its Content-Length says so, else (chunked) as it is
    read. Plain ASGI: Starlette's ``@app.middleware("http")`` runs every request through an extra task."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        most = STUDIO_MAX_BODY if scope.get("path", "").startswith("/api/studio/") else MAX_BODY
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.isdigit() or int(value) > most:
                    response = JSONResponse({"error": _("request body larger than {n} bytes", n=most), "rule": None},
                                            status_code=413)
                    return await response(scope, receive, send)
                break
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > most:
                raise StarletteHTTPException(413, _("request body larger than {n} bytes", n=most))
            return message

        await self.app(scope, limited, send)
