"""References and selectors (spec 6.1, 6.2): the cards, stack items and players an effect names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..acts_info import chosen_names
from ..actions import STACK_ID_BASE
from ..words import N_
from ..levels.abilities import immune
from ..levels.board import opponents
from ..levels.filters import matches, matches_item
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..state import Item, MitoszState


def refs(self: MitoszState, item: Item) -> dict[str, int]:
    card = item.card
    out = {"$self": card, "$user": item.user, "$revealed": item.revealed, "$peeked": item.peeked,
           "$host": self.cards[card].host if card >= 0 else -1, "$bearer": card, "$event": item.event}
    if item.m is not None:
        names = chosen_names(item.m)  # t1, t2 … in order
        if names and item.targets:
            out["$" + names[0]] = item.targets[0]
            for i, n in enumerate(names):
                if i < len(item.targets):
                    out["$" + n] = item.targets[i]
            if item.missed:  # MIT-4.2.3.b: a target whose reveal failed is not reached
                for key in [k for k, v in out.items() if k[1:] in names and v in item.missed]:
                    out[key] = -1
    return out


def _chosen(self: MitoszState, item: Item, name: str) -> list[int]:
    names = chosen_names(item.m)  # t1, t2 … in order
    if len(names) == 1:
        chosen = list(item.targets)
    else:
        index = names.index(name)
        chosen = [item.targets[index]] if index < len(item.targets) else []
    return [t for t in chosen if t not in item.missed] if item.missed else chosen


def resolve_target(self: MitoszState, target: Any, item: Item) -> list[int]:
    """Cards (or stack ids) a target expression names, re-checked at resolution (OP-29)."""
    known = refs(self, item)
    if isinstance(target, str):
        name = target[1:]
        if name.startswith("t") and name[1:].isdigit() and item.m is not None and name in item.m.targets:
            sel = item.m.targets[name]
            keys = _up.effect_keys(self, item.card, item.m, item.user)
            out = []
            for t in _chosen(self, item, name):
                if t >= STACK_ID_BASE:
                    it = _up.stack_item(self, t)
                    if it is not None and matches_item(self, it, sel.filter, item.player):
                        out.append(t)
                elif matches(self, self.cards[t], sel.filter, item.player, known,
                                  source_is_god=self.cards[item.card].d.card_type == "high_god") \
                        and not immune(self, self.cards[t], keys, item.player):
                    out.append(t)
                else:
                    self.note(N_("{card} is no longer a legal target: the effect skips it (OP-29)"), card=self.cards[t].d)
            return out
        ref = known.get(target, -1)
        return [ref] if ref >= 0 else []
    sel = target
    if sel.select in ("self", "user", "host", "revealed", "peeked", "event_subject"):
        ref = known.get("$" + sel.select.replace("_subject", ""), -1)
        return [ref] if ref >= 0 else []
    keys = _up.effect_keys(self, item.card, item.m, item.user)
    pool = [i.iid for i in self.cards if matches(self, i, sel.filter, item.player, known)
            and not immune(self, i, keys, item.player)]
    if sel.select == "random":
        count = sel.count if isinstance(sel.count, int) else 1
        out = []
        while pool and len(out) < count:
            out.append(pool.pop(self.rng.below(len(pool))))
        return out
    return pool


def static_players(self: MitoszState, ref: str, ctrl: int, src: int) -> list[int]:
    """The players a static's ``player`` names, for its source ``src`` controlled by ``ctrl``."""
    if ref == "self":
        return [ctrl]
    if ref == "enemy":
        return opponents(self, ctrl)[:1]
    if ref == "each_enemy":
        return opponents(self, ctrl)
    if ref == "each":
        return list(self.order)
    if ref == "active":
        return [self.active]
    kind, inner = ref.split("(")
    iid = {"$self": src, "$bearer": src, "$host": self.cards[src].host}.get(inner.rstrip(")"), -1)
    if iid < 0:
        return []
    return [self.cards[iid].controller if kind == "controller" else self.cards[iid].owner]


def players_of(self: MitoszState, ref: str, item: Item) -> list[int]:
    seat = item.player
    if ref == "self":
        return [seat]
    if ref == "enemy":
        return opponents(self, seat)[:1]
    if ref == "each_enemy":
        return opponents(self, seat)
    if ref == "each":
        return list(self.order)
    if ref == "active":
        return [self.active]
    kind, inner = ref.split("(")
    known = refs(self, item)
    iid = known.get(inner.rstrip(")"), -1)
    if iid < 0:
        return []
    return [self.cards[iid].controller if kind == "controller" else self.cards[iid].owner]
