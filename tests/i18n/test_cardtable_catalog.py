"""The `cardtable` and `click` catalogs: complete in German and Hungarian, no text of the domain outside them, and
the program's own words read in each language where they are made: a terminal game, the engine's refusals, a
balance report, a simulation's warnings. Bots decide the same move whatever the reader's language."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from cardtable.engine import IllegalAction, OptionError, load
from cardtable.engine.i18n import language
from cardtable.i18n.catalogs import check
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

#: files of the domain the lead keeps (engine/i18n.py, server/pages.py, server/language.py): their texts are
#: theirs to mark, and listed in the report if the scanner finds any
KEPT = ("engine/i18n.py", "server/pages.py", "server/language.py")


@pytest.mark.parametrize("name", ["cardtable", "click"])
def test_catalogs_complete(name):
    problems = check(BY_NAME[name])
    assert not problems, "\n".join(map(str, problems[:30]))


def test_scanner_finds_nothing():
    hits = [h for h in scan(BY_NAME["cardtable"]) if h.path not in KEPT]
    assert not hits, "\n".join(map(str, hits[:30]))


@pytest.mark.parametrize("lang, words", [
    ("de", ("unbekannter Aktionstyp 'fly'", "muss eine ganze Zahl sein", "Platz 0 ist am Zug, nicht Platz 1",
            "das Spiel ist vorbei")),
    ("hu", ("ismeretlen akciótípus: 'fly'", "mezőjének értéke egész szám legyen", "most hely 0 következik, nem hely 1",
            "a játszma véget ért")),
])
def test_engine_refusals_keep_their_rule_ids(lang, words):
    game = load("mojo", players=2)
    state = game.new_initial_state(seed=4)
    refusals = []
    with language(lang):
        for action, player in (({"type": "fly"}, None), ({"type": "play", "card": "x", "pile": 0}, None),
                               (state.legal_actions()[0], 1)):
            with pytest.raises(IllegalAction) as caught:
                state.apply(action, player=player)
            refusals.append(caught.value)
    with language("en"):
        english = []
        for action, player in (({"type": "fly"}, None), ({"type": "play", "card": "x", "pile": 0}, None),
                               (state.legal_actions()[0], 1)):
            with pytest.raises(IllegalAction) as caught:
                state.apply(action, player=player)
            english.append(caught.value)
    assert [r.rule for r in refusals] == [e.rule for e in english] == ["ACTION-1", "ACTION-2", game.info.turn_rule]
    for refusal, word in zip(refusals, words):
        assert word in refusal.message, refusal.message
        assert str(refusal).startswith(refusal.rule + ": ")
    # a finished game refuses any action: GAME_OVER
    over = game.new_initial_state(seed=4)
    from cardtable.agents import Observation, make_agent

    bots = [make_agent("random", game, s) for s in range(2)]
    while not over.is_terminal():
        p = over.current_player
        over.apply(bots[p].act(Observation(over, p)))
    with language(lang), pytest.raises(IllegalAction) as caught:
        over.apply(state.legal_actions()[0], player=0)
    assert words[3] in caught.value.message


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_option_errors_and_data_errors(lang):
    with language(lang):
        with pytest.raises(OptionError) as caught:
            load("mojo", players=9)
        assert ("wird mit 2 bis 8 Personen gespielt" if lang == "de" else "játékot 2–8 fő játssza") in str(caught.value)
        with pytest.raises(OptionError) as caught:
            load("mojo", options={"hand_size": 0})
        text = str(caught.value)
        assert "MOJO-2.2" in text and ("eine ganze Zahl von 1 bis 39" if lang == "de" else "egész szám 1 és 39 között") in text
        from cardtable.engine.errors import DataError

        error = DataError("bad cost", file="decks/x.json", entry="card A", field="cost", line=3,
                          problems=[("card A", "cost", 3, "bad cost"), ("card B", None, None, "no name")] * 4)
        message = str(error)
        assert message.startswith("decks/x.json: card A (" + ("Zeile 3), Feld 'cost'" if lang == "de" else "3. sor), 'cost' mező"))
        assert (" (und 3 weitere)" if lang == "de" else " (és még 3)") in message


def _terminal_game(lang: str) -> str:
    """A whole Mojo game in the terminal, one person (always the first move listed) against a bot."""
    from cardtable.cli.play import play_terminal

    console = Console(file=io.StringIO(), width=100, color_system=None)
    game = load("mojo", players=2)
    answers = iter(["?", "x", "99", "{\"type\": \"fly\"}"])

    def read(prompt: str) -> str:
        read.prompts.append(prompt)
        return next(answers, "1")

    read.prompts = []
    with language(lang):
        state = play_terminal(console, game, ["human", "heuristic"], 11, read=read, take_forced=True)
    assert state.is_terminal()
    return console.file.getvalue() + "\n".join(read.prompts)


def test_a_terminal_game_in_german():
    text = _terminal_game("de")
    for words in ("2 Spieler · Seed 11 · Plätze: 0=human, 1=heuristic", "Tippe die Nummer eines Zugs",
                  "Tippe eine Zugnummer von 1 bis", "Einen Zug 99 gibt es nicht", "Abgelehnt (ACTION-1)",
                  "unbekannter Aktionstyp 'fly'", "Platz 0, dein Zug [", "Endergebnis", "Platz", "Punkte"):
        assert words in text, words
    assert "Sieger: " in text or "Kein Sieger." in text
    assert "Final result" not in text and "your move" not in text


def test_a_terminal_game_in_hungarian():
    text = _terminal_game("hu")
    for words in ("2 játékos · seed 11 · helyek: 0=human, 1=heuristic", "Írd be egy lépés számát",
                  "Írj be egy lépésszámot 1 és", "Nincs 99. lépés", "Elutasítva (ACTION-1)",
                  "ismeretlen akciótípus: 'fly'", "Hely 0, te lépsz [", "Végeredmény", "pontszám"):
        assert words in text, words
    assert "Győztes: " in text or "Nincs győztes." in text


def test_balance_report_in_german_and_hungarian():
    from cardtable.sim.balance import BalanceRun, make_spec
    from cardtable.sim.report import render

    spec = make_spec("mojo", ["random"], players=2, seed=0)
    run = BalanceRun(spec, 6)
    run.play(workers=1)
    with language("de"):
        numbers = run.numbers(min_sample=30)
        page = render(numbers, plots=False)
    assert page.startswith("<!doctype html><html lang=de>")
    for words in ("Balance-Bericht: mojo", "Plätze und der erste Zug", "Spiellänge", "Siegvorsprung",
                  "Spannung und Entscheidung", "Einfluss: Anfangshand einer Runde", "Siegquote", "Runden",
                  " auf der Hand</td>"):
        assert words in page, words
    assert any("nur 6 Spiele: jede Zahl hier beruht auf einer kleinen Stichprobe" in w for w in numbers["warnings"])
    assert "\u00a0%" in page and "% interval" not in page
    # the numbers' labels stay English keys (a report compares with another in any language)
    assert numbers["first_label"] == "first to act" and numbers["impact"]["unit_label"] == "round"
    assert all(r["feature"].startswith(("value ", "ended the round")) for r in numbers["impact"]["rows"])
    with language("hu"):
        page = render(numbers, plots=False)
    for words in ("Egyensúlyjelentés: mojo", "Helyek és a kezdés", "A játszma hossza", "Győzelmi különbség",
                  "Hatás: egy forduló kezdő keze", "nyerési arány", "értékű lap a kézben</td>"):
        assert words in page, words


def test_bots_play_the_same_game_in_every_language():
    """A bot decides in the source language: the Mítosz heuristic reads the game's prompts, which a German or
    Hungarian reader sees translated; its moves (and so a seed's game) must not depend on that."""
    from cardtable.agents import Observation, make_agent

    def play(lang: str) -> tuple[str, int]:
        game = load("mitosz", players=2)
        state = game.new_initial_state(seed=5)
        bots = [make_agent("heuristic", game, s) for s in range(2)]
        with language(lang):
            while not state.is_terminal() and len(state.history) < 4000:
                p = state.current_player
                state.apply(bots[p].act(Observation(state, p)))
        return state.digest(), len(state.history)

    english = play("en")
    assert play("de") == english and play("hu") == english


def test_tournament_errors_and_rating_model_words():
    from cardtable.engine import CardtableError
    from cardtable.sim.tournament import RATING_MODEL, prepare

    with language("hu"), pytest.raises(CardtableError, match="egy tornához legalább két bot kell"):
        prepare("mojo", ["random"], 2)
    from cardtable.engine.i18n import Translator

    with language("de"):
        assert "Ordinalwert" in Translator("cardtable")(RATING_MODEL)
