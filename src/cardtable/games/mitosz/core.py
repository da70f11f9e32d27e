"""Mítosz's data core: the plain, typed records a state is made of — card instances, players, active effects and
stack items. They hold no rules (those live in the subsystems that receive the state) and know how to copy
themselves for a clone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine.core import copied, custom, record

if TYPE_CHECKING:
    from .cards import CardDef


@record
class Inst:
    """One card of the game (spec 5.3). ``owner`` never changes (MIT-G1)."""

    iid: int
    d: CardDef
    owner: int
    controller: int
    zone: str
    host: int  # the card this one is attached to (locations, items)
    rotated: bool
    spent: bool  # a non-rotating card that used a non-permanent maneuver this turn (OP-28)
    uses: dict[str, int] | None = custom("dict(v) if v else None")  # i18n: no; maneuver id -> uses this turn
    blocked: tuple[str, ...]  # maneuvers neutralized this turn (MIT-4.1.e)
    tokens: tuple[Any, ...]  # (kind, n, effect call)
    cell: tuple[int, int] | None  # nations
    entered: int  # the turn it came onto the board
    dormant: str | None  # a leader attached to a card: what wakes it (MIT-5.15, OP-35)
    copy: ClassVar[Callable[[Inst], Inst]]

    def __init__(self, iid: int, d: CardDef, owner: int) -> None:
        self.iid = iid
        self.d = d
        self.owner = owner
        self.zone = "deck"
        self.entered = 0
        self.reset()  # the rest as a card that never was on the board

    def reset(self) -> None:
        """MIT-1.2.6: a card that leaves the board keeps no memories."""
        self.controller = self.owner
        self.host = -1
        self.rotated = False
        self.spent = False
        self.uses = None
        self.blocked = ()
        self.tokens = ()
        self.cell = None
        self.dormant = None


@record
class Player:
    """One seat: the high god, the spheres, the zones (lists of instance ids) and the grid."""

    seat: int
    god: int  # the high god's instance id
    spheres: list[int] = copied()  # magic, influence, wealth, force
    smax: Any
    deck: list[int] = copied()  # instance ids, the top last
    hand: list[int] = copied()
    afterworld: list[int] = copied()
    oblivion: list[int] = copied()
    grid: dict[tuple[int, int], int] = copied()  # cell -> nation
    leaders: list[int] = copied()
    nation_placed: bool
    allowances: tuple[int, ...]
    hold: tuple[int, int] | None  # (whose turn, the turn) the power points first reached the target (OP-02)
    deck_name: str
    copy: ClassVar[Callable[[Player], Player]]


@record
class Eff:
    """An active effect (spec 5.5): immutable once made (a clone shares it); it ends by being removed from the
    list."""

    seq: int
    kind: str
    controller: int
    source: int
    targets: tuple[int, ...] | None
    selector: Any
    value: Any
    until: tuple[Any, ...]
    keys: frozenset[str]

    def __init__(self, seq: int, kind: str, controller: int, source: int, targets: tuple[int, ...] | None,
                 selector: Any, value: Any, until: tuple[Any, ...], keys: frozenset[str] = frozenset()) -> None:
        self.seq = seq
        self.kind = kind  # the primitive: modify_level, modify_road, grant_immunity, restrict, steal …
        self.controller = controller
        self.source = source  # the card whose effect it is (-1 for none)
        self.targets = targets  # tuple of instance ids, or None with a selector (evaluated continuously)
        self.selector = selector
        self.value = value  # primitive-specific: a delta, (road, delta), immunity keys, a subtype …
        self.until = until  # ("turn", n) | ("rounds", seat, n) | ("fight",) | ("permanent",) | ("attached", iid)
        self.keys = keys  # what the effect is, for immunity (MIT-5.12): source types, subtypes, primitive


@record
class Item:
    """Something on the stack (spec 5.8): a card being played, or a maneuver or fate being used."""

    sid: int
    kind: str
    player: int
    card: int
    user: int
    m: Any
    targets: tuple[Any, ...]
    steps: Any
    times: Any
    host: int
    neutralized: bool
    destroyed: bool
    queue: list[Any] | None = custom("v[:] if v is not None else None")  # i18n: no (Python code)
    revealed: int
    peeked: int
    via: Any
    started: bool
    lasting: bool
    x: int
    cell: tuple[int, int] | None
    declared: Any
    row: int
    paid: bool
    attach: bool
    enemy: int
    calls: tuple[Any, ...]
    event: int
    on: str | None
    missed: tuple[int, ...]
    copy: ClassVar[Callable[[Item], Item]]

    def __init__(self, sid: int, kind: str, player: int, card: int, user: int = -1, m: Any = None,
                 targets: tuple[Any, ...] = (), steps: Any = None, times: Any = None, host: int = -1,
                 via: Any = None, cell: tuple[int, int] | None = None) -> None:
        self.sid = sid
        self.kind = kind  # "summon", "unsummoned", "nation", "maneuver", "free", "fate", "trigger" …
        self.player = player
        self.card = card
        self.user = user
        self.m = m
        self.targets = targets
        self.steps = steps
        self.times = times
        self.host = host
        self.neutralized = False
        self.destroyed = False  # OP-27: destroyed while being played
        self.queue = None  # effect calls still to run (resolution in progress)
        self.revealed = -1
        self.peeked = -1
        self.via = via
        self.started = False
        self.lasting = False  # it made an effect with a duration (a free maneuver then lingers, MIT-3.9.g)
        self.x = 1
        self.cell = cell
        self.declared = None  # a fight's declaration (kind "fight")
        self.row = -1  # a supply's row (kind "supply")
        self.paid = False  # a supply summoned, not played without summoning: it fires ``summoned`` (spec 6.6)
        self.attach = False  # a rune to attach to its target (MIT-8.rune)
        self.enemy = -1  # the enemy chosen for a reveal or peek (OP-24)
        self.calls = ()  # a triggered ability's effect (kind "trigger", spec 6.6)
        self.event = -1  # the card its event was about (``$event``, spec 6.6), for a triggered ability
        self.on = None  # … and the event
        self.missed = ()  # chosen targets whose own reveal failed (MIT-4.2.3.b): the effect skips them



__all__ = ["Inst", "Player", "Eff", "Item"]
