"""`cardtable rules GAME`: the rule IDs with their text for players, and --coverage for the people who build
the game (every rule with the tests that name it, and a count of the rules without one)."""

import json

import pytest

from cardtable.engine.registry import game_class, game_names
from cardtable.engine import rulebook
from cardtable.engine.rulebook import Rulebook, spell
from tests.spec import spec_text

from .test_cli import cardtable

SPEC_OF = {"mojo": "mojo.md", "maoqy": "maoqy.md", "maoqy-oracle": "maoqy.md", "maoqy-ritual": "maoqy.md",
           "mitosz": "mitosz.md", "muhq": "muhq.md"}


@pytest.mark.parametrize("name", sorted(SPEC_OF))
def test_every_game_ships_its_rulebook(name):
    book = Rulebook.for_game(game_class(name))
    assert book is not None and len(book.rules) >= 3, name
    assert len(set(book.ids())) == len(book.ids())
    assert all(r.text for r in book.rules)


def test_every_registered_game_has_a_rulebook():
    assert set(game_names()) == set(SPEC_OF)


@pytest.mark.parametrize("game", ["mojo", "maoqy", "mitosz", "muhq"])
def test_the_packaged_rulebook_is_the_specification(game):
    text = spec_text(f"{game}.md")
    if text is None:
        pytest.skip("the specification is not beside this checkout")
    book = Rulebook.for_game(game_class(game))
    assert open(book.source, encoding="utf-8").read() == text, f"copy rules/{game}.md to {book.source}"


def test_a_test_names_the_longest_rule_spelled_there():
    book = Rulebook.from_markdown("x", "- **MIT-4.2.1** a\n- **MIT-4.2.1.e** b\n  - **MIT-8.region.a** c\n"
                                  "- **MUHQ-WIN-1** d\n- **MUHQ-WIN-10** e\n", r"MIT-[0-9a-z.-]+[0-9a-z]|MUHQ-[A-Z]+-\d+")
    assert book.ids() == ["MIT-4.2.1", "MIT-4.2.1.e", "MIT-8.region.a", "MUHQ-WIN-1", "MUHQ-WIN-10"]
    assert book.named_by("test_MIT_4_2_1_e_summon") == {"MIT-4.2.1.e"}
    assert book.named_by("test_MIT_4_2_1_summon") == {"MIT-4.2.1"}
    assert book.named_by("test_MUHQ_WIN_10") == {"MUHQ-WIN-10"}
    assert book.named_by("test_MUHQ_WIN_1_and_MIT_8_region_a") == {"MUHQ-WIN-1", "MIT-8.region.a"}
    assert book.named_by("test_MUHQ_WIN_100") == set()
    assert spell("MIT-8.nation-subtypes") == "MIT_8_nation_subtypes"


def test_coverage_lists_tests_per_rule(tmp_path):
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text("def test_MOJO_1_1_x():\n    pass\n\nasync def test_other():\n    pass\n")
    book = Rulebook.from_markdown("mojo", "- **MOJO-1.1** one\n- **MOJO-1.2** two\n", r"MOJO-\d+(?:\.\d+)*")
    found = rulebook.collect_tests(tmp_path / "tests")
    assert found == [("tests/test_a.py", "test_MOJO_1_1_x"), ("tests/test_a.py", "test_other")]
    assert book.coverage(found) == {"MOJO-1.1": ["tests/test_a.py::test_MOJO_1_1_x"], "MOJO-1.2": []}


def test_rules_command_lists_and_finds_rules():
    out = cardtable("rules", "mojo", "MOJO-4.2")
    assert out.returncode == 0, out.stderr
    assert "MOJO-4.2" in out.stdout and "discard pile" in out.stdout
    assert "MOJO-1.1" not in out.stdout
    out = cardtable("rules", "mojo", "--json")
    data = json.loads(out.stdout)
    assert data["game"] == "mojo" and len(data["rules"]) == len(Rulebook.for_game(game_class("mojo")).rules)


def test_rules_command_coverage_counts_covered_rules():
    out = cardtable("rules", "mojo", "--coverage", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["uncovered"] == [] and data["covered"] == len(data["rules"])
    assert all(r["tests"] for r in data["rules"])
    text = cardtable("rules", "maoqy", "--coverage")
    assert "44 of 44 rules covered, 0 uncovered" in text.stdout


def test_rules_command_bad_input_is_one_clear_line(tmp_path):
    out = cardtable("rules", "nope")
    assert out.returncode == 2 and "unknown game 'nope'" in out.stderr
    out = cardtable("rules", "mojo", "no-such-words")
    assert out.returncode == 2 and "no rule of mojo" in out.stderr
    out = cardtable("rules", "mojo", "--coverage", "--tests", str(tmp_path / "missing"))
    assert out.returncode == 2 and "is not a folder" in out.stderr


def test_a_games_departures_replace_or_add_rules_and_are_marked():
    """data/departures.md: the rules where cardtable follows the original rulebook rather than the specification
    (issue 33); the specification itself stays a verbatim copy."""
    spec = Rulebook.from_markdown("x", "## A\n- **MIT-1.1** old text\n- **MIT-1.2** kept\n", r"MIT-[0-9.]+[0-9]")
    spec.amend(Rulebook.from_markdown("x", "- **MIT-1.1** new text\n- **MIT-9.9** a table rule\n", r"MIT-[0-9.]+[0-9]"))
    assert [(r.id, r.text, r.departure) for r in spec.rules] == [
        ("MIT-1.1", "new text", True), ("MIT-1.2", "kept", False), ("MIT-9.9", "a table rule", True)]
    assert spec.rules[0].section == "A" and spec.named_by("test_MIT_9_9_x") == {"MIT-9.9"}
    book = Rulebook.for_game(game_class("maoqy"))
    (claimed,) = [r for r in book.rules if r.id == "MAOQY-6.6"]
    assert claimed.departure and "claimed_cards" in claimed.text
    out = cardtable("rules", "maoqy", "MAOQY-6.6", columns=200)
    assert "departs from the specification" in out.stdout
