"""The mutable pieces of a muhq state: permanents, players, stack entries, pending triggers and drops.

Permanents and players are small slotted objects copied field by field on clone; stack entries and pending
triggers are immutable and shared between clones.
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import dataclass, field
from operator import attrgetter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .defs import Def

NEUTRAL = -1  # the controller (and owner) of neutral board objects (MUHQ-GEN-6)
MARKERS = ("paralysis", "poison", "panic", "rage", "protection")  # MUHQ-COND-1
_marker_values = attrgetter(*MARKERS)  # all five in one call: a view asks of every permanent


class Perm:
    """A permanent on the board (MUHQ-PERM): on a field (``cell``) or in the pile of ``base``."""

    __slots__ = ("id", "d", "owner", "controller", "cell", "base", "pile", "tapped", "damage", "paralysis",
                 "poison", "panic", "rage", "protection", "worn", "move_used", "attack_used", "eot")

    def __init__(self, pid: int, d: Def, owner: int, controller: int, cell: int | None) -> None:
        self.id = pid
        self.d = d  # its Def
        self.owner = owner
        self.controller = controller
        self.cell = cell
        self.base: int | None = None
        self.pile: list[int] = []  # crew units and equipment, in the order they joined (MUHQ-PILE-1)
        self.tapped = False  # MUHQ-APHASE-7: permanents enter untapped
        self.damage = 0
        self.paralysis = self.poison = self.panic = self.rage = self.protection = 0
        self.worn = 0  # durability-loss markers (MUHQ-EQUIP-2)
        self.move_used = self.attack_used = False  # MUHQ-UNIT-4
        self.eot: tuple[dict[str, Any], ...] = ()  # modify_until_eot modifiers (spec 7.6)

    def copy(self) -> "Perm":
        c = Perm.__new__(Perm)
        c.id, c.d, c.owner, c.controller, c.cell, c.base = self.id, self.d, self.owner, self.controller, self.cell, self.base
        c.pile = self.pile[:]
        c.tapped, c.damage, c.worn = self.tapped, self.damage, self.worn
        c.paralysis, c.poison, c.panic, c.rage, c.protection = (self.paralysis, self.poison, self.panic, self.rage,
                                                                self.protection)
        c.move_used, c.attack_used, c.eot = self.move_used, self.attack_used, self.eot
        return c

    @property
    def is_unit(self) -> bool:
        return self.d.type == "unit"

    def markers(self) -> dict[str, int]:
        return {m: v for m, v in zip(MARKERS, _marker_values(self)) if v}

    def to_json(self, xy: Callable[[int], tuple[int, int]]) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "card": self.d.id, "name": self.d.shown_name, "type": self.d.type,
                               "owner": self.owner, "controller": self.controller,
                               "field": list(xy(self.cell)) if self.cell is not None else None,
                               "base": self.base, "pile": list(self.pile), "tapped": self.tapped}
        if self.damage:
            out["damage"] = self.damage
        marks = self.markers()
        if marks:
            out["markers"] = marks
        if self.d.type == "equipment":
            out["durability"] = self.d.durability - self.worn
        if self.d.type == "unit":
            out["move_used"], out["attack_used"] = self.move_used, self.attack_used
        if self.eot:
            out["until_end_of_turn"] = [dict(m) for m in self.eot]  # copies: a reader changing a view changes no state
        return out


class Player:
    """One seat's zones and counters (MUHQ-ZONE-1)."""

    __slots__ = ("resource", "vp", "store", "deck", "hand", "discard", "pending", "bought", "alive", "drafted")

    def __init__(self) -> None:
        self.resource = 0
        self.vp = 0
        self.store: list[int] = []
        self.deck: list[int] = []  # the top card is the last one
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.pending: list[int] = []  # equipment played "to the next unit" (MUHQ-EQUIP-3)
        self.bought = False  # MUHQ-BUY-3
        self.alive = True
        self.drafted: list[int] = []

    def copy(self) -> "Player":
        c = Player.__new__(Player)
        c.resource, c.vp, c.bought, c.alive = self.resource, self.vp, self.bought, self.alive
        c.store, c.deck, c.hand = self.store[:], self.deck[:], self.hand[:]
        c.discard, c.pending, c.drafted = self.discard[:], self.pending[:], self.drafted[:]
        return c


#: The fields of a stack entry (Item), as an immutable tuple: made at every declaration, and a named tuple is made
#: and read much faster than a frozen dataclass, with the same repr (``Item(kind='move', controller=0, …)``, which
#: the digest reads for a token being placed) and the same hash.
_ItemFields = namedtuple("_ItemFields", ("kind", "controller", "source", "source_def", "ability", "targets", "params",
                                         "label"), defaults=(None, -1, (), (), ""))


class Item(_ItemFields):
    """One declared action on the action stack (MUHQ-ACT-4).

    ``kind``: play_permanent, spell, move, attack, full_action, free_action, trigger, equip, swap, carry,
    clear_paralysis, universal. ``source`` is the card or permanent it comes from (None for the universal free
    action, MUHQ-PROT-4); ``source_def`` its definition's ID; ``ability`` its index on the card; ``targets`` the
    chosen targets by name; ``params`` the rest (path, defender, field, mode, event references); ``label`` the
    text for the log.
    """

    __slots__ = ()

    def param(self, name: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        return default


@dataclass(frozen=True)
class Trigger:
    """A triggered action waiting to be declared (MUHQ-ACT-7): its source, ability and event references."""

    controller: int
    source: int
    source_def: str
    ability: int
    refs: tuple[tuple[str, Any], ...] = ()


@dataclass
class Drop:
    """A pile being dropped (MUHQ-PILE-4): the former controller places ``members`` around ``cell``."""

    controller: int
    cell: int
    members: list[int] = field(default_factory=list)
    rule: str = "MUHQ-PILE-4"  # MUHQ-ART-2: a carried artifact whose drop field was taken is placed the same way

    def copy(self) -> "Drop":
        return Drop(self.controller, self.cell, self.members[:], self.rule)


class LazyName:
    """A permanent's name for a message, looked up only if the message is made (legal-action lists check
    thousands of candidates that pass)."""

    __slots__ = ("state", "pid")

    def __init__(self, state: Any, pid: int) -> None:
        self.state, self.pid = state, pid

    def __format__(self, spec: str) -> str:
        return format(self.state.name_of(self.pid), spec)

    def __str__(self) -> str:
        return format(self.state.name_of(self.pid), "")
