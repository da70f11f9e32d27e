"""Costs (spec 7.4): every way to pay a cost list, the check of chosen costs and paying them."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from .words import _, _n
from .board import destroy, discard_from_hand
from .effects import perm_matches
from .places import board_order, name_of
from .writes import spend

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Iterator

    from .state import MuhqState


def _combine(groups: list[list[int]], i: int, left: int, acc: tuple[int, ...], out: list[tuple[int, ...]]) -> None:
    """``card_combinations`` for any count: ``left`` more cards from groups ``i`` on, most of each kind first."""
    if left == 0:
        out.append(tuple(sorted(acc)))
        return
    if i == len(groups):
        return
    g = groups[i]
    for k in range(min(left, len(g)), -1, -1):
        _combine(groups, i + 1, left - k, acc + tuple(g[:k]), out)


def cost_choices(self: "MuhqState", costs: tuple[dict[str, Any], ...], player: int, source: int | None,
                 exclude: tuple[int, ...] = (), resource_extra: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to pay a cost list: the chosen hand cards (discard) and permanents (sacrifice), in order.
    Cards of the same definition are interchangeable, so one representative choice per multiset is given."""
    options: list[list[tuple[int, ...]]] = []
    hand = [c for c in self.players[player].hand if c not in exclude]
    for cost in costs:
        if "resource" in cost:
            if self.players[player].resource < cost["resource"] + resource_extra:
                return
            options.append([()])
        elif "tap" in cost:
            if source is None or source not in self.perms or self.perms[source].tapped:
                return
            options.append([()])
        elif "discard" in cost:
            n = cost["discard"]
            if len(hand) < n:
                return
            options.append(card_combinations(self, hand, n))
        elif "sacrifice" in cost:
            you = player
            choices: list[tuple[int, ...]] = [(pid,) for pid in board_order(self)
                       if self.perms[pid].controller == you and perm_matches(self, pid, cost["sacrifice"], you)
                       and pid != source]
            if not choices:
                return
            options.append(choices)
    for combo in product(*options):
        flat = tuple(x for part in combo for x in part)
        if len(set(flat)) == len(flat):
            yield flat


def card_combinations(self: "MuhqState", hand: list[int], n: int) -> list[tuple[int, ...]]:
    """Distinct multisets of n cards from a hand (identical cards are interchangeable), as sorted ids."""
    by_def: dict[str, list[int]] = {}
    for c in sorted(hand):
        by_def.setdefault(self.card_def[c].id, []).append(c)
    groups = sorted(by_def.values())
    out: list[tuple[int, ...]] = []
    if n == 2:
        # What the recursion below gives for two cards, in its order: two of one kind, then one of this kind
        # with one of each later kind (groups are ascending and ordered by their first card, so these
        # pairs come sorted).
        for i, g in enumerate(groups):
            first = g[0]
            if len(g) >= 2:
                out.append((first, g[1]))
            for h in groups[i + 1:]:
                out.append((first, h[0]))
        return out

    _combine(groups, 0, n, (), out)
    return out


def cost_problem(self: "MuhqState", costs: tuple[dict[str, Any], ...], chosen: tuple[int, ...], player: int,
                 source: int | None, exclude: tuple[int, ...] = (), resource_extra: int = 0
                 ) -> tuple[str, str] | None:
    need = sum(c.get("discard", 0) + (1 if "sacrifice" in c else 0) for c in costs)
    if len(chosen) != need:
        return "MUHQ-ACT-3", _n("the costs need {n} chosen card or permanent, not {given}",
                                "the costs need {n} chosen cards or permanents, not {given}", need,
                                given=len(chosen))
    if len(set(chosen)) != len(chosen):
        return "MUHQ-ACT-3", _("a card or permanent is chosen twice for the costs")
    k = 0
    pl = self.players[player]
    for cost in costs:
        if "resource" in cost and pl.resource < cost["resource"] + resource_extra:
            return "MUHQ-RES-3", _("this costs {cost} resource; you have {resource}",
                                   cost=cost["resource"] + resource_extra, resource=pl.resource)
        if "tap" in cost and (source is None or source not in self.perms or self.perms[source].tapped):
            return "MUHQ-TIMING-6", _("the cost 'tap' needs the permanent untapped")
        if "discard" in cost:
            for c in chosen[k:k + cost["discard"]]:
                if c not in pl.hand or c in exclude:
                    return "MUHQ-ACT-3", _("card #{card} is not in your hand to discard", card=c)
            k += cost["discard"]
        if "sacrifice" in cost:
            pid = chosen[k]
            k += 1
            if pid not in self.perms or self.perms[pid].controller != player:
                return "MUHQ-PERM-7", _("#{id} is not a permanent you control; only your own can be sacrificed",
                                        id=pid)
            if not perm_matches(self, pid, cost["sacrifice"], player) or pid == source:
                return "MUHQ-ACT-3", _("{name} does not match the sacrifice {filter}", name=name_of(self, pid),
                                       filter=cost["sacrifice"])
    return None


def pay_costs(self: "MuhqState", costs: tuple[dict[str, Any], ...], chosen: tuple[int, ...], player: int,
              source: int | None) -> None:
    k = 0
    for cost in costs:
        if "resource" in cost:
            spend(self, player, cost["resource"])
        elif "tap" in cost:
            self.perms[source].tapped = True  # type: ignore[index]  # (a tap cost has a source: cost_problem)
        elif "discard" in cost:
            for c in chosen[k:k + cost["discard"]]:
                discard_from_hand(self, player, c)
            k += cost["discard"]
        elif "sacrifice" in cost:
            destroy(self, chosen[k])  # MUHQ-PERM-7
            k += 1
