"""The engine's data-file machinery (engine/datafiles.py), on a made-up game "toy" with its own models."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, model_validator

from cardtable.engine import CardtableError, DataError
from cardtable.engine.datafiles import (DATA_DIR_ENV, TAG, DataFiles, Located, did_you_mean, dotted, entry_label,
                                        iter_models, json_schemas, line_of, list_entries, list_item, locate)


class ToyError(DataError):
    pass


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Draw(_Model):
    do: Literal["draw"]
    count: int = Field(ge=1)


class Discard(_Model):
    do: Literal["discard"]
    count: int = 1


Step = Annotated[Union[Annotated[Draw, Tag(TAG + "draw")], Annotated[Discard, Tag(TAG + "discard")]],
                 Discriminator(lambda v: TAG + (v.get("do") if isinstance(v, dict) else v.do))]


class Card(_Model):
    id: str
    name: str
    colour: Literal["red", "green", "blue"] = "red"
    cost: int = 0
    steps: list[Step] = Field(default_factory=list)  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _cheap_draws(self):
        for i, step in enumerate(self.steps):
            if isinstance(step, Draw) and step.count > self.cost + 1:
                raise Located(("steps", i, "count"), f"drawing {step.count} costs at least {step.count - 1}")
        return self


class Toys(_Model):
    set: str
    cards: list[Card]
    seats: dict[int, list[int]] = Field(default_factory=dict)


def field_names() -> list[str]:
    return sorted({f.alias or n for m in (Draw, Discard, Card, Toys) for n, f in m.model_fields.items()})


NEAR = re.compile(r"\s*-\s+id:\s*([a-z0-9/]+)")
describe = list_entries("cards", "card", "set", "set")
GOOD = """\
set: toys
cards:
  - id: toys/ball
    name: Ball
    cost: 2
    steps:
      - {do: draw, count: 1}
  - id: toys/kite
    name: Kite
"""


@pytest.fixture
def files(tmp_path, monkeypatch):
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    packaged = tmp_path / "packaged"
    packaged.mkdir()
    return DataFiles("toy", packaged, ToyError)


def user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "user"))
    folder = tmp_path / "user" / "toy"
    folder.mkdir(parents=True)
    return folder


def read(files: DataFiles, path, **options):
    data, node = files.read_yaml(path, max_bytes=10_000, mapping="set: …, cards: […]", near=NEAR)
    return files.validate(Toys, data, node, path, describe, **options)


def error_of(files: DataFiles, tmp_path, text: str, **options) -> ToyError:
    path = tmp_path / "toys.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ToyError) as info:
        read(files, path, **options)
    assert isinstance(info.value, CardtableError) and info.value.file == str(path)
    return info.value


# -- finding files ---------------------------------------------------------------------------------------------
def test_where_names_the_user_folder_or_says_how_to_add_one(files, tmp_path, monkeypatch):
    assert files.user_dir() is None and files.folders() == [(files.packaged, "packaged")]
    assert files.where() == f"the packaged files (set {DATA_DIR_ENV} to add your own in ${DATA_DIR_ENV}/toy/)"
    folder = user_folder(tmp_path, monkeypatch)
    assert files.user_dir() == folder and files.where() == f"the packaged files or {folder}"
    assert files.folders() == [(files.packaged, "packaged"), (folder, "user")]


def test_names_packaged_first_then_the_users_each_sorted_once(files, tmp_path, monkeypatch):
    for name in ("b", "a", "skip"):
        (files.packaged / f"{name}.yaml").write_text("", encoding="utf-8")
    folder = user_folder(tmp_path, monkeypatch)
    for name in ("c", "a"):
        (folder / f"{name}.yaml").write_text("", encoding="utf-8")
    (folder / "a.txt").write_text("", encoding="utf-8")
    assert files.names("*.yaml", lambda p: None if p.stem == "skip" else p.stem) == ["a", "b", "c"]


def test_find_checks_the_name_then_looks_packaged_first(files, tmp_path, monkeypatch):
    def find(name):
        return files.find("toy set", name, f"{name}.yaml", valid=re.compile(r"[a-z]+"), rule="lower-case letters",
                          listing=lambda: ["apples", "pears"], max_length=8)

    for bad in ("../x", "A", None, 3, "toolongname"):
        with pytest.raises(ToyError, match=r"is not the name of a toy set: a name is lower-case letters, never a "
                                           r"path; available: 'apples', 'pears'"):
            find(bad)
    with pytest.raises(ToyError, match=r"^no toy set 'aples' in the packaged files \(set .*\); did you mean "
                                       r"'apples'\?; available: 'apples', 'pears'$"):
        find("aples")
    folder = user_folder(tmp_path, monkeypatch)
    (folder / "pears.yaml").write_text("", encoding="utf-8")
    assert find("pears") == (folder / "pears.yaml", "user")
    (files.packaged / "pears.yaml").write_text("", encoding="utf-8")
    assert find("pears") == (files.packaged / "pears.yaml", "packaged")


# -- reading ----------------------------------------------------------------------------------------------------
def test_a_good_file_is_validated_and_cached_until_it_changes(files, tmp_path):
    path = tmp_path / "toys.yaml"
    path.write_text(GOOD, encoding="utf-8")
    calls = []

    def load():
        calls.append(1)
        return read(files, path)

    assert files.cached("set", path, load).cards[0].steps[0] == Draw(do="draw", count=1)
    assert files.cached("set", path, load) is files.cached("set", path, load) and len(calls) == 1
    path.write_text(GOOD.replace("Ball", "Balloon"), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10_000_000))
    assert files.cached("set", path, load).cards[0].name == "Balloon" and len(calls) == 2
    with pytest.raises(ToyError, match="cannot read"):
        files.cached("set", tmp_path / "missing.yaml", load)


@pytest.mark.parametrize("text,line,entry,words", [
    (GOOD.replace("name: Ball", "name: Ball: 1"), 4, "near card toys/ball", "not valid YAML: mapping values"),
    (GOOD.replace("    cost: 2\n", "    cost: 2\n    cost: 3\n"), 6, None,
     "the key 'cost' appears twice in one mapping"),
    ("- 1\n", None, None, "the file must hold a mapping (set: …, cards: […]), not list"),
    ("", None, None, "not nothing"),
])
def test_a_file_that_is_not_a_mapping_of_yaml(files, tmp_path, text, line, entry, words):
    e = error_of(files, tmp_path, text)
    assert (e.line, e.entry) == (line, entry) and words in e.reason, str(e)


@pytest.mark.parametrize("text", [
    "set: toys\ncards: &a [*a]\n",  # an alias inside itself: walked for ever before
    "set: toys\na: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(  # "a billion laughs": 10**9 values
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(8)),
])
def test_a_file_whose_aliases_unfold_without_end_is_refused(files, tmp_path, text):
    e = error_of(files, tmp_path, text)
    assert "an alias refers to itself, or aliases are nested too deep" in e.reason and e.file.endswith("toys.yaml")


def test_size_limit_and_utf8(files, tmp_path):
    path = tmp_path / "toys.yaml"
    path.write_bytes(b"set: \xff\n")
    with pytest.raises(ToyError, match="not UTF-8 text"):
        read(files, path)
    path.write_text(GOOD, encoding="utf-8")
    with pytest.raises(ToyError, match="the file is larger than 10 bytes"):
        files.read_yaml(path, max_bytes=10, mapping="…")
    with pytest.raises(ToyError, match="cannot read"):
        files.read_yaml(tmp_path / "missing.yaml", max_bytes=10, mapping="…")


# -- validating and reporting -------------------------------------------------------------------------------------
@pytest.mark.parametrize("old,new,entry,field,line,words", [
    ("name: Kite", "name: 3", "card toys/kite at cards[1]", "name", 9, "Input should be a valid string"),
    ("name: Kite", "name: Kite\n    colour: gren", "card toys/kite 'Kite' at cards[1]", "colour", 10,
     "'gren' is not allowed (did you mean 'green'?); expected one of: red, green, blue"),
    ("{do: draw, count: 1}", "{do: draw, count: 0}", "card toys/ball 'Ball' at cards[0]", "steps[0].count", 7,
     "greater than or equal to 1"),  # the union member's tag is not a field
    ("{do: draw, count: 1}", "{do: draw}", "card toys/ball 'Ball' at cards[0]", "steps[0].count", 7, "Field required"),
    ("{do: draw, count: 1}", "{do: draw, count: 4}", "card toys/ball 'Ball' at cards[0]", "steps[0].count", 7,
     "drawing 4 costs at least 3"),  # a Located check
    ("set: toys", "set: [toys]", "set", "set", 1, "valid string"),
])
def test_a_problem_names_the_entry_the_field_and_the_line(files, tmp_path, old, new, entry, field, line, words):
    e = error_of(files, tmp_path, GOOD.replace(old, new))
    assert (e.entry, e.field, e.line) == (entry, field, line) and words in e.reason, str(e)
    assert str(e) == f"{e.file}: {entry} (line {line}), field {field!r}: {e.reason}"


def test_unknown_fields_get_a_suggestion_only_with_field_names(files, tmp_path):
    text = GOOD.replace("cost: 2", "cots: 2")
    assert error_of(files, tmp_path, text).reason.startswith("Extra inputs are not permitted")
    e = error_of(files, tmp_path, text, field_names=field_names)
    assert e.field == "cots" and e.reason == "unknown field (did you mean 'cost'?): Extra inputs are not permitted"


def test_a_check_names_its_field_even_where_the_file_leaves_it_out(files, tmp_path):
    text = GOOD.replace("    cost: 2\n", "").replace("count: 1", "count: 2")  # cost left at its default 0
    assert error_of(files, tmp_path, text).field == "steps[0].count"

    class Costly(Toys):
        @model_validator(mode="after")
        def _costs(self):
            raise Located(("cards", 1, "cost", "amount"), "no")

    path = tmp_path / "toys.yaml"
    path.write_text(GOOD, encoding="utf-8")
    data, node = files.read_yaml(path, max_bytes=10_000, mapping="…")
    for exact, field in ((True, "cost.amount"), (False, "amount")):
        with pytest.raises(ToyError) as info:
            files.validate(Costly, data, node, path, describe, exact_checks=exact)
        assert info.value.field == field and info.value.line == 8  # the deepest line found: the entry's


def test_every_problem_is_reported_deepest_first_and_merged(files, tmp_path):
    text = GOOD.replace("name: Kite", "name: 3").replace("{do: draw, count: 1}", "{do: drow, count: 1}")
    e = error_of(files, tmp_path, text)
    assert [(p[0], p[1]) for p in e.problems] == [("card toys/ball 'Ball' at cards[0]", "steps[0]"),
                                                  ("card toys/kite at cards[1]", "name")]
    assert "(and" not in str(e) and "; " in str(e)


def test_fail_and_locate_report_a_games_own_checks(files, tmp_path):
    path = tmp_path / "toys.yaml"
    path.write_text(GOOD, encoding="utf-8")
    data, node = files.read_yaml(path, max_bytes=10_000, mapping="…")
    files.fail(path, data, node, describe, [])  # nothing found: no error
    with pytest.raises(ToyError) as info:
        files.fail(path, data, node, describe, [(("cards", 1, "name"), "a kite is not a toy"), (("set",), "no")])
    assert info.value.problems == [("card toys/kite 'Kite' at cards[1]", "name", 9, "a kite is not a toy"),
                                   ("set toys", "set", 1, "no")]
    assert locate([(("cards", 0), "x")], data, None, describe) == [
        ("card toys/ball 'Ball' at cards[0]", None, None, "x")]


# -- locations and labels ---------------------------------------------------------------------------------------
def test_dotted_paths_tell_list_indexes_from_mapping_keys():
    assert dotted(("steps", 0, "count")) == "steps[0].count"
    assert dotted(("seats", 0, 2), {"seats": {0: [1, 2, 3]}}) == "seats.0[2]"
    assert dotted(("seats", 0, 2), {"seats": {"0": [1, 2, 3]}}) == "seats.0[2]"  # JSON's string key
    assert dotted(("on", 0), {True: [1]}) == "on[0]"  # YAML 1.1 reads the key on as true
    assert dotted(("missing", 0), {}) == "missing[0]"


def test_line_of_finds_the_deepest_node():
    import yaml

    node = yaml.compose(GOOD)
    assert line_of(node, ("cards", 0, "steps", 0, "count")) == 7
    assert line_of(node, ("cards", 1, "colour")) == 8  # not in the file: the entry's line
    assert line_of(node, ()) == 1 and line_of(None, ("set",)) is None


def test_entry_labels():
    data = {"set": "toys", "cards": [{"id": "toys/ball", "name": "Ball"}, {"id": 3}, None]}
    assert list_item(("cards", 1, "id"), data) == ("cards[1]", {"id": 3}) and list_item(("cards", 3), data) is None
    assert list_item(("set",), data) is None
    assert describe(("cards", 0, "steps", 1), data) == ("card toys/ball 'Ball' at cards[0]", ("steps", 1))
    assert describe(("cards", 1, "id"), data) == ("card at cards[1]", ("id",))
    assert describe(("cards", 2), data) == ("card at cards[2]", ())
    assert describe(("set",), data) == ("set toys", ("set",)) and describe(("x",), {}) == ("set", ("x",))
    assert entry_label("card", {"id": "a/b"}) == "card a/b"


# -- helpers for models ------------------------------------------------------------------------------------------
def test_did_you_mean():
    assert did_you_mean("drwa", ["draw", "discard"]) == " (did you mean 'draw'?)"
    assert did_you_mean("drwa", ("draw",), "; did you mean {}?") == "; did you mean draw?"
    assert did_you_mean(3, [30, 4]) == " (did you mean '30'?)" and did_you_mean("xyz", ["draw"]) == ""


def test_iter_models_and_json_schemas():
    card = Card(id="a", name="A", cost=1, steps=[Draw(do="draw", count=1), Discard(do="discard")])
    assert [(loc, type(m).__name__) for loc, m in iter_models([card], ("cards",))] == [
        (("cards", 0), "Card"), (("cards", 0, "steps", 0), "Draw"), (("cards", 0, "steps", 1), "Discard")]
    out = json_schemas(("card", Card, "A toy card"), ("set", Toys, "A toy set"))
    assert list(out) == ["card", "set"] and out["card"]["title"] == "A toy card"
    assert out["set"]["properties"]["cards"]["type"] == "array"


def test_a_packaged_file_is_named_from_the_package_and_a_users_file_as_given(tmp_path):
    # A server's error (a bad deck option) names no folder of its disk; a designer's own file keeps its path.
    import cardtable
    from cardtable.engine import OptionError

    with pytest.raises(OptionError) as exc:
        cardtable.load("mitosz", players=2, options={"max_copies": 1})
    assert "cardtable/games/mitosz/data/deck-dawn-court.yaml: card SMP-031" in str(exc.value)
    assert str(Path(cardtable.__file__).parent) not in str(exc.value)
    mine = tmp_path / "deck.yaml"
    assert str(DataError("bad", file=str(mine))) == f"{mine}: bad"
