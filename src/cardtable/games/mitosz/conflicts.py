"""Conflicts between effects (MIT-5.9, OP-33): an act against a prohibition ("destroy X" against "X cannot
be destroyed").

Only such permission-against-prohibition conflicts arise in this engine (additive modifiers never conflict,
immunity is not a conflict). The lower source rank wins; at equal rank a magical source beats a
non-magical one; still tied, each side's controller reveals the top card of their own deck (it goes to
the bottom) and the higher number wins, again on a tie, an empty deck counting −1. When both sides have one
controller, that player chooses — the act they are resolving is their choice, so the act goes ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .words import N_
from .levels.abilities import immune
from .levels.board import is_magical
from .levels.card_types import card_type
from .levels.statics import _effects_on, statics_by
from . import upcalls as _up

if TYPE_CHECKING:
    from .core import Inst, Item
    from .state import MitoszState

#: OP-33: the rank of a source by card type (a maneuver ranks as its user; a fate's maneuver as a fate)
RANK = {"high_god": 1, "fate": 2, "leader": 3, "intrigue": 4, "nation": 5, "location": 6, "supply": 7, "item": 8}
WORST = 9


def act_rank(self: MitoszState, item: Item) -> tuple[int, bool]:
    """The rank and magic of the act ``item`` resolves: a fate 2, a maneuver its user's."""
    card = self.cards[item.card] if item.card >= 0 else None
    if item.kind == "fate":
        return RANK["fate"], bool(card and is_magical(self, card))
    user = self.cards[item.user] if item.user >= 0 else card
    if user is None:
        return WORST, False
    return RANK.get(card_type(self, user), WORST), is_magical(self, user) or bool(card and is_magical(self, card))
    # (MIT-5.16: the type it has now; MIT-8.rune: the magic it carries)


def prohibitions(self: MitoszState, inst: Inst, what: str) -> list[tuple[int, bool, int]]:
    """(rank, magical, controller) of every source that forbids ``what`` to ``inst`` now."""
    out = []
    for src, ctrl, _prim, params, keys, bearer in statics_by(self, "restrict"):
        if params.what != what:
            continue
        target = params.target
        if isinstance(target, str):
            hit = {"$host": self.cards[src].host, "$self": src, "$bearer": bearer}.get(target, -1) == inst.iid
        else:
            hit = _up.matches(self, inst, target.filter, ctrl, {"$self": src})
        if hit and not immune(self, inst, keys, ctrl):
            out.append((RANK.get(card_type(self, self.cards[src]), WORST), is_magical(self, self.cards[src]), ctrl))
    for e in _effects_on(self, "restrict", inst) if self.effects else ():
        if e.value == what:
            source = self.cards[e.source] if e.source >= 0 else None
            out.append((RANK.get(source.d.card_type, WORST) if source else WORST,
                        bool(source and is_magical(self, source)), e.controller))
    return out


def prohibition_holds(self: MitoszState, inst: Inst, what: str, item: Item | None) -> bool:
    """Does a prohibition stop the act ``item`` from doing ``what`` to ``inst`` (MIT-5.9, OP-33)?"""
    found = prohibitions(self, inst, what)
    if not found:
        return False
    if item is None:
        return True  # a rule of the game, not an effect: nothing to weigh
    rank, magical = act_rank(self, item)
    return any(_prohibition_wins(self, r, m, ctrl, rank, magical, item.player) for r, m, ctrl in found)


def _prohibition_wins(self: MitoszState, rank: int, magical: bool, ctrl: int, act_rank: int, act_magical: bool,
                      actor: int) -> bool:
    if rank != act_rank:
        return rank < act_rank
    if magical != act_magical:
        return magical
    if ctrl == actor:
        return False
    return reveal_off(self, ctrl, actor) == ctrl


def reveal_off(self: MitoszState, a: int, b: int) -> int:
    """OP-33: both players reveal their top card (to the bottom afterwards) until the numbers differ."""
    for _ in range(60):
        shown = []
        for seat in (a, b):
            deck = self.players[seat].deck
            if not deck:
                shown.append(-1)
                continue
            top = deck.pop()
            deck.insert(0, top)
            shown.append(self.cards[top].d.number)
            self.note(N_("P{seat} reveals {card} (number {number}) to settle a conflict (MIT-5.9)"), seat=seat,
                      card=self.cards[top].d, number=self.cards[top].d.number)
        if shown[0] != shown[1]:
            return a if shown[0] > shown[1] else b
    return a  # two empty decks: the prohibition stands
