"""The Mítosz heuristic's static data: its tuning constants, and what the catalogue says about each card
definition (``_Static``, one per game: types, costs, power points, roads, texts, the public deck lists)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .heuristic_decision import Game

ROAD_OFFSET = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STACK_ID_BASE = 100_000
SUMMON_PHASES = ("summon_1", "summon_2")

#: Worth of a card kept in hand (for discards), by what it can do for the bot.
KEEP_NATION = 50
KEEP_PP_LEADER = 40
KEEP_PP_LOCATION = 35
KEEP_COUNTER = 18
KEEP_STEAL = 16
KEEP_DRAW = 14
KEEP_RECOVER = 10
KEEP_EXILE = 8
KEEP_PRODUCER = 6
KEEP_FIGHT = 3  # a supply, a fighter, a weapon or a battle maneuver: + its level
KEEP_OTHER = 1
#: How much a threat on the stack must be worth before a counter is spent on it.
COUNTER_THRESHOLD = 3
#: A maneuver worth less than this is not used when it rotates a leader the bot may need in a fight.
ROTATE_WORTH = 20
UNROTATE_PER_TURN = 2
#: Leaders of level 2 or more the bot wants in its row before it summons one without power points.
FIGHTERS_WANTED = 2
#: Levels a leader summoned from the hand to defend must bring beyond one already in the row (its cost).
SUMMON_PENALTY = 1.5
#: How many levels the bot's likely army must exceed the defender's likely best by before it attacks.
ATTACK_MARGIN = 2
#: How many levels a challenging hero must exceed the challenged leader by (besides its god's help).
DUEL_MARGIN = 1
SPHERE_NAMES = ("magic", "influence", "wealth", "force")
#: Which stolen sphere point the bot prefers as war spoils, other things equal.
SPOILS_TASTE = (1, 3, 0, 2)
ROW_NAMES = ("front", "auxiliary", "reserve")
RACES = frozenset(("shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf"))


def _texts(card: dict[str, Any]) -> str:
    text = card.get("text") or []
    if isinstance(text, str):
        return text.lower()
    return " | ".join(text).lower()


class _Static:
    """What the catalogue says about each card definition, boiled down for the bot (one per game)."""

    def __init__(self, game: Game) -> None:
        cat = game.catalogue()
        self.cards: dict[str, dict[str, Any]] = cat["cards"]
        self.instances: list[str] = cat["instances"]
        self.options: dict[str, Any] = dict(getattr(game, "options", {}) or {})
        self.text = {cid: _texts(c) for cid, c in self.cards.items()}
        self.subtypes: dict[str, frozenset[str]] = {cid: frozenset(c.get("subtypes") or ())
                                                    for cid, c in self.cards.items()}
        self.roads: dict[str, dict[str, int]] = {cid: dict(c.get("roads") or {}) for cid, c in self.cards.items()}
        self.cost: dict[str, tuple[int, ...]] = {cid: tuple((list(c.get("cost") or []) + [0, 0, 0, 0])[:4])
                                                 for cid, c in self.cards.items()}
        self.pp = {cid: int(c.get("power_points") or 0) for cid, c in self.cards.items()}
        self.type: dict[str, str] = {cid: c.get("type") for cid, c in self.cards.items()}
        self.unique = {cid: bool(c.get("unique")) for cid, c in self.cards.items()}
        self.links: dict[str, frozenset[str]] = {cid: frozenset(c.get("links") or ()) for cid, c in self.cards.items()}
        self.name: dict[str, str] = {cid: c.get("name") for cid, c in self.cards.items()}
        self.level = {cid: int(c.get("level") or 0) for cid, c in self.cards.items()}
        self.myth: dict[str, str | None] = {cid: c.get("mythology") for cid, c in self.cards.items()}
        self.number = {cid: int(c.get("number") or 0) for cid, c in self.cards.items()}
        self.requirements: dict[str, list[list[str]]] = {cid: [list(r) for r in (c.get("requirements") or [])]
                                                         for cid, c in self.cards.items()}
        self.by_name: dict[str, list[str]] = {}
        for cid, c in self.cards.items():
            self.by_name.setdefault(c.get("name"), []).append(cid)
        t = self.text
        self.counter = {cid for cid in self.cards if "counter" in t[cid] and "neutralize" in t[cid]
                        and self.type[cid] in ("fate", "free_maneuver")}
        self.steal = {cid for cid in self.cards if "steal" in t[cid]}
        self.draw = {cid for cid in self.cards if "draw" in t[cid]}
        self.producer = {cid for cid in self.cards if "produces" in t[cid]}
        self.deck_of: dict[int, list[str]] = {}
        self.steals_of: dict[int, bool] = {}
        self.links_of: dict[tuple[str, str], bool] = {}

    def deck(self, view: dict[str, Any], seat: int) -> list[str]:
        """The definition ids of ``seat``'s deck (the layout lists the seats' cards in order, god first)."""
        if seat not in self.deck_of:
            starts = sorted((p["god"]["id"], p["seat"]) for p in view["players"])
            for k, (start, s) in enumerate(starts):
                end = starts[k + 1][0] if k + 1 < len(starts) else len(self.instances)
                self.deck_of[s] = list(self.instances[start:end])
        return self.deck_of[seat]

    def linked(self, a: str, b: str) -> bool:
        """``_Decision.linked`` for two different definitions (kept: it reads the definitions alone)."""
        hit = self.links_of.get((a, b))
        if hit is None:
            name, links, kind = self.name, self.links, self.type
            hit = self.links_of[(a, b)] = (name.get(b) in links.get(a, ()) or name.get(a) in links.get(b, ()) or (
                name.get(a) == name.get(b) and {kind.get(a), kind.get(b)} == {"high_god", "leader"}))
        return hit

    def deck_steals(self, view: dict[str, Any], seat: int) -> bool:
        """Has ``seat``'s deck a card that steals?"""
        steals = self.steals_of.get(seat)
        if steals is None:
            steals = self.steals_of[seat] = any(cid in self.steal for cid in self.deck(view, seat))
        return steals


def _linked_free(s: _Static, cid: str, host_cid: str) -> bool:
    """MIT-8.region.c / MIT-8.building.b: a region linked to its nation, a building to its region, are free."""
    subs = s.subtypes.get(cid, ())
    linked = s.name.get(host_cid) in s.links.get(cid, ()) or s.name.get(cid) in s.links.get(host_cid, ())
    if "region" in subs and s.type.get(host_cid) == "nation":
        return linked
    if "building" in subs and "region" in s.subtypes.get(host_cid, ()):
        return linked
    return False
