"""The ISMCTS bot (agents/ismcts.py): finds the winning move of small positions, reads nothing hidden (its
decisions depend on the bot's information only), is deterministic for a seed, keeps to its budget, and is
reachable by name. Budgets are small so that the file runs in seconds."""

from __future__ import annotations

import random
import time

import pytest

import cardtable
from cardtable.agents import Observation, agent_names, make_agent
from cardtable.agents import determinize as D
from cardtable.agents.ismcts import ISMCTSAgent, parse_name
from cardtable.engine import UnknownAgent
from cardtable.engine.rng import Rng
from cardtable.games.maoqy.actions import Street
from cardtable.games.mojo import cards as MC
from cardtable.games.mojo.actions import Play, Stop
from cardtable.sim.runner import play_game
from tests.games.maoqy import helpers as MH
from tests.games.mojo import helpers as JH


def decide(state, seed=0, **params):
    agent = ISMCTSAgent(state.game, seed, **params)
    return agent.act(Observation(state, state.current_player)), agent


# -- it finds the winning move ---------------------------------------------------------------------------
def mojo_going_out():
    """Seat 0 holds 6 and 2 on a 6, target score 1: the equal 6 keeps the turn and the 2 then empties the hand,
    which ends the round and the game with seat 0 at 0 and seat 1 above (MOJO-4.3.2, 5.8, 7.1). Playing the
    2 first leaves the 6 face down and seat 1 a chance to go out first."""
    return JH.setup(2, {"target_score": 1}, hands={0: [6, 2], 1: [1]}, top=6, current=0)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mojo_plays_the_equal_card_then_goes_out(seed):
    state = mojo_going_out()
    action, agent = decide(state, seed, iterations=150)
    assert isinstance(action, Play) and MC.VALUE[action.card] == 6, agent.last_search
    state.apply(action)
    assert state.current_player == 0 and Stop() in state.legal_actions()  # the replay: go out or stop
    action, _ = decide(state, seed, iterations=60)
    assert isinstance(action, Play) and MC.VALUE[action.card] == 2
    state.apply(action)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


@pytest.mark.parametrize("seed", [0, 1])
def test_maoqy_completes_its_kingdom(seed):
    """Seat 0 can complete blue with 13-17 (MAOQY-8.1: the game ends, seat 0 wins); anything else lets seat 1
    complete red from its open hand on its turn."""
    state = MH.setup(2, hands={0: ["blue 13-17"]}, streets={0: "blue 1-12", 1: "red 1-16"}, opened={1: ["red 17"]},
                     current=0)
    action, agent = decide(state, seed, iterations=150)
    assert isinstance(action, Street) and len(action.cards) == 5, agent.last_search
    state.apply(action)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


# -- it reads nothing hidden -------------------------------------------------------------------------------
def other_world(state, player, k):
    """A state the player sees exactly as ``state`` whose hidden cards lie elsewhere."""
    world = D.determinize(state, player, Rng(k, "other-world"))
    assert world.view(player) == state.view(player) and world.snapshot() != state.snapshot()
    return world


@pytest.mark.parametrize("game_name,players,options", [
    ("mojo", 3, {}), ("mojo", 2, {"discard_piles": 2, "owner_sees_facedown": False}), ("maoqy", 2, {}),
])
def test_decisions_depend_only_on_the_bots_information(game_name, players, options):
    """At positions of a game, the bot decides the same (same move, same search statistics) in the real state
    and in other states it cannot tell apart from it, for the same seed."""
    game = cardtable.load(game_name, players=players, options=options)
    state = game.new_initial_state(seed=11)
    rnd = random.Random(11)
    compared = 0
    for step in range(120):
        if state.is_terminal():
            break
        p = state.current_player
        if step % 10 == 3 and len(state.legal_actions()) > 1:
            real, a = decide(state, 5, iterations=25)
            for k in range(2):
                again, b = decide(other_world(state, p, k), 5, iterations=25)
                assert again == real and b.last_search["actions"] == a.last_search["actions"]
            compared += 1
        moves = [a for a in state.legal_actions() if a.type != "pass"] or state.legal_actions()  # MAOQY: no deadlock
        state.apply(rnd.choice(moves))
    assert compared >= 3


class Spy:
    """Counts determinizations and checks each is asked for the bot's own seat on the real state."""

    def __init__(self, monkeypatch, state, seat):
        self.calls = 0
        real = type(state).resample

        def spy(s, player, rng):
            assert s is state and player == seat
            self.calls += 1
            return real(s, player, rng)

        monkeypatch.setattr(type(state), "resample", spy)


def test_the_bot_only_determinizes_for_its_own_seat_and_leaves_the_state_alone(monkeypatch):
    state = cardtable.load("mojo", players=3).new_initial_state(seed=4)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    before, rng_before = state.digest(), state.rng.state()
    spy = Spy(monkeypatch, state, state.current_player)
    action, agent = decide(state, 1, iterations=30)
    assert spy.calls == 30 == agent.last_search["iterations"]
    assert state.digest() == before and state.rng.state() == rng_before
    assert action in state.legal_actions()


def test_the_bot_touches_the_observation_only_through_legal_actions_and_determinize():
    """An observation whose view would fail: the bot never needs it."""

    class Guarded(Observation):
        __slots__ = ()

        @property
        def view(self):
            raise AssertionError("the search bot read the view")

    state = mojo_going_out()
    agent = ISMCTSAgent(state.game, 0, iterations=20)
    assert agent.act(Guarded(state, 0)) in state.legal_actions()


# -- deterministic, within budget ------------------------------------------------------------------------
@pytest.mark.parametrize("game_name,options", [("mojo", {}), ("maoqy", {"turn_limit": 120})])
def test_same_seed_same_game(game_name, options):
    game = cardtable.load(game_name, players=2, options=options)
    a = play_game(game, ["ismcts-8", "heuristic"], seed=3, keep_record=True)
    b = play_game(game, ["ismcts-8", "heuristic"], seed=3, keep_record=True)
    assert a.error is None and a.record.dumps() == b.record.dumps()
    assert a.returns == b.returns and a.actions == b.actions


def test_same_seed_same_decision_different_seed_may_differ():
    state = cardtable.load("mojo", players=3).new_initial_state(seed=9)
    first, agent = decide(state, 7, iterations=30)
    second, again = decide(state, 7, iterations=30)
    assert first == second and agent.last_search["actions"] == again.last_search["actions"]
    stats = {tuple(sorted((str(a), v) for a, v in decide(state, s, iterations=30)[1].last_search["actions"].items()))
             for s in range(3)}
    assert len(stats) > 1


def test_iteration_budget(monkeypatch):
    state = cardtable.load("maoqy", players=2).new_initial_state(seed=1)
    state.apply(state.legal_actions()[0])  # the direction
    spy = Spy(monkeypatch, state, state.current_player)
    _, agent = decide(state, 0, iterations=17)
    assert spy.calls == 17 and agent.last_search["iterations"] == 17
    assert sum(v for v, _ in agent.last_search["actions"].values()) == 17


def test_time_budget():
    state = cardtable.load("mojo", players=2).new_initial_state(seed=1)
    start = time.perf_counter()
    action, agent = decide(state, 0, iterations=None, seconds=0.15)
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    assert agent.last_search["iterations"] >= 1
    assert elapsed < 0.15 + 0.25  # one iteration's overshoot at most (a Mojo iteration is well under a ms)
    # both: whichever runs out first
    _, agent = decide(state, 0, iterations=5, seconds=10)
    assert agent.last_search["iterations"] == 5


def test_one_legal_action_is_answered_at_once(monkeypatch):
    state = JH.setup(2, hands={0: [2], 1: [5, 6, 7]}, top=6, current=0)
    spy = Spy(monkeypatch, state, 0)
    action, agent = decide(state, 0, iterations=100)
    assert spy.calls == 0 and action == state.legal_actions()[0]


def test_depth_capped_rollouts_and_heuristic_rollouts():
    state = cardtable.load("mojo", players=2).new_initial_state(seed=2)
    for params in ({"rollout_depth": 3}, {"rollout": "heuristic", "rollout_depth": 6}, {"c": 0.0}):
        action, agent = decide(state, 0, iterations=10, **params)
        assert action in state.legal_actions()
    with pytest.raises(ValueError):
        ISMCTSAgent(state.game, 0, iterations=None, seconds=None)
    with pytest.raises(ValueError):
        ISMCTSAgent(state.game, 0, rollout="oracle")


@pytest.mark.parametrize("game_name,moves", [("mitosz", 3), ("muhq", 3)])
def test_plays_legal_moves_in_the_long_games(game_name, moves):
    """The large games: a few decisions with a tiny budget and capped rollouts, in the draft too for muhq."""
    game = cardtable.load(game_name, players=2)
    state = game.new_initial_state(seed=5)
    agent = ISMCTSAgent(game, 1, iterations=4, rollout_depth=15)
    made = 0
    while made < moves and not state.is_terminal():
        obs = Observation(state, state.current_player)
        action = agent.act(obs)
        assert action in obs.legal_actions
        state.apply(action)
        made += 1


# -- names --------------------------------------------------------------------------------------------------
def test_names():
    game = cardtable.load("mojo")
    assert {"ismcts", "ismcts-fast", "ismcts-strong"} <= set(agent_names(game))
    assert parse_name("ismcts") == {"iterations": 200}
    assert parse_name("ismcts-fast") == {"iterations": 50}
    assert parse_name("ismcts-strong") == {"iterations": 1000}
    assert parse_name("ismcts-300+h") == {"iterations": 300, "rollout": "heuristic"}
    assert parse_name("ismcts-0") is None and parse_name("ismctsx") is None and parse_name("random") is None
    agent = make_agent("ismcts-fast", game, 3)
    assert isinstance(agent, ISMCTSAgent) and agent.name == "ismcts-fast" and agent.iterations == 50
    assert make_agent("ismcts-12+h", game).rollout == "heuristic"
    for bad in ("ismcts-0", "ismcts-slow", "ismcts+x"):
        with pytest.raises(UnknownAgent):
            make_agent(bad, game)
    assert "ismcts" not in agent_names(cardtable.load("maoqy-ritual"))
    with pytest.raises(UnknownAgent):
        make_agent("ismcts", cardtable.load("maoqy-ritual"))


@pytest.mark.parametrize("name, reason", [
    ("ismcts-1000001", "at most 1,000,000"),
    ("ismcts-0", "at least 1 iteration"),
    ("ismcts-slow", "ismcts-N, then optionally"),
    ("ismcts-30+k1", "at least 2 candidates"),
    ("ismcts-30-m3", "+kK only"),
    ("ismcts-30+k3-z15-x1", "-xX goes with -zZ"),
    ("ismcts-30-i4", "heuristic rollouts"),
    ("ismcts-30+k3-i4", "not available in mojo"),
])
def test_a_refused_search_name_says_why(name, reason):
    """A search name that makes no bot says what is wrong with it, not only "unknown agent" (a docs audit found
    ismcts-1000001 answered with the list of presets and nothing about the limit)."""
    with pytest.raises(UnknownAgent) as refused:
        make_agent(name, cardtable.load("mojo"))
    assert reason in str(refused.value)
