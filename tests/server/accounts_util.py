"""Browsers of one running test server: each with its own cookies, signed up and holding the CSRF token its pages
would give it (the account tests share these)."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterator

import httpx

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

PASSWORD = "correct horse"


@contextlib.contextmanager
def browser(client: TestClient) -> Iterator[TestClient]:
    """Another browser: the running app's client with a cookie jar of its own for the block."""
    saved = client.cookies
    client.cookies = httpx.Cookies()
    try:
        yield client
    finally:
        client.cookies = saved


def csrf(client: TestClient) -> dict[str, str]:
    """What a page gives the browser: the csrftoken cookie, echoed in the header of changing requests."""
    client.get("/api/me")
    token = client.cookies.get("csrftoken")
    assert token, "the server hands out its CSRF cookie with /api/me"
    return {"X-CSRFToken": token}


def sign_up(client: TestClient, name: str, password: str = PASSWORD, status: int = 201) -> dict[str, str]:
    """Sign up (signed in after); the CSRF header for the browser's next requests."""
    h = csrf(client)
    r = client.post("/api/accounts", json={"name": name, "password": password}, headers=h)
    assert r.status_code == status, r.text
    return h
