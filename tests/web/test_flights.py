"""Issue 34, item 2: a play flies from the seat that made it to the pile or the board it lands on (Mojo,
MAOQY, muhq; Mítosz has its own in test_mitosz_direct.py), and nothing moves when the reader asks for reduced
motion. board-kit.js flyFrom counts its flights in the renderer's data-flights and notes the last one as
"seat:dx,dy" (the offset it starts from) in data-last-flight."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from .test_boards_see import MY_TURN  # noqa: E402
from .test_layout import two_humans  # noqa: E402


@pytest.fixture
def moving(browser, server):
    """Open seat 0 of a new table in a browser that allows motion (the other tests' contexts reduce it)."""
    contexts = []

    def open_seat(body: dict | None, motion: str = "no-preference", table: str | None = None, token: str | None = None):
        context = browser.new_context(base_url=server.url, reduced_motion=motion)
        context.add_init_script("localStorage.setItem('cardtable.takeOnly', '0')")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        if token:
            context.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{token}')")
        table = table or server.create(**body)["table"]["id"]
        page.goto(f"/table/{table}?seat=0")
        page.locator(".felt").wait_for()
        return page

    yield open_seat
    for context in contexts:
        context.close()


def flight(page, box: str):
    return page.evaluate(f"() => {{ const b = document.querySelector('#game .{box}'); return [Number(b.dataset.flights || 0), b.dataset.lastFlight || null]; }}")


def play_first_card(page) -> None:
    before = page.evaluate("window.cardtable.message.table.actions")
    page.locator("#game .seat.me .hand .card.legal").first.click()
    # ours, then the bot's: the position comes back to us
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before} && window.cardtable.message.log.some(e => e.seat === 1 && e.n > {before})")


def test_mojo_plays_fly_from_the_seat_that_made_them(moving, server):
    table, tokens = two_humans(server, "mojo", seed=4)
    page = moving(None, table=table, token=tokens[0])
    page.wait_for_function(MY_TURN)
    page.locator("#game .seat.me .hand .card.legal").first.click()
    page.wait_for_function("() => (document.querySelector('#game .mojo').dataset.lastFlight || '').startsWith('0:')")
    dy = int(flight(page, "mojo")[1].split(",")[1])
    assert dy > 0  # our seat sits below the piles: our card starts below them
    legal = server.table(table, tokens[1])["legal"]
    play = next(e["action"] for e in legal if e["action"]["type"] == "play")
    server.request("POST", f"/api/tables/{table}/actions", {"action": play}, token=tokens[1])
    page.wait_for_function("() => (document.querySelector('#game .mojo').dataset.lastFlight || '').startsWith('1:')")
    count, last = flight(page, "mojo")
    assert count == 2 and int(last.split(",")[1]) < 0, last  # the other seat's card comes from above


def test_nothing_flies_under_reduced_motion(moving):
    page = moving({"game": "mojo", "players": 2, "seed": 4, "seats": ["human", "random"]}, motion="reduce")
    page.wait_for_function(MY_TURN)
    play_first_card(page)
    assert flight(page, "mojo") == [0, None]


@pytest.mark.parametrize("game, options, box", [
    ("maoqy", {"kingdoms": ["red", "blue"]}, "maoqy"),
    ("muhq", {"max_turns": 4, "draft_stop": 10}, "muhq"),
])
def test_maoqy_and_muhq_fly_too(moving, server, game, options, box):
    """Both seats play through the API (random moves) while seat 0's page watches, until a card lands on the
    discard pile (MAOQY) or a permanent on the board (muhq): it flies from the seat that played it."""
    table, tokens = two_humans(server, game, seed=3, options=options)
    page = moving(None, table=table, token=tokens[0])
    rng = random.Random(2)
    for _ in range(300):
        count, last = flight(page, box)
        if count:
            break
        view = server.table(table, tokens[0])["view"]
        if view.get("result") or view.get("phase") == "over":
            break
        for seat in (0, 1):
            legal = server.table(table, tokens[seat])["legal"]
            if legal:
                server.request("POST", f"/api/tables/{table}/actions", {"action": rng.choice(legal)["action"]}, token=tokens[seat])
                break
        page.wait_for_timeout(60)
    assert count >= 1 and last and last.split(":")[0] in ("0", "1"), (count, last)
