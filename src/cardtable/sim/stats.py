"""Small statistics a designer can trust: intervals, not bare percentages."""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
