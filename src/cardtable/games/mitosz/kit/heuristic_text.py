"""Reading the Mítosz card texts for the heuristic: sphere costs, the part of a text an action uses, level
changes and keyword modifiers, a payment with a substituted sphere point."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=4096)
def _cost_from_text(text: str) -> tuple[int, ...]:
    """Sphere letters and numbers in a maneuver's text (``M1``, ``I2``, ``per W2``, ``(F1)``)."""
    cost = [0, 0, 0, 0]
    letters = {"m": 0, "i": 1, "w": 2, "f": 3}
    words = text.replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split()
    for w in words:
        if len(w) >= 2 and w[0] in letters and w[1:].isdigit():
            cost[letters[w[0]]] += int(w[1:])
    return tuple(cost)


def _part_text(text: str, a: Any) -> str:
    """The part of a card's text that the action ``a`` uses (one bound maneuver, one option, its steps)."""
    parts = text.split(" | ")
    option = getattr(a, "option", None) if a.type == "use_free_maneuver" else None
    maneuver = getattr(a, "maneuver", None) if a.type == "use_maneuver" else None
    if option and option.startswith("o") and option[1:].isdigit() and "choose one:" in text:  # i18n: no (the game's English words: agents decide in English)
        opts = text.split("choose one:", 1)[-1].split(" | ")
        k = int(option[1:]) - 1
        part = opts[k] if 0 <= k < len(opts) else text
    elif maneuver and maneuver.startswith("m") and maneuver[1:].isdigit():
        k = int(maneuver[1:]) - 1
        part = parts[k] if 0 <= k < len(parts) else text
    else:
        part = parts[0] if len(parts) == 1 else text
    steps = getattr(a, "steps", None)
    if steps and "step " in part:
        chunks = part.split("step ")
        part = chunks[0] + " ".join(chunks[1:steps + 1])
    return part


def _level_delta(text: str) -> int:
    """The level change a maneuver's text gives (``the target +1 level``, ``the user gets +2``)."""
    m = re.search(r"([+-]\d+) level", text) or re.search(r"gets ([+-]\d+)", text)
    return int(m.group(1)) if m else 0


def _level_gain(text: str) -> int:
    return max(0, _level_delta(text))


def _keyword_mod(text: str, keyword: str) -> int:
    m = re.search(keyword + r" ([+-]\d+)", text)
    return int(m.group(1)) if m else 0


def _paid(cost: tuple[int, ...], a: Any) -> tuple[int, ...]:
    names = ("magic", "influence", "wealth", "force")
    paid = list(cost)
    if getattr(a, "pay_from", None) and getattr(a, "pay_for", None) in names and a.pay_from in names:
        paid[names.index(a.pay_for)] -= 1
        paid[names.index(a.pay_from)] += 1
    return tuple(paid)
