"""Direct play (issue 34, part 1): Mojo, MAOQY and muhq played to the end against bots by clicking cards, piles,
fields and tokens on the table only — never the side panel's move list, never a renderer's folded fallback list.

At every position where the human seat is to move, tests/web/direct_probe.js clicks through the table without
playing (the page's WebSocket is wrapped: an action it sends is recorded, and the same position comes back) and
finds, for each legal move, the shortest path of clicks on the table that sends it. The test then plays a
seeded random one of the legal moves along its path, by real clicks. It checks that every legal move was
reachable on the table (the goal: none only in the fallback list) and measures the clicks per decision and per
turn. The figures are written to $CARDTABLE_DIRECT_STATS (a JSON file) when set and printed with -s; they are
the ones in docs/web.md ("Direct play: measured").
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page  # noqa: E402

PROBE = (Path(__file__).with_name("direct_probe.js")).read_text()
MY_TURN = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m) return false;
  if (m.returns) return true;
  return m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy");
}"""

GAMES = {
    # game: (create body, probe depth, max decisions)
    "mojo": ({"game": "mojo", "players": 3, "options": {"target_score": 10}, "seed": 7,
              "seats": ["human", "heuristic", "heuristic"]}, 2, 400),
    "mojo-two-piles": ({"game": "mojo", "players": 2, "options": {"target_score": 10, "discard_piles": 2}, "seed": 11,
                        "seats": ["human", "heuristic"]}, 2, 400),
    "maoqy": ({"game": "maoqy", "players": 2, "options": {"turn_limit": 40, "kingdoms": ["red", "blue", "green"]},
               "seed": 5, "seats": ["human", "random"]}, 2, 400),
    "muhq": ({"game": "muhq", "players": 2, "options": {"board": "river-crown", "max_turns": 4, "draft_stop": 10},
              "seed": 3, "seats": ["human", "random"]}, 3, 400),
}


def open_seat(new_context, server, body) -> Page:
    created = server.create(**body)
    table = created["table"]["id"]
    context = new_context()
    context.add_init_script(PROBE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page._errors = errors  # noqa: SLF001 - checked at the end
    page.goto(f"/table/{table}?seat=0")
    page.locator(".felt").wait_for()
    return page


def kind_of(action: dict) -> str:
    a = dict(action)
    kind = a.get("type", "?")
    if kind == "draw":
        kind += f":{a.get('from', a.get('source', ''))}"
    return kind


def play_directly(page: Page, depth: int, max_decisions: int, rng: random.Random) -> dict:
    """Play the human seat to the end by clicks on the table; return the figures."""
    decisions = 0
    clicks: list[int] = []
    turns: list[int] = []  # clicks per turn: consecutive decisions of ours, until another seat acted
    unreached: Counter = Counter()
    unreached_examples: dict[str, str] = {}
    legal_total = 0
    by_kind: dict[str, list[int]] = {}
    turn_clicks = 0
    last_actions = None
    while decisions < max_decisions:
        page.wait_for_function(MY_TURN, timeout=30_000)
        msg = page.evaluate("window.cardtable.message")
        if msg.get("returns"):
            break
        actions = msg["table"]["actions"]
        if last_actions is not None and actions != last_actions and turn_clicks:
            turns.append(turn_clicks)  # somebody else moved in between: our last turn is over
            turn_clicks = 0
        probe = page.evaluate(f"window.__probe({depth})")
        legal, reached = probe["legal"], probe["reached"]
        legal_total += len(legal)
        for action in legal:
            if action not in reached:
                unreached[kind_of(json.loads(action))] += 1
                unreached_examples.setdefault(kind_of(json.loads(action)), action)
        choices = [a for a in legal if a in reached]
        assert choices, f"no legal move reachable on the table: {legal}"
        action = rng.choice(choices)
        path = reached[action]
        for key in path:
            target = page.locator(f"#game [data-legal][data-key={json.dumps(key)}]").first
            target.click()
        page.wait_for_function(f"() => window.cardtable.message.table.actions > {actions} || !!window.cardtable.message.returns")
        decisions += 1
        clicks.append(len(path))
        by_kind.setdefault(kind_of(json.loads(action)), []).append(len(path))
        turn_clicks += len(path)
        last_actions = actions + 1
    if turn_clicks:
        turns.append(turn_clicks)
    assert page.evaluate("!!window.cardtable.message.returns"), f"the game did not end within {max_decisions} decisions"
    return {
        "decisions": decisions,
        "legal_moves_seen": legal_total,
        "clicks_per_decision": round(sum(clicks) / len(clicks), 2),
        "clicks_per_turn": round(sum(turns) / len(turns), 2),
        "turns": len(turns),
        "max_clicks": max(clicks),
        "clicks_by_kind": {k: round(sum(v) / len(v), 2) for k, v in sorted(by_kind.items())},
        "unreached": dict(unreached),
        "unreached_examples": unreached_examples,
    }


def record(name: str, figures: dict) -> None:
    print(f"\n{name}: {json.dumps(figures, sort_keys=True)}")
    out = os.environ.get("CARDTABLE_DIRECT_STATS")
    if out:
        path = Path(out)
        data = json.loads(path.read_text()) if path.exists() else {}
        data[name] = figures
        path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")


@pytest.mark.parametrize("name", list(GAMES))
def test_full_game_by_direct_clicks(new_context, server, name):
    body, depth, max_decisions = GAMES[name]
    page = open_seat(new_context, server, body)
    # the renderer's own fallback list starts folded
    for fallback in page.locator("#game details.bp-fallback").all():
        assert fallback.get_attribute("open") is None
    figures = play_directly(page, depth, max_decisions, random.Random(name))
    record(name, figures)
    assert not page._errors, page._errors  # noqa: SLF001
    assert not figures["unreached"], f"moves reachable only through the move list: {figures['unreached_examples']}"
    goal = {"mojo": 1.2, "mojo-two-piles": 2, "maoqy": 2, "muhq": 3}[name]
    assert figures["clicks_per_decision"] <= goal
