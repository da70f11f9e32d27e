"""Small statistics a designer can trust: intervals, not bare percentages."""

from __future__ import annotations

import math
import random
from typing import Sequence


def wilson_interval(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion (shared wins count as fractions)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_interval(
    blocks: Sequence[tuple[float, float]],
    reps: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of ``sum(points) / sum(games)`` over ``blocks`` of ``(points, games)``.

    Resampling whole blocks (e.g. the mirrored games of one deal) keeps games that share a deal together,
    so the interval reflects how the games were really drawn. Seeded: the same blocks give the same interval.
    """
    blocks = [(float(p), float(g)) for p, g in blocks if g > 0]
    n = len(blocks)
    if n == 0:
        return (0.0, 1.0)
    rng = random.Random(seed)
    estimates = []
    for _ in range(max(1, reps)):
        sample = rng.choices(blocks, k=n)
        points = sum(p for p, _ in sample)
        games = sum(g for _, g in sample)
        estimates.append(points / games)
    estimates.sort()
    tail = (1 - confidence) / 2
    low = estimates[min(len(estimates) - 1, int(math.floor(tail * len(estimates))))]
    high = estimates[max(0, int(math.ceil((1 - tail) * len(estimates))) - 1)]
    return (low, high)


def difference_interval(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float]:
    """95 % interval of ``s1/n1 - s2/n2`` by Newcombe's hybrid score method (his method 10): built from the
    two Wilson intervals, so it stays inside [-1, 1] and behaves at rates near 0 or 1 and small samples."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson_interval(s1, n1)
    l2, u2 = wilson_interval(s2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, low), min(1.0, high))


def quantiles(values: Sequence[float], qs: Sequence[float]) -> list[float]:
    """Quantiles by linear interpolation between order statistics (numpy's default); [] gives NaNs."""
    data = sorted(values)
    if not data:
        return [float("nan")] * len(qs)
    out = []
    for q in qs:
        pos = q * (len(data) - 1)
        lo = int(math.floor(pos))
        hi = min(lo + 1, len(data) - 1)
        out.append(data[lo] + (data[hi] - data[lo]) * (pos - lo))
    return out
