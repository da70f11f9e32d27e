"""Browser tests of the web UI: the real server in a subprocess, Debian's Chromium driven by Playwright.

Playwright cannot download its own browser here, so the tests use /usr/bin/chromium (CI installs it,
see .ci/run) and are skipped with a clear reason when it is missing.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run",
]
LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """The running `cardtable serve`; small HTTP helpers for setting up tables quickly."""

    def __init__(self, url: str):
        self.url = url

    def request(self, method: str, path: str, body=None, token: str | None = None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("X-Seat-Token", token)
        with urllib.request.urlopen(req, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def create(self, **body):
        return self.request("POST", "/api/tables", {"game": "mojo", **body})

    def table(self, table_id: str, token: str | None = None):
        return self.request("GET", f"/api/tables/{table_id}", token=token)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    port = _free_port()
    tmp = tmp_path_factory.mktemp("web-server")
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable.cli.app", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(tmp / "tables.db"), "--bot-delay", "0"],
        stdout=log, stderr=subprocess.STDOUT, cwd=str(tmp),
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            log.close()
            pytest.fail(f"the server exited with {proc.returncode}:\n{(tmp / 'server.log').read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=1) as response:
                if response.status == 200:
                    break
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"the server did not answer within 30 s:\n{(tmp / 'server.log').read_text()}")
        time.sleep(0.1)
    yield Server(url)
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"browser tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium); "
                    "Playwright's own browser download does not work here")
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser, server):
    """Make a fresh browser context (its own localStorage: another person) at laptop width."""
    contexts = []

    def make(viewport=LAPTOP, take_only: bool | None = False):
        context = browser.new_context(viewport=viewport, base_url=server.url, reduced_motion="reduce")
        context.set_default_timeout(10_000)
        if take_only is not None:
            # The tests click every move themselves, a pass that is the only move too: the page's own taking of
            # it (table.js renderTakeOnly) is switched off unless a test asks for it (None: the page's default).
            context.add_init_script(f"""if (localStorage.getItem("cardtable.takeOnly") === null)
                localStorage.setItem("cardtable.takeOnly", "{int(take_only)}");""")
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context):
    page = new_context().new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    assert not errors, f"JavaScript errors on the page: {errors}"
