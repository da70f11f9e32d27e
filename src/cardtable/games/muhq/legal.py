"""The legal-action lists (spec section 8), one builder per kind of decision.

Identical cards are interchangeable, so a list names one representative per card definition (the lowest
instance number); ``apply`` accepts any copy, and any legal path for a move, not only the listed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from cardtable.engine import Action

from . import actions as A
from .legal_fast import closing_candidates, fast_list, hand_parts, own_permanents
from .legal_unit import unit_list
from .effects import Ctx
from .effects_targets import TARGET_LIMIT
from .legal_interned import ACTIVATE, BUY, DRAFT, PLAY_PERMANENT
from .legal_interned import (ATTACK, CARRY, MOVE, SPELL, Interned, _MOVE_LISTS,  # noqa: F401 (kept importable here)
                             move_actions)
from .turn import (BUY_MODE, CLOSING_MODE, DISCARD_MODE, DRAFT_MODE, DROP, OPEN, OVER, PLACE_TOKEN, PRIORITY, TRIGGER,
                   UPKEEP_MODE)
from .board import drop_fields
from .effects_targets import target_choices
from .places import spawn_fields
from .tokens import token_fields

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .objects import Trigger
    from .state import MuhqState


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
        self._legal = build_legal(self)
    return self._legal


def build_legal(self: "MuhqState") -> list[Action]:
    mode = self.mode
    seat = self.current_player
    out: list[Action] = []
    if mode is OVER:
        return out
    if mode is PRIORITY:
        out.append(A.PASS)
        out.extend(fast_list(self, seat))
    elif mode is OPEN:
        if self.activation is None:
            plays = permanent_plays(self, seat)
            out.extend(plays)
            out.extend([ACTIVATE[p.id] for p in own_permanents(self, seat) if not p.tapped])
            fast = fast_list(self, seat)
            if not (self.opts["play_out_hand"] and (plays or spell_playable(fast))):
                out.append(A.END_ACTION_PHASE)
            out.extend(fast)
        else:
            out.extend(unit_list(self, self.activation))
            out.append(A.END_ACTIVATION)
            out.extend(fast_list(self, seat))
    elif mode is DRAFT_MODE:
        for c in representatives(self, self.packs[seat]):
            out.append(DRAFT[c])
    elif mode is DROP:
        drop = self.drops[0]
        for m in drop.members:
            for cell in drop_fields(self, drop, m):
                out.append(A.DropPlace(m, self.grid.xy(cell)))
    elif mode is PLACE_TOKEN:
        for cell in token_fields(self):
            out.append(A.PlaceToken(self.grid.xy(cell)))
    elif mode is TRIGGER:
        for i, t in enumerate(self.triggers):
            if t.controller == seat:
                for targets in trigger_target_choices(self, t):
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
        for pid in closing_candidates(self):
            out.append(ACTIVATE[pid])
    elif mode is BUY_MODE:
        resource = self.players[seat].resource
        for c, buy in store_parts(self, seat):  # MUHQ-BUY-1, 2
            if buy <= resource:
                out.append(BUY[c])
        out.append(A.SKIP_BUY)
    elif mode is DISCARD_MODE:
        out.append(A.EndDiscard(()))
        for c in hand_parts(self, seat)[1]:
            out.append(A.EndDiscard((c,)))
    return out


def store_parts(self: "MuhqState", seat: int) -> tuple[tuple[int, int], ...]:
    """(card, buy cost) for one card per definition in the seat's store that has a buy cost, in card order;
    kept per seat while the store is the same (like legal_fast.hand_parts)."""
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
    for c, d in hand_parts(self, seat)[3]:  # permanents with a play cost (MUHQ-ACT-9)
        if d.play > resource:  # type: ignore[operator]  # MUHQ-RES-3 (legal_fast.hand_parts: only cards with a play cost)
            continue
        if d.type == "equipment" and "next_unit" in d.modes:
            out.append(PLAY_PERMANENT[c, None, "next_unit"])
        if d.type == "equipment" and "alone" not in d.modes:
            continue
        for cell in spawn_fields(self, seat, d.swimming):
            out.append(PLAY_PERMANENT[c, xy(cell), "alone"])
    return out


# -- triggers, tokens ------------------------------------------------------------------------------
def trigger_target_choices(self: "MuhqState", t: Trigger, limit: int = TARGET_LIMIT) -> Iterator[tuple[int, ...]]:
    ability = self.card_def[t.source].ability(t.ability)
    src = self.perms.get(t.source)
    ctx = Ctx(t.source if src is not None else None, self.card_def[t.source], t.controller, refs=dict(t.refs))
    yield from target_choices(self, tuple(ability.get("targets", {}).items()), ctx, limit)


def spell_playable(fast: Sequence[Action]) -> bool:
    """MUHQ-APHASE-1 (d), play_out_hand: the rulebook's action phase runs "Solange kontrollierte ungetappte
    Karte auf dem Spielfeld oder spielbare Karte in der Hand": a spell of the hand that can be played now
    keeps it going, as a permanent that can be played does."""
    for a in fast:
        if a.type == "play_spell":
            return True
    return False
