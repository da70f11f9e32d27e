import pytest

import cardtable
from cardtable.agents import Observation, agent_names, make_agent
from cardtable.engine import UnknownAgent
from cardtable.sim import simulate


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("players,options", [(2, {}), (5, {"discard_piles": 2}), (3, {"owner_sees_facedown": False, "equal_value_replay": "must"})])
def test_agents_only_choose_legal_actions(name, players, options):
    game = cardtable.load("mojo", players=players, options=options)
    for seed in range(5):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent(name, game, seed * 10 + i) for i in range(players)]
        while not state.is_terminal():
            obs = Observation(state, state.current_player)
            action = agents[state.current_player].act(obs)
            assert action in obs.legal_actions
            state.apply(action)


def test_observation_holds_no_state():
    state = cardtable.load("mojo").new_initial_state(seed=1)
    obs = Observation(state, state.current_player)
    assert not hasattr(obs, "state") and not hasattr(obs, "_state")
    assert obs.view == state.view(state.current_player)


def test_unknown_agent():
    game = cardtable.load("mojo")
    with pytest.raises(UnknownAgent, match="known agents: random, heuristic, ismcts"):
        make_agent("oracle", game)
    assert agent_names(game) == ["random", "heuristic", "ismcts", "ismcts-fast", "ismcts-strong"]


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_random(players):
    """Not a benchmark: a fixed set of seeds. The measured figure over 2,000 matches is in docs/mojo.md."""
    summary = simulate("mojo", 100, players=players, agents=["heuristic"] + ["random"] * (players - 1), seed=100)
    heuristic = summary["per_agent"]["heuristic"]
    assert heuristic["win_rate_ci95"][0] > 1 / players  # clearly better than a fair share
