"""The packaged muhq data files speak German and Hungarian: every card's, set's and board's name and every card
text is translated; translated names are unique in the pool, as the English ones are (MUHQ-CARD-6); a text
that names a card names it as that card is called in its language; the rulebook's own names are kept
("Stirb!"); and the game shows them in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.engine import load
from cardtable.engine.i18n import language
from cardtable.games.muhq import data as D

LANGS = ("de", "hu")


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


def pool():
    return [card for name in D.set_names() for card in D.load_set(name).cards]


def test_the_packaged_files_have_every_translation():
    missing = D.missing_translations()
    assert missing == [], "; ".join(f"{Path(f).name}: {e} {x}" for f, e, x in missing[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_translated_names_are_unique_in_the_pool_and_differ_from_the_english_where_they_should(lang):
    cards = pool()
    names = [c.translated("name", lang) for c in cards]
    twice = sorted({n for n in names if names.count(n) > 1})
    assert not twice, twice
    # a name that stays English in translation is rare: only a word the language borrows as it is
    same = sorted(c.name for c in cards if c.translated("name", lang) == c.name)
    assert len(same) <= 2, same
    for card in cards:
        assert card.translated("text", lang) != card.text or card.text in ("Token.",), (card.id, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_text_that_names_a_card_names_it_in_its_language(lang):
    cards = pool()
    for card in cards:
        for other in cards:
            if other.name in card.text and other.translated("name", lang) != other.name:
                assert other.translated("name", lang) in card.translated("text", lang), (card.id, other.id, lang)


def test_the_rulebooks_own_names_and_words_are_kept():
    perish = next(c for c in pool() if c.id == "tide/perish")
    assert perish.translated("name", "de") == "Stirb!"  # the rulebook's example: "Schutz vor Stirb!"
    warden = next(c for c in pool() if c.id == "tide/lantern_warden")
    assert "Schutz vor Stirb!" in warden.translated("text", "de")
    totem = next(c for c in pool() if c.id == "tide/tide_totem")
    assert totem.translated("text", "de") == "Wirf eine Karte ab: Ziehe eine Karte."  # the rulebook's example
    reef = next(c for c in pool() if c.id == "tide/reef_guardian")
    assert "Schutz vor Units mit Kaufkosten > 5" in reef.translated("text", "de")


@pytest.mark.parametrize("lang, board, sovereign", [("de", "Flusskrone", "Herrscher"), ("hu", "Folyami korona", "Uralkodó"),
                                                  ("en", "River Crown", "Sovereign")])
def test_the_game_shows_the_names_in_the_readers_language(lang, board, sovereign):
    game = load("muhq", options={"board": "river-crown"})
    state = game.new_initial_state(seed=1)
    with language(lang):
        view = state.view(0)
    assert view["board"]["name"] == board
    assert view["cards"]["core/sovereign"]["name"] == sovereign
    with language(lang):
        for name in D.board_names():
            assert D.load_board(name).translated("name")
        for name in D.set_names():
            assert D.load_set(name).translated("name") != D.load_set(name).name or lang == "en"
