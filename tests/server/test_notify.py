"""Telling a player away that it is their turn (issue 40, item 2): where an account is told (webhook, e-mail), what
a webhook may be, the e-mail through a local SMTP sink (aiosmtpd), once per move, never to a player at the table."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import warnings
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any

import pytest
from aiosmtpd.controller import Controller

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.server.notify import Smtp

from .accounts_util import browser, sign_up
from .conftest import Server, make_server
from .test_rematch import OPTIONS
from .util import free_port


@contextlib.contextmanager
def webhook_receiver() -> Iterator[tuple[str, list[dict[str, Any]]]]:
    got: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            got.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    httpd = HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/hook", got
    finally:
        httpd.shutdown()


class Sink:
    def __init__(self) -> None:
        self.mails: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.mails.append(envelope)
        return "250 OK"


def wait_for(pred, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < deadline, "nothing arrived"
        time.sleep(0.02)


@pytest.fixture
def plain(db):
    with TestClient(make_server(db), raise_server_exceptions=False) as client:
        yield client


def test_where_an_account_is_told_is_checked_and_needs_a_session_and_its_csrf_token(plain):
    c = plain
    assert c.put("/api/me/notifications", json={"webhook": "https://example.org/x"}).status_code == 401
    with browser(c):
        h = sign_up(c, "Dani")
        assert c.put("/api/me/notifications", json={"webhook": "https://example.org/x"}).status_code == 403  # CSRF
        r = c.put("/api/me/notifications", json={"webhook": "ftp://example.org/x"}, headers=h)
        assert r.status_code == 422 and "http" in r.json()["error"]
        r = c.put("/api/me/notifications", json={"webhook": "http://127.0.0.1:9/hook"}, headers=h)
        assert r.status_code == 422 and "local address" in r.json()["error"]  # no requests into the server's network
        r = c.put("/api/me/notifications", json={"email": "dani@example.org"}, headers=h)
        assert r.status_code == 422 and "--smtp" in r.json()["error"]
        assert c.put("/api/me/notifications", json={"email": "not an address"}, headers=h).status_code == 422
        assert c.get("/api/me/notifications").json() == {"webhook": None, "email": None, "email_offered": False}


def test_a_player_away_is_told_once_per_move_by_webhook_and_e_mail_and_not_while_at_the_table(db):
    sink = Sink()
    port = free_port()
    smtp = Controller(sink, hostname="127.0.0.1", port=port)
    smtp.start()
    try:
        app = make_server(db, smtp=Smtp("127.0.0.1", port, "table@example.org"),
                          base_url="https://cards.example.org", allow_local_webhooks=True)
        with TestClient(app, raise_server_exceptions=False) as c, webhook_receiver() as (url, hooks):
            server = Server(app, c, db)
            with browser(c):
                h = sign_up(c, "Eszter")
                assert c.put("/api/me/notifications", json={"webhook": url, "email": "eszter@example.org"},
                             headers={**h, "Accept-Language": "hu"}).status_code == 200
                table = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"],
                                                    "options": OPTIONS, "takeover_seconds": None},
                               headers=h).json()["table"]["id"]
                mine = c.post(f"/api/tables/{table}/join", json={"seat": 1}, headers=h).json()["token"]
            guest = server.join(table, 0)  # seat 0 moves first (OPTIONS: first_player 0)
            assert server.table(table).state.current_player == 0
            while server.table(table).state.current_player == 0:
                legal = server.state(table, guest)["legal"]
                assert server.act(table, guest, legal[0]["action"]).status_code == 200
            wait_for(lambda: hooks and sink.mails)
            told = hooks[0]
            assert told["event"] == "your_turn" and told["table"] == table and told["seat"] == 1
            assert told["link"] == f"https://cards.example.org/table/{table}?seat=1"
            mail = sink.mails[0]
            assert mail.rcpt_tos == ["eszter@example.org"] and mail.mail_from == "table@example.org"
            text = mail.content.decode("utf-8", "replace")
            assert "Te következel" in text  # in the language the account chose its settings in
            time.sleep(0.3)
            assert len(hooks) == 1 and len(sink.mails) == 1  # once for that move
            # at the table (a page of the seat open), the player is not told
            server.table(table).seats[1].connections += 1

            def play_until(seat: int, token: str) -> None:
                while not server.table(table).state.is_terminal() and server.table(table).state.current_player != seat:
                    legal = server.state(table, token)["legal"]
                    assert server.act(table, token, legal[0]["action"]).status_code == 200

            play_until(0, mine)
            play_until(1, guest)
            time.sleep(0.3)
            assert len(hooks) == 1 and len(sink.mails) == 1
    finally:
        smtp.stop()
