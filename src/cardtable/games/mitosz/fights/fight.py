"""The fight in progress as plain data (:class:`Fight`), and the names of the rows, sides and spheres
fights use.
"""

from __future__ import annotations

from .. import vocabulary as V


ROWS = V.ROWS  # front line, auxiliaries, reserve (MIT-7.3.4.a)
ROW_INDEX: dict[str, int] = {name: i for i, name in enumerate(ROWS)}
SIDES = ("att", "def")


class Fight:
    """The fight in progress: plain data a clone copies."""

    __slots__ = ("kind", "attacker", "defender", "nation", "road", "first", "leaders", "supplies", "stage",
                 "winner", "levels", "asked", "helpers", "declined", "members_version", "summoning")

    kind: str
    attacker: int
    defender: int
    nation: int
    road: str | None
    first: int
    leaders: dict[int, tuple[str, int]]
    supplies: dict[int, tuple[str, int, str]]
    stage: str
    winner: str | None
    levels: tuple[int, int] | None
    asked: tuple[int, ...]
    helpers: dict[int, str]
    declined: tuple[int, ...]
    members_version: int
    summoning: tuple[int, str, int, str, int] | None

    def __init__(self, kind: str, attacker: int, defender: int, nation: int = -1, road: str | None = None) -> None:
        self.kind = kind  # "battle" | "duel"
        self.attacker = attacker
        self.defender = defender
        self.nation = nation
        self.road = road
        # OP-44: the attacker starts the rounds of a battle, the challenged player those of a duel
        self.first = attacker if kind == "battle" else defender
        self.leaders = {}  # army leader or duelist -> (side, row)
        self.supplies = {}  # supply -> (side, row, mode: full/level/maneuvers)
        self.stage = "commander" if kind == "battle" else "rounds"
        self.winner = None  # "att" | "def" | None (a draw, or no winner)
        self.levels = None  # the compared army levels
        self.asked = ()  # monsters whose return was offered (MIT-8.monster.5)
        self.helpers = {}  # a helping player -> the side it helps (MIT-7.4.4, OP-65)
        self.declined = ()  # players who were asked and declined
        self.members_version = 0  # bumped whenever someone joins or leaves: a key of what is kept about members
        #: a defending leader being summoned (MIT-7.4.3.1): (card, side, row, rule, player), until it resolves
        self.summoning = None

    def copy(self) -> "Fight":
        c = Fight.__new__(Fight)
        for name in Fight.__slots__:
            setattr(c, name, getattr(self, name))
        c.leaders = dict(self.leaders)
        c.supplies = dict(self.supplies)
        c.helpers = dict(self.helpers)
        return c

    def seat_of(self, side: str) -> int:
        return self.attacker if side == "att" else self.defender

    def side_of(self, seat: int) -> str | None:
        return "att" if seat == self.attacker else "def" if seat == self.defender else self.helpers.get(seat)

    def row_leader(self, side: str, row: int) -> int:
        for iid, (s, r) in self.leaders.items():
            if s == side and r == row:
                return iid
        return -1

    def commander(self, side: str) -> int:
        return self.row_leader(side, 0)


SPHERES = ("magic", "influence", "wealth", "force")


RACES = frozenset(("shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf"))
LEADER_SUBTYPES = frozenset(("warlord", "mount", "hero", "god", "monster", "ruler"))
