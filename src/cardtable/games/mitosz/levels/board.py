"""Where the cards are: the caches of facts, the cards on the board and what is attached to them, runes,
seats, high gods and the leader and intrigue limits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from .. import upcalls as _up

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..core import Inst
    from ..state import MitoszState


# -- where cards are ---------------------------------------------------------------------------
def cache(self: MitoszState) -> dict[Any, Any]:
    """Facts derived from where the cards are; dropped (``statics_changed()``, ``layout_changed()``) whenever a
    card moves, is attached or an effect starts or ends."""
    c = self.statics_cache
    if c is None:
        c = self.statics_cache = {}
    return c


def layout_facts(self: MitoszState) -> dict[Any, Any]:
    """Facts that follow from the board's layout alone — which cards are on it, their controllers and hosts,
    whether they are dormant, the grids — and from card definitions: dropped (``layout_changed()``) only when one
    of those changes, not when an effect starts or ends or a token is added."""
    c = self.layout
    if c is None:
        c = self.layout = {}
    return c


def decision_cache(self: MitoszState) -> dict[Any, Any]:
    """Facts that hold until anything happens (a rotation, a payment, the stack): dropped by ``touch``."""
    c = self.dcache
    if c is None:
        c = self.dcache = {}
    return c


def board_insts(self: MitoszState) -> list[Inst]:
    """The cards on the board, in instance order. Entering and leaving the board replace the list (a caller
    may be walking the old one), so it is never scanned again from all the cards."""
    board = self.board
    if board is None:
        board = self.board = [i for i in self.cards if i.zone == "board"]
    return board


def attached(self: MitoszState, iid: int) -> Sequence[Inst]:
    c = self.layout
    if c is None:
        c = self.layout = {}
    index: dict[int, list[Inst]] | None = c.get("att")
    if index is None:
        index = c["att"] = {}
        for i in board_insts(self):
            if i.host >= 0:
                index.setdefault(i.host, []).append(i)
    return index.get(iid, ())


def attachments(self: MitoszState, iid: int) -> list[int]:
    return [i.iid for i in attached(self, iid)]


def is_magical(self: MitoszState, inst: Inst) -> bool:
    """Is the card magical: printed so, or carrying a magical rune (MIT-8.rune, OP-60)?"""
    return inst.d.magical or (inst.zone == "board" and _rune_marks(self).get(inst.iid, 0) & 1 == 1)


def is_cursed(self: MitoszState, inst: Inst) -> bool:
    """Is the card cursed: printed so, or carrying a cursed rune (MIT-8.rune, OP-60)?"""
    return inst.d.cursed or (inst.zone == "board" and _rune_marks(self).get(inst.iid, 0) & 2 == 2)


def rune_host(self: MitoszState, inst: Inst) -> int:
    """The card an attached rune (a free maneuver a scribe attached, MIT-8.rune) is attached to, else -1."""
    d = inst.d
    if inst.host < 0 or inst.zone != "board" or d.card_type != "free_maneuver" or "rune" not in d.subtypes:
        return -1
    return inst.host


def _rune_marks(self: MitoszState) -> dict[int, int]:
    """{host: 1 magical | 2 cursed} of the cards that carry a magical or cursed rune (kept with the layout)."""
    c = layout_facts(self)
    marks: dict[int, int] | None = c.get("runes")
    if marks is None:
        marks = c["runes"] = {}
        for i in board_insts(self):
            d = i.d
            if (d.magical or d.cursed) and rune_host(self, i) >= 0:
                marks[i.host] = marks.get(i.host, 0) | (1 if d.magical else 0) | (2 if d.cursed else 0)
    return marks


def opponents(self: MitoszState, seat: int) -> list[int]:
    return [s for s in self.order if s != seat]


def next_seat(self: MitoszState, seat: int) -> int:
    order = self.order
    return order[(order.index(seat) + 1) % len(order)]


def god_name(self: MitoszState, seat: int) -> str:
    return self.cards[self.players[seat].god].d.name


def god_myth(self: MitoszState, seat: int) -> str:
    return self.cards[self.players[seat].god].d.mythology


def is_god_leader(self: MitoszState, inst: Inst) -> bool:
    """MIT-3.4.3.a: the leader is its controller's own high god (and a leader on the board: not dormant,
    MIT-5.15; not of another card type now, MIT-5.16)."""
    return inst.d.card_type == "leader" and inst.zone == "board" and inst.d.name == god_name(self, inst.controller) \
        and inst.owner == inst.controller and inst.dormant is None and _up.card_type(self, inst) == "leader"


def leader_limit(self: MitoszState, seat: int) -> int:
    # MIT-3.4.2.b (an option is Any to mypy: ``opts`` holds the options' values)
    return len(self.players[seat].grid) + self.opts["leader_limit_bonus"]  # type: ignore[no-any-return]


def row_leaders(self: MitoszState, seat: int) -> list[int]:
    """The leaders of a leader row that are leaders now: a card that got another card type (MIT-5.16)
    stands in the row but is no leader until the change ends."""
    leaders = self.players[seat].leaders
    if not self.effects or "set_card_type" not in self.prims or not _up.retyped(self):
        return leaders
    return [i for i in leaders if _up.card_type(self, self.cards[i]) == "leader"]


def intrigue_limit(self: MitoszState) -> int:
    return self.n + self.opts["intrigue_limit_bonus"]  # type: ignore[no-any-return]  # MIT-3.6.b (as above)
