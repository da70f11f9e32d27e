"""Mítosz in German and Hungarian: the catalogs are complete, no text bypasses them, a whole game by the heuristic
bots reads in each language (every seat's view, the labels of every legal move, the log, the catalogue), an
illegal move explains itself in the reader's language with its rule ID unchanged, and a seat reading another
language than its neighbour changes nothing in the game."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.agents.base import Observation
from cardtable.agents.registry import make_agent
from cardtable.engine import IllegalAction
from cardtable.engine.i18n import language
from cardtable.games.mitosz.game import MitoszGame
from cardtable.games.mitosz.actions import Pass, PlaceNation
from cardtable.i18n import catalogs
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

DOMAIN = BY_NAME["mitosz"]
SEED = 2
MAX_STEPS = 3000

#: a phrase of each language that any game's log holds (the setup and the first turn write them)
KNOWN = {
    "de": ("legt den Hauptgott", "Zugreihenfolge:", "— Zug 1:"),
    "hu": ("a pástra teszi főistenét", "Körsorrend:", "— 1. kör:"),
}
#: the line that opens a turn
TURN_LINE = {"de": r"— Zug \d+: P\d —", "hu": r"— \d+\. kör: P\d —"}
#: English that must not show through: sentence openings of the log and the labels
ENGLISH = re.compile(r"\b(puts the high god|Turn order|draws \d+ card|turn ends|summons|regains|unrotates|"
                     r"place .* at \(|summon [A-Z]|use the fate|'s maneuver|is destroyed|goes to the afterworld|"
                     r"the (?:start|draw|summon|battle|end) phase)\b")


def test_the_catalogs_are_complete_and_nothing_bypasses_them():
    problems = catalogs.check(DOMAIN)
    assert not problems, "\n".join(map(str, problems))
    hits = scan(DOMAIN)
    assert not hits, "\n".join(map(str, hits))


def _play(lang: str, read: bool = True):
    """A whole game of two heuristic bots, everything read in ``lang``; the moves, the last views, what was read."""
    game = MitoszGame(2, {})
    state = game.new_initial_state(SEED)
    moves, texts = [], []
    # The bots decide in English: the heuristic bot matches English words of the catalogue's card texts and of the
    # prompts' answers (agents/heuristics/mitosz.py), so it reads the game in English whoever watches it.
    with language("en"):
        bots = [make_agent("heuristic", game, seed=k) for k in range(2)]
    with language(lang):
        if read:
            texts += [json.dumps(game.catalogue(), ensure_ascii=False), json.dumps(game.describe(), ensure_ascii=False)]
        steps = 0
        while not state.is_terminal() and steps < MAX_STEPS:
            seat = state.current_player
            if read:
                views = {s: state.view(s) for s in (0, 1, None)}
                for v in views.values():
                    texts.append(json.dumps({k: v[k] for k in ("phase_title", "prompt", "stack", "effects", "fight")},
                                            ensure_ascii=False))
                texts.append("\n".join(views[None]["log"][-3:]))
                for action in state.legal_actions():
                    texts.append(game.action_label(action))
                    label = game.view_label(action, views[seat])
                    if label is not None:
                        texts.append(label)
            with language("en"):
                action = bots[seat].act(Observation(state, seat))
            moves.append(action.to_json())
            state.apply(action)
            steps += 1
        final = {s: state.view(s) for s in (0, 1, None)}
        if read:
            texts += ["\n".join(v["log"]) for v in final.values()]
            texts.append(json.dumps(final[None]["result"], ensure_ascii=False))
            for seat in (0, 1):
                log_entry = game.log_entry(state.history[-1][1], state.history[-1][0], seat)[0]
                texts.append(log_entry)
    assert state.is_terminal(), f"the game did not end in {MAX_STEPS} steps"
    return moves, final, texts


@pytest.fixture(scope="module")
def english_moves():
    return _play("en", read=False)[0]


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_whole_game_reads_in_the_language(lang, english_moves):
    moves, final, texts = _play(lang)
    whole_log = "\n".join(final[None]["log"])
    assert final[None]["result"]["winners"] or final[None]["result"]["reason"]
    # the beginning of the log is read in the language (the view keeps its last entries)
    assert re.search(TURN_LINE[lang], whole_log), whole_log[:500]
    leaks = [t for t in texts if ENGLISH.search(t)]
    assert not leaks, "\n".join(leaks[:10])
    assert final[None]["phase_title"] != final[None]["phase"]
    # a reader's language is no part of the rules: the bots play the same game as in English
    assert moves == english_moves


def test_the_setup_log_is_in_the_language():
    for lang, phrases in KNOWN.items():
        game = MitoszGame(2, {})
        state = game.new_initial_state(SEED)
        with language(lang):
            log = "\n".join(state.view(0)["log"])
        for phrase in phrases:
            assert phrase in log, (lang, phrase, log)
        # and the same state reads in English for an English reader
        assert "puts the high god" in "\n".join(state.view(0)["log"])


@pytest.mark.parametrize("lang, words", [
    ("de", ("nicht auf deiner Hand", "Volk ablegen")),
    ("hu", ("nincs a kezedben", "nép lerakása")),
])
def test_an_illegal_move_explains_itself_in_the_language(lang, words):
    game = MitoszGame(2, {})
    state = game.new_initial_state(SEED)
    seat = state.current_player
    not_held = next(i for i in range(len(game.layout)) if i not in state.players[seat].hand)
    with language("en"):
        with pytest.raises(IllegalAction) as english:
            state.apply(PlaceNation(not_held, 0, 0))
    with language(lang):
        with pytest.raises(IllegalAction) as translated:
            state.apply(PlaceNation(not_held, 0, 0))
    assert translated.value.rule == english.value.rule == "MIT-1.5.1.a"
    assert "not in your hand" in str(english.value)
    for word in words:
        assert word in str(translated.value), str(translated.value)
    assert "not in your hand" not in str(translated.value)


@pytest.mark.parametrize("lang, word", [("de", "Aktion"), ("hu", "cselekedet")])
def test_the_game_over_error_is_translated(lang, word):
    game = MitoszGame(2, {})
    state = game.new_initial_state(SEED)
    state.result = {"winners": [0], "rule": "MIT-1.1.1", "reason": "held the win target for a round", "totals": [12, 0]}
    with language(lang):
        with pytest.raises(IllegalAction) as info:
            state._apply(Pass())
    assert word in str(info.value)


def test_two_seats_read_one_game_in_two_languages():
    """A kept text (a log line, a prompt's answers) is made once and read in each reader's language."""
    game = MitoszGame(2, {})
    state = game.new_initial_state(SEED)
    with language("de"):
        german = state.view(0)
    with language("hu"):
        hungarian = state.view(1)
    english = state.view(None)
    assert german["log"] != hungarian["log"] != english["log"]
    assert len(german["log"]) == len(hungarian["log"]) == len(english["log"])
    assert [str(t) for _turn, t, _to in state.log] == english["log"]  # the state keeps English (records, tests)


def test_card_names_follow_the_reader():
    game = MitoszGame(2, {})
    god = game.layout[0][0]
    assert god.name == "Solvane, Dawn Sovereign"
    names = {}
    for lang in ("en", "de", "hu"):
        with language(lang):
            names[lang] = (game.catalogue()["cards"][god.id]["name"], game.action_label(Pass()))
    assert names["en"] == ("Solvane, Dawn Sovereign", "pass")
    assert names["de"][0] != names["en"][0] and names["hu"][0] != names["en"][0]
    assert names["de"][1] == "passen" and names["hu"][1] == "passz"
