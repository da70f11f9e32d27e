"""Accounts in the browser (issue 40, item 1): sign up from the lobby, sit down signed in, find the seat again under
"My tables" in another browser after signing in there, with whose turn it is; a changing request of a signed-in
page carries its CSRF token (a table is made and a move is played); a name is shown as text, never as markup."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import PHONE

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "img" / "gallery"


def shot(page: Page, tmp_path: Path, name: str) -> None:
    """A picture for the docs with CARDTABLE_SCREENSHOTS=1 (docs/img/gallery), else for this run only."""
    out = GALLERY if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    page.screenshot(path=str(out / f"{name}.jpg"), type="jpeg", quality=60)


def sign_up(page: Page, name: str, password: str = "correct horse") -> None:
    page.goto("/")
    page.get_by_role("button", name="Sign in").click()
    page.locator("#account-name").fill(name)
    page.locator("#account-password").fill(password)
    page.get_by_role("button", name="Create account").click()
    expect(page.locator("#account .account-name")).to_have_text(name)


def test_sign_up_sit_down_and_find_the_seat_again_on_another_device(new_context, server, tmp_path):
    name = "Ildi " + uuid.uuid4().hex[:6]
    first = new_context().new_page()
    errors: list[str] = []
    first.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(first, name)
    expect(first.locator("#mine-panel")).to_be_visible()
    expect(first.locator("#mine")).to_contain_text("No tables yet")
    # a table made and joined signed in: the session cookie goes with the request, so its CSRF token must too
    first.locator("#option-list .option").first.wait_for(state="attached")
    first.get_by_role("button", name="Create table and sit down").click()
    first.wait_for_url("**/table/*")
    table = first.url.split("/table/")[1].split("?")[0]
    assert not errors, errors

    laptop = new_context().new_page()  # another browser: no token in its storage, no cookie
    laptop.goto("/")
    laptop.get_by_role("button", name="Sign in").click()
    laptop.locator("#account-name").fill(name.upper())  # names are matched without regard to case
    laptop.locator("#account-password").fill("correct horse")
    laptop.locator("#account-form button[value=in]").click()
    expect(laptop.locator("#account .account-name")).to_have_text(name)
    row = laptop.locator(".mine-row").filter(has_text=table)
    expect(row).to_have_count(1)
    shot(laptop, tmp_path, "lobby-my-tables-laptop")
    row.get_by_role("link", name="Open").click()
    laptop.wait_for_url(f"**/table/{table}?seat=0")
    expect(laptop.locator("#who")).to_contain_text("0")  # it holds the seat (a player's view), not a spectator's

    laptop.goto("/")
    expect(laptop.locator(f'#tables [data-key="back:{table}:0"]')).to_be_visible()  # the seat is this browser's too
    laptop.get_by_role("button", name="Sign out").click()
    expect(laptop.get_by_role("button", name="Sign in")).to_be_visible()
    expect(laptop.locator("#mine-panel")).to_be_hidden()
    assert laptop.evaluate(f"localStorage.getItem('cardtable:token:{table}:0')") is None  # and no longer, signed out


def test_a_wrong_password_is_refused_in_the_dialog_in_the_readers_language(new_context, server, tmp_path):
    page = new_context().new_page()
    page.goto("/?lang=hu")
    page.get_by_role("button", name="Bejelentkezés").click()
    page.locator("#account-name").fill("Senki " + uuid.uuid4().hex[:6])
    page.locator("#account-password").fill("rossz jelszó")
    page.locator("#account-form button[value=in]").click()
    expect(page.locator("#account-error")).to_have_text("hibás név vagy jelszó")
    shot(page, tmp_path, "lobby-sign-in-hu-laptop")


def test_a_name_is_text_and_the_dialog_fits_a_phone(new_context, server, tmp_path):
    page = new_context(viewport=PHONE).new_page()
    page.goto("/?lang=de")
    page.get_by_role("button", name="Anmelden").click()
    expect(page.locator("#account-dialog")).to_be_visible()
    box = page.locator("#account-dialog").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    shot(page, tmp_path, "lobby-sign-in-de-phone")
    page.locator("#account-name").fill("<b>x</b>")  # refused by the server: markup is no name
    page.locator("#account-password").fill("correct horse")
    page.locator("#account-form button[value=up]").click()
    expect(page.locator("#account-error")).not_to_be_empty()
    assert page.locator("#account b").count() == 0


def _play_rated_game(url: str, name: str) -> str:
    """An account plays a short rated Mojo game against the heuristic bot over HTTP, to its end."""
    import time

    import httpx

    with httpx.Client(base_url=url, timeout=10) as c:
        c.get("/api/me")
        h = {"X-CSRFToken": c.cookies["csrftoken"]}
        assert c.post("/api/accounts", json={"name": name, "password": "correct horse"}, headers=h).status_code == 201
        table = c.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "heuristic"], "rated": True,
                                            "options": {"target_score": 1, "first_player": 0}}, headers=h).json()["table"]["id"]
        token = c.post(f"/api/tables/{table}/join", json={"seat": 0}, headers=h).json()["token"]
        c.cookies.clear()  # from here an API client with the seat's token
        for _ in range(3000):
            message = c.get(f"/api/tables/{table}", headers={"X-Seat-Token": token}).json()
            if message["table"]["status"] == "finished":
                return table
            if message["legal"]:
                c.post(f"/api/tables/{table}/actions", json={"action": message["legal"][0]["action"]},
                       headers={"X-Seat-Token": token})
            else:
                time.sleep(0.01)
    raise AssertionError("the rated game did not end")


def test_a_rated_game_is_marked_and_its_players_stand_on_the_leaderboard(new_context, server, tmp_path):
    name = "Rated " + uuid.uuid4().hex[:6]
    table = _play_rated_game(server.url, name)
    page = new_context().new_page()
    page.goto("/?game=mojo")
    expect(page.locator(f'#tables [data-table="{table}"] .badge.rated')).to_have_text("rated")
    board = page.locator("#board")
    expect(board.locator(".board-row").filter(has_text=name)).to_have_count(1)
    expect(board.locator(".board-row.bot")).not_to_have_count(0)
    page.locator("#board-panel").scroll_into_view_if_needed()
    shot(page, tmp_path, "lobby-leaderboard-laptop")
    # a guest who ticks "Rated game" is told to sign in, and no table is made
    before = page.locator("#tables .table-item").count()
    page.locator("#option-list .option").first.wait_for(state="attached")
    page.locator("#settings > summary").click()
    page.locator("#rated").check()
    page.get_by_role("button", name="Create table and sit down").click()
    expect(page.locator("#create-error")).to_contain_text("sign in")
    assert page.locator("#tables .table-item").count() == before


def test_an_account_says_where_it_is_told_of_its_turn(new_context, server, tmp_path):
    page = new_context().new_page()
    sign_up(page, "Notify " + uuid.uuid4().hex[:6])
    page.get_by_role("button", name="Notifications").click()
    dialog = page.locator("#notify-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#notify-email")).to_be_disabled()  # this test server has no --smtp
    expect(page.locator("#notify-no-mail")).to_be_visible()
    page.locator("#notify-webhook").fill("http://127.0.0.1/hook")  # the server calls public addresses only
    dialog.get_by_role("button", name="Save").click()
    expect(page.locator("#notify-status")).to_contain_text("local address")
    shot(page, tmp_path, "lobby-notifications-laptop")
    page.locator("#notify-webhook").fill("")
    dialog.get_by_role("button", name="Save").click()
    expect(page.locator("#notify-status")).to_have_text("Saved.")


def test_a_players_only_table_is_marked_and_a_spectator_is_told_why(new_context, server, tmp_path):
    owner = new_context().new_page()
    owner.goto("/?game=mojo")
    owner.locator("#option-list .option").first.wait_for(state="attached")  # the game's form is drawn
    owner.locator("#settings > summary").click()
    owner.get_by_label("Who may watch").select_option("players")
    owner.get_by_role("button", name="Create table and sit down").click()
    owner.wait_for_url("**/table/*")
    table = owner.url.split("/table/")[1].split("?")[0]
    other = new_context().new_page()
    other.goto("/")
    item = other.locator(f'#tables [data-table="{table}"]')
    expect(item.locator(".badge.private")).to_have_text("players only")
    expect(item.get_by_role("link", name=f"Watch table {table}")).to_have_count(0)
    other.goto(f"/table/{table}")
    expect(other.locator(".fatal")).to_contain_text("only the players")
    shot(other, tmp_path, "table-players-only-laptop")


def test_a_late_spectator_is_told_how_late_and_the_signed_in_header_fits_a_phone(new_context, server, tmp_path):
    table = server.create(players=2, seats=["human", "human"], spectator_delay=2,
                          options={"first_player": 0})["table"]["id"]
    tokens = {seat: server.request("POST", f"/api/tables/{table}/join", {"seat": seat})["token"] for seat in (0, 1)}
    for _ in range(4):
        seat = next(s for s, tok in tokens.items() if server.table(table, tok)["legal"])
        legal = server.table(table, tokens[seat])["legal"]
        server.request("POST", f"/api/tables/{table}/actions", {"action": legal[0]["action"]}, token=tokens[seat])
    for viewport, size in ((None, "laptop"), (PHONE, "phone")):
        page = new_context(**({"viewport": viewport} if viewport else {})).new_page()
        page.goto(f"/table/{table}")
        expect(page.locator("#who")).to_have_text("watching, 2 moves late")
        shot(page, tmp_path, f"table-late-spectator-{size}")
    phone = new_context(viewport=PHONE).new_page()
    sign_up(phone, "Phone " + uuid.uuid4().hex[:4])
    assert phone.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(phone, tmp_path, "lobby-signed-in-phone")
