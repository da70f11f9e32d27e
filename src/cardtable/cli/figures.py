"""How the command line writes figures: rounded to what a reader can use, never a raw float."""

from __future__ import annotations

from typing import Any


def number_text(x: Any, digits: int = 1) -> str:
    """A number for people: thousands separated, ``digits`` decimals for a fraction, none for a whole number."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "—" if x is None else str(x)
    if float(x).is_integer():
        return f"{int(x):,}"
    return f"{x:,.{digits}f}"


def score_text(score: Any) -> str:
    """A mean score: a number, or one number per part of a score made of parts (muhq: resource and VP)."""
    if isinstance(score, dict):
        return ", ".join(f"{key} {number_text(value, 2)}" for key, value in score.items()) or "—"
    return number_text(score, 2)
