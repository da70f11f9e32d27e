"""Targets of a maneuver: the options chosen at announcement (OP-29), the candidates a selector allows, and
what the effect is for immunity (MIT-5.12, OP-34)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import acts_info as _acts_info
from .actions import STACK_ID_BASE
from .acts_info import minfo
from .cards import primitives_of
from .fights.keywords import keyword_targets
from .fights.members import fight_cards, in_rounds
from .levels.abilities import immune
from .levels import board as _board
from .levels.board import board_insts, decision_cache
from .levels.card_types import card_type, retyping, subtypes
from .levels.filters import matches, matches_item

#: the maneuvers' infos, bound by assignment (an imported name's ``_INFO.get(…)`` would not compile to a
#: method call)
_INFO = _acts_info._INFO

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .schema.expressions import Selector
    from .schema.maneuvers import Maneuver
    from .state import Inst, MitoszState


def target_options(self: MitoszState, seat: int, m: Maneuver, card: int, user: int) -> list[tuple[int, ...]]:
    info = _INFO.get(id(m)) or minfo(m)
    names = info.names
    if not names:
        if info.keyword:  # MIT-7.2.5: a volley or a poison hits one creature, chosen now (OP-29)
            return [(t,) for t in keyword_targets(self, seat, m, card, user) or ()]
        return [()]
    # kept as the candidates are (``target_candidates``: their keys, the same places)
    fight = self.fight
    cache = _board.cache(self) if info.steady else decision_cache(self)
    key = ("to", seat, id(m), card, user, self.piles,
           (fight.members_version, fight.stage == "rounds") if fight is not None else None)
    hit: list[tuple[int, ...]] | None = cache.get(key)
    if hit is None:
        hit = cache[key] = _target_options(self, seat, m, card, user, names)
    return hit


def _target_options(self: MitoszState, seat: int, m: Maneuver, card: int, user: int,
                    names: tuple[str, ...]) -> list[tuple[int, ...]]:
    keys = effect_keys(self, card, m, user)
    targets = m.targets
    if len(names) == 1:
        sel = targets[names[0]]
        if not sel.count or sel.count == 1:  # the common case: one target, chosen among the candidates
            return [(c,) for c in target_candidates(self, seat, sel, keys, card, user)]
    per_name = []
    sizes: Sequence[int]
    for n in names:
        sel = targets[n]
        cands = target_candidates(self, seat, sel, keys, card, user)
        count = sel.count or 1
        if isinstance(count, str):
            k = int(count.split()[1])
            sizes = range(1, min(k, len(cands)) + 1)
        else:
            sizes = [count] if len(cands) >= count else []
        options = [c for size in sizes for c in combinations(cands, size)]
        if not options:
            return []
        per_name.append(options)
    out: list[tuple[int, ...]] = [()]
    for options in per_name:
        out = [prev + opt for prev in out for opt in options]
    return out


def target_candidates(self: MitoszState, seat: int, sel: Selector, keys: frozenset[str], card: int,
                      user: int) -> list[int]:
    f = sel.filter
    # on the board or in the public piles, a filter that reads neither rotation nor levels holds until a
    # card moves (every move there drops the cache)
    steady = f is not None and f.zone in (None, "board", "afterworld", "oblivion") and f.rotated is None \
        and f.level is None
    cache = _board.cache(self) if steady else decision_cache(self)
    fight = self.fight
    key = ("tc", seat, id(sel), keys, card, user, self.piles,
           (fight.members_version, fight.stage == "rounds") if fight is not None else None)
    hit: list[int] | None = cache.get(key)
    if hit is None:
        hit = cache[key] = _target_candidates(self, seat, sel, keys, card, user)
    return hit


def _target_candidates(self: MitoszState, seat: int, sel: Selector, keys: frozenset[str], card: int,
                       user: int) -> list[int]:
    f = sel.filter
    if f is not None and f.zone == "stack":
        return [STACK_ID_BASE + it.sid for it in self.stack if matches_item(self, it, f, seat)]
    source_is_god = card >= 0 and self.cards[card].d.card_type == "high_god"
    refs = {"$self": card, "$user": user}
    out = []
    zone = (f.zone if f is not None else None) or "board"
    if zone == "board":
        pool = board_insts(self)
    elif zone in ("hand", "deck"):  # spec 8.3: another player's hidden cards are never offered
        pool = [self.cards[i] for i in getattr(self.players[seat], zone)]
    elif zone in ("afterworld", "oblivion"):  # (a zone other than the board: the filter named it)
        whose = [self.players[seat]] if f.owner == "self" else self.players  # type: ignore[union-attr]
        pool = [self.cards[i] for p in whose for i in getattr(p, zone)]
    else:
        pool = self.cards
    if zone == "board" and in_rounds(self) and self.opts["fight_effect_scope"] == "strict":
        scope = fight_cards(self)  # OP-44: a fight's effects reach only the fight
        pool = [i for i in pool if i.iid in scope]
    # the filter's side first, read here as ``matches`` reads it (most filters name one): a card of the other
    # side is no candidate
    side = f.controller if f is not None and f.controller and f.controller != "any" else None
    mine = side == "self"
    for inst in pool:
        if inst.zone != zone:
            continue
        if side is not None and ((inst.controller if zone == "board" else inst.owner) == seat) != mine:
            continue
        if matches(self, inst, f, seat, refs, source_is_god=source_is_god) and not immune(self, inst, keys, seat):
            if "steal" in keys and not stealable(self, inst):
                continue
            out.append(inst.iid)
    return out


def stealable(self: MitoszState, inst: Inst) -> bool:
    """MIT-5.2.c, OP-30; army leaders in a fight and monsters fighting as supplies (MIT-8.monster.4) neither."""
    if self.fight is not None and (inst.iid in self.fight.leaders or inst.iid in self.fight.supplies):
        return False
    if inst.d.card_type in ("item", "location"):
        return True  # MIT-5.2.d: re-attached by the thief, for good
    return inst.d.card_type not in ("free_maneuver", "fate", "high_god") and inst.host < 0


def effect_keys(self: MitoszState, card: int, m: Maneuver | None, user: int) -> frozenset[str]:
    """What the maneuver's effect is, for immunity (MIT-5.12, OP-34): its card's types, its subtypes,
    its user's types (MIT-4.4), its primitives."""
    if card >= 0 and not retyping(self) and not _fights_as_supply(self, card) \
            and not _fights_as_supply(self, user):
        # then only definitions decide (no effect changes a type or subtypes): kept on the card's definition
        known = self.cards[card].d.effect_keys
        key: tuple[Any, ...] = (id(m), self.cards[user].d if user >= 0 else None)
        hit: frozenset[str] | None = known.get(key)
        if hit is None:
            hit = known[key] = _effect_keys(self, card, m, user)
        return hit
    cache = _board.cache(self)
    key = ("keys", card, id(m), user)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = _effect_keys(self, card, m, user)
    return hit


def _effect_keys(self: MitoszState, card: int, m: Maneuver | None, user: int) -> frozenset[str]:
    keys = set(m.subtypes) if m is not None else set()
    if card >= 0:
        d = self.cards[card].d
        keys.add(card_type(self, self.cards[card]))  # MIT-5.16: the type it has now
        keys.update(d.subtypes)
    if user >= 0:
        keys.update(subtypes(self, self.cards[user]))
        keys.add(card_type(self, self.cards[user]))
    if m is not None:
        keys.update(primitives_of(m))
    return frozenset(keys)


def _fights_as_supply(self: MitoszState, iid: int) -> bool:
    """A leader card fighting as a supply (a monster, a mount): its card type is not its printed one."""
    f = self.fight
    return f is not None and iid >= 0 and iid in f.supplies and self.cards[iid].d.card_type == "leader"
