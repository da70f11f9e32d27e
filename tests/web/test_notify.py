"""Issue 34, item 5: opt-in browser notifications. The page's Notification is a stand-in that records what it
is asked to show (a headless browser shows none), and the tab's visibility is set by the test: a notification
comes when your turn begins while the tab is hidden and you switched them on, and not otherwise."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .test_boards_see import MY_TURN  # noqa: E402
from .test_layout import two_humans  # noqa: E402

STAND_IN = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, 'hidden', { configurable: true, get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body, tag: options && options.tag }); }
  close() {}
  static get permission() { return 'granted'; }
  static requestPermission() { return Promise.resolve('granted'); }
};
localStorage.setItem('cardtable.takeOnly', '0');
"""


def open_seat0(browser, server, table, token):
    context = browser.new_context(base_url=server.url, reduced_motion="reduce")
    context.add_init_script(STAND_IN)
    context.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{token}')")
    page = context.new_page()
    page.goto(f"/table/{table}?seat=0")
    page.wait_for_function(MY_TURN)
    return context, page


def other_seat_plays(server, table, token) -> None:
    legal = server.table(table, token)["legal"]
    server.request("POST", f"/api/tables/{table}/actions", {"action": legal[0]["action"]}, token=token)


def our_move_then_theirs(page, server, table, tokens, hidden: bool) -> None:
    before = page.evaluate("window.cardtable.message.table.actions")
    page.locator("#game .seat.me .hand .card.legal").first.click()
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before} && document.body.dataset.myTurn !== 'true'")
    page.evaluate(f"window.__hidden = {'true' if hidden else 'false'}")
    other_seat_plays(server, table, tokens[1])
    page.wait_for_function(MY_TURN)


def test_a_notification_comes_when_your_turn_begins_in_a_hidden_tab(browser, server):
    table, tokens = two_humans(server, "mojo", seed=4)
    context, page = open_seat0(browser, server, table, tokens[0])
    try:
        # not switched on: nothing, even hidden
        our_move_then_theirs(page, server, table, tokens, hidden=True)
        assert page.evaluate("window.__notes") == []
        page.evaluate("window.__hidden = false")
        page.locator("#turn-notify").click()
        expect(page.locator("#turn-notify")).to_have_text("Notifications: on")
        assert page.evaluate("localStorage.getItem('cardtable.turnNotify')") == "1"
        # switched on, the tab in sight: nothing (the page itself says it)
        our_move_then_theirs(page, server, table, tokens, hidden=False)
        assert page.evaluate("window.__notes") == []
        # switched on, the tab hidden: one notification, naming the table and what is asked
        our_move_then_theirs(page, server, table, tokens, hidden=True)
        notes = page.evaluate("window.__notes")
        assert len(notes) == 1, notes
        assert notes[0]["title"] == "Your turn" and notes[0]["tag"] == "cardtable-turn"
        assert "Mojo" in notes[0]["body"], notes
        # switched off again: nothing more
        page.evaluate("window.__hidden = false")
        page.locator("#turn-notify").click()
        expect(page.locator("#turn-notify")).to_have_text("Notify me")
        our_move_then_theirs(page, server, table, tokens, hidden=True)
        assert len(page.evaluate("window.__notes")) == 1
    finally:
        context.close()
