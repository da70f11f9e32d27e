"""Every game at its start, in the middle and at its end, at laptop and phone size (issue 34): nothing on the
page reaches past the screen's right edge or scrolls sideways, and the parts a player needs are there (the
table; the moves or the dock while playing; the end panel at the end).

With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/gallery/GAME-MOMENT-SIZE.jpg (shown in
docs/web.md, "Gallery"); otherwise to a temporary folder. Both seats are people: the test plays them through
the API (seeded random moves) and looks from seat 0."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .test_layout import two_humans  # noqa: E402

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "img" / "gallery"
GAMES = {
    "mojo": ({"target_score": 20}, 8),
    "maoqy": ({"kingdoms": ["red", "blue", "green"]}, 30),
    "mitosz": ({"deck_a": "frost-clans", "deck_b": "dawn-court", "win_target": 6}, 60),
    "muhq": ({"max_turns": 6, "draft_stop": 10}, 30),
}
# elements that reach past the right edge of the screen (the page would scroll sideways)
WIDE = """() => [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
  && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
  && getComputedStyle(e).position !== 'fixed' && !e.closest('.visually-hidden, .skip-link, #bp-tip, .mz-tip')).slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


def to_act(view: dict) -> int:
    return view.get("to_act", view.get("current_player"))


def play(server, table: str, tokens: list[str], rng: random.Random, moves: int | None) -> None:
    """Seeded random moves for whoever is to act: ``moves`` of them and then on to one of seat 0's turns, or
    (None) to the end."""
    made = 0
    for _ in range(5000):
        state = server.table(table, tokens[0])
        if state.get("returns"):
            assert moves is None, f"the game ended before the {moves} moves of its middle"
            return
        if moves is not None and made >= moves and state["legal"]:
            return  # seat 0 has a move to make
        seat = to_act(state["view"])
        legal = server.table(table, tokens[seat])["legal"] or server.table(table, tokens[1 - seat])["legal"]
        seat = seat if server.table(table, tokens[seat])["legal"] else 1 - seat
        choices = [e for e in legal if e["action"]["type"] != "pass"] or legal
        server.request("POST", f"/api/tables/{table}/actions", {"action": rng.choice(choices)["action"]}, token=tokens[seat])
        made += 1
    raise AssertionError("the game did not end")


def shoot(page, name: str, tmp_path: Path) -> None:
    out = GALLERY if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    # JPEG: 24 whole pages as PNG weighed 19 MB in the repository
    page.screenshot(path=str(out / f"{name}.jpg"), full_page=True, type="jpeg", quality=60)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_start_middle_and_end_at_laptop_and_phone_size(new_context, server, game, tmp_path):
    options, middle = GAMES[game]
    table, tokens = two_humans(server, game, seed=7, options=options)
    rng = random.Random(11)
    for moment, moves in (("start", 0), ("middle", middle), ("end", None)):
        play(server, table, tokens, rng, moves)  # (at the start: on to seat 0's first move)
        for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
            page = new_context(viewport).new_page()  # one page at a time holds the seat
            page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{tokens[0]}')")
            page.goto(f"/table/{table}?seat=0")
            expect(page.locator("#who")).to_have_text("seat 0")
            page.locator("#game .felt").first.wait_for()
            if moment == "end":
                expect(page.locator("#end")).to_be_visible()
                returns = page.evaluate("window.cardtable.message.returns")
                if len(set(returns)) == 1:  # all alike: the end panel calls it a draw, not a shared win
                    expect(page.locator("#end .end-result")).to_contain_text("A draw:")
            else:
                page.wait_for_function("() => window.cardtable.message && window.cardtable.message.legal.length > 0"
                                       " && document.body.dataset.myTurn === 'true'", timeout=15_000)
            page.wait_for_timeout(300)  # the page's own drawing after the first message (catalogue, marks)
            assert not page.evaluate(WIDE), (moment, size, page.evaluate(WIDE))
            assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, (moment, size)
            shoot(page, f"{game}-{moment}-{size}", tmp_path)
            page.close()
