"""Mítosz's rules in Hungarian (data/rules.hu.md), the language of the original rulebook ("Mítosz
Szabályrendszer 1.1.2"): every rule of the English rulebook as cardtable implements it, naming the same rules,
open points and options, read by `cardtable rules`; where a rule comes from a rulebook sentence, the
Hungarian text is that sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardtable.cli.app import main
from cardtable.engine.registry import game_class
from cardtable.engine.rulebook import Rulebook

GAME = "mitosz"
LANG = "hu"
#: rules whose text is the same in every language (a formula or a name); none in Mítosz
SAME_IN_EVERY_LANGUAGE: set[str] = set()
#: rule IDs, OP-nn and `backticked` names a text mentions
MENTIONS = re.compile(r"MIT-(?:G\d+|\d+(?:\.(?:\d+|[a-z][a-z-]*[a-z]|[a-z]))*)|OP-\d+|`[^`]+`")
#: the original rulebook, beside the checkout (docs/glossary.md)
SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_7c28ce48248c7640.txt"
#: rules that are the rulebook's own sentences, word for word (our [notes] and open points aside)
VERBATIM = ("MIT-1.1.1", "MIT-1.2.3", "MIT-1.2.6", "MIT-1.4.1", "MIT-1.5.2", "MIT-2.1", "MIT-2.3.c", "MIT-3.1.f",
            "MIT-3.2.1.c", "MIT-3.2.2.a", "MIT-3.4.3.a", "MIT-3.9.h", "MIT-4.3.a", "MIT-5.12",
            "MIT-6.1.4.a", "MIT-6.2.4.3", "MIT-7.3.4.b", "MIT-7.4.9", "MIT-7.4.10.2", "MIT-7.6.4", "MIT-8.monster.5")
#: how many rules at least read exactly as a rulebook sentence (181 when written; the rest say more than it)
VERBATIM_AT_LEAST = 175


def english() -> Rulebook:
    return Rulebook.for_game(game_class(GAME))


def translated() -> Rulebook:
    """Only the translation's own rules: a rule it lacks would come back English from for_game."""
    cls = game_class(GAME)
    folder = Path(Rulebook.for_game(cls).source).parent
    path = folder / f"rules.{LANG}.md"
    return Rulebook.from_markdown(GAME, path.read_text(encoding="utf-8"), cls.info.rule_pattern, str(path))


def test_every_rule_has_a_hungarian_text_and_no_extra_one():
    ids = [r.id for r in translated().rules]
    assert len(ids) == len(set(ids)), "a rule ID is listed twice"
    assert len(ids) == 299
    assert ids == english().ids(), (f"missing: {sorted(set(english().ids()) - set(ids))}; "
                                    f"extra: {sorted(set(ids) - set(english().ids()))}")


def test_no_text_is_left_english():
    en = {r.id: r.text for r in english().rules}
    same = [r.id for r in translated().rules if r.text == en[r.id] and r.id not in SAME_IN_EVERY_LANGUAGE]
    assert not same, f"left English: {same}"
    english_words = re.compile(r"\b(?:the|and|card|player|must|leader|nation)\b")
    left = [r.id for r in translated().rules if english_words.search(r.text.replace("`deckout_mode`", ""))]
    assert not left, f"English words in: {left}"


def test_each_text_mentions_the_same_rules_and_options():
    en = {r.id: r.text for r in english().rules}
    wrong = []
    for rule in translated().rules:
        want, got = set(MENTIONS.findall(en[rule.id])), set(MENTIONS.findall(rule.text))
        if want != got:
            wrong.append((rule.id, sorted(want - got), sorted(got - want)))
    assert not wrong, "(rule, missing, extra): " + "; ".join(map(str, wrong))


def test_sections_are_translated():
    book = Rulebook.for_game(game_class(GAME), LANG)
    en = {r.id: r.section for r in english().rules}
    assert all(r.section and r.section != en[r.id] for r in book.rules), "a section heading is left English"
    assert {r.section for r in book.rules} >= {"Aranyszabályok", "1. fejezet — Alapfogalmak", "7. fejezet — A harc"}


def test_the_rulebooks_terms_are_used():
    text = {r.id: r.text for r in translated().rules}
    assert "hatalompont" in text["MIT-1.1.1"] and "túlvilág" in text["MIT-1.4.1"]
    assert "mágia, befolyás, vagyon és haderő" in text["MIT-3.1.b"]
    assert "intrika" in text["MIT-3.6.b"] and "vezérsor" in text["MIT-3.4.2.a"]
    assert "kontra kör" in text["MIT-6.4.1"] and "hadizsákmány" in text["MIT-7.4.11"].lower()


@pytest.mark.skipif(not SEED.exists(), reason="the original rulebook is not beside the checkout")
def test_rules_from_the_rulebook_read_as_its_sentences():
    seed = " ".join(SEED.read_text(encoding="utf-8").split())
    text = {r.id: r.text for r in translated().rules}
    for rule_id in VERBATIM:
        # without our additions: a [bracketed note] and the open points it depends on
        sentence = re.sub(r"\s*\[[^\]]*\]|\s*\((?:OP-\d+(?:, )?)+\)$", "", text[rule_id])
        assert sentence in seed, (rule_id, sentence)
    verbatim = [rule_id for rule_id, t in text.items()
                if re.sub(r"\s*\[[^\]]*\]|\s*\((?:OP-\d+(?:, )?)+\)$", "", t) in seed]
    assert len(verbatim) >= VERBATIM_AT_LEAST, len(verbatim)


def test_the_rules_command_prints_the_hungarian_text(capsys):
    with pytest.raises(SystemExit) as done:
        main(["rules", GAME, "MIT-1.1.1", "--json", "--lang", LANG])
    assert done.value.code in (0, None)
    out = json.loads(capsys.readouterr().out)
    texts = {r["id"]: r["text"] for r in out["rules"]}
    expected = {r.id: r.text for r in translated().rules}["MIT-1.1.1"]
    assert texts["MIT-1.1.1"] == expected and "hatalompontot" in expected
