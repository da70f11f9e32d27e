"""How Mítosz's moves read to a person (docs/mitosz.md, "Moves in words"): an answer to a numbered question
(``ChooseOption``) reads as the answer's words on every surface that lists or announces it, where the reader's
view shows those words, and as the question where only the chooser reads them (MIT-7.4.3.1)."""

from __future__ import annotations

from cardtable.cli.render import move_labels
from cardtable.games.mitosz.actions import ChooseOption, DeclareBattle, UseFreeManeuver, made
from cardtable.server.tables import Seat, Table
from tests.games.mitosz.helpers import A, B, hand, leader, nation, pass_counter, ready, scene

import orjson
from cardtable.games.mitosz.flow import prompts as _prompts


def _defence_question():
    """B is asked to name an army leader; one answer names Jarl Skeld Ironbrow, a card of B's hand."""
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    hand(s, B, "Jarl Skeld Ironbrow")
    s.players[B].spheres = [3, 2, 3, 6]
    ready(s)
    s.apply(DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    assert s.prompt.kind == "fight_leader" and s.current_player == B
    return s


def test_MIT_7_4_3_1_the_chooser_reads_each_answer_in_words():
    s = _defence_question()
    legal = s.game.display_order(s.legal_actions())
    labels = move_labels(s.game, s.view(B), legal)
    assert labels == list(s.prompt.options)
    assert any("Jarl Skeld Ironbrow" in label for label in labels)
    assert not any(label.startswith("option ") for label in labels)


def test_the_choosers_text_is_the_question_alone_its_moves_list_the_answers():
    s = _defence_question()
    assert s.view(B)["prompt"]["text"] == "name an army leader (MIT-7.4.3.1)"
    _prompts.set_prompt(s, "spoils", A, rule="MIT-7.4.11", options=["take nothing", "steal 1 magic"])
    assert s.view(A)["prompt"]["text"] == "take the war spoils (MIT-7.4.11)"
    # another seat reads public answers in the text (it has no moves to read them from)
    assert s.view(B)["prompt"]["text"] == "take the war spoils (MIT-7.4.11): take nothing / steal 1 magic"


def test_MIT_7_4_3_1_others_read_the_question_not_the_answers():
    s = _defence_question()
    for viewer in (A, None):
        view = s.view(viewer)
        assert view["prompt"]["options"] is None
        label = s.game.move_label(ChooseOption(1), view)
        assert label == view["prompt"]["text"] and "Skeld" not in label, viewer
    assert s.view(B)["prompt"]["options"] == list(s.prompt.options)


def test_public_answers_are_in_every_view():
    """The spoils' answers name nothing hidden: the other seat reads them too, so a bot's choice is announced
    in words ('steal 1 force')."""
    s = _defence_question()
    _prompts.set_prompt(s, "spoils", A, rule="MIT-7.4.11", options=["take nothing", "steal 1 magic"])
    for viewer in (A, B, None):
        assert s.game.move_label(ChooseOption(1), s.view(viewer)) == "steal 1 magic"


def test_the_server_lists_the_answers_in_words_to_the_chooser_only():
    s = _defence_question()
    table = Table(id="t", game=s.game, state=s, seats=[Seat("human"), Seat("human")], settings={}, created=0.0)
    message = orjson.loads(table.encoded_message(B))
    assert [e["label"] for e in message["legal"]] == list(s.prompt.options)
    assert [e["action"] for e in message["legal"]] == [{"type": "option", "index": i}
                                                        for i in range(len(s.prompt.options))]
    other = table.encoded_message(A)
    assert b"Skeld" not in other and orjson.loads(other)["legal"] == []
    # the entries kept per kind of game still hold the number: the words are the position's, not the action's
    assert s.game.action_label(ChooseOption(0)) == "option 1"


def test_answers_are_listed_in_their_order_past_nine():
    s = scene()
    answers = [made(ChooseOption, i) for i in range(12)]
    assert [a.index for a in s.game.display_order(list(reversed(answers)))] == list(range(12))


def test_a_choose_one_cards_option_says_what_it_does():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (veil,) = hand(s, A, "Veil Counterspell")
    labels = {s.game.action_label(UseFreeManeuver(veil, ivo, m.id)) for m in s.cards[veil].d.options}
    assert labels == {"use Veil Counterspell with Magister Ivo (option 1: neutralize the target)",
                      "use Veil Counterspell with Magister Ivo (option 2: destroy the target)"}
