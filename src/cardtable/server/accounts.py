"""Accounts (issue 40, item 1): sign up and sign in with a display name and a password, sessions in a cookie,
seats bound to accounts, and "my tables".

- Passwords are hashed with argon2 (argon2-cffi's defaults), in a worker thread so the event loop never waits
  on a hash; a hash made with older parameters is replaced at the next sign-in.
- A session is a random value in the ``cardtable_session`` cookie (httpOnly, SameSite=Lax, Secure over HTTPS),
  kept by the server only as its SHA-256. Signing in always starts a new session: a value a client had before
  is never adopted (no session fixation).
- CSRF: starlette-csrf's double submit (the ``csrftoken`` cookie, echoed in the ``X-CSRFToken`` header) on every
  state-changing request that carries a session cookie, and on signing up and in (login CSRF). Guests and API
  clients with seat tokens carry no session cookie and are not asked for one.
- Sign-in attempts are limited per name and per client address (the ``limits`` library, moving window).
- A seat joined while signed in is bound to the account, with a token derived from the server's secret, the
  account, the table and the seat (an HMAC): the server still keeps only hashes, and can hand the account its
  seat again on any device (``GET /api/me/tables``). Seat links keep working for guests.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import secrets
import time
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection
from starlette.types import Message, Receive, Scope, Send
from starlette_csrf.middleware import CSRFMiddleware

from cardtable.engine.i18n import Translator
from cardtable.store import Account, AccountStore

from .manager import TableManager
from .tables import TableError, hash_token

_ = Translator("cardtable")

SESSION_COOKIE = "cardtable_session"
SESSION_DAYS = 30
#: sign-in attempts allowed per minute, for one name and for one client address
PER_NAME, PER_ADDRESS = RateLimitItemPerMinute(5), RateLimitItemPerMinute(20)


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=32, pattern=r"^[^\x00-\x1f<>&\"']+$",
                      description="display name: 1 to 32 characters, no control characters or < > & \" '")  # i18n: no
    password: str = Field(min_length=8, max_length=256)


class Accounts:
    """The accounts' part of the server: hashing, sessions, rate limits and the seats' derived tokens."""

    def __init__(self, store: AccountStore) -> None:
        self.store = store
        self.hasher = PasswordHasher()
        self.seat_secret = store.secret("seat-tokens").encode()
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def account_of(self, request: HTTPConnection) -> Account | None:
        """The signed-in account of a request or a WebSocket (its session cookie), or None."""
        value = request.cookies.get(SESSION_COOKIE)
        return self.store.session(hash_token(value), time.time()) if value else None

    def seat_token(self, account: Account, table_id: str, seat: int) -> str:
        mac = hmac.new(self.seat_secret, f"{account.id}:{table_id}:{seat}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac[:24]).decode().rstrip("=")

    async def start_session(self, account: Account, request: Request, response: Response) -> None:
        value = secrets.token_urlsafe(32)
        await asyncio.wrap_future(self.store.start_session(account, hash_token(value),
                                                           time.time() + SESSION_DAYS * 86400))
        response.set_cookie(SESSION_COOKIE, value, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https", path="/")

    def check_rate(self, name: str, request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not (self.limiter.hit(PER_NAME, "name", name.casefold())
                and self.limiter.hit(PER_ADDRESS, "address", address)):
            raise TableError(429, _("too many sign-in attempts; wait a minute and try again"))


def account_routes(accounts: Accounts, manager: TableManager) -> APIRouter:
    router = APIRouter()

    @router.post("/api/accounts", status_code=201, response_model=None,
                 summary="Sign up: a new account with a display name and a password; signs in")  # i18n: no (API docs)
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        accounts.check_rate(body.name, request)
        password_hash = await asyncio.to_thread(accounts.hasher.hash, body.password)
        try:
            await asyncio.wrap_future(accounts.store.create(body.name, password_hash, time.time()))
        except Exception as error:
            if accounts.store.is_name_taken(error):
                raise TableError(409, _("the name {name} is taken; choose another", name=body.name)) from None
            raise
        found = accounts.store.find(body.name)
        assert found is not None  # just written
        await accounts.start_session(found[0], request, response)
        return {"name": found[0].name, "signed_in": True}

    @router.post("/api/session", response_model=None,
                 summary="Sign in with a display name and a password (a session cookie)")  # i18n: no (API docs)
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        accounts.check_rate(body.name, request)
        found = accounts.store.find(body.name)
        wrong = TableError(401, _("wrong name or password"))
        if found is None:
            await asyncio.to_thread(accounts.hasher.hash, body.password)  # as slow as a wrong password
            raise wrong
        account, password_hash = found
        try:
            await asyncio.to_thread(accounts.hasher.verify, password_hash, body.password)
        except (VerificationError, InvalidHashError):
            raise wrong from None
        if accounts.hasher.check_needs_rehash(password_hash):
            new_hash = await asyncio.to_thread(accounts.hasher.hash, body.password)
            await asyncio.wrap_future(accounts.store.set_password_hash(account, new_hash))
        await accounts.start_session(account, request, response)
        return {"name": account.name, "signed_in": True}

    @router.delete("/api/session", response_model=None, summary="Sign out")  # i18n: no (API docs)
    async def sign_out(request: Request) -> JSONResponse:
        value = request.cookies.get(SESSION_COOKIE)
        if value:
            await asyncio.wrap_future(accounts.store.end_session(hash_token(value)))
        answer = JSONResponse({"signed_in": False})
        answer.delete_cookie(SESSION_COOKIE, path="/")
        return answer

    @router.get("/api/me", response_model=None,
                summary="Who the caller is: the signed-in account's name, or null for a guest")  # i18n: no (API docs)
    async def me(request: Request) -> dict[str, Any]:
        account = accounts.account_of(request)  # (a guest is no error: every lobby asks, and gets its CSRF cookie)
        return {"name": None if account is None else account.name, "signed_in": account is not None}

    @router.get("/api/me/tables", response_model=None,
                summary="The account's tables: its seat, its token, whose turn it is")  # i18n: no (API docs)
    async def my_tables(request: Request) -> dict[str, Any]:
        account = accounts.account_of(request)
        if account is None:
            raise TableError(401, _("not signed in"))
        out = []
        for table_id, seat in accounts.store.seats_of(account):
            table = manager.tables.get(table_id)
            if table is None:
                continue
            state = table.state
            over = table.over
            out.append({"table": table.summary(), "seat": seat, "token": accounts.seat_token(account, table_id, seat),
                        "over": over, "your_turn": not over and state.current_player == seat,
                        "to_move": None if over else state.current_player,
                        "link": f"/table/{table_id}?seat={seat}"})
        return {"name": account.name, "tables": out}

    return router


class Csrf(CSRFMiddleware):
    """starlette-csrf, answering as the rest of the API does (a JSON reason in the reader's language), leaving
    WebSockets alone (a seat's socket proves itself with its token), and handing out its cookie with pages and
    ``/api/me`` only, not with every move of an API client."""

    HANDS_OUT = re.compile(r"^/(?!api/|static/)|^/api/me$")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)

    async def send(self, message: Message, send: Send, scope: Scope) -> None:
        if self.HANDS_OUT.match(scope.get("path", "")):
            await super().send(message, send, scope)
        else:
            await send(message)

    def _get_error_response(self, request: Request) -> Response:
        return JSONResponse({"error": _("the request lacks its CSRF token (the X-CSRFToken header must repeat the "
                                        "csrftoken cookie); reload the page"), "rule": None}, status_code=403)


def add_accounts(app: Any, accounts: Accounts) -> None:
    app.add_middleware(Csrf, secret=accounts.store.secret("csrf"), sensitive_cookies={SESSION_COOKIE},
                       required_urls=[re.compile(r"^/api/(accounts|session)$")], header_name="x-csrftoken")


__all__ = ["Accounts", "SESSION_COOKIE", "account_routes", "add_accounts"]
