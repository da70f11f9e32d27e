"""The mutable pieces of a muhq state: permanents, players, stack entries, pending triggers and drops.

Permanents and players are slotted records (engine.core) whose copies are derived from their fields; stack
entries and pending triggers are immutable and shared between clones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from cardtable.engine.core import record, sliced

from .places import name_of

if TYPE_CHECKING:
    from .defs import Def

NEUTRAL = -1  # the controller (and owner) of neutral board objects (MUHQ-GEN-6)
MARKERS = ("paralysis", "poison", "panic", "rage", "protection")  # MUHQ-COND-1
_marker_values = attrgetter(*MARKERS)  # all five in one call: a view asks of every permanent


@record
class Perm:
    """A permanent on the board (MUHQ-PERM): on a field (``cell``) or in the pile of ``base``."""

    id: int
    d: Def
    owner: int
    controller: int
    cell: int | None
    base: int | None
    pile: list[int] = sliced()  # crew units and equipment, in the order they joined (MUHQ-PILE-1)
    tapped: bool
    damage: int
    paralysis: int
    poison: int
    panic: int
    rage: int
    protection: int
    worn: int
    move_used: bool
    attack_used: bool
    eot: tuple[dict[str, Any], ...]  # modify_until_eot modifiers (spec 7.6)
    copy: ClassVar[Callable[[Perm], Perm]]

    def __init__(self, pid: int, d: Def, owner: int, controller: int, cell: int | None) -> None:
        self.id = pid
        self.d = d  # its Def
        self.owner = owner
        self.controller = controller
        self.cell = cell
        self.base = None
        self.pile = []
        self.tapped = False  # MUHQ-APHASE-7: permanents enter untapped
        self.damage = 0
        self.paralysis = self.poison = self.panic = self.rage = self.protection = 0
        self.worn = 0  # durability-loss markers (MUHQ-EQUIP-2)
        self.move_used = self.attack_used = False  # MUHQ-UNIT-4
        self.eot = ()

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


    def use(self, action: str) -> None:
        """The unit action ``action`` ("move", else "attack", as declare_phase.spend reads it) is used this turn."""
        if action == "move":
            self.move_used = True
        else:
            self.attack_used = True

@record
class Player:
    """One seat's zones and counters (MUHQ-ZONE-1)."""

    resource: int
    vp: int
    store: list[int] = sliced()
    deck: list[int] = sliced()  # the top card is the last one
    hand: list[int] = sliced()
    discard: list[int] = sliced()
    pending: list[int] = sliced()  # equipment played "to the next unit" (MUHQ-EQUIP-3)
    bought: bool  # MUHQ-BUY-3
    alive: bool
    drafted: list[int] = sliced()
    copy: ClassVar[Callable[[Player], Player]]

    def __init__(self) -> None:
        self.resource = 0
        self.vp = 0
        self.store = []
        self.deck = []
        self.hand = []
        self.discard = []
        self.pending = []
        self.bought = False
        self.alive = True
        self.drafted = []


#: The fields of a stack entry (Item), as an immutable tuple: made at every declaration, and a named tuple is made
#: and read much faster than a frozen dataclass, with the same repr (``Item(kind='move', controller=0, …)``, which
#: the digest reads for a token being placed) and the same hash.
class _ItemFields(NamedTuple):
    kind: str
    controller: int
    source: int | None
    source_def: str | None = None
    ability: int = -1
    targets: tuple[tuple[str, Any], ...] = ()
    params: tuple[tuple[str, Any], ...] = ()
    label: str = ""


class Item(_ItemFields):
    """One declared action on the action stack (MUHQ-ACT-4).

    ``kind``: play_permanent, spell, move, attack, full_action, free_action, trigger, equip, swap, carry,
    clear_paralysis, universal. ``source`` is the card or permanent it comes from (None for the universal free
    action, MUHQ-PROT-4); ``source_def`` its definition's ID; ``ability`` its index on the card; ``targets`` the
    chosen targets by name; ``params`` the rest (path, defender, field, mode, event references); ``label`` the
    text for the log.
    """

    __slots__ = ()

    @property
    def card(self) -> int:
        """The card or permanent the item comes from, for every kind but the universal free action (which has
        none: a bug in the rules to ask it)."""
        source = self.source
        if source is None:
            raise RuntimeError(f"a {self.kind} item comes from no card")  # i18n: no (a rules bug, for a developer)
        return source

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


class PendingTokens(NamedTuple):
    """A ``create_token`` step waiting for its controller to choose a field (spec 7.6): the stack item it
    resolves, its position in its effect, the tokens still to place, the
    context, the steps that follow it and the step itself. Immutable: a clone shares it."""

    item: Item
    at: int
    left: int
    ctx: Any  # the effect's context (``effects.Ctx``)
    rest: tuple[dict[str, Any], ...]
    step: dict[str, Any]


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
        return format(name_of(self.state, self.pid), spec)

    def __str__(self) -> str:
        return format(name_of(self.state, self.pid), "")
