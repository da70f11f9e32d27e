"""docs/engine.md's "How to add a game", tried: a toy game written against the engine alone, with a kit, is played
by every bot and drawn by the terminal, and nothing outside its package had to change."""

from __future__ import annotations

from rich.console import Console

from cardtable.agents.determinize import supports
from cardtable.agents.registry import agent_names, make_agent
from cardtable.cli.render import render_view
from cardtable.engine.agent import Observation
from cardtable.engine.kit import kit_of
from cardtable.engine.rng import Rng

from .game import HighCard


def play(names: list[str], seed: int) -> list[float]:
    game = HighCard()
    state = game.new_initial_state(seed)
    agents = [make_agent(name, game, seed + i) for i, name in enumerate(names)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(Observation(state, seat)), seat)
    return state.returns()


def test_the_kit_is_the_games_own_and_every_bot_plays_it():
    game = HighCard()
    assert kit_of(game).has("heuristic") and not kit_of(game).has("probe")
    assert agent_names(game) == ["random", "heuristic", "ismcts", "ismcts-fast", "ismcts-strong"]
    for names in (["random", "heuristic"], ["heuristic", "ismcts-20"], ["ismcts-10", "random"]):
        assert sum(play(names, 3)) == 1.0


def test_the_heuristic_beats_random_more_often_than_not():
    wins = sum(play(["heuristic", "random"], seed)[0] for seed in range(40))
    assert wins > 20


def test_resample_keeps_the_players_view_and_redeals_the_rest():
    state = HighCard().new_initial_state(5)
    worlds = {tuple(state.resample(0, Rng(k, "w")).hands[1]) for k in range(30)}
    for k in range(5):
        world = state.resample(0, Rng(k, "w"))
        assert world.view(0) == state.view(0)
        assert sorted(world.hands[1] + world.out) == sorted(state.hands[1] + state.out)
    assert len(worlds) > 1
    assert supports(HighCard())


def test_the_terminal_draws_it_with_its_kits_renderer():
    console = Console(width=60, record=True)
    game = HighCard()
    render_view(console, game, game.new_initial_state(1).view(0), ["A", "B"])
    assert "High card: tricks 0-0" in console.export_text()


def test_its_views_fit_its_view_model_and_its_clone_is_derived_from_its_fields():
    import dataclasses
    import json
    import random

    model = kit_of(HighCard()).load("view_model")
    for seed in range(5):
        state = HighCard().new_initial_state(seed)
        rng = random.Random(seed)
        while True:
            for seat in (0, 1, None):
                model.model_validate_json(json.dumps(state.view(seat)), strict=True)
            if state.is_terminal():
                break
            copy = state.clone()
            assert dataclasses.is_dataclass(copy) and copy.digest() == state.digest()
            copy.hands[0].append(99)  # the clone's hands are its own
            assert 99 not in state.hands[0]
            state.apply(rng.choice(state.legal_actions()))
