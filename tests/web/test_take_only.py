"""A move that is a player's only legal one (in Mítosz most often a pass in a window where nothing can be
played) is taken by the page after a moment when "Take my only move without asking" is ticked; the box is
ticked at first against bots only (OP-43: among people an instant pass would tell them the player had no
answer), and a choice made in the box is kept."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

LEGAL = "window.cardtable.message && window.cardtable.message.legal.length"


def open_mitosz(new_context, server, seats, take_only=None):
    # seed 4: seat 0's first decision, in the start phase's window, is a pass and nothing else
    table = server.create(game="mitosz", players=2, seats=seats, seed=4)["table"]["id"]
    page = new_context(take_only=take_only).new_page()
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    return page


def test_against_a_bot_the_only_move_is_taken_until_a_choice_is_due(new_context, server):
    page = open_mitosz(new_context, server, ["human", "heuristic"])
    expect(page.locator("#take-only")).to_be_checked()
    page.wait_for_function(f"({LEGAL}) > 1", timeout=20_000)  # the summon phase: places, summons and a pass
    message = page.evaluate("window.cardtable.message")
    assert message["view"]["phase"] != "start", message["view"]["phase"]
    assert message["table"]["actions"] >= 2  # our pass in the start phase's window, and more, with no click
    expect(page.locator("#auto-note")).to_contain_text("Taken for you: pass")  # the page says it moved for us
    assert "your only move" in page.locator("#auto-note").inner_text()
    page.wait_for_timeout(1_000)  # a real choice is never taken for the player
    assert page.evaluate("window.cardtable.message.table.actions") == message["table"]["actions"]
    # a choice of our own clears the note (read in the same task as the click, before anything else is taken)
    assert page.evaluate("""() => {
        document.querySelector("#moves button.move").click();
        return document.getElementById("auto-note").hidden;
    }""")


def test_unticked_the_only_move_waits_for_a_click_and_the_choice_is_kept(new_context, server):
    page = open_mitosz(new_context, server, ["human", "heuristic"], take_only=False)
    expect(page.locator("#take-only")).not_to_be_checked()
    page.wait_for_function(f"({LEGAL}) === 1")
    page.wait_for_timeout(1_000)
    assert page.evaluate(LEGAL) == 1 and page.evaluate("window.cardtable.message.view.phase") == "start"
    page.locator("#take-only").check()  # ticking it takes the waiting move
    page.wait_for_function(f"({LEGAL}) > 1", timeout=20_000)
    assert page.evaluate("localStorage.getItem('cardtable.takeOnly')") == "1"
    page.reload()
    expect(page.locator("#take-only")).to_be_checked()


def test_among_people_the_box_starts_unticked(new_context, server):
    page = open_mitosz(new_context, server, ["human", "human"])
    expect(page.locator("#take-only")).not_to_be_checked()
    page.wait_for_function(f"({LEGAL}) === 1")
    page.wait_for_timeout(1_000)
    assert page.evaluate(LEGAL) == 1


def test_alone_at_the_table_the_box_starts_unticked(new_context, server):
    # a MAOQY oracle's reading has one move at each step: taken by the page, it ran out at once
    table = server.create(game="maoqy-oracle", players=1, seats=["human"], seed=7)["table"]["id"]
    page = new_context(take_only=None).new_page()
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    expect(page.locator("#take-only")).not_to_be_checked()
    page.wait_for_function(f"({LEGAL}) === 1")
    actions = page.evaluate("window.cardtable.message.table.actions")
    page.wait_for_timeout(1_000)
    assert page.evaluate("window.cardtable.message.table.actions") == actions


def test_a_spectator_has_no_box(new_context, server):
    table = server.create(game="mitosz", players=2, seats=["heuristic", "heuristic"], seed=4)["table"]["id"]
    page = new_context(take_only=None).new_page()
    page.goto(f"/table/{table}")
    expect(page.locator("#who")).to_have_text("watching")
    expect(page.locator("#take-only-box")).to_be_hidden()


def test_the_button_to_the_moves_does_not_offer_a_move_about_to_be_taken(new_context, server):
    # on a narrow screen the gold "Your move ↓" button showed for the 0.6 s before the page took the only move
    # itself (a tablet: on a phone the moves are a bar at the foot of the screen, always in sight)
    PHONE = {"width": 820, "height": 1000}  # noqa: N806

    table = server.create(game="mitosz", players=2, seats=["human", "human"], seed=4)["table"]["id"]
    page = new_context(PHONE, take_only=False).new_page()
    page.goto(f"/table/{table}?seat=0")
    page.wait_for_function(f"({LEGAL}) === 1")
    page.evaluate("window.scrollTo(0, 0)")
    expect(page.locator("#to-moves")).to_be_visible()  # a move waits and the list is out of sight
    # tick the box and look in the same task: the take is pending, the move not yet sent
    hidden, legal = page.evaluate("""() => {
        document.getElementById("take-only").click();
        return [document.getElementById("to-moves").hidden, window.cardtable.message.legal.length];
    }""")
    assert (hidden, legal) == (True, 1)
