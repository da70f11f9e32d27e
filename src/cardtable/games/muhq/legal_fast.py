"""The fast actions of a seat (spells, free actions, the universal free action) and the permanents with free
actions they come from; functions bound into :class:`~.legal.LegalMixin`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action

from . import actions as A
from .effects import TARGET_LIMIT, Ctx
from .legal_interned import SPELL
from .objects import NEUTRAL

if TYPE_CHECKING:  # pragma: no cover
    from .objects import Perm
    from .state import MuhqState


def fast_actions(self: "MuhqState", seat: int, sources: tuple[Perm, ...]) -> list[Action]:
    """The seat's fast actions; ``sources``: its free_action_sources."""
    out: list[Action] = []
    resource = self.players[seat].resource
    memo: dict[Any, Any] = self._memo  # (keyed by names and by tuples)
    _, _, spells, _, pairs = self.hand_parts(seat)
    for c, d in spells:  # spells with a play cost (MUHQ-ACT-9)
        if d.play > resource:  # type: ignore[operator]  # MUHQ-RES-3 (hand_parts: only cards with a play cost)
            continue
        # A spell's targets depend on the board alone (the card waits in hand, so "self" names nothing on
        # the board): kept per card and seat until the board changes.
        key = ("spell_targets", c, seat)
        choices: tuple[tuple[int, ...], ...] | None = memo.get(key)
        ctx: Ctx | None = None
        costs_list = (self.cost_choices(d.extra_cost, seat, None, exclude=(c,),
                                        resource_extra=d.play)  # type: ignore[arg-type]  # (hand_parts: a play cost)
                      if d.extra_cost else ((),))  # (no extra cost: one way to pay, nothing chosen)
        for costs in costs_list:
            if choices is None:
                ctx = Ctx(c, d, seat)
                choices = tuple(self.target_choices(d.targets, ctx))
                if len(choices) < TARGET_LIMIT:  # complete: ctx is clean again (see target_choices)
                    memo[key] = choices
            elif ctx is not None and len(choices) >= TARGET_LIMIT:  # cut short, ctx not clean: ask
                choices = tuple(self.target_choices(d.targets, ctx))  # again with it, as always
            for targets in choices:
                out.append(SPELL[c, targets, costs])
    # Few permanents have free actions: only the seat's permanents that have some are walked.
    for p in sources:
        if p.d.type == "unit" and p.paralysis:  # MUHQ-PARA-2
            continue
        pid = p.id
        for index, ability in p.d.free_actions:
            ctx = Ctx(pid, p.d, seat)
            for costs in self.cost_choices(tuple(ability["cost"]), seat, pid):
                for targets in self.target_choices(tuple(ability.get("targets", {}).items()), ctx):
                    out.append(A.FreeAction(pid, index, targets, costs))
    out.extend(pairs)  # MUHQ-CARD-7, 9: with 2 cards or more in hand
    return out


def free_action_sources(self: "MuhqState", seat: int) -> tuple[Perm, ...]:
    """The seat's permanents on the board that have free actions, in board order (kept with the board)."""
    by_seat: tuple[tuple[Perm, ...], ...] | None = self._memo.get("free_sources")
    if by_seat is None:
        by_seat = self.find_free_action_sources()
    return by_seat[seat]


def find_free_action_sources(self: "MuhqState") -> tuple[tuple[Perm, ...], ...]:
    """free_action_sources for every seat, and own_permanents for every seat with them: one walk of the
    board makes both (nearly every decision asks both after a change of the board)."""
    perms = self.perms
    own: list[list[Perm]] = [[] for _ in range(self.n)]
    found: list[list[Perm]] = [[] for _ in range(self.n)]
    for pid in self.board_order():
        p = perms[pid]
        seat = p.controller
        if seat != NEUTRAL:
            own[seat].append(p)
            if p.d.free_actions:
                found[seat].append(p)
    memo = self._memo
    memo["own"] = tuple(map(tuple, own))
    by_seat = memo["free_sources"] = tuple(map(tuple, found))
    return by_seat


def fast_list(self: "MuhqState", seat: int) -> list[Action] | tuple[Action, ...]:
    """The seat's fast actions (asked by auto-pass, then by the list). Besides the board they read only the
    seat's hand and resource and the taps and paralysis of its permanents with free actions: the list is
    kept with those values until the board changes, and used again while they are equal."""
    pl = self.players[seat]
    by_seat = self._memo.get("free_sources")
    sources = (by_seat or self.find_free_action_sources())[seat]  # free_action_sources(seat)
    if not sources:
        parts = self.hand_parts(seat)
        if not parts[2]:
            # No free action and no spell to play: only the universal free actions, which depend on the
            # hand alone (what fast_actions would list, as hand_parts keeps it across board changes).
            return parts[4]
    # (the hand is compared as it is, and kept as a copy: no tuple made for every question)
    taps = tuple([(p.tapped, p.paralysis) for p in sources]) if sources else ()
    memo = self._fast
    if memo is None:
        memo = self._fast = {}
    cached: tuple[list[int], int, tuple[tuple[bool, int], ...], list[Action]] | None = memo.get(seat)
    if cached is None or cached[0] != pl.hand or cached[1] != pl.resource or cached[2] != taps:
        cached = memo[seat] = (pl.hand[:], pl.resource, taps, self.fast_actions(seat, sources))
    return cached[3]


def has_fast_action(self: "MuhqState", seat: int) -> bool:
    hand = self.players[seat].hand
    if len(hand) >= 2:
        return True  # the universal free action (MUHQ-CARD-9)
    if not hand:
        by_seat = self._memo.get("free_sources")
        if not (by_seat or self.find_free_action_sources())[seat]:  # free_action_sources(seat)
            return False  # no spell to play and no free action: the list would be empty
    return bool(self.fast_list(seat))
