"""Helpers for a game's ``resample`` (its determinizer, ``State.resample``): pooling hidden cards canonically.

A redeal must depend on what the player knows and on the redeal's own generator only (see
``cardtable.agents.determinize`` for the guarantees); these helpers make that easy to get right.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, TypeVar

from .rng import Rng

T = TypeVar("T")


def fresh_rng(rng: Rng) -> Rng:
    """The generator for the copy's future chance events: drawn from the determinization's stream, so the
    real game's future shuffles (hidden information too) never leak into a search."""
    return Rng(rng.below(1 << 62), "determinized")


def shuffled(cards: Iterable[T], rng: Rng, key: Callable[[T], Any] | None = None) -> list[T]:
    """The cards in canonical (sorted) order, then shuffled: the result depends on the multiset and ``rng``
    only, never on the order in which the hidden cards happened to lie."""
    pool: list[T] = sorted(cards, key=key)  # type: ignore[type-var, arg-type]  # cards are comparable, or key makes them so
    rng.shuffle(pool)
    return pool


def deal_by_class(pool: list[T], wanted: list[Any], cls: Callable[[T], object]) -> tuple[list[T], list[T]]:
    """Fill slots that must hold a card of a given class (e.g. a visible card back): for each entry of
    ``wanted`` (a class), the next card of ``pool`` of that class. Returns (the cards, in ``wanted``'s order;
    the rest of the pool, in order). With ``pool`` uniformly shuffled the choice is uniform too."""
    need: dict[object, int] = {}
    for want in wanted:
        need[want] = need.get(want, 0) + 1
    got: dict[object, list[T]] = {k: [] for k in need}
    rest: list[T] = []
    for card in pool:
        bucket = got.get(cls(card))
        if bucket is not None and len(bucket) < need[cls(card)]:
            bucket.append(card)
        else:
            rest.append(card)
    cursor = dict.fromkeys(need, 0)
    taken: list[T] = []
    for want in wanted:
        bucket = got[want]
        k = cursor[want]
        if k >= len(bucket):
            raise ValueError(f"no hidden card of class {want!r} left for a slot that shows it")  # i18n: no (programmers: make_agent checks first)
        cursor[want] = k + 1
        taken.append(bucket[k])
    return taken, rest
