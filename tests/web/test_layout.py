"""Layout at a laptop of 1366×768 and a phone of 390×844, from a UX review of the table: the turn badge
sits on its seat's name line, a refused move stays in sight when the page is scrolled, a long list of
moves leaves the game log in sight, the muhq draft keeps "Your picks" apart from the pack; at 1366×768 a
Mítosz counter round shows its prompt, stack and fight and the muhq board fits the first screen; Mojo's
round result closes once you move; Mítosz and muhq have one log each; Mítosz's grid explains its road marks and its felt offers every legal move; muhq's tokens are legible on a phone."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .helpers import wait_my_turn  # noqa: E402

LAPTOP_768 = {"width": 1366, "height": 768}


def box(page, selector: str) -> dict:
    """The first element matching ``selector``, measured (x, y, width, height, top, bottom …, as the viewport
    sees it). Found and measured in one script run: a locator resolves its element and measures it in two calls,
    and a re-render in between measured a detached element (all zeros; seen once in CI)."""
    found = page.evaluate("s => document.querySelector(s)?.getBoundingClientRect().toJSON() ?? null", selector)
    assert found is not None, f"{selector} is not on the page"
    return found


def open_mojo(page, server, **options) -> None:
    """Seat 0 of a Mojo table against a bot; seat 0 begins, so that it is our turn at once."""
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0, **options})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    wait_my_turn(page)


def test_the_turn_badge_sits_on_the_seat_name_line(page, server):
    # .badge.turn once took the side panel's .turn margin and sat above the name
    open_mojo(page, server)
    name, badge = box(page, ".seat.me .seat-name"), box(page, ".seat.me .badge.turn")
    assert abs((name["y"] + name["height"] / 2) - (badge["y"] + badge["height"] / 2)) <= 2, (name, badge)
    assert page.locator(".seat.me .badge.turn").evaluate("b => getComputedStyle(b).marginBottom") == "0px"


def test_a_refusal_stays_in_sight_when_the_page_is_scrolled(new_context, server):
    # at phone width the alert is at the top of the page, the reader scrolled down to the end of the page
    # (the JSON box is in the moves bar at the foot of the screen)
    page = new_context(PHONE).new_page()
    open_mojo(page, server)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("#raw > summary").click()
    page.get_by_label("Action", exact=True).fill('{"type": "play", "card": 999}')
    page.get_by_role("button", name="Send").click()
    expect(page.locator("#alert")).to_contain_text("MOJO-4.2")
    topbar = box(page, ".topbar")
    assert topbar["y"] + topbar["height"] < 0, "the page was expected scrolled past the top (where the alert is)"
    alert = box(page, "#alert")
    assert alert["y"] >= 0 and alert["y"] + alert["height"] <= PHONE["height"], alert


def test_a_refusal_does_not_push_the_table_down(new_context, server):
    # the alert stood in the page's flow and moved the table ~60 px down while it was shown
    for viewport in (LAPTOP_768, PHONE):
        page = new_context(viewport).new_page()
        open_mojo(page, server)
        before = box(page, "#game")
        page.evaluate('window.cardtable.send({"type": "play", "card": 999})')
        expect(page.locator("#alert")).to_contain_text("MOJO-4.2")
        after, alert = box(page, "#game"), box(page, "#alert")
        assert after["y"] == before["y"], (viewport, before, after)
        assert alert["x"] >= 0 and alert["x"] + alert["width"] <= viewport["width"], (viewport, alert)
        page.locator("#alert button").click()
        expect(page.locator("#alert")).to_be_empty()
        page.close()


def test_a_long_list_of_moves_leaves_the_log_in_sight(new_context, server):
    page = new_context(LAPTOP_768).new_page()
    open_mojo(page, server, hand_size=30)  # 30 cards: 30 moves
    expect(page.locator("#moves button.move")).to_have_count(30)
    for scroll in (0, 10_000):  # at the top of the page, and scrolled down to the hand
        page.evaluate(f"window.scrollTo(0, {scroll})")
        log, title = box(page, "#log-panel"), box(page, "#log-title")
        assert title["y"] >= 0 and log["y"] + log["height"] <= LAPTOP_768["height"], (scroll, log)
    # the moves scroll in their own panel instead
    assert page.locator("#moves-panel").evaluate("p => p.scrollHeight > p.clientHeight")
    expect(page.locator("#moves-title")).to_be_in_viewport()


def test_muhq_draft_keeps_your_picks_apart_from_the_pack(new_context, server):
    page = new_context(LAPTOP_768).new_page()
    table = server.create(game="muhq", players=2, seats=["human", "random"], seed=11,
                          options={"board": "river-crown", "max_turns": 6, "draft_stop": 10})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(".mh-pack .mh-card")).to_have_count(10)
    heading = page.locator(".mh-draft h3", has_text="Your picks")
    expect(heading).to_be_visible()
    cards_bottom = page.locator(".mh-pack .mh-card").evaluate_all(
        "cards => Math.max(...cards.map(c => c.getBoundingClientRect().bottom))")
    assert heading.bounding_box()["y"] - cards_bottom >= 8


def in_first_screen(page, selector: str, viewport: dict) -> None:
    """The element lies wholly within the window at the top of the page (scrollY 0)."""
    assert page.evaluate("scrollY") == 0
    found = box(page, selector)
    assert found["height"] > 0, (selector, found)
    assert found["top"] >= 0 and found["bottom"] <= viewport["height"], (selector, found)


def two_humans(server, game: str, seed: int, options: dict | None = None) -> tuple[str, list[str]]:
    """A table of two human seats, both joined through the API: its id and the seats' tokens. No bot takes a seat
    over (``takeover_seconds`` null): the seats are played over HTTP with no page open, and on a busy machine a
    test can take longer than the default minute between two of a seat's moves."""
    table = server.create(game=game, players=2, seats=["human", "human"], seed=seed, options=options or {},
                          takeover_seconds=None)["table"]["id"]
    return table, [server.request("POST", f"/api/tables/{table}/join", {"seat": s})["token"] for s in (0, 1)]


def drive(server, table: str, tokens: list[str], stop, limit: int = 300) -> None:
    """Play through the API (each seat its first move other than pass) until ``stop(view)`` holds with
    seat 0 to act."""
    state = server.table(table, tokens[0])
    for _ in range(limit):
        view = state["view"]
        seat = view.get("to_act", view.get("current_player"))
        if seat == 0 and stop(view):
            return
        legal = server.table(table, tokens[seat])["legal"]
        action = next((e["action"] for e in legal if e["action"]["type"] != "pass"), legal[0]["action"])
        state = server.request("POST", f"/api/tables/{table}/actions", {"action": action}, token=tokens[seat])
    raise AssertionError("the wanted moment did not come")


def drive_until(server, game: str, stop, seed: int, options: dict | None = None) -> tuple[str, str]:
    """A two-human table played through the API until ``stop(view)``; its id and seat 0's token."""
    table, tokens = two_humans(server, game, seed, options)
    drive(server, table, tokens, stop)
    return table, tokens[0]


def open_seat(page, table: str, token: str, seat: int = 0) -> None:
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:{seat}', '{token}')")
    page.goto(f"/table/{table}?seat={seat}")
    expect(page.locator("#who")).to_have_text(f"seat {seat}")
    wait_my_turn(page)


@pytest.mark.parametrize("moment", ["stack", "fight"])
def test_mitosz_counter_round_shows_why_at_laptop_size(new_context, server, moment):
    # the seat panels came first: the prompt, the stack and the fight were below the fold at 1366x768
    stop = {"stack": lambda v: v["stack"] and v["turn"] >= 4, "fight": lambda v: v["stack"] and v["fight"]}[moment]
    table, token = drive_until(server, "mitosz", stop, seed=5)
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, token)
    expect(page.locator(".mz-prompt")).to_contain_text("Counter round")
    for selector in [".mz-prompt", ".mz-stack"] + ([".mz-fight"] if moment == "fight" else []):
        in_first_screen(page, selector, LAPTOP_768)
    if moment == "fight":  # the title's verb agrees with its subject ("You attacks" before)
        expect(page.locator(".mz-fight h3")).to_have_text(
            re.compile(r"^(Battle|Duel): (You (attack|challenge)|P\d (attacks|challenges)) "))


def test_muhq_board_fits_the_first_screen_at_laptop_size(new_context, server):
    # the 7x7 board began ~270 px down and its bottom rows were below the fold at 1366x768
    table, token = drive_until(server, "muhq", lambda v: v["phase"] != "draft", seed=11,
                               options={"board": "river-crown", "max_turns": 6, "draft_stop": 10})
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, token)
    expect(page.locator(".mh-field")).to_have_count(49)
    in_first_screen(page, ".mh-board", LAPTOP_768)
    # the hand sits beside the board (it was below it, out of the first screen)
    expect(page.locator(".mh-hand .mh-card").first).to_be_visible()
    in_first_screen(page, ".mh-hand", LAPTOP_768)


def test_mojo_round_result_closes_when_you_play(new_context, server):
    # the "Round N is over" box pushed the hand below the fold at 1366x768 until closed (or 12 s passed)
    table, tokens = two_humans(server, "mojo", seed=5, options={"first_player": 0})
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, tokens[0])
    drive(server, table, tokens, lambda v: len(v["rounds"]) == 1)
    banner = page.locator(".round-banner")
    expect(banner).to_contain_text("Round 1 is over")
    page.locator(".seat.me [data-legal]").first.click()
    expect(banner).to_have_count(0, timeout=3000)  # at once, not after the 12 s of its timer


def test_mitosz_has_one_log_the_side_panel_tells_the_story(new_context, server):
    # the side "Game log" said "No moves yet" while the felt's "What happened" listed the setup, numbered
    # otherwise: now the side log holds the story itself, with the story's numbers, and the felt no copy
    table, tokens = two_humans(server, "mitosz", seed=5)
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, tokens[0])
    view = page.evaluate("window.cardtable.message.view")
    assert view["log_size"] > 0 and not page.evaluate("window.cardtable.message.log")  # no move yet, a story
    log = page.locator("#log li")
    expect(log).to_have_count(len(view["log"]))
    expect(log.first).to_contain_text("puts the high god")
    expect(log.last.locator(".log-n")).to_have_text(str(view["log_size"]))
    expect(log.last.locator(".log-text")).to_have_text(view["log"][-1])
    expect(page.locator(".mz-story")).to_have_count(0)
    # moves: the log grows with the story's lines, still numbered as the story counts them
    drive(server, table, tokens, lambda v: v["turn"] >= 2)
    page.wait_for_function("window.cardtable.message.view.turn >= 2")
    size = page.evaluate("window.cardtable.message.view.log_size")
    assert size > view["log_size"]
    expect(log.last.locator(".log-n")).to_have_text(str(size))
    expect(log.last).to_be_in_viewport()  # the side log follows the newest line, in the first screen


def test_mitosz_nation_grid_explains_its_road_marks(new_context, server):
    # a road's level and the "×" of a closed road were explained only in a hover tooltip
    table, tokens = two_humans(server, "mitosz", seed=5)
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, tokens[0])
    drive(server, table, tokens, lambda v: any(p["nations"] for p in v["players"]))
    page.wait_for_function("window.cardtable.message.view.players.some((p) => p.nations.length)")
    legend = page.locator(".mz-gridwrap .mz-legend").first
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("a free road and its level")
    expect(legend).to_contain_text("a closed road")


def test_mitosz_felt_offers_every_legal_move_battles_too(new_context, server):
    # the felt's "Your moves" grouped nations, summons, maneuvers, fates, answers and pass only: in a battle
    # phase it showed "pass" alone, and the attacks were only in the side list (at the page's bottom on a phone)
    table, tokens = two_humans(server, "mitosz", seed=5)
    drive(server, table, tokens, lambda v: v["phase"] == "battle" and v["active"] == 0 and v["turn"] >= 3)
    legal = server.table(table, tokens[0])["legal"]
    assert any(e["action"]["type"] == "declare_battle" for e in legal), [e["action"]["type"] for e in legal]
    page = new_context(PHONE).new_page()
    # (a phone's action bar does not list Mítosz's moves again: they are on the table and in its folded list)
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{tokens[0]}')")
    page.goto(f"/table/{table}?seat=0")
    page.locator("#game details.mz-fallback > summary").click()  # the list is folded (direct play first)
    buttons = page.locator(".mz-moves button.mz-move")
    expect(buttons).to_have_count(len(legal))
    expect(page.locator(".mz-moves .g-fights button.mz-move").first).to_be_visible()


def test_muhq_has_one_log_the_side_panel_tells_the_story(new_context, server):
    # as Mítosz had: the side "Game log" beside the felt's "What happened", numbered otherwise; now the side log
    # holds the story (declarations and resolutions too) with the story's numbers, and the felt no copy
    table, tokens = two_humans(server, "muhq", seed=11, options={"board": "river-crown", "max_turns": 6, "draft_stop": 10})
    page = new_context(LAPTOP_768).new_page()
    open_seat(page, table, tokens[0])
    drive(server, table, tokens, lambda v: v["phase"] != "draft" and v["log_size"] > 3)
    page.wait_for_function("window.cardtable.message.view.phase !== 'draft'")
    view = page.evaluate("window.cardtable.message.view")
    log = page.locator("#log li")
    expect(log).to_have_count(len(view["log"]))
    expect(log.last.locator(".log-n")).to_have_text(str(view["log_size"]))
    last = view["log"][-1]
    expect(log.last.locator(".log-text")).to_contain_text(last["text"])
    expect(page.locator("#game details", has_text="What happened")).to_have_count(0)


def on_a_spawn(view) -> bool:
    board = view["board"]
    return view["phase"] != "draft" and any(
        board["fields"][p["field"][1] * board["width"] + p["field"][0]].get("spawn")
        for p in view["permanents"] if p.get("field"))


def test_muhq_tokens_are_legible_on_a_phone(new_context, server):
    # on a 390 px phone a unit's damage/life and its "VIP" were ~5 px, and a spawn field's tag lay under
    # the token standing on it
    table, token = drive_until(server, "muhq", on_a_spawn, seed=11,
                               options={"board": "river-crown", "max_turns": 6, "draft_stop": 10})
    page = new_context(PHONE).new_page()
    open_seat(page, table, token)
    sizes = page.locator(".mh-token:not(.mh-pile .mh-token) .badge:is(.mh-hp, .mh-role)").evaluate_all(
        "bs => bs.filter(b => b.getClientRects().length).map(b => parseFloat(getComputedStyle(b).fontSize))")
    assert sizes and min(sizes) >= 9, sizes
    # a small round token holds two lines: a VIP's name, life and "VIP" made three, and the circle cut its name
    crowded = page.locator(".mh-token:not(.mh-pile .mh-token):not(.ty-artifact):not(.ty-equipment)").evaluate_all(
        """ts => ts.filter(t => t.getClientRects().length && t.getBoundingClientRect().height < 40).filter(t =>
          new Set([...t.querySelectorAll('.mh-abbr, .mh-tname, .badge')].filter(e => e.getClientRects().length)
            .map(e => Math.round(e.getBoundingClientRect().top))).size > 2).map(t => t.getAttribute('aria-label'))""")
    assert not crowded, crowded
    vips = page.locator(".mh-token.role-vip:not(.mh-pile .mh-token) .mh-abbr:visible")
    assert vips.count() and all(vips.nth(i).evaluate("a => getComputedStyle(a, '::after').content") == '"★"'
                                for i in range(vips.count()))
    overlaps = page.locator(".mh-field").evaluate_all("""fields => fields.flatMap(f => {
        const token = f.querySelector('.mh-occ .mh-token'), tags = [...f.querySelectorAll('.mh-tag')];
        if (!token) return [];
        const t = token.getBoundingClientRect();
        return tags.filter(g => g.getClientRects().length).map(g => g.getBoundingClientRect())
          .filter(g => g.width && g.bottom > t.top && g.top < t.bottom && g.right > t.left && g.left < t.right)
          .map(() => f.getAttribute('aria-label') || f.title); })""")
    assert page.locator(".mh-field .mh-occ .mh-token").count() and not overlaps, overlaps


def test_a_tablet_is_taken_to_its_moves_by_the_button_at_the_foot_of_the_screen(new_context, server):
    # on a tablet the moves panel sits below the table, out of sight; the button says a move is due and goes there
    # (on a phone the moves are a bar at the foot of the screen: tests/web/test_table_live.py)
    PHONE = TABLET  # noqa: N806 (the tablet's size, under the name the checks below use)
    page = new_context(PHONE).new_page()
    open_mojo(page, server, hand_size=30)
    page.evaluate("window.scrollTo(0, 0)")
    button = page.locator("#to-moves")
    expect(button).to_be_visible()
    expect(button).to_have_text("Your move: 30 choices ↓")
    spot = box(page, "#to-moves")
    assert spot["y"] + spot["height"] <= PHONE["height"] and spot["x"] + spot["width"] <= PHONE["width"], spot
    button.click()
    panel = box(page, "#moves-panel")
    assert 0 <= panel["y"] < PHONE["height"], panel
    expect(page.locator("#moves button.move").first).to_be_focused()
    expect(button).to_be_hidden()  # the moves are in sight now
    page.evaluate("window.scrollTo(0, 0)")
    expect(button).to_be_visible()  # and out of sight again


TABLET = {"width": 820, "height": 1000}


def test_the_button_to_the_moves_stays_away_where_it_is_not_needed(new_context, server):
    # beside the table on a laptop the moves are in sight; a spectator has no move to go to
    page = new_context(LAPTOP_768).new_page()
    open_mojo(page, server)
    expect(page.locator("#to-moves")).to_be_hidden()
    table = server.create(players=2, seats=["heuristic", "heuristic"], seed=5)["table"]["id"]
    phone = new_context(PHONE).new_page()
    phone.goto(f"/table/{table}")
    expect(phone.locator("#who")).to_have_text("watching")
    phone.evaluate("window.scrollTo(0, 0)")
    expect(phone.locator("#to-moves")).to_be_hidden()
