"""muhq's data files carry their translations beside the English fields (``translations: {de: {…}, hu: {…}}``):
validated like every other field, listed where missing, shown in the reader's language."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from cardtable.engine import DataError
from cardtable.engine.i18n import language
from cardtable.engine.registry import schemas
from cardtable.games.muhq import data as D
from cardtable.games.muhq import schema as S

DATA = Path(D.__file__).resolve().parent / "data"


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


def raw(name: str) -> dict:
    return yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))


def write(path: Path, doc: dict) -> Path:
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def core_with(tmp_path: Path, translations, at: int = 0) -> Path:
    doc = raw("core")
    doc["cards"][at]["translations"] = translations
    return write(tmp_path / "core.yaml", doc)


@pytest.mark.parametrize("translations, field, words", [
    ({"hu": {"nmae": "Újonc"}}, "translations.hu.nmae", ["unknown field 'nmae'", "did you mean 'name'",
                                                         "name, text"]),
    ({"fr": {"name": "Recrue"}}, "translations.fr", ["unknown language 'fr'", "de, hu"]),
    ({"en": {"name": "Recruit"}}, "translations.en", ["English", "de, hu"]),
    ({"de": {"type": "unit"}}, "translations.de.type", ["'type' is not translated", "name, text"]),
    ({"de": {"id": "core/rekrut"}}, "translations.de.id", ["'id' is not translated"]),
    ({"hu": {"name": 3}}, "translations.hu.name", ["string"]),
    ({"de": {"name": ""}}, "translations.de.name", ["at least 1 character"]),
    ({"de": "Rekrut"}, "translations.de", ["mapping of fields"]),
    ("Rekrut", "translations", ["mapping of languages"]),
])
def test_a_bad_translations_entry_names_the_file_the_card_and_the_field(tmp_path, translations, field, words):
    path = core_with(tmp_path, translations)
    with pytest.raises(DataError) as caught:
        D.load_set_file(path)
    exc = caught.value
    assert exc.file == str(path)
    assert exc.entry.startswith("card core/recruit 'Recruit'"), exc.entry
    assert exc.field == field, str(exc)
    for w in words:
        assert w in str(exc), str(exc)


def test_a_translated_name_is_unique_in_its_set(tmp_path):
    doc = raw("core")
    doc["cards"][0]["translations"] = {"de": {"name": "Rekrut"}}
    doc["cards"][1]["translations"] = {"de": {"name": "Rekrut"}}
    with pytest.raises(DataError) as caught:
        D.load_set_file(write(tmp_path / "core.yaml", doc))
    assert caught.value.field == "translations.de.name" and "used twice" in str(caught.value)


def test_a_bad_board_translation_names_the_board(tmp_path):
    doc = raw("arena-9")
    doc["translations"] = {"de": {"name": "Arena 9 (Test)", "width": 9}}
    with pytest.raises(DataError) as caught:
        D.load_board_file(write(tmp_path / "arena-9.yaml", doc))
    assert caught.value.entry == "board arena-9" and caught.value.field == "translations.de.width"
    assert "'width' is not translated" in str(caught.value) and "the translatable fields of a board: name" in str(caught.value)


def test_translations_are_read_and_shown_in_the_readers_language(tmp_path):
    card = S.CardSet.model_validate({**raw("core"), "cards": [
        {**raw("core")["cards"][1], "translations": {"de": {"name": "Späher", "text": "Startkarte. Fernkampf."},
                                                     "hu": {"name": "Felderítő"}}}]}).cards[0]
    assert card.translated("name", "de") == "Späher" and card.translated("text", "de") == "Startkarte. Fernkampf."
    assert card.translated("text", "hu") == "Starting unit. Ranged."  # no translation: English
    with language("hu"):
        assert card.translated("name") == "Felderítő"
    assert card.translated("name") == "Scout"
    assert card.missing_translations() == ["translations.hu.text"]
    from cardtable.games.muhq.defs import Def
    d = Def(card)
    assert d.name == "Scout"  # the key a filter names (spec 7.5)
    with language("de"):
        assert d.shown_name == "Späher" and d.shown_text == "Startkarte. Fernkampf."


def test_a_designers_file_may_be_english_only_and_its_gaps_are_listed(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    (tmp_path / "muhq").mkdir()
    doc = raw("core")
    doc["set"] = "mine"
    doc["name"] = "Mine"
    doc["translations"] = {"de": {"name": "Meins"}}
    doc["cards"] = [{**c, "id": "mine/" + c["id"].split("/")[1], "name": c["name"] + " II"} for c in doc["cards"]]
    doc["cards"][0]["translations"] = {"de": {"name": "Rekrut II", "text": "Startkarte."}}
    write(tmp_path / "muhq" / "mine.yaml", doc)
    assert D.load_set("mine").cards[0].translated("name", "de") == "Rekrut II"
    missing = [m for m in D.missing_translations(packaged_only=False) if m[1] in ("set mine", "card mine/recruit")]
    assert missing == [(str(tmp_path / "muhq" / "mine.yaml"), "set mine", "translations.hu.name"),
                       (str(tmp_path / "muhq" / "mine.yaml"), "card mine/recruit", "translations.hu.name"),
                       (str(tmp_path / "muhq" / "mine.yaml"), "card mine/recruit", "translations.hu.text")]
    assert all(m[0].startswith(str(DATA)) for m in D.missing_translations())


def test_the_exported_schemas_have_the_translations_field():
    exported = schemas("muhq")
    card = exported["card"]
    assert "translations" in card["properties"]
    text = str(exported)
    assert "CardTranslations" in text and "BoardTranslations" in exported["board"]["$defs"]


def test_the_packaged_files_translate_every_name_and_text():
    missing = D.missing_translations()
    assert missing == [], f"{len(missing)} missing, e.g. " + "; ".join(f"{Path(f).name}: {e} {x}"
                                                                        for f, e, x in missing[:10])
