"""Mítosz's rulebook in German (data/rules.de.md): exactly the English rule IDs (the specification with its
departures), every text translated, the references inside each text kept, a translated heading wherever the English
section changes, the terms of docs/translators/mitosz-rules-de.md used, and `cardtable rules` prints the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.cli.app import main
from cardtable.engine.registry import game_class
from cardtable.engine.rulebook import Rulebook

DATA = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "games" / "mitosz" / "data"
REFERENCE = re.compile(r"MIT-[A-Za-z0-9][\w.-]*[A-Za-z0-9]|OP-\d+|`[^`]*`|§\d+")
#: rules whose text may equal the English one (a formula or a name only): none
SAME_AS_ENGLISH: set[str] = set()


def books() -> tuple[Rulebook, Rulebook, Rulebook]:
    cls = game_class("mitosz")
    own = Rulebook.from_markdown("mitosz", (DATA / "rules.de.md").read_text(encoding="utf-8"), cls.info.rule_pattern)
    return Rulebook.for_game(cls), own, Rulebook.for_game(cls, "de")


def test_every_rule_has_a_german_text_and_none_extra():
    english, own, _translated = books()
    assert len(own.ids()) == len(set(own.ids())) == len(english.ids())
    assert own.ids() == english.ids()


def test_no_text_is_left_english():
    english, _own, translated = books()
    same = [r.id for r, e in zip(translated.rules, english.rules) if r.text == e.text and r.id not in SAME_AS_ENGLISH]
    assert not same, same


def test_the_references_inside_each_text_are_kept():
    english, own, _translated = books()
    texts = {r.id: r.text for r in own.rules}
    wrong = [(r.id, set(REFERENCE.findall(r.text)) ^ set(REFERENCE.findall(texts[r.id]))) for r in english.rules
             if set(REFERENCE.findall(r.text)) != set(REFERENCE.findall(texts[r.id]))]
    assert not wrong, wrong


def test_a_german_heading_wherever_the_english_section_changes():
    english, _own, translated = books()
    for i in range(1, len(english.rules)):
        if english.rules[i].section != english.rules[i - 1].section:
            assert translated.rules[i].section != translated.rules[i - 1].section, english.rules[i].id
        assert translated.rules[i].section != english.rules[i].section, english.rules[i].id


@pytest.mark.parametrize("rule,term", [
    ("MIT-1.1.1", "Machtpunkte"), ("MIT-1.4.1", "Jenseits"), ("MIT-1.4.4", "Vergessenheit"),
    ("MIT-3.1.b", "Sphären"), ("MIT-3.2.1.a", "Reich"), ("MIT-3.6.b", "Intrigen"), ("MIT-6.4.1", "Konterrunde"),
    ("MIT-7.4.11", "Kriegsbeute"), ("MIT-7.3.3", "Heerführer"), ("MIT-4.2.3.b", "lapfelcsapás"),
])
def test_the_chosen_terms_are_used(rule, term):
    _english, own, _translated = books()
    assert term in {r.id: r.text for r in own.rules}[rule]


def test_the_terms_are_listed_for_translators():
    note = (Path(__file__).resolve().parents[2] / "docs" / "translators" / "mitosz-rules-de.md").read_text(encoding="utf-8")
    for term in ("Machtpunkt", "Jenseits", "Vergessenheit", "Hauptgott", "Konterrunde", "Kriegsbeute", "Nachschub"):
        assert term in note, term


@pytest.mark.parametrize("rule,words", [
    ("MIT-1.5.2", "höchstens 7 Karten auf der Hand"),
    ("MIT-G1", "Jede Karte gehört vom Spielbeginn an einem Spieler"),
    ("MIT-8.region.b", "Wird eine Region vernichtet"),
])
def test_the_rules_command_prints_the_german_text(capsys, rule, words):
    try:
        main(["rules", "mitosz", rule, "--lang", "de"])
    except SystemExit as e:
        assert not e.code
    out = " ".join(capsys.readouterr().out.split())
    assert rule in out and words in out, out
