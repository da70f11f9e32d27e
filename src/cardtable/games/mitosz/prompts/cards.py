"""The questions answered with a card (``Choose``) or a share of points (``Refill``): discards, sacrifices,
unrotations, the refill, a search, a pick from the afterworld, and putting cards in an order."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Choose, Refill, made
from ..words import N_, _, _n, join, shown
from .base import Prompt
from ..checks import limit_candidates
from ..effects.conditions import answer_sacrifice, pay_conditions
from ..effects.zones import answer_deck_order, answer_pick, answer_search
from ..flow.end_phase import _gain
from ..levels.board import is_cursed
from ..moves import discard_card, leave_board
from .. import upcalls as _up

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..modes import Mode
    from ..state import MitoszState


@lru_cache(maxsize=4096)
def refills(n: int, room: tuple[int, ...]) -> tuple[Refill, ...]:
    """The answers to a refill prompt (immutable, so shared by every state that asks the same)."""
    return tuple(Refill(v) for v in splits(n, room))


@lru_cache(maxsize=4096)
def splits(n: int, room: tuple[int, ...], start: int = 0) -> tuple[tuple[int, ...], ...]:
    """Every way to share ``n`` points among the spheres from ``start`` on, none above its room."""
    if start == len(room) - 1:
        return ((n,),) if 0 <= n <= room[start] else ()
    out: list[tuple[int, ...]] = []
    for k in range(min(n, room[start]) + 1):
        out += [(k,) + rest for rest in splits(n - k, room, start + 1)]
    return tuple(out)


def _each(iids: Any) -> list[Action]:
    return [made(Choose, (i,)) for i in iids]


@dataclass(frozen=True, slots=True)
class DiscardHand(Prompt):
    """MIT-6.2.4.1: down to the hand size, one card at a time."""

    n: int
    kind: ClassVar[str] = "discard_hand"
    keys: ClassVar[tuple[str, ...]] = ("n",)

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(_up.distinct(state, state.players[self.player].hand))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        discard_card(state, card)
        if self.n > 1 and state.players[seat].hand:
            _up.ask(state, replace(self, n=self.n - 1))

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("discard {n} card down to the hand size (MIT-6.2.4.1)",
                  "discard {n} cards down to the hand size (MIT-6.2.4.1)", self.n)


@dataclass(frozen=True, slots=True)
class Discard(Prompt):
    """An effect's discard (MIT-1.5.1.b), or a maneuver's discard condition (MIT-5.11: ``then`` the rest of
    the conditions, ``maneuver`` whose, ``cards`` the hand cards that fit)."""

    n: int
    source: Any
    then: tuple[Any, ...] | None = None
    maneuver: Any = None
    cards: Any = None
    kind: ClassVar[str] = "discard"
    keys: ClassVar[tuple[str, ...]] = ("n", "source", "then", "maneuver", "cards")
    optional: ClassVar[frozenset[str]] = frozenset(("then", "maneuver", "cards"))

    def offered(self, state: MitoszState) -> list[Action]:  # a condition's: only the hand cards that fit it
        return _each(_up.distinct(state, self.cards or state.players[self.player].hand))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        discard_card(state, card)
        left = self.n - 1
        if self.then is not None:  # a maneuver's discard condition (MIT-5.11): the rest as the condition has it
            rest = tuple(i for i in self.cards if i != card)
            pay_conditions(state, seat, (("discard", left, rest),) + self.then, self.maneuver)
        elif left > 0 and state.players[seat].hand:
            _up.ask(state, replace(self, n=left))

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("discard {n} card ({source})", "discard {n} cards ({source})", self.n,
                  source=self.source or _("an effect"))


@dataclass(frozen=True, slots=True)
class SacrificeLeader(Prompt):
    """MIT-3.4.2.b: over the leader limit."""

    n: int
    kind: ClassVar[str] = "sacrifice_leader"
    keys: ClassVar[tuple[str, ...]] = ("n",)

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(limit_candidates(state, self.player))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        inst = state.cards[card]
        cursed = is_cursed(state, inst)
        if cursed:
            state.note(N_("P{seat} is over the leader limit: {card} goes to the afterworld (MIT-3.4.2.b)"),
                       seat=seat, card=inst.d)
        else:
            state.note(N_("P{seat} is over the leader limit: {card} is sacrificed to the afterworld "
                          "(MIT-3.4.2.b)"), seat=seat, card=inst.d)
        leave_board(state, card, "afterworld", "sacrifice" if not cursed else "rule")

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("sacrifice {n} leader: over the leader limit (MIT-3.4.2.b)",
                  "sacrifice {n} leaders: over the leader limit (MIT-3.4.2.b)", self.n)


@dataclass(frozen=True, slots=True)
class Sacrifice(Prompt):
    """A maneuver's sacrifice condition (MIT-5.11): ``cards`` those that fit, ``then`` the rest."""

    n: int
    cards: Any
    source: Any
    then: tuple[Any, ...]
    kind: ClassVar[str] = "sacrifice"
    keys: ClassVar[tuple[str, ...]] = ("n", "cards", "source", "then")

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(self.cards)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_sacrifice(state, self, action.cards[0])

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("sacrifice {n} card ({source}'s condition, MIT-5.11)",
                  "sacrifice {n} cards ({source}'s condition, MIT-5.11)", self.n, source=self.source)


@dataclass(frozen=True, slots=True)
class Unrotate(Prompt):
    """MIT-6.2.4.4: the end phase's unrotations, one leader at a time."""

    n: int
    kind: ClassVar[str] = "unrotate"
    keys: ClassVar[tuple[str, ...]] = ("n",)

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(i for i in state.players[self.player].leaders if state.cards[i].rotated)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        state.cards[card].rotated = False
        state.note(N_("P{seat} unrotates {cards}"), seat=seat, cards=join((state.cards[card].d,)))
        state.prompt_done = (state.prompt_done or 0) + 1

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("choose {n} leader to unrotate (MIT-6.2.4.4)", "choose {n} leaders to unrotate (MIT-6.2.4.4)",
                  self.n)


@dataclass(frozen=True, slots=True)
class RefillSpheres(Prompt):
    """MIT-6.2.4.3, MIT-5.4: ``n`` points shared among the spheres."""

    n: int
    kind: ClassVar[str] = "refill"
    keys: ClassVar[tuple[str, ...]] = ("n",)

    def offered(self, state: MitoszState) -> list[Action]:
        p = state.players[self.player]
        room = [p.smax[s] - p.spheres[s] for s in range(4)]
        return list(refills(self.n, tuple(room)))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _gain(state, state.players[seat], list(action.spheres), "regains")

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _n("share {n} sphere point among the spheres (MIT-6.2.4.3)",
                  "share {n} sphere points among the spheres (MIT-6.2.4.3)", self.n)


@dataclass(frozen=True, slots=True)
class Search(Prompt):
    """MIT-1.3.3: the card found by a search (``left`` to find, put ``to`` a zone, shown if ``restricted``)."""

    cards: tuple[int, ...]
    to: str
    restricted: Any
    left: int
    kind: ClassVar[str] = "search"
    keys: ClassVar[tuple[str, ...]] = ("cards", "to", "restricted", "left")

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(self.cards)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        answer_search(state, self, card)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _("choose the card found by the search (MIT-1.3.3)")


@dataclass(frozen=True, slots=True)
class Pick(Prompt):
    """MIT-1.4.3: a card recovered from the afterworld (``left`` to pick; ``text`` the question)."""

    cards: tuple[int, ...]
    left: int
    text: Any
    kind: ClassVar[str] = "pick"
    keys: ClassVar[tuple[str, ...]] = ("cards", "left", "text")

    def offered(self, state: MitoszState) -> list[Action]:
        return _each(self.cards)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        (card,) = action.cards
        answer_pick(state, self, card)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return shown(self.text) or _("choose a card")


@dataclass(frozen=True, slots=True)
class AfterworldOrder(Prompt):
    """MIT-1.4.2.c: cards that went to the afterworld together, laid in the order chosen (``placed`` so far);
    ``resume`` is (mode, priority, prompt) as they were before the question."""

    cards: tuple[int, ...]
    placed: tuple[int, ...]
    resume: tuple[Mode, int, Prompt | None]
    kind: ClassVar[str] = "afterworld_order"
    keys: ClassVar[tuple[str, ...]] = ("cards", "placed", "resume")

    def as_dict(self) -> dict[str, Any]:
        mode, priority, before = self.resume  # the question it interrupted, as a dict too
        return {"kind": self.kind, "player": self.player, "rule": self.rule, "cards": self.cards,
                "placed": self.placed, "resume": (mode, priority, None if before is None else before.as_dict())}

    def offered(self, state: MitoszState) -> list[Action]:  # the cards not placed yet, equal ones once
        return _each(_up.distinct(state, [i for i in self.cards if i not in self.placed]))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up._place_in_order(state, self, action.cards[0])

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _("cards went to your afterworld together: choose the order, lowest first (MIT-1.4.2.c)")


@dataclass(frozen=True, slots=True)
class DeckOrder(Prompt):
    """Spec 6.4 ``look_top`` with ``reorder``: the top cards of ``deck`` put back in the order chosen (the
    top first; ``placed`` so far); ``rest`` the other decks looked at, (owner, cards) each."""

    deck: int
    cards: tuple[int, ...]
    placed: tuple[int, ...]
    rest: tuple[tuple[int, tuple[int, ...]], ...]
    kind: ClassVar[str] = "deck_order"
    keys: ClassVar[tuple[str, ...]] = ("deck", "cards", "placed", "rest")

    def offered(self, state: MitoszState) -> list[Action]:  # the cards not placed yet, equal ones once
        return _each(_up.distinct(state, [i for i in self.cards if i not in self.placed]))

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_deck_order(state, self, action.cards[0])

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        if self.deck == self.player:
            return _("put the top {n} cards of your deck back in the order you choose: the card for the top "
                     "first (spec 6.4 look_top)", n=len(self.cards))
        return _("put the top {n} cards of P{seat}'s deck back in the order you choose: the card for the top "
                 "first (spec 6.4 look_top)", n=len(self.cards), seat=self.deck)
