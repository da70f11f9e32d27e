"""`cardtable play mojo` as a person reads it: the seats' table and the end of the game."""

import io
import re

from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import render_view
from cardtable.engine import load

from .helpers import cardtable


def _render(game, view, width=80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    render_view(console, game, view, ["human", "heuristic", "heuristic"])
    return console.file.getvalue()


def test_your_face_down_cards_read_as_a_count_and_their_values():
    """The face-down column showed your own face-down card's value ('11') where it shows the others' count:
    one card of 11 read as eleven cards."""
    game = load("mojo", 3)
    state = game.new_initial_state(seed=7)
    bots = {i: make_agent("heuristic", game, i) for i in (1, 2)}
    while not (state.view(0)["seats"][0]["in_mojo"] and state.current_player == 0):
        p = state.current_player
        action = game.display_order(state.legal_actions())[0] if p == 0 else bots[p].act(Observation(state, p))
        state.apply(action, player=p)
    view = state.view(0)
    mine = view["seats"][0]
    values = [game.catalogue()["cards"][c]["value"] for c in mine["facedown"]]
    row = next(line for line in _render(game, view).splitlines() if line.startswith("0 "))
    cells = [c.strip() for c in row.split("│")]
    assert re.fullmatch(rf"{len(values)}: +" + r" +".join(map(str, values)), cells[3]), cells


def test_the_end_says_why_and_that_the_lowest_total_wins():
    """The game ended on a table of totals with 'wins' beside the smallest and no word of why: Mojo ends when a
    total reaches the target (MOJO-7.1) and the lowest total wins (MOJO-7.3)."""
    out = cardtable("play", "mojo", "--players", "2", "--seed", "4", "--option", "target_score=15",
                    input="1\n" * 400, columns=80)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "game to 15, lowest total wins" in text.splitlines()[1]  # said from the start
    m = re.search(r"The game is over: seat (\d)'s total reached (\d+) \(the target is 15, MOJO-7\.1\); "
                  r"the lowest total wins \(MOJO-7\.3\)\. Winner: seat (\d) \(\w+\) with (\d+)\.", " ".join(text.split()))
    assert m, text[-1500:]
    assert int(m.group(2)) >= 15 and int(m.group(4)) < int(m.group(2))


def test_terminal_tells_a_draw_only_when_a_card_was_drawn_not_after_a_stop():
    """Issue 33: a stop was told as "seat N draws a card." (the renderer guessed from the hand size)."""
    import random

    import cardtable
    from cardtable.cli.render import describe_events
    from cardtable.games.mojo.actions import Stop

    game = cardtable.load("mojo", players=2)
    told = {"stop": [], "draw": []}
    for seed in range(40):
        state, rnd = game.new_initial_state(seed=seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            stops = [a for a in legal if isinstance(a, Stop)]
            action = stops[0] if stops and rnd.random() < 0.5 else rnd.choice(legal)
            before, actor = state.view(None), state.current_player
            state.apply(action)
            after = state.view(None)
            drew = after["draw_pile"] < before["draw_pile"]  # (a play refills the hand from the deck, MOJO-4)
            kind = "stop" if isinstance(action, Stop) else "draw" if drew else None
            if kind and after["round"] == before["round"]:
                told[kind].append(describe_events(game, before, after, actor, ["a", "b"]))
    assert told["stop"] and told["draw"]
    assert not any("draws a card" in line for lines in told["stop"] for line in lines)
    assert any("draws a card" in line for lines in told["draw"] for line in lines)
