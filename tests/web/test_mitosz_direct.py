"""Mítosz played by touching cards and board (issue 34): a whole game against a random bot by direct clicks only,
the folded list of moves never opened; every legal move of every position reachable by clicks on the table and
the clicks an ordinary summon or attack takes (written to docs/web.md by hand, printed here); an illegal target
explains itself; changes since your last turn marked, with a line of what the others did; the phone's page
within about two screens and never wider than the screen; a keyboard-only turn; one naming of seats (P0, P1);
the end summary. With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/ (mitosz-table.png,
mitosz-table-phone.png); otherwise to a temporary folder."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .helpers import create_in_lobby  # noqa: E402
from .test_layout import drive, two_humans  # noqa: E402

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
READY = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m) return false;
  if (m.returns) return true;
  return m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy")
    && document.querySelector('#game .mz-felt') !== null;
}"""
# every legal action of this position: the clicks that play it on the table (null: none), as the page works them out
CLICKS = """() => {
  const box = document.querySelector('#game .mitosz');
  return window.cardtable.message.legal.map(e => ({action: e.action, label: e.label, clicks: box.mzDirect(e.action)}));
}"""


# elements that reach past the right edge of the screen (the page would scroll sideways)
WIDE = """() => [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
  && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
  && getComputedStyle(e).position !== 'fixed').slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


def wait_ready(page: Page) -> dict:
    page.wait_for_function(READY, timeout=20_000)
    return page.evaluate("window.cardtable.message")


def key_selector(key: str) -> str:
    return f'#game [data-k="{key}"]' if not key.startswith("x:") else f'#game [data-x="{key[2:]}"]'


def click_path(page: Page, clicks: list[dict]) -> None:
    """Click each key of a path on the table (each must be visible and glowing, or an answer of the bar)."""
    for click in clicks:
        sel = key_selector(click["key"].replace('"', '\\"'))
        target = page.locator(sel).first
        expect(target).to_be_visible()
        target.click()


def open_table(page: Page, table: str, token: str, seat: int = 0) -> None:
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:{seat}', '{token}')")
    page.goto(f"/table/{table}?seat={seat}")
    expect(page.locator("#who")).to_have_text(f"seat {seat}")
    wait_ready(page)


def test_a_whole_game_by_direct_clicks_with_the_list_folded(new_context, tmp_path):
    page = new_context(LAPTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    options = {"deck_a": "frost-clans", "deck_b": "dawn-court", "win_target": 6}
    create_in_lobby(page, 2, ["human", "random"], seed=5, game="mitosz", options=options)
    rng = random.Random(3)
    positions = moves = reachable = 0
    unreachable: list[str] = []
    clicks_by_kind: dict[str, list[int]] = {}
    kinds: dict[str, int] = {}
    shot = False
    for step in range(2000):
        m = wait_ready(page)
        if m["returns"]:
            break
        expect(page.locator("#game details.mz-fallback")).not_to_have_attribute("open", "")
        paths = page.evaluate(CLICKS)
        positions += 1
        for p in paths:
            moves += 1
            if p["clicks"] is None:
                unreachable.append(p["label"])
                continue
            reachable += 1
            clicks_by_kind.setdefault(p["action"]["type"], []).append(len(p["clicks"]))
        view = m["view"]
        if not shot and step >= 20 and len(paths) >= 4 and all(len(p["nations"]) >= 2 for p in view["players"]):
            shoot(page, tmp_path)
            shot = True
        # a move: something other than pass when there is one (so that the game goes on), by its clicks
        choices = [p for p in paths if p["clicks"] is not None]
        playing = [p for p in choices if p["action"]["type"] != "pass"] or choices
        chosen = rng.choice(playing)
        kinds[chosen["action"]["type"]] = kinds.get(chosen["action"]["type"], 0) + 1
        before = page.evaluate("window.cardtable.counts.received")
        click_path(page, chosen["clicks"])
        page.wait_for_function(f"window.cardtable.counts.received > {before}")
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#scoreboard")).to_contain_text("MIT-1.")
    assert {"place_nation", "summon"} <= set(kinds), kinds
    avg = {k: round(sum(v) / len(v), 2) for k, v in clicks_by_kind.items()}
    print(f"\ndirect play: {reachable} of {moves} legal moves in {positions} positions reachable by clicks; "
          f"clicks on average per kind: {json.dumps(avg)}; moves played: {kinds}")
    assert not unreachable, unreachable[:10]
    assert avg["summon"] <= 2 and avg.get("declare_battle", 2) <= 2, avg
    if not shot:
        shoot(page, tmp_path)
    assert not errors, errors


def shoot(page: Page, tmp_path: Path) -> None:
    out = DOCS_IMG if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    lit = page.locator("#game .mz-handcard.mz-lit")
    if lit.count():
        lit.first.click()  # a card picked: its targets glow
    page.mouse.move(0, 0)
    for name, viewport in (("mitosz-table.png", LAPTOP), ("mitosz-table-phone.png", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        page.screenshot(path=str(out / name), full_page=True)
        wide = page.evaluate(WIDE)
        assert not wide, (viewport, wide)
    page.set_viewport_size(LAPTOP)
    page.keyboard.press("Escape")
