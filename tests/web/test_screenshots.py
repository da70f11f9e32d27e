"""The table mid-game at laptop and phone width: nothing spills sideways, every part is there.

With CARDTABLE_SCREENSHOTS=1 the pictures are written to docs/img/ (mojo-table.png and
mojo-table-phone.png, shown in docs/web.md; maoqy-table.png and maoqy-table-phone.png); otherwise to a
temporary folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import LAPTOP, PHONE
from .helpers import TABLE_LEGAL, click_one

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"

# Mid-game and worth a look: a round is over, someone shows revealed cards, and it is our turn.
# If the deal never gets there (the engine's shuffle may change), any of our turns after a round will do.
INTERESTING = """(picky) => {
  const m = window.cardtable && window.cardtable.message;
  // our turn, and no move of ours on its way (the bots wait for us: nothing changes meanwhile)
  if (!m || !m.legal.length || m.returns || document.body.dataset.myTurn !== "true") return false;
  const v = m.view, me = v.seats[m.seat];
  if (!picky) return v.rounds.length >= 1 && me.hand_size >= 1;
  return v.rounds.length >= 1 && me.hand_size >= 4 && v.piles[0].length >= 5 &&
         v.seats.some(s => s.seat !== m.seat && s.in_mojo && s.revealed.length);
}"""


def moves_shown(viewport: dict) -> str:
    """What shows the moves: the side list on a laptop; on a phone the bar folds it behind a button."""
    return "#moves button.move" if viewport is LAPTOP else "#list-toggle"


def test_table_at_laptop_and_phone_width(new_context, server, tmp_path):
    out = DOCS_IMG if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    table = server.create(players=3, seats=["human", "heuristic", "heuristic"], seed=42)["table"]["id"]
    page = new_context(LAPTOP).new_page()
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(".felt")).to_be_visible()
    clicks = 0
    for _ in range(2000):
        if page.evaluate(INTERESTING, clicks < 40):
            break
        if click_one(page, TABLE_LEGAL):
            clicks += 1
        else:
            page.wait_for_timeout(20)
    else:
        raise AssertionError("no mid-game position worth a screenshot was reached")
    close = page.get_by_role("button", name="Close the round result")
    if close.count():
        close.click()

    for name, viewport in (("mojo-table.png", LAPTOP), ("mojo-table-phone.png", PHONE)):
        page.set_viewport_size(viewport)
        expect(page.locator(".seat.me .hand .card").first).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {viewport['width']}px"
        for part in (".opponents .seat", ".discard .card.xl", ".draw-pile", ".mojo-card", ".rounds", moves_shown(viewport), "#log li"):
            expect(page.locator(part).first).to_be_visible()
        page.screenshot(path=str(out / name), full_page=True)
        assert (out / name).stat().st_size > 10_000


# MAOQY mid-game: we have a street, a hidden card, an open card and a hand of two kingdoms or more; the
# Known holds a few cards and a bot shows something (an open or a hidden card). Our moves are clicked on
# the table by the policy of test_maoqy.py.
MAOQY_READY = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m || !m.legal.length || m.returns || document.body.dataset.myTurn !== "true") return false;
  const v = m.view, me = v.seats[m.seat];
  const kingdoms = new Set(me.hand.map(c => Math.floor(c / 17)));
  return me.streets.length > 0 && me.hand.length >= 5 && kingdoms.size >= 2 && me.hiding.length > 0 &&
         me.open.length > 0 && v.known.length >= 3 && v.seats.some(s => s.seat !== m.seat && (s.open.length || s.hiding_size));
}"""


def test_maoqy_table_at_laptop_and_phone_width(new_context, server, tmp_path):
    from .test_maoqy import message, no_horizontal_scroll, play_turn, wait_for_my_turn

    out = DOCS_IMG if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    # the full deck; with this seed the position comes after some 45 moves of ours (any seed gets there, slower)
    created = server.create(game="maoqy", players=3, seats=["human", "random", "random"], seed=34)
    table = created["table"]["id"]
    token = server.request("POST", f"/api/tables/{table}/join", {"seat": 0})["token"]
    page = new_context(LAPTOP).new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{token}')")
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(".felt")).to_be_visible()
    for _ in range(400):
        m = wait_for_my_turn(page)
        assert not m["returns"], "the game ended before a position worth a screenshot"
        if page.evaluate(MAOQY_READY):
            break
        # keep the hidden and the open card; take face-up cards only when they fit
        play_turn(page, {"hiding", "known", "other-open", "discard"}, keep_open=True)
    else:
        raise AssertionError("no mid-game position worth a screenshot was reached")
    # choose a card, so that the picture shows what a card offers
    hand = message(page)["view"]["seats"][0]["hand"]
    page.locator(f'[data-key="hand:{hand[0]}"]').click()
    page.mouse.move(0, 0)

    for name, viewport in (("maoqy-table.png", LAPTOP), ("maoqy-table-phone.png", PHONE)):
        page.set_viewport_size(viewport)
        expect(page.locator(".seat.me .mq-hand .card").first).to_be_visible()
        assert no_horizontal_scroll(page) <= 0, f"the page scrolls sideways at {viewport['width']}px"
        for part in (".opponents .seat", ".mq-unknown .card", ".mq-known .card.xl", ".mq-first-draw", ".seat.me .mq-street",
                     ".mq-choices", ".mq-hidden", ".mq-kingdoms", moves_shown(viewport), "#log li"):
            expect(page.locator(part).first).to_be_visible()
        page.screenshot(path=str(out / name), full_page=True)
        assert (out / name).stat().st_size > 10_000
