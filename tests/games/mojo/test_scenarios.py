"""The acceptance scenarios of the Mojo specification (rules/mojo.md, section 9), one test each.

Three players P0, P1, P2, clockwise, one discard pile, default options, unless a scenario says otherwise.
"""

from __future__ import annotations

from cardtable.games.mojo.actions import Draw, Play, Reveal, Stop
from tests.games.mojo.helpers import card, check_zones, hand, pile, play, rejects, reveal, setup, values


def test_scenario_01_MOJO_4_3_1_lower_ends_turn():
    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6, deck_top=[5])
    deck = list(state.deck)
    play(state, 4)
    assert pile(state)[-1] == 4
    assert values(state.hands[0]) == [9, 11, 12, 2]
    assert state.deck == deck  # no draw
    assert state.current_player == 1


def test_scenario_02_MOJO_4_3_2_MOJO_4_4_equal_may_replay():
    state = setup(hands={0: [6, 10, 2, 12, 7]}, top=6, deck_top=[5])
    deck = list(state.deck)
    play(state, 6)
    assert state.current_player == 0
    legal = state.legal_actions()
    assert len(legal) == 5
    assert set(legal) == {Play(card(state, 0, v)) for v in (10, 2, 12, 7)} | {Stop()}
    state.apply({"type": "stop"}, player=0)
    assert values(state.hands[0]) == [10, 2, 12, 7]
    assert state.deck == deck
    assert state.current_player == 1


def test_scenario_02_MOJO_4_4_variant_must_replay():
    state = setup(options={"equal_value_replay": "must"}, hands={0: [6, 10, 2, 12, 7]}, top=6)
    play(state, 6)
    legal = state.legal_actions()
    assert len(legal) == 4
    assert set(legal) == {Play(card(state, 0, v)) for v in (10, 2, 12, 7)}
    rejects(state, Stop(), "MOJO-4.4", player=0)
    assert state.current_player == 0


def test_scenario_03_MOJO_4_3_3_higher_draws():
    state = setup(hands={0: [10, 2, 3, 11, 12]}, top=6, deck_top=[5])
    five = state.deck[-1]
    play(state, 10)
    assert values(state.hands[0]) == [2, 3, 11, 12, 5]
    assert state.hands[0][-1] == five
    assert state.current_player == 1


def test_scenario_04_MOJO_5_2_mojo_moment():
    state = setup(hands={0: [8, 1, 3, 5]}, top=9)
    play(state, 8)
    assert state.hands[0] == []
    assert sorted(values(state.down[0])) == [1, 3, 5]
    assert state.in_mojo[0]
    assert state.rounds == [] and not state.is_terminal()
    assert state.current_player == 1


def test_scenario_05_MOJO_5_1_two_player_threshold():
    state = setup(2, hands={0: [8, 1, 3, 5]}, top=9)
    play(state, 8)
    assert values(state.hands[0]) == [1, 3, 5]
    assert not state.in_mojo[0] and state.down[0] == []
    assert state.current_player == 1


def test_scenario_06_MOJO_5_2_higher_draw_prevents_mojo_moment():
    state = setup(hands={0: [8, 1, 3, 5]}, top=2, deck_top=[7])
    play(state, 8)
    assert values(state.hands[0]) == [1, 3, 5, 7]
    assert not state.in_mojo[0]
    assert state.current_player == 1


def test_scenario_07_MOJO_5_5_MOJO_5_6_reveal_turn():
    state = setup(facedown={0: [1, 3, 5]}, top=9)
    assert sorted(values(a.card for a in state.legal_actions())) == [1, 3, 5]
    assert all(isinstance(a, Reveal) for a in state.legal_actions()) and len(state.legal_actions()) == 3
    rejects(state, Play(card(state, 0, 3, "down")), "MOJO-5.4")
    rejects(state, Play(state.hands[1][0]), "MOJO-5.4")
    deck, piles = list(state.deck), [list(p) for p in state.piles]
    reveal(state, 3)
    assert values(state.up[0]) == [3]
    assert sorted(values(state.down[0])) == [1, 5]
    assert pile(state)[-1] == 9 and state.piles == piles
    assert state.deck == deck
    assert state.current_player == 1


def scenario_8():
    return setup(facedown={0: [5], 1: [2, 12]}, revealed={0: [1, 3]}, hands={2: [7, 6, 10, 9]}, mojo_order=[0, 1])


def test_scenario_08_MOJO_5_7_MOJO_6_3_last_reveal_ends_round():
    state = scenario_8()
    p1_down = sorted(state.down[1])
    p2_hand = sorted(state.hands[2])
    reveal(state, 5)
    assert len(state.rounds) == 1  # round over (a new one has been dealt: target not reached)
    summary = state.rounds[0]
    assert summary["ender"] == 0 and summary["holder"] == 0 and state.holder == 0
    assert summary["cards"][2] == p2_hand  # no further turn was taken
    for viewer in (None, 0, 2):  # P1's 2 and 12 are public
        assert state.view(viewer)["rounds"][0]["cards"][1] == p1_down
    assert values(p1_down) == [2, 12]


def test_scenario_09_MOJO_6_4_MOJO_6_5_2_holder_lowest():
    state = scenario_8()
    reveal(state, 5)
    summary = state.rounds[0]
    assert summary["raw"] == [9, 14, 17]
    assert summary["scores"] == [0, 14, 17]
    assert state.totals == [0, 14, 17]
    assert state.mojo_side == 0 and summary["mojo_side"] == "0"
    assert state.direction == 1
    assert state.current_player == 1


def test_scenario_10_MOJO_6_5_3_MOJO_3_2_MOJO_3_4_holder_not_lowest():
    state = setup(facedown={0: [5], 1: [8]}, revealed={0: [1, 3]}, hands={2: [12, 7, 1, 0]}, mojo_order=[0, 1])
    reveal(state, 5)
    summary = state.rounds[0]
    assert summary["holder"] == 0
    assert summary["raw"] == [9, 8, 20]
    assert summary["scores"] == [19, 8, 20]
    assert state.mojo_side == 10 and summary["mojo_side"] == "+10"
    assert state.direction == -1
    assert state.view(None)["direction"] == "counter-clockwise"
    assert state.current_player == 2


def test_scenario_11_MOJO_6_5_2_mojo_tie_counts_as_lowest():
    state = setup(facedown={0: [8], 1: [8]}, hands={2: [12, 3, 2, 2]}, mojo_order=[0, 1])
    reveal(state, 8)
    summary = state.rounds[0]
    assert summary["holder"] == 0
    assert summary["raw"] == [8, 8, 15]
    assert summary["scores"] == [0, 8, 15]


def test_scenario_12_MOJO_5_8_going_out_ends_round():
    state = setup(hands={0: [4, 4, 4, 2]}, top=4)
    for left in (3, 2, 1):
        play(state, 4)
        assert state.current_player == 0 and len(state.hands[0]) == left and state.rounds == []
    play(state, 2)
    assert len(state.rounds) == 1
    summary = state.rounds[0]
    assert summary["cards"][0] == []
    assert summary["ender"] == 0 and summary["holder"] == 0
    assert summary["raw"][0] == 0 and summary["scores"][0] == 0
    assert summary["scores"][1:] == summary["raw"][1:]


def test_scenario_13_MOJO_3_6_MOJO_4_2_out_of_turn_and_card_not_held():
    state = setup(hands={0: [9, 4, 11, 12, 2], 1: [7, 9, 10, 11, 12]}, top=6)
    assert state.current_player == 0
    rejects(state, Play(card(state, 1, 7)), "MOJO-3.6", player=1)
    assert 77 not in state.hands[0]
    rejects(state, Play(77), "MOJO-4.2", player=0)


TWO = {"discard_piles": 2}


def test_scenario_14_MOJO_8_3_MOJO_8_4_draw_from_the_other_pile():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[8, 3], [4, 9]])
    nine = state.piles[1][-1]
    play(state, 7, pile=0)
    assert state.current_player == 0
    assert state.view(0)["pending"]["draw_choice"] == 1
    assert set(state.legal_actions()) == {Draw("deck"), Draw("pile", 1)}
    state.apply({"type": "draw", "source": "pile", "pile": 1}, player=0)
    assert nine in state.hands[0]
    assert sorted(values(state.hands[0])) == [1, 9, 10, 11, 12]
    assert pile(state, 1) == [4]
    assert state.current_player == 1


def test_scenario_14_MOJO_8_4_variant_last_card_of_other_pile():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[8, 3], [9]], deck_top=[0])
    deck = list(state.deck)
    play(state, 7, pile=0)  # the deck is the only legal source: drawn at once
    assert hand(state, 0) == [0, 1, 10, 11, 12]
    assert state.deck == deck[:-1]
    assert pile(state, 1) == [9]
    assert state.current_player == 1
    rejects(state, Draw("pile", 1), "MOJO-8.4")


def test_scenario_15_MOJO_4_6_empty_draw_pile_reshuffle():
    state = setup(hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 6], deck=[])
    assert state.deck == []
    under = list(state.piles[0])
    play(state, 10)
    assert pile(state) == [10]
    drawn = [c for c in state.hands[0] if c in under]
    assert len(drawn) == 1
    assert sorted(state.deck) == sorted(c for c in under if c not in drawn)
    assert sorted(values(state.hands[0])) == sorted([0, 1, 4, 7] + values(drawn))
    assert state.current_player == 1
    check_zones(state)


def scenario_15_round_end(totals):
    """Round scores P0 12, P1 0 (Mojo holder, raw 4), P2 5.

    The spec's round scores 12, 4, 5 cannot all arise (MOJO-6.5: the holder scores 0 or raw + 10),
    so P1 is the holder scoring 0 and holds 4 more points in its total before scoring.
    """
    return setup(facedown={1: [4]}, revealed={1: [2]}, hands={0: [12, 11, 12, 11], 2: [5, 5, 5, 5]},
                 current=1, totals=totals)


def test_scenario_15_MOJO_7_1_MOJO_7_3_game_end():
    state = scenario_15_round_end([40, 34, 25])
    reveal(state, 4)
    assert state.rounds[0]["raw"] == [12, 4, 5]
    assert state.rounds[0]["scores"] == [12, 0, 5]
    assert state.totals == [52, 34, 30]
    assert state.is_terminal() and state.current_player == -1
    assert state.winners == [2]
    assert state.returns() == [0.0, 0.0, 1.0]


def test_scenario_15_MOJO_7_3_variant_tied_winners():
    state = scenario_15_round_end([40, 30, 25])
    reveal(state, 4)
    assert state.totals == [52, 30, 30]
    assert state.is_terminal()
    assert state.winners == [1, 2]
    assert state.returns() == [0.0, 0.5, 0.5]
