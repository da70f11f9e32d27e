"""MAOQY's Level 2 and 3 data files carry their texts in German and Hungarian beside the English (carddata.md):
the packaged files miss none, the loader validates `translations` like every other field (an unknown language or
field, a wrong type: a DataError naming file, entry and field), a designer's English-only file still loads and
reads English everywhere, and the views show each reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from cardtable.engine import DataError, load
from cardtable.engine.i18n import language
from cardtable.games.maoqy import levels_data as L
from cardtable.games.maoqy.schemas import schemas

DATA = Path(L.__file__).resolve().parent / "data"


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "maoqy"
    folder.mkdir()
    return folder


def packaged(kind: str) -> dict:
    return yaml.safe_load((DATA / f"{kind}-default.yaml").read_text(encoding="utf-8"))


def write(folder: Path, kind: str, name: str, data: dict) -> None:
    (folder / f"{kind}-{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                encoding="utf-8")


@pytest.mark.parametrize("kind", L.KINDS)
def test_the_packaged_files_have_every_translation(kind):
    missing = L.missing_translations(kind, "default")
    assert not missing, "\n".join(map(str, missing))


def test_a_missing_translation_is_listed_but_not_an_error(data_dir):
    data = packaged("ritual")
    del data["steps"][2]["translations"]["hu"]
    del data["translations"]["de"]["note"]
    write(data_dir, "ritual", "partial", data)
    game = load("maoqy-ritual", options={"ritual": "partial"})  # loads
    assert set(L.missing_translations("ritual", "partial")) == {
        ("ritual-partial.yaml", "step 3", "translations.hu.text"),
        ("ritual-partial.yaml", "step 3", "translations.hu.places"),
        ("ritual-partial.yaml", "file", "translations.de.note"),
    }
    state = game.new_initial_state(1)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    with language("hu"):
        assert state.view(0)["step"]["text"] == data["steps"][2]["text"]  # falls back to English
    with language("de"):
        assert state.view(0)["step"]["text"].startswith("Paar 3 von 6")


@pytest.mark.parametrize("kind,edit,field", [
    ("meanings", lambda d: d["translations"].update(fr={"title": "x"}), "translations.fr"),
    ("meanings", lambda d: d["translations"]["hu"].update(titel="x"), "translations.hu.titel"),
    ("meanings", lambda d: d["translations"]["de"]["kingdoms"].update(pink="x"), "translations.de.kingdoms.pink"),
    ("meanings", lambda d: d["translations"]["de"]["numbers"].update({18: "x"}), "translations.de.numbers.18"),
    ("meanings", lambda d: d["translations"]["de"]["positions"].update(elsewhere="x"), "translations.de.positions.elsewhere"),
    ("meanings", lambda d: d["translations"]["hu"].update(title=["x"]), "translations.hu.title"),
    ("ritual", lambda d: d["steps"][0]["translations"]["hu"].update(txt="x"), "translations.hu.txt"),
    ("ritual", lambda d: d["steps"][0]["translations"]["de"].update(places=["only one"]), "translations.de.places"),
    ("ritual", lambda d: d["translations"]["de"].update(title=3.5), "translations.de.title"),
])
def test_a_bad_translation_names_file_entry_and_field(data_dir, kind, edit, field):
    data = packaged(kind)
    edit(data)
    write(data_dir, kind, "bad", data)
    with pytest.raises(DataError) as exc:
        load("maoqy-oracle" if kind == "meanings" else "maoqy-ritual", options={kind: "bad"})
    e = exc.value
    assert "bad.yaml" in str(e) and any(p[1] == field for p in e.problems), str(e)
    if kind == "ritual" and field.startswith("translations.") and "steps" not in field and e.entry:
        assert e.entry.startswith("step 1"), str(e)


def test_an_english_only_designer_file_loads_and_reads_english(data_dir):
    data = packaged("meanings")
    del data["translations"]
    data["kingdoms"]["red"] = "MARKER red"
    write(data_dir, "meanings", "plain", data)
    game = load("maoqy-oracle", options={"meanings": "plain", "spread": 5})
    state = game.new_initial_state(4)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with language("de"):
        view = state.view(0)
        assert game.catalogue()["meanings"]["kingdoms"]["red"] == "MARKER red"
        assert all(p["position_meaning"].startswith("[placeholder]") for p in view["positions"])
        assert view["proposal"].startswith("MAOQY Level 2 (Orakel) ist ein Vorschlag")


@pytest.mark.parametrize("lang,word", [("de", "[Platzhalter]"), ("hu", "[helykitöltő]")])
def test_the_oracle_shows_the_meanings_in_the_readers_language(lang, word):
    game = load("maoqy-oracle", options={"spread": 3})
    state = game.new_initial_state(9)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with language(lang):
        view = state.view(0)
        catalogue = game.catalogue()
    for p in view["positions"]:
        assert p["position_meaning"].startswith(word)
        assert p["card"]["kingdom_meaning"].startswith(word) and p["card"]["counter_force"].startswith(word)
        assert p["card"]["number_meaning"].startswith(word)
    assert all(t.startswith(word) for t in catalogue["meanings"]["kingdoms"].values())
    assert view["meanings"]["title"] != L.load_meanings("default").title
    with language("en"):
        assert state.view(0)["positions"][0]["position_meaning"].startswith("[placeholder]")


def test_translations_do_not_change_a_rituals_digest():
    """The digest (part of every record) is of the English steps: adding translations replays old records."""
    ritual = L.load_ritual("default")
    import hashlib
    import json
    english = [{**s.to_json(), "text": s.text, "places": list(s.places) if s.places else None} for s in ritual.steps]
    assert hashlib.sha256(json.dumps(english, sort_keys=True).encode()).hexdigest()[:16] == ritual.digest


def test_the_exported_schemas_include_translations():
    out = schemas()
    assert "translations" in out["meanings"]["properties"] and "translations" in out["ritual"]["properties"]
    text = str(out)
    assert "MeaningsTranslation" in text and "StepTranslation" in text


@pytest.mark.parametrize("lang,words", [("de", "das dann nur 0 Karte(n) hält"), ("hu", "de ott ekkor csak 0 lap van")])
def test_a_ritual_that_cannot_run_is_told_in_the_language(data_dir, lang, words):
    data = packaged("ritual")
    data["steps"].insert(0, {"from": "hand", "to": "known", "count": 1})
    write(data_dir, "ritual", "stuck", data)
    with language(lang), pytest.raises(DataError) as exc:
        load("maoqy-ritual", options={"ritual": "stuck"})
    assert words in str(exc.value) and exc.value.field == "count", str(exc.value)
    with language(lang), pytest.raises(DataError) as again:  # a failure is not cached in one language
        load("maoqy-ritual", options={"ritual": "stuck"})
    assert words in str(again.value)
    with pytest.raises(DataError) as english:
        load("maoqy-ritual", options={"ritual": "stuck"})
    assert "which holds only 0 card(s)" in str(english.value)
