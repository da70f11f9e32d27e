"""Spec 6.4 ``look_top`` with ``reorder: true``: the looker puts the cards back on top of the deck in the order
they choose. Only they learn the cards (spec 9)."""

from __future__ import annotations

from cardtable.games.mitosz.kit.resample import determinize
from cardtable.engine.rng import Rng
from cardtable.games.mitosz.actions import Choose, UseFreeManeuver
from tests.games.mitosz.helpers import (A, B, card_yaml, custom_decks, deck_top, do, hand, leader, pass_counter,
                                        ready, rejects, scene, set_yaml)

def _glass(serial: int, name: str, look: str) -> str:
    return card_yaml(serial, name, "free_maneuver", f"""    maneuvers:
      - id: m1
        effect:
          - look_top: {look}
""")


LOOK_SET = set_yaml("Test cards of look_top",
                    _glass(81, "Seer's Glass", "{player: self, n: 3, reorder: true}"),
                    _glass(82, "Far Sight", "{player: enemy, n: 2, reorder: true}"),
                    _glass(83, "Idle Glance", "{player: self, n: 3}"))


def look_scene(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "look", LOOK_SET, a=["TST-081", "TST-082", "TST-083"]))
    orren = leader(s, A, "Captain Orren")
    return s, orren


def top(s, seat: int, n: int) -> list[str]:
    return [s.cards[i].d.name for i in reversed(s.players[seat].deck[-n:])]


def test_spec_6_4_look_top_reorder_the_looker_chooses_the_order_top_first(tmp_path, monkeypatch):
    s, orren = look_scene(tmp_path, monkeypatch)
    glass, = hand(s, A, "Seer's Glass")
    blade, ivo, lysa = deck_top(s, A, "Sunsteel Blade", "Magister Ivo", "Lysa Brightspear")
    size = len(s.players[A].deck)
    ready(s)
    do(s, UseFreeManeuver(glass, orren, "m1"))
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "deck_order" and s.current_player == A
    assert sorted(a.cards[0] for a in s.legal_actions()) == sorted([blade, ivo, lysa])
    assert "Sunsteel Blade" not in str(s.view(B)) and "Sunsteel Blade" in str(s.view(A))  # spec 9
    rejects(s, Choose((s.players[A].deck[0],)), "spec 6.4")  # a card it did not look at
    do(s, Choose((lysa,)))
    do(s, Choose((blade,)))  # two left: Ivo goes last without a question
    assert s.mode == "window" and not s.stack
    assert top(s, A, 3) == ["Lysa Brightspear", "Sunsteel Blade", "Magister Ivo"]
    assert len(s.players[A].deck) == size
    assert any("in the order they chose" in text for _t, text, to in s.log if to is None)


def test_spec_6_4_look_top_reorder_an_enemys_deck_and_without_reorder_no_question(tmp_path, monkeypatch):
    s, orren = look_scene(tmp_path, monkeypatch)
    sight, glance = hand(s, A, "Far Sight", "Idle Glance")
    skeld, vigdis = deck_top(s, B, "Jarl Skeld Ironbrow", "Vigdis the Wolf-Sworn")
    ready(s)
    do(s, UseFreeManeuver(glance, orren, "m1"))
    pass_counter(s)
    assert s.mode == "window"  # only a look
    s.apply(s.legal_actions()[-1])  # B passes
    lysa = leader(s, A, "Lysa Brightspear")
    ready(s)
    do(s, UseFreeManeuver(sight, lysa, "m1"))
    pass_counter(s)
    assert s.prompt.kind == "deck_order" and s.prompt.deck == B and s.current_player == A
    assert "P1's deck" in s.view(A)["prompt"]["text"] and "Vigdis" not in str(s.view(B)["prompt"])
    # a search bot's redeal keeps the looked-at cards where the looker saw them
    for seed in range(5):
        d = determinize(s, A, Rng(seed))
        assert d.players[B].deck[-2:] == s.players[B].deck[-2:]
    do(s, Choose((vigdis,)))
    assert top(s, B, 2) == ["Vigdis the Wolf-Sworn", "Jarl Skeld Ironbrow"]


def test_the_heuristic_puts_its_best_card_on_top_of_its_own_deck(tmp_path, monkeypatch):
    from cardtable.agents import Observation, make_agent

    s, orren = look_scene(tmp_path, monkeypatch)
    glass, = hand(s, A, "Seer's Glass")
    blade, city, ivo = deck_top(s, A, "Sunsteel Blade", "Gilded Cityfolk", "Magister Ivo")
    ready(s)
    do(s, UseFreeManeuver(glass, orren, "m1"))
    pass_counter(s)
    bot = make_agent("heuristic", s.game, 0)
    choice = bot.act(Observation(s, A))
    assert choice == Choose((city,)), choice  # a nation with power points, its empire's next step
