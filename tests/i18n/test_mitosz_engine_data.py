"""Mítosz's data files in other languages: ``translations`` beside the English fields of cards, sets and decks
(validated like every other field), the list of missing translations, and the display in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardtable.engine.i18n import language
from cardtable.games.mitosz import data as D

DATA = Path(D.__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


def raw_smp() -> dict:
    return yaml.safe_load((DATA / "smp.yaml").read_text(encoding="utf-8"))


def card_raw(raw: dict, card_id: str) -> dict:
    (c,) = [c for c in raw["cards"] if c["id"] == card_id]
    return c


def write(tmp_path: Path, raw: dict, name: str = "smp.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def set_with(tmp_path: Path, card_id: str, translations) -> Path:
    raw = raw_smp()
    card_raw(raw, card_id)["translations"] = translations
    return write(tmp_path, raw)


def rejected(path: Path) -> D.MitoszDataError:
    with pytest.raises(D.MitoszDataError) as info:
        D.load_set_file(path)
    return info.value


@pytest.mark.parametrize("translations, field, words", [
    ({"hu": {"nmae": "Solvane"}}, "translations.hu.nmae", "did you mean 'name'"),
    ({"hu": {"id": "SMP-002"}}, "translations.hu.id", "not a translatable field"),
    ({"hu": {"links": ["Dawnbreak"]}}, "translations.hu.links", "not a translatable field"),
    ({"fr": {"name": "Solvane"}}, "translations.fr", "not a language"),
    ({"en": {"name": "Solvane"}}, "translations.en", "English is the entry's own fields"),
    ({"de": {"name": 7}}, "translations.de.name", "string"),
    ({"de": {"name": ""}}, "translations.de.name", "at least 1"),
    ({"de": "Solvane"}, "translations.de", ""),
    ("Solvane", "translations", ""),
])
def test_a_bad_translation_names_the_file_the_card_and_the_field(tmp_path, translations, field, words):
    e = rejected(set_with(tmp_path, "SMP-001", translations))
    assert e.file is not None and e.file.endswith("smp.yaml")
    assert e.entry is not None and "SMP-001" in e.entry and "Solvane, Dawn Sovereign" in e.entry, e
    assert e.field == field, e
    assert e.line is not None
    assert words in e.reason, e
    assert f"field {field!r}" in str(e)


def test_a_translated_name_may_not_be_another_cards(tmp_path):
    raw = raw_smp()
    card_raw(raw, "SMP-012")["translations"] = {"de": {"name": "Hauptmann Orren"}}
    card_raw(raw, "SMP-013")["translations"] = {"de": {"name": "Hauptmann Orren"}}
    e = rejected(write(tmp_path, raw))
    assert "SMP-013" in e.entry and e.field == "translations.de.name" and "SMP-012" in e.reason, e
    # a high god and its leader share their name in every language (MIT-2.8.d)
    raw = raw_smp()
    for cid in ("SMP-001", "SMP-011"):
        card_raw(raw, cid)["translations"] = {"hu": {"name": "Solvane, a Hajnal Úrnője"}}
    D.load_set_file(write(tmp_path, raw))


def test_a_bad_set_or_deck_translation_is_rejected(tmp_path):
    raw = raw_smp()
    raw["translations"] = {"hu": {"flavor": "…"}}
    e = rejected(write(tmp_path, raw))
    assert e.entry == "set SMP" and e.field == "translations.hu.flavor" and "name, note" in e.reason, e
    deck = yaml.safe_load((DATA / "deck-dawn-court.yaml").read_text(encoding="utf-8"))
    deck["translations"] = {"de": {"title": "Hof der Morgenröte"}}
    path = write(tmp_path, deck, "deck-test.yaml")
    with pytest.raises(D.MitoszDataError) as info:
        D.load_deck_file(path)
    assert "Dawn Court" in info.value.entry and info.value.field == "translations.de.title", info.value


def test_translations_are_shown_in_the_readers_language_and_english_otherwise(tmp_path):
    raw = raw_smp()
    for c in raw["cards"]:
        c.pop("translations", None)
    card_raw(raw, "SMP-012")["translations"] = {"de": {"name": "Hauptmann Orren", "flavor": "Treu."},
                                                "hu": {"name": "Orren kapitány"}}
    card_raw(raw, "SMP-012")["flavor"] = "Loyal."
    card_set = D.load_set_file(write(tmp_path, raw))
    orren = card_set.card("SMP-012")
    assert orren.name == "Captain Orren"  # the key stays English
    assert D.localized(orren) == "Captain Orren"
    with language("de"):
        assert D.localized(orren) == "Hauptmann Orren" and D.localized(orren, "flavor") == "Treu."
    with language("hu"):
        assert D.localized(orren) == "Orren kapitány" and D.localized(orren, "flavor") == "Loyal."
        assert D.localized(card_set.card("SMP-013")) == "Lysa Brightspear"
    assert D.localized(orren, lang="hu") == "Orren kapitány"


def test_a_designers_file_may_leave_translations_out_and_they_are_listed(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "mitosz"
    folder.mkdir()
    raw = raw_smp()
    raw["code"] = "USR"
    raw["translations"] = {"de": {"name": "Eigener Satz", "note": "…"}, "hu": {"name": "Saját készlet"}}
    for c in raw["cards"]:
        c["set"] = "USR"
        c["id"] = c["id"].replace("SMP", "USR")
        c.pop("translations", None)
    card_raw(raw, "USR-012")["translations"] = {"de": {"name": "Hauptmann Orren"}}
    write(folder, raw, "usr.yaml")
    missing = D.missing_translations(sets=["usr"], decks=[])
    files = {f for f, _e, _f in missing}
    assert files == {str(folder / "usr.yaml")}
    assert ("set USR", "translations.hu.note") in {(e, f) for _p, e, f in missing}
    assert ("set USR", "translations.de.name") not in {(e, f) for _p, e, f in missing}
    orren = [f for _p, e, f in missing if "USR-012" in e]
    assert orren == ["translations.hu.name"]  # no flavour in English: nothing to translate
    assert len(missing) == 1 + 2 * 47 + 1  # the set's Hungarian note, 47 cards in two languages, Orren in one


def test_the_json_schemas_include_translations():
    from cardtable.games.mitosz.schemas import schemas

    found = schemas()
    for kind in ("card", "set", "deck"):
        text = str(found[kind])
        assert "translations" in text and "Translation" in text, kind


def test_the_packaged_files_miss_no_translation():
    missing = D.missing_translations()
    assert not missing, "\n".join(f"{Path(f).name}: {e}, {fld}" for f, e, fld in missing)


@pytest.mark.parametrize("lang, words", [("de", "ist kein übersetzbares Feld"), ("hu", "nem fordítható mező")])
def test_a_data_error_reads_in_the_readers_language(tmp_path, lang, words):
    path = set_with(tmp_path, "SMP-001", {"hu": {"nmae": "Solvane"}})
    with language(lang):
        e = rejected(path)
    assert words in e.reason, e
    assert e.field == "translations.hu.nmae" and "SMP-001" in e.entry  # the locators stay as the file has them
    raw = raw_smp()
    card_raw(raw, "SMP-012")["card_type"] = "leeder"  # pydantic's own check, our suggestion
    with language(lang):
        e = rejected(write(tmp_path, raw))
    assert e.field == "card_type"


@pytest.mark.parametrize("lang, words", [("de", "Kopien"), ("hu", "példány")])
def test_a_deck_error_reads_in_the_readers_language(tmp_path, lang, words):
    deck = yaml.safe_load((DATA / "deck-dawn-court.yaml").read_text(encoding="utf-8"))
    deck["cards"][0]["copies"] = 9
    path = write(tmp_path, deck, "deck-test.yaml")
    with language(lang):
        with pytest.raises(D.DeckError) as info:
            D.load_deck_file(path)
    assert info.value.rule == "MIT-1.3.1.c" and words in str(info.value)
