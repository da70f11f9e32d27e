"""What the opponents' passes tell the search bot (agents/inference.py, the ``-iI`` names of agents/ismcts.py):
the pass is read from public facts only and put back exactly, the true hand never breaks a belief while
uniform redeals often do, beliefs end when the passer's hand changes, and the bot with beliefs still decides
from its own information alone, the same way for the same seed."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.agents import determinize as D
from cardtable.games.mitosz.kit import resample as MD
from cardtable.agents.inference import MAX_BELIEFS, PassBeliefs, supports
from cardtable.agents.ismcts import ISMCTSAgent, parse_name
from cardtable.engine import UnknownAgent
from cardtable.engine.rng import Rng

SEARCH = {"iterations": 4, "rollout": "heuristic", "candidates": 2, "rollout_depth": 5, "infer": 8}


def mitosz():
    return cardtable.load("mitosz", players=2)


def heuristic_play(game, seed):
    """(state, seat to act) at every decision of a heuristic mirror game, the state as it is then (live)."""
    bots = [make_agent("heuristic", game, 1), make_agent("heuristic", game, 2)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        yield state
        p = state.current_player
        state.apply(bots[p].act(Observation(state, p)))


def first_pass_handed_on(game, seed=0):
    """The state just before and just after an active player's pass that opened the cycle of its window."""
    for state in heuristic_play(game, seed):
        active = state.active
        if state.mode == "window" and state.fight is None and state.current_player == active and not state.cycle \
                and any(a.type != "pass" for a in state.legal_actions()):
            before = state.clone()
            after = state.clone()
            after.apply(next(a for a in after.legal_actions() if a.type == "pass"))
            if after.mode == "window" and after.current_player != active:
                return before, after
    raise AssertionError("no pass that handed priority on")


def test_a_pass_that_opened_the_cycle_is_read_and_put_back_exactly():
    before, after = first_pass_handed_on(mitosz())
    passer, other = before.active, after.current_player
    assert MD.passed_before(before, other) is None
    assert MD.passed_before(after, passer) is None  # the passer itself is not told of its own pass
    assert MD.passed_before(after, other) == passer
    MD.before_pass(after, passer)
    # the passer's moment is back: the same view and the same choices as before it passed
    assert after.current_player == passer
    assert after.view(passer) == before.view(passer)
    assert after.legal_actions() == before.legal_actions()


def test_no_pass_is_read_where_the_state_cannot_tell_one():
    seen = {"counter": 0, "resumed": 0}
    for state in heuristic_play(mitosz(), 1):
        p = state.current_player
        if state.mode == "counter":
            assert MD.passed_before(state, p) is None
            seen["counter"] += 1
        elif state.mode == "window" and not state.cycle:  # a fresh or resumed window: nobody's pass shows
            assert MD.passed_before(state, p) is None
            seen["resumed"] += 1
    assert seen["counter"] and seen["resumed"]


def watch(game, seed, seat, tries=8):
    """Beliefs of ``seat`` over a heuristic mirror game: yields (state, observation, beliefs) at each of its
    decisions with a choice, after the beliefs have observed it."""
    beliefs = PassBeliefs(game, make_agent("heuristic", game, 0), seed, tries)
    for state in heuristic_play(game, seed):
        if state.current_player == seat:
            obs = Observation(state, seat)
            beliefs.observe(obs)
            if len(obs.legal_actions) > 1:
                yield state, obs, beliefs


@pytest.mark.parametrize("seed,seat", [(0, 0), (1, 1), (2, 0)])
def test_the_true_hand_never_breaks_a_belief_and_uniform_redeals_often_do(seed, seat):
    game = mitosz()
    rng = Rng(seed, "redeals")
    points = redeals = broken = 0
    for state, obs, beliefs in watch(game, seed, seat):
        assert len(beliefs.items) <= MAX_BELIEFS
        if not beliefs.items:
            continue
        points += 1
        assert beliefs.broken(state.clone()) == 0  # the heuristic opponent really passed with its real hand
        for _ in range(3):
            redeals += 1
            broken += beliefs.broken(obs.determinize(rng)) > 0
    assert points >= 20
    assert broken >= redeals // 5  # the passes carry information (about 0.6 of uniform redeals break one)


def test_the_world_keeps_every_belief_when_a_redeal_can():
    game = mitosz()
    found = 0
    for _state, obs, beliefs in watch(game, 0, 0, tries=32):
        if beliefs.items:
            world = beliefs.world(obs, Rng(found, "world"))
            assert world.view(obs.player) == obs.view  # still a redeal of the bot's information
            assert beliefs.broken(world) == 0
            found += 1
            if found == 10:
                break
    assert found == 10


def test_a_belief_ends_when_the_passers_hidden_cards_change():
    game = mitosz()
    beliefs = PassBeliefs(game, make_agent("heuristic", game, 0), 0, 4)
    before, after = first_pass_handed_on(game)
    other = after.current_player
    beliefs.observe(Observation(after, other))
    assert len(beliefs.items) == 1 and beliefs.items[0][1] == before.active
    old = beliefs.items[0]
    passer = after.players[before.active]
    passer.hand.append(passer.deck.pop())  # the passer draws a card
    after.cards[passer.hand[-1]].zone = "hand"
    after.forget_caches()
    beliefs.observe(Observation(after, other))
    # the belief of the old hand is gone (the state still shows the pass, so one of the new hand stands)
    assert old not in beliefs.items
    assert [key for _m, _s, key in beliefs.items] == [MD.hidden_key(after, before.active)]


def test_names_and_bad_values():
    assert parse_name("ismcts-30+k3-t2-m3-z15-i16")["infer"] == 16
    assert parse_name("ismcts-30+k3-i4") == {"iterations": 30, "rollout": "heuristic", "candidates": 3, "infer": 4}
    assert parse_name("ismcts-30-i4") is None  # the heuristic models the opponent: heuristic rollouts only
    assert parse_name("ismcts-30+k3-i0") is None
    assert isinstance(make_agent("ismcts-4+k2-d5-i4", mitosz()), ISMCTSAgent)
    assert supports(mitosz()) and not supports(cardtable.load("mojo", players=2))
    with pytest.raises(UnknownAgent):  # a game without the hooks refuses the name: every surface says so plainly
        make_agent("ismcts-30+k3-i4", cardtable.load("mojo", players=2))
    with pytest.raises(ValueError, match="inference hooks"):
        ISMCTSAgent(cardtable.load("mojo", players=2), 0, iterations=4, rollout="heuristic", candidates=2, infer=4)
    with pytest.raises(ValueError, match="infer"):
        ISMCTSAgent(mitosz(), 0, iterations=4, infer=4)


def play_two_ways(seed, steps=260):
    """The searching bot at seat 0 of a heuristic game, twice side by side: one copy is always handed the real
    state, the other a state it cannot tell from it (a redeal). Returns both copies' searched decisions."""
    game = mitosz()
    real_bot, twin = ISMCTSAgent(game, seed, **SEARCH), ISMCTSAgent(game, seed, **SEARCH)
    other = make_agent("heuristic", game, 2)
    state = game.new_initial_state(seed=seed)
    decisions = []
    for k in range(steps):
        if state.is_terminal():
            break
        p = state.current_player
        if p == 0:
            action = real_bot.act(Observation(state, 0))
            world = D.determinize(state, 0, Rng(k, "other-world"))
            assert world.view(0) == state.view(0)
            assert twin.act(Observation(world, 0)) == action
            if real_bot.last_search["iterations"]:
                decisions.append((action, real_bot.last_search["actions"]))
                assert twin.last_search["actions"] == real_bot.last_search["actions"]
            assert len(twin._beliefs.items) == len(real_bot._beliefs.items)
        else:
            action = other.act(Observation(state, p))
        state.apply(action)
    return decisions


def test_with_beliefs_the_bot_still_decides_from_its_own_information_alone():
    decisions = play_two_ways(3)
    assert len(decisions) >= 3


def test_same_seed_same_decisions_with_beliefs():
    assert play_two_ways(4, steps=160) == play_two_ways(4, steps=160)
