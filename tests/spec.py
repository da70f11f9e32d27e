"""The rule specifications beside the checkout (../shared/rules): tests read rule IDs and proposal
points from them. Without them (a checkout on its own) only what the tests name themselves is checked."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def spec_text(name: str) -> str | None:
    """The text of the specification ``name`` (e.g. "mojo.md"), or None when it is not there."""
    for rules in (ROOT.parent / "shared" / "rules", ROOT / "shared" / "rules"):
        path = rules / name
        if path.exists():
            return path.read_text(encoding="utf-8")
    return None


def spec_matches(name: str, pattern: str) -> set[str]:
    """Every match of ``pattern`` (its first group, if it has one) in the specification ``name``."""
    text = spec_text(name)
    return set(re.findall(pattern, text)) if text else set()
