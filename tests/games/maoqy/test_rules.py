"""One test (or more) per rule of the MAOQY specification (rules/maoqy.md, sections 3 and 4-6).

Positions are built with ``setup`` (tests/games/maoqy/helpers.py); cards are named as the spec writes
them ("blue 7"). Seats are P0, P1, P2 (three players, standard deck, default options), P0 to act and
clockwise, unless a test says otherwise.
"""

from __future__ import annotations

import json
import random

import pytest

import cardtable
from cardtable import OptionError
from cardtable.engine import Action, action, read_records
from cardtable.engine.rng import Rng
from cardtable.games.maoqy import cards as C
from cardtable.games.maoqy.actions import Direction, Discard, Draw, Hide, Open, Pass, Street
from cardtable.games.maoqy.game import MaoqyGame
from tests.games.maoqy.helpers import (
    SPEC_KINGDOMS, act, c, cards, check_zones, first_player_draw, fresh, locations, name, rejects, setup,
    street,
)

ALL_STANDARD = list(range(204))
WEBSITE_EXTRAS = list(range(204, 239))  # 18 Der Leopard ... 52 Die Tür, in the order of the spec's list


def spec_first_draw(seed: int, players: int, deck: list[int], number=lambda x: x % 17 + 1):
    """MAOQY-2.1 and MAOQY-3.1 to 3.4, re-done from the spec with the game's seeded generator."""
    unknown = sorted(deck)
    rng = Rng(seed)
    rng.shuffle(unknown)
    shuffled = list(unknown)
    rounds, drawn, drawing = [], [], list(range(players))
    while True:
        shown = [[seat, unknown.pop()] for seat in drawing]
        drawn += [card for _, card in shown]
        rounds.append(shown)
        best = max(number(card) for _, card in shown)
        drawing = [seat for seat, card in shown if number(card) == best]
        if len(drawing) == 1:
            break
    for card in drawn:
        unknown.insert(rng.below(len(unknown) + 1), card)
    return shuffled, rounds, drawing[0], unknown


def play_random(state, rng, max_actions=5000, check=None):
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        if check:
            check(state)
        state.apply(rng.choice(state.legal_actions()), player=state.current_player)
    return state


def no_pass_random(state, rng, max_actions=3000):
    """Random play that passes only when nothing else is legal (games last until the turn limit)."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        legal = [a for a in state.legal_actions() if not isinstance(a, Pass)] or [Pass()]
        state.apply(rng.choice(legal), player=state.current_player)
    return state


# == MAOQY-1 Scope ==================================================================================
def test_MAOQY_1_1_level_one_is_played_as_a_normal_card_game():
    game = cardtable.load("maoqy", 3)
    described = game.describe()
    assert described["level"] == 1 and described["rules_version"] == "maoqy/1"
    assert set(game.codec.classes) == {"direction", "draw", "discard", "open", "hide", "street", "pass"}
    state = no_pass_random(fresh(3, {"turn_limit": 300}, seed=2), random.Random(2))
    assert state.is_terminal() and state.end_reason == "turn_limit" and state.turn == 300


def test_MAOQY_1_2_standard_deck_without_additional_cards():
    state = fresh()
    assert sorted(state.unknown) == ALL_STANDARD
    assert cardtable.load("maoqy", 3).options["extra_cards"] == "none"
    extra = fresh(3, {"extra_cards": "website"})
    assert sorted(extra.unknown) == ALL_STANDARD + WEBSITE_EXTRAS


def test_MAOQY_1_3_complements_have_no_effect():
    # green is red's complement: a green street beside a red one changes nothing
    base = dict(hands={0: ["red 1-5", "green 9"]})
    with_complement = setup(streets={1: "green 2-8"}, **base)
    with_other = setup(streets={1: "gold 2-8"}, **base)
    assert with_complement.legal_actions() == with_other.legal_actions()
    act(with_complement, Street(tuple(cards("red 1-5"))))
    assert street(with_complement, 0) == [f"red {x}" for x in range(1, 6)]
    catalogue = cardtable.load("maoqy", 3).catalogue()
    pairs = {k["name"]: k["complement"] for k in catalogue["kingdoms"]}
    assert pairs == {"red": "green", "turquoise": "brown", "blue": "yellow", "brown": "turquoise", "violet": "orange",
                     "gold": "silver", "green": "red", "orange": "violet", "silver": "gold", "yellow": "blue",
                     "white": "black", "black": "white"}


# == MAOQY-2 Setup ==================================================================================
@pytest.mark.parametrize("seed", [0, 1, 17, 2**40])
def test_MAOQY_2_1_shuffle_with_the_seeded_generator(seed):
    state = fresh(3, seed=seed)
    _, rounds, first, unknown = spec_first_draw(seed, 3, ALL_STANDARD)
    assert state.unknown == unknown
    assert state.first_draw == rounds and state.first_player == first
    assert fresh(3, seed=seed).snapshot() == state.snapshot()
    assert fresh(3, seed=seed + 1).unknown != state.unknown
    assert state.view(0)["unknown_size"] == 204


def test_MAOQY_2_2_known_starts_empty():
    state = fresh()
    assert state.known == []
    assert state.view(None)["known"] == []


def test_MAOQY_2_3_no_cards_are_dealt():
    for players in (2, 5, 12):
        state = fresh(players)
        assert state.hands == [[]] * players and state.opened == [[]] * players
        assert state.streets == [[]] * players and state.hiding == [[]] * players
        assert len(state.unknown) == 204
        for seat in state.view(None)["seats"]:
            assert seat["hand_size"] == 0 and seat["open"] == [] and seat["streets"] == [] and seat["hiding_size"] == 0


# == MAOQY-3 First player and direction ============================================================
def test_MAOQY_3_1_each_player_draws_one_card_in_seat_order():
    for seed in range(10):
        state = fresh(4, seed=seed)
        shuffled, _, _, _ = spec_first_draw(seed, 4, ALL_STANDARD)
        first_round = state.first_draw[0]
        assert [seat for seat, _ in first_round] == [0, 1, 2, 3]
        assert [card for _, card in first_round] == shuffled[::-1][:4]  # from the top of the Unknown
        assert state.view(2)["first_draw"][0] == [{"seat": s, "card": x} for s, x in first_round]  # shown to all


def test_MAOQY_3_2_highest_number_is_the_first_player():
    state = first_player_draw(3, ["red 9", "blue 14", "gold 3"])
    assert state.first_player == 1
    state = first_player_draw(4, ["black 1", "red 2", "white 17", "gold 16"])
    assert state.first_player == 2
    for seed in range(20):
        state = fresh(5, seed=seed)
        last = state.first_draw[-1]
        numbers = [x % 17 + 1 for _, x in last]
        assert numbers.count(max(numbers)) == 1
        assert dict((s, x % 17 + 1) for s, x in last)[state.first_player] == max(numbers)


def test_MAOQY_3_3_only_tied_players_draw_again_until_one_is_highest():
    state = first_player_draw(4, ["red 5", "blue 12", "gold 12", "green 12", "white 3", "black 3", "red 1",
                                  "red 16", "blue 17"])
    # round 1: seats 1, 2, 3 tie on 12; round 2: seats 1 and 2 tie on 3; round 3: seat 2's 17 is highest
    assert [[s for s, _ in shown] for shown in state.first_draw] == [[0, 1, 2, 3], [1, 2, 3], [1, 2]]
    assert state.first_draw[2] == [[1, c("red 16")], [2, c("blue 17")]]
    assert state.first_player == 2
    assert len(state.unknown) == 204
    seen_ties = 0
    for seed in range(60):
        state = fresh(6, seed=seed)
        for before, after in zip(state.first_draw, state.first_draw[1:]):
            seen_ties += 1
            best = max(x % 17 + 1 for _, x in before)
            assert [s for s, _ in after] == [s for s, x in before if x % 17 + 1 == best]
    assert seen_ties > 0


def test_MAOQY_3_3_tiny_deck_running_out_during_ties_still_gives_a_first_player():
    # two players, only two cards left and they tie: the generator chooses among the tied players
    state = fresh(2, {"kingdoms": ["red", "blue"]})
    state.unknown = cards("red 5", "blue 5")
    state.first_draw = []
    first = state._choose_first_player()
    assert first in (0, 1)
    assert sorted(state.unknown) == cards("red 5", "blue 5")
    # the seeded generator, not the seat order, chooses: over some seeds either tied seat goes first
    firsts = set()
    for seed in range(20):
        state = fresh(2, {"kingdoms": ["red", "blue"]}, seed=seed)
        state.unknown = cards("red 5", "blue 5")
        state.first_draw = []
        firsts.add(state._choose_first_player())
    assert firsts == {0, 1}


def test_MAOQY_3_4_drawn_cards_go_back_to_random_positions():
    positions = set()
    for seed in range(30):
        state = fresh(3, seed=seed)
        _, rounds, _, unknown = spec_first_draw(seed, 3, ALL_STANDARD)
        assert state.unknown == unknown  # inserted one at a time, in the order drawn, by the seeded generator
        assert len(state.unknown) == 204 and sorted(state.unknown) == ALL_STANDARD
        for shown in state.first_draw:
            for _, x in shown:
                positions.add(state.unknown.index(x))
    assert len(positions) > 20 and min(positions) < 100 < max(positions)  # anywhere, not only on top


def test_MAOQY_3_5_first_player_chooses_the_direction():
    state = first_player_draw(3, ["red 9", "blue 14", "gold 3"])
    assert state.view(None)["phase"] == "direction" and state.view(None)["direction"] is None
    rejects(state, Direction("cw"), "MAOQY-4.3", player=0)
    rejects(state, Draw("unknown"), "MAOQY-3.5", player=1)
    rejects(state, Pass(), "MAOQY-3.5")
    rejects(state, {"type": "direction", "value": "left"}, "ACTION-2")
    act(state, {"type": "direction", "value": "ccw"})
    assert state.direction == -1 and state.view(None)["direction"] == "ccw"
    rejects(state, Direction("cw"), "MAOQY-3.5", player=1)
    act(state, Pass())
    assert state.current_player == 0  # 1 - 1
    act(state, Pass())
    assert state.current_player == 2  # 0 - 1 mod 3
    rejects(state, Direction("cw"), "MAOQY-3.5")
    assert state.direction == -1  # fixed for the whole game

    state = first_player_draw(3, ["red 9", "blue 14", "gold 3"])
    act(state, Direction("cw"))
    act(state, Pass())
    assert state.current_player == 2


def test_MAOQY_3_6_first_player_takes_the_first_turn():
    for seed in range(5):
        state = fresh(4, seed=seed)
        first = state.first_player
        act(state, Direction("cw" if seed % 2 else "ccw"))
        assert state.current_player == first
        assert state.view(None)["phase"] == "play"
        assert Draw("unknown") in state.legal_actions() and state.turn == 0


# == MAOQY-4 Turns ==================================================================================
def test_MAOQY_4_1_turns_follow_the_chosen_direction():
    state = setup(4)
    order = []
    for _ in range(9):
        order.append(state.current_player)
        act(state, Draw("unknown"))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    state = setup(4, direction=-1, current=1)
    order = []
    for _ in range(6):
        order.append(state.current_player)
        act(state, Draw("unknown"))
    assert order == [1, 0, 3, 2, 1, 0]


@pytest.mark.parametrize("data", [
    {"type": "draw", "from": "unknown"}, {"type": "draw", "from": "known"},
    {"type": "draw", "from": "open", "player": 2, "card": 23}, {"type": "draw", "from": "hiding", "card": 5},
    {"type": "discard", "card": 40}, {"type": "open", "card": 40}, {"type": "hide", "card": 40},
    {"type": "street", "cards": [36, 37, 38, 39, 40]}, {"type": "pass"},
])
def test_MAOQY_4_2_exactly_one_action_then_the_turn_passes(data):
    state = setup(options={"hiding_place_size": 2}, hands={0: ["blue 3-7"]}, known=["red 1"],
                  opened={2: ["turquoise 7"]}, hiding={0: ["red 6"]})
    before = locations(state)
    act(state, data)
    assert state.current_player == 1 and state.turn == 1
    assert len(state.history) == 1
    after = locations(state)
    moved = {x for x in before if before[x] != after[x]}
    expected = {"pass": 0, "street": 5}.get(data["type"], 1)  # one card; a street moves the cards it names
    assert len(moved) == expected
    assert all(after[x][0] in ("hands", "known", "opened", "hiding", "street") for x in moved)


def test_MAOQY_4_3_only_the_player_to_act_may_act():
    state = setup(hands={0: ["red 1"], 1: ["blue 1"]})
    rejects(state, Draw("unknown"), "MAOQY-4.3", player=1)
    rejects(state, Discard(c("blue 1")), "MAOQY-4.3", player=1)
    rejects(state, Pass(), "MAOQY-4.3", player=2)
    act(state, Pass())
    rejects(state, Discard(c("red 1")), "MAOQY-4.3", player=0)
    act(state, Discard(c("blue 1")), player=1)
    assert state.known == [c("blue 1")]


def test_MAOQY_4_4_game_end_checks_run_after_the_action():
    state = setup(options={"turn_limit": 3})
    act(state, Draw("unknown"))
    act(state, Draw("unknown"))
    assert not state.is_terminal()
    act(state, Draw("unknown"))  # the third turn's action happens, then the game ends
    assert state.is_terminal() and len(state.hands[2]) == 1 and state.end_reason == "turn_limit"
    state = setup(streets={0: "red 2-17"}, hands={0: ["red 1"]})
    act(state, Street((c("red 1"),)))
    assert state.is_terminal() and state.current_player == -1


# == MAOQY-5 Draws ==================================================================================
def test_MAOQY_5_1_hidden_hand_holds_at_most_twelve():
    state = setup(hands={0: ["red 1-11"]}, opened={0: ["blue 1-9"]}, hiding={0: ["gold 1"]}, streets={0: "green 1-5"})
    act(state, Draw("unknown"))  # 11 -> 12: open hand, hiding place and street do not count
    assert len(state.hands[0]) == 12
    state.current_player = 0
    for data in (Draw("unknown"), Draw("open", 0, c("blue 1")), Draw("hiding", card=c("gold 1"))):
        rejects(state, data, "MAOQY-5.1")
    assert not [a for a in state.legal_actions() if isinstance(a, Draw)]
    state = setup(options={"hand_limit": 5}, hands={0: ["red 1-5"]}, known=["blue 1"])
    rejects(state, Draw("known"), "MAOQY-5.1")


def test_MAOQY_5_2_draw_from_the_unknown_and_reshuffle():
    state = setup(hands={1: ["red 1"]})
    top = state.unknown[-1]
    act(state, Draw("unknown"))
    assert state.hands[0] == [top]
    # empty Unknown: all of the Known but its top card is shuffled into a new Unknown
    state = setup(unknown=[])
    known = list(state.known)
    assert len(known) == 204
    act(state, Draw("unknown"))
    assert state.known == [known[-1]]
    assert len(state.unknown) == 202 and len(state.hands[0]) == 1
    assert sorted(state.unknown + state.hands[0]) == sorted(known[:-1])
    assert state.unknown != known[:-2]  # shuffled
    check_zones(state)
    # nothing to reshuffle: illegal, other actions stay legal
    state = setup(2, {"kingdoms": ["red", "blue"]}, unknown=[], known=["red 1"], opened={1: ["red 2-17", "blue 1-17"]})
    assert state.known == [c("red 1")] and state.unknown == []
    rejects(state, Draw("unknown"), "MAOQY-5.2")
    assert Draw("unknown") not in state.legal_actions() and Draw("known") in state.legal_actions()


def test_MAOQY_5_2_reshuffle_is_seeded():
    a = setup(unknown=[], seed=3)
    b = setup(unknown=[], seed=3)
    act(a, Draw("unknown"))
    act(b, Draw("unknown"))
    assert a.unknown == b.unknown and a.hands == b.hands


def test_MAOQY_5_3_only_the_top_card_of_the_known():
    state = setup(known=["red 1", "blue 2", "gold 3"])
    assert Draw("known") in state.legal_actions()
    assert not [a for a in state.legal_actions() if isinstance(a, Draw) and a.source == "known" and a.card is not None]
    rejects(state, Draw("known", card=c("blue 2")), "MAOQY-5.3")
    rejects(state, Draw("known", card=c("gold 3")), "MAOQY-5.3")  # "top" takes no card name
    act(state, Draw("known"))
    assert state.hands[0] == [c("gold 3")] and state.known == cards("red 1", "blue 2")
    state = setup()
    rejects(state, Draw("known"), "MAOQY-5.3")  # empty
    assert Draw("known") not in state.legal_actions()


def test_MAOQY_5_3_known_draw_any_option():
    state = setup(options={"known_draw": "any"}, known=["red 1", "blue 2", "gold 3"])
    draws = [a for a in state.legal_actions() if isinstance(a, Draw) and a.source == "known"]
    assert sorted(a.card for a in draws) == cards("red 1", "blue 2", "gold 3")
    rejects(state, Draw("known"), "MAOQY-5.3")  # name the card
    rejects(state, Draw("known", card=c("green 5")), "MAOQY-5.3")
    act(state, {"type": "draw", "from": "known", "card": c("blue 2")})
    assert state.hands[0] == [c("blue 2")] and state.known == cards("red 1", "gold 3")


def test_MAOQY_5_4_draw_from_any_open_hand_including_ones_own():
    state = setup(opened={0: ["red 1"], 1: ["blue 2", "blue 3"], 2: ["gold 4"]})
    draws = {(a.player, a.card) for a in state.legal_actions() if isinstance(a, Draw) and a.source == "open"}
    assert draws == {(0, c("red 1")), (1, c("blue 2")), (1, c("blue 3")), (2, c("gold 4"))}
    rejects(state, Draw("open", 1, c("gold 4")), "MAOQY-5.4")  # not in that open hand
    rejects(state, Draw("open", 3, c("gold 4")), "MAOQY-5.4")  # no such seat
    rejects(state, Draw("open", -1, c("gold 4")), "MAOQY-5.4")
    act(state, Draw("open", 1, c("blue 3")))
    assert state.hands[0] == [c("blue 3")] and state.opened[1] == [c("blue 2")]
    act(state, Draw("open", 1, c("blue 2")), player=1)  # one's own
    assert state.hands[1] == [c("blue 2")] and state.opened[1] == []


def test_MAOQY_5_4_open_hand_access_owner():
    state = setup(options={"open_hand_access": "owner"}, opened={0: ["red 1"], 1: ["blue 2"]})
    draws = [a for a in state.legal_actions() if isinstance(a, Draw) and a.source == "open"]
    assert draws == [Draw("open", 0, c("red 1"))]
    rejects(state, Draw("open", 1, c("blue 2")), "MAOQY-5.4")
    act(state, Draw("open", 0, c("red 1")))
    assert state.hands[0] == [c("red 1")]


def test_MAOQY_5_5_take_back_only_from_ones_own_hiding_place():
    state = setup(hiding={0: ["red 9"], 1: ["blue 9"]})
    assert Draw("hiding", card=c("red 9")) in state.legal_actions()
    assert not [a for a in state.legal_actions() if isinstance(a, Draw) and a.card == c("blue 9")]
    rejects(state, Draw("hiding", card=c("blue 9")), "MAOQY-5.5")
    rejects(state, Draw("hiding", 1, c("blue 9")), "MAOQY-5.5")
    rejects(state, Draw("hiding", 2, c("red 9")), "MAOQY-5.5")
    rejects(state, Draw("hiding", card=c("red 9")), "MAOQY-5.5", player=1)  # another's, at any time
    rejects(state, Draw("hiding", card=c("blue 9")), "MAOQY-4.3", player=1)  # one's own, but not one's turn
    rejects(state, Draw("hiding", card=c("blue 9")), "MAOQY-4.3", player=7)  # no such seat
    act(state, Draw("hiding", card=c("red 9")))
    assert state.hands[0] == [c("red 9")] and state.hiding[0] == []


def test_MAOQY_5_6_street_cards_can_never_be_drawn():
    state = setup(options={"known_draw": "any"}, streets={1: "blue 3-7"}, known=["red 1"])
    for data in ({"type": "draw", "from": "street", "player": 1, "card": c("blue 5")},
                 Draw("open", 1, c("blue 5")), Draw("known", card=c("blue 5")), Draw("hiding", card=c("blue 5"))):
        rejects(state, data, "MAOQY-5.6")
    assert not [a for a in state.legal_actions() if getattr(a, "card", None) in cards("blue 3-7")]


def test_MAOQY_5_7_no_card_is_drawn_from_another_players_hidden_hand():
    state = setup(hands={1: ["blue 5"]})
    rejects(state, {"type": "draw", "from": "hand", "player": 1, "card": c("blue 5")}, "MAOQY-5.7")
    rejects(state, {"type": "draw", "from": "hand", "player": 1}, "MAOQY-5.7")
    # naming it as if it were open is refused without telling where the card is
    err = rejects(state, Draw("open", 1, c("blue 5")), "MAOQY-5.4")
    err2 = rejects(state, Draw("open", 1, state.unknown[0]), "MAOQY-5.4")
    assert err.message.replace(str(c("blue 5")), "X") == err2.message.replace(str(state.unknown[0]), "X")
    assert not [a for a in state.legal_actions() if getattr(a, "card", None) == c("blue 5")]


def test_MAOQY_5_8_extended_draw_false():
    opts = {"extended_draw": False}
    state = setup(options=opts, known=["red 1"], opened={0: ["blue 1"], 1: ["gold 1"]}, hiding={0: ["green 1"]})
    draws = {a for a in state.legal_actions() if isinstance(a, Draw)}
    assert draws == {Draw("unknown"), Draw("hiding", card=c("green 1"))}
    rejects(state, Draw("known"), "MAOQY-5.8")
    rejects(state, Draw("open", 0, c("blue 1")), "MAOQY-5.8")
    rejects(state, Draw("open", 1, c("gold 1")), "MAOQY-5.8")
    act(state, Draw("hiding", card=c("green 1")))
    assert state.hands[0] == [c("green 1")]


# == MAOQY-6 Lay-downs ==============================================================================
def test_MAOQY_6_1_discard_from_hidden_or_open_hand():
    state = setup(hands={0: ["red 4"]}, opened={0: ["blue 4"]}, known=["gold 1"])
    assert {a for a in state.legal_actions() if isinstance(a, Discard)} == {Discard(c("red 4")), Discard(c("blue 4"))}
    act(state, Discard(c("red 4")))
    assert state.known == cards("gold 1", "red 4") and state.hands[0] == []
    state.current_player = 0
    act(state, {"type": "discard", "card": c("blue 4")})
    assert state.known == cards("gold 1", "red 4", "blue 4") and state.opened[0] == []
    state.current_player = 0
    rejects(state, Discard(c("green 4")), "MAOQY-6.1")  # not held
    rejects(state, Discard(999), "MAOQY-6.1")


def test_MAOQY_6_2_open_moves_a_hidden_card_face_up():
    state = setup(hands={0: ["red 1-12"]}, opened={0: ["blue 1-17", "gold 1-17"]})
    # every card of the hidden hand may be opened, none of the open hand again
    assert {a for a in state.legal_actions() if isinstance(a, Open)} == {Open(x) for x in cards("red 1-12")}
    act(state, Open(c("red 5")))
    assert state.opened[0][-1] == c("red 5") and len(state.opened[0]) == 35  # no size limit
    assert c("red 5") in state.view(2)["seats"][0]["open"]
    state.current_player = 0
    rejects(state, Open(c("blue 1")), "MAOQY-6.2")  # already open
    rejects(state, Open(c("green 1")), "MAOQY-6.2")


def test_MAOQY_6_3_hide_one_card_face_down():
    state = setup(hands={0: ["red 9", "red 10"]}, opened={0: ["gold 1"]})
    assert {a for a in state.legal_actions() if isinstance(a, Hide)} == {Hide(c("red 9")), Hide(c("red 10"))}
    rejects(state, Hide(c("gold 1")), "MAOQY-6.3")  # only from the hidden hand
    act(state, Hide(c("red 9")))
    assert state.hiding[0] == [c("red 9")]
    state.current_player = 0
    assert not [a for a in state.legal_actions() if isinstance(a, Hide)]
    rejects(state, Hide(c("red 10")), "MAOQY-6.3")


def test_MAOQY_6_3_hiding_place_size_option():
    state = setup(options={"hiding_place_size": 2}, hands={0: ["red 9", "red 10", "red 11"]})
    act(state, Hide(c("red 9")))
    state.current_player = 0
    act(state, Hide(c("red 10")))
    state.current_player = 0
    rejects(state, Hide(c("red 11")), "MAOQY-6.3")
    assert state.view(1)["seats"][0]["hiding_size"] == 2


def test_MAOQY_6_4_street_from_hidden_and_open_hand():
    state = setup(hands={0: ["blue 3", "blue 5", "blue 7"]}, opened={0: ["blue 4", "blue 6"]})
    # three hidden and two open cards make the five an opening needs: the street is offered
    assert {a for a in state.legal_actions() if isinstance(a, Street)} == {Street(tuple(cards("blue 3-7")))}
    act(state, {"type": "street", "cards": cards("blue 7", "blue 3", "blue 5", "blue 4", "blue 6")})  # any order
    assert state.streets[0] == [cards("blue 3-7")]
    assert state.hands[0] == [] and state.opened[0] == []


def test_MAOQY_6_4_street_names_own_cards_once():
    state = setup(hands={0: ["blue 3-7"]}, hiding={0: ["blue 8"]})
    rejects(state, Street(()), "MAOQY-6.4")
    rejects(state, Street(tuple(cards("blue 3-7", "blue 3"))), "MAOQY-6.4")
    rejects(state, Street(tuple(cards("blue 3-8"))), "MAOQY-6.4")  # blue 8 is hidden away
    rejects(state, Street(tuple(cards("blue 4-7") + [999])), "MAOQY-6.4")


def test_MAOQY_6_4_1_one_kingdom_per_street():
    state = setup(hands={0: ["blue 3-6", "yellow 7", "red 9"]}, streets={0: "red 3-8"})
    rejects(state, Street(tuple(cards("blue 3-6", "yellow 7"))), "MAOQY-6.4.1")
    rejects(state, Street(tuple(cards("red 9", "blue 6"))), "MAOQY-6.4.1")  # old and new


def test_MAOQY_6_4_2_one_unbroken_run():
    state = setup(hands={0: ["blue 3-6", "blue 8", "blue 10-14"]})
    rejects(state, Street(tuple(cards("blue 3-6", "blue 8"))), "MAOQY-6.4.2")
    act(state, Street(tuple(cards("blue 10-14"))))  # need not start at 1
    assert street(state, 0) == [f"blue {x}" for x in range(10, 15)]
    state.current_player = 0
    rejects(state, Street(tuple(cards("blue 8"))), "MAOQY-6.4.2")  # gap at 9
    rejects(state, Street(tuple(cards("blue 3-6"))), "MAOQY-6.4.2")


def test_MAOQY_6_4_2_extend_at_either_end_with_several_cards():
    state = setup(streets={0: "blue 5-9"}, hands={0: ["blue 3", "blue 4", "blue 10", "blue 11", "blue 13"]})
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street((c("blue 4"),)), Street((c("blue 10"),)), Street(tuple(cards("blue 3", "blue 4", "blue 10", "blue 11")))}
    act(state, Street(tuple(cards("blue 11", "blue 10", "blue 3", "blue 4"))))  # any legal set, not only listed ones
    assert street(state, 0) == [f"blue {x}" for x in range(3, 12)]
    state = setup(streets={0: "blue 5-9"}, hands={0: ["blue 3", "blue 4", "blue 10"]})
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street((c("blue 4"),)), Street((c("blue 10"),)), Street(tuple(cards("blue 3", "blue 4", "blue 10")))}
    state = setup(streets={0: "blue 5-9"}, hands={0: ["blue 4", "blue 10"]})  # one card at each end: both at once too
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street((c("blue 4"),)), Street((c("blue 10"),)), Street(tuple(cards("blue 4", "blue 10")))}
    state = setup(streets={0: "blue 5-9"}, hands={0: ["blue 3", "blue 4", "blue 10"]})
    rejects(state, Street((c("blue 3"),)), "MAOQY-6.4.2")  # gap at 4
    act(state, Street(tuple(cards("blue 10", "blue 4"))))
    assert street(state, 0) == [f"blue {x}" for x in range(4, 11)]


def test_MAOQY_6_4_2_street_start_one():
    opts = {"street_start": "one"}
    state = setup(options=opts, hands={0: ["blue 3-8", "red 1-6", "red 8-12"]})
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street(tuple(cards("red 1-6")))}
    rejects(state, Street(tuple(cards("blue 3-7"))), "MAOQY-6.4.2")
    rejects(state, Street(tuple(cards("red 8-12"))), "MAOQY-6.4.2")
    act(state, Street(tuple(cards("red 1-5"))))  # grows upward
    state.current_player = 0
    assert {a for a in state.legal_actions() if isinstance(a, Street)} == {Street((c("red 6"),))}


def test_MAOQY_6_4_3_opening_takes_at_least_five_cards_in_one_action():
    state = setup(hands={0: ["blue 3-6", "red 1-5"]})
    rejects(state, Street(tuple(cards("blue 3-6"))), "MAOQY-6.4.3")
    rejects(state, Street((c("red 1"),)), "MAOQY-6.4.3")
    assert {a for a in state.legal_actions() if isinstance(a, Street)} == {Street(tuple(cards("red 1-5")))}
    state = setup(options={"street_min": 3}, hands={0: ["blue 3-5"]})
    act(state, Street(tuple(cards("blue 3-5"))))
    assert len(state.streets[0][0]) == 3
    state = setup(options={"street_min": 1}, hands={0: ["blue 9"]})
    act(state, Street((c("blue 9"),)))
    assert state.streets[0] == [[c("blue 9")]]


def test_MAOQY_6_4_3_maximal_runs_are_listed():
    state = setup(options={"street_min": 3}, hands={0: ["blue 1-4", "blue 6-7", "blue 9-13", "red 2-3"]})
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street(tuple(cards("blue 1-4"))), Street(tuple(cards("blue 9-13")))}


def test_MAOQY_6_4_4_at_most_one_street_per_player():
    state = setup(streets={0: "blue 3-7"}, hands={0: ["red 1-5"]})
    assert not [a for a in state.legal_actions() if isinstance(a, Street)]
    rejects(state, Street(tuple(cards("red 1-5"))), "MAOQY-6.4.4")


def test_MAOQY_6_4_4_max_streets_option():
    state = setup(options={"max_streets": 2}, streets={0: "blue 3-7"}, hands={0: ["red 1-5", "gold 1-5", "blue 8"]})
    legal = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert legal == {Street(tuple(cards("red 1-5"))), Street(tuple(cards("gold 1-5"))), Street((c("blue 8"),))}
    act(state, Street(tuple(cards("red 1-5"))))
    assert [names for names in state.view(1)["seats"][0]["streets"]] == [cards("blue 3-7"), cards("red 1-5")]
    state.current_player = 0
    rejects(state, Street(tuple(cards("gold 1-5"))), "MAOQY-6.4.4")
    act(state, Street((c("blue 8"),)))  # the blue street grows: the kingdom names the street
    assert state.streets[0][0] == cards("blue 3-8")
    assert state.scores()[0] == 11


def test_MAOQY_6_4_5_kingdom_in_at_most_one_street_at_the_table():
    state = setup(streets={2: "blue 3-7"}, hands={0: ["blue 10-14", "red 1-5"]})
    assert {a for a in state.legal_actions() if isinstance(a, Street)} == {Street(tuple(cards("red 1-5")))}
    rejects(state, Street(tuple(cards("blue 10-14"))), "MAOQY-6.4.5")
    rejects(state, Street((c("blue 8"),)), "MAOQY-6.4")  # not even in one's hand
    # the same for a street of seat 0, with seat 1 to act
    state = setup(streets={0: "blue 3-7"}, hands={1: ["blue 10-14", "red 1-5"]}, current=1)
    assert {a for a in state.legal_actions() if isinstance(a, Street)} == {Street(tuple(cards("red 1-5")))}
    rejects(state, Street(tuple(cards("blue 10-14"))), "MAOQY-6.4.5")


def test_MAOQY_6_4_6_street_cards_stay_in_number_order_visible_to_all():
    state = setup(hands={0: ["blue 5-9"]})
    act(state, Street(tuple(cards("blue 8", "blue 5", "blue 9", "blue 7", "blue 6"))))  # opened in any order
    assert state.streets[0] == [cards("blue 5-9")]
    assert state.view(1)["seats"][0]["streets"] == [cards("blue 5-9")]
    state = setup(streets={0: "blue 5-9"}, hands={0: ["blue 4", "blue 10"]})
    act(state, Street((c("blue 10"),)))
    state.current_player = 0
    act(state, Street((c("blue 4"),)))
    assert state.streets[0] == [cards("blue 4-10")]
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["seats"][0]["streets"] == [cards("blue 4-10")]
    state.current_player = 0
    for data in (Discard(c("blue 5")), Open(c("blue 5")), Hide(c("blue 5")), Street((c("blue 5"),))):
        rejects(state, data, "MAOQY-6.4.6")
    state.current_player = 1
    rejects(state, Discard(c("blue 5")), "MAOQY-6.4.6", player=1)


def test_MAOQY_6_5_no_one_lays_down_another_players_card():
    state = setup(opened={1: ["gold 5", "blue 7"]}, hands={0: ["blue 3-6"]})
    rejects(state, Discard(c("gold 5")), "MAOQY-6.5")
    rejects(state, Street(tuple(cards("blue 3-7"))), "MAOQY-6.5")
    rejects(state, Open(c("gold 5")), "MAOQY-6.5")
    assert not [a for a in state.legal_actions() if getattr(a, "card", None) == c("gold 5") and not isinstance(a, Draw)]


# == MAOQY-7 Pass ===================================================================================
def test_MAOQY_7_1_pass_is_always_legal_on_ones_own_turn():
    def check(state):
        if state.phase == 1:
            assert Pass() in state.legal_actions()

    for seed in range(3):
        play_random(fresh(3, {"turn_limit": 200}, seed=seed), random.Random(seed), check=check)
    state = setup(hands={0: ["red 1-12"]}, unknown=[])
    assert Pass() in state.legal_actions()  # a full hand, nothing to draw: still a pass
    before = [list(h) for h in state.hands]
    act(state, {"type": "pass"})
    assert state.hands == before and state.current_player == 1 and state.passes == 1


# == MAOQY-8 Game end ===============================================================================
def test_MAOQY_8_1_a_complete_kingdom_wins_at_once():
    state = setup(streets={1: "gold 1-12"}, opened={1: ["gold 13-17"]}, current=1)
    act(state, Street(tuple(cards("gold 13-17"))))
    assert state.is_terminal() and state.winners == [1] and state.end_reason == "complete"
    assert state.returns() == [0.0, 1.0, 0.0]
    assert state.view(0)["result"]["winners"] == [1]
    # it is that player who wins, not the one with the most street cards (two streets each: P2 has 20)
    state = setup(options={"max_streets": 2}, streets={0: "blue 1-16", 2: ["red 1-10", "gold 1-10"]},
                  hands={0: ["blue 17"]})
    act(state, Street((c("blue 17"),)))
    assert state.is_terminal() and state.end_reason == "complete" and state.scores() == [17, 0, 20]
    assert state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]


def test_MAOQY_8_2_a_full_cycle_of_passes_ends_the_game():
    state = setup(4, streets={2: "red 1-5"})
    act(state, Pass())
    act(state, Draw("unknown"))  # the cycle starts again
    for _ in range(3):
        act(state, Pass())
    assert not state.is_terminal() and state.passes == 3
    act(state, Pass())
    assert state.is_terminal() and state.end_reason == "deadlock" and state.winners == [2]


def test_MAOQY_8_3_turn_limit():
    state = no_pass_random(fresh(3, {"turn_limit": 40}, seed=1), random.Random(1))
    assert state.is_terminal() and state.turn == 40 and state.end_reason == "turn_limit"
    assert len(state.history) == 41  # the direction choice is no turn
    state = setup(options={"turn_limit": 1})
    act(state, Draw("unknown"))
    assert state.is_terminal() and state.end_reason == "turn_limit"
    # the turn that completes a kingdom is a turn played, too (counted over all players)
    state = setup(streets={1: "gold 1-16"}, hands={1: ["gold 17"]}, current=1, turn=7)
    act(state, Street((c("gold 17"),)))
    assert state.end_reason == "complete" and state.turn == 8 and state.view(None)["turn"] == 8


def test_MAOQY_8_4_most_street_cards_wins_ties_share_none_without_streets():
    state = setup(streets={0: "red 1-6", 2: "gold 1-6"}, options={"turn_limit": 1})
    act(state, Pass())
    assert state.winners == [0, 2] and state.returns() == [0.5, 0.0, 0.5]
    state = setup(options={"turn_limit": 1})
    act(state, Pass())
    # nobody wins: the engine's one meaning of a draw (docs/engine.md) shares the win among all seats
    assert state.is_terminal() and state.winners == [] and state.returns() == pytest.approx([1 / 3] * 3)
    assert state.end_rule() == "MAOQY-8.3" and state.ended_by_limit()
    assert state.view(None)["result"] == {"winners": [], "reason": "turn_limit", "street_cards": [0, 0, 0]}
    state = setup(streets={1: "red 1-6"})
    for _ in range(3):
        act(state, Pass())
    assert state.winners == [1] and state.returns() == [0.0, 1.0, 0.0]
    # the cards of all of a player's streets count, not the longest street: P0's 6 + 3 beat P1's 8
    state = setup(options={"max_streets": 2, "turn_limit": 1}, streets={0: ["red 1-6", "gold 1-3"], 1: "blue 1-8"})
    act(state, Pass())
    assert state.scores() == [9, 8, 0] and state.winners == [0]


# == MAOQY-9 Additional cards ========================================================================
def test_MAOQY_9_1_extra_cards_are_shuffled_into_the_deck():
    game = cardtable.load("maoqy", 3, {"extra_cards": "website"})
    catalogue = game.catalogue()
    extras = [x for x in catalogue["cards"] if not x["street"]]
    assert [x["number"] for x in extras] == list(range(18, 53))
    assert extras[0]["name"] == "Der Leopard" and extras[-1]["name"] == "Die Tür"
    assert all(x["kingdom"] is None and x["back"] == "extra" for x in extras)
    positions = [game.new_initial_state(seed=s).unknown.index(204) for s in range(20)]
    assert len(set(positions)) > 10
    with pytest.raises(OptionError, match="extra_cards"):
        cardtable.load("maoqy", 3, {"extra_cards": "/etc/passwd"})


def test_MAOQY_9_2_extra_cards_are_held_and_laid_down_but_never_in_a_street():
    opts = {"extra_cards": "website", "street_min": 1}
    state = setup(options=opts)
    leopard, church = 204, 205
    state.unknown.remove(leopard)
    state.unknown.remove(church)
    state.hands[0] = [leopard, church]
    assert {Discard(leopard), Open(leopard), Hide(leopard)} <= set(state.legal_actions())
    assert not [a for a in state.legal_actions() if isinstance(a, Street)]
    rejects(state, Street((leopard,)), "MAOQY-9.2")
    act(state, Hide(leopard))
    state.current_player = 0
    act(state, Open(church))
    state.current_player = 1
    act(state, Draw("open", 0, church))
    assert state.hands[1] == [church]
    state.current_player = 1
    act(state, Discard(church))
    assert state.known[-1] == church
    assert state.view(1)["seats"][0]["hiding_backs"] == ["extra"]
    # nor offered for the street a player has, whatever its kingdom (black is the last one)
    for kingdom in SPEC_KINGDOMS:
        state = setup(options=opts, streets={0: f"{kingdom} 1-5"})
        state.unknown.remove(leopard)
        state.hands[0] = [leopard]
        assert not [a for a in state.legal_actions() if isinstance(a, Street)], kingdom
        rejects(state, Street((leopard,)), "MAOQY-9.2")


def test_MAOQY_9_3_extra_cards_take_part_in_the_first_player_draw():
    opts = {"extra_cards": "website"}
    state = fresh(3, opts)
    top = [x for x in sorted(state.unknown) if x != 204]
    state.unknown = top + [c("red 17"), 204, c("blue 17")][::-1]  # P0 red 17, P1 the Leopard (18), P2 blue 17
    state.first_draw = []
    assert state._choose_first_player() == 1
    firsts = [fresh(3, opts, seed=s) for s in range(40)]
    assert any(s.first_draw[-1][[seat for seat, _ in s.first_draw[-1]].index(s.first_player)][1] >= 204 for s in firsts)


# == Options (spec section 4) =======================================================================
def test_option_defaults():
    assert cardtable.load("maoqy", 3).options == {
        "kingdoms": list(SPEC_KINGDOMS), "hand_limit": 12, "street_min": 5, "street_start": "any", "max_streets": 1,
        "extended_draw": True, "known_draw": "top", "open_hand_access": "all", "hiding_place_size": 1,
        "backs_show_kingdom": True, "claimed_cards": "open", "turn_limit": 2000, "extra_cards": "none",
    }
    described = {o["name"]: o for o in cardtable.load("maoqy", 3).describe()["options"]}
    assert described["hand_limit"]["rule"] == "MAOQY-5.1" and described["turn_limit"]["rule"] == "MAOQY-8.3"


def test_option_kingdoms():
    game = cardtable.load("maoqy", 2, {"kingdoms": ["yellow", "red"]})
    assert game.options["kingdoms"] == ["red", "yellow"]  # kept in seed order
    state = game.new_initial_state(seed=1)
    assert sorted(state.unknown) == cards("red 1-17", "yellow 1-17")
    assert cardtable.load("maoqy", 2, {"kingdoms": "red, blue"}).options["kingdoms"] == ["red", "blue"]
    assert cardtable.load("maoqy", 12).options["kingdoms"] == list(SPEC_KINGDOMS)
    assert len([x for x in game.catalogue()["cards"]]) == 34


@pytest.mark.parametrize("players, value, words", [
    (2, ["red", "pink"], "'pink' is not a colour kingdom"),
    (2, ["red", "red"], "red given twice"),
    (2, [], "kingdoms"),
    (2, "humans,red", "'humans' is not a colour kingdom"),
    (3, ["red", "blue"], "3 players need at least 3 colour kingdoms"),
    (2, 5, "kingdoms"),
    (2, [1, 2], "kingdoms"),
])
def test_option_kingdoms_invalid(players, value, words):
    with pytest.raises(OptionError, match=words) as info:
        cardtable.load("maoqy", players, {"kingdoms": value})
    assert "kingdoms" in str(info.value)


@pytest.mark.parametrize("option, good, bad", [
    ("hand_limit", [5, 12, 100], [4, 0, -1, "12", 12.0, True]),
    ("street_min", [1, 5, 17], [0, 18, "5"]),
    ("street_start", ["any", "one"], ["two", 1, None]),
    ("max_streets", [1, 2, 12], [0, 13, "1"]),
    ("extended_draw", [True, False], ["true", 1, 0, None]),
    ("known_draw", ["top", "any"], ["all", True]),
    ("open_hand_access", ["all", "owner"], ["none", 1]),
    ("hiding_place_size", [1, 3], [0, -2, "1"]),
    ("backs_show_kingdom", [True, False], ["yes", 1]),
    ("turn_limit", [1, 2000, 10**6], [0, -5, 2.5]),
    ("extra_cards", ["none", "website"], ["all", "website.json", None, 3]),
])
def test_option_values(option, good, bad):
    for value in good:
        assert cardtable.load("maoqy", 3, {option: value}).options[option] == value
    for value in bad:
        with pytest.raises(OptionError, match=option):
            cardtable.load("maoqy", 3, {option: value})


def test_option_unknown_is_rejected():
    with pytest.raises(OptionError, match="hand_limt"):
        cardtable.load("maoqy", 3, {"hand_limt": 8})


@pytest.mark.parametrize("players", [0, 1, 13, -3, "3", 3.0, True])
def test_option_players_outside_2_to_12(players):
    with pytest.raises(OptionError):
        cardtable.load("maoqy", players=players)


def test_option_default_kingdom_list_is_not_shared():
    a = cardtable.load("maoqy", 3)
    a.options["kingdoms"].append("pink")
    assert cardtable.load("maoqy", 3).options["kingdoms"] == list(SPEC_KINGDOMS)


def test_option_backs_show_kingdom():
    state = setup(hands={1: ["red 9", "blue 2"]}, hiding={1: ["gold 4"]}, unknown_top=["green 8"])
    seat = state.view(0)["seats"][1]
    assert seat["hand_backs"] == ["red", "blue"] and seat["hiding_backs"] == ["gold"]
    assert state.view(0)["unknown_top_back"] == "green"
    state = setup(options={"backs_show_kingdom": False}, hands={1: ["red 9", "blue 2"]}, hiding={1: ["gold 4"]},
                  unknown_top=["green 8"])
    for viewer in (None, 0, 2):
        view = state.view(viewer)
        assert view["seats"][1]["hand_backs"] is None and view["seats"][1]["hiding_backs"] is None
        assert view["unknown_top_back"] is None
        assert view["seats"][1]["hand_size"] == 2 and view["seats"][1]["hiding_size"] == 1
    assert state.view(1)["seats"][1]["hand_backs"] == ["red", "blue"]  # one's own hand is seen anyway


# == Action input ==================================================================================
@pytest.mark.parametrize("data", [{"type": "play", "card": 1}, {"type": "DRAW", "from": "unknown"}, {"card": 0},
                                  {"type": 3}, {}])
def test_ACTION_1_unknown_action_type(data):
    rejects(setup(hands={0: ["red 1"]}), data, "ACTION-1")


def test_ACTION_1_foreign_action_object():
    @action("pass")
    class OtherPass(Action):
        pass

    rejects(setup(), OtherPass(), "ACTION-1")


@pytest.mark.parametrize("data", [
    {"type": "draw"}, {"type": "draw", "source": "unknown"}, {"type": "draw", "from": "deck"},
    {"type": "draw", "from": "unknown", "card": 3}, {"type": "draw", "from": "unknown", "player": 0},
    {"type": "draw", "from": "known", "player": 1}, {"type": "draw", "from": "open", "player": 1},
    {"type": "draw", "from": "open", "card": 3}, {"type": "draw", "from": "hiding"},
    {"type": "draw", "from": "open", "player": "1", "card": 3}, {"type": "discard"}, {"type": "discard", "card": "3"},
    {"type": "discard", "card": True}, {"type": "discard", "card": 3.0}, {"type": "street", "cards": 3},
    {"type": "street", "cards": ["3"]}, {"type": "street"}, {"type": "pass", "card": 1}, {"type": "direction"},
    "pass", ["pass"], None, 7,
])
def test_ACTION_2_malformed_actions(data):
    rejects(setup(hands={0: ["red 1"]}), data, "ACTION-2")


def test_ACTION_2_draw_messages_name_the_from_field():
    state = setup()
    err = rejects(state, {"type": "draw"}, "ACTION-2")
    assert "'from'" in err.message and "source" not in err.message
    err = rejects(state, {"type": "draw", "from": "deck"}, "ACTION-2")
    assert "'from'" in err.message


def test_json_forms_round_trip():
    forms = [
        {"type": "direction", "value": "cw"}, {"type": "draw", "from": "unknown"}, {"type": "draw", "from": "known"},
        {"type": "draw", "from": "known", "card": 4}, {"type": "draw", "from": "open", "player": 2, "card": 5},
        {"type": "draw", "from": "hiding", "card": 6}, {"type": "discard", "card": 7}, {"type": "open", "card": 8},
        {"type": "hide", "card": 9}, {"type": "street", "cards": [1, 2, 3, 4, 5]}, {"type": "pass"},
    ]
    game = cardtable.load("maoqy", 3)
    for form in forms:
        parsed = game.parse_action(form)
        assert parsed.to_json() == form
        assert game.parse_action(json.loads(json.dumps(parsed.to_json()))) == parsed
    assert str(Draw("unknown")) == "draw from=unknown"


def test_GAME_OVER_no_actions_after_the_end():
    state = setup(streets={0: "blue 1-16"}, hands={0: ["blue 17"], 1: ["red 1"]})
    act(state, Street((c("blue 17"),)))
    for data in (Pass(), Draw("unknown"), Discard(c("red 1")), Direction("cw"), {"type": "pass"}):
        rejects(state, data, "GAME-OVER")
        rejects(state, data, "GAME-OVER", player=1)


def test_rejections_name_the_rule_in_plain_words():
    state = setup(hands={0: ["red 1-12"]})
    err = rejects(state, Draw("unknown"), "MAOQY-5.1")
    assert str(err).startswith("MAOQY-5.1: ") and "hand_limit" in err.message


# == Game interface =================================================================================
def test_undoable_only_what_uses_no_chance_and_shows_nothing_hidden():
    game = cardtable.load("maoqy", 3)
    state = setup()
    assert not game.undoable(state, Draw("unknown"))
    for a in (Street(tuple(cards("blue 1-5"))), Open(3), Discard(3), Hide(3), Pass(), Draw("known"),
              Draw("open", 1, 3), Draw("hiding", card=3), Direction("cw")):
        assert game.undoable(state, a), a


def test_action_labels_and_display_order():
    game = cardtable.load("maoqy", 3)
    assert game.action_label(Street(tuple(cards("blue 3-7")))) == "street: blue 3-7"
    assert game.action_label(Draw("open", 2, c("gold 5"))) == "draw gold 5 from seat 2's open hand"
    assert game.action_label(Hide(c("red 9"))) == "hide red 9 (in the hiding place)"
    # the seat order in words, as the table shows it (it said "seat i to i-1" before; found by a UX review)
    assert game.action_label(Direction("ccw")) == "play counter-clockwise (seat 0 → 2 → 1)"
    assert game.action_label(Direction("cw")) == "play clockwise (seat 0 → 1 → 2)"
    assert cardtable.load("maoqy", 7).action_label(Direction("ccw")) == "play counter-clockwise (seat 0 → 6 → 5 → 4 → 3 …)"
    state = setup(hands={0: ["blue 3-7", "red 1"]}, known=["gold 1"])
    ordered = game.display_order(state.legal_actions())
    assert sorted(map(str, ordered)) == sorted(map(str, state.legal_actions()))
    assert isinstance(ordered[0], Street) and isinstance(ordered[-1], Pass)
    assert ordered[1] == Draw("unknown")


def test_public_action_hides_hidden_cards_from_others():
    game = cardtable.load("maoqy", 3)
    assert game.public_action(Hide(5), 0, 1) == {"type": "hide"}
    assert game.public_action(Hide(5), 0, 0) == {"type": "hide", "card": 5}
    assert game.public_action(Draw("hiding", card=5), 0, None) == {"type": "draw", "from": "hiding"}
    assert game.public_action(Discard(5), 0, None) == {"type": "discard", "card": 5}
    state = setup(hands={0: ["red 9"]})
    act(state, Hide(c("red 9")))
    assert state.view(1)["last_action"] == {"actor": 0, "type": "hide"}
    assert state.view(0)["last_action"] == {"actor": 0, "type": "hide", "card": c("red 9")}


def test_catalogue_lists_every_card_of_the_deck():
    catalogue = cardtable.load("maoqy", 3).catalogue()
    assert len(catalogue["cards"]) == 204
    blue7 = catalogue["cards"][c("blue 7")]
    assert blue7 == {"id": 40, "number": 7, "name": "Messenger", "name_de": "Bote", "kingdom": "blue", "back": "blue",
                     "street": True, "complement": "yellow"}
    assert catalogue["figures"][12] == "Joker"  # OP-5: an ordinary card
    assert name(203) == "black 17" and c("red 1") == 0 and c("turquoise 1") == 17


def test_record_and_replay_give_the_same_digest():
    for seed, opts in ((3, {}), (4, {"kingdoms": ["red", "blue"], "street_min": 3, "turn_limit": 400}),
                       (5, {"known_draw": "any", "max_streets": 2, "extra_cards": "website", "turn_limit": 300})):
        state = no_pass_random(fresh(3 if seed != 4 else 2, opts, seed=seed), random.Random(seed))
        assert state.is_terminal()
        text = state.record().dumps()
        (record,) = read_records(text.splitlines())
        replayed = record.replay(check=True)
        assert replayed.digest() == state.digest() and replayed.snapshot() == state.snapshot()
        assert record.result["digest"] == state.digest()


def test_cli_simulate_and_replay_check(tmp_path):
    import subprocess
    import sys

    out_file = tmp_path / "games.jsonl"

    def run(*args):
        return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                              timeout=300, env={"COLUMNS": "120", "PATH": "/usr/bin:/bin", "TERM": "dumb"})

    out = run("simulate", "maoqy", "--games", "50", "--agents", "random,random", "--players", "2", "--json",
              "--record", str(out_file))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 50 and summary["errors"] == 0
    check = run("replay", str(out_file), "--check")
    assert check.returncode == 0, check.stderr
    assert check.stdout.count("ok ") == 50


def test_log_entry_names_a_hidden_card_only_to_its_owner():
    """Section 7: the other seats (and spectators) read that a card was hidden, never which."""
    game = MaoqyGame(players=2)
    text, action = game.log_entry(Hide(5), 0, 0)
    assert action == {"type": "hide", "card": 5} and C.label(5) in text
    for viewer in (1, None):
        text, action = game.log_entry(Hide(5), 0, viewer)
        assert action == {"type": "hide"} and C.label(5) not in text and "hide" in text
        text, action = game.log_entry(Draw("hiding", card=5), 0, viewer)
        assert action == {"type": "draw", "from": "hiding"} and C.label(5) not in text
    assert game.log_entry(Discard(5), 0, 1) == (game.action_label(Discard(5)), {"type": "discard", "card": 5})


def test_last_action_names_the_actor_and_the_open_hands_owner_apart():
    """A draw from another seat's open hand: ``actor`` is who drew, ``player`` whose open hand it was."""
    state = setup(hands={0: []}, opened={1: ["red 9"]})
    act(state, Draw("open", player=1, card=c("red 9")))
    assert state.view(1)["last_action"] == {"actor": 0, "type": "draw", "from": "open", "player": 1, "card": c("red 9")}


def test_a_draw_from_ones_own_open_hand_reads_as_ones_own():
    """Seat 0 was offered "draw white 3 from seat 0's open hand" (MAOQY-5.4 allows one's own)."""
    game = cardtable.load("maoqy", 2)
    state = game.new_initial_state(seed=3)
    mine, theirs = Draw("open", 0, c("white 3")), Draw("open", 1, c("white 3"))
    assert game.move_label(mine, state.view(0)) == "take white 3 back from your open hand"
    assert game.move_label(theirs, state.view(0)) == "draw white 3 from seat 1's open hand"
    assert game.move_label(mine, state.view(None)) == "draw white 3 from seat 0's open hand"  # a spectator
