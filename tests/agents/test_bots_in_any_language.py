"""A bot plays the same game whatever its reader's language (issue 35): bots are made and decide in the source
language, so a server's bot seat, made and moved in the context of a German or a Hungarian request, plays the
seed's game move for move. (The Mítosz heuristic reads card texts and prompts: made under German it once
played another game from move 9 on.)"""

from __future__ import annotations

import pytest

from cardtable.agents import Observation, make_agent
from cardtable.engine import load
from cardtable.engine.i18n import language


def play(game_name: str, kind: str, made_in: str, played_in: str, seed: int = 2) -> tuple[str, int]:
    game = load(game_name, players=2)
    with language(made_in):
        agents = [make_agent(kind, game, seed=seed * 10 + i) for i in range(2)]
    state = game.new_initial_state(seed)
    with language(played_in):
        while not state.is_terminal() and len(state.history) < 3000:
            player = state.current_player
            state.apply(agents[player].act(Observation(state, player)))
    return state.digest(), len(state.history)


@pytest.mark.parametrize("game_name", ["mojo", "maoqy", "mitosz", "muhq"])
def test_heuristic_bots_play_the_same_game_in_every_language(game_name):
    english = play(game_name, "heuristic", "en", "en")
    assert play(game_name, "heuristic", "de", "de") == english
    assert play(game_name, "heuristic", "hu", "en") == english
    assert play(game_name, "heuristic", "en", "hu") == english
