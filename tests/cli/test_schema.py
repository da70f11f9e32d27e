"""`cardtable schema GAME`: the JSON Schemas of a game's data files, found without a game class."""

from __future__ import annotations

import json
from importlib import metadata

import pytest

from cardtable.engine import CardtableError, UnknownSchemas
from cardtable.engine import registry

from .helpers import cardtable as run


def cardtable(*args):
    return run(*args, columns=200)  # the schemas' long lines stay whole


def test_schema_mitosz_prints_one_json_object_of_json_schemas():
    out = cardtable("schema", "mitosz")
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert set(found) == {"set", "card", "deck"}
    for schema in found.values():
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert {"id", "card_type", "maneuvers", "sphere_max", "roads", "duration"} <= set(found["card"]["properties"])
    assert found["card"]["properties"]["card_type"]["enum"][0] == "high_god"
    assert set(found["deck"]["required"]) == {"name", "high_god", "cards"}


def test_schema_only_prints_one_schema():
    out = cardtable("schema", "mitosz", "--only", "deck")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["title"].startswith("Mítosz deck")
    bad = cardtable("schema", "mitosz", "--only", "nope")
    assert bad.returncode == 2 and "'mitosz' has no schema 'nope'; its schemas: set, card, deck" in bad.stderr


def test_schema_out_writes_one_file_per_schema(tmp_path):
    out = cardtable("schema", "mitosz", "--out", str(tmp_path / "schemas"))
    assert out.returncode == 0, out.stderr
    files = sorted(p.name for p in (tmp_path / "schemas").iterdir())
    assert files == ["mitosz-card.schema.json", "mitosz-deck.schema.json", "mitosz-set.schema.json"]
    assert json.loads((tmp_path / "schemas" / "mitosz-set.schema.json").read_text(encoding="utf-8"))["properties"]["cards"]
    assert "mitosz-card.schema.json" in out.stdout


def test_schema_maoqy_exports_the_level_data_schemas_also_through_its_variants(tmp_path):
    out = cardtable("schema", "maoqy")
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert set(found) == {"meanings", "ritual"}
    assert {"title", "kingdoms", "numbers", "positions", "spreads"} <= set(found["meanings"]["properties"])
    assert "from" in json.dumps(found["ritual"])  # by alias, as the files are written
    variant = cardtable("schema", "maoqy-ritual", "--out", str(tmp_path))
    assert variant.returncode == 0, variant.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["maoqy-meanings.schema.json", "maoqy-ritual.schema.json"]


def test_schema_of_a_game_without_schemas_or_an_unknown_name_is_a_clear_error():
    out = cardtable("schema", "mojo")
    assert out.returncode == 2 and out.stdout == ""
    assert "error: game 'mojo' exports no data schemas; games with data schemas: maoqy, mitosz" in out.stderr
    out = cardtable("schema", "nope")
    assert out.returncode == 2 and "no game or schema provider 'nope'" in out.stderr
    assert "Traceback" not in out.stderr


def test_schema_help_explains_the_command():
    out = cardtable("schema", "--help")
    assert out.returncode == 0
    assert "JSON Schemas" in out.stdout and "--out" in out.stdout and "--only" in out.stdout
    assert "schema" in cardtable("--help").stdout


# -- the registry hook, in process ---------------------------------------------------------------------
def test_registry_finds_schema_modules_of_game_packages_without_importing_them():
    assert {"maoqy", "mitosz"} <= set(registry.schema_names())
    assert "mojo" not in registry.schema_names()
    assert registry.schema_provider("maoqy-oracle") == "maoqy"
    with pytest.raises(UnknownSchemas) as info:
        registry.schemas("mojo")
    assert info.value.is_game and isinstance(info.value, CardtableError)


class FakeEntryPoint:
    def __init__(self, name, value):
        self.name, self.value = name, value


def test_registry_takes_providers_from_the_entry_point_group(monkeypatch):
    real = metadata.entry_points

    def entry_points(group=None, **kw):
        if group == registry.SCHEMA_GROUP:
            return [FakeEntryPoint("thirdparty", "cardtable.games.mitosz.schemas:schemas"),
                    FakeEntryPoint("broken", "cardtable.games.mitosz.schemas:nothing_here"),
                    FakeEntryPoint("empty", "builtins:dict")]
        return real(group=group, **kw)

    monkeypatch.setattr(registry.metadata, "entry_points", entry_points)
    assert {"thirdparty", "broken", "empty"} <= set(registry.schema_names())
    assert set(registry.schemas("thirdparty")) == {"set", "card", "deck"}
    with pytest.raises(CardtableError, match="cannot be loaded"):
        registry.schemas("broken")
    with pytest.raises(CardtableError, match="not a non-empty mapping"):
        registry.schemas("empty")
