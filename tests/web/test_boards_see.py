"""Issue 34 on the Mojo, MAOQY and muhq tables: the MAOQY bugs (2-player direction buttons, a picked card's
choices out of sight), muhq's prompt naming what is on the stack, muhq at phone width (token text ≥ 12 px,
nothing sideways), "since your last turn", endSummary, and a turn played by keyboard only in each game."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import PHONE  # noqa: E402

MY_TURN = """() => {
  const m = window.cardtable && window.cardtable.message;
  return !!m && m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy");
}"""


def seat_page(new_context, server, body, viewport=None) -> Page:
    table = server.create(**body)["table"]["id"]
    page = (new_context(viewport) if viewport else new_context()).new_page()
    page.goto(f"/table/{table}?seat=0")
    page.locator(".felt").wait_for()
    return page


def maoqy_direction_seed(server) -> int:
    """A seed where seat 0 draws the highest card and chooses the direction (2 players)."""
    for seed in range(1, 60):
        t = server.create(game="maoqy", players=2, seed=seed, seats=["human", "random"], options={"kingdoms": ["red", "blue"]})
        view = server.table(t["table"]["id"])["view"]
        if view["phase"] == "direction" and view["current_player"] == 0:
            return seed
    pytest.skip("no seed found where seat 0 chooses the direction")


def test_maoqy_two_player_direction_buttons_name_the_next_seat(new_context, server):
    seed = maoqy_direction_seed(server)
    page = seat_page(new_context, server, {"game": "maoqy", "players": 2, "seed": seed, "seats": ["human", "random"],
                                            "options": {"kingdoms": ["red", "blue"]}})
    page.wait_for_function(MY_TURN)
    buttons = page.locator(".mq-dir")
    expect(buttons).to_have_count(2)
    texts = buttons.all_inner_texts()
    assert not any("seat 0 → 1" in t for t in texts), texts
    assert "Clockwise" in texts[0] and "Counter-clockwise" in texts[1]
    assert all("after you" in t for t in texts)
    expect(page.locator(".mq-dir-note")).to_contain_text("either way")
    # keyboard only: Tab to the first direction button, Enter
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.matches('#game [data-legal]')"):
            break
    before = page.evaluate("window.cardtable.message.table.actions")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")


def test_maoqy_choices_come_into_view_and_escape_cancels(new_context, server):
    page = seat_page(new_context, server, {"game": "maoqy", "players": 2, "seed": 4, "seats": ["human", "random"],
                                            "options": {"kingdoms": ["red", "blue"]}}, viewport=PHONE)
    # play draws until a hand card can be picked
    for _ in range(40):
        page.wait_for_function(MY_TURN)
        if page.locator(".seat.me .mq-hand [data-legal]").count():
            break
        before = page.evaluate("window.cardtable.message.table.actions")
        page.locator('#game [data-key="draw:unknown"], #game .mq-dir').first.click()
        page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")
    card = page.locator(".seat.me .mq-hand [data-legal]").first
    card.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 0)")  # the hand is on the page, the choices would be below the edge
    card.click()
    choices = page.locator(".mq-choices")
    expect(choices).to_be_visible()
    box = choices.bounding_box()
    assert box["y"] >= 0 and box["y"] + min(box["height"], 60) <= PHONE["height"], box
    page.keyboard.press("Escape")
    expect(choices).to_have_count(0)


def test_muhq_prompt_names_what_is_on_the_stack(new_context, server):
    page = seat_page(new_context, server, {"game": "muhq", "players": 2, "seed": 3, "seats": ["human", "random"],
                                            "options": {"max_turns": 4, "draft_stop": 10}})
    page.wait_for_function(MY_TURN)
    texts = page.evaluate("""async () => {
      const { createRenderer } = await import('/static/games/muhq.js');
      const root = document.createElement('div');
      document.body.append(root);
      const ui = { act() {}, rerender() {}, seatName: (s) => `Seat ${s}`, explain: () => Promise.reject(new Error('x')) };
      const r = createRenderer(root, ui);
      const m = structuredClone(window.cardtable.message);
      m.view.mode = 'priority'; m.view.phase = 'action'; m.view.to_act = 0;
      m.view.stack = [{ controller: 1, kind: 'spell', text: 'Volley', targets: {} }];
      m.legal = [{ action: { type: 'pass' }, label: 'pass' }];
      r.update(m, { legal: m.legal, busy: false, first: false });
      const withStack = root.querySelector('.mh-prompt').textContent;
      m.view.stack = [];
      r.update(m, { legal: m.legal, busy: false, first: false });
      const empty = root.querySelector('.mh-prompt').textContent;
      const summary = r.endSummary(m).textContent;
      root.remove();
      return { withStack, empty, summary };
    }""")
    assert "respond to P1's Volley on the stack" in texts["withStack"], texts
    assert "nothing is on the stack" in texts["empty"], texts
    assert "Resource" in texts["summary"] and "VP" in texts["summary"]


def test_muhq_phone_tokens_readable_and_nothing_sideways(new_context, server):
    page = seat_page(new_context, server, {"game": "muhq", "players": 2, "seed": 3, "seats": ["human", "random"],
                                            "options": {"max_turns": 4, "draft_stop": 10}}, viewport=PHONE)
    # draft by keyboard-free clicks until the board has tokens
    for _ in range(40):
        page.wait_for_function(MY_TURN)
        if page.evaluate("window.cardtable.message.view.phase") != "draft":
            break
        before = page.evaluate("window.cardtable.message.table.actions")
        page.locator("#game .mh-pack [data-legal]").first.click()
        page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")
    expect(page.locator(".mh-token").first).to_be_visible()
    small = page.evaluate("""() => {
      const out = [];
      for (const tok of document.querySelectorAll('.mh-token')) {
        const walker = document.createTreeWalker(tok, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          if (!n.textContent.trim() || !el.getClientRects().length) continue;
          const cs = getComputedStyle(el);
          if (cs.display === 'none' || cs.visibility === 'hidden') continue;
          const size = parseFloat(cs.fontSize);
          if (size < 12) out.push([n.textContent, size]);
        }
      }
      return out;
    }""")
    assert not small, small
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    # no panel scrolls sideways
    wide = page.evaluate("""() => [...document.querySelectorAll('#game *')].filter((el) => {
      const cs = getComputedStyle(el);
      return (cs.overflowX === 'auto' || cs.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    }).map((el) => el.className)""")
    assert not wide, wide


def test_mojo_keyboard_turn_since_line_and_round_sheet(new_context, server):
    page = seat_page(new_context, server, {"game": "mojo", "players": 2, "seed": 7, "seats": ["human", "heuristic"],
                                            "options": {"target_score": 10}})
    page.wait_for_function(MY_TURN)
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.matches('#game [data-legal]')"):
            break
    before = page.evaluate("window.cardtable.message.table.actions")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")
    page.wait_for_function(MY_TURN)
    # the bot moved after us: the line says what it did
    if page.evaluate("window.cardtable.message.log.some((e) => e.seat === 1 && e.n > " + str(before) + ")"):
        expect(page.locator(".bp-since")).to_contain_text("Since your last turn")
    sheet = page.evaluate("""async () => {
      const { createRenderer } = await import('/static/games/mojo.js');
      const root = document.createElement('div');
      const r = createRenderer(root, { act() {}, rerender() {}, seatName: (s) => `Seat ${s}` });
      const m = window.cardtable.message;
      return r.endSummary({ ...m, view: { ...m.view, rounds: [{ round: 1, ender: 0, holder: 1, mojo_side: '10', raw: [3, 4], scores: [3, 14], totals: [3, 14], cards: [[], []] }] } }).textContent;
    }""")
    assert "Round" in sheet and "+14" in sheet and "Total" in sheet


def test_muhq_keyboard_turn(new_context, server):
    page = seat_page(new_context, server, {"game": "muhq", "players": 2, "seed": 3, "seats": ["human", "random"],
                                            "options": {"max_turns": 4, "draft_stop": 10}})
    page.wait_for_function(MY_TURN)
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.matches('#game [data-legal]')"):
            break
    assert page.evaluate("document.activeElement.matches('#game [data-legal]')")
    before = page.evaluate("window.cardtable.message.table.actions")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.cardtable.message.table.actions > {before}")
