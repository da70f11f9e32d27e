"""Every rule ID has a test named after it (test_MOJO_4_3_2_…, test_MIT_3_1_a_…, test_MUHQ_COMBAT_4_…).

The rule IDs come from the specification when it lies beside the checkout (../shared/rules, as in CI), else
from the rulebook each game ships (data/rules.md, the same text), and always from the rule IDs the code cites
where it enforces them. Which test names which rule is the engine's own answer (engine/rulebook.py), the one
`cardtable rules GAME --coverage` prints.
"""

import re
from pathlib import Path

import pytest

from cardtable.engine.registry import game_class
from cardtable.engine.rulebook import Rule, Rulebook, collect_tests
from tests.spec import spec_text

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"mojo": "mojo", "maoqy": "maoqy", "mitosz": "mitosz", "muhq": "muhq"}  # game -> its package folder
_TESTS: list = []


def all_tests() -> list[tuple[str, str]]:
    if not _TESTS:
        _TESTS.extend(collect_tests(ROOT / "tests"))
    return _TESTS


def rulebook(game: str) -> Rulebook:
    cls = game_class(game)
    text = spec_text(f"{game}.md")
    if text is not None:
        return Rulebook.from_markdown(game, text, cls.info.rule_pattern, f"rules/{game}.md")
    book = Rulebook.for_game(cls)
    assert book is not None, f"{game} ships no rulebook"
    return book


def cited_ids(game: str, pattern: str) -> set[str]:
    found = set()
    for path in (ROOT / "src" / "cardtable" / "games" / GAMES[game]).rglob("*.py"):
        found.update(m.rstrip(".-") for m in re.findall(rf"\b({pattern})\b", path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_has_a_test_named_after_it(game):
    book = rulebook(game)
    spec = set(book.ids())
    cited = cited_ids(game, game_class(game).info.rule_pattern)
    known = spec | cited
    # A section cited as a whole (MOJO-8, MIT-6.2.4) is covered by the tests of its rules.
    extra = sorted(c for c in cited - spec if not any(o.startswith(c + ".") or o.startswith(c + "-") for o in known))
    book.rules.extend(Rule(c, "(cited in the code)", 0) for c in extra)
    assert len(book.rules) > 20, "rule IDs of the spec not found: the check would pass vacuously"
    coverage = book.coverage(all_tests())
    missing = [r for r, tests in coverage.items() if not tests]
    assert not missing, f"{game}: rule IDs without a test named after them: {missing}"


def test_the_coverage_check_can_fail():
    book = Rulebook.from_markdown("x", "- **MOJO-99.1** a rule nobody tests\n", r"MOJO-\d+(?:\.\d+)*")
    assert book.coverage(all_tests()) == {"MOJO-99.1": []}
