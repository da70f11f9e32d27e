"""`cardtable play mojo` as a person reads it: the seats' table and the end of the game."""

import io
import re
import subprocess
import sys

from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import render_view
from cardtable.engine import load


def cardtable(*args, input=None, columns=120):
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli.app", *args],
        input=input, capture_output=True, text=True, timeout=300,
        env={"COLUMNS": str(columns), "PATH": "/usr/bin:/bin", "TERM": "dumb"},
    )


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
