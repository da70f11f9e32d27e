"""A finished game on the web table can be stepped through: the replay bar asks the server for each step and the
table shows that moment as the chosen seat (or a spectator) saw it."""

from __future__ import annotations

import re

import pytest

from playwright.sync_api import expect

from .helpers import my_hand


def _finished_bot_game(server, page) -> tuple[str, int]:
    """A Mojo table of two bots, watched to its end (bots play while someone watches)."""
    table_id = server.create(players=2, seats=["random", "random"], seed=8, options={"target_score": 15})["table"]["id"]
    page.goto(f"/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=30_000)
    return table_id, server.table(table_id)["table"]["actions"]


def _step(server, table_id: str, step: int, seat: int | None) -> dict:
    return server.request("GET", f"/api/tables/{table_id}/steps/{step}" + ("" if seat is None else f"?seat={seat}"))


def test_stepping_through_a_finished_game(server, page):
    table_id, actions = _finished_bot_game(server, page)
    bar = page.locator("#replay")
    expect(bar).to_be_visible()
    expect(page.locator("#replay-pos")).to_have_text(f"after {actions} of {actions} actions")
    expect(page.locator("#replay-next")).to_be_disabled()
    assert page.locator("#replay-seat").input_value() == ""  # a spectator's page shows the spectator's view
    expect(page.locator("#scoreboard")).to_be_visible()  # the live end, with its result

    page.locator("#replay-first").click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-replay-step", "0")
    first_mover = _step(server, table_id, 0, None)["next"]
    expect(page.locator("#turn")).to_have_text(
        re.compile(rf"^Replay: after 0 of {actions} actions; Seat {first_mover} · random bot moved next\.$"))
    expect(page.locator("#log li.none")).to_have_text("No moves yet.")
    expect(page.locator("#replay-prev")).to_be_disabled()

    for _ in range(3):
        page.locator("#replay-next").click()
    expect(body).to_have_attribute("data-replay-step", "3")
    expect(page.locator("#log li")).to_have_count(3)

    # seen by seat 1: its hand at that step is on the table, as the server's view of that step has it
    page.locator("#replay-seat").select_option("1")
    expect(page.locator("#replay-pos")).to_have_text(f"after 3 of {actions} actions")
    # a spectator's page looks through seat 1's eyes: the caption says whose "you" the table means
    expect(page.locator("#turn")).to_have_text(re.compile(
        r'Seen by Seat 1 · random bot: "you" on the table is that seat\.$'))
    hand = _step(server, table_id, 3, 1)["view"]["seats"][1]["hand"]
    expect(page.locator(".seat.me .hand .card")).to_have_count(len(hand))
    assert sorted(my_hand(page)) == sorted(str(c) for c in hand)

    # the slider goes anywhere; the last step as seat 1 is the end, without the live page's result panel
    page.locator("#replay-range").evaluate(f"(el) => {{ el.value = '{actions - 1}'; el.dispatchEvent(new Event('input')); }}")
    expect(body).to_have_attribute("data-replay-step", str(actions - 1))
    page.locator("#replay-last").click()
    expect(body).to_have_attribute("data-replay-step", str(actions))
    expect(page.locator("#turn")).to_have_text(
        f'Replay: after {actions} of {actions} actions, the end. Seen by Seat 1 · random bot: "you" on the table is that seat.')

    # back to the spectator at the end: the live message again, with the result
    page.locator("#replay-seat").select_option("")
    expect(body).to_have_attribute("data-replay-step", "")
    expect(page.locator("#turn")).to_have_text("The game is over.")
    expect(page.locator("#scoreboard")).to_be_visible()

    # from the keyboard: the slider takes Home, End and the arrows
    page.locator("#replay-range").focus()
    page.keyboard.press("Home")
    expect(body).to_have_attribute("data-replay-step", "0")
    page.keyboard.press("ArrowRight")
    expect(body).to_have_attribute("data-replay-step", "1")
    expect(page.locator("#replay-pos")).to_have_text(f"after 1 of {actions} actions")


def test_no_replay_bar_while_the_game_runs(server, page):
    table_id = server.create(players=2, seats=["human", "random"], seed=4)["table"]["id"]
    page.goto(f"/table/{table_id}")
    page.locator(".felt").wait_for()
    expect(page.locator("body")).to_have_attribute("data-status", re.compile("open|running"))
    expect(page.locator("#replay")).to_be_hidden()


@pytest.mark.parametrize("game, options", [
    ("maoqy", {}),
    ("mitosz", {}),
    ("muhq", {}),
])
def test_each_game_draws_its_steps(server, page, game, options):
    """Every game's renderer draws a replayed step from a seat's view: the deal, an early step, the end."""
    table_id = server.create(game=game, players=2, seats=["random", "random"], seed=21, options=options)["table"]["id"]
    page.goto(f"/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=60_000)
    actions = server.table(table_id)["table"]["actions"]
    body = page.locator("body")
    page.locator("#replay-seat").select_option("0")
    expect(body).to_have_attribute("data-replay-step", str(actions))
    page.locator("#replay-first").click()
    expect(body).to_have_attribute("data-replay-step", "0")
    expect(page.locator("#turn")).to_contain_text(f"Replay: after 0 of {actions} actions")
    page.locator("#replay-next").click()
    expect(body).to_have_attribute("data-replay-step", "1")
    expect(page.locator("#game")).not_to_be_empty()
    page.locator("#replay-last").click()
    expect(body).to_have_attribute("data-replay-step", str(actions))
    expect(page.locator("#turn")).to_have_text(re.compile(rf"^Replay: after {actions} of {actions} actions, the end\. Seen by"))


def test_one_action_on_tells_what_changed_a_jump_does_not(server, page):
    """Stepping onto a round's end with ▶ shows Mojo's round banner, as in play; jumping there does not, since the
    page cannot tell what happened in between."""
    table_id = server.create(players=2, seats=["random", "random"], seed=8, options={"target_score": 40})["table"]["id"]
    page.goto(f"/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=30_000)
    ends = next(n for n in range(1, 400) if len(_step(server, table_id, n, 0)["view"]["rounds"]) == 1)
    assert ends < server.table(table_id)["table"]["actions"]  # a round ends inside the game
    body = page.locator("body")
    page.locator("#replay-seat").select_option("0")
    slider = page.locator("#replay-range")
    slider.evaluate(f"(el) => {{ el.value = '{ends - 1}'; el.dispatchEvent(new Event('input')); }}")
    expect(body).to_have_attribute("data-replay-step", str(ends - 1))
    expect(page.locator(".round-banner")).to_have_count(0)
    page.locator("#replay-next").click()
    expect(body).to_have_attribute("data-replay-step", str(ends))
    expect(page.locator(".round-banner")).to_contain_text("Round 1 is over")
    page.locator("#replay-first").click()
    expect(body).to_have_attribute("data-replay-step", "0")
    slider.evaluate(f"(el) => {{ el.value = '{ends}'; el.dispatchEvent(new Event('input')); }}")
    expect(body).to_have_attribute("data-replay-step", str(ends))
    expect(page.locator(".round-banner")).to_have_count(0)
