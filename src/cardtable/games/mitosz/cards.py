"""Runtime card definitions: what the rules read from a card, flattened once from the validated data.

The pydantic models of ``schema`` are the file format; the rules read these small objects instead,
whose fields are plain tuples and frozensets (fast to test on the hot path). Maneuvers stay the
pydantic ``Maneuver`` models: they are immutable and the effect interpreter walks them.
"""

from __future__ import annotations

from typing import Any

from . import vocabulary as V

SPHERE_INDEX = {s: i for i, s in enumerate(V.SPHERES)}
SPHERE_LETTER = ("M", "I", "W", "F")
ROAD_OFFSET = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
#: MIT-5.1: the permanent cards (with supplies, the only ones that can be destroyed).
PERMANENT_TYPES = frozenset(("leader", "nation", "location", "intrigue", "item", "high_god"))
#: MIT-4.5: cards that never rotate; a non-permanent maneuver makes them ``spent`` instead (OP-28).
NON_ROTATING = frozenset(("high_god", "location", "nation", "intrigue", "item"))
#: MIT-5.9 / OP-33: the strength of a card type in a conflict (lower is stronger).
TYPE_RANK = {"high_god": 1, "fate": 2, "leader": 3, "intrigue": 4, "nation": 5, "location": 6, "supply": 7, "item": 8,
             "free_maneuver": 9}


class CardDef:
    """One card definition (spec 5.2) as the rules use it."""

    __slots__ = ("id", "name", "card_type", "subtypes", "mythology", "unique", "magical", "cursed", "level",
                 "is_modifier", "cost", "cost_total", "power_points", "links", "maneuvers", "options", "sphere_max",
                 "roads", "requirement_groups", "duration_rounds", "number", "serial", "set", "model", "statics",
                 "usable", "implicit_sacrifice", "flavor", "quick", "active", "min_level",
                 "requirement_text")

    def __init__(self, card: Any):
        self.model = card
        self.id: str = card.id
        self.set: str = card.set
        self.serial: int = card.serial
        self.number: int = card.number
        self.name: str = card.name
        self.card_type: str = card.card_type
        self.subtypes: frozenset[str] = frozenset(card.subtypes)
        self.mythology: str = card.mythology
        self.unique: bool = card.unique
        self.magical: bool = card.magical
        self.cursed: bool = card.cursed
        self.level: int | None = card.level
        self.is_modifier: bool = card.level_is_modifier
        cost = card.cost.as_dict() if card.cost is not None else {}
        self.cost: tuple[int, int, int, int] = tuple(cost.get(s, 0) for s in V.SPHERES)  # type: ignore[assignment]
        self.cost_total = sum(self.cost)
        self.power_points: int = card.power_points
        self.links: frozenset[str] = frozenset(card.links)
        self.maneuvers = tuple(card.maneuvers)
        self.options = tuple(card.options or ())
        self.sphere_max = tuple(card.sphere_max.as_dict()[s] for s in V.SPHERES) if card.sphere_max else None
        self.roads: dict[str, int] = card.roads.as_dict() if card.roads is not None else {}
        self.requirement_groups = tuple(frozenset(g) for g in (card.requirement_groups or ()))
        self.requirement_text = " or ".join("+".join(sorted(g)) for g in self.requirement_groups)
        self.duration_rounds: int | None = (card.duration.rounds if card.duration is not None
                                            and not isinstance(card.duration, str) else None)
        self.flavor = card.flavor
        #: locked bound maneuvers that work by themselves (MIT-4.2.6.b, OP-26): their static calls
        self.statics = tuple(call for m in self.maneuvers if m.static for call in m.static)
        #: bound maneuvers a player announces (not the always-on ones)
        self.usable = tuple(m for m in self.maneuvers if m.static is None and m.trigger is None)
        #: a counter or locked maneuver a player may use (OP-23): the only ones open in a counter round
        self.quick = any(m.speed != "normal" for m in self.usable) or any(m.speed != "normal" for m in self.options)
        # OP-16: a non-cursed item, and a non-cursed building, may be sacrificed as a permanent maneuver
        self.implicit_sacrifice = not self.cursed and (
            self.card_type == "item" or (self.card_type == "location" and "building" in self.subtypes))
        #: the lowest printed level that MIT-2.2.c watches (a road's, for a nation); 1 for cards it skips
        self.min_level = min(self.roads.values()) if self.roads else (
            self.level if self.level is not None and not self.is_modifier and self.card_type in ("leader", "supply")
            else 1)
        #: the card has something to announce from the board (a bound maneuver or the implicit sacrifice)
        self.active = bool(self.usable) or self.implicit_sacrifice

    def maneuver(self, mid: str):
        for m in self.maneuvers:
            if m.id == mid:
                return m
        for m in self.options:
            if m.id == mid:
                return m
        return None

    def cost_label(self) -> str:
        return cost_label(self.cost)

    def __repr__(self) -> str:
        return f"<{self.id} {self.name}>"


def cost_label(cost) -> str:
    parts = [f"{SPHERE_LETTER[i]}{n}" for i, n in enumerate(cost) if n]
    return " ".join(parts) if parts else "free"


def linked(a: CardDef, b: CardDef) -> bool:
    """MIT-2.8.c/d: two cards are linked if either lists the other's name, if they are copies of one
    card, or if one is a high god and the other the leader of the same name."""
    if a.id == b.id:
        return True
    if b.name in a.links or a.name in b.links:
        return True
    return a.name == b.name and {a.card_type, b.card_type} == {"high_god", "leader"}


def build_defs(cards: dict[str, Any]) -> dict[str, CardDef]:
    return {cid: CardDef(card) for cid, card in cards.items()}
