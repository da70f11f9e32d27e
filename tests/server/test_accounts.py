"""Accounts (issue 40, item 1): sign up, sign in, sessions in a cookie, CSRF on what a session may change, sign-in
limits, seats bound to accounts and "my tables" — and the attacks tried against them."""

from __future__ import annotations

import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.server.accounts import SESSION_COOKIE

from .accounts_util import browser as _client
from .accounts_util import csrf as _csrf
from .conftest import make_server


def _sign_up(client: TestClient, name: str, password: str = "correct horse", status: int = 201):
    r = client.post("/api/accounts", json={"name": name, "password": password}, headers=_csrf(client))
    assert r.status_code == status, r.text
    return r


@pytest.fixture
def app(db):
    """The client of a running server (start-up and shut-down once; each test's browsers share it)."""
    with TestClient(make_server(db), raise_server_exceptions=False) as client:
        yield client


def test_sign_up_signs_in_and_the_session_cookie_is_http_only_and_same_site(app):
    with _client(app) as c:
        r = _sign_up(c, "Ildikó")
        cookie = r.headers["set-cookie"]
        assert SESSION_COOKIE in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert c.get("/api/me").json() == {"name": "Ildikó", "signed_in": True}
        h = _csrf(c)
        assert c.delete("/api/session", headers=h).status_code == 200
        assert c.get("/api/me").json() == {"name": None, "signed_in": False}  # a guest again (no error)


def test_names_are_unique_without_regard_to_case_and_bad_input_is_refused_with_a_reason(app):
    with _client(app) as c:
        _sign_up(c, "Anna")
    with _client(app) as c:
        r = _sign_up(c, "anna", status=409)
        assert "anna" in r.json()["error"]
        assert _sign_up(c, "Bob", password="short", status=422).json()["error"]
        assert _sign_up(c, "<script>", status=422).json()["error"]  # no markup in a display name
        assert _sign_up(c, "", status=422).json()["error"]


def test_sign_in_checks_the_password_and_starts_a_new_session_every_time(app):
    with _client(app) as c:
        _sign_up(c, "Chen")
    with _client(app) as c:
        h = _csrf(c)
        assert c.post("/api/session", json={"name": "Chen", "password": "wrong password"}, headers=h).status_code == 401
        assert c.post("/api/session", json={"name": "Nobody", "password": "whatever1"}, headers=h).status_code == 401
        c.cookies.set(SESSION_COOKIE, "planted-by-an-attacker")  # session fixation: a value the client brought
        r = c.post("/api/session", json={"name": "chen", "password": "correct horse"}, headers=h)
        assert r.status_code == 200 and r.json() == {"name": "Chen", "signed_in": True}
        issued = [ck.value for ck in c.cookies.jar if ck.name == SESSION_COOKIE and ck.value != "planted-by-an-attacker"]
        assert len(issued) == 1  # the server issued its own value
    with _client(app) as other:
        other.cookies.set(SESSION_COOKIE, "planted-by-an-attacker")
        assert other.get("/api/me").json()["signed_in"] is False  # the planted value never became a session


def test_sign_in_attempts_are_limited(app):
    with _client(app) as c:
        _sign_up(c, "Dora")
        h = _csrf(c)
        codes = [c.post("/api/session", json={"name": "Dora", "password": "guess guess"}, headers=h).status_code
                 for _ in range(6)]
        assert codes[:4] == [401] * 4 and codes[-1] == 429
        assert "minute" in c.post("/api/session", json={"name": "Dora", "password": "correct horse"},
                                  headers=h).json()["error"]


def test_a_changing_request_with_a_session_needs_the_csrf_header_and_nothing_changes_without_it(app):
    with _client(app) as c:
        _sign_up(c, "Emil")
        table = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "random"]})
        assert table.status_code == 403  # a cross-site form could not send the header
        assert "CSRF" in table.json()["error"]
        assert c.get("/api/tables").json() == []
        assert c.delete("/api/session").status_code == 403 and c.get("/api/me").json()["signed_in"] is True
        # sign-up and sign-in need it even without a session (login CSRF)
        c.cookies.delete(SESSION_COOKIE)
        assert c.post("/api/session", json={"name": "Emil", "password": "correct horse"}).status_code == 403
    with _client(app) as guest:  # no session cookie: guests and API clients are not asked
        assert guest.post("/api/tables", json={"game": "mojo", "players": 2,
                                               "seats": ["human", "random"]}).status_code == 201


def test_a_seat_joined_signed_in_is_the_accounts_on_any_device_and_no_one_elses(app):
    with _client(app) as c:
        _sign_up(c, "Fanni")
        h = _csrf(c)
        table = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"]},
                       headers=h).json()["table"]["id"]
        token = c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).json()["token"]
    with _client(app) as laptop:  # the same account elsewhere
        h = _csrf(laptop)
        assert laptop.post("/api/session", json={"name": "Fanni", "password": "correct horse"},
                           headers=h).status_code == 200
        mine = laptop.get("/api/me/tables").json()["tables"]
        assert [(t["table"]["id"], t["seat"], t["token"]) for t in mine] == [(table, 0, token)]
        assert mine[0]["link"] == f"/table/{table}?seat=0" and mine[0]["over"] is False
        assert laptop.get(f"/api/tables/{table}", headers={"X-Seat-Token": mine[0]["token"]}).json()["seat"] == 0
    with _client(app) as rival:
        _sign_up(rival, "Gábor")
        assert rival.get("/api/me/tables").json()["tables"] == []
        h = _csrf(rival)
        assert rival.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).status_code == 409
        other = rival.post(f"/api/tables/{table}/join", json={"seat": 1}, headers=h).json()["token"]
        assert other != token
        state = rival.get(f"/api/tables/{table}", headers={"X-Seat-Token": other}).json()
        assert state["seat"] == 1  # and seat 0's hand is not in it (the view is seat 1's)
    with _client(app) as guest:  # a guest's seat link still works, bound to no one
        assert guest.get("/api/me/tables").status_code == 401


def test_my_tables_says_whose_turn_it_is(app):
    with _client(app) as c:
        _sign_up(c, "Hanna")
        h = _csrf(c)
        table = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"]},
                       headers=h).json()["table"]["id"]
        c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h)
        c.post(f"/api/tables/{table}/join", json={"seat": 1}, headers=h)
        rows = c.get("/api/me/tables").json()["tables"]
        assert sorted(r["seat"] for r in rows) == [0, 1]
        assert sum(r["your_turn"] for r in rows) == 1
        assert all(r["to_move"] in (0, 1) for r in rows)


def test_refusals_come_in_the_readers_language(app):
    with _client(app) as c:
        h = {**_csrf(c), "Accept-Language": "hu"}
        r = c.post("/api/session", json={"name": "Senki", "password": "whatever1"}, headers=h)
        assert r.status_code == 401 and r.json()["error"] == "hibás név vagy jelszó"
        r = c.post("/api/session", json={"name": "Senki", "password": "whatever1"}, headers={"Accept-Language": "de"})
        assert r.status_code == 403 and "CSRF-Token" in r.json()["error"]
