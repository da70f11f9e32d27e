"""The ``web`` domain (the lobby's and the table shell's own words, the shared scripts, board-kit.js): its German
and Hungarian catalogs are complete, the scanner finds no text that bypasses them, and the pages' catalog carries
the scripts' translations (plural forms as lists) in the language asked for."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.i18n.catalogs import check, extract, page_messages, read
from cardtable.i18n.domains import BY_NAME, TARGET_LANGUAGES
from cardtable.i18n.scan import scan

WEB = BY_NAME["web"]


def test_the_web_catalogs_are_complete():
    problems = check(WEB)
    assert not problems, "\n".join(map(str, problems))


def test_the_scanner_finds_no_text_outside_the_catalog():
    hits = scan(WEB)
    assert not hits, "\n".join(map(str, hits))


def test_every_page_and_shared_script_has_its_words_in_the_catalog():
    where = {loc.split("/")[-1] for m in extract(WEB) if m.id for loc, _line in m.locations}
    for name in ("index.html", "table.html", "lobby.js", "lobby-controls.js", "lobby-options.js", "table.js",
                 "moves.js", "log.js", "endscreen.js", "replay.js", "clock.js", "attention.js", "common.js",
                 "rules.js", "board-kit.js"):
        assert name in where, name


@pytest.mark.parametrize("lang", TARGET_LANGUAGES)
def test_translations_keep_the_symbols_around_the_placeholders(lang):
    # the arrows, the ellipsis and the sentence's last stop are part of how the page reads (a pill "3 new ↓")
    for message in read("web", lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            for mark in ("↓", "●"):
                assert (mark in ids[0]) == (mark in text), (lang, ids[0], text)


def test_hungarian_plurals_keep_the_singular_after_a_numeral():
    counted = [m for m in read("web", "hu") if m.id and isinstance(m.id, tuple) and "{n} " in m.id[0]]
    assert len(counted) > 5
    for message in counted:  # "3 lépés", never "3 lépések" ("these fields", with no numeral, is plural)
        assert message.string[0] == message.string[1], message.id


@pytest.mark.parametrize("lang, sample, expected", [
    ("de", "Create table and sit down", "Tisch anlegen und Platz nehmen"),
    ("hu", "Create table and sit down", "Asztal létrehozása és leülés"),
    ("de", "Points that end the game", "Punkte, die das Spiel beenden"),
    ("hu", "Since your last turn:", "Az utolsó lépésed óta:"),
])
def test_the_pages_catalog_carries_the_scripts_words(lang, sample, expected):
    messages = dict(page_messages("web", lang))
    assert messages[sample] == expected
    assert messages["{n} table · updated {time}"][1].startswith("{n}")  # a plural: its forms, as a list


def test_the_served_page_carries_its_catalog_in_the_readers_language():
    from fastapi.testclient import TestClient

    from cardtable.server.app import create_app

    with TestClient(create_app(":memory:")) as client:
        html = client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9"}).text
        assert '<html lang="hu">' in html
        assert "Asztal létrehozása és leülés" in html  # the template's words
        data = json.loads(re.search(r'<script id="ct-i18n" type="application/json">(.*?)</script>', html, re.S).group(1))
        assert data["lang"] == "hu" and data["messages"]["Seat {seat}"] == "Hely {seat}"
        html = client.get("/", headers={"Cookie": "cardtable_lang=de"}).text
        assert '<html lang="de">' in html and 'value="de" selected' in html
        assert "Tisch anlegen und Platz nehmen" in html
        html = client.get("/").text
        assert '<html lang="en">' in html and "Create table and sit down" in html
