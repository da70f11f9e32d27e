"""The `cardtable` command in German and Hungarian: its help (Typer's words and ours), its output, its errors,
`--lang` anywhere on the line, CARDTABLE_LANG, and a language it does not speak refused clearly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def cardtable(*args: str, lang_env: str | None = None, columns: int = 120) -> subprocess.CompletedProcess:
    """``cardtable ARGS`` in a fresh process with a clean environment (no locale: English unless asked)."""
    env = {"COLUMNS": str(columns), "PATH": "/usr/bin:/bin", "TERM": "dumb"}
    if lang_env is not None:
        env["CARDTABLE_LANG"] = lang_env
    return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                          timeout=300, env=env)


def flat(text: str) -> str:
    """Help and tables wrap at the terminal's width (and draw boxes): one line of words, for ``in``."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


HELP = {
    "de": ("Aufruf:", "Optionen", "Befehle", "Kartenspiele auf einer Engine spielen",
           "Diese Hilfe zeigen und beenden."),
    "hu": ("Használat:", "Kapcsolók", "Parancsok", "kártyajátékok egy motoron", "Ez a súgó, majd kilépés."),
}


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_root_help(lang):
    out = cardtable("--lang", lang, "--help")
    assert out.returncode == 0, out.stderr
    text = flat(out.stdout)
    for words in HELP[lang]:
        assert words in text, (words, text[:600])
    assert "Show this message" not in text and "Usage:" not in text


@pytest.mark.parametrize("lang, words", [
    ("de", ("Argumente", "Name des Spiels, z. B. mojo", "fehlende Plätze übernimmt der heuristic-Bot",
            "Ein Spiel im Terminal gegen Bots spielen")),
    ("hu", ("Argumentumok", "a játék neve, pl. mojo", "a hiányzó helyeken a heuristic bot ül",
            "Játék a terminálban botok ellen")),
])
def test_play_help_with_lang_after_the_command(lang, words):
    out = cardtable("play", "--help", "--lang", lang)
    assert out.returncode == 0, out.stderr
    text = flat(out.stdout)
    for w in words:
        assert w in text, (w, text[:800])


def test_games_in_german_and_hungarian():
    de = flat(cardtable("games", "mojo", "--lang", "de").stdout)
    assert "Spieler 2–8 (Standard 3)" in de and "Werte: eine ganze Zahl von 1 bis 39" in de
    hu = flat(cardtable("--lang=hu", "games", "mojo").stdout)
    assert "játékosok: 2–8 (alapértelmezés: 3)" in hu and "értékek: egész szám 1 és 39 között" in hu
    # the JSON's data stays as it is (the summary and an option's help are read by people: translated); the
    # lobby reads its controls from the English "allowed"
    german, english = (json.loads(cardtable("games", "mojo", "--json", *extra).stdout) for extra in
                       (("--lang", "de"), ()))
    assert german.keys() == english.keys() and german["summary"] != english["summary"]
    assert [{k: v for k, v in o.items() if k != "doc"} for o in german["options"]] == \
        [{k: v for k, v in o.items() if k != "doc"} for o in english["options"]]


@pytest.mark.parametrize("lang, found, missing", [
    ("de", "(weicht von der Spezifikation ab: siehe Doku)", "keine Regel von maoqy beginnt mit 'ZZZ' oder erwähnt es"),
    ("hu", "(eltér a specifikációtól: lásd a dokumentációt)",
     "a(z) maoqy egyetlen szabálya sem kezdődik így, és nem is említi: 'ZZZ'"),
])
def test_rules_command_words(lang, found, missing):
    """The rule texts are the games' (they may still be English); the command's own words are translated,
    with --lang before or after the command."""
    out = cardtable("rules", "maoqy", "MAOQY-6.6", "--lang", lang)
    assert out.returncode == 0, out.stderr
    assert "MAOQY-6.6" in out.stdout and found in flat(out.stdout)
    out = cardtable("--lang", lang, "rules", "maoqy", "ZZZ")
    assert out.returncode == 2 and missing in flat(out.stderr)


def test_rules_mojo_in_german():
    out = cardtable("rules", "mojo", "MOJO-4.2", "--lang", "de")
    assert out.returncode == 0, out.stderr
    assert "MOJO-4.2" in out.stdout
    out = cardtable("rules", "mojo", "MOJO-99", "--lang", "de")
    assert out.returncode == 2 and "Fehler:" in out.stderr and "keine Regel von mojo" in flat(out.stderr)


@pytest.mark.parametrize("lang, words", [
    ("de", ("Fehler:", "unbekannte Option foo; die Optionen dieses Spiels sind hand_size")),
    ("hu", ("hiba:", "ismeretlen opció: foo; a játék opciói: hand_size")),
])
def test_a_bad_option_is_refused_in_the_readers_language(lang, words):
    out = cardtable("play", "mojo", "-o", "foo=1", "--lang", lang)
    assert out.returncode == 2
    for w in words:
        assert w in flat(out.stderr), out.stderr
    out = cardtable("play", "mojo", "-o", "hand_size=99", "--lang", lang)
    assert out.returncode == 2 and "hand_size=99" in out.stderr
    assert ("eine ganze Zahl von 1 bis 39" if lang == "de" else "egész szám 1 és 39 között") in flat(out.stderr)


def test_typers_own_error_panel_is_translated():
    out = cardtable("play", "mojo", "--bogus", "--lang", "de")
    assert out.returncode == 2
    text = flat(out.stderr)
    assert "Fehler" in text and "Hilfe gibt es mit 'cardtable play --help'" in text and "Aufruf:" in text
    assert "Option --bogus gibt es nicht" in text
    # Click's own errors, read back by their form; the names and values in them as typed
    for args, words in ((("play", "mojo", "--sead", "1", "--lang", "hu"),
                         "Nincs ilyen kapcsoló: --sead (lehetséges kapcsolók: --seat, --seed)"),
                        (("play", "--lang", "de"), "Argument 'game' fehlt."),
                        (("play", "mojo", "--seed", "abc", "--lang", "de"), "Ungültiger Wert für '--seed': keine ganze Zahl"),
                        (("simulate", "mojo", "-n", "0", "--lang", "hu"), "Érvénytelen érték: '--games' / '-n': legalább 1"),
                        (("play", "mojo", "x", "--lang", "de"), "Unerwartete zusätzliche Argumente (x)")):
        out = cardtable(*args)
        assert out.returncode == 2 and words in flat(out.stderr), (args, out.stderr)
    out = cardtable("play", "mojo", "--sead", "1")
    assert "No such option: --sead (Possible options: --seat, --seed)" in flat(out.stderr)  # English as Click says it


def test_unknown_language_is_refused_clearly():
    out = cardtable("--lang", "xx", "games")
    assert out.returncode == 2 and out.stdout == ""
    assert "unknown language 'xx'; cardtable speaks en, de, hu" in out.stderr
    # said in the language the environment asks for, when it names one
    out = cardtable("games", "--lang", "xx", lang_env="de")
    assert out.returncode == 2 and "unbekannte Sprache 'xx'; cardtable spricht en, de, hu" in out.stderr
    out = cardtable("games", "--lang")
    assert out.returncode == 2 and "--lang needs a language: en, de, hu" in out.stderr


def test_cardtable_lang_and_its_precedence():
    assert "Spieler 2–8" in cardtable("games", "mojo", lang_env="de").stdout
    assert "játékosok: 2–8" in cardtable("games", "mojo", lang_env="hu").stdout
    assert "players 2–8" in cardtable("games", "mojo", "--lang", "en", lang_env="hu").stdout  # --lang first
    assert "players 2–8" in cardtable("games", "mojo", lang_env="fr").stdout  # a language we lack: English


def test_simulate_summary_in_german_numbers_in_its_locale():
    out = cardtable("simulate", "mojo", "-n", "12", "--agents", "random", "--workers", "1", "--lang", "de")
    assert out.returncode == 0, out.stderr
    text = flat(out.stdout)
    assert "mojo: 12 Spiele, 3 Spieler, Plätze rotiert" in text
    assert "Siegquote" in text and "Aktionen pro Spiel" in text and "wie die Spiele endeten:" in text
    assert "\u00a0%" in out.stdout  # 33,3 % as German writes it
    out = cardtable("simulate", "mojo", "-n", "12", "--agents", "random", "--workers", "1", "--lang", "hu")
    assert "mojo: 12 játszma, 3 játékos, forgó helyek" in flat(out.stdout) and "akció játszmánként" in out.stdout


def test_replay_errors_in_hungarian(tmp_path):
    missing = tmp_path / "none.jsonl"
    out = cardtable("replay", str(missing), "--lang", "hu")
    assert out.returncode == 2 and "hiba:" in out.stderr and "nem olvasható" in out.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("[1, 2]\n", encoding="utf-8")
    out = cardtable("replay", str(bad), "--lang", "de")
    assert out.returncode == 2 and "jede Zeile muss ein JSON-Objekt sein" in out.stderr
