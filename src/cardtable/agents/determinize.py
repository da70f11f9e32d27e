"""Determinization: one player's information set turned into a concrete state, at random.

``determinize(state, player, rng)`` returns a copy of ``state`` in which everything ``player`` cannot
see is redealt at random, consistently with what they can see: their own hand, every public zone, the
cards revealed to them, and the size of every hidden zone. A search bot (``agents/ismcts.py``) samples one
such state per iteration and plays in it as if it were the real game.

What a determinization guarantees (checked for every game in ``tests/agents/test_determinize.py``):

* ``view(player)`` of the copy equals ``view(player)`` of the original, and so do the legal actions when it
  is that player's turn;
* the cards are the same multiset: a hidden card only changes places with other hidden cards;
* **it depends on the player's information only**: two states that ``player`` sees alike give the same
  determinization for the same ``rng``. Hidden cards are pooled *in a canonical (sorted) order* before
  the redeal, and the state's own random generator (the future shuffles and draws) is replaced by one drawn
  from ``rng``, so nothing of the real hidden arrangement survives in the copy. (A game's ``history`` is
  copied as it is; the search never reads it.)
* it uses only ``rng`` (a :class:`cardtable.engine.rng.Rng` of its own stream): the real game's generator
  is never touched, so a bot that determinizes leaves the game replaying bit for bit.

Each game has its function in ``agents/determinizers/<game>.py``, found through :data:`DETERMINIZERS`
(the game name -> ``"module:function"``, imported when first asked for, as ``registry.HEURISTICS``). What
each one redeals, and what it knowingly leaves out, is in its module's docstring.
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterable, TypeVar

from cardtable.engine import State
from cardtable.engine.rng import Rng

T = TypeVar("T")

#: game name -> "module:function" of its determinizer, ``function(state, player, rng) -> State``
DETERMINIZERS = {
    "mojo": "cardtable.agents.determinizers.mojo:determinize",
    "maoqy": "cardtable.agents.determinizers.maoqy:determinize",
    "mitosz": "cardtable.agents.determinizers.mitosz:determinize",
    "muhq": "cardtable.agents.determinizers.muhq:determinize",
}

_loaded: dict[str, Callable[[State, int, Rng], State]] = {}


class NoDeterminizer(LookupError):
    """The game has no determinizer (a search bot cannot play it)."""


def supports(game_name: str) -> bool:
    return game_name in DETERMINIZERS


def determinizer(game_name: str) -> Callable[[State, int, Rng], State]:
    fn = _loaded.get(game_name)
    if fn is None:
        try:
            module, name = DETERMINIZERS[game_name].split(":")
        except KeyError:
            raise NoDeterminizer(f"no determinizer for the game {game_name!r}; games with one: "  # i18n: no (programmers: make_agent checks first)
                                 f"{', '.join(sorted(DETERMINIZERS))}") from None
        fn = _loaded[game_name] = getattr(importlib.import_module(module), name)
    return fn


def determinize(state: State, player: int, rng: Rng) -> State:
    """A copy of ``state`` with everything hidden from ``player`` redealt at random from ``rng``.

    ``state`` is left unchanged (its own generator included)."""
    if not 0 <= player < state.game.num_players:
        raise ValueError(f"seat {player} is not a seat of this game")  # i18n: no (programmers: make_agent checks first)
    return determinizer(state.game.info.name)(state, player, rng)


# -- helpers for the per-game functions ----------------------------------------------------------------
def fresh_rng(rng: Rng) -> Rng:
    """The generator for the copy's future chance events: drawn from the determinization's stream, so the
    real game's future shuffles (hidden information too) never leak into a search."""
    return Rng(rng.below(1 << 62), "determinized")


def shuffled(cards: Iterable[T], rng: Rng, key=None) -> list[T]:
    """The cards in canonical (sorted) order, then shuffled: the result depends on the multiset and ``rng``
    only, never on the order in which the hidden cards happened to lie."""
    pool = sorted(cards, key=key)
    rng.shuffle(pool)
    return pool


def deal_by_class(pool: list[T], wanted: list, cls: Callable[[T], object]) -> tuple[list[T], list[T]]:
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
