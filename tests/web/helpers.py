"""What the browser tests do again and again: create a table in the lobby, play legal moves to the end."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

# Every highlighted, clickable thing on the Mojo table: hand cards, face-down cards, pile targets,
# the draw pile, Stop. The plain list of legal moves (for keyboard users) is a separate list.
TABLE_LEGAL = "#game [data-legal]"
LIST_LEGAL = "#moves button.move"


def create_in_lobby(page: Page, players: int, seats: list[str], options: dict | None = None, seed: int | None = None,
                    hot_seat: bool = False, game: str = "mojo") -> str:
    """Fill the lobby form for ``game``, create the table and land on it; returns the table id."""
    page.goto("/")
    page.get_by_role("radio", name=game_title(page, game), exact=True).check()
    count = page.get_by_label("Players", exact=True)
    count.fill(str(players))
    count.dispatch_event("change")
    for i, kind in enumerate(seats):
        page.get_by_label(f"Seat {i}", exact=True).select_option(kind)
    if options:
        page.locator("#options > summary").click()
        for name, value in options.items():
            field = page.locator(f'[data-option="{name}"]')
            if field.locator(".choices").count():  # a list of names (MAOQY kingdoms, muhq sets): one checkbox each
                names = value if isinstance(value, list) else str(value).split(",")
                for box in field.locator(".choices input").all():
                    box.set_checked(box.get_attribute("value") in names)
                continue
            control = field.locator("input, select").first
            if control.evaluate("e => e.tagName") == "SELECT":
                control.select_option(str(value))
            elif control.get_attribute("type") == "checkbox":
                control.set_checked(bool(value))
            else:
                control.fill(str(value))
    if seed is not None:
        page.get_by_label("Seed").fill(str(seed))
    if hot_seat:
        page.locator("summary", has_text="Table settings").click()
        page.get_by_label("Hot seat").check()
    page.get_by_role("button", name="Create table and sit down").click()
    page.wait_for_url("**/table/*")
    page.locator(".felt").wait_for()
    return page.url.split("/table/")[1].split("?")[0]


def game_title(page: Page, game: str) -> str:
    """The lobby names games by title; the radio's value is the registered name."""
    radio = page.locator(f'input[name="game"][value="{game}"]')
    radio.wait_for(state="attached")
    return radio.get_attribute("aria-label")


def click_one(page: Page, selector: str) -> bool:
    """Click the first element matching `selector` if there is one now; True if a click happened."""
    target = page.locator(selector).first
    if not target.count():
        return False
    try:
        target.click(timeout=1500)
        return True
    except PlaywrightError:  # re-rendered away between finding and clicking: look again
        return False


def play_to_end(pages: list[Page], selector: str = TABLE_LEGAL, timeout: float = 60, max_clicks: int = 2000) -> int:
    """Click legal moves on whichever page has one until every page shows the final scoreboard."""
    deadline = time.monotonic() + timeout
    clicks = 0
    while time.monotonic() < deadline and clicks < max_clicks:
        if all(p.locator("#scoreboard").count() for p in pages):
            return clicks
        acted = False
        for p in pages:
            if click_one(p, selector):
                clicks += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end after {clicks} clicks")


def wait_my_turn(page: Page) -> None:
    """Until the page offers this seat a move: in the side list, or (on a phone, where the bar at the foot does
    not repeat the list of a renderer that keeps its own folded one) a glowing target on the table."""
    expect(page.locator(f"{LIST_LEGAL}:visible, #game [data-legal]:visible").first).to_be_visible()


def my_hand(page: Page) -> list[str]:
    return page.locator(".seat.me .hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")


def pile_tops(page: Page) -> list[str]:
    return page.locator(".discard .card.xl").evaluate_all("cards => cards.map(c => c.dataset.card)")
