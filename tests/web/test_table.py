"""The table page: seats survive a reload, refused moves show their rule, keyboard play, spectators."""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .helpers import LIST_LEGAL, TABLE_LEGAL, click_one, create_in_lobby, my_hand, pile_tops, wait_my_turn


def open_seat(page, server, **body):
    """Create a table over HTTP (human seat 0 against bots) and take seat 0 in the browser."""
    body = {"players": 2, "seats": ["human", "heuristic"], "seed": 5, **body}
    table = server.create(**body)["table"]["id"]
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text("seat 0")
    return table


def test_reload_mid_game_restores_the_same_seat_and_view(page, server):
    table = open_seat(page, server, options={"target_score": 200})
    for _ in range(3):
        wait_my_turn(page)
        click_one(page, TABLE_LEGAL)
    wait_my_turn(page)  # the bots wait for us now: nothing changes until we act
    hand, tops = my_hand(page), pile_tops(page)
    actions = page.locator("body").get_attribute("data-actions")
    token = page.evaluate(f"localStorage.getItem('cardtable:token:{table}:0')")
    assert hand and tops and token

    page.reload()

    expect(page.locator("#who")).to_have_text("seat 0")
    wait_my_turn(page)
    assert page.locator("body").get_attribute("data-actions") == actions
    assert my_hand(page) == hand
    assert pile_tops(page) == tops
    assert page.evaluate(f"localStorage.getItem('cardtable:token:{table}:0')") == token
    expect(page.locator("#notice")).to_be_hidden()  # no second join was tried


def test_a_taken_seat_opens_as_spectator(page, server, new_context):
    table = open_seat(page, server)
    other = new_context().new_page()
    other.goto(f"/table/{table}?seat=0")
    expect(other.locator("#notice")).to_contain_text("You cannot take seat 0")
    expect(other.locator("#who")).to_have_text("watching")
    expect(other.locator(".seat.me")).to_have_count(0)
    expect(other.locator(".opponents .seat")).to_have_count(2)
    expect(other.locator(f"{TABLE_LEGAL}, {LIST_LEGAL}")).to_have_count(0)
    expect(other.locator(".seat .hand .card")).to_have_count(0)  # no hidden card is shown


def test_rejected_moves_show_their_rule(page, server):
    open_seat(page, server)
    wait_my_turn(page)
    # typed by hand (the JSON box), and sent over the socket by a script
    page.locator("#raw > summary").click()
    page.get_by_label("Action", exact=True).fill(json.dumps({"type": "play", "card": 999}))
    page.get_by_role("button", name="Send").click()
    alert = page.get_by_role("alert").filter(has_text="refused")
    expect(alert).to_contain_text("MOJO-4.2")
    expect(alert).to_contain_text("not in your hand")
    alert.get_by_role("button", name="Dismiss").click()
    expect(page.locator("#alert")).to_be_empty()

    page.evaluate("window.cardtable.sendRaw({type: 'action', action: {type: 'stop'}})")
    expect(page.locator("#alert")).to_contain_text("MOJO-4.3.2")
    wait_my_turn(page)  # nothing changed: still our move


def test_keyboard_plays_a_card_and_the_undo_button_follows_the_server(page, server):
    open_seat(page, server, options={"target_score": 200})
    wait_my_turn(page)
    before = int(page.locator("body").get_attribute("data-actions"))
    card = page.locator(".seat.me [data-legal]").first
    card.focus()
    expect(card).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")
    # when it is our turn again, the keyboard focus is back on something to play
    wait_my_turn(page)
    expect(page.locator(":focus")).to_have_attribute("data-legal", "")
    # the legal-move list works from the keyboard too
    before = int(page.locator("body").get_attribute("data-actions"))
    page.locator(LIST_LEGAL).first.focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")
    # undo is offered exactly when the server says so
    wait_my_turn(page)
    undo = page.evaluate("window.cardtable.message.undo")
    expect(page.locator("#undo")).to_be_visible() if undo else expect(page.locator("#undo")).to_be_hidden()


def test_the_generic_renderer_shows_the_view_and_the_moves(page):
    page.goto("/")
    page.evaluate("""async () => {
        const {createRenderer} = await import('/static/games/generic.js');
        const root = document.createElement('div');
        root.id = 'generic-test';
        document.body.append(root);
        window.played = [];
        const r = createRenderer(root, {act: a => window.played.push(a), rerender() {}, seatName: s => 'Seat ' + s});
        r.update({seat: 0, view: {pot: 3, hand: ['A']}, returns: [1, 0], scores: [5, 2],
                  legal: [{action: {type: 'pass'}, label: 'pass'}]}, {legal: [{action: {type: 'pass'}, label: 'pass'}]});
    }""")
    root = page.locator("#generic-test")
    expect(root.locator("pre")).to_contain_text('"pot": 3')
    expect(root.locator("#scoreboard tr.winner")).to_have_count(1)
    root.get_by_role("button", name="pass").click()
    assert page.evaluate("window.played") == [{"type": "pass"}]


def test_the_page_reconnects_when_the_socket_closes(page, server):
    open_seat(page, server, options={"target_score": 200})
    wait_my_turn(page)
    hand = my_hand(page)
    page.evaluate("window.cardtable.close()")
    expect(page.locator("#conn")).to_have_attribute("data-state", "closed")
    expect(page.locator("#conn")).to_have_text("connected")  # after a short backoff
    assert my_hand(page) == hand
    before = int(page.locator("body").get_attribute("data-actions"))
    click_one(page, TABLE_LEGAL)
    page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")


def test_watching_a_table_that_does_not_exist_says_so_instead_of_reconnecting(page, server):
    # the server refuses the socket with 4404 after accepting it; refused before, the browser saw a bare
    # handshake failure and kept reconnecting
    page.goto("/table/000000000000")
    expect(page.locator(".fatal")).to_contain_text("There is no table 000000000000")
    expect(page.locator("#conn")).to_have_text("no table")


def test_the_lobby_lists_new_tables_by_itself_and_joins_a_free_seat(page, server):
    page.goto("/")
    expect(page.locator("#tables-status")).to_contain_text("updated")
    table = server.create(players=3, seats=["heuristic", "human", "human"], options={"target_score": 30})["table"]["id"]
    join = page.get_by_label(f"Join seat 1 of table {table}")
    expect(join).to_be_visible()  # appears on the next refresh, without a reload
    item = page.locator(f'[data-table="{table}"]')
    expect(item).to_contain_text("seat 0: heuristic bot")
    expect(item).to_contain_text("Points that end the game: 30")  # the option by its plain label
    expect(item.get_by_role("link", name=f"Watch table {table}")).to_be_visible()
    join.click()
    expect(page).to_have_url(f"{server.url}/table/{table}?seat=1")
    expect(page.locator("#who")).to_have_text("seat 1")
    expect(page.locator("#invite")).to_contain_text("Seat 2")  # the other free seat, to invite someone
    page.goto("/")
    expect(page.locator(f'[data-table="{table}"]').get_by_role("link", name="back to seat 1")).to_be_visible()


EQUAL_PLAY = """async () => {
  const { value } = await import('/static/games/mojo.js');
  const m = window.cardtable.message;
  const pile = m.view.piles[0];
  const top = value(pile[pile.length - 1]);
  const entry = m.legal.find(e => e.action.type === 'play' && value(e.action.card) === top);
  return entry ? JSON.stringify(entry.action) : null;
}"""


def test_undo_takes_back_an_equal_play(page, server):
    open_seat(page, server, options={"target_score": 500}, seed=8)
    for _ in range(200):
        wait_my_turn(page)
        equal = page.evaluate(EQUAL_PLAY)
        if equal:
            break
        expect(page.locator("#undo")).to_be_hidden()
        click_one(page, LIST_LEGAL)
    else:
        raise AssertionError("no equal play came up")
    hand, actions = my_hand(page), page.locator("body").get_attribute("data-actions")
    page.locator(f"#moves button[data-action='{equal}']").click()
    expect(page.locator(".prompt")).to_contain_text("Equal!")
    undo = page.get_by_role("button", name="Undo my last move")
    expect(undo).to_be_visible()
    undo.click()
    expect(page.locator("body")).to_have_attribute("data-actions", actions)
    expect(undo).to_be_hidden()
    assert my_hand(page) == hand


def test_hot_seat_one_browser_plays_both_seats(page):
    table = create_in_lobby(page, players=2, seats=["human", "human"], hot_seat=True)
    held = page.evaluate(f"Object.keys(localStorage).filter(k => k.includes('{table}')).sort()")
    assert held == [f"cardtable:token:{table}:0", f"cardtable:token:{table}:1"]
    switch = page.locator("#switch")
    expect(switch).to_contain_text("seat 1")
    # whoever is to move, this browser can play it: from seat 0's page or by switching to seat 1
    switched = 0
    for _ in range(4):
        page.wait_for_function("window.cardtable.message && window.cardtable.message.view.current_player >= 0")
        current = page.evaluate("window.cardtable.message.view.current_player")
        if current != page.evaluate("window.cardtable.seat"):
            expect(switch).to_have_class(re.compile(r"\bdue\b"))
            switch.get_by_role("link", name=f"seat {current}").click()
            expect(page.locator("#who")).to_have_text(f"seat {current}")
            switched += 1
        before = int(page.locator("body").get_attribute("data-actions"))
        wait_my_turn(page)
        click_one(page, LIST_LEGAL)
        page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")
    assert switched, "the turn never passed to the other seat"


# found while building the replay bar: the page drew each message after loading the game's renderer, and an
# older message whose drawing waited for that load was drawn last, over the newer ones that came meanwhile
def test_a_page_opened_while_bots_play_fast_ends_on_the_last_position(server, new_context):
    for seed in range(3):  # the race needed the bots to finish while the renderer loaded: most runs did
        page = new_context().new_page()
        table_id = server.create(players=2, seats=["random", "random"], seed=seed, options={"target_score": 15})["table"]["id"]
        page.goto(f"/table/{table_id}")
        expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=30_000)
        expect(page.locator("#turn")).to_have_text("The game is over.")
        expect(page.locator("#scoreboard")).to_be_visible()
        page.close()


def test_messages_that_wait_while_the_page_is_busy_are_drawn_once(server, page):
    """Bots at full speed send positions faster than a Mítosz table is drawn: the messages that queued while
    the page was busy are drawn once, as the newest, not one after another."""
    table_id = server.create(game="mitosz", players=2, seats=["random", "random"], seed=5)["table"]["id"]
    page.goto(f"/table/{table_id}")
    page.locator("#game .felt, #game section").first.wait_for()
    before = page.evaluate("() => window.cardtable.counts")
    page.evaluate("() => { const end = performance.now() + 1500; while (performance.now() < end) {} }")  # busy
    page.wait_for_timeout(300)
    after = page.evaluate("() => window.cardtable.counts")
    assert after["received"] - before["received"] >= 10  # (the bots kept playing meanwhile)
    assert after["drawn"] - before["drawn"] <= (after["received"] - before["received"]) // 3
