"""The live table around every game (js/table.js and its parts): the log follows the newest entry, a second
click does not pass a second window, the connection alert clears on reconnect, "your turn" in the tab, every
move read out in a live region, rule texts on hover and focus, the end panel, the move clock, "how to play",
and the phone's action bar."""

from __future__ import annotations

import json
import re
import time
import urllib.error

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .helpers import LIST_LEGAL, play_to_end, wait_my_turn  # noqa: E402

SEPS = "[...document.querySelectorAll('#log li[data-sep]')].map(li => li.dataset.sep)"
AT_BOTTOM = "(() => { const l = document.getElementById('log'); return l.scrollHeight - l.scrollTop - l.clientHeight <= 24; })()"


def open_mojo(page, server, **options) -> str:
    """Seat 0 of a Mojo table against a bot, seat 0 to begin."""
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0, **options})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    wait_my_turn(page)
    return table


@pytest.fixture
def motion_page(browser, server):
    """A page that allows motion (smooth scrolling is on): the log bug showed only there."""
    context = browser.new_context(viewport=LAPTOP, base_url=server.url, reduced_motion="no-preference")
    context.set_default_timeout(10_000)
    context.add_init_script('localStorage.setItem("cardtable.takeOnly", "0");')
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


# -- 1. the log ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["maoqy", "mitosz"])
def test_the_log_follows_the_newest_entry_through_200_bot_actions(motion_page, server, game):
    page = motion_page
    table = server.create(game=game, players=2, seats=["heuristic", "heuristic"], seed=2)["table"]["id"]
    page.goto(f"/table/{table}")
    page.wait_for_function("window.cardtable.message && (window.cardtable.message.table.actions >= 200 "
                           "|| window.cardtable.message.returns)", timeout=60_000)
    assert page.evaluate("window.cardtable.message.table.actions") >= 200 or page.evaluate("!!window.cardtable.message.returns")
    page.wait_for_function(AT_BOTTOM)  # the newest line in sight, all along (checked while bots play below)
    expect(page.locator(".log-pill")).to_be_hidden()


def play_first_moves(page, count: int) -> None:
    """Play the first legal move `count` times (the bot answers each)."""
    for _ in range(count):
        page.wait_for_function("window.cardtable.message.legal.length > 0 && !document.body.classList.contains('busy')")
        page.evaluate("window.cardtable.send(window.cardtable.message.legal[0].action)")
        page.wait_for_function("document.body.classList.contains('busy') === false")


def test_scrolled_up_the_log_stays_and_a_pill_jumps_down(motion_page, server):
    page = motion_page
    table = server.create(game="maoqy", players=2, seats=["human", "heuristic"], seed=3)["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    play_first_moves(page, 16)
    page.wait_for_function("document.getElementById('log').scrollHeight > document.getElementById('log').clientHeight + 100")
    page.wait_for_function(AT_BOTTOM)
    page.locator("#log").evaluate("l => { l.scrollTop = 0; }")
    page.wait_for_timeout(100)  # (the scroll event)
    play_first_moves(page, 2)
    expect(page.locator(".log-pill")).to_be_visible()
    expect(page.locator(".log-pill")).to_contain_text("new entr")
    assert page.locator("#log").evaluate("l => l.scrollTop") < 30  # the reader's place is kept
    page.locator(".log-pill").click()
    page.wait_for_function(AT_BOTTOM)
    expect(page.locator(".log-pill")).to_be_hidden()
    expect(page.locator("#log")).to_be_focused()


def test_the_log_marks_rounds_and_turns(page, server):
    # Mojo: "Round 2" where the second round was dealt; a line wherever the seat to move changed
    table = server.create(players=2, seats=["heuristic", "heuristic"], seed=3, options={"target_score": 200})["table"]["id"]
    page.goto(f"/table/{table}")
    page.wait_for_function("window.cardtable.message && window.cardtable.message.view.round >= 2")
    page.wait_for_function(SEPS + ".some(t => /^Round [2-9]\\d*$/.test(t))")
    assert page.locator("#log li.new-turn").count() >= 1
    # muhq: many entries make a turn; a turn is labelled where the view's count went up
    table = server.create(game="muhq", players=2, seats=["heuristic", "heuristic"], seed=3)["table"]["id"]
    page.goto(f"/table/{table}")
    page.wait_for_function("window.cardtable.message && window.cardtable.message.view.turn >= 3", timeout=30_000)
    # (the bots play on meanwhile, and the story in the side bar is the view's last lines: any turn after the first)
    page.wait_for_function(SEPS + ".some(t => /^Turn [2-9]\\d*$/.test(t))")


# -- 2. the double-click guard ----------------------------------------------------------------------------
def mine(server, table: str) -> int:
    """Seat 0's actions so far, as the server's log says (the last 60 entries: enough here)."""
    return sum(1 for e in server.table(table)["log"] if e["seat"] == 0)


def open_mitosz_pass(new_context, server):
    # seed 4: seat 0's first decision is a pass (and nothing else) in the start phase's window
    table = server.create(game="mitosz", players=2, seats=["human", "heuristic"], seed=4)["table"]["id"]
    page = new_context(take_only=False).new_page()
    page.goto(f"/table/{table}?seat=0")
    page.wait_for_function("window.cardtable.message && window.cardtable.message.legal.length === 1")
    expect(page.locator(LIST_LEGAL)).to_have_count(1)
    page.wait_for_function("!document.body.classList.contains('settling')")
    page.table = table
    return page


def test_the_moves_stay_in_place_while_a_move_is_on_its_way(new_context, server):
    page = open_mitosz_pass(new_context, server)
    moved = page.evaluate("""() => {
        const box = document.getElementById('take-only-box'), button = document.querySelector('#moves button.move');
        const before = [box.getBoundingClientRect().top, button.getBoundingClientRect().top];
        button.click();  // the page is busy until the server answers: drawn at once, in this same task
        const pending = document.querySelector('#moves button.move-pending');
        const after = [box.getBoundingClientRect().top, pending ? pending.getBoundingClientRect().top : null];
        return {before, after, busy: document.body.classList.contains('busy')};
    }""")
    assert moved["busy"]
    assert moved["before"] == moved["after"], moved  # nothing slid up under the pointer


def test_two_clicks_150_ms_apart_play_one_move(new_context, server):
    page = open_mitosz_pass(new_context, server)
    button = page.locator("#moves button.move").first
    spot = button.bounding_box()
    x, y = spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2
    before = mine(server, page.table)
    page.mouse.click(x, y)
    page.wait_for_timeout(150)
    page.mouse.click(x, y)
    page.wait_for_timeout(1000)  # time for a second move to be sent, if the page let one through
    assert mine(server, page.table) == before + 1
    expect(page.locator("#take-only")).not_to_be_checked()
    assert page.evaluate("localStorage.getItem('cardtable.takeOnly')") == "0"


def test_a_press_on_moves_just_drawn_after_an_answer_is_dropped(new_context, server):
    page = open_mitosz_pass(new_context, server)
    before = mine(server, page.table)
    actions = page.evaluate("window.cardtable.message.table.actions")
    spot = page.locator("#moves button.move").first.bounding_box()
    x, y = spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2
    page.mouse.click(x, y)
    # the moment the next moves of ours are drawn, a press lands where the first was: dropped
    page.wait_for_function(f"window.cardtable.message.table.actions > {actions} && window.cardtable.message.legal.length > 0",
                           polling="raf", timeout=20_000)
    page.mouse.click(x, y)
    page.wait_for_timeout(1000)
    assert mine(server, page.table) == before + 1


# -- 3. reconnecting ------------------------------------------------------------------------------------
def test_the_connection_alert_clears_on_reconnect(page, server):
    open_mojo(page, server)
    page.route("**/api/tables/*/actions", lambda route: route.abort())
    action = page.evaluate("window.cardtable.message.legal[0].action")
    # the socket closes, and the move goes over HTTP, which cannot reach the server
    page.evaluate(f"() => {{ window.cardtable.close(); window.cardtable.send({json.dumps(action)}); }}")
    expect(page.locator("#alert")).to_contain_text("cannot be reached")
    expect(page.locator("#conn")).to_have_text("connected", timeout=15_000)  # the page reconnects by itself
    expect(page.locator("#alert")).to_be_empty()


# -- 4. your turn ---------------------------------------------------------------------------------------
def test_the_tab_says_your_turn_with_a_badge(page, server):
    open_mojo(page, server)
    page.wait_for_function("document.title.startsWith('● Your turn — Mojo')")
    page.wait_for_function("document.querySelector('link[rel=icon]').getAttribute('href').startsWith('data:image/svg+xml')")
    spectator = page.context.new_page()
    spectator.goto(page.url.split("?")[0])
    expect(spectator.locator("#who")).to_have_text("watching")
    spectator.wait_for_function("document.title.startsWith('Mojo')")
    assert spectator.evaluate("document.querySelector('link[rel=icon]').getAttribute('href')") == "/static/img/icon.svg"


def test_the_turn_sound_is_off_until_switched_on_and_remembered(page, server):
    open_mojo(page, server)
    sound = page.locator("#turn-sound")
    expect(sound).to_have_text("Sound: off")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_text("Sound: on")
    expect(sound).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('cardtable.turnSound')") == "1"
    page.reload()
    expect(page.locator("#turn-sound")).to_have_text("Sound: on")
    expect(page.locator("#turn-notify")).to_be_visible()  # opt-in notifications: a button, off until pressed


# -- 5. every move read out -------------------------------------------------------------------------------
def test_every_new_move_is_announced_in_words(page, server):
    open_mojo(page, server)
    region = page.locator("#announce")
    assert region.get_attribute("aria-live") == "polite"
    expect(region).to_be_empty()  # what happened before we came is not news
    page.locator(LIST_LEGAL).first.click()
    page.wait_for_function("document.getElementById('announce').textContent.includes('Seat 1:') "
                           "|| document.getElementById('announce').textContent.includes('You:')")
    page.wait_for_function("window.cardtable.message.legal.length > 0")
    last = page.evaluate("window.cardtable.log[window.cardtable.log.length - 1]")
    page.wait_for_function(f"document.getElementById('announce').textContent.includes({json.dumps(last['text'])})")


# -- 6. rules ---------------------------------------------------------------------------------------------
def test_a_rule_id_shows_its_text_on_hover_and_focus(page, server):
    open_mojo(page, server)
    page.locator("#raw > summary").click()
    page.locator("#raw-input").fill(json.dumps({"type": "play", "card": 999, "pile": 0}))
    page.locator("#raw-form button").click()
    rule = page.locator("#alert [data-rule='MOJO-4.2']").first
    expect(rule).to_be_visible()
    rule.hover()
    pop = page.locator("#rule-pop")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text("To play, the player moves one card from their hand")
    page.mouse.move(5, 400)
    expect(pop).to_be_hidden()
    rule.focus()  # keyboard: the reference is in the tab order
    expect(pop).to_be_visible()
    assert rule.get_attribute("aria-describedby") == "rule-pop"
    page.keyboard.press("Escape")
    expect(pop).to_be_hidden()


def test_explain_and_rule_text_for_the_renderers(page, server):
    open_mojo(page, server)
    legal = page.evaluate("window.cardtable.message.legal[0].action")
    assert page.evaluate(f"window.cardtable.explain({json.dumps(legal)})")["legal"] is True
    answer = page.evaluate("window.cardtable.explain({type: 'play', card: 999, pile: 0})")
    assert answer["legal"] is False and answer["rule"] == "MOJO-4.2" and answer["rule_text"].startswith("To play")
    assert page.evaluate("window.cardtable.ruleText('MOJO-3.6')").startswith("A player acts only on their own turn")
    assert page.evaluate("window.cardtable.ruleText('MOJO-99')") is None


# -- 7. the end ---------------------------------------------------------------------------------------------
def rematch_endpoint(server, table: str) -> bool:
    try:
        server.request("GET", f"/api/tables/{table}/rematch")
    except urllib.error.HTTPError as exc:
        return exc.code != 404
    return True


def test_the_end_panel_names_seats_says_why_and_offers_rematch_record_replay(page, server):
    table = open_mojo(page, server, target_score=1)
    play_to_end([page])
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(end.locator("h2")).to_have_text("Game over")
    expect(end.locator(".end-seats")).to_contain_text("You (seat 0)")
    expect(end.locator(".end-seats")).to_contain_text("heuristic bot")
    expect(end.locator(".end-why")).to_contain_text("MOJO-7.1")  # the ending's rule, with its text
    expect(end.locator(".end-why")).to_contain_text("total")
    expect(end.locator("#end-record")).to_have_attribute("href", f"/api/tables/{table}/record")
    end.locator("#end-replay").click()
    expect(page.locator("#replay-first")).to_be_focused()
    if not rematch_endpoint(server, table):
        pytest.skip("POST /api/tables/{id}/rematch is not on the server yet (the server helper's part)")
    rematch = end.locator("#end-rematch")
    expect(rematch).to_be_visible()
    rematch.click()
    page.wait_for_url(lambda url: f"/table/{table}" not in url and "seat=0" in url)
    expect(page.locator("#who")).to_have_text("seat 0")


def test_the_other_player_joins_the_rematch_from_the_end_panel(new_context, server):
    table = server.create(players=2, seats=["human", "human"], seed=5, options={"first_player": 0, "target_score": 1})["table"]["id"]
    if not rematch_endpoint(server, table):
        pytest.skip("POST /api/tables/{id}/rematch is not on the server yet (the server helper's part)")
    tokens = [server.request("POST", f"/api/tables/{table}/join", {"seat": s})["token"] for s in (0, 1)]
    for _ in range(500):  # both seats play their first legal move through the API until the game is over
        state = server.table(table, tokens[0])
        if state["returns"]:
            break
        seat = state["view"]["current_player"]
        action = server.table(table, tokens[seat])["legal"][0]["action"]
        server.request("POST", f"/api/tables/{table}/actions", {"action": action}, token=tokens[seat])
    page = new_context().new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:1', '{tokens[1]}')")
    page.goto(f"/table/{table}?seat=1")
    expect(page.locator("#end")).to_be_visible()
    made = server.request("POST", f"/api/tables/{table}/rematch", token=tokens[0])  # seat 0 asks for it
    join = page.locator("#end-rematch-join")
    expect(join).to_have_text("Join the rematch")  # the old table's message says a rematch exists
    join.click()
    page.wait_for_url(f"**/table/{made['table_id']}?seat=1")
    expect(page.locator("#who")).to_have_text("seat 1")


# -- 8. the move clock --------------------------------------------------------------------------------------
def test_the_move_clock_shows_banks_and_the_running_move(page, server):
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0})["table"]["id"]

    def with_clock(ws):
        server_side = ws.connect_to_server()

        def forward(message):
            data = json.loads(message)
            if data.get("type") == "state":
                now = time.time()  # (the browser runs on this machine: the same clock)
                to_act = data["view"].get("current_player")
                data["clock"] = {"seat": to_act if to_act is not None and to_act >= 0 else None,
                                 "deadline": now + 95, "per_move": 30, "bank": [65.0, 120.0], "policy": "bot"}
            ws.send(json.dumps(data))

        server_side.on_message(forward)

    page.route_web_socket("**/ws", with_clock)
    page.goto(f"/table/{table}?seat=0")
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    rows = clock.locator(".clock-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("You")
    expect(rows.nth(0).locator(".clock-move")).to_contain_text("for this move")
    expect(rows.nth(0).locator(".clock-bank")).to_have_text("1:05")
    expect(rows.nth(1).locator(".clock-bank")).to_have_text("2:00")
    expect(rows.nth(1).locator(".clock-move")).to_have_text("")


def test_the_move_clock_of_a_real_table(page, server):
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0},
                          clock={"per_move": 30, "bank": 90})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    rows = page.locator("#clock .clock-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator(".clock-move")).to_contain_text("for this move")  # our move's time runs
    expect(rows.nth(1).locator(".clock-bank")).to_have_text("1:30")


def test_when_the_time_runs_out_a_bot_plays_that_move_and_everybody_sees_it(page, server):
    """The clock's policy at expiry (server/clock.py): the bot plays that one move for the seat, the seat stays
    a person's, and the clock panel says that its time ran out."""
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0},
                          clock={"per_move": 1, "bank": 0})["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    # we do nothing: within a few seconds a move is made for us
    page.wait_for_function("() => (window.cardtable.log || []).some((e) => e.seat === 0)", timeout=20_000)
    row = page.locator("#clock .clock-row").nth(0)
    expect(row.locator(".clock-out")).to_contain_text("time ran out 1×", timeout=10_000)
    seats = page.evaluate("window.cardtable.message.table.seats")
    assert seats[0]["kind"] == "human" and not seats[0].get("takeover")  # one move, not a takeover
    # and we play on ourselves when it is our turn again (nothing stands in for us)
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=20_000)
    before = page.evaluate("window.cardtable.message.table.actions")
    page.locator(LIST_LEGAL).first.click()
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")


def test_no_clock_no_clock_panel(page, server):
    open_mojo(page, server)
    expect(page.locator("#clock")).to_be_hidden()


# -- 9. how to play -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["mojo", "maoqy", "mitosz", "muhq"])
def test_how_to_play_opens(page, server, game):
    table = server.create(game=game, players=2, seats=["heuristic", "heuristic"], seed=1)["table"]["id"]
    page.goto(f"/table/{table}")
    howto = page.locator("#howto")
    expect(howto).to_be_visible()
    expect(howto.locator(".howto-body")).to_be_hidden()
    howto.locator("summary").click()
    expect(howto.locator(".howto-body")).to_contain_text("Goal")
    expect(howto.locator(".howto-body")).to_contain_text("A turn")
    expect(howto.locator(".howto-body")).to_contain_text("How it ends")


# -- 10. phone ------------------------------------------------------------------------------------------------
def test_on_a_phone_the_moves_sit_at_the_foot_of_the_screen_without_covering_the_page(new_context, server):
    page = new_context(PHONE).new_page()
    open_mojo(page, server, hand_size=30)
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.locator("#moves-panel").bounding_box()
    assert abs(bar["y"] + bar["height"] - PHONE["height"]) <= 1 and bar["height"] <= PHONE["height"] * 0.45, bar
    # a move in reach, unscrolled: the list's fold button in the bar (the list itself is folded on a phone)
    assert page.locator("#list-toggle").bounding_box()["y"] < PHONE["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = page.locator("#howto").bounding_box()
    bar = page.locator("#moves-panel").bounding_box()
    assert last["y"] + last["height"] <= bar["y"] + 1, (last, bar)  # the end of the page clears the bar
