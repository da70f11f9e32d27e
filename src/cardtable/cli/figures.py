"""How the command line writes figures: rounded to what a reader can use, never a raw float, in the reader's
locale (12,345.6 / 12.345,6 / 12 345,6)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.i18n import current_language, number


def number_text(x: Any, digits: int = 1) -> str:
    """A number for people: thousands separated, ``digits`` decimals for a fraction, none for a whole number."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "—" if x is None else str(x)
    if float(x).is_integer():
        return number(int(x), 0)
    return number(x, digits)


def percent(x: Any, digits: int = 1) -> str:
    """A share as a percentage: 55.0% (English, Hungarian 55,0%), 55,0 % (German)."""
    if x is None:
        return "—"
    sign = "\u00a0%" if current_language() == "de" else "%"
    return number(x * 100, digits) + sign


def score_text(score: Any) -> str:
    """A mean score: a number, or one number per part of a score made of parts (muhq: resource and VP)."""
    if isinstance(score, dict):
        return ", ".join(f"{key} {number_text(value, 2)}" for key, value in score.items()) or "—"
    return number_text(score, 2)
