"""The legal-action lists (spec section 8), one builder per kind of decision.

Identical cards are interchangeable, so a list names one representative per card definition (the lowest
instance number); ``apply`` accepts any copy, and any legal path for a move, not only the listed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from cardtable.engine import Action

from . import actions as A
from . import legal_fast as _fast
from . import legal_unit as _unit
from .effects import TARGET_LIMIT, Ctx
from .legal_interned import ACTIVATE, BUY, DRAFT, PAIR, PLAY_PERMANENT
from .legal_interned import (ATTACK, CARRY, MOVE, SPELL, Interned, _MOVE_LISTS,  # noqa: F401 (kept importable here)
                             move_actions)
from .turn import (BUY_MODE, CLOSING_MODE, DISCARD_MODE, DRAFT_MODE, DROP, OPEN, OVER, PLACE_TOKEN, PRIORITY, TRIGGER,
                   UPKEEP_MODE)

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .defs import Def
    from .objects import Perm, Trigger
    from .state import MuhqState

    #: What hand_parts keeps for a seat: (the hand as it was, one representative per card definition, the spells
    #: with a play cost as (card, definition), the permanents with a play cost likewise, the universal free actions).
    HandParts = tuple[list[int], tuple[int, ...], tuple[tuple[int, Def], ...], tuple[tuple[int, Def], ...],
                      tuple[Action, ...]]


def representatives(s: "MuhqState", cards: list[int]) -> list[int]:
    seen: dict[str, int] = {}
    card_def = s.card_def
    for c in sorted(cards):
        i = card_def[c].id
        if i not in seen:
            seen[i] = c
    return list(seen.values())  # ascending: each first seen in ascending order


def legal_actions(self: "MuhqState") -> list[Action]:
    if self._legal is None:
        self._legal = self.build_legal()
    return self._legal


def build_legal(self: "MuhqState") -> list[Action]:
    mode = self.mode
    seat = self.current_player
    out: list[Action] = []
    if mode is OVER:
        return out
    if mode is PRIORITY:
        out.append(A.PASS)
        out.extend(self.fast_list(seat))
    elif mode is OPEN:
        if self.activation is None:
            plays = self.permanent_plays(seat)
            out.extend(plays)
            out.extend([ACTIVATE[p.id] for p in self.own_permanents(seat) if not p.tapped])
            fast = self.fast_list(seat)
            if not (self.opts["play_out_hand"] and (plays or self.spell_playable(fast))):
                out.append(A.END_ACTION_PHASE)
            out.extend(fast)
        else:
            out.extend(self.unit_list(self.activation))
            out.append(A.END_ACTIVATION)
            out.extend(self.fast_list(seat))
    elif mode is DRAFT_MODE:
        for c in representatives(self, self.packs[seat]):
            out.append(DRAFT[c])
    elif mode is DROP:
        drop = self.drops[0]
        for m in drop.members:
            for cell in self.drop_fields(drop, m):
                out.append(A.DropPlace(m, self.grid.xy(cell)))
    elif mode is PLACE_TOKEN:
        for cell in self.token_fields():
            out.append(A.PlaceToken(self.grid.xy(cell)))
    elif mode is TRIGGER:
        for i, t in enumerate(self.triggers):
            if t.controller == seat:
                for targets in self.trigger_target_choices(t):
                    out.append(A.DeclareTrigger(i, targets))
    elif mode is UPKEEP_MODE:
        res = self.players[seat].resource
        for pid in self.upkeep_todo:
            p = self.perms.get(pid)
            if p is None or p.d.upkeep == 0:
                continue
            if res >= p.d.upkeep:
                out.append(A.PayUpkeep(pid))
            out.append(A.DeclineUpkeep(pid))
    elif mode is CLOSING_MODE:
        for pid in self.closing_candidates():
            out.append(ACTIVATE[pid])
    elif mode is BUY_MODE:
        resource = self.players[seat].resource
        for c, buy in self.store_parts(seat):  # MUHQ-BUY-1, 2
            if buy <= resource:
                out.append(BUY[c])
        out.append(A.SKIP_BUY)
    elif mode is DISCARD_MODE:
        out.append(A.EndDiscard(()))
        for c in self.hand_parts(seat)[1]:
            out.append(A.EndDiscard((c,)))
    return out


def own_permanents(self: "MuhqState", seat: int) -> tuple[Perm, ...]:
    """The permanents on the board the seat controls, in board order (kept with the board)."""
    by_seat: tuple[tuple[Perm, ...], ...] | None = self._memo.get("own")
    if by_seat is None:
        self.find_free_action_sources()  # (which makes these lists too, in the same walk of the board)
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


def store_parts(self: "MuhqState", seat: int) -> tuple[tuple[int, int], ...]:
    """(card, buy cost) for one card per definition in the seat's store that has a buy cost, in card order;
    kept per seat while the store is the same (like hand_parts)."""
    store = self.players[seat].store
    key = ("store", seat)
    memo: Any = self._hands  # (keyed by seats and by ("store", seat); the state types the keys as seats)
    if memo is None:
        memo = self._hands = {}
    hit: tuple[list[int], tuple[tuple[int, int], ...]] | None = memo.get(key)
    if hit is None or hit[0] != store:
        card_def = self.card_def
        costs: list[tuple[int, int]] = []
        for c in representatives(self, store):
            if card_def[c].buy is not None:
                costs.append((c, card_def[c].buy))  # type: ignore[arg-type]  # (not None: checked above)
        hit = memo[key] = (store[:], tuple(costs))
    return hit[1]


# -- slow actions (MUHQ-TIMING-2, 3) ----------------------------------------------------------------
def permanent_plays(self: "MuhqState", seat: int) -> list[Action]:
    out: list[Action] = []
    resource = self.players[seat].resource
    xy = self.grid.xy
    for c, d in self.hand_parts(seat)[3]:  # permanents with a play cost (MUHQ-ACT-9)
        if d.play > resource:  # type: ignore[operator]  # MUHQ-RES-3 (hand_parts: only cards with a play cost)
            continue
        if d.type == "equipment" and "next_unit" in d.modes:
            out.append(PLAY_PERMANENT[c, None, "next_unit"])
        if d.type == "equipment" and "alone" not in d.modes:
            continue
        for cell in self.spawn_fields(seat, d.swimming):
            out.append(PLAY_PERMANENT[c, xy(cell), "alone"])
    return out


def spawn_fields(self: "MuhqState", seat: int, swimming: bool) -> list[int]:
    """MUHQ-BOARD-8 (OP-21): the player's available spawn fields for this permanent."""
    fits, occ = self.grid.fits_table(swimming), self.occ  # available() for each (spawn fields are on the board)
    out = []  # (a loop: a comprehension would make a closure over fits and occ at every call)
    for c in self.grid.spawn_cells(seat):
        if fits[c] and c not in occ:
            out.append(c)
    return out


# -- triggers, tokens ------------------------------------------------------------------------------
def trigger_target_choices(self: "MuhqState", t: Trigger, limit: int = TARGET_LIMIT) -> Iterator[tuple[int, ...]]:
    ability = self.card_def[t.source].ability(t.ability)
    src = self.perms.get(t.source)
    ctx = Ctx(t.source if src is not None else None, self.card_def[t.source], t.controller, refs=dict(t.refs))
    yield from self.target_choices(tuple(ability.get("targets", {}).items()), ctx, limit)


class LegalMixin:
    legal_actions = legal_actions
    build_legal = build_legal

    @staticmethod
    def spell_playable(fast: Sequence[Action]) -> bool:
        """MUHQ-APHASE-1 (d), play_out_hand: the rulebook's action phase runs "Solange kontrollierte ungetappte
        Karte auf dem Spielfeld oder spielbare Karte in der Hand": a spell of the hand that can be played now
        keeps it going, as a permanent that can be played does."""
        for a in fast:
            if a.type == "play_spell":
                return True
        return False

    own_permanents = own_permanents
    hand_parts = hand_parts
    store_parts = store_parts

    # -- fast actions (MUHQ-TIMING-4) -------------------------------------------------------------------
    fast_actions = _fast.fast_actions
    free_action_sources = _fast.free_action_sources
    find_free_action_sources = _fast.find_free_action_sources
    fast_list = _fast.fast_list
    has_fast_action = _fast.has_fast_action

    # -- slow actions (MUHQ-TIMING-2, 3) ----------------------------------------------------------------
    permanent_plays = permanent_plays
    spawn_fields = spawn_fields

    # -- unit actions: legal_unit ----------------------------------------------------------------------
    unit_actions = _unit.unit_actions
    unit_list = _unit.unit_list
    unit_action_listed = _unit.unit_action_listed
    move_paths = _unit.move_paths
    equippable = _unit.equippable
    movable_artifact = _unit.movable_artifact
    swappable = _unit.swappable
    carriable = _unit.carriable
    carry_options = _unit.carry_options

    # -- triggers, tokens ------------------------------------------------------------------------------
    trigger_target_choices = trigger_target_choices
