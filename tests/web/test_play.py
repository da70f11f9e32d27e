"""Whole games in the browser: against bots from the lobby, and two people against each other."""

from __future__ import annotations

import re
import time

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .helpers import LIST_LEGAL, TABLE_LEGAL, click_one, create_in_lobby, play_to_end, wait_my_turn


def test_lobby_game_against_a_bot_played_to_the_end_by_clicking_the_table(page):
    table = create_in_lobby(page, players=2, seats=["human", "heuristic"], options={"target_score": 15}, seed=11)
    expect(page).to_have_url(re.compile(rf"/table/{table}\?seat=0$"))
    expect(page.locator("#who")).to_have_text("seat 0")
    expect(page.locator("#conn")).to_have_text("connected")
    expect(page.locator(".seat.me")).to_be_visible()

    clicks = play_to_end([page], TABLE_LEGAL)

    assert clicks > 0
    board = page.locator("#scoreboard")
    expect(board).to_be_visible()
    expect(board).to_contain_text("Game over")
    expect(board.locator("tr.winner")).not_to_have_count(0)
    totals = [int(t) for t in board.locator("tbody td.num:nth-of-type(2)").all_inner_texts()]
    assert max(totals) >= 15  # the game ends after the round in which someone reaches the target
    expect(page.locator("#record")).to_be_visible()
    expect(page.locator("#record")).to_have_attribute("href", f"/api/tables/{table}/record")
    expect(page.locator(LIST_LEGAL)).to_have_count(0)
    expect(page.locator(".rounds tbody tr")).not_to_have_count(0)
    # the record downloads
    with page.expect_download() as download:
        page.locator("#record").click()
    assert download.value.suggested_filename == f"{table}.jsonl"


def test_two_people_play_each_other_through_an_invite_link(new_context):
    alice = new_context().new_page()
    table = create_in_lobby(alice, players=2, seats=["human", "human"], options={"target_score": 5})
    invite = alice.locator("#invite")
    expect(invite).to_be_visible()
    link = invite.get_by_label("Seat 1").input_value()
    assert link.endswith(f"/table/{table}?seat=1")

    bob = new_context().new_page()
    # the lobby lists the table with its free seat
    bob.goto("/")
    expect(bob.get_by_label(f"Join seat 1 of table {table}")).to_be_visible()
    bob.goto(link)
    expect(bob.locator("#who")).to_have_text("seat 1")
    expect(alice.locator("#invite")).to_be_hidden()  # nobody left to invite

    play_to_end([alice, bob], LIST_LEGAL)

    for p in (alice, bob):
        expect(p.locator("#scoreboard")).to_be_visible()
        expect(p.locator("#scoreboard tr.winner")).not_to_have_count(0)
    # both see the same result
    assert alice.locator("#scoreboard tbody").inner_text().replace("You", "") != ""
    a = alice.locator("#scoreboard td.num").all_inner_texts()
    b = bob.locator("#scoreboard td.num").all_inner_texts()
    assert sorted(a) == sorted(b)


def test_two_piles_and_blind_reveals_are_played_by_clicking(page):
    """Two discard piles: a card is chosen, then a pile; a higher play offers the draw pile or the other
    pile's top; in the Mojo moment face-down cards are turned over blind (by position). Small hands make
    the Mojo moment come quickly; a few short games make sure we get there."""
    seen: set[str] = set()
    for seed in (3, 4, 5, 6, 7):
        create_in_lobby(page, players=2, seats=["human", "random"], seed=seed,
                        options={"discard_piles": 2, "owner_sees_facedown": False, "hand_size": 4, "target_score": 10})
        expect(page.locator(".discard")).to_have_count(2)
        if not seen:
            # choosing a card asks for a pile; Escape takes the choice back
            wait_my_turn(page)
            card = page.locator(".seat.me .hand [data-legal]").first
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
            expect(page.locator(".discard [data-legal]")).to_have_count(2)
            expect(page.locator(".prompt")).to_contain_text("on which pile")
            page.keyboard.press("Escape")
            expect(page.locator(".discard [data-legal]")).to_have_count(0)
        clicks = 0
        deadline = time.monotonic() + 30
        while not page.locator("#scoreboard").count():
            assert time.monotonic() < deadline, "the game did not end"
            target = page.locator(TABLE_LEGAL).first
            if target.count():
                seen.add(target.evaluate("e => e.closest('.discard') ? 'pile' : e.closest('.draw-pile') ? 'deck' : "
                                         "e.closest('.down') ? 'facedown' : e.closest('.hand') ? 'hand' : 'button'"))
            if click_one(page, TABLE_LEGAL):
                clicks += 1
            else:
                page.wait_for_timeout(20)
            assert clicks < 500
        expect(page.locator("#scoreboard")).to_be_visible()
        if {"hand", "pile", "facedown"} <= seen:
            break
    assert {"hand", "pile", "facedown"} <= seen, seen
