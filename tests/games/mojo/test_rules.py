"""One test (or more) per rule of the Mojo specification (rules/mojo.md, sections 3, 4 and 6).

Positions are built with ``setup`` (tests/games/mojo/helpers.py); cards are named by value.
Seats are P0, P1, P2 (three players, one discard pile, default options) unless a test says otherwise.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable import IllegalAction, OptionError
from cardtable.engine import Action, action
from cardtable.engine.rng import Rng
from cardtable.games.mojo import cards as C
from cardtable.games.mojo.actions import Draw, Play, Reveal, Stop
from tests.games.mojo.helpers import (
    ALL_IDS, card, check_zones, hand, pile, play, rejects, reveal, setup, values,
)


# -- shared tools ----------------------------------------------------------------------------------


def end_of_round(**kw):
    """Spec scenario 8: P0 reveals the last face-down card next. Raw scores P0 9, P1 14, P2 17."""
    args = dict(facedown={0: [5], 1: [2, 12]}, revealed={0: [1, 3]}, hands={2: [7, 6, 10, 9]},
                mojo_order=[0, 1])
    args.update(kw)
    return setup(**args)


def finish_round(state, value=5):
    """The player to act (in the Mojo moment) reveals their last face-down card."""
    reveal(state, value)
    return state.rounds[-1]


def play_random_game(seed, players=3, options=None, max_actions=20000, check=None):
    state = cardtable.load("mojo", players=players, options=options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        if check:
            check(state)
        state.apply(rng.choice(state.legal_actions()), player=state.current_player)
    raise AssertionError("the game did not end")


def fresh(players=3, options=None, seed=0):
    return cardtable.load("mojo", players=players, options=options).new_initial_state(seed=seed)


def end_turn_any(state):
    """The player to act ends a normal turn with any card (stopping after an equal play)."""
    p = state.current_player
    state.apply(Play(state.hands[p][0]), player=p)
    if state.phase == 1:  # replay pending
        state.apply(Stop(), player=p)
    return p


# == MOJO-1 Game structure ==========================================================================
def test_MOJO_1_1_game_is_one_or_more_rounds():
    seen = []

    def check(state):
        check_zones(state)  # INV-1 at every step of every round
        assert state.round_no == len(state.rounds) + 1

    for seed in range(3):
        state = play_random_game(seed, check=check)
        assert state.is_terminal() and state.current_player == -1
        assert len(state.rounds) >= 1
        assert [r["round"] for r in state.rounds] == list(range(1, len(state.rounds) + 1))
        seen.append(len(state.rounds))
    assert max(seen) > 1  # a game with several rounds occurred


def test_MOJO_1_1_round_end_below_target_continues_the_game():
    state = end_of_round()
    finish_round(state)
    assert not state.is_terminal()
    assert state.round_no == 2 and len(state.rounds) == 1


def test_MOJO_1_2_each_round_is_set_up_fresh_with_all_78_cards():
    state = end_of_round()
    finish_round(state)
    check_zones(state)
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert [len(p) for p in state.piles] == [1]
    assert len(state.deck) == 78 - 24 - 1
    assert state.down == [[], [], []] and state.up == [[], [], []]


def test_MOJO_1_3_totals_start_at_zero():
    state = fresh()
    assert state.totals == [0, 0, 0]
    assert state.scores() == [0, 0, 0]
    assert [s["total"] for s in state.view(None)["seats"]] == [0, 0, 0]


def test_MOJO_1_4_round_scores_are_added_to_totals():
    state = end_of_round(totals=[10, 20, 30])
    summary = finish_round(state)
    assert summary["scores"] == [0, 14, 17]
    assert state.totals == [10, 34, 47]
    assert summary["totals"] == [10, 34, 47]
    assert not state.is_terminal()  # the game end was checked: 47 < 50


def test_MOJO_1_4_every_round_is_added_not_only_the_first():
    # two whole rounds of a seeded random game: each round's scores are added to what the totals were
    state = fresh(seed=2)
    rng = random.Random(2)
    for _ in range(20000):
        if len(state.rounds) == 2:
            break
        state.apply(rng.choice(state.legal_actions()), player=state.current_player)
    first, second = state.rounds
    assert any(second["scores"])
    assert first["totals"] == first["scores"]
    assert second["totals"] == [a + b for a, b in zip(first["scores"], second["scores"])]
    assert state.totals == second["totals"]


# == MOJO-2 Setup of a round =======================================================================
def test_MOJO_2_1_shuffle_is_seeded():
    a, b, c = fresh(seed=11), fresh(seed=11), fresh(seed=12)
    assert a.snapshot() == b.snapshot()
    assert a.hands != c.hands
    for s in (a, c):
        check_zones(s)


def test_MOJO_2_1_the_deal_comes_from_a_shuffled_deck():
    # Unshuffled, the top 24 cards (IDs 54 to 77, the highest values) would be dealt in every game.
    dealt = [frozenset(c for h in fresh(3, {"first_player": 0}, seed=s).hands for c in h) for s in range(3)]
    assert len(set(dealt)) == 3
    assert frozenset(range(54, 78)) not in dealt


@pytest.mark.parametrize("players", range(2, 9))
def test_MOJO_2_2_deal_eight_each(players):
    state = fresh(players)
    assert [len(h) for h in state.hands] == [8] * players
    check_zones(state)


def test_MOJO_2_2_deal_one_at_a_time_from_the_first_player():
    # Re-create the seeded shuffle (MOJO-2.1) to see the order of dealing.
    state = fresh(3, {"first_player": 1}, seed=5)
    deck = list(range(78))
    Rng(5).shuffle(deck)
    dealt = deck[::-1]  # the top card (last element) is dealt first
    order = [1, 2, 0]  # from the first player, clockwise
    expect = [[], [], []]
    for i in range(24):
        expect[order[i % 3]].append(dealt[i])
    assert state.hands == expect
    assert state.piles == [[dealt[24]]]  # MOJO-2.3: the next card starts the discard pile
    assert state.deck == deck[: 78 - 25]  # MOJO-2.6


def test_MOJO_2_2_deal_follows_the_round_direction():
    # "+10" side: the next round runs counter-clockwise from P2, so the deal goes P2, P1, P0
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    deck = list(range(78))
    state.rng.copy().shuffle(deck)  # the next round's shuffle (MOJO-2.1): nothing draws on the rng before it
    finish_round(state)
    assert state.direction == -1 and state.round_first == 2
    dealt = deck[::-1]
    order = [2, 1, 0]
    expect = [[], [], []]
    for i in range(24):
        expect[order[i % 3]].append(dealt[i])
    assert state.hands == expect


def test_MOJO_2_2_hand_size_must_exceed_the_mojo_threshold():
    for players, size in ((3, 3), (2, 2)):  # threshold 3, and 2 with two players (MOJO-5.1)
        with pytest.raises(OptionError):
            cardtable.load("mojo", players=players, options={"hand_size": size})
    assert [len(h) for h in fresh(3, {"hand_size": 4}).hands] == [4, 4, 4]
    assert [len(h) for h in fresh(2, {"hand_size": 3}).hands] == [3, 3]


def test_MOJO_2_3_one_face_up_start_card():
    state = fresh()
    assert len(state.piles) == 1 and len(state.piles[0]) == 1
    assert state.view(None)["piles"] == state.piles  # face up: every seat sees it
    # its value is the value to beat: a lower card ends the turn, a higher one draws
    state = setup(hands={0: [3, 9, 9, 9, 9]}, top=5)
    play(state, 3)
    assert state.current_player == 1 and hand(state, 0) == [9, 9, 9, 9]


def test_MOJO_2_3_start_card_is_the_top_of_the_draw_pile_after_the_deal():
    state = fresh(3, {"first_player": 0}, seed=9)
    deck = list(range(78))
    Rng(9).shuffle(deck)
    assert state.piles == [[deck[78 - 25]]]  # 24 cards dealt from the top (the end), then the next one
    assert state.deck == deck[: 78 - 25]
    for bad in (1, -1):  # one discard pile: pile 0 only
        rejects(state, Play(state.hands[0][0], bad), "MOJO-2.3")


def test_MOJO_2_4_first_round_mojo_card_zero_side_up():
    state = fresh()
    assert state.mojo_side == 0
    assert state.direction == 1
    assert state.holder is None
    assert state.view(None)["mojo_card"] == {"side": "0", "holder": None}


def test_MOJO_2_5_later_round_keeps_the_side_of_the_last_round():
    # P0 (holder, raw 9) is not lowest: P1 has raw 8 -> "+10" side
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.round_no == 2
    assert state.mojo_side == 10
    assert state.view(None)["mojo_card"]["side"] == "+10"
    assert state.direction == -1


def test_MOJO_2_6_remaining_cards_form_the_draw_pile():
    for players in (2, 5, 8):
        state = fresh(players)
        assert len(state.deck) == 78 - 8 * players - 1
        dealt = {c for h in state.hands for c in h} | set(state.piles[0])
        assert set(state.deck) == set(ALL_IDS) - dealt
        assert state.view(0)["draw_pile"] == len(state.deck)


def test_MOJO_2_7_nobody_in_mojo_moment_at_round_start():
    assert fresh().in_mojo == [False, False, False]
    state = end_of_round()  # P0 and P1 are in the Mojo moment
    finish_round(state)
    assert state.in_mojo == [False, False, False]
    assert state.mojo_order == []


# == MOJO-3 Turn order ==============================================================================
def test_MOJO_3_1_clockwise_is_seat_plus_one():
    state = setup(hands={0: [2, 9, 10, 11, 12], 1: [2, 9, 10, 11, 12], 2: [2, 9, 10, 11, 12]}, top=12)
    play(state, 2)
    assert state.current_player == 1
    play(state, 9, p=1)  # higher than 2: draws, turn ends
    assert state.current_player == 2
    play(state, 2, p=2)
    assert state.current_player == 0  # (2 + 1) mod 3


def test_MOJO_3_2_zero_side_clockwise_plus_ten_side_counter_clockwise():
    state = fresh(seed=3)
    p = end_turn_any(state)
    assert state.current_player == (p + 1) % 3
    # a round whose holder is not lowest turns the card to "+10": the next round runs counter-clockwise
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.mojo_side == 10
    p = end_turn_any(state)
    assert state.current_player == (p - 1) % 3
    p = end_turn_any(state)
    assert state.current_player == (p - 1) % 3


def test_MOJO_3_3_first_player_of_round_one_is_seeded_random():
    firsts = {seed: fresh(4, seed=seed).current_player for seed in range(40)}
    assert set(firsts.values()) == {0, 1, 2, 3}
    assert all(fresh(4, seed=s).current_player == p for s, p in list(firsts.items())[:5])


def test_MOJO_3_3_first_player_option_names_a_seat():
    assert fresh(4, {"first_player": 3}).current_player == 3
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=4, options={"first_player": 4})


def test_MOJO_3_4_later_round_starts_after_the_holder_in_the_new_direction():
    state = end_of_round()  # holder P0 lowest: "0", clockwise -> P1
    finish_round(state)
    assert state.current_player == 1
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})  # "+10" -> P2
    finish_round(state)
    assert state.current_player == 2
    # holder P2, lowest, clockwise: wraps round to P0
    state = setup(facedown={2: [0]}, hands={0: [12, 12, 12, 12], 1: [11, 11, 11, 11]}, current=2)
    finish_round(state, 0)
    assert state.rounds[-1]["holder"] == 2
    assert state.current_player == 0
    assert state.rounds[-1]["first_player"] == 2 and state.round_first == 0


def test_MOJO_3_5_players_in_mojo_moment_keep_taking_turns():
    state = setup(hands={0: [2, 9, 10, 11, 12], 2: [2, 9, 10, 11, 12]}, facedown={1: [4, 7]}, top=12)
    play(state, 2)
    assert state.current_player == 1
    assert state.legal_actions() == [Reveal(card=c) for c in state.down[1]]
    reveal(state, 4)
    assert state.current_player == 2


def test_MOJO_3_6_only_the_player_to_act_may_act():
    state = setup(hands={0: [6, 9, 10, 11, 12], 1: [7, 9, 10, 11, 12]}, top=6)
    rejects(state, Play(card(state, 1, 7)), "MOJO-3.6", player=1)
    play(state, 6)  # equal: P0 keeps the turn
    rejects(state, Stop(), "MOJO-3.6", player=1)
    rejects(state, Stop(), "MOJO-3.6", player=2)
    state.apply(Stop(), player=0)
    assert state.current_player == 1
    rejects(state, Play(card(state, 0, 9)), "MOJO-3.6", player=0)


# == MOJO-4 A normal turn ===========================================================================
def test_MOJO_4_1_must_play_no_pass():
    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6)
    assert state.legal_actions() == [Play(c, 0) for c in state.hands[0]]
    rejects(state, Stop(), "MOJO-4.3.2")
    rejects(state, Draw("deck"), "MOJO-4.3.3")
    rejects(state, Reveal(card=state.hands[0][0]), "MOJO-5.5")


def test_MOJO_4_2_play_moves_own_card_onto_the_pile():
    state = setup(hands={0: [9, 4, 11, 12, 2], 1: [7, 9, 9, 9, 9]}, top=6)
    cid = card(state, 0, 4)
    state.apply(Play(cid), player=0)
    assert state.piles[0][-1] == cid
    assert cid not in state.hands[0]
    check_zones(state)


def test_MOJO_4_2_only_own_hand_cards_can_be_played():
    state = setup(hands={0: [9, 4, 11, 12, 2], 1: [7, 9, 9, 9, 9]}, top=6, deck_top=[5])
    rejects(state, Play(card(state, 1, 7)), "MOJO-4.2")  # another player's card
    rejects(state, Play(state.piles[0][-1]), "MOJO-4.2")  # the pile's top card
    rejects(state, Play(state.deck[-1]), "MOJO-4.2")  # a draw-pile card
    rejects(state, Play(99), "MOJO-4.2")  # no such card
    rejects(state, Play(-1), "MOJO-4.2")


def test_MOJO_4_2_one_pile_game_has_only_pile_zero():
    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6)
    rejects(state, Play(card(state, 0, 4), 1), "MOJO-2.3")


@pytest.mark.parametrize("played, turn_goes_on, draws", [(5, False, False), (6, True, False), (7, False, True)])
def test_MOJO_4_3_compare_with_the_covered_card(played, turn_goes_on, draws):
    state = setup(hands={0: [played, 0, 0, 12, 12]}, top=6, deck_top=[11])
    deck = list(state.deck)
    play(state, played)
    assert (state.current_player == 0) is turn_goes_on
    assert (state.phase == 1) is turn_goes_on
    assert (state.deck == deck[:-1]) is draws and (state.deck == deck) is not draws
    assert hand(state, 0) == ([0, 0, 11, 12, 12] if draws else [0, 0, 12, 12])


def test_MOJO_4_3_compare_with_the_covered_card_not_an_older_one():
    # pile 0, 12, 6 (top): a 5 is lower than the 6 it covers, though higher than the 0 at the bottom
    state = setup(hands={0: [5, 9, 9, 9, 9]}, top=[0, 12, 6], deck_top=[11])
    deck = list(state.deck)
    play(state, 5)
    assert state.current_player == 1 and state.deck == deck and hand(state, 0) == [9, 9, 9, 9]


def test_MOJO_4_3_1_lower_ends_turn():
    state = setup(hands={0: [0, 9, 9, 9, 9]}, top=12, deck_top=[5])
    deck = list(state.deck)
    play(state, 0)
    assert state.current_player == 1
    assert state.deck == deck
    assert hand(state, 0) == [9, 9, 9, 9]
    assert pile(state) == [12, 0]


def test_MOJO_4_3_1_one_lower_ends_turn():
    state = setup(hands={0: [5, 9, 9, 9, 9]}, top=6, deck_top=[11])
    deck = list(state.deck)
    play(state, 5)
    assert state.current_player == 1 and state.phase == 0
    assert state.deck == deck and hand(state, 0) == [9, 9, 9, 9]


def test_MOJO_4_3_2_equal_value_may_play_again():
    state = setup(hands={0: [6, 6, 7, 2, 12, 12]}, top=6, deck_top=[5])
    deck = list(state.deck)
    play(state, 6)
    assert state.current_player == 0 and state.phase == 1
    assert set(state.legal_actions()) == {Play(c) for c in state.hands[0]} | {Stop()}
    assert state.view(1)["pending"] == {"replay": True, "draw_choice": None}
    play(state, 6)  # equal again: the turn still goes on
    assert state.current_player == 0
    play(state, 7)  # compared with the new top (6): higher, so a draw
    assert hand(state, 0) == [2, 5, 12, 12]
    assert state.deck == deck[:-1]
    assert state.current_player == 1


def test_MOJO_4_3_2_equal_then_lower_ends_turn():
    state = setup(hands={0: [6, 2, 12, 12, 12, 12]}, top=6, deck_top=[5])
    deck = list(state.deck)
    play(state, 6)
    play(state, 2)  # compared with the new top (6): lower
    assert state.current_player == 1 and hand(state, 0) == [12, 12, 12, 12]
    assert state.deck == deck and pile(state) == [6, 6, 2]


def test_MOJO_4_3_2_stop_ends_turn_without_drawing():
    state = setup(hands={0: [6, 10, 2, 12, 7]}, top=6, deck_top=[5])
    deck = list(state.deck)
    play(state, 6)
    state.apply(Stop(), player=0)
    assert hand(state, 0) == [2, 7, 10, 12]
    assert state.deck == deck
    assert state.current_player == 1 and state.phase == 0


def test_MOJO_4_3_2_stop_only_right_after_an_equal_play():
    state = setup(hands={0: [6, 2, 12, 12, 12]}, top=6)
    rejects(state, Stop(), "MOJO-4.3.2", player=0)  # start of the turn: no equal play yet
    play(state, 2)  # lower: the turn passes to P1
    rejects(state, Stop(), "MOJO-4.3.2", player=1)


def test_MOJO_4_3_2_equal_play_emptying_the_hand_ends_the_turn():
    state = setup(hands={0: [4, 4, 4, 4]}, top=4)
    for _ in range(4):
        play(state, 4)
    assert state.rounds[-1]["ender"] == 0  # the turn (and the round, MOJO-5.8) ended


def test_MOJO_4_3_3_higher_draws_one_then_turn_ends():
    state = setup(hands={0: [10, 2, 3, 11, 12]}, top=6, deck_top=[5, 0])
    top_id = state.deck[-1]
    play(state, 10)
    assert top_id in state.hands[0]
    assert hand(state, 0) == [2, 3, 5, 11, 12]
    assert values(state.deck[-1:]) == [0]
    assert state.current_player == 1
    assert pile(state) == [6, 10]


def test_MOJO_4_4_may_stop_by_default():
    state = setup(hands={0: [6, 10, 2, 12, 7]}, top=6)
    play(state, 6)
    assert Stop() in state.legal_actions()


def test_MOJO_4_4_must_play_again_option():
    state = setup(options={"equal_value_replay": "must"}, hands={0: [6, 10, 2, 12, 7]}, top=6)
    play(state, 6)
    assert state.legal_actions() == [Play(c) for c in state.hands[0]]
    rejects(state, Stop(), "MOJO-4.4")
    rejects(state, {"type": "stop"}, "MOJO-4.4", player=0)
    play(state, 2)
    assert state.current_player == 1


def test_MOJO_4_5_draw_takes_the_top_of_the_draw_pile():
    state = setup(hands={0: [10, 2, 3, 11, 12]}, top=6, deck_top=[7, 8, 9])
    deck = list(state.deck)
    play(state, 10)
    assert state.hands[0][-1] == deck[-1]
    assert state.deck == deck[:-1]
    assert values(state.deck[-2:]) == [9, 8]
    assert state.view(0)["draw_pile"] == len(deck) - 1


def test_MOJO_4_6_empty_draw_pile_reshuffles_all_but_the_top_card():
    state = setup(hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 6], deck=[])
    under = set(state.piles[0])
    play(state, 10)
    assert pile(state) == [10]
    drawn = set(state.hands[0]) & under
    assert len(drawn) == 1
    assert set(state.deck) == under - drawn and len(state.deck) == 3
    assert hand(state, 0) == sorted([0, 1, 4, 7] + values(drawn))
    assert state.current_player == 1
    check_zones(state)


def test_MOJO_4_6_reshuffle_is_seeded():
    a = setup(hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 3, 9, 11, 6], deck=[], seed=4)
    b = setup(hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 3, 9, 11, 6], deck=[], seed=4)
    play(a, 10)
    play(b, 10)
    assert a.snapshot() == b.snapshot()


def test_MOJO_4_6_reshuffle_shuffles_with_the_game_rng():
    state = setup(hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 3, 9, 11, 6], deck=[], seed=4)
    pool = list(state.piles[0])  # all of it: the played 10 becomes the top card that stays
    expect = list(pool)
    state.rng.copy().shuffle(expect)
    assert expect != pool  # with this seed the shuffle does move the cards
    play(state, 10)
    assert state.hands[0][-1] == expect[-1]  # the top card of the shuffled pile is drawn
    assert state.deck == expect[:-1]


def test_MOJO_4_6_skip_option_skips_the_draw():
    state = setup(options={"empty_draw_pile": "skip"}, hands={0: [10, 0, 1, 4, 7]}, top=[5, 8, 2, 6], deck=[])
    play(state, 10)
    assert pile(state) == [5, 8, 2, 6, 10]
    assert state.deck == []
    assert hand(state, 0) == [0, 1, 4, 7]
    assert state.current_player == 1


def test_MOJO_4_7_only_values_are_compared():
    # same colour (red) but higher value: not "equal", the player draws
    state = setup(hands={0: [12, 0, 0, 9, 9]}, top=11, deck_top=[5])
    play(state, 12)
    assert hand(state, 0) == [0, 0, 5, 9, 9] and state.current_player == 1
    # other colour, lower value: lower
    state = setup(hands={0: [4, 0, 0, 9, 9]}, top=5, deck_top=[5])
    play(state, 4)
    assert hand(state, 0) == [0, 0, 9, 9] and state.current_player == 1
    # other colour, higher value: higher
    state = setup(hands={0: [8, 0, 0, 9, 9]}, top=7, deck_top=[5])
    play(state, 8)
    assert hand(state, 0) == [0, 0, 5, 9, 9]


# == MOJO-5 Mojo moment =============================================================================
def test_MOJO_5_1_threshold_three_with_three_or_more_players():
    for players in (3, 5, 8):
        state = setup(players, hands={0: [8, 1, 3, 5]}, top=9)
        assert state.view(0)["threshold"] == 3
        play(state, 8)
        assert state.in_mojo[0] and sorted(values(state.down[0])) == [1, 3, 5]


def test_MOJO_5_1_threshold_two_with_two_players():
    state = setup(2, hands={0: [8, 1, 3, 5]}, top=9)
    assert state.view(0)["threshold"] == 2
    play(state, 8)
    assert not state.in_mojo[0] and hand(state, 0) == [1, 3, 5]
    state = setup(2, hands={0: [8, 1, 3]}, top=9)
    play(state, 8)
    assert state.in_mojo[0] and sorted(values(state.down[0])) == [1, 3]


def test_MOJO_5_2_at_or_below_threshold_enters_mojo_moment():
    state = setup(hands={0: [8, 1, 3, 5]}, top=9)
    play(state, 8)
    assert state.hands[0] == []
    assert sorted(values(state.down[0])) == [1, 3, 5]
    assert state.in_mojo[0] and state.mojo_order == [0]
    assert state.view(1)["seats"][0]["facedown_size"] == 3
    check_zones(state)


def test_MOJO_5_2_above_threshold_no_mojo_moment():
    state = setup(hands={0: [8, 1, 3, 5, 6]}, top=9)
    play(state, 8)
    assert not state.in_mojo[0] and hand(state, 0) == [1, 3, 5, 6]
    assert state.down[0] == []


def test_MOJO_5_2_checked_only_at_the_end_of_the_turn():
    state = setup(hands={0: [4, 4, 1, 2, 3]}, top=4)
    play(state, 4)
    play(state, 4)  # three cards left, but the turn goes on
    assert not state.in_mojo[0] and hand(state, 0) == [1, 2, 3]
    assert state.current_player == 0
    state.apply(Stop(), player=0)
    assert state.in_mojo[0] and sorted(values(state.down[0])) == [1, 2, 3]
    assert state.current_player == 1


def test_MOJO_5_3_first_trigger_starts_the_moment_others_play_on_and_may_join():
    state = setup(hands={0: [8, 1, 3, 5], 1: [7, 0, 2, 4], 2: [2, 9, 9, 9, 9]}, top=9)
    play(state, 8)
    assert state.mojo_order == [0]
    assert state.legal_actions() == [Play(c) for c in state.hands[1]]  # P1 plays normally
    play(state, 7, p=1)
    assert state.mojo_order == [0, 1]
    assert state.in_mojo == [True, True, False]
    play(state, 2, p=2)
    assert not state.in_mojo[2] and state.current_player == 0


def test_MOJO_5_4_mojo_player_cannot_play_draw_or_receive():
    state = setup(facedown={0: [1, 3, 5]}, hands={1: [10, 9, 9, 11, 11], 2: [12, 9, 9, 11, 11]}, top=9,
                  deck_top=[0, 0])
    rejects(state, Play(card(state, 1, 10)), "MOJO-5.4")
    rejects(state, Play(card(state, 0, 1, "down")), "MOJO-5.4")
    with pytest.raises(IllegalAction) as info:
        before = state.snapshot()
        state.apply(Draw("deck"), player=0)
    assert info.value.rule in ("MOJO-5.4", "MOJO-4.3.3")
    assert state.snapshot() == before
    rejects(state, Stop(), "MOJO-4.3.2")
    reveal(state, 1)
    play(state, 10, p=1)  # P1 draws
    play(state, 12, p=2)  # P2 draws
    assert state.hands[0] == [] and sorted(values(state.down[0])) == [3, 5]


def test_MOJO_5_5_reveal_exactly_one_card_of_own_choice():
    state = setup(facedown={0: [1, 3, 5]}, top=9)
    assert sorted(state.legal_actions(), key=lambda a: a.card) == [Reveal(card=c) for c in sorted(state.down[0])]
    rejects(state, Reveal(card=state.hands[1][0]), "MOJO-5.5")
    rejects(state, Reveal(card=state.piles[0][-1]), "MOJO-5.5")
    reveal(state, 5)  # any of the three; the player chooses
    assert values(state.up[0]) == [5]
    assert state.current_player == 1  # that was the whole turn


def test_MOJO_5_5_only_mojo_players_reveal():
    state = setup(hands={0: [1, 3, 5, 7, 9]}, top=9)
    rejects(state, Reveal(card=card(state, 0, 1)), "MOJO-5.5")


def test_MOJO_5_5_reveal_position_must_be_in_the_row():
    state = setup(options={"owner_sees_facedown": False}, facedown={0: [1, 3, 5]}, top=9)
    for bad in (3, -1, 99):
        rejects(state, Reveal(position=bad), "MOJO-5.5")


def test_MOJO_5_6_revealed_card_stays_in_front_no_comparison_no_draw():
    state = setup(facedown={0: [1, 3, 5]}, top=2, deck_top=[7])
    deck, piles = list(state.deck), [list(p) for p in state.piles]
    reveal(state, 3)  # 3 is higher than the top 2: no draw all the same
    assert values(state.up[0]) == [3]
    assert sorted(values(state.down[0])) == [1, 5]
    assert state.deck == deck and state.piles == piles and state.hands[0] == []
    assert state.view(2)["seats"][0]["revealed"] == state.up[0]
    check_zones(state)


def test_MOJO_5_7_last_reveal_ends_the_round_at_once():
    state = end_of_round()
    p2_cards = sorted(state.hands[2])
    summary = finish_round(state)
    assert summary["ender"] == 0
    assert summary["cards"][2] == p2_cards  # P2 took no further turn
    assert state.round_no == 2


def test_MOJO_5_8_going_out_ends_the_round():
    state = setup(hands={0: [4, 4, 4, 4], 1: [12, 12, 12, 12], 2: [11, 11, 11, 11]}, top=4)
    for _ in range(4):
        play(state, 4)
    summary = state.rounds[-1]
    assert summary["ender"] == 0 and summary["holder"] == 0
    assert summary["cards"][0] == [] and summary["raw"] == [0, 12, 11]
    assert summary["scores"] == [0, 12, 11]


def test_MOJO_5_8_last_play_higher_draws_so_no_going_out():
    state = setup(hands={0: [4, 4, 4, 9]}, top=4, deck_top=[7])
    for v in (4, 4, 4, 9):
        play(state, v)
    assert state.rounds == []
    assert state.in_mojo[0] and values(state.down[0]) == [7]
    assert state.current_player == 1


def test_MOJO_5_9_enter_mojo_moment_at_most_once():
    state = setup(hands={0: [8, 1, 3, 5], 1: [2, 9, 9, 11, 11, 12], 2: [2, 9, 9, 11, 11]}, top=9)
    play(state, 8)
    play(state, 2, p=1)
    play(state, 9, p=2)
    reveal(state, 1)
    play(state, 9, p=1)  # equal to P2's 9
    state.apply(Stop(), player=1)
    play(state, 9, p=2)
    state.apply(Stop(), player=2)
    reveal(state, 3)
    assert state.current_player == 1
    assert state.mojo_order == [0]
    assert len(state.down[0]) + len(state.up[0]) == 3  # INV-5
    assert state.hands[0] == []


# == MOJO-6 Round end and scoring ===================================================================
def test_MOJO_6_1_round_ender_is_who_caused_the_end():
    state = end_of_round()
    summary = finish_round(state)
    assert summary["ender"] == 0


def test_MOJO_6_1_round_ender_need_not_be_the_first_in_the_mojo_moment():
    # P0 entered the Mojo moment first; P1 reveals its last card and so ends the round
    state = setup(facedown={1: [5], 0: [0, 0]}, hands={2: [7, 6, 10, 9]}, current=1, mojo_order=[0, 1])
    summary = finish_round(state, 5)
    assert summary["ender"] == 1


def test_MOJO_6_2_all_face_down_rows_are_revealed():
    state = end_of_round()
    p1_down = sorted(state.down[1])
    finish_round(state)
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["rounds"][-1]["cards"][1] == p1_down
    assert values(state.rounds[-1]["cards"][1]) == [2, 12]


def test_MOJO_6_2_at_game_end_every_seat_shows_hand_and_face_down_row():
    state = end_of_round(totals=[0, 0, 40])  # P2 reaches 57: the game ends with this round
    down1, hand2 = sorted(state.down[1]), sorted(state.hands[2])
    finish_round(state)
    assert state.is_terminal()
    for viewer in (None, 0, 1, 2):
        seats = state.view(viewer)["seats"]
        assert seats[1]["facedown"] == down1 and seats[2]["hand"] == hand2


def test_MOJO_6_3_round_ender_takes_the_mojo_card():
    state = setup(facedown={1: [5], 0: [0, 0]}, hands={2: [7, 6, 10, 9]}, current=1, mojo_order=[0, 1])
    summary = finish_round(state, 5)
    assert summary["holder"] == 1 and state.holder == 1
    assert state.view(None)["mojo_card"]["holder"] == 1


def test_MOJO_6_3_option_first_trigger_gives_the_card_to_the_first_in_the_mojo_moment():
    # P0 entered the Mojo moment first; P1 ends the round (option mojo_card_to, OP-9)
    state = setup(options={"mojo_card_to": "first_trigger"}, facedown={1: [5], 0: [0, 0]},
                  hands={2: [7, 6, 10, 9]}, current=1, mojo_order=[0, 1])
    summary = finish_round(state, 5)
    assert summary["ender"] == 1 and summary["holder"] == 0 and state.holder == 0


def test_MOJO_6_4_raw_score_is_highest_per_colour():
    state = setup(facedown={0: [12]}, revealed={0: [11, 4, 0]},
                  hands={1: list(range(13)), 2: [10, 8, 9, 2, 3, 4, 4, 4]})
    summary = finish_round(state, 12)  # hand, face-down and revealed rows all count
    assert summary["raw"] == [12 + 0 + 4, 1 + 4 + 7 + 10 + 12, 10 + 4]
    assert summary["raw"][1] == C.MAX_RAW_SCORE == 34


def test_MOJO_6_5_round_score_of_every_player():
    for kw, scores in (
        ({}, [0, 14, 17]),  # holder lowest
        (dict(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]}), [19, 8, 20]),  # holder not lowest
    ):
        summary = finish_round(end_of_round(**kw))
        holder = summary["holder"]
        assert summary["scores"] == scores
        for i, (raw, score) in enumerate(zip(summary["raw"], summary["scores"])):
            if i != holder:
                assert score == raw
        assert summary["scores"][holder] in (0, summary["raw"][holder] + 10)


def test_MOJO_6_5_1_non_holders_score_raw():
    summary = finish_round(end_of_round())
    assert summary["raw"] == [9, 14, 17]
    assert summary["scores"][1:] == [14, 17]


def test_MOJO_6_5_2_holder_lowest_or_tied_scores_zero():
    summary = finish_round(end_of_round())
    assert summary["raw"] == [9, 14, 17] and summary["scores"][0] == 0
    # tie: holder raw 8, P1 raw 8
    state = setup(facedown={0: [8], 1: [8]}, hands={2: [12, 3, 4, 4]})
    summary = finish_round(state, 8)
    assert summary["raw"] == [8, 8, 16]
    assert summary["scores"] == [0, 8, 16]


def test_MOJO_6_5_3_holder_not_lowest_scores_raw_plus_ten():
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    summary = finish_round(state)
    assert summary["raw"] == [9, 8, 20]
    assert summary["scores"] == [19, 8, 20]


def test_MOJO_6_6_mojo_card_turned_to_match_the_holder_score():
    state = end_of_round(mojo_side=10)  # the card lies on "+10" from an earlier round
    finish_round(state)
    assert state.mojo_side == 0 and state.rounds[-1]["mojo_side"] == "0"
    assert state.holder == 0
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.mojo_side == 10 and state.rounds[-1]["mojo_side"] == "+10"
    assert state.direction == -1


def test_MOJO_6_7_round_scores_added_to_totals():
    state = end_of_round(facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]}, totals=[1, 2, 3])
    finish_round(state)
    assert state.totals == [20, 10, 23]
    assert state.scores() == [20, 10, 23]


# == MOJO-7 Game end ================================================================================
def test_MOJO_7_1_game_ends_at_target():
    state = end_of_round(totals=[0, 0, 33])  # P2 scores 17: exactly 50
    finish_round(state)
    assert state.is_terminal() and state.current_player == -1
    assert state.totals == [0, 14, 50]
    assert state.legal_actions() == []
    assert state.view(None)["result"] == {"winners": [0], "totals": [0, 14, 50]}


def test_MOJO_7_1_below_target_no_game_end():
    state = end_of_round(totals=[0, 0, 32])  # 49
    finish_round(state)
    assert not state.is_terminal()
    assert state.totals == [0, 14, 49]
    assert state.returns() == [0.0, 0.0, 0.0]


def test_MOJO_7_2_otherwise_a_new_round_begins():
    state = end_of_round(totals=[5, 5, 5])
    finish_round(state)
    assert state.round_no == 2 and state.phase == 0
    assert state.current_player == 1
    assert [len(h) for h in state.hands] == [8, 8, 8]
    assert state.legal_actions() == [Play(c) for c in state.hands[1]]
    check_zones(state)


def test_MOJO_7_3_lowest_total_wins():
    state = end_of_round(totals=[40, 30, 40])
    finish_round(state)
    assert state.totals == [40, 44, 57]
    assert state.winners == [0]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_MOJO_7_3_tied_lowest_share_the_win():
    state = end_of_round(totals=[44, 30, 40])  # 44, 44, 57
    finish_round(state)
    assert state.winners == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]


# == MOJO-8 Two discard piles =======================================================================
TWO = {"discard_piles": 2}


def test_MOJO_8_1_two_start_cards():
    state = fresh(3, TWO)
    assert [len(p) for p in state.piles] == [1, 1]
    assert len(state.deck) == 78 - 24 - 2
    check_zones(state)


def test_MOJO_8_1_start_cards_are_the_top_two_after_the_deal():
    state = fresh(3, {**TWO, "first_player": 0}, seed=9)
    deck = list(range(78))
    Rng(9).shuffle(deck)
    assert state.piles == [[deck[78 - 25]], [deck[78 - 26]]]
    assert state.deck == deck[: 78 - 26]


def test_MOJO_8_2_choose_pile_compare_with_its_top():
    state = setup(options=TWO, hands={0: [5, 0, 0, 12, 12]}, piles=[[9], [2]], deck_top=[7])
    assert set(state.legal_actions()) == {Play(c, p) for c in state.hands[0] for p in (0, 1)}
    s2 = state.clone()
    play(state, 5, pile=0)  # lower than 9
    assert state.current_player == 1 and hand(state, 0) == [0, 0, 12, 12]
    assert pile(state, 0) == [9, 5] and pile(state, 1) == [2]
    play(s2, 5, pile=1)  # higher than 2; pile 1 has one card, so the deck is drawn
    assert hand(s2, 0) == [0, 0, 7, 12, 12] and s2.current_player == 1


def test_MOJO_8_2_chain_may_switch_piles():
    state = setup(options=TWO, hands={0: [4, 7, 7, 0, 12, 12]}, piles=[[4], [7]])
    play(state, 4, pile=0)
    play(state, 7, pile=1)
    assert state.current_player == 0 and state.phase == 1
    play(state, 7, pile=1)
    assert pile(state, 0) == [4, 4] and pile(state, 1) == [7, 7, 7]
    rejects(state, Play(card(state, 0, 0), 2), "MOJO-8.2")


def test_MOJO_8_3_1_draw_from_the_draw_pile():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[4, 3], [4, 9]], deck_top=[0])
    play(state, 7, pile=0)
    assert state.phase == 2 and state.current_player == 0
    assert set(state.legal_actions()) == {Draw("deck"), Draw("pile", 1)}
    assert state.view(1)["pending"] == {"replay": False, "draw_choice": 1}
    rejects(state, Play(card(state, 0, 1)), "MOJO-4.3.3")
    rejects(state, Stop(), "MOJO-4.3.3")
    state.apply(Draw("deck"), player=0)
    assert hand(state, 0) == [0, 1, 10, 11, 12]
    assert pile(state, 1) == [4, 9]
    assert state.current_player == 1


def test_MOJO_8_3_2_draw_from_the_other_pile():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[4, 3], [4, 9]], deck_top=[0])
    deck = list(state.deck)
    play(state, 7, pile=0)
    nine = state.piles[1][-1]
    rejects(state, Draw("pile", 0), "MOJO-8.3.2")  # the pile just played on
    state.apply(Draw("pile", 1), player=0)
    assert nine in state.hands[0] and pile(state, 1) == [4]
    assert state.deck == deck
    assert state.view(2)["seats"][0]["known"] == [nine]  # a card taken from a pile is public
    assert state.current_player == 1


def test_MOJO_8_4_last_card_of_a_pile_cannot_be_taken():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[4, 3], [9]], deck_top=[0])
    play(state, 7, pile=0)  # only the deck is legal: applied at once
    assert hand(state, 0) == [0, 1, 10, 11, 12]
    assert pile(state, 1) == [9]
    assert state.current_player == 1
    rejects(state, Draw("pile", 1), "MOJO-8.4")


def test_MOJO_8_4_other_pile_is_the_only_source_when_the_deck_is_out():
    state = setup(options={"discard_piles": 2, "empty_draw_pile": "skip"}, hands={0: [7, 1, 12, 11, 10]},
                  piles=[[4, 3], [4, 9]], deck=[])
    play(state, 7, pile=0)  # only the other pile is a legal source: applied at once
    assert hand(state, 0) == [1, 9, 10, 11, 12]
    assert pile(state, 1) == [4] and state.current_player == 1


def test_MOJO_8_5_reshuffle_uses_both_piles_but_their_tops():
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[5, 8, 2, 3], [1, 9, 4]], deck=[])
    under = set(state.piles[0]) | set(state.piles[1][:-1])
    play(state, 7, pile=0)
    assert state.phase == 2  # the deck is a source: the reshuffle will fill it
    state.apply(Draw("deck"), player=0)
    assert pile(state, 0) == [7] and pile(state, 1) == [4]
    drawn = set(state.hands[0]) & under
    assert len(drawn) == 1 and set(state.deck) == under - drawn and len(state.deck) == 5
    check_zones(state)


def test_MOJO_8_6_other_rules_unchanged():
    state = setup(options=TWO, hands={0: [8, 1, 3, 5], 1: [2, 9, 9, 9, 9]}, piles=[[9], [0]], facedown={2: [6]})
    play(state, 8, pile=0)
    assert state.in_mojo[0] and sorted(values(state.down[0])) == [1, 3, 5]
    play(state, 2, pile=0)
    assert state.legal_actions() == [Reveal(card=c) for c in state.down[2]]
    summary = finish_round(state, 6)
    assert summary["holder"] == 2
    assert summary["raw"] == [9, 9, 6] and summary["scores"] == [9, 9, 0]
    assert [len(p) for p in state.piles] == [1, 1]  # the new round has two piles again


# == Options (spec section 4) =======================================================================
def test_option_hand_size():
    state = fresh(3, {"hand_size": 5})
    assert [len(h) for h in state.hands] == [5, 5, 5] and len(state.deck) == 78 - 15 - 1
    assert [len(h) for h in fresh(2, {"hand_size": 38, "discard_piles": 2}).hands] == [38, 38]
    assert [len(h) for h in fresh(2, {"hand_size": 3}).hands] == [3, 3]  # 3 > threshold 2
    assert [len(h) for h in fresh(7, {"hand_size": 11}).hands] == [11] * 7  # 77 + 1 = 78 fits exactly


@pytest.mark.parametrize("players, options", [
    (3, {"hand_size": 3}),  # not greater than the threshold 3
    (3, {"hand_size": 2}),
    (2, {"hand_size": 2}),
    (3, {"hand_size": 6, "mojo_threshold": 6}),
    (8, {"hand_size": 10}),  # 80 + 1 > 78
    (2, {"hand_size": 39}),  # 78 + 1 > 78
    (7, {"hand_size": 11, "discard_piles": 2}),  # 77 + 2 > 78
])
def test_option_hand_size_invalid(players, options):
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=players, options=options)


@pytest.mark.parametrize("value", [0, -1, 40, "8", 8.0, True, None])
def test_option_hand_size_bad_values(value):
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=3, options={"hand_size": value})


def test_option_discard_piles():
    assert len(fresh(3, {"discard_piles": 1}).piles) == 1
    assert len(fresh(3, {"discard_piles": 2}).piles) == 2
    for bad in (0, 3, True, "2"):
        with pytest.raises(OptionError):
            cardtable.load("mojo", players=3, options={"discard_piles": bad})


def test_option_equal_value_replay():
    assert cardtable.load("mojo", 3).options["equal_value_replay"] == "may"
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"equal_value_replay": "maybe"})
    # "must" is exercised in test_MOJO_4_4_must_play_again_option


def test_option_empty_draw_pile():
    assert cardtable.load("mojo", 3).options["empty_draw_pile"] == "reshuffle"
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"empty_draw_pile": "stop"})
    # behaviour: test_MOJO_4_6_*


def test_option_mojo_threshold_integer():
    state = setup(options={"mojo_threshold": 0}, hands={0: [8, 1, 3, 5]}, top=9)
    play(state, 8)
    assert not state.in_mojo[0] and hand(state, 0) == [1, 3, 5]
    state = setup(options={"mojo_threshold": 5}, hands={0: [8, 1, 3, 5, 6, 7]}, top=9)
    assert state.view(0)["threshold"] == 5
    play(state, 8)
    assert state.in_mojo[0] and sorted(values(state.down[0])) == [1, 3, 5, 6, 7]
    state = setup(2, {"mojo_threshold": 3}, hands={0: [8, 1, 3, 5]}, top=9)  # overrides "auto" = 2
    play(state, 8)
    assert state.in_mojo[0]


def test_option_mojo_threshold_zero_one_card_play_goes_out():
    state = setup(options={"mojo_threshold": 0}, hands={0: [1], 1: [12, 12], 2: [11, 11]}, top=9)
    play(state, 1)
    assert state.rounds[-1]["ender"] == 0 and state.rounds[-1]["scores"] == [0, 12, 11]


@pytest.mark.parametrize("value", [-1, 39, "three", True, 2.5])
def test_option_mojo_threshold_bad_values(value):
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=3, options={"mojo_threshold": value})


def test_option_mojo_card_to_first_trigger():
    opts = {"mojo_card_to": "first_trigger"}
    # P1 entered the Mojo moment first; P0 ends the round
    state = end_of_round(options=opts, mojo_order=[1, 0])
    summary = finish_round(state)
    assert summary["ender"] == 0 and summary["holder"] == 1 and state.holder == 1
    assert summary["raw"] == [9, 14, 17]
    assert summary["scores"] == [9, 24, 17]  # P1 is not lowest: +10
    assert state.mojo_side == 10
    assert state.current_player == 0  # follows P1 counter-clockwise
    # nobody in the Mojo moment (going out): the round ender takes it
    state = setup(options=opts, hands={0: [4, 4, 4, 4], 1: [12, 12, 12, 12], 2: [11, 11, 11, 11]}, top=4)
    for _ in range(4):
        play(state, 4)
    assert state.rounds[-1]["holder"] == 0
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"mojo_card_to": "trigger"})


def test_option_direction_mode_clockwise():
    opts = {"direction_mode": "clockwise"}
    state = end_of_round(options=opts, facedown={0: [5], 1: [8]}, hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.mojo_side == 10  # the card still turns
    assert state.direction == 1
    assert state.current_player == 1  # after the holder, clockwise
    p = end_turn_any(state)
    assert state.current_player == (p + 1) % 3
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"direction_mode": "counter"})


def test_option_first_player():
    for seat in range(4):
        for seed in range(3):
            assert fresh(4, {"first_player": seat}, seed=seed).current_player == seat
    assert fresh(8, {"first_player": 7}).current_player == 7


@pytest.mark.parametrize("players, value", [(3, 3), (2, 2), (3, 7), (8, 8), (3, -1), (3, "first"), (3, True)])
def test_option_first_player_invalid(players, value):
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=players, options={"first_player": value})


def test_option_round_starter_mojo_holder():
    state = end_of_round(options={"round_starter": "mojo_holder"})
    finish_round(state)
    assert state.current_player == 0
    state = end_of_round(options={"round_starter": "mojo_holder"}, facedown={0: [5], 1: [8]},
                         hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.current_player == 0 and state.direction == -1


def test_option_round_starter_rotate():
    state = end_of_round(options={"round_starter": "rotate"}, round_first=2)
    finish_round(state)
    assert state.current_player == 0 and state.round_first == 0
    # clockwise from the previous first player even when the new round runs counter-clockwise
    state = end_of_round(options={"round_starter": "rotate"}, round_first=1, facedown={0: [5], 1: [8]},
                         hands={2: [12, 7, 1, 0]})
    finish_round(state)
    assert state.direction == -1 and state.current_player == 2
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"round_starter": "winner"})


def test_option_target_score():
    state = end_of_round(options={"target_score": 17})
    finish_round(state)  # P2 scores 17
    assert state.is_terminal() and state.winners == [0]
    state = end_of_round(options={"target_score": 18})
    finish_round(state)
    assert not state.is_terminal()
    for bad in (0, -5, "50", 12.5):
        with pytest.raises(OptionError):
            cardtable.load("mojo", 3, {"target_score": bad})


def test_option_owner_sees_facedown_true_default():
    state = setup(facedown={0: [1, 3, 5]}, top=9)
    assert state.view(0)["seats"][0]["facedown"] == sorted(state.down[0])
    assert "facedown" not in state.view(1)["seats"][0]
    assert "facedown" not in state.view(None)["seats"][0]
    assert "hand" not in state.view(0)["seats"][1]
    assert state.view(1)["seats"][1]["hand"] == sorted(state.hands[1])


def test_option_owner_sees_facedown_false():
    opts = {"owner_sees_facedown": False}
    state = setup(options=opts, facedown={0: [1, 3, 5]}, top=9)
    assert "facedown" not in state.view(0)["seats"][0]
    assert state.view(0)["seats"][0]["facedown_size"] == 3
    assert state.legal_actions() == [Reveal(position=i) for i in range(3)]
    rejects(state, Reveal(card=state.down[0][0]), "MOJO-5.5")
    rejects(state, Reveal(position=3), "MOJO-5.5")
    second = state.down[0][1]
    state.apply({"type": "reveal", "position": 1}, player=0)
    assert state.up[0] == [second] and len(state.down[0]) == 2
    assert state.current_player == 1
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"owner_sees_facedown": "yes"})


def test_option_owner_sees_facedown_false_round_end_shows_all():
    state = setup(options={"owner_sees_facedown": False}, facedown={0: [5], 1: [2, 12]}, revealed={0: [1, 3]},
                  hands={2: [7, 6, 10, 9]}, totals=[0, 0, 40])
    state.apply(Reveal(position=0), player=0)
    assert state.is_terminal()
    assert state.view(2)["seats"][1]["facedown"] == sorted(state.down[1])
    assert values(state.rounds[-1]["cards"][1]) == [2, 12]


def test_option_unknown_is_rejected():
    with pytest.raises(OptionError):
        cardtable.load("mojo", 3, {"hand_sise": 8})


@pytest.mark.parametrize("players", [0, 1, 9, 20, -3, "3", 3.0, True])
def test_option_players_outside_2_to_8(players):
    with pytest.raises(OptionError):
        cardtable.load("mojo", players=players)


def test_option_defaults():
    assert cardtable.load("mojo", 3).options == {
        "hand_size": 8, "discard_piles": 1, "equal_value_replay": "may", "empty_draw_pile": "reshuffle",
        "mojo_threshold": "auto", "mojo_card_to": "round_ender", "direction_mode": "mojo_card",
        "first_player": "random", "round_starter": "after_mojo_holder", "target_score": 50,
        "owner_sees_facedown": True,
    }


# == Action input ==================================================================================
@pytest.mark.parametrize("data", [{"type": "pass"}, {"type": "PLAY", "card": 0}, {"card": 0}, {"type": 3}])
def test_ACTION_1_unknown_action_type(data):
    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6)
    rejects(state, data, "ACTION-1")


def test_ACTION_1_foreign_action_object():
    @action("play")
    class OtherPlay(Action):
        card: int

    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6)
    rejects(state, OtherPlay(card(state, 0, 4)), "ACTION-1")


def test_ACTION_2_malformed_fields():
    state = setup(hands={0: [9, 4, 11, 12, 2]}, top=6)
    cid = card(state, 0, 4)
    for data in (
        {"type": "play", "card": str(cid)},  # card as a string
        {"type": "play", "card": cid, "pile": 0, "colour": "green"},  # extra field
        {"type": "play"},  # missing field
        {"type": "play", "card": True},
        {"type": "play", "card": cid, "pile": None},
        {"type": "draw", "source": "hand"},
        {"type": "draw"},
        {"type": "stop", "card": cid},
        {"type": "reveal", "card": "5"},
        "play",
        ["play", cid],
    ):
        rejects(state, data, "ACTION-2")


def test_ACTION_2_reveal_needs_card_or_position_not_both():
    state = setup(facedown={0: [1, 3, 5]}, top=9)
    rejects(state, {"type": "reveal"}, "ACTION-2")
    rejects(state, {"type": "reveal", "card": state.down[0][0], "position": 0}, "ACTION-2")


def test_json_form_actions_are_accepted():
    state = setup(hands={0: [6, 10, 2, 12, 7]}, top=6, deck_top=[5])
    six = card(state, 0, 6)
    state.apply({"type": "play", "card": six, "pile": 0})
    assert state.piles[0][-1] == six and state.phase == 1
    state.apply({"type": "stop"}, player=0)
    assert state.current_player == 1
    c1 = state.hands[1][0]
    state.apply({"type": "play", "card": c1}, player=1)  # "pile" defaults to 0
    assert state.piles[0][-1] == c1
    assert state.history[0] == (0, Play(six, 0)) and state.history[1] == (0, Stop())
    assert Play(six, 0).to_json() == {"type": "play", "card": six, "pile": 0}
    # two piles: draw from the other pile as JSON
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[4, 3], [4, 9]])
    state.apply({"type": "play", "card": card(state, 0, 7), "pile": 0})
    state.apply({"type": "draw", "source": "pile", "pile": 1}, player=0)
    assert hand(state, 0) == [1, 9, 10, 11, 12]
    # reveal by card as JSON
    state = setup(facedown={0: [1, 3, 5]}, top=9)
    three = card(state, 0, 3, "down")
    state.apply({"type": "reveal", "card": three})
    assert state.up[0] == [three]


def test_MOJO_3_6_acting_out_of_turn():
    state = setup(hands={0: [9, 4, 11, 12, 2], 1: [7, 9, 9, 9, 9]}, top=6)
    rejects(state, Play(card(state, 0, 4)), "MOJO-3.6", player=1)
    rejects(state, {"type": "play", "card": card(state, 1, 7)}, "MOJO-3.6", player=1)
    state.apply(Play(card(state, 0, 4)), player=0)
    assert state.current_player == 1


def test_GAME_OVER_no_actions_after_the_end():
    state = end_of_round(totals=[0, 0, 40])
    finish_round(state)
    assert state.is_terminal() and state.legal_actions() == []
    any_card = state.hands[2][0]
    for act in (Play(any_card), Stop(), Draw("deck"), Draw("pile", 0), Draw("pile", 1), Reveal(card=any_card),
                Reveal(position=0), {"type": "play", "card": any_card}):
        rejects(state, act, "GAME-OVER")
        rejects(state, act, "GAME-OVER", player=0)


def test_GAME_OVER_two_pile_game():
    state = setup(options=TWO, facedown={0: [5], 1: [2, 12]}, revealed={0: [1, 3]}, hands={2: [7, 6, 10, 9]},
                  piles=[[4], [9]], totals=[0, 0, 40])
    finish_round(state)
    assert state.is_terminal()
    for act in (Draw("pile", 0), Draw("pile", 1), Draw("deck"), Play(0, 1)):
        rejects(state, act, "GAME-OVER")


def test_wrong_phase_draw_and_stop():
    state = setup(hands={0: [6, 10, 2, 12, 7]}, top=6)
    rejects(state, Draw("pile", 1), "MOJO-8.3")  # one-pile game: no pile draws
    play(state, 6)
    rejects(state, Draw("deck"), "MOJO-4.3.3")  # equal play: no draw
    state = setup(options=TWO, hands={0: [7, 1, 12, 11, 10]}, piles=[[4, 3], [4, 9]])
    play(state, 7, pile=0)
    rejects(state, Draw("deck", 1), "ACTION-2")
    rejects(state, Draw("pile"), "MOJO-8.3.2")
