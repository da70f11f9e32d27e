"""MAOQY in the browser: a whole game against a bot, played by clicking the table (cards, the Unknown,
the Known, open hands, the hiding place, street and pass buttons); a reload mid-game; the keyboard; phone
width. A small deck (two kingdoms), streets from 4 cards and a turn limit keep the games short: the random bot rarely passes,
so the game ends at the turn limit (MAOQY-8.3) and the longest street wins (MAOQY-8.4)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .helpers import LIST_LEGAL, create_in_lobby  # noqa: E402

SHORT = {"kingdoms": "red,blue", "street_min": 4, "turn_limit": 50}

# -- MAOQY helpers ---------------------------------------------------------------------------------------
MY_TURN = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m) return false;
  if (m.returns) return true;
  return m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy");
}"""


def create_maoqy_in_lobby(page: Page, players: int, seats: list[str], options: dict | None = None,
                          seed: int | None = None) -> str:
    return create_in_lobby(page, players, seats, options=options, seed=seed, game="maoqy")


def message(page: Page) -> dict:
    return page.evaluate("window.cardtable.message")


def wait_for_my_turn(page: Page, timeout: float = 15_000) -> dict:
    page.wait_for_function(MY_TURN, timeout=timeout)
    return message(page)


def no_horizontal_scroll(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def hand_card(card: int) -> str:
    return f'[data-key="hand:{card}"]'


def spare_card(view: dict, me: int) -> int:
    """A hand card we can best do without: the fewest cards of its kingdom near it, then the kingdom we
    hold least of."""
    hand = view["seats"][me]["hand"]
    held = set(hand)

    def worth(c: int) -> tuple[int, int, int]:
        k, x = divmod(c, 17)
        near = sum(1 for d in (-2, -1, 1, 2) if 0 <= x + d < 17 and k * 17 + x + d in held)
        return near, sum(1 for o in hand if o // 17 == k), -c

    return min(hand, key=worth)


def choose(view: dict, me: int, legal: list[dict], done: set[str], pass_from: int | None = None,
           keep_open: bool = False) -> tuple[str, dict, list[str]]:
    """Our next move: (kind, action, what to click on the table, in order). A card of ours is chosen
    first, then what to do with it: a choice button (``choice:open`` …) or a target on the table
    (``target:known``, ``target:hide``).

    Tries once each of: hiding a card (via the hiding-place target) and taking it back, opening a card
    and taking it back from the open hand, drawing the Known's top, discarding by clicking the Known,
    drawing from another seat's open hand; lays every street it can and takes face-up cards next to its
    own; otherwise draws from the Unknown or discards a spare card. From turn ``pass_from`` on it passes.
    With ``keep_open`` it keeps one card in its open hand instead of taking it back."""
    mine = view["seats"][me]
    hand = mine["hand"]
    actions = [e["action"] for e in legal]
    kinds = {a["type"] for a in actions}

    def find(**kw) -> dict | None:
        return next((a for a in actions if all(a.get(k) == v for k, v in kw.items())), None)

    if "direction" in kinds:
        return "direction", find(type="direction", value="ccw"), ['[data-key="dir:ccw"]']
    if pass_from is not None and view["turn"] >= pass_from:
        return "pass", find(type="pass"), ['[data-key="pass"]']
    take = mine["open"] and find(type="draw", **{"from": "open", "player": me, "card": mine["open"][0]})
    if "open" in done and "take" not in done and take and not keep_open:
        card = mine["open"][0]
        return "take", take, [f'[data-key="open:{me}:{card}"]', '[data-key="choice:take"]']
    street = find(type="street")
    if street:
        return "street", street, [f'[data-key="street:{",".join(map(str, street["cards"]))}"]']
    if "hide" not in done and hand and find(type="hide"):
        card = spare_card(view, me)
        return "hide", find(type="hide", card=card), [hand_card(card), '[data-key="target:hide"]']
    back = mine["hiding"] and find(type="draw", **{"from": "hiding", "card": mine["hiding"][0]})
    if "hide" in done and "hiding" not in done and back:
        return "hiding", back, [f'[data-key="hiding:{mine["hiding"][0]}"]']
    if len(hand) >= 3 and ("take" not in done if not keep_open else not mine["open"] and len(hand) >= 6):
        card = spare_card(view, me)  # again if a bot took the opened card first
        return "open", find(type="open", card=card), [hand_card(card), '[data-key="choice:open"]']
    known = find(type="draw", **{"from": "known"})
    if "known" not in done and known:
        return "known", known, ['[data-key="draw:known"]']
    others = [(s["seat"], c) for s in view["seats"] if s["seat"] != me for c in s["open"]]
    draw_open = lambda seat, card: find(type="draw", **{"from": "open", "player": seat, "card": card})  # noqa: E731
    if "other-open" not in done and others and draw_open(*others[0]):
        seat, card = others[0]
        return "other-open", draw_open(seat, card), [f'[data-key="open:{seat}:{card}"]']
    # a face-up card next to ones we hold: take it
    useful = lambda c: c < 204 and any(c + d in hand and (c + d) // 17 == c // 17 for d in (-2, -1, 1, 2))  # noqa: E731
    if view["known"] and useful(view["known"][-1]) and known:
        return "known", known, ['[data-key="draw:known"]']
    for seat, card in others:
        if useful(card) and draw_open(seat, card):
            return "other-open", draw_open(seat, card), [f'[data-key="open:{seat}:{card}"]']
    if len(hand) >= 10 or (hand and "discard" not in done and len(hand) >= 4):
        card = spare_card(view, me)
        return "discard", find(type="discard", card=card), [hand_card(card), '[data-key="target:known"]']
    unknown = find(type="draw", **{"from": "unknown"})
    if unknown:
        return "unknown", unknown, ['[data-key="draw:unknown"]']
    return "pass", find(type="pass"), ['[data-key="pass"]']


def play_turn(page: Page, done: set[str], pass_from: int | None = None, keep_open: bool = False) -> str | None:
    """Make one move of ours (``choose``) by clicking the table; returns its kind (None: the game is over).
    A chosen card shows as pressed, with its choices, before the second click."""
    m = wait_for_my_turn(page)
    if m["returns"]:
        return None
    kind, _, clicks = choose(m["view"], m["seat"], m["legal"], done, pass_from, keep_open)
    for i, selector in enumerate(clicks):
        target = page.locator(selector).first
        target.click(timeout=5000)
        if i == 0 and len(clicks) > 1:
            expect(target).to_have_attribute("aria-pressed", "true")
            expect(page.locator(".mq-choices")).to_be_visible()
    return kind


def play_maoqy_to_end(page: Page, pass_from: int | None = None, timeout: float = 120,
                      on_turn=None) -> dict[str, int]:
    """Play our moves until the scoreboard shows; returns how often each kind of move was made."""
    done: dict[str, int] = {}
    deadline = time.monotonic() + timeout
    while not page.locator("#scoreboard").count():
        assert time.monotonic() < deadline, f"the game did not end; moves so far: {done}"
        kind = play_turn(page, set(done), pass_from)  # on our turn nothing moves under the clicks
        if kind is None:
            break
        done[kind] = done.get(kind, 0) + 1
        if on_turn:
            on_turn(page, done)
    expect(page.locator("#scoreboard")).to_be_visible()
    return done


# -- the tests ---------------------------------------------------------------------------------------------
def test_maoqy_against_a_bot_by_clicking_the_table_with_a_reload(page):
    table = create_maoqy_in_lobby(page, players=2, seats=["human", "random"], options=SHORT, seed=7)
    expect(page.locator(".maoqy")).to_be_visible()
    expect(page.locator(".mq-first-draw")).to_be_visible()
    expect(page.locator(".mq-kingdom")).to_have_count(2)  # the deck's kingdoms, each named
    expect(page.locator(".mq-unknown")).to_contain_text("34 cards")

    reloaded = []

    def reload_once(page: Page, done: dict[str, int]) -> None:
        if reloaded or sum(done.values()) < 12:
            return
        wait_for_my_turn(page)
        before = message(page)
        hand = page.locator(".seat.me .mq-hand [data-card]").evaluate_all("cs => cs.map(c => +c.dataset.card)")
        log = page.locator("#log li").count()
        page.reload()
        page.locator(".felt").wait_for()
        after = wait_for_my_turn(page)
        assert after["view"] == before["view"]
        expect(page.locator("#who")).to_have_text("seat 0")
        assert page.locator(".seat.me .mq-hand [data-card]").evaluate_all("cs => cs.map(c => +c.dataset.card)") == hand
        expect(page.locator("#log li")).to_have_count(log)
        reloaded.append(True)

    done = play_maoqy_to_end(page, pass_from=46, on_turn=reload_once)

    assert reloaded
    # every kind of place on the table was clicked at least once
    assert {"direction", "street", "unknown", "known", "hide", "hiding", "open", "take", "discard", "pass"} <= set(done), done
    board = page.locator("#scoreboard")
    expect(board).to_contain_text("Game over")
    result = message(page)["view"]["result"]
    assert result["reason"] in ("turn_limit", "deadlock")
    expect(board.locator(".mq-reason")).to_contain_text("MAOQY-8.3" if result["reason"] == "turn_limit" else "MAOQY-8.2")
    if result["winners"]:
        expect(board.locator("tr.winner")).to_have_count(len(result["winners"]))
    expect(page.locator(LIST_LEGAL)).to_have_count(0)
    expect(page.locator("#record")).to_be_visible()
    assert page.evaluate(f"fetch('/api/tables/{table}/record').then(r => r.status)") == 200


def test_keyboard_chooses_a_card_and_escape_drops_it(page, server):
    created = server.create(game="maoqy", players=2, seats=["human", "random"], seed=3, options=SHORT)
    token = server.request("POST", f"/api/tables/{created['table']['id']}/join", {"seat": 0})["token"]
    table = created["table"]["id"]
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{token}')")
    page.goto(f"/table/{table}?seat=0")
    m = wait_for_my_turn(page)
    if m["view"]["phase"] == "direction":
        page.locator('[data-key="dir:cw"]').focus()
        page.keyboard.press("Enter")
    for _ in range(4):  # draw a few cards with the keyboard: the Unknown is a button
        m = wait_for_my_turn(page)
        unknown = page.locator('[data-key="draw:unknown"]')
        expect(unknown).to_have_attribute("aria-label", f"The Unknown, {m['view']['unknown_size']} cards, "
                                          f"the top card's back shows {m['view']['unknown_top_back']} — draw its top card")
        unknown.focus()
        page.keyboard.press("Enter")
    m = wait_for_my_turn(page)
    card = m["view"]["seats"][0]["hand"][0]
    target = page.locator(f'[data-key="hand:{card}"]')
    target.focus()
    page.keyboard.press("Enter")
    expect(target).to_have_attribute("aria-pressed", "true")
    # the choices for the card take the focus; they are labelled, and the Known is a discard target
    expect(page.locator(".mq-choices")).to_have_attribute("aria-label", f"What to do with your {long_name(card)}")
    assert page.evaluate("document.activeElement.dataset.key") == "choice:discard"
    expect(page.locator('[data-key="target:known"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".mq-choices")).to_have_count(0)
    assert page.evaluate("document.activeElement.dataset.key") == f"hand:{card}"
    # choose again, Tab to "Open it", Enter: the card is in the open hand
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.key") == "choice:open"
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.cardtable.message.view.seats[0].open.includes({card})")
    expect(page.locator(f'.seat.me .mq-open [data-card="{card}"]')).to_be_visible()


def long_name(card: int) -> str:
    kingdoms = ["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white", "black"]
    figures = [("Beggar", "Bettler"), ("Farmer", "Bauer"), ("Smith", "Schmied"), ("Merchant", "Händler"), ("Fisher", "Fischer"),
               ("Scribe", "Schreiber"), ("Messenger", "Bote"), ("Healer", "Heiler"), ("Fighter", "Kämpfer"),
               ("Priest", "Priester"), ("Ruler", "Herrscher"), ("Minister", "Minister"), ("Joker", "Joker"), ("Cook", "Koch"),
               ("Explorer", "Forscher"), ("Pupil", "Schüler"), ("Scholar", "Gelehrter")]
    en, de = figures[card % 17]
    return f"{kingdoms[card // 17]} {card % 17 + 1} {en} ({de})"


def test_phone_width_without_sideways_scrolling(new_context, server):
    """Four players at 390 px: seats, the middle, a chosen card's choices, streets and the final result fit."""
    page = new_context(PHONE).new_page()
    created = server.create(game="maoqy", players=4, seats=["human", "random", "random", "random"], seed=5,
                            options={"kingdoms": "red,blue,green,gold", "turn_limit": 48})
    table = created["table"]["id"]
    token = server.request("POST", f"/api/tables/{table}/join", {"seat": 0})["token"]
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{token}')")
    page.goto(f"/table/{table}?seat=0")
    page.locator(".felt").wait_for()
    checked = []

    def check(page: Page, done: dict[str, int]) -> None:
        m = wait_for_my_turn(page)
        if m["returns"] or not m["legal"] or not m["view"]["seats"][0]["hand"]:
            return
        if len(checked) < 3 and sum(done.values()) % 4 == 0:
            card = m["view"]["seats"][0]["hand"][0]
            page.locator(f'[data-key="hand:{card}"]').click()
            expect(page.locator(".mq-choices")).to_be_visible()
            assert no_horizontal_scroll(page) <= 0
            page.keyboard.press("Escape")
            checked.append(True)
        assert no_horizontal_scroll(page) <= 0

    play_maoqy_to_end(page, pass_from=44, on_turn=check)
    assert checked
    assert no_horizontal_scroll(page) <= 0
    for part in ("#scoreboard", ".opponents .seat", ".mq-unknown", ".mq-known", ".seat.me", ".mq-kingdoms"):
        expect(page.locator(part).first).to_be_visible()


def test_a_complete_street_wins_and_the_result_says_so(new_context, server):
    """Two human seats played over HTTP: seat 1 discards everything it draws, seat 0 (hand limit 17) collects red from the
    Known and lays its street until all 17 red cards lie in it (MAOQY-8.1). Seat 0's page and a
    spectator's show the result and why."""
    created = server.create(game="maoqy", players=2, seats=["human", "human"], seed=2, options={"kingdoms": "red,blue", "hand_limit": 17})
    table = created["table"]["id"]
    tokens = [server.request("POST", f"/api/tables/{table}/join", {"seat": s})["token"] for s in (0, 1)]
    m = server.table(table, token=tokens[0])
    for _ in range(2000):
        if m["returns"]:
            break
        seat = m["view"]["current_player"]
        m = server.table(table, token=tokens[seat])
        actions = [e["action"] for e in m["legal"]]
        first = lambda **kw: next((a for a in actions if all(a.get(k) == v for k, v in kw.items())), None)  # noqa: E731
        hand = m["view"]["seats"][seat]["hand"]
        known = m["view"]["known"]
        if first(type="direction"):
            action = first(type="direction", value="cw")
        elif seat == 1:
            action = first(type="discard", card=hand[0]) if hand else (first(type="draw", **{"from": "unknown"}) or first(type="pass"))
        elif streets := [a for a in actions if a["type"] == "street"]:
            action = max(streets, key=lambda a: len(a["cards"]))
        elif known and known[-1] < 17 and first(type="draw", **{"from": "known"}):
            action = first(type="draw", **{"from": "known"})
        elif [c for c in hand if c >= 17]:
            action = first(type="discard", card=[c for c in hand if c >= 17][0])
        else:
            action = first(type="draw", **{"from": "unknown"}) or first(type="pass")
        m = server.request("POST", f"/api/tables/{table}/actions", {"action": action}, token=tokens[seat])
    result = m["view"]["result"]
    assert result == {"winners": [0], "reason": "complete", "street_cards": [17, 0]}, result

    page = new_context().new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{tokens[0]}')")
    page.goto(f"/table/{table}?seat=0")
    board = page.locator("#scoreboard")
    expect(board.locator("h2")).to_have_text("Game over — You win!")
    expect(board.locator(".mq-reason")).to_have_text("You (seat 0) completed a kingdom: red 1–17 — all 17 cards.")
    expect(board.locator("tr.winner")).to_have_count(1)
    expect(page.locator(".seat.me .mq-street.complete")).to_have_attribute("aria-label", "red street, 1 to 17: 17 of 17 cards, complete")
    expect(page.locator(".mq-kingdom.claimed")).to_contain_text("street: You (1–17)")

    spectator = new_context().new_page()
    spectator.goto(f"/table/{table}")
    expect(spectator.locator("#scoreboard h2")).to_have_text("Game over — Seat 0 wins")
    expect(spectator.locator(".seat.me")).to_have_count(0)
    expect(spectator.locator(".opponents .seat")).to_have_count(2)
