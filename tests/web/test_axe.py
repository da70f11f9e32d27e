"""axe-core (axe-playwright-python) on the lobby and on a table of each game (our turn, and a finished game seen by a
spectator), at laptop and phone width: no "serious" or "critical" violation. A failure lists each violation with its
rule, impact, help and the selectors of the elements it found."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")
axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright",
                               reason="the accessibility tests need axe-playwright-python (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .helpers import LIST_LEGAL  # noqa: E402

BAD = ("serious", "critical")
VIEWPORTS = {"desktop": LAPTOP, "phone": PHONE}
# a table where seat 0 (us) is to act at once, with every part of the page drawn
TABLES = {
    "mojo": {"players": 2, "seats": ["human", "heuristic"], "seed": 5, "options": {"first_player": 0}},
    "maoqy": {"players": 2, "seats": ["human", "heuristic"], "seed": 7},
    "mitosz": {"players": 2, "seats": ["human", "heuristic"], "seed": 5},
    "muhq": {"players": 2, "seats": ["human", "heuristic"], "seed": 11,
             "options": {"board": "river-crown", "max_turns": 6, "draft_stop": 10}},
}

_axe = None


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical violations on the page as it is now, one line per element."""
    global _axe
    if _axe is None:
        _axe = axe_sync.Axe()
    results = _axe.run(page)
    out = []
    for v in results.response["violations"]:
        if v.get("impact") in BAD:
            for node in v["nodes"]:
                out.append(f"{v['id']} ({v['impact']}): {v['help']} — {' '.join(map(str, node['target']))}")
    return out


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_lobby(new_context, server, viewport):
    page = new_context(VIEWPORTS[viewport]).new_page()
    server.create(players=2, seats=["human", "heuristic"])  # the table list has a table to show
    for game in TABLES:
        page.goto(f"/?game={game}")
        page.locator("#option-list .option").first.wait_for(state="attached")
        page.locator("#tables .table-item").first.wait_for()
        page.locator("#options > summary").click()
        page.locator("#settings > summary").click()
        page.locator("#clock-on").check()
        page.locator('#option-list input[type="number"]').first.fill("-99999")  # an invalid field, marked
        assert serious_violations(page) == [], game


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("game", sorted(TABLES))
def test_table(new_context, server, game, viewport):
    page = new_context(VIEWPORTS[viewport]).new_page()
    table = server.create(game=game, **TABLES[game])["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    expect(page.locator(LIST_LEGAL).first).to_be_attached()  # our turn: the page is drawn with its moves
    page.wait_for_timeout(300)  # (a settled page: animations of the first draw have ended)
    assert serious_violations(page) == []


# a game of bots that ends within seconds, watched by a spectator: the end of the game as the page shows it
FINISHED = {
    "mojo": {"options": {"target_score": 1}},
    "maoqy": {"options": {"turn_limit": 20}},
    "mitosz": {"options": {"win_target": 2}},
    "muhq": {"options": {"board": "river-crown", "max_turns": 2, "draft_stop": 10}},
}


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
@pytest.mark.parametrize("game", sorted(FINISHED))
def test_finished_table(new_context, server, game, viewport):
    page = new_context(VIEWPORTS[viewport]).new_page()
    table = server.create(game=game, players=2, seats=["heuristic", "heuristic"], seed=3, **FINISHED[game])["table"]["id"]
    page.goto(f"/table/{table}")  # a spectator: a table of bots plays while someone watches
    page.wait_for_function("() => window.cardtable && window.cardtable.message && window.cardtable.message.returns",
                           timeout=60_000)
    page.wait_for_timeout(300)
    assert serious_violations(page) == []
