"""On a phone the moves bar at the foot of the screen keeps its status line and tools and folds the list of every
move behind a button: the table plays, and the open list covered almost half of the screen (Mítosz also has a bar
of its own)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import LAPTOP, PHONE
from .test_layout import drive_until, open_seat


@pytest.mark.parametrize("game, options", [("mojo", {}), ("maoqy", {"kingdoms": ["red", "blue", "gold"]}),
                                           ("muhq", {"board": "river-crown", "max_turns": 6, "draft_stop": 10})])
def test_the_phone_bar_does_not_repeat_a_folded_list_of_moves(new_context, server, game, options):
    table, token = drive_until(server, game, lambda v: v.get("phase") not in ("draft", "direction"), seed=11,
                               options=options)
    page = new_context(PHONE).new_page()
    open_seat(page, table, token)
    expect(page.locator("#turn")).to_be_visible()  # the bar still says whose turn it is
    expect(page.locator("#moves")).to_be_hidden()
    expect(page.locator("#game [data-legal]:visible").first).to_be_visible()  # the table plays
    bar = page.locator("#moves-panel").bounding_box()
    assert bar["height"] <= PHONE["height"] * 0.25, bar
    toggle = page.locator("#list-toggle")
    expect(toggle).to_contain_text("All moves as a list")
    toggle.click()  # the fallback: the whole list, in the bar
    expect(page.locator("#moves button.move").first).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(page.locator("#moves")).to_be_hidden()
    page.set_viewport_size(LAPTOP)  # beside the table there is room: the side list stays open, without a button
    expect(page.locator("#moves button.move").first).to_be_visible()
    expect(toggle).to_be_hidden()
