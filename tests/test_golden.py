"""Golden playthroughs: replaying the stored actions must reproduce every view and legal-action list.

If a change of behaviour is intended: `python -m cardtable.testing.golden --update`, then review the diff.
"""

import json
from pathlib import Path

import pytest

from cardtable.testing.golden import check_file, first_difference, manifest

GOLDEN = Path(__file__).parent / "golden"
CASES = manifest(GOLDEN)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_playthrough_is_unchanged(case):
    path = GOLDEN / f"{case['name']}.jsonl"
    assert path.exists(), f"{path} missing: run python -m cardtable.testing.golden --update"
    assert check_file(path) is None, check_file(path)


def test_a_changed_view_is_caught(tmp_path):
    case = CASES[0]
    lines = (GOLDEN / f"{case['name']}.jsonl").read_text().splitlines()
    step = json.loads(lines[3])
    step["views"][0]["draw_pile"] += 1
    lines[3] = json.dumps(step)
    path = tmp_path / "changed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert "draw_pile" in check_file(path)


def test_first_difference_names_the_path():
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "/a/1/b: expected 2, got 3"


def test_a_changed_view_is_caught_in_a_digest_case(tmp_path):
    case = next(c for c in CASES if c.get("views") == "digest")
    lines = (GOLDEN / f"{case['name']}.jsonl").read_text().splitlines()
    step = json.loads(lines[5])
    step["views_digest"] = "0" * 64
    lines[5] = json.dumps(step)
    path = tmp_path / "changed.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert "views_digest" in check_file(path)
