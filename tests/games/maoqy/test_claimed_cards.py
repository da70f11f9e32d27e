"""MAOQY-6.6, the table rule of option ``claimed_cards`` (docs/maoqy.md, "Departures from the rulebook").

With ``claimed_cards = open`` (the default for play) no player keeps a card of another player's street kingdom
hidden: it lies face up in their open hand, and only the street's owner may draw it from there or from the
Known. With ``claimed_cards = anywhere`` (the rulebook's text) such cards are held like any other.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.games.maoqy.actions import Draw, Street

from .helpers import act, c, cards, check_zones, names, rejects, setup

OPEN = {"claimed_cards": "open"}
ANYWHERE = {"claimed_cards": "anywhere"}


def test_MAOQY_6_6_is_the_default_and_anywhere_is_the_rulebooks_text():
    assert cardtable.load("maoqy", 2).options["claimed_cards"] == "open"
    described = {o["name"]: o for o in cardtable.load("maoqy", 2).describe()["options"]}
    assert described["claimed_cards"]["rule"] == "MAOQY-6.6"
    with pytest.raises(cardtable.OptionError):
        cardtable.load("maoqy", 2, {"claimed_cards": "nowhere"})


def test_MAOQY_6_6_opening_a_street_shows_the_other_players_cards_of_its_kingdom():
    position = dict(hands={0: ["blue 3-7", "blue 9"], 1: ["blue 10", "red 2"], 2: ["blue 1"]},
                    hiding={1: ["blue 12"]}, opened={2: ["gold 4"]})
    state = setup(3, OPEN, **position)
    act(state, Street(tuple(cards("blue 3-7"))))
    assert names(state.hands[0]) == ["blue 9"]  # the owner's own cards stay hidden
    assert names(state.hands[1]) == ["red 2"] and state.hiding[1] == []
    assert sorted(names(state.opened[1])) == ["blue 10", "blue 12"]
    assert names(state.hands[2]) == [] and names(state.opened[2]) == ["gold 4", "blue 1"]
    assert sorted(state.view(None)["seats"][1]["open"]) == cards("blue 10", "blue 12")
    check_zones(state)
    state = setup(3, ANYWHERE, **position)
    act(state, Street(tuple(cards("blue 3-7"))))
    assert names(state.hands[1]) == ["blue 10", "red 2"] and names(state.hiding[1]) == ["blue 12"]
    assert names(state.hands[2]) == ["blue 1"]


def test_MAOQY_6_6_a_card_of_another_street_drawn_from_the_unknown_goes_face_up():
    state = setup(3, OPEN, streets={0: "blue 3-7"}, hands={1: ["red 2"]}, unknown_top=["blue 8", "blue 9"], current=1)
    act(state, Draw("unknown"))
    assert names(state.hands[1]) == ["red 2"] and names(state.opened[1]) == ["blue 8"]
    state.current_player = 0  # the owner's own kingdom goes into the hidden hand as always
    act(state, Draw("unknown"))
    assert names(state.hands[0]) == ["blue 9"]
    state = setup(3, ANYWHERE, streets={0: "blue 3-7"}, hands={1: ["red 2"]}, unknown_top=["blue 8"], current=1)
    act(state, Draw("unknown"))
    assert names(sorted(state.hands[1])) == ["red 2", "blue 8"] and state.opened[1] == []


def test_MAOQY_6_6_only_the_streets_owner_draws_its_face_up_cards():
    position = dict(streets={0: "blue 3-7"}, opened={2: ["blue 10", "gold 4"]}, known=["gold 1", "blue 8"])
    state = setup(3, OPEN, current=1, **position)
    legal = state.legal_actions()
    assert Draw("known") not in legal and Draw("open", player=2, card=c("blue 10")) not in legal
    assert Draw("open", player=2, card=c("gold 4")) in legal
    rejects(state, Draw("known"), "MAOQY-6.6")
    rejects(state, Draw("open", player=2, card=c("blue 10")), "MAOQY-6.6")
    state.current_player = 0
    assert Draw("known") in state.legal_actions()
    act(state, Draw("known"))
    state.current_player = 0
    act(state, Draw("open", player=2, card=c("blue 10")))
    assert names(sorted(state.hands[0])) == ["blue 8", "blue 10"]
    # known_draw = any: the cards of another's street are left out of the Known's draws
    state = setup(3, {**OPEN, "known_draw": "any"}, current=1, **position)
    known_draws = {a.card for a in state.legal_actions() if isinstance(a, Draw) and a.source == "known"}
    assert known_draws == {c("gold 1")}
    rejects(state, Draw("known", card=c("blue 8")), "MAOQY-6.6")
    state = setup(3, ANYWHERE, current=1, **position)
    assert Draw("known") in state.legal_actions() and Draw("open", player=2, card=c("blue 10")) in state.legal_actions()
    act(state, Draw("known"))
    assert names(state.hands[1]) == ["blue 8"]


def _hidden_claimed(state) -> list[tuple[int, str]]:
    """Cards of another seat's street kingdom in a hidden hand or hiding place."""
    found = []
    for q in range(state.n):
        for x in state.hands[q] + state.hiding[q]:
            k = x // 17 if x < 204 else -1
            if k >= 0 and state.claimed[k] not in (-1, q):
                found.append((q, names([x])[0]))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_MAOQY_6_6_in_random_and_heuristic_games_no_claimed_card_is_ever_hidden(players):
    game = cardtable.load("maoqy", players, {"kingdoms": ["red", "blue", "gold", "green", "white"][: players + 1],
                                              "street_min": 3, "turn_limit": 600})
    claimed_seen = 0
    for seed in range(6):
        rnd = random.Random(seed)
        lineup = ["heuristic" if (seed + i) % 2 else "random" for i in range(players)]
        agents = [make_agent(name, game, seed * 7 + i) for i, name in enumerate(lineup)]
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            p = state.current_player
            legal = state.legal_actions()
            for a in legal:
                if isinstance(a, Draw) and a.source in ("known", "open"):
                    x = a.card if a.card is not None else state.known[-1]
                    assert state.claimed[x // 17] in (-1, p), (a, "draws a face-up card of another's street")
            a = agents[p].act(Observation(state, p)) if rnd.random() < 0.9 else rnd.choice(legal)
            state.apply(a)
            assert _hidden_claimed(state) == []
            check_zones(state)
        claimed_seen += max(state.claimed) >= 0
    assert claimed_seen >= 3  # streets opened, so the rule was at work


def test_MAOQY_6_6_heuristic_games_end_by_a_complete_street_not_by_the_limit():
    """The reason for the table rule: under the rulebook's text (anywhere) heuristic players hold each other's
    cards and every game runs into the turn limit (MAOQY-8.3); under MAOQY-6.6 they complete a street."""
    ends = {}
    for value in ("open", "anywhere"):
        game = cardtable.load("maoqy", 2, {"claimed_cards": value})
        reasons = []
        for seed in range(4):
            agents = [make_agent("heuristic", game, seed * 31 + i) for i in range(2)]
            state = game.new_initial_state(seed=seed)
            while not state.is_terminal():
                p = state.current_player
                state.apply(agents[p].act(Observation(state, p)))
            reasons.append(state.end_reason)
        ends[value] = reasons
    assert ends["open"] == ["complete"] * 4, ends
    assert ends["anywhere"].count("turn_limit") >= 3, ends
