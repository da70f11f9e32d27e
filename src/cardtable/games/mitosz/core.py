"""Mítosz's data core: the plain, typed records a state is made of — card instances, players, active effects and
stack items. They hold no rules (those live in the subsystems that receive the state) and know how to copy
themselves for a clone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import CardDef


class Inst:
    """One card of the game (spec 5.3). ``owner`` never changes (MIT-G1)."""

    __slots__ = ("iid", "d", "owner", "controller", "zone", "host", "rotated", "spent", "uses", "blocked", "tokens",
                 "cell", "entered", "dormant")

    def __init__(self, iid: int, d: CardDef, owner: int) -> None:
        self.iid = iid
        self.d = d
        self.owner = owner
        self.controller = owner
        self.zone = "deck"
        self.host = -1  # the card this one is attached to (locations, items)
        self.rotated = False
        self.spent = False  # a non-rotating card that used a non-permanent maneuver this turn (OP-28)
        self.uses: dict[str, int] | None = None  # maneuver id -> uses this turn
        self.blocked: tuple[str, ...] = ()  # maneuvers neutralized this turn (MIT-4.1.e)
        self.tokens: tuple[Any, ...] = ()  # (kind, n, effect call)
        self.cell: tuple[int, int] | None = None  # nations
        self.entered = 0  # the turn it came onto the board
        self.dormant: str | None = None  # a leader attached to a card: what wakes it (MIT-5.15, OP-35)

    def copy(self) -> "Inst":
        c = Inst.__new__(Inst)
        c.iid = self.iid
        c.d = self.d
        c.owner = self.owner
        c.controller = self.controller
        c.zone = self.zone
        c.host = self.host
        c.rotated = self.rotated
        c.spent = self.spent
        c.uses = dict(self.uses) if self.uses else None
        c.blocked = self.blocked
        c.tokens = self.tokens
        c.cell = self.cell
        c.entered = self.entered
        c.dormant = self.dormant
        return c

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


class Player:
    __slots__ = ("seat", "god", "spheres", "smax", "deck", "hand", "afterworld", "oblivion", "grid", "leaders",
                 "nation_placed", "allowances", "hold", "deck_name")
    seat: int
    god: int  # the high god's instance id
    spheres: list[int]  # magic, influence, wealth, force
    smax: Any
    deck: list[int]  # instance ids, the top last
    hand: list[int]
    afterworld: list[int]
    oblivion: list[int]
    grid: dict[tuple[int, int], int]  # cell -> nation
    leaders: list[int]
    nation_placed: bool
    allowances: tuple[int, ...]
    hold: tuple[int, int] | None  # (whose turn, the turn) the power points first reached the target (OP-02)
    deck_name: str

    def copy(self) -> "Player":
        c = Player.__new__(Player)
        c.seat = self.seat
        c.god = self.god
        c.spheres = list(self.spheres)
        c.smax = self.smax
        c.deck = list(self.deck)
        c.hand = list(self.hand)
        c.afterworld = list(self.afterworld)
        c.oblivion = list(self.oblivion)
        c.grid = dict(self.grid)
        c.leaders = list(self.leaders)
        c.nation_placed = self.nation_placed
        c.allowances = self.allowances
        c.hold = self.hold
        c.deck_name = self.deck_name
        return c


class Eff:
    """An active effect (spec 5.5): immutable once made; it ends by being removed from the list."""

    __slots__ = ("seq", "kind", "controller", "source", "targets", "selector", "value", "until", "keys")

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


class Item:
    """Something on the stack (spec 5.8): a card being played, or a maneuver or fate being used."""

    __slots__ = ("sid", "kind", "player", "card", "user", "m", "targets", "steps", "times", "host", "neutralized",
                 "destroyed", "queue", "revealed", "peeked", "via", "started", "lasting", "x", "cell", "declared",
                 "row", "attach", "enemy", "calls", "event", "on", "paid", "missed")

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
    queue: list[Any] | None
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

    def copy(self) -> "Item":
        c = Item.__new__(Item)
        for name in Item.__slots__:
            setattr(c, name, getattr(self, name))
        if self.queue is not None:
            c.queue = list(self.queue)
        return c


__all__ = ["Inst", "Player", "Eff", "Item"]
