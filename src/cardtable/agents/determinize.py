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

Each game has its function in its kit (``games/<game>/kit/resample.py``, named by ``Kit.resample`` and
reached as ``State.resample(seat, rng)``, in the spirit of OpenSpiel's ``ResampleFromInfostate``). What each
one redeals, and what it knowingly leaves out, is in its module's docstring. The helpers that make a redeal
canonical are in ``cardtable.engine.resample``.
"""

from __future__ import annotations

from cardtable.engine import Game, State
from cardtable.engine.kit import kit_of
from cardtable.engine.resample import deal_by_class, fresh_rng, shuffled
from cardtable.engine.rng import Rng


class NoDeterminizer(LookupError):
    """The game has no determinizer (a search bot cannot play it)."""


def supports(game: Game | str) -> bool:
    """Can a search bot play ``game`` (a game, or a registered game's name)?"""
    return kit_of(game).has("resample")


def determinize(state: State, player: int, rng: Rng) -> State:
    """A copy of ``state`` with everything hidden from ``player`` redealt at random from ``rng``.

    ``state`` is left unchanged (its own generator included)."""
    if not state.game.kit.has("resample"):
        raise NoDeterminizer(f"no determinizer for the game {state.game.info.name!r}")  # i18n: no (programmers: make_agent checks first)
    return state.resample(player, rng)


__all__ = ["NoDeterminizer", "supports", "determinize", "deal_by_class", "fresh_rng", "shuffled"]
