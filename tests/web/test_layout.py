"""Layout at a laptop of 1366×768 and a phone of 390×844, from a UX review of the table: the turn badge
sits on its seat's name line, a refused move stays in sight when the page is scrolled, a long list of
moves leaves the game log in sight, and the muhq draft keeps "Your picks" apart from the pack."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .helpers import wait_my_turn  # noqa: E402

LAPTOP_768 = {"width": 1366, "height": 768}


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not on the page"
    return found


def open_mojo(page, server, **options) -> None:
    """Seat 0 of a Mojo table against a bot; seat 0 begins, so that it is our turn at once."""
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0, **options})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    wait_my_turn(page)


def test_the_turn_badge_sits_on_the_seat_name_line(page, server):
    # .badge.turn once took the side panel's .turn margin and sat above the name
    open_mojo(page, server)
    name, badge = box(page, ".seat.me .seat-name"), box(page, ".seat.me .badge.turn")
    assert abs((name["y"] + name["height"] / 2) - (badge["y"] + badge["height"] / 2)) <= 2, (name, badge)
    assert page.locator(".seat.me .badge.turn").evaluate("b => getComputedStyle(b).marginBottom") == "0px"


def test_a_refusal_stays_in_sight_when_the_page_is_scrolled(new_context, server):
    # at phone width the JSON box is at the very bottom, the alert at the top of the page
    page = new_context(PHONE).new_page()
    open_mojo(page, server)
    page.locator("#raw > summary").click()
    page.get_by_label("Action", exact=True).fill('{"type": "play", "card": 999}')
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#alert")).to_contain_text("MOJO-4.2")
    topbar = box(page, ".topbar")
    assert topbar["y"] + topbar["height"] < 0, "the page was expected scrolled past the top (where the alert is)"
    alert = box(page, "#alert")
    assert alert["y"] >= 0 and alert["y"] + alert["height"] <= PHONE["height"], alert


def test_a_long_list_of_moves_leaves_the_log_in_sight(new_context, server):
    page = new_context(LAPTOP_768).new_page()
    open_mojo(page, server, hand_size=30)  # 30 cards: 30 moves
    expect(page.locator("#moves button.move")).to_have_count(30)
    for scroll in (0, 10_000):  # at the top of the page, and scrolled down to the hand
        page.evaluate(f"window.scrollTo(0, {scroll})")
        log, title = box(page, "#log-panel"), box(page, "#log-title")
        assert title["y"] >= 0 and log["y"] + log["height"] <= LAPTOP_768["height"], (scroll, log)
    # the moves scroll in their own panel instead
    assert page.locator("#moves-panel").evaluate("p => p.scrollHeight > p.clientHeight")
    expect(page.locator("#moves-title")).to_be_in_viewport()


def test_muhq_draft_keeps_your_picks_apart_from_the_pack(new_context, server):
    page = new_context(LAPTOP_768).new_page()
    table = server.create(game="muhq", players=2, seats=["human", "random"], seed=11,
                          options={"board": "river-crown", "max_turns": 6, "draft_stop": 10})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(".mh-pack .mh-card")).to_have_count(10)
    heading = page.locator(".mh-draft h3", has_text="Your picks")
    expect(heading).to_be_visible()
    cards_bottom = page.locator(".mh-pack .mh-card").evaluate_all(
        "cards => Math.max(...cards.map(c => c.getBoundingClientRect().bottom))")
    assert heading.bounding_box()["y"] - cards_bottom >= 8
