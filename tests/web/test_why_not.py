"""Issue 34, item 1: an illegal target explains itself with its rule and reason, on hover or tap — here the
Mojo piles (the draw pile outside a draw, a discard pile in the one-pile game), MAOQY's Unknown when you may
not draw, and the muhq fields out of an activated unit's reach (the server's check of the straight way there)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from .test_boards_see import MY_TURN, seat_page  # noqa: E402
from .test_layout import two_humans  # noqa: E402


def no_draw_now(page) -> None:
    """Our turn has come and drawing is not one of its moves."""
    page.wait_for_function(MY_TURN)
    assert not any(e["action"]["type"] == "draw" for e in page.evaluate("window.cardtable.message.legal"))


def why_of(page, selector: str, begins: str, press=lambda el: el.hover()) -> str:
    """Hover (or otherwise press) the first element matching ``selector`` and wait for its reason to begin
    with ``begins``; the reason."""
    el = page.locator(selector).first
    press(el)
    page.wait_for_function(f"() => (document.querySelector({selector!r})?.dataset.why || '').startsWith({begins!r})")
    return el.get_attribute("data-why")


def test_mojo_piles_that_are_no_target_say_why(new_context, server):
    page = seat_page(new_context, server, {"game": "mojo", "players": 2, "seed": 4, "seats": ["human", "random"]})
    no_draw_now(page)
    why = why_of(page, "#game .draw-pile .card.bp-illegal", "MOJO-")
    assert "MOJO-" in why and len(why) > 20, why  # the rule and its sentence, not only the ID
    # a tap says it too
    why_of(page, "#game .discard .card.bp-illegal", "MOJO-8.3", press=lambda el: el.click())
    # nothing was played by asking
    assert page.evaluate("window.cardtable.message.table.actions") == 0


def test_muhq_fields_out_of_reach_say_why(new_context, server):
    options = {"max_turns": 6, "draft_stop": 10}
    table, tokens = two_humans(server, "muhq", seed=3, options=options)
    for _ in range(400):  # through the API until seat 0 has a unit activated that may still move
        state = server.table(table, tokens[0])
        view = state["view"]
        seat = view["to_act"]
        legal = server.table(table, tokens[seat])["legal"]
        if seat == 0 and view.get("activation") is not None and any(e["action"]["type"] == "move" for e in legal):
            break
        kinds = [e for e in legal if e["action"]["type"] in ("activate", "play_permanent", "draft_pick", "place_token")]
        pick = kinds[0] if kinds else next((e for e in legal if e["action"]["type"] not in ("pass",)), legal[0])
        server.request("POST", f"/api/tables/{table}/actions", {"action": pick["action"]}, token=tokens[seat])
    else:
        raise AssertionError("no activation of seat 0 came")
    reach = {tuple(e["action"]["path"][-2:]) for e in legal if e["action"]["type"] == "move"}
    page = new_context().new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:0', '{tokens[0]}')")
    page.goto(f"/table/{table}?seat=0")
    page.wait_for_function(MY_TURN)
    far = page.locator("#game .mh-field.bp-illegal")
    assert far.count() > 0
    cell = far.first
    x, y = int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y"))
    assert (x, y) not in reach
    cell.hover()
    page.wait_for_function(f"() => (document.querySelector('#game .mh-field[data-x=\"{x}\"][data-y=\"{y}\"]').dataset.why || '').includes('MUHQ-')")
    why = cell.get_attribute("data-why")
    assert why.startswith("MUHQ-MOVE-"), why  # e.g. "MUHQ-MOVE-4: step 3: (0, 3) is deep water; …"
    assert len(why) > 20, why
    # the fields in reach glow and say nothing of the kind
    assert page.locator("#game .mh-field.has-target.bp-illegal").count() == 0


def test_maoqy_the_unknown_says_why_when_you_may_not_draw(new_context, server):
    from .test_boards_see import maoqy_direction_seed

    seed = maoqy_direction_seed(server)  # seat 0 chooses the direction first: no draw yet
    page = seat_page(new_context, server, {"game": "maoqy", "players": 2, "seed": seed, "seats": ["human", "random"],
                                            "options": {"kingdoms": ["red", "blue"]}})
    no_draw_now(page)
    why = why_of(page, "#game .mq-unknown .card.bp-illegal", "MAOQY-")
    assert len(why) > 20, why  # the rule and its sentence, not only the ID
