"""muhq's rules in German and Hungarian (data/rules.de.md, rules.hu.md): every rule of the English rulebook as
cardtable implements it, translated, naming the same rules and options, and read by `cardtable rules`."""

from __future__ import annotations

import json
import re

import pytest

from cardtable.cli.app import main
from cardtable.engine.registry import game_class
from cardtable.engine.rulebook import Rulebook

GAME = "muhq"
LANGS = ("de", "hu")
#: rules whose text is the same in every language (a formula or a name); none in muhq's game
SAME_IN_EVERY_LANGUAGE: set[str] = set()
#: rule IDs (and areas such as MUHQ-BUY), OP-nn, config.* names and `backticked` names a text mentions
MENTIONS = re.compile(r"MUHQ-[A-Z]+(?:-\d+)?|OP-\d+|config\.\w+|`[^`]+`")


def english() -> Rulebook:
    return Rulebook.for_game(game_class(GAME))


def translated(lang: str) -> Rulebook:
    """Only the translation's own rules: a rule it lacks would come back English from for_game."""
    cls = game_class(GAME)
    folder = Rulebook.for_game(cls).source.rsplit("/", 1)[0]
    path = f"{folder}/rules.{lang}.md"
    with open(path, encoding="utf-8") as f:
        return Rulebook.from_markdown(GAME, f.read(), cls.info.rule_pattern, path)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_has_a_translation_and_no_extra_one(lang):
    ids = [r.id for r in translated(lang).rules]
    assert len(ids) == len(set(ids)), "a rule ID is listed twice"
    assert ids == english().ids(), (f"missing: {sorted(set(english().ids()) - set(ids))}; "
                                    f"extra: {sorted(set(ids) - set(english().ids()))}")


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_left_english(lang):
    en = {r.id: r.text for r in english().rules}
    same = [r.id for r in translated(lang).rules if r.text == en[r.id] and r.id not in SAME_IN_EVERY_LANGUAGE]
    assert not same, f"left English: {same}"


@pytest.mark.parametrize("lang", LANGS)
def test_each_text_mentions_the_same_rules_and_options(lang):
    en = {r.id: r.text for r in english().rules}
    wrong = []
    for rule in translated(lang).rules:
        want, got = set(MENTIONS.findall(en[rule.id])), set(MENTIONS.findall(rule.text))
        if want != got:
            wrong.append((rule.id, sorted(want - got), sorted(got - want)))
    assert not wrong, "(rule, missing, extra): " + "; ".join(map(str, wrong))


@pytest.mark.parametrize("lang", LANGS)
def test_sections_are_translated(lang):
    book = Rulebook.for_game(game_class(GAME), lang)
    en = {r.id: r.section for r in english().rules}
    assert all(r.section and r.section != en[r.id] for r in book.rules), "a section heading is left English"


@pytest.mark.parametrize("lang,word", [("de", "Ablagestapel"), ("hu", "dobópakli")])
def test_the_rules_command_prints_the_translated_text(lang, word, capsys):
    with pytest.raises(SystemExit) as done:
        main(["rules", GAME, "MUHQ-BUY-4", "--json", "--lang", lang])
    assert done.value.code in (0, None)
    out = json.loads(capsys.readouterr().out)
    texts = {r["id"]: r["text"] for r in out["rules"]}
    expected = {r.id: r.text for r in translated(lang).rules}["MUHQ-BUY-4"]
    assert texts["MUHQ-BUY-4"] == expected and word in expected
