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


# -- Mítosz: rule IDs with letters (MIT-G1, MIT-3.1.a, MIT-8.region.a, MIT-8.nation-subtypes) ----------------
# A test names a rule by writing it with underscores: test_MIT_3_1_a_…, test_MIT_G1_…, test_MIT_8_region_b_….
# Each "MIT_" in a test's name names the longest rule ID spelled there (so test_MIT_4_2_1_e_… covers
# MIT-4.2.1.e, not MIT-4.2.1).
MIT_ID = r"MIT-(?:G\d+|\d+(?:\.(?:\d+|[a-z][a-z-]*[a-z]|[a-z]))*)"

# Rules of the specification not implemented yet, so not yet tested (none since Mítosz II: every rule ID of the
# specification must have a test). A rule put here must be one of the spec's.
MIT_DEFERRED: set[str] = set()


def mit_rule_ids_with_tests(known: set[str]) -> set[str]:
    spelled = {"MIT_" + r[4:].replace(".", "_").replace("-", "_"): r for r in known}
    tested = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for name in re.findall(r"def (test_\w+)", path.read_text(encoding="utf-8")):
            for start in [m.start() for m in re.finditer("MIT_", name)]:
                rest = name[start:]
                hits = [w for w in spelled if rest == w or rest.startswith(w + "_")]
                if hits:
                    tested.add(spelled[max(hits, key=len)])
    return tested


def mit_wanted() -> set[str]:
    spec = spec_matches("mitosz.md", rf"\*\*({MIT_ID})\*\*")
    cited = set()
    for path in (ROOT / "src/cardtable/games/mitosz").rglob("*.py"):
        cited.update(re.findall(rf"\b({MIT_ID})\b", path.read_text(encoding="utf-8")))
    cited = {c.rstrip(".-") for c in cited}
    # a section cited as a whole (MIT-6.2.4, MIT-8) is covered by the tests of its rules
    cited = {c for c in cited if not any(o.startswith(c + ".") for o in cited | spec)}
    return (spec | cited) - MIT_DEFERRED


def test_every_mitosz_rule_id_has_a_test_named_after_it():
    wanted = mit_wanted()
    assert len(wanted) > 100 or not spec_matches("mitosz.md", r"MIT-G1"), "rule IDs of the spec not found"
    assert wanted, "no rule IDs found: the check would pass vacuously"
    missing = sorted(wanted - mit_rule_ids_with_tests(wanted | MIT_DEFERRED))
    assert not missing, f"Mítosz rule IDs without a test named after them: {missing}"


def test_mitosz_deferred_rules_are_rules_of_the_spec():
    spec = spec_matches("mitosz.md", rf"\*\*({MIT_ID})\*\*")
    if spec:
        assert MIT_DEFERRED <= spec, sorted(MIT_DEFERRED - spec)
