"""The MAOQY heuristic (cardtable.games.maoqy.kit.heuristic): legal, deterministic, blind to hidden
information, and clearly better than random. The measured figures are in docs/maoqy.md."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.agents import Observation, agent_names, make_agent
from cardtable.games.maoqy.kit import heuristic as heuristic_module
from cardtable.games.maoqy.kit.heuristic import MaoqyHeuristic
from cardtable.games.maoqy.actions import Direction, Discard, Draw, Hide, Pass, Street
from cardtable.sim import simulate
from tests.imports import cardtable_modules
from tests.games.maoqy.helpers import cards, setup

KINGDOMS = ("red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white",
            "black")


def play(game, lineup, seed, check=None):
    """One game; returns the state. ``check(obs, action)`` sees every heuristic decision."""
    agents = [make_agent(name, game, seed * 31 + i) for i, name in enumerate(lineup)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player
        obs = Observation(state, p)
        action = agents[p].act(obs)
        if check is not None and lineup[p] == "heuristic":
            check(obs, action)
        state.apply(action)
    return state


def assert_legal(obs, action):
    assert action in obs.legal_actions, (action, obs.view)


def bot_action(state, seed: int = 0):
    p = state.current_player
    return make_agent("heuristic", state.game, seed).act(Observation(state, p))


# -- registry ---------------------------------------------------------------------------------------
def test_registered_as_maoqy_heuristic():
    game = cardtable.load("maoqy")
    assert "heuristic" in agent_names(game)
    assert isinstance(make_agent("heuristic", game, 1), MaoqyHeuristic)


# -- legality ---------------------------------------------------------------------------------------
COMBOS = [
    {},
    {"backs_show_kingdom": False},
    {"known_draw": "any"},
    {"extra_cards": "website"},
    {"max_streets": 3, "street_min": 3},
    {"street_start": "one", "hand_limit": 5},
    {"extended_draw": False, "open_hand_access": "owner", "hiding_place_size": 3},
    {"kingdoms": ["red", "blue", "gold"], "known_draw": "any", "backs_show_kingdom": False, "extra_cards": "website"},
]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("players", [2, 3])
def test_only_legal_actions(options, players):
    game = cardtable.load("maoqy", players=players, options={**options, "turn_limit": 400})
    for seed in range(2):
        for lineup in (["heuristic"] * players, ["heuristic"] + ["random"] * (players - 1)):
            play(game, lineup, seed, assert_legal)


@st.composite
def option_points(draw):
    players = draw(st.integers(2, 4))
    kingdoms = draw(st.one_of(st.just(list(KINGDOMS)),
                              st.lists(st.sampled_from(KINGDOMS), min_size=players, max_size=5, unique=True)))
    options = {
        "kingdoms": kingdoms,
        "hand_limit": draw(st.integers(5, 12)),
        "street_min": draw(st.sampled_from([1, 2, 3, 4, 5, 6, 8, 17])),
        "street_start": draw(st.sampled_from(["any", "one"])),
        "max_streets": draw(st.integers(1, 3)),
        "extended_draw": draw(st.booleans()),
        "known_draw": draw(st.sampled_from(["top", "any"])),
        "open_hand_access": draw(st.sampled_from(["all", "owner"])),
        "hiding_place_size": draw(st.integers(1, 3)),
        "backs_show_kingdom": draw(st.booleans()),
        "extra_cards": draw(st.sampled_from(["none", "website"])),
        "turn_limit": 150,
    }
    lineup = ["heuristic"] + draw(st.lists(st.sampled_from(["heuristic", "random"]), min_size=players - 1,
                                           max_size=players - 1))
    return players, options, lineup


@settings(max_examples=40, deadline=None)
@given(point=option_points(), seed=st.integers(0, 2**32))
def test_only_legal_actions_anywhere_in_the_option_space(point, seed):
    players, options, lineup = point
    game = cardtable.load("maoqy", players=players, options=options)
    play(game, lineup, seed, assert_legal)


# -- determinism and hidden information -------------------------------------------------------------
@pytest.mark.parametrize("options", [{}, {"backs_show_kingdom": False, "known_draw": "any"}])
def test_deterministic_for_a_seed(options):
    game = cardtable.load("maoqy", players=3, options={**options, "turn_limit": 500})
    first = play(game, ["heuristic", "heuristic", "random"], 5)
    second = play(game, ["heuristic", "heuristic", "random"], 5)
    assert first.history == second.history


def twin(game, seed, player):
    """A new agent with the seed ``play`` gave the agent at ``player``."""
    return make_agent("heuristic", game, seed * 31 + player)


def test_keeps_no_memory_between_decisions():
    """A new agent makes the same choice as the one that played all game (so undo and takeover are safe)."""
    game = cardtable.load("maoqy", players=2, options={"turn_limit": 600})

    def check(obs, action):
        assert twin(game, 2, obs.player).act(obs) == action

    play(game, ["heuristic", "heuristic"], 2, check)


class BareObservation:
    """Only what a player may know: no state, no bound method of the state, a copy of the view."""

    __slots__ = ("game", "player", "legal_actions", "view")

    def __init__(self, obs: Observation):
        self.game = obs.game
        self.player = obs.player
        self.legal_actions = list(obs.legal_actions)
        self.view = copy.deepcopy(obs.view)


@pytest.mark.parametrize("options", [{}, {"backs_show_kingdom": False, "known_draw": "any", "max_streets": 2}])
def test_decides_from_the_view_alone(options):
    """Handed an observation with no way back to the state, the bot plays exactly the same game."""
    game = cardtable.load("maoqy", players=3, options={**options, "turn_limit": 600})
    bare = {p: twin(game, 4, p) for p in range(3)}

    def check(obs, action):
        assert bare[obs.player].act(BareObservation(obs)) == action

    play(game, ["heuristic", "random", "heuristic"], 4, check)


def test_imports_nothing_of_the_game():
    """The bot knows the game through its catalogue and options only (engine/agent.py; the engine's Action and
    Game are its types); its parts (kit/heuristic*.py, split by job) import each other besides."""
    main = Path(heuristic_module.__file__)
    kit = "cardtable.games.maoqy.kit"
    types = {"cardtable.engine", "cardtable.engine.Action", "cardtable.engine.Game"}
    assert any(m.startswith("cardtable.engine.agent") for m in cardtable_modules(main))
    for path in sorted(main.parent.glob("heuristic*.py")):
        modules = cardtable_modules(path) - {kit} - types  # `from . import heuristic_seen` names the kit package too
        assert all(m.startswith(("cardtable.engine.agent", f"{kit}.heuristic")) for m in modules), (path, modules)


# -- play --------------------------------------------------------------------------------------------
def test_chooses_a_direction():
    state = cardtable.load("maoqy").new_initial_state(seed=1)
    assert bot_action(state) == Direction("cw")


def test_opens_a_street_as_soon_as_it_can():
    state = setup(2, hands={0: ["blue 3-7", "green 9"]})
    assert bot_action(state) == Street(tuple(cards("blue 3-7")))


def test_extends_its_street_by_the_most_cards():
    state = setup(2, streets={0: "blue 5-9"}, hands={0: ["blue 3", "blue 4", "blue 10", "red 2"]})
    action = bot_action(state)
    assert isinstance(action, Street) and sorted(action.cards) == cards("blue 3", "blue 4", "blue 10")


def test_draws_a_card_it_needs_from_an_open_hand():
    state = setup(2, streets={0: "blue 3-7"}, opened={1: ["red 2", "blue 8"]}, hands={0: ["green 1"]},
                  unknown_top=["red 1"])
    assert bot_action(state) == Draw("open", 1, cards("blue 8")[0])


def test_draws_the_known_top_when_it_fits():
    state = setup(2, streets={0: "blue 3-7"}, known=["red 5", "blue 2"], hands={0: ["green 1"]},
                  unknown_top=["red 1"])
    assert bot_action(state) == Draw("known")


def test_takes_back_a_hidden_card_that_fits_the_street():
    state = setup(2, streets={0: "blue 3-7"}, hiding={0: ["blue 8"]}, hands={0: ["green 1"]}, unknown_top=["red 1"])
    assert bot_action(state) == Draw("hiding", card=cards("blue 8")[0])


# Holding an opponent's card blocks their street only under the rulebook's text (claimed_cards = anywhere);
# under the table rule MAOQY-6.6 (the default) such a card lies face up where its owner draws it.
RULEBOOK = {"claimed_cards": "anywhere"}


def test_takes_a_card_an_opponent_needs_before_they_can():
    state = setup(2, RULEBOOK, streets={1: "red 3-7"}, known=["red 8"], hands={0: ["blue 1", "blue 2"]},
                  unknown_top=["green 1"])
    assert bot_action(state) == Draw("known")


def test_hides_a_card_an_opponent_needs_instead_of_discarding_it():
    state = setup(2, RULEBOOK, streets={0: "blue 1-5", 1: "red 3-7"}, hands={0: ["blue 7-17", "red 8"]})
    assert len(state.hands[0]) == 12
    assert bot_action(state) == Hide(cards("red 8")[0])


def test_discards_what_nobody_needs():
    state = setup(2, RULEBOOK, streets={0: "blue 1-5", 1: "red 3-7"}, hands={0: ["blue 7-16", "red 8", "green 4"]},
                  hiding={0: ["red 2"]})
    assert bot_action(state) == Discard(cards("green 4")[0])


def test_passes_to_end_the_game_when_it_alone_leads():
    state = setup(2, streets={0: "blue 3-8", 1: "red 1-5"}, passes=1, hands={0: ["green 1"]})
    assert bot_action(state) == Pass()


@pytest.mark.parametrize("theirs", ["red 1-8", "red 1-6"])
def test_never_ends_the_game_by_a_pass_unless_it_leads(theirs):
    state = setup(2, streets={0: "blue 3-8", 1: theirs}, passes=1)
    assert bot_action(state) != Pass()


def test_does_not_pass_while_it_can_do_something():
    game = cardtable.load("maoqy", players=2)
    passes = []

    def check(obs, action):
        if action == Pass():
            passes.append(obs.view["passes"])

    for seed in range(3):
        play(game, ["heuristic", "random"], seed, check)
    assert all(p == 1 for p in passes)  # only the pass that ends the game (and wins it)


@pytest.mark.parametrize("players,games", [(2, 60), (3, 24)])
def test_beats_random(players, games):
    """Not a benchmark: a fixed set of seeds; a fair share would be 1/players."""
    summary = simulate("maoqy", games, players=players, agents=["heuristic"] + ["random"] * (players - 1), seed=40)
    assert summary["errors"] == 0
    assert summary["per_agent"]["heuristic"]["win_rate"] >= 0.7
