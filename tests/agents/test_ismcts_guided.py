"""The search bot with the game's heuristic inside (agents/ismcts.py): the pruned search over the heuristic's
favourite moves (``+kK``), the progressive bias (``+hp``) and the graded evaluations of the long games. It
still reads nothing hidden, is deterministic for a seed and reachable by name. Budgets are tiny."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.agents import determinize as D
from cardtable.agents.ismcts import ISMCTSAgent, parse_name, search_profile
from cardtable.engine import UnknownAgent
from cardtable.engine.rng import Rng
from cardtable.games.maoqy.actions import Street
from cardtable.games.mitosz.levels import power
from cardtable.sim.runner import play_game
from tests.games.maoqy import helpers as MH


def decide(state, seed=0, **params):
    agent = ISMCTSAgent(state.game, seed, **params)
    return agent.act(Observation(state, state.current_player)), agent


PRUNED = {"rollout": "heuristic", "candidates": 3, "rollout_depth": 6}


def heuristic_game(game_name, steps, seed=3, options=None):
    game = cardtable.load(game_name, players=2, options=options or {})
    bots = [make_agent("heuristic", game, 1), make_agent("heuristic", game, 2)]
    state = game.new_initial_state(seed=seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].act(Observation(state, state.current_player)))
    return state


# -- names ---------------------------------------------------------------------------------------------------
def test_names():
    assert parse_name("ismcts-30+k3-d10-m3") == {"iterations": 30, "rollout": "heuristic", "candidates": 3,
                                                 "rollout_depth": 10, "margin": 0.03}
    assert parse_name("ismcts-300+hp") == {"iterations": 300, "rollout": "heuristic", "prior": 1.0}
    assert parse_name("ismcts+h-d0") == {"iterations": 200, "rollout": "heuristic", "rollout_depth": 0}
    for bad in ("ismcts+k1", "ismcts-m3", "ismcts+hp-m3", "ismcts+k", "ismcts-30+k3-m"):
        assert parse_name(bad) is None, bad
    game = cardtable.load("maoqy")
    agent = make_agent("ismcts-30+k3-d10-m3", game, 1)
    assert isinstance(agent, ISMCTSAgent) and agent.candidates == 3 and agent.rollout_depth == 10
    assert agent.margin == 0.03 and agent.name == "ismcts-30+k3-d10-m3"
    with pytest.raises(UnknownAgent):
        make_agent("ismcts+k1", game)
    with pytest.raises(ValueError):
        ISMCTSAgent(game, 0, candidates=3)  # needs heuristic rollouts
    with pytest.raises(ValueError):
        ISMCTSAgent(game, 0, rollout="heuristic", candidates=3, prior=1.0)


def test_guided_defaults_cap_the_rollouts_of_the_long_games():
    for name in ("maoqy", "mitosz", "muhq"):
        agent = make_agent("ismcts-10+k3", cardtable.load(name), 0)
        assert agent.rollout_depth == 20 and agent.evaluate is (search_profile(agent.game).guided_evaluate or search_profile(agent.game).evaluate)


# -- the pruned search ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1])
def test_pruned_search_completes_its_kingdom(seed):
    """As in test_ismcts: seat 0 completes blue (MAOQY-8.1) rather than let seat 1 complete red."""
    state = MH.setup(2, hands={0: ["blue 13-17"]}, streets={0: "blue 1-12", 1: "red 1-16"}, opened={1: ["red 17"]},
                     current=0)
    action, agent = decide(state, seed, iterations=12, **PRUNED)
    assert isinstance(action, Street) and len(action.cards) == 5, agent.last_search
    state.apply(action)
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


def test_candidates_are_the_heuristics_favourites_and_a_large_margin_keeps_its_move():
    state = heuristic_game("maoqy", 60, options={"turn_limit": 400})
    obs = Observation(state, state.current_player)
    expected = make_agent("heuristic", state.game, 0).act(obs)
    action, agent = decide(state, 0, iterations=9, margin=1.0, **PRUNED)
    assert action == expected
    stats = agent.last_search["actions"]
    assert list(stats)[0] == expected and 2 <= len(stats) <= 3 and set(stats) <= set(obs.legal_actions)
    rounds = 9 // len(stats)  # every round plays every candidate once
    assert agent.last_search["iterations"] == rounds * len(stats)
    assert all(n == rounds for n, _ in stats.values())


def test_pruned_search_deviates_when_a_candidate_is_clearly_better():
    """With no margin the pruned search plays the candidate of the best mean (the heuristic's on ties)."""
    state = heuristic_game("maoqy", 80, options={"turn_limit": 400})
    action, agent = decide(state, 2, iterations=12, **PRUNED)
    means = {a: m for a, (_, m) in agent.last_search["actions"].items()}
    assert means[action] == max(means.values())


@pytest.mark.parametrize("game_name,steps,options", [
    ("maoqy", 50, {"turn_limit": 400}), ("mojo", 7, {}), ("muhq", 60, {}), ("mitosz", 40, {}),
])
def test_pruned_decisions_depend_only_on_the_bots_information(game_name, steps, options):
    """The same move and statistics in the real state and in states the bot cannot tell from it."""
    state = heuristic_game(game_name, steps, options=options)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    p = state.current_player
    real, a = decide(state, 5, iterations=6, **PRUNED)
    for k in range(2):
        world = D.determinize(state, p, Rng(k, "other-world"))
        assert world.view(p) == state.view(p)
        again, b = decide(world, 5, iterations=6, **PRUNED)
        assert again == real and b.last_search["actions"] == a.last_search["actions"]


def test_pruned_search_never_reads_the_view_of_the_real_observation():
    class Guarded(Observation):
        __slots__ = ()

        @property
        def view(self):
            raise AssertionError("the search bot read the view")

    state = heuristic_game("maoqy", 40, options={"turn_limit": 400})
    agent = ISMCTSAgent(state.game, 0, iterations=6, **PRUNED)
    assert agent.act(Guarded(state, state.current_player)) in state.legal_actions()


@pytest.mark.parametrize("name", ["ismcts-6+k3-d5-m3", "ismcts-6+hp-d5"])
def test_same_seed_same_game(name):
    game = cardtable.load("maoqy", players=2, options={"turn_limit": 60})
    a = play_game(game, [name, "heuristic"], seed=3, keep_record=True)
    b = play_game(game, [name, "heuristic"], seed=3, keep_record=True)
    assert a.error is None and a.record.dumps() == b.record.dumps()


@pytest.mark.parametrize("game_name,mode", [("mitosz", {"candidates": 3}), ("muhq", {"candidates": 3}),
                                            ("muhq", {"prior": 1.0}), ("mojo", {"prior": 1.0})])
def test_guided_searches_play_legal_moves(game_name, mode):
    game = cardtable.load(game_name, players=2)
    state = game.new_initial_state(seed=5)
    agent = ISMCTSAgent(game, 1, iterations=4, rollout="heuristic", rollout_depth=8, **mode)
    rnd = random.Random(0)
    made = 0
    while made < 6 and not state.is_terminal():
        obs = Observation(state, state.current_player)
        action = agent.act(obs) if made % 2 == 0 else rnd.choice(obs.legal_actions)
        assert action in obs.legal_actions
        state.apply(action)
        made += 1


# -- the graded evaluations -----------------------------------------------------------------------------------
def test_muhq_evaluation_prefers_the_seat_whose_vip_is_less_hurt():
    state = heuristic_game("muhq", 120)
    evaluate = search_profile(cardtable.load("muhq")).guided_evaluate
    before = evaluate(state)
    assert abs(sum(before) - 1.0) < 1e-9
    hurt = state.clone()
    hurt.perms[hurt.vips[1]].damage += 2
    after = evaluate(hurt)
    assert after[0] > before[0] and after[1] < before[1]
    worse = state.clone()
    worse.perms[worse.vips[0]].damage += 2
    assert evaluate(worse)[0] < before[0]


def test_muhq_evaluation_counts_units_on_the_board():
    state = heuristic_game("muhq", 100)
    evaluate = search_profile(cardtable.load("muhq")).guided_evaluate
    units = [pid for pid, p in state.perms.items() if p.cell is not None and p.d.type == "unit"
             and pid not in state.vips.values()]
    assert units
    pid = units[0]
    seat = state.perms[pid].controller
    fewer = state.clone()
    del fewer.perms[pid]
    assert evaluate(fewer)[seat] < evaluate(state)[seat]


def test_mitosz_evaluation_is_graded_by_power_points():
    state = heuristic_game("mitosz", 300)
    totals = power.power_totals(state)
    shares = search_profile(state.game).guided_evaluate(state)
    assert abs(sum(shares) - 1.0) < 1e-9
    if totals[0] != totals[1]:
        lead = 0 if totals[0] > totals[1] else 1
        assert shares[lead] > 0.5 > shares[1 - lead]
    else:
        assert shares == [0.5, 0.5]


# -- rollouts aligned with the turns (-tT) ---------------------------------------------------------------------
def test_turn_names_and_bad_values():
    assert parse_name("ismcts-30+k3-d40-t2-m3") == {"iterations": 30, "rollout": "heuristic", "candidates": 3,
                                                    "rollout_depth": 40, "rollout_turns": 2, "margin": 0.03}
    assert parse_name("ismcts+k3-t0") is None
    assert parse_name("ismcts+k3-m3-t2") is None  # the suffixes come in one order: -d, -t, -m
    agent = make_agent("ismcts-10+k3-t2", cardtable.load("muhq"), 0)
    assert agent.rollout_turns == 2 and agent.rollout_depth == 300  # the guided default depth gives way to the cap
    with pytest.raises(ValueError, match="no turns"):
        ISMCTSAgent(cardtable.load("mojo"), 0, rollout_turns=2)
    with pytest.raises(ValueError, match="at least 1"):
        ISMCTSAgent(cardtable.load("muhq"), 0, rollout_turns=0)


@pytest.mark.parametrize("game_name, steps", [("muhq", 60), ("mitosz", 40), ("maoqy", 30)])
def test_a_turn_aligned_rollout_stops_as_the_turns_begin(game_name, steps):
    """Every rollout is evaluated at the same point of the turn order: just as the T-th turn after the one it
    started in begins (or at its cap, or at the end of the game)."""
    state = heuristic_game(game_name, steps)
    assert not state.is_terminal()
    played = len(state.history)
    seen = []

    def note(s):
        seen.append((s.turn, len(s.history) - played))
        return [0.5, 0.5]

    agent = ISMCTSAgent(state.game, 0, rollout="heuristic", candidates=3, rollout_turns=1)
    agent.evaluate = note
    start = state.turn
    end = state.clone()
    agent._rollout(end, random.Random(0))
    assert not end.is_terminal() and seen[0][0] == start + 1
    length = seen[0][1]
    assert length >= 1
    # the same rollout one action shorter is still in the old turn: it stopped as soon as the turn began
    seen.clear()
    capped = ISMCTSAgent(state.game, 0, rollout="heuristic", candidates=3, rollout_turns=1, rollout_depth=length - 1)
    capped.evaluate = note
    capped._rollout(state.clone(), random.Random(0))
    assert seen == [(start, length - 1)]


# -- the paired significance test of the pruned search (-zZ) ------------------------------------------------------
def test_z_names():
    assert parse_name("ismcts-45+k3-t2-m3-z20") == {"iterations": 45, "rollout": "heuristic", "candidates": 3,
                                                    "rollout_turns": 2, "margin": 0.03, "z": 2.0}
    assert parse_name("ismcts+hp-z20") is None  # the pruned search only
    with pytest.raises(ValueError, match="standard errors"):
        ISMCTSAgent(cardtable.load("muhq"), 0, rollout="heuristic", candidates=3, z=-1)


def test_a_lucky_streak_does_not_override_the_heuristic_but_a_steady_gain_does():
    agent = ISMCTSAgent(cardtable.load("muhq"), 0, rollout="heuristic", candidates=3, margin=0.03, z=2.0)
    hint = [0.5] * 6
    lucky = [0.5, 0.5, 0.5, 0.5, 0.5, 1.0]  # mean gain 0.083 > margin, from one round: 1 standard error
    steady = [0.56] * 6  # mean gain 0.06, every round
    assert agent._significant(["h", "lucky", "steady"], {"h": hint, "lucky": lucky, "steady": steady}) == "steady"
    assert agent._significant(["h", "lucky"], {"h": hint, "lucky": lucky}) == "h"
    # without the test (z = 0) the margin alone decides, and the larger mean gain wins
    agent.z = 0.0
    assert agent._significant(["h", "lucky", "steady"], {"h": hint, "lucky": lucky, "steady": steady}) == "lucky"
    # a gain within the margin never overrides, however steady; a single round proves nothing
    agent.z = 2.0
    assert agent._significant(["h", "small"], {"h": hint, "small": [0.52] * 6}) == "h"
    assert agent._significant(["h", "steady"], {"h": [0.5], "steady": [0.9]}) == "h"


def test_pruned_search_with_the_test_plays_the_heuristic_when_nothing_is_clear():
    """A search with a huge z plays exactly the heuristic's moves."""
    state = heuristic_game("muhq", 60)
    obs = Observation(state, state.current_player)
    heuristic = make_agent("heuristic", state.game, 0).act(obs)
    agent = ISMCTSAgent(state.game, 0, iterations=12, rollout="heuristic", candidates=3, rollout_depth=6, z=1000.0)
    assert agent.act(Observation(state, state.current_player)) == heuristic
    assert len(agent.last_search["actions"]) == 3  # there were other moves to consider


def test_the_strong_preset_is_the_search_that_beats_each_games_heuristic():
    """``ismcts-strong`` (the lobby's "ismcts (strong)"): the plain search with 1,000 iterations where it beats the
    heuristic (Mojo), the pruned search over the heuristic's moves in the long games."""
    mojo = make_agent("ismcts-strong", cardtable.load("mojo"), 0)
    assert mojo.iterations == 1000 and mojo.candidates == 0 and mojo.name == "ismcts-strong"
    muhq = make_agent("ismcts-strong", cardtable.load("muhq"), 0)
    assert (muhq.iterations, muhq.candidates, muhq.rollout_turns, muhq.rollout_depth, muhq.z) == (45, 3, 2, 40, 1.5)
    assert muhq.name == "ismcts-strong"
    for game_name in ("maoqy", "mitosz", "muhq"):
        game = cardtable.load(game_name)
        agent = make_agent("ismcts-strong", game, 0)
        strong = search_profile(game).strong
        assert strong and parse_name(strong)["candidates"] == agent.candidates == 3, game_name


# -- the extended budget of the paired test (-xX) ----------------------------------------------------------------
def test_x_names():
    assert parse_name("ismcts-30+k3-t2-m3-z15-x3") == {"iterations": 30, "rollout": "heuristic", "candidates": 3,
                                                       "rollout_turns": 2, "margin": 0.03, "z": 1.5, "extend": 3}
    assert parse_name("ismcts-30+k3-m3-x3") is None  # only with the paired test
    assert parse_name("ismcts-30+k3-z15-x1") is None  # a factor of at least 2
    assert parse_name("ismcts-30+k3-x3-z15") is None  # the suffixes come in one order
    with pytest.raises(ValueError, match="paired test"):
        ISMCTSAgent(cardtable.load("muhq"), 0, rollout="heuristic", candidates=3, extend=2)


def test_a_candidate_that_leads_unsettled_asks_for_more_rounds():
    agent = ISMCTSAgent(cardtable.load("muhq"), 0, rollout="heuristic", candidates=3, margin=0.03, z=2.0, extend=3)
    hint = [0.5] * 6
    assert agent._unsettled(["h", "lucky"], {"h": hint, "lucky": [0.5] * 5 + [1.0]})  # leads, not proven
    assert not agent._unsettled(["h", "steady"], {"h": hint, "steady": [0.56] * 6})  # settled: it wins
    assert not agent._unsettled(["h", "worse"], {"h": hint, "worse": [0.4] * 5 + [0.9]})  # does not lead
    assert not agent._unsettled(["h", "small"], {"h": hint, "small": [0.52] * 6})  # within the margin


class _Scripted(ISMCTSAgent):
    """The pruned search with rollouts replaced by a script: reward by candidate rank and round."""

    def __init__(self, game, rewards, **params):
        super().__init__(game, 0, rollout="heuristic", candidates=2, rollout_depth=1, **params)
        self.rewards, self.calls = rewards, 0

    def _rollout(self, state, rng):
        rank, self.calls = self.calls % 2, self.calls + 1
        reward = self.rewards(rank, self.calls // 2)
        return [reward, reward]


def test_the_extension_plays_on_only_while_a_lead_is_unsettled_and_stops_at_its_factor():
    state = heuristic_game("muhq", 60)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    obs = Observation(state, state.current_player)
    # the challenger leads by a noisy 0.1 every round: never significant at z = 1000, so the rounds go on
    noisy = _Scripted(state.game, lambda rank, r: 0.5 + (0.1 + (0.3 if r % 2 else -0.3)) * rank,
                      iterations=10, z=1000.0, margin=0.03, extend=3)
    noisy.act(obs)
    assert noisy.last_search["iterations"] == noisy.calls == 30  # 3 x the budget of 10
    # the same without the extension stops at the budget
    plain = _Scripted(state.game, lambda rank, r: 0.5 + (0.1 + (0.3 if r % 2 else -0.3)) * rank,
                      iterations=10, z=1000.0, margin=0.03)
    plain.act(obs)
    assert plain.calls == 10
    # the heuristic's move best: nothing leads, the extension costs nothing
    clear = _Scripted(state.game, lambda rank, r: 0.5 - 0.2 * rank, iterations=10, z=1.5, margin=0.03, extend=3)
    clear.act(obs)
    assert clear.calls == 10
    # a steady lead is settled within the budget: no extension either, and the challenger is played
    steady = _Scripted(state.game, lambda rank, r: 0.5 + 0.2 * rank, iterations=10, z=1.5, margin=0.03, extend=3)
    choice = steady.act(obs)
    assert steady.calls == 10 and choice != make_agent("heuristic", state.game, 0).act(obs)
