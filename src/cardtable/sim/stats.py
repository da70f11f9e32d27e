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


# Student's t quantiles for a two-sided 95 % interval, by degrees of freedom (1–30); beyond, the normal's 1.96
# is within 2 % of t's.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
         2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t975(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom (a 95 % two-sided interval)."""
    if df < 1:
        return math.inf
    return _T975[df - 1] if df <= len(_T975) else 1.959964


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95 % t interval ``(mean, low, high)``. For the differences of paired games
    (the same seed and seats under two versions) this is the paired interval: what both versions share cancels
    game by game, so it is narrower than comparing two independent samples."""
    n = len(values)
    if n == 0:
        return (0.0, -math.inf, math.inf)
    mean = sum(values) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def welch_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``mean(b) - mean(a)`` with a 95 % interval for two independent samples (Welch; the normal quantile, as the
    samples here are hundreds of games): what the same numbers would give if the games were not paired."""
    if len(a) < 2 or len(b) < 2:
        return (0.0, -math.inf, math.inf)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    va = sum((x - ma) ** 2 for x in a) / (len(a) - 1)
    vb = sum((x - mb) ** 2 for x in b) / (len(b) - 1)
    half = 1.959964 * math.sqrt(va / len(a) + vb / len(b))
    return (mb - ma, mb - ma - half, mb - ma + half)
