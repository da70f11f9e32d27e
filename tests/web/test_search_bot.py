"""A search bot chosen in the lobby plays at the web table (issue 9): the lobby offers the ISMCTS presets, a
person plays a whole Mojo game against ``ismcts-fast`` in the browser, and the record shows the bot's moves."""

from __future__ import annotations

from .helpers import TABLE_LEGAL, create_in_lobby, game_title, play_to_end


def test_a_person_plays_a_game_against_a_search_bot_chosen_in_the_lobby(page, server):
    page.goto("/")
    page.get_by_role("radio", name=game_title(page, "mojo"), exact=True).check()
    offered = page.get_by_label("Seat 1", exact=True).locator("option").evaluate_all("os => os.map(o => o.value)")
    assert {"ismcts-fast", "ismcts", "ismcts-strong"} <= set(offered)

    table = create_in_lobby(page, players=2, seats=["human", "ismcts-fast"], options={"target_score": 15}, seed=12)
    # Every text the status line shows, kept as it changes: while the bot searches it says so.
    page.evaluate("""() => { const turn = document.getElementById("turn"); window.turnTexts = [turn.textContent];
        new MutationObserver(() => turnTexts.push(turn.textContent))
          .observe(turn, { childList: true, characterData: true, subtree: true }); }""")
    play_to_end([page], TABLE_LEGAL, timeout=120)
    assert "Seat 1 · ismcts-fast bot is thinking…" in page.evaluate("() => turnTexts")
    state = server.table(table)
    assert state["table"]["status"] == "finished" and state["table"]["seats"][1]["kind"] == "ismcts-fast"
    assert any(entry["seat"] == 1 for entry in state["log"])  # the bot moved
