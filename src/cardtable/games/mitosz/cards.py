"""Runtime card definitions: what the rules read from a card, flattened once from the validated data.

The pydantic models of ``schema`` are the file format; the rules read these small objects instead,
whose fields are plain tuples and frozensets (fast to test on the hot path). Maneuvers stay the
pydantic ``Maneuver`` models: they are immutable and the effect interpreter walks them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import current_language

from . import vocabulary as V
from .words import N_, _

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

SPHERE_INDEX: dict[str, int] = {s: i for i, s in enumerate(V.SPHERES)}
SPHERE_LETTER = ("M", "I", "W", "F")
#: a number of points of a sphere as a cost writes it ("M1"), each language with its spheres' initials
SPHERE_AMOUNT = (N_("M{n}"), N_("I{n}"), N_("W{n}"), N_("F{n}"))
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
                 "names", "flavors", "usable", "implicit_sacrifice", "static_calls", "static_keys", "free_users", "effect_keys", "flavor", "quick", "active", "min_level",
                 "requirement_text", "partners", "hand_roles", "board_roles",
                 "hand_spend", "board_spend", "triggers", "trigger_events", "primitives", "counts_power",
                 "low_level", "plans", "hand_looks")

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
        self.cost: tuple[int, int, int, int] = tuple(cost.get(s, 0) for s in V.SPHERES)
        self.cost_total = sum(self.cost)
        self.power_points: int = card.power_points
        #: it may add power points by itself on the board (OP-01): printed points, or a leader (MIT-3.4.3.a)
        self.counts_power = bool(self.power_points) or self.card_type == "leader"
        self.links: frozenset[str] = frozenset(card.links)
        self.maneuvers = tuple(card.maneuvers)
        self.options = tuple(card.options or ())
        self.sphere_max = tuple(card.sphere_max.as_dict()[s] for s in V.SPHERES) if card.sphere_max else None
        self.roads: dict[str, int] = card.roads.as_dict() if card.roads is not None else {}
        self.requirement_groups = tuple(frozenset(g) for g in (card.requirement_groups or ()))
        self.requirement_text = " or ".join("+".join(sorted(g)) for g in self.requirement_groups)
        self.duration_rounds: int | None = (card.duration.rounds if card.duration is not None
                                            and not isinstance(card.duration, str) else None)
        self.flavor: str = card.flavor
        #: the name and flavour in other languages than English (the data file's ``translations``)
        self.names: dict[str, str] = {}
        self.flavors: dict[str, str] = {}
        for lang, texts in (card.translations or ()):
            if texts is not None and texts.name:
                self.names[lang] = texts.name
            if texts is not None and texts.flavor:
                self.flavors[lang] = texts.flavor
        #: locked bound maneuvers that work by themselves (MIT-4.2.6.b, OP-26): their static calls
        self.statics = tuple(call for m in self.maneuvers if m.static for call in m.static)
        #: the statics as (primitive, parameters), and what they are for immunity: read apart once here,
        #: because the board's statics are gathered again after every change of the board
        self.static_calls = tuple(call_parts(call) for call in self.statics)
        self.static_keys = frozenset((self.card_type, *self.subtypes))
        #: a free maneuver's answer to "may this user use it?" by the user's definition, while no effect
        #: changes subtypes (filled by the rules as they ask)
        self.free_users: dict[Any, Any] = {}
        #: the bound maneuvers worth a look for the legal-action list, by (counter round, own turn, battle
        #: phase): what the definition alone rules out is left out (``acts_options._bound_options``)
        self.plans: dict[Any, Any] = {}
        #: is a card of this definition in the hand worth a look for the legal-action list, by (roles, own summon
        #: phase) (``acts_legal.legal_acts``)
        self.hand_looks: dict[Any, Any] = {}
        #: what a maneuver of this card is for immunity, by (maneuver, user's definition), while no effect
        #: changes subtypes (``acts_targets.effect_keys``)
        self.effect_keys: dict[Any, Any] = {}
        #: every primitive the card's text calls, however deep (inside choose_one, if, a token's effect): a game
        #: whose cards never call one skips the rule that reads it (``MitoszState.prims``)
        self.primitives = _all_primitives(self.maneuvers + self.options)
        #: locked triggered abilities (spec 6.6): they go on the stack when their event happens
        self.triggers = tuple(m for m in self.maneuvers if m.trigger is not None)
        #: the events any of its triggers waits for, a token's included: a game whose cards wait for none of
        #: an event does not look for triggers when it happens (``MitoszState.trigger_on``)
        self.trigger_events = _all_trigger_events(self.maneuvers + self.options)
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
        self.low_level = self.min_level < 1  # MIT-2.2.c may send it away without any effect lowering it
        #: the card has something to announce from the board (a bound maneuver or the implicit sacrifice);
        #: a fate or free maneuver lasting on the board is never used again (MIT-4.6.2.1)
        self.active = ((bool(self.usable) or self.implicit_sacrifice) and self.card_type not in ("fate",
                                                                                                "free_maneuver")
                       or self.card_type == "free_maneuver" and "rune" in self.subtypes)  # but an attached rune
        # is its host's bound maneuver (MIT-3.9.i, OP-60)
        self.partners: frozenset[str] = frozenset()  # set by build_defs
        # In whose turn the card may do something, a cheap first filter of the legal actions:
        # from the hand (summons are the active player's; intrigues and linked items anyone's) …
        t = self.card_type
        if t in ("fate", "free_maneuver"):
            self.hand_roles = _roles(self.options or self.maneuvers)
        elif t in ("intrigue", "item"):
            self.hand_roles = frozenset(("active", "other"))
        else:
            self.hand_roles = frozenset(("active",))
        # … and from the board (bound maneuvers, the implicit sacrifice in any window)
        self.board_roles = _roles(self.options or self.usable) | (
            frozenset(("active", "other")) if self.implicit_sacrifice else frozenset()) if self.active else frozenset()
        # a counter or locked maneuver usable outside fights at all
        self.quick = self.quick and bool(self.hand_roles if self.card_type in ("fate", "free_maneuver")
                                         else self.board_roles)
        self.hand_spend = 0  # set by build_defs
        self.board_spend = 0 if self.implicit_sacrifice else _least_cost(self.options or self.usable)

    def maneuver(self, mid: str) -> Any:  # a schema Maneuver, or None
        for m in self.maneuvers:
            if m.id == mid:
                return m
        for m in self.options:
            if m.id == mid:
                return m
        return None

    def cost_label(self) -> str:
        return cost_label(self.cost)

    @property
    def shown_name(self) -> str:
        """The name in the reader's language (``name`` is the English one, the key that links and filters use)."""
        return self.names.get(current_language(), self.name) if self.names else self.name

    @property
    def shown_flavor(self) -> str:
        return self.flavors.get(current_language(), self.flavor) if self.flavors else self.flavor

    def __format__(self, spec: str) -> str:
        """A card in a sentence is its name in the reader's language (``_("{card} …", card=d)``)."""
        names = self.names
        return format(names.get(current_language(), self.name) if names else self.name, spec)

    def __repr__(self) -> str:
        return f"<{self.id} {self.name}>"


def cost_label(cost: Sequence[int]) -> str:
    parts = [_(SPHERE_AMOUNT[i], n=n) for i, n in enumerate(cost) if n]
    return " ".join(parts) if parts else _("free")


def linked(a: CardDef, b: CardDef) -> bool:
    """MIT-2.8.c/d: two cards are linked if either lists the other's name, if they are copies of one
    card, or if one is a high god and the other the leader of the same name."""
    if a.id == b.id:
        return True
    if b.name in a.links or a.name in b.links:
        return True
    return a.name == b.name and {a.card_type, b.card_type} == {"high_god", "leader"}


def build_defs(cards: dict[str, Any]) -> dict[str, CardDef]:
    defs = {cid: CardDef(card) for cid, card in cards.items()}
    for d in defs.values():  # the names a card is linked with, both ways (MIT-2.8.c)
        d.partners = frozenset(o.name for o in defs.values() if linked(d, o))
        # the fewest sphere points its use from the hand can cost: a cheap first filter of legal actions
        t = d.card_type
        if t == "fate":
            d.hand_spend = _least_cost(d.maneuvers)
        elif t == "free_maneuver":
            d.hand_spend = 0 if d.partners else _least_cost(d.options or d.maneuvers)  # MIT-3.9.h: linked is free
        elif t == "item" and d.partners or t == "location" and d.subtypes & {"region", "building"}:
            d.hand_spend = 0  # MIT-3.5.d, MIT-8.region.c, MIT-8.building.b
        elif t in ("leader", "location", "item", "intrigue", "supply"):
            d.hand_spend = max(0, d.cost_total - 0)
        else:
            d.hand_spend = 0
    return defs


def _all_primitives(maneuvers: Iterable[Any]) -> frozenset[str]:
    from cardtable.engine.datafiles import iter_models

    from .schema.primitives import CALL_MODELS

    names = {model: name for name, model in CALL_MODELS.items()}
    return frozenset(names[type(m)] for _loc, m in iter_models(list(maneuvers)) if type(m) in names)


def _all_trigger_events(maneuvers: Iterable[Any]) -> frozenset[str]:
    from cardtable.engine.datafiles import iter_models

    from .schema.triggers import TRIGGER_MODELS

    return frozenset(m.on for _loc, m in iter_models(list(maneuvers)) if isinstance(m, TRIGGER_MODELS))


def _least_cost(maneuvers: Iterable[Any]) -> int:
    """The fewest sphere points any use of these maneuvers costs (a first step, one repetition)."""
    best = None
    for m in maneuvers:
        total = m.cost.total()
        if m.steps:
            total += m.steps[0].cost.total()
        if m.per is not None and m.per.pay is not None:
            total += m.per.pay.total()
        best = total if best is None else min(best, total)
    return best if best is not None else 0


def _roles(maneuvers: Iterable[Any]) -> frozenset[str]:
    """Whose turn a maneuver may be used in (MIT-4.2.1): "active", "other"; battle-only ones in a fight's
    rounds ("fight"), by either side."""
    roles: set[str] = set()
    for m in maneuvers:
        t = m.timing
        if "battle" in t:
            roles.add("fight")
            continue
        if "action" in t:
            roles.add("active")
        elif "reaction" in t:
            roles.add("other")
        else:
            roles.update(("active", "other"))
    return frozenset(roles)


def call_parts(call: Any) -> tuple[str, Any]:
    """A one-key effect call (``{add_level: {...}}`` as a model) as (primitive name, parameters)."""
    field = _CALL_FIELD.get(type(call))
    if field is None:  # pydantic's ``model_fields`` is slow to read: once per call model
        (field,) = type(call).model_fields
        _CALL_FIELD[type(call)] = field
    return field.rstrip("_"), getattr(call, field)


_CALL_FIELD: dict[type[Any], str] = {}


def primitives_of(m: Any) -> frozenset[str]:
    """The names of the primitives a maneuver calls (for immunity keys), computed once per maneuver
    (maneuvers live as long as their definitions, so their ids are stable keys)."""
    hit = _PRIMITIVES.get(id(m))
    if hit is None:
        names = frozenset(call_parts(call)[0] for _, call in m.calls())
        hit = _PRIMITIVES[id(m)] = (names, m)
    return hit[0]


_PRIMITIVES: dict[int, tuple[frozenset[str], Any]] = {}  # (its names, the maneuver: kept alive)
