"""The acceptance scenarios of the MAOQY specification (rules/maoqy.md, section 9), one test each.

Three players P0, P1, P2, standard deck, default options, unless a scenario says otherwise.
The first player is P0 and chose clockwise unless stated.
"""

from __future__ import annotations

from cardtable.games.maoqy.actions import Direction, Discard, Draw, Hide, Pass, Street
from tests.games.maoqy.helpers import c, cards, check_zones, first_player_draw, hand, rejects, setup, street


def test_scenario_01_MAOQY_3_2_MAOQY_3_4_MAOQY_3_5_first_player():
    state = first_player_draw(3, ["red 9", "blue 14", "gold 3"])
    assert state.first_player == 1 and state.current_player == 1
    assert state.first_draw == [[[0, c("red 9")], [1, c("blue 14")], [2, c("gold 3")]]]
    assert len(state.unknown) == 204
    assert {c("red 9"), c("blue 14"), c("gold 3")} <= set(state.unknown)
    check_zones(state)
    assert set(state.legal_actions()) == {Direction("cw"), Direction("ccw")}
    assert len(state.legal_actions()) == 2


def test_scenario_02_MAOQY_3_3_tie_in_the_first_draw():
    state = first_player_draw(3, ["red 14", "blue 14", "gold 3", "white 2", "black 11"])
    assert state.first_draw == [
        [[0, c("red 14")], [1, c("blue 14")], [2, c("gold 3")]],
        [[0, c("white 2")], [1, c("black 11")]],  # only the tied P0 and P1 draw again
    ]
    assert state.first_player == 1
    assert len(state.unknown) == 204
    assert set(cards("red 14", "blue 14", "gold 3", "white 2", "black 11")) <= set(state.unknown)
    check_zones(state)


def test_scenario_03_MAOQY_5_2_draw_from_the_unknown():
    state = setup()
    top = state.unknown[-1]
    state.apply({"type": "draw", "from": "unknown"}, player=0)
    assert state.hands[0] == [top]
    assert len(state.unknown) == 203
    assert state.current_player == 1


def test_scenario_04_MAOQY_4_2_MAOQY_4_3_one_action_per_turn():
    state = setup()
    state.apply(Draw("unknown"), player=0)
    drawn = state.hands[0][0]
    rejects(state, Discard(drawn), "MAOQY-4.3", player=0)
    rejects(state, {"type": "discard", "card": drawn}, "MAOQY-4.3", player=0)
    assert state.current_player == 1


def test_scenario_05_MAOQY_5_1_hand_limit():
    state = setup(hands={0: ["red 1-12"]})
    rejects(state, Draw("unknown"), "MAOQY-5.1", player=0)
    legal = state.legal_actions()
    kinds = {a.type for a in legal}
    assert {"discard", "open", "hide", "pass"} <= kinds
    assert "draw" not in kinds


def test_scenario_06_MAOQY_6_1_MAOQY_5_3_discard_and_draw_from_the_known():
    state = setup(hands={0: ["red 4"]})
    assert state.known == []
    state.apply({"type": "discard", "card": c("red 4")}, player=0)
    assert state.known == [c("red 4")]
    state.apply({"type": "draw", "from": "known"}, player=1)
    assert state.hands[1] == [c("red 4")]
    assert state.known == []
    rejects(state, Draw("known"), "MAOQY-5.3", player=2)  # the next draw from the Known
    assert Draw("known") not in state.legal_actions()


def test_scenario_07_MAOQY_6_4_open_a_street():
    state = setup(hands={0: ["blue 3-7", "green 9"]})
    state.apply({"type": "street", "cards": cards("blue 3-7")}, player=0)
    assert street(state, 0) == ["blue 3", "blue 4", "blue 5", "blue 6", "blue 7"]
    assert hand(state, 0) == ["green 9"]


def test_scenario_08_MAOQY_6_4_3_too_few_cards_to_open():
    state = setup(hands={0: ["blue 3-6"]})
    rejects(state, Street(tuple(cards("blue 3-6"))), "MAOQY-6.4.3", player=0)


def test_scenario_09_MAOQY_6_4_1_MAOQY_6_4_2_gap_or_mixed_kingdoms():
    state = setup(hands={0: ["blue 3-6", "blue 8", "yellow 7"]})
    rejects(state, Street(tuple(cards("blue 3-6", "blue 8"))), "MAOQY-6.4.2", player=0)
    rejects(state, Street(tuple(cards("blue 3-6", "yellow 7"))), "MAOQY-6.4.1", player=0)


def test_scenario_10_MAOQY_6_4_2_extend_a_street():
    state = setup(streets={0: "blue 3-7"}, hands={0: ["blue 8", "blue 2", "blue 10"]})
    state.apply({"type": "street", "cards": [c("blue 8")]}, player=0)
    assert street(state, 0) == [f"blue {x}" for x in range(3, 9)]
    for p in (1, 2):
        state.apply(Pass(), player=p)
    state.apply({"type": "street", "cards": [c("blue 2")]}, player=0)
    assert street(state, 0) == [f"blue {x}" for x in range(2, 9)]
    for p in (1, 2):
        state.apply(Pass(), player=p)
    rejects(state, Street((c("blue 10"),)), "MAOQY-6.4.2", player=0)


def test_scenario_11_MAOQY_6_4_5_kingdom_already_claimed():
    state = setup(streets={0: "blue 3-7"}, hands={1: ["blue 10-14"]}, current=1)
    rejects(state, Street(tuple(cards("blue 10-14"))), "MAOQY-6.4.5", player=1)


def test_scenario_12_MAOQY_6_3_MAOQY_5_5_hiding_place():
    state = setup(hands={0: ["red 9", "red 10"]})
    state.apply({"type": "hide", "card": c("red 9")}, player=0)
    assert state.hiding[0] == [c("red 9")]
    for viewer in (1, 2):
        seat = state.view(viewer)["seats"][0]
        assert seat["hiding_size"] == 1 and seat["hiding_backs"] == ["red"]
        assert "hiding" not in seat
    # P1 at any time: not on P0's turn, nor on its own
    rejects(state, {"type": "draw", "from": "hiding", "player": 0, "card": c("red 9")}, "MAOQY-5.5", player=1)
    rejects(state, {"type": "draw", "from": "hiding", "card": c("red 9")}, "MAOQY-5.5", player=1)
    state.apply(Pass(), player=1)
    assert state.current_player == 2  # P1 off its turn
    rejects(state, {"type": "draw", "from": "hiding", "player": 0, "card": c("red 9")}, "MAOQY-5.5", player=1)
    rejects(state, {"type": "draw", "from": "hiding", "card": c("red 9")}, "MAOQY-5.5", player=1)
    state.apply(Pass(), player=2)
    rejects(state, Hide(c("red 10")), "MAOQY-6.3", player=0)
    state.apply({"type": "draw", "from": "hiding", "card": c("red 9")}, player=0)
    assert sorted(state.hands[0]) == cards("red 9", "red 10")
    assert state.hiding[0] == []


def test_scenario_13_MAOQY_6_2_MAOQY_5_4_open_hand():
    state = setup(hands={0: ["gold 5"]})
    state.apply({"type": "open", "card": c("gold 5")}, player=0)
    assert state.opened[0] == [c("gold 5")]
    for viewer in (None, 0, 1, 2):
        assert state.view(viewer)["seats"][0]["open"] == [c("gold 5")]
    state.apply({"type": "draw", "from": "open", "player": 0, "card": c("gold 5")}, player=1)
    assert state.hands[1] == [c("gold 5")]
    assert state.opened[0] == []

    state = setup(options={"open_hand_access": "owner"}, opened={0: ["gold 5"]}, current=1)
    rejects(state, Draw("open", 0, c("gold 5")), "MAOQY-5.4", player=1)


def test_scenario_14_MAOQY_8_1_winning():
    state = setup(streets={0: "blue 1-16"}, hands={0: ["blue 17"]})
    state.apply({"type": "street", "cards": [c("blue 17")]}, player=0)
    assert state.is_terminal() and state.current_player == -1
    assert state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]
    assert state.legal_actions() == []
    rejects(state, Pass(), "GAME-OVER")
    rejects(state, Pass(), "GAME-OVER", player=1)


def test_scenario_15_MAOQY_8_2_MAOQY_8_4_deadlock_end():
    state = setup(streets={0: "red 1-6", 1: "gold 4-10"})
    for p in (0, 1, 2):
        assert not state.is_terminal()
        state.apply({"type": "pass"}, player=p)
    assert state.is_terminal()
    assert state.end_reason == "deadlock"
    assert state.winners == [1]
    assert state.scores() == [6, 7, 0]
    assert state.view(None)["result"] == {"winners": [1], "reason": "deadlock", "street_cards": [6, 7, 0]}
