"""Mítosz played by touching cards and board (issue 34): a whole game against a random bot by direct clicks only,
the folded list of moves never opened; every legal move of every position reachable by clicks on the table and
the clicks an ordinary summon or attack takes (written to docs/web.md by hand, printed here); an illegal target
explains itself; changes since your last turn marked, with a line of what the others did; the phone's page
within about two screens and never wider than the screen; a keyboard-only turn; one naming of seats (P0, P1);
the end summary. With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/ (mitosz-table.png,
mitosz-table-phone.png); otherwise to a temporary folder."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .helpers import create_in_lobby  # noqa: E402
from .test_axe import serious_violations  # noqa: E402
from .test_layout import two_humans  # noqa: E402

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
READY = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m) return false;
  if (m.returns) return true;
  return m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy")
    && document.querySelector('#game .mz-felt') !== null;
}"""
# every legal action of this position: the clicks that play it on the table (null: none), as the page works them out
CLICKS = """() => {
  const box = document.querySelector('#game .mitosz');
  return window.cardtable.message.legal.map(e => ({action: e.action, label: e.label, clicks: box.mzDirect(e.action)}));
}"""


# elements that reach past the right edge of the screen (the page would scroll sideways)
WIDE = """() => [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
  && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5
  && getComputedStyle(e).position !== 'fixed').slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


# a glowing card whose click leaves two moves or more (its targets then glow), or null
PICKABLE = """() => { const box = document.querySelector('#game .mitosz');
  const keys = [...box.querySelectorAll('.mz-lit[data-k^="c:"]')].map(e => e.dataset.k);
  return keys.find(k => box.mzCount(k) >= 2) || null; }"""


def wait_ready(page: Page) -> dict:
    page.wait_for_function(READY, timeout=20_000)
    return page.evaluate("window.cardtable.message")


def key_selector(key: str) -> str:
    return f'#game [data-k="{key}"]' if not key.startswith("x:") else f'#game [data-x="{key[2:]}"]'


def click_path(page: Page, clicks: list[dict]) -> dict:
    """Click each key of a path on the table (each must be visible and glowing, or an answer of the bar).
    Returns how many clicks went to the board (cards, cells, roads) and how many to the bar's buttons."""
    where = {"board": 0, "bar": 0, "chip": 0}
    for click in clicks:
        sel = key_selector(click["key"].replace('"', '\\"'))
        target = page.locator(sel).first
        expect(target).to_be_visible()
        kind = target.evaluate("e => e.classList.contains('mz-chip') ? 'chip' : e.closest('.mz-dock .mz-choices') ? 'bar' : 'board'")
        where[kind] += 1
        target.click()
    return where


def open_table(page: Page, table: str, token: str, seat: int = 0) -> None:
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:{seat}', '{token}')")
    page.goto(f"/table/{table}?seat={seat}")
    expect(page.locator("#who")).to_have_text(f"seat {seat}")
    wait_ready(page)


def test_a_whole_game_by_direct_clicks_with_the_list_folded(new_context):
    page = new_context(LAPTOP).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    options = {"deck_a": "frost-clans", "deck_b": "dawn-court", "win_target": 6}
    create_in_lobby(page, 2, ["human", "random"], seed=5, game="mitosz", options=options)
    rng = random.Random(3)
    positions = moves = reachable = 0
    unreachable: list[str] = []
    clicks_by_kind: dict[str, list[int]] = {}
    kinds: dict[str, int] = {}
    where = {"board": 0, "bar": 0, "chip": 0}
    for step in range(2000):
        m = wait_ready(page)
        if m["returns"]:
            break
        expect(page.locator("#game details.mz-fallback")).not_to_have_attribute("open", "")
        paths = page.evaluate(CLICKS)
        positions += 1
        for p in paths:
            moves += 1
            if p["clicks"] is None:
                unreachable.append(p["label"])
                continue
            reachable += 1
            clicks_by_kind.setdefault(p["action"]["type"], []).append(len(p["clicks"]))
        # a move: something other than pass when there is one (so that the game goes on), by its clicks
        choices = [p for p in paths if p["clicks"] is not None]
        playing = [p for p in choices if p["action"]["type"] != "pass"] or choices
        chosen = rng.choice(playing)
        kinds[chosen["action"]["type"]] = kinds.get(chosen["action"]["type"], 0) + 1
        before = page.evaluate("window.cardtable.counts.received")
        for k, n in click_path(page, chosen["clicks"]).items():
            where[k] += n
        page.wait_for_function(f"window.cardtable.counts.received > {before}")
    else:
        raise AssertionError("the game did not end")
    expect(page.locator("#scoreboard")).to_contain_text("MIT-1.")
    assert {"place_nation", "summon"} <= set(kinds), kinds
    avg = {k: round(sum(v) / len(v), 2) for k, v in clicks_by_kind.items()}
    print(f"\ndirect play: {reachable} of {moves} legal moves in {positions} positions reachable by clicks; "
          f"clicks on average per kind: {json.dumps(avg)}; moves played: {kinds}; clicks made: {where} "
          "(chip: a target shown in the bar because it is nowhere on the table)")
    assert not unreachable, unreachable[:10]
    assert avg["summon"] <= 2 and avg.get("declare_battle", 2) <= 2, avg
    assert not errors, errors


def test_screenshots_of_a_card_picked_mid_game(new_context, server, tmp_path):
    """docs/img/mitosz-table.png and mitosz-table-phone.png: a mid-game summon phase, a card of the hand picked
    (its targets glow), nations on both sides."""
    def pickable(legal) -> bool:
        firsts: dict[int, int] = {}
        for e in legal:
            a = e["action"]
            if a["type"] in ("summon", "place_nation"):
                firsts[a["card"]] = firsts.get(a["card"], 0) + 1
        return any(n >= 2 for n in firsts.values())

    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, lambda v, legal: mid_game(v, legal) and pickable(legal), limit=1500)
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    shoot(page, tmp_path)
    expect(page.locator("#game .mz-felt.picking")).to_have_count(0)  # Escape let the card go
    # with a card picked (its targets glowing, focusable), axe finds nothing serious or critical
    key = page.evaluate(PICKABLE)
    page.locator(f'#game [data-k="{key}"]').first.click()
    expect(page.locator("#game .mz-felt.picking")).to_be_visible()
    assert serious_violations(page) == []


def shoot(page: Page, tmp_path: Path) -> None:
    out = DOCS_IMG if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    # a card picked whose targets glow (one that has a single move would be played by the click)
    key = page.evaluate(PICKABLE)
    if key:
        page.locator(f'#game [data-k="{key}"]').first.click()
    page.mouse.move(0, 0)
    for name, viewport in (("mitosz-table.png", LAPTOP), ("mitosz-table-phone.png", PHONE)):
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)
        # (scrolled to the end, the bar at the foot stands in its place in the picture of the whole page)
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.screenshot(path=str(out / name), full_page=True)
        wide = page.evaluate(WIDE)
        assert not wide, (viewport, wide)
    page.set_viewport_size(LAPTOP)
    page.keyboard.press("Escape")


# -- positions set up through the API --------------------------------------------------------------------------
def play_until(server, table: str, tokens: list[str], stop, limit: int = 400, rng_seed: int = 1) -> list:
    """Play through the API (each seat a move other than pass when it has one, at random) until
    ``stop(view, legal)`` holds with seat 0 to act; returns seat 0's legal moves then."""
    rng = random.Random(rng_seed)
    for _ in range(limit):
        state = server.table(table, tokens[0])
        view = state["view"]
        seat = view["to_act"]
        legal = server.table(table, tokens[seat])["legal"]
        if seat == 0 and stop(view, legal):
            return legal
        moves = [e["action"] for e in legal if e["action"]["type"] != "pass"] or [legal[0]["action"]]
        server.request("POST", f"/api/tables/{table}/actions", {"action": rng.choice(moves)}, token=tokens[seat])
    raise AssertionError("the wanted moment did not come")


def mid_game(view, legal) -> bool:
    return view["turn"] >= 6 and view["active"] == 0 and all(len(p["nations"]) >= 2 for p in view["players"]) \
        and len(legal) >= 3


def test_an_illegal_target_explains_itself(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    def hosts(legal):  # card -> the hosts a summon may put it on
        out: dict[int, set] = {}
        for e in legal:
            a = e["action"]
            if a["type"] == "summon" and a.get("host") is not None:
                out.setdefault(a["card"], set()).add(a["host"])
        return out

    legal = play_until(server, table, tokens, lambda v, legal: any(len(h) >= 2 for h in hosts(legal).values()), limit=1500)
    card = next(c for c, h in hosts(legal).items() if len(h) >= 2)
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    page.locator(f'#game [data-k="c:{card}"]').click()
    expect(page.locator("#game .mz-felt.picking")).to_be_visible()
    expect(page.locator("#game .mz-lit").first).to_be_visible()
    # a card on the board that is no host for it: hovering it says why, with the rule the server names
    wrong = page.locator('#game .mz-seat [data-k^="c:"]:not(.mz-lit):not(.mz-picked)').first
    wrong.hover()
    why = page.locator("#game .mz-tip .mz-tip-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text(re.compile(r"Not legal — MIT-[\d.a-z-]+"))
    expect(page.locator("#game .mz-tip")).to_contain_text(wrong.get_attribute("data-tip").split("\n")[0])
    # a tap on it is no play: the pick stays, the tip says why
    before = page.evaluate("window.cardtable.counts.received")
    wrong.click()
    expect(why).to_contain_text("MIT-")
    assert page.evaluate("window.cardtable.counts.received") == before
    assert page.locator("#game .mitosz").get_attribute("data-pick").startswith(f"c:{card}")
    page.keyboard.press("Escape")
    expect(page.locator("#game .mitosz")).to_have_attribute("data-pick", "")


def test_a_card_shows_its_whole_text_on_focus_and_long_press(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, lambda v, legal: v["turn"] >= 2)
    page = new_context(PHONE).new_page()
    open_table(page, table, tokens[0])
    hand = page.locator("#game .mz-handcard")
    expect(hand.first).to_be_visible()
    text = hand.first.get_attribute("data-tip")
    assert "—" in text and "\n" in text  # the name and type, then the cost, level, abilities …
    hand.first.focus()
    tip = page.locator("#game .mz-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(text.split("\n")[1])
    page.locator("#game .mz-godcard").first.dispatch_event("touchstart")
    expect(tip).to_contain_text("high god")


def test_the_phone_page_stays_within_two_screens(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, mid_game)
    page = new_context(PHONE).new_page()
    open_table(page, table, tokens[0])
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"\nphone page height in a mid-game position: {height} px")
    felt = page.evaluate("document.querySelector('#game').getBoundingClientRect().height")
    print(f"the Mítosz table itself (#game): {felt} px")
    # the table itself within about a screen and a half; the whole page (top bar, tools, log and how-to included)
    # within about two screens
    assert felt <= 1.5 * PHONE["height"], felt
    assert height <= 2.05 * PHONE["height"], height
    # one bar at the foot: the dock; the page's own moves panel is back in the page, its jump button gone
    assert page.evaluate("getComputedStyle(document.getElementById('moves-panel')).position") == "static"
    expect(page.locator("#to-moves")).to_be_hidden()
    assert not page.evaluate(WIDE)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    # the hand and the bar stay at the foot of the screen wherever the page is scrolled
    for y in (0, height // 2):
        page.evaluate(f"window.scrollTo(0, {y})")
        expect(page.locator("#game .mz-dock .mz-handcard").first).to_be_in_viewport()
    # no text under 12 px on the table
    small = page.evaluate("""() => [...document.querySelectorAll('#game .mitosz *')].filter(e => e.getClientRects().length
        && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
        && parseFloat(getComputedStyle(e).fontSize) < 11.99).slice(0, 8)
        .map(e => e.className + ' ' + getComputedStyle(e).fontSize + ' ' + e.textContent.slice(0, 20))""")
    assert not small, small
    # the page's own moves list does not list every move again in the phone's bar
    expect(page.locator("#moves")).to_be_hidden()


def test_a_turn_by_keyboard_only(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    legal = play_until(server, table, tokens, lambda v, legal: sum(e["action"]["type"] == "place_nation" for e in legal) >= 2
                       and len({e["action"]["card"] for e in legal if e["action"]["type"] == "place_nation"}) == 1)
    card = next(e["action"]["card"] for e in legal if e["action"]["type"] == "place_nation")
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    page.locator("body").focus()

    def tab_to(selector: str) -> None:
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to(f'#game [data-k="c:{card}"]')
    page.keyboard.press("Enter")
    expect(page.locator("#game .mz-cell.mz-lit").first).to_be_visible()
    page.keyboard.press("Escape")  # Escape lets the card go
    expect(page.locator("#game .mz-cell")).to_have_count(0)
    page.locator(f'#game [data-k="c:{card}"]').focus()
    page.keyboard.press("Space")
    tab_to("#game .mz-cell.mz-lit")
    before = page.evaluate("window.cardtable.counts.received")
    page.keyboard.press("Enter")
    page.wait_for_function(f"window.cardtable.counts.received > {before}")
    view = page.evaluate("window.cardtable.message.view")
    # placed: on the grid, or on the stack first (a counter round may answer it)
    assert any(n["id"] == card for n in view["players"][0]["nations"]) or \
        any(s["card"] and s["card"]["id"] == card for s in view["stack"]), view["stack"]


def test_what_changed_since_your_last_turn(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, lambda v, legal: v["turn"] >= 3 and v["active"] == 0)
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    turn = page.evaluate("window.cardtable.message.view.turn")
    expect(page.locator("#game .mz-since")).to_have_count(0)  # no earlier turn seen yet
    play_until(server, table, tokens, lambda v, legal: v["active"] == 0 and v["turn"] >= turn + 2, rng_seed=2)
    page.wait_for_function(f"window.cardtable.message.view.turn >= {turn + 2}")
    since = page.locator("#game .mz-since")
    expect(since).to_contain_text("Since your last turn:")
    view = page.evaluate("window.cardtable.message.view")
    theirs = [t for t in view["log"] if t.startswith("P1 ")]
    assert theirs and any(t in since.inner_text() for t in theirs[-12:]), theirs[-5:]
    assert "P0 " not in since.inner_text().replace("P0 (", "")
    marked = page.locator("#game .mz-changed")
    expect(marked.first).to_be_visible()
    labels = marked.evaluate_all("els => els.map(e => e.dataset.changed || 'sphere')")
    assert set(labels) <= {"new", "changed", "sphere"}, labels


def test_stack_and_seats_are_named_one_way(new_context, server):
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, lambda v, legal: any(s["player"] == 0 for s in v["stack"]))
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    items = page.locator("#game .mz-stack li").all_inner_texts()
    assert items and not any("You P" in t or re.search(r"P(\d) .*P\1 ", t[:12]) for t in items), items
    assert any(t.startswith("P0 (you) ") for t in items), items
    # inside the felt seats are P0, P1 …; only the seat heads name the page's seat ("P1 · Seat 1")
    text = page.evaluate("""() => { const f = document.querySelector('#game .mz-felt').cloneNode(true);
        f.querySelectorAll('.seat-name, .mz-tip').forEach(e => e.remove()); return f.innerText; }""")
    assert not re.search(r"\bSeat \d", text), re.findall(r".{20}Seat \d.{20}", text)
    heads = page.locator("#game .seat-name").all_inner_texts()
    assert sorted(heads) == ["P0 · You", "P1 · Seat 1"], heads


def test_an_effect_is_listed_once(new_context, server):
    # a lasting fate (Long Winter) was in the Fates row and its effect again under Effects
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, lambda v, legal: any(e["source"] in {f["name"] for f in v["fates"]} for e in v["effects"]),
               limit=1500)
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    view = page.evaluate("window.cardtable.message.view")
    shown = page.locator("#game .mz-shared").inner_text()
    for fate in view["fates"]:
        assert shown.count(fate["name"]) == 1, (fate["name"], shown)


def test_the_end_summary_gives_power_points_winner_and_rule(new_context, server):
    table = server.create(game="mitosz", players=2, seats=["random", "random"], seed=7, options={"win_target": 4})["table"]["id"]
    page = new_context(LAPTOP).new_page()
    page.goto(f"/table/{table}")
    page.wait_for_function("window.cardtable.message && window.cardtable.message.returns", timeout=60_000)
    expect(page.locator("#scoreboard")).to_contain_text("Game over")
    summary = page.locator(".mz-end").first  # the renderer's endSummary, drawn by the table's end screen
    expect(summary).to_contain_text("Power points")
    expect(summary.locator("tr.winner")).to_have_count(len(page.evaluate("window.cardtable.message.view.result.winners")))
    expect(summary.locator(".mz-end-why")).to_contain_text(re.compile(r"MIT-1\.[\d.]+"))


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_play_flies_from_its_seat_unless_motion_is_reduced(browser, server, motion):
    table, tokens = two_humans(server, "mitosz", seed=5)
    legal = play_until(server, table, tokens, lambda v, legal: any(e["action"]["type"] == "place_nation" for e in legal))
    context = browser.new_context(viewport=LAPTOP, base_url=server.url, reduced_motion=motion)
    context.add_init_script("localStorage.setItem('cardtable.takeOnly', '0')")
    try:
        page = context.new_page()
        open_table(page, table, tokens[0])
        action = next(e["action"] for e in legal if e["action"]["type"] == "place_nation")
        clicks = page.evaluate(f"document.querySelector('#game .mitosz').mzDirect({json.dumps(action)})")
        click_path(page, clicks)
        page.wait_for_function(f"""(() => {{ const v = window.cardtable.message.view;
            return v.players[0].nations.some(n => n.id === {action['card']}) || v.stack.some(s => s.card && s.card.id === {action['card']}); }})()""")
        flights = page.locator("#game .mitosz").get_attribute("data-flights")
        if motion == "reduce":
            assert flights is None
        else:
            assert flights and int(flights) >= 1
            expect(page.locator("#game .mz-fly").first).to_be_attached()
    finally:
        context.close()


NODE_PROBE = r"""
import { readFileSync } from "node:fs";
const { withPaths, clicksFor } = await import(process.argv[2]);
const positions = JSON.parse(readFileSync(0, "utf8"));
let moves = 0, reached = 0;
const clicks = {};
for (const legal of positions) {
  const entries = withPaths(legal);
  for (const e of legal) {
    moves += 1;
    const path = clicksFor(entries, e.action);
    if (!path) continue;
    reached += 1;
    (clicks[e.action.type] ||= []).push(path.length);
  }
}
const avg = Object.fromEntries(Object.entries(clicks).map(([k, v]) => [k, Math.round(100 * v.reduce((a, b) => a + b, 0) / v.length) / 100]));
console.log(JSON.stringify({ positions: positions.length, moves, reached, avg }));
"""


def test_every_move_of_heuristic_games_has_a_path_of_clicks(tmp_path):
    """Every position of three heuristic games (both seats' decisions): each legal move has a path of clicks
    (mitosz-pick.js, run by node), and an ordinary summon or attack takes at most two clicks on average. Which
    steps are on the board and which in the bar is the browser tests' part."""
    import shutil
    import subprocess

    from cardtable.agents.base import Observation
    from cardtable.agents.registry import make_agent
    from cardtable.engine import load

    node = shutil.which("node")
    if not node:
        pytest.skip("needs node to run web/games/mitosz-pick.js")
    positions = []
    for seed in (1, 2, 3):
        game = load("mitosz", options={"win_target": 8})
        state = game.new_initial_state(seed=seed)
        bots = [make_agent("heuristic", game, seed), make_agent("heuristic", game, seed + 10)]
        for _ in range(3000):
            if state.is_terminal():
                break
            seat = state.current_player
            legal = game.display_order(state.legal_actions(), state.view(seat))
            positions.append([{"action": a.to_json(), "label": game.action_label(a)} for a in legal])
            state.apply(bots[seat].act(Observation(state, seat)))
    probe = tmp_path / "probe.mjs"
    probe.write_text(NODE_PROBE)
    module = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "games" / "mitosz-pick.js"
    out = subprocess.run([node, str(probe), module.as_uri()], input=json.dumps(positions), capture_output=True,
                         text=True, check=True, timeout=300).stdout
    found = json.loads(out)
    print(f"\nheuristic games: {found}")
    assert found["reached"] == found["moves"], found
    assert found["avg"]["summon"] <= 2 and found["avg"].get("declare_battle", 2) <= 2, found



def test_a_choice_between_maneuvers_reads_as_their_texts(new_context, server):
    """A card that may use its maneuver or be sacrificed (no packaged card has two usable maneuvers, a
    designer's may): the bar's two buttons read as the maneuver's text and "sacrifice it", not by the id in
    the data file ("use its maneuver m1")."""
    table, tokens = two_humans(server, "mitosz", seed=5)
    play_until(server, table, tokens, mid_game)
    page = new_context(LAPTOP).new_page()
    open_table(page, table, tokens[0])
    labels = page.evaluate("""async () => {
      const { createRenderer } = await import('/static/games/mitosz.js');
      const { CARDS } = await import('/static/games/mitosz-cards.js');
      const m = structuredClone(window.cardtable.message);
      const me = m.view.players[0];
      const mine = [...me.leaders, ...me.nations, me.god].flatMap((c) => [c, ...(c.attached || [])]);
      const leader = mine.find((c) => CARDS[c.card] && Object.keys(CARDS[c.card].maneuvers || {}).length);
      if (!leader) return null;
      const id = Object.keys(CARDS[leader.card].maneuvers)[0];
      m.legal = [
        { action: { type: 'use_maneuver', card: leader.id, maneuver: id, targets: [] }, label: `use ${leader.name}'s maneuver` },
        { action: { type: 'use_maneuver', card: leader.id, maneuver: 'sacrifice', targets: [] }, label: `sacrifice ${leader.name}` },
        { action: { type: 'pass' }, label: 'pass' }];
      const root = document.createElement('div');
      document.body.append(root);
      const ui = { act() {}, rerender() {}, seatName: (s) => `Seat ${s}`, explain: () => Promise.reject(new Error('x')),
                   ruleText: () => null, pn: (s) => `P${s}` };
      const r = createRenderer(root, ui);
      r.update(m, { legal: m.legal, busy: false, first: true });
      await new Promise((done) => setTimeout(done, 800)); // the table's catalogue (instance -> card) arrives
      r.update(m, { legal: m.legal, busy: false, first: false });
      root.querySelector(`[data-k="c:${leader.id}"]`).click();
      await new Promise((done) => setTimeout(done, 50));
      r.update(m, { legal: m.legal, busy: false, first: false });
      const out = [...root.querySelectorAll(".mz-dock .mz-choices button[data-k^='o:m:']")].map((b) => b.textContent);
      root.remove();
      return { out, text: CARDS[leader.card].maneuvers[id] };
    }""")
    assert labels is not None, "no card of seat 0 with a maneuver in this position"
    assert sorted(labels["out"]) == sorted([f"use: {labels['text']}", "sacrifice it"]), labels
