"""Issue 34, item 6 (a card's whole text on hover, focus or long press) on the muhq board: the text is the
page's one tooltip (board-kit.js), fixed on the body, so that the board's scrolling box no longer clips it for a
token in the top rows and a turned token does not turn it."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .test_boards_see import MY_TURN  # noqa: E402
from .test_layout import two_humans  # noqa: E402

INSIDE = """() => { const r = document.getElementById('bp-tip').getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def board_with_tokens(server):
    table, tokens = two_humans(server, "muhq", seed=3, options={"max_turns": 6, "draft_stop": 10})
    rng = random.Random(5)
    for _ in range(400):
        view = server.table(table, tokens[0])["view"]
        if sum(1 for p in view["permanents"] if p.get("field")) >= 3 and view["to_act"] == 0:
            return table, tokens
        seat = view["to_act"]
        legal = server.table(table, tokens[seat])["legal"]
        server.request("POST", f"/api/tables/{table}/actions", {"action": rng.choice(legal)["action"]}, token=tokens[seat])
    raise AssertionError("no board with three permanents came")


@pytest.mark.parametrize("size", [None, PHONE], ids=["laptop", "phone"])
def test_a_token_shows_its_whole_text_unclipped(new_context, server, size):
    table, tokens = board_with_tokens(server)
    page = (new_context(size) if size else new_context()).new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{tokens[0]}')")
    page.goto(f"/table/{table}?seat=0")
    page.wait_for_function(MY_TURN)
    # the token nearest the board's top edge: its text was cut off by the board's box
    top = page.evaluate("""() => { const ts = [...document.querySelectorAll('#game .mh-board .mh-token.bp-has-text')];
      ts.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      ts[0].dataset.probe = '1'; return ts[0].dataset.text; }""")
    token = page.locator("#game [data-probe='1']")
    token.scroll_into_view_if_needed()
    token.focus()
    tip = page.locator("#bp-tip")
    expect(tip).to_be_visible()
    assert tip.text_content() == top
    assert page.evaluate(INSIDE)
    # it is not inside the board, whose box would clip it
    assert page.evaluate("!document.getElementById('bp-tip').closest('.mh-boardwrap')")
    assert token.get_attribute("aria-describedby") == "bp-tip"
    page.evaluate("document.activeElement.blur()")
    expect(tip).to_be_hidden()
    if size:  # a long press on a phone shows it too
        token.dispatch_event("touchstart")
        expect(tip).to_be_visible(timeout=2_000)
        assert page.evaluate(INSIDE)
