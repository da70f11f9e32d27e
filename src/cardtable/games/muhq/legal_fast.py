"""The fast actions of a seat (spells, free actions, the universal free action) and the permanents with free
actions they come from; the hand's parts they are made from and the permanents a seat controls (both kept
while what they read is the same); the candidates of the closing phase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action

from . import actions as A
from .effects import Ctx
from .effects_targets import TARGET_LIMIT
from .legal_interned import PAIR, SPELL
from .objects import NEUTRAL
from .effects_costs import cost_choices
from .effects_targets import target_choices
from .places import board_order

if TYPE_CHECKING:  # pragma: no cover
    from .defs import Def
    from .objects import Perm
    from .state import MuhqState

    #: What hand_parts keeps for a seat: (the hand as it was, one representative per card definition, the spells
    #: with a play cost as (card, definition), the permanents with a play cost likewise, the universal free actions).
    HandParts = tuple[list[int], tuple[int, ...], tuple[tuple[int, Def], ...], tuple[tuple[int, Def], ...],
                      tuple[Action, ...]]


def fast_actions(self: "MuhqState", seat: int, sources: tuple[Perm, ...]) -> list[Action]:
    """The seat's fast actions; ``sources``: its free_action_sources."""
    out: list[Action] = []
    resource = self.players[seat].resource
    memo: dict[Any, Any] = self._memo  # (keyed by names and by tuples)
    _, _, spells, _, pairs = hand_parts(self, seat)
    for c, d in spells:  # spells with a play cost (MUHQ-ACT-9)
        if d.play > resource:  # type: ignore[operator]  # MUHQ-RES-3 (hand_parts: only cards with a play cost)
            continue
        # A spell's targets depend on the board alone (the card waits in hand, so "self" names nothing on
        # the board): kept per card and seat until the board changes.
        key = ("spell_targets", c, seat)
        choices: tuple[tuple[int, ...], ...] | None = memo.get(key)
        ctx: Ctx | None = None
        costs_list = (cost_choices(self, d.extra_cost, seat, None, exclude=(c,),
                                        resource_extra=d.play)  # type: ignore[arg-type]  # (hand_parts: a play cost)
                      if d.extra_cost else ((),))  # (no extra cost: one way to pay, nothing chosen)
        for costs in costs_list:
            if choices is None:
                ctx = Ctx(c, d, seat)
                choices = tuple(target_choices(self, d.targets, ctx))
                if len(choices) < TARGET_LIMIT:  # complete: ctx is clean again (see target_choices)
                    memo[key] = choices
            elif ctx is not None and len(choices) >= TARGET_LIMIT:  # cut short, ctx not clean: ask
                choices = tuple(target_choices(self, d.targets, ctx))  # again with it, as always
            for targets in choices:
                out.append(SPELL[c, targets, costs])
    # Few permanents have free actions: only the seat's permanents that have some are walked.
    for p in sources:
        if p.d.type == "unit" and p.paralysis:  # MUHQ-PARA-2
            continue
        pid = p.id
        for index, ability in p.d.free_actions:
            ctx = Ctx(pid, p.d, seat)
            for costs in cost_choices(self, tuple(ability["cost"]), seat, pid):
                for targets in target_choices(self, tuple(ability.get("targets", {}).items()), ctx):
                    out.append(A.FreeAction(pid, index, targets, costs))
    out.extend(pairs)  # MUHQ-CARD-7, 9: with 2 cards or more in hand
    return out


def free_action_sources(self: "MuhqState", seat: int) -> tuple[Perm, ...]:
    """The seat's permanents on the board that have free actions, in board order (kept with the board)."""
    by_seat: tuple[tuple[Perm, ...], ...] | None = self._memo.get("free_sources")
    if by_seat is None:
        by_seat = find_free_action_sources(self)
    return by_seat[seat]


def find_free_action_sources(self: "MuhqState") -> tuple[tuple[Perm, ...], ...]:
    """free_action_sources for every seat, and own_permanents for every seat with them: one walk of the
    board makes both (nearly every decision asks both after a change of the board)."""
    perms = self.perms
    own: list[list[Perm]] = [[] for _ in range(self.n)]
    found: list[list[Perm]] = [[] for _ in range(self.n)]
    for pid in board_order(self):
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
    sources = (by_seat or find_free_action_sources(self))[seat]  # free_action_sources(seat)
    if not sources:
        parts = hand_parts(self, seat)
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
        cached = memo[seat] = (pl.hand[:], pl.resource, taps, fast_actions(self, seat, sources))
    return cached[3]


def has_fast_action(self: "MuhqState", seat: int) -> bool:
    hand = self.players[seat].hand
    if len(hand) >= 2:
        return True  # the universal free action (MUHQ-CARD-9)
    if not hand:
        by_seat = self._memo.get("free_sources")
        if not (by_seat or find_free_action_sources(self))[seat]:  # free_action_sources(seat)
            return False  # no spell to play and no free action: the list would be empty
    return bool(fast_list(self, seat))


def own_permanents(self: "MuhqState", seat: int) -> tuple[Perm, ...]:
    """The permanents on the board the seat controls, in board order (kept with the board)."""
    by_seat: tuple[tuple[Perm, ...], ...] | None = self._memo.get("own")
    if by_seat is None:
        find_free_action_sources(self)  # (which makes these lists too, in the same walk of the board)
        by_seat = self._memo["own"]
    return by_seat[seat]


def hand_parts(self: "MuhqState", seat: int) -> HandParts:
    """(a copy of the seat's hand, one representative per card definition in it, those of them that are
    spells with a play cost as (card, definition), those that are permanents with a play cost likewise, the
    universal free actions (MUHQ-CARD-7, 9)). These depend on the hand alone (a card number's definition
    never changes), so they are kept per seat and used again while the hand is the same."""
    hand = self.players[seat].hand
    memo = self._hands
    if memo is None:
        memo = self._hands = {}
    hit: HandParts | None = memo.get(seat)
    if hit is None or hit[0] != hand:  # (compared with the list itself: no tuple made for every question)
        card_def = self.card_def
        # The cards by definition, each group ascending, the groups in the order of their first (lowest) card:
        # what representatives and card_combinations both start from, made once here.
        groups: dict[str, list[int]] = {}
        for c in sorted(hand):
            i = card_def[c].id
            group = groups.get(i)
            if group is None:
                groups[i] = [c]
            else:
                group.append(c)
        groups_in_order = list(groups.values())
        reps = tuple([g[0] for g in groups_in_order])  # representatives(self, hand)
        spells: list[tuple[int, Def]] = []
        permanents: list[tuple[int, Def]] = []
        for c in reps:
            d = card_def[c]
            if d.play is not None:
                if d.type == "spell":
                    spells.append((c, d))
                elif d.is_permanent:
                    permanents.append((c, d))
        # The universal free actions: card_combinations(hand, 2) in its order (two of one kind, then one of
        # this kind with one of each later kind).
        pairs: list[Action] = []
        if len(hand) >= 2:
            for k, g in enumerate(groups_in_order):
                first = g[0]
                if len(g) >= 2:
                    pairs.append(PAIR[first, g[1]])
                for h in groups_in_order[k + 1:]:
                    pairs.append(PAIR[first, h[0]])
        hit = memo[seat] = (hand[:], reps, tuple(spells), tuple(permanents), tuple(pairs))
    return hit


def closing_candidates(self: "MuhqState") -> list[int]:
    return [p.id for p in own_permanents(self, self.active) if not p.tapped]
