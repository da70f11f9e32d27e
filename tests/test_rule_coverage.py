"""Every rule ID has a test named after it (test_MOJO_4_3_2_…).

The rule IDs come from the specification when it lies beside the checkout (../shared/rules, as in CI)
and always from the rule IDs the code cites where it enforces them.
"""

import re
from pathlib import Path

import pytest
from tests.spec import spec_matches

ROOT = Path(__file__).resolve().parents[1]
SPECS = {
    "MOJO": ("mojo.md", "src/cardtable/games/mojo"),
    "MAOQY": ("maoqy.md", "src/cardtable/games/maoqy"),
}


def spec_rule_ids(prefix: str, spec_name: str) -> set[str]:
    return spec_matches(spec_name, rf"\*\*({prefix}-\d+(?:\.\d+)*)\*\*")


def cited_rule_ids(prefix: str, folder: str) -> set[str]:
    found = set()
    for path in (ROOT / folder).rglob("*.py"):
        found.update(re.findall(rf"\b({prefix}-\d+(?:\.\d+)*)", path.read_text(encoding="utf-8")))
    return found


def rule_ids_with_tests(prefix: str) -> set[str]:
    tested = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")):
            for digits in re.findall(rf"{prefix}((?:_\d+)+)", name):
                tested.add(prefix + "-" + digits[1:].replace("_", "."))
    return tested


@pytest.mark.parametrize("prefix", sorted(SPECS))
def test_every_rule_id_has_a_test_named_after_it(prefix):
    spec_name, folder = SPECS[prefix]
    # A bare section number (MOJO-8, cited by the option that switches a whole variant) is covered
    # by the tests of its rules; every numbered rule needs its own test.
    wanted = {r for r in spec_rule_ids(prefix, spec_name) | cited_rule_ids(prefix, folder) if "." in r}
    assert wanted, "no rule IDs found: the check would pass vacuously"
    missing = sorted(wanted - rule_ids_with_tests(prefix), key=lambda r: [int(x) for x in r.split("-")[1].split(".")])
    assert not missing, f"rule IDs without a test named after them: {missing}"
