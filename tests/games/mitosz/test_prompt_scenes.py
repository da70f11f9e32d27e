"""The two questions random games of the packaged cards never ask, asked by test cards: ``choose_one`` (the
``option`` prompt, MIT-3.9.e) and a recovery from the afterworld among different cards (the ``pick`` prompt,
MIT-1.4.3). Each is offered to its player with its legal answers, refuses another seat, and runs the answer."""

from __future__ import annotations

from cardtable.games.mitosz.actions import Choose, ChooseOption, UseFate
from cardtable.games.mitosz.prompts.questions import Option
from cardtable.games.mitosz.prompts.cards import Pick
from tests.games.mitosz.helpers import (A, B, afterworld, custom_decks, do, hand, leader, pass_counter, ready,
                                        rejects, scene, sph, spheres)

QUESTION_SET = """
code: TST
name: questions
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Fork of Fortune"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        effect:
          - choose_one: {options: [[{draw: {n: 1}}], [{gain_spheres: {amount: {magic: 1}}}]]}
  - id: TST-002
    set: TST
    serial: 2
    name: "Call of the Fallen"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        effect:
          - recover: {filter: {card_type: [leader]}, n: 1}
"""


def _scene(tmp_path, monkeypatch, name):
    options = custom_decks(tmp_path, monkeypatch, name, QUESTION_SET, b=["TST-001", "TST-002"])
    s = scene(options=options, active=B)
    god_leader = leader(s, B, "Hrimgar, Frost Father")  # its allowance lets B use an unlinked fate (MIT-8.god)
    spheres(s, B, "3/2/3/6")
    return s, god_leader


def test_MIT_3_9_e_choose_one_asks_its_player_which_option_and_runs_that_one(tmp_path, monkeypatch):
    s, god_leader = _scene(tmp_path, monkeypatch, "chooseone")
    (fork,) = hand(s, B, "Fork of Fortune")
    ready(s)
    do(s, UseFate(fork, god_leader, ()))
    pass_counter(s)
    assert isinstance(s.prompt, Option) and s.prompt.player == B and s.current_player == B
    assert s.legal_actions() == [ChooseOption(0), ChooseOption(1)]
    rejects(s, ChooseOption(1), "MIT-6.1.4.b", player=A)
    spheres(s, B, "1/2/3/6")  # room for the magic (below its maximum)
    hand_size = len(s.players[B].hand)
    do(s, ChooseOption(1))  # gain 1 magic, not the draw
    assert sph(s, B) == "2/2/3/6"
    assert len(s.players[B].hand) == hand_size and s.prompt is None


def test_MIT_1_4_3_a_recovery_among_different_cards_asks_which_one(tmp_path, monkeypatch):
    s, god_leader = _scene(tmp_path, monkeypatch, "pickone")
    (call,) = hand(s, B, "Call of the Fallen")
    fallen = afterworld(s, B, "Jarl Skeld Ironbrow", "Vigdis the Wolf-Sworn")
    ready(s)
    do(s, UseFate(call, god_leader, ()))
    pass_counter(s)
    assert isinstance(s.prompt, Pick) and s.prompt.player == B and set(s.prompt.cards) <= set(fallen)
    offered = s.legal_actions()
    assert offered and all(isinstance(a, Choose) and len(a.cards) == 1 for a in offered)
    chosen = offered[0].cards[0]
    do(s, offered[0])
    assert s.cards[chosen].zone == "hand" and s.prompt is None
