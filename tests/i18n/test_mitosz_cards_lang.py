"""The packaged Mítosz data in German and Hungarian: every card, the set and every deck has its name (and
note) in both languages, the names read as translations, and the reader's language picks them."""

from __future__ import annotations

import pytest

from cardtable.engine.i18n import language
from cardtable.games.mitosz import data as D

#: names that read the same in a language as in English (a title and a name that German keeps)
SAME_AS_ENGLISH = {("de", "SMP-015")}  # "Magister Ivo"


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


def test_the_packaged_files_miss_no_translation():
    missing = D.missing_translations()
    assert not missing, "\n".join(f"{f}: {entry}: {field}" for f, entry, field in missing)


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_every_card_has_its_own_name_in_the_language(lang):
    cards = D.catalogue()
    assert len(cards) == 48
    same = [(c.id, c.name) for c in cards.values()
            if D.localized(c, "name", lang) == c.name and (lang, c.id) not in SAME_AS_ENGLISH]
    assert not same, same
    # one English name, one translated name: links name cards by their English name, the display translates it
    by_name: dict[str, set[str]] = {}
    for c in cards.values():
        by_name.setdefault(c.name, set()).add(D.localized(c, "name", lang))
    assert all(len(v) == 1 for v in by_name.values()), {k: v for k, v in by_name.items() if len(v) > 1}
    names = [D.localized(c, "name", lang) for c in cards.values()]
    assert len(set(names)) == len(by_name)  # two different cards never share a translated name


def test_the_readers_language_picks_the_name():
    card = D.catalogue()["SMP-012"]
    assert D.localized(card) == "Captain Orren"
    with language("hu"):
        assert D.localized(card) == "Orren kapitány"
    with language("de"):
        assert D.localized(card) == "Hauptmann Orren"
    deck = D.load_deck("dawn-court")
    with language("hu"):
        assert deck.shown_title() == "Hajnali udvar"
    with language("de"):
        assert deck.shown_title() == "Hof der Morgenröte"
    assert deck.shown_title("en") == "Dawn Court"
