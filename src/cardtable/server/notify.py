"""Your turn, told where you are (issue 40, item 2): a webhook and/or an e-mail for an account whose seat is to move.

An account chooses where it is told (``PUT /api/me/notifications``: a webhook URL, an e-mail address, or
neither; and the language of the e-mail). When a durable action leaves a seat bound to such an account to move
and no page of that seat is open (a player at the table sees it already), the server tells it once for that move:

- **webhook**: ``POST`` of ``{"event": "your_turn", "table", "game", "title", "seat", "link", "deadline"}``
  (JSON, ``User-Agent: cardtable``), 5 s timeout. Only http(s) URLs; loopback, private and link-local addresses
  are refused unless the server allows them (``allow_local_webhooks``, for tests and a LAN);
- **e-mail**: through the SMTP server given to ``cardtable serve --smtp HOST:PORT --smtp-from ADDRESS``; without
  one, e-mail is not offered.

Delivery runs beside the game (a failure is logged; the move stands, nothing is retried).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import smtplib
import socket
import urllib.parse
import urllib.request
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cardtable.engine.i18n import Translator, current_language, language

from .accounts import Accounts
from .tables import Table, TableError

_ = Translator("cardtable")
logger = logging.getLogger("cardtable.server")


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    sender: str


class NotificationSettings(BaseModel):
    webhook: str | None = Field(None, max_length=500, description="http(s) URL told of your turn; null: none")  # i18n: no
    email: str | None = Field(None, max_length=254, pattern=r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$",
                              description="address told of your turn (the server needs --smtp); null: none")  # i18n: no


def webhook_problem(url: str, allow_local: bool) -> str | None:
    """Why the server will not call ``url`` (None: it will)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return _("a webhook is an http:// or https:// URL")
    if allow_local:
        return None
    try:
        addresses = {str(info[4][0]) for info in socket.getaddrinfo(parts.hostname, parts.port or 443)}
    except OSError:
        return _("the webhook's host {host} is not found", host=parts.hostname)
    for address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_reserved or ip.is_multicast:
            return _("the webhook's host {host} is a local address; the server calls public addresses only",
                     host=parts.hostname)
    return None


class Notifier:
    def __init__(self, accounts: Accounts, base_url: str, smtp: Smtp | None = None,
                 allow_local_webhooks: bool = False) -> None:
        self.accounts = accounts
        self.base_url = base_url.rstrip("/")
        self.smtp = smtp
        self.allow_local = allow_local_webhooks
        self.told: dict[str, tuple[int, int]] = {}  # table -> (seat, move) last told
        self.tasks: set[asyncio.Task[None]] = set()

    async def after_move(self, table: Table) -> None:
        """The hook of every durable action: tell the account whose seat is now to move, if it is away."""
        state = table.state
        if table.over:
            self.told.pop(table.id, None)
            return
        seat = state.current_player
        if not 0 <= seat < len(table.seats):
            return
        s = table.seats[seat]
        if s.kind != "human" or s.present or s.takeover is not None:
            return
        key = (seat, len(state.history))
        if self.told.get(table.id) == key:
            return
        account = self.accounts.store.accounts_at(table.id).get(seat)
        if account is None:
            return
        where = self.accounts.store.notifications(account)
        if where is None:
            return
        self.told[table.id] = key
        deadline = table.clock.deadline if table.clock is not None and table.clock.seat == seat else None
        message = {"event": "your_turn", "table": table.id, "game": table.game.info.name,
                   "title": table.game.info.title, "seat": seat, "link": f"{self.base_url}/table/{table.id}?seat={seat}",
                   "deadline": deadline}
        task = asyncio.create_task(self._deliver(message, where))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _deliver(self, message: dict[str, Any], where: dict[str, Any]) -> None:
        if where.get("webhook"):
            try:
                await asyncio.to_thread(self._post, where["webhook"], message)
            except Exception as exc:  # (the move stands; the player may still look)
                logger.warning("table %s: the webhook failed: %s", message["table"], exc)
        if where.get("email") and self.smtp is not None:
            try:
                await asyncio.to_thread(self._mail, where["email"], where.get("lang") or "en", message)
            except Exception as exc:
                logger.warning("table %s: the e-mail failed: %s", message["table"], exc)

    def _post(self, url: str, message: dict[str, Any]) -> None:
        if webhook_problem(url, self.allow_local) is not None:  # (checked again: a name may point elsewhere now)
            return
        request = urllib.request.Request(url, data=json.dumps(message).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "User-Agent": "cardtable"})
        with urllib.request.urlopen(request, timeout=5) as answer:  # noqa: S310 (http(s) only, checked above)
            answer.read(1024)

    def _mail(self, address: str, lang: str, message: dict[str, Any]) -> None:
        assert self.smtp is not None
        with language(lang):
            subject = _("Your turn in {title} (table {table})", title=message["title"], table=message["table"])
            body = _("It is your turn at table {table} ({title}, seat {seat}).\n\nOpen it: {link}\n",
                     table=message["table"], title=message["title"], seat=message["seat"], link=message["link"])
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = self.smtp.sender, address, subject
        mail.set_content(body)
        with smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=10) as client:
            client.send_message(mail)


def notification_routes(notifier: Notifier) -> APIRouter:
    router = APIRouter()
    accounts = notifier.accounts

    @router.get("/api/me/notifications", response_model=None, summary="Where the account is told of its turn")  # i18n: no
    async def get_settings(request: Request) -> dict[str, Any]:
        account = accounts.account_of(request)
        if account is None:
            raise TableError(401, _("not signed in"))
        where = accounts.store.notifications(account) or {}
        return {"webhook": where.get("webhook"), "email": where.get("email"), "email_offered": notifier.smtp is not None}

    @router.put("/api/me/notifications", response_model=None,
                summary="Set where the account is told of its turn (webhook, e-mail)")  # i18n: no (API docs)
    async def put_settings(body: NotificationSettings, request: Request) -> dict[str, Any]:
        account = accounts.account_of(request)
        if account is None:
            raise TableError(401, _("not signed in"))
        webhook = (body.webhook or "").strip() or None
        if webhook is not None:
            problem = await asyncio.to_thread(webhook_problem, webhook, notifier.allow_local)
            if problem is not None:
                raise TableError(422, problem)
        email = (body.email or "").strip() or None
        if email is not None and notifier.smtp is None:
            raise TableError(422, _("this server sends no e-mail (it was started without --smtp)"))
        await asyncio.wrap_future(accounts.store.set_notifications(account, webhook, email, current_language()))
        return {"webhook": webhook, "email": email, "email_offered": notifier.smtp is not None}

    return router


__all__ = ["Notifier", "NotificationSettings", "Smtp", "notification_routes", "webhook_problem"]
