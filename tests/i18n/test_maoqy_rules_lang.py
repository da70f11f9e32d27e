"""MAOQY's rulebook in German and Hungarian (data/rules.de.md, rules.hu.md): the three games that share the data
folder (maoqy, maoqy-oracle, maoqy-ritual) each find exactly their English rule IDs, every text is translated,
the references inside each text are kept, and `cardtable rules` prints the translated text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardtable.cli.app import main
from cardtable.engine.registry import game_class
from cardtable.engine.rulebook import Rulebook

GAMES = ("maoqy", "maoqy-oracle", "maoqy-ritual")
LANGS = ("de", "hu")
DATA = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "games" / "maoqy" / "data"
REFERENCE = re.compile(r"\b(?:MAOQY-\d+(?:\.\d+)*|OP-\d+|P[23]\.\d+)|`[^`]*`")
#: rules whose text may equal the English one (a formula or a name only): none in MAOQY
SAME_AS_ENGLISH: set[str] = set()


def books(game: str, lang: str) -> tuple[Rulebook, Rulebook]:
    cls = game_class(game)
    english = Rulebook.for_game(cls)
    own = Rulebook.from_markdown(game, (DATA / f"rules.{lang}.md").read_text(encoding="utf-8"), cls.info.rule_pattern)
    return english, own


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_a_text_in_the_language_and_none_extra(game, lang):
    english, own = books(game, lang)
    assert own.ids() == english.ids() or sorted(own.ids()) == sorted(english.ids())
    assert len(own.ids()) == len(set(own.ids()))
    translated = Rulebook.for_game(game_class(game), lang)
    same = [r.id for r, e in zip(translated.rules, english.rules) if r.text == e.text and r.id not in SAME_AS_ENGLISH]
    assert not same, f"left English: {same}"
    # a translated heading wherever the English section changes
    changes = [i for i in range(1, len(english.rules)) if english.rules[i].section != english.rules[i - 1].section]
    for i in changes:
        assert translated.rules[i].section != translated.rules[i - 1].section, english.rules[i].id


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_references_inside_each_text_are_kept(game, lang):
    english, own = books(game, lang)
    texts = {r.id: r.text for r in own.rules}
    for rule in english.rules:
        want = set(REFERENCE.findall(Rulebook.for_game(game_class(game)).rules[english.ids().index(rule.id)].text))
        assert set(REFERENCE.findall(texts[rule.id])) == want, rule.id


@pytest.mark.parametrize("game,rule,lang,words", [
    ("maoqy", "MAOQY-5.1", "de", "maximal 12 Karten auf der verdeckten Hand"),
    ("maoqy", "MAOQY-7.1", "de", "einfach gar nichts machen"),
    ("maoqy", "MAOQY-6.6", "hu", "Foglalt lapok"),
    ("maoqy", "MAOQY-6.4.3", "hu", "legalább 5 lapot"),
    ("maoqy-oracle", "P2.4", "de", "Spannungspaar"),
    ("maoqy-oracle", "P2.4", "hu", "feszültségpár"),
    ("maoqy-ritual", "P3.3", "de", "einander gegenüber"),
    ("maoqy-ritual", "P3.4", "hu", "Nincs győztese"),
])
def test_the_rules_command_prints_the_translated_text(capsys, game, rule, lang, words):
    try:
        main(["rules", game, rule, "--lang", lang])
    except SystemExit as e:
        assert not e.code
    out = " ".join(capsys.readouterr().out.split())
    assert rule in out and words in out, out
