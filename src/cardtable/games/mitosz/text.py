"""The words of Mítosz's texts for people.

The words a card's text is made of (``card_text`` reads it back: ``card_text.py``), in the reader's
language: every template is a whole phrase of the ``mitosz`` catalog, and the words it is filled with
(card types, subtypes, zones, spheres …) are translated too. A card reference (``{target}``) is always a
noun phrase in the nominative, so that German and Hungarian can build the phrase around it.

The tables of words here (``CARD_TYPE_WORDS``, ``SUBTYPE_WORDS`` …) are used by the rest of the rules'
texts as well (labels, log lines, prompts).
"""

from __future__ import annotations

from typing import Any

from .cards import SPHERE_LETTER
from .words import N_, Said, _

TIMING = {"action": N_("Action"), "reaction": N_("Reaction"), "rite": N_("Rite"), "battle": N_("Battle")}
SPEED_WORDS = {"counter": N_("Counter"), "locked": N_("Locked")}
SPHERE_WORDS = {"magic": N_("magic"), "influence": N_("influence"), "wealth": N_("wealth"), "force": N_("force")}
#: a row of an army by itself, and as where a card goes ("summon … into the front")
ROW_NAMES = {"front": N_("front"), "auxiliary": N_("auxiliary"), "reserve": N_("reserve")}
ROW_INTO = {"front": N_("into the front"), "auxiliary": N_("into the auxiliary"), "reserve": N_("into the reserve")}
#: a road by its edge, as an adjective-like word: "the N edge", "through its N road"
ROAD_NAMES = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}
CARD_TYPE_WORDS = {
    "high_god": N_("high god"), "nation": N_("nation"), "location": N_("location"), "leader": N_("leader"),
    "item": N_("item"), "intrigue": N_("intrigue"), "fate": N_("fate"), "supply": N_("supply"),
    "free_maneuver": N_("free maneuver"), "maneuver": N_("maneuver"),
}
SUBTYPE_WORDS = {
    "forest": N_("forest"), "mountain": N_("mountain"), "deep": N_("deep"), "swamp": N_("swamp"),
    "steppe": N_("steppe"), "polar": N_("polar"), "desert": N_("desert"), "urban": N_("urban"),
    "aquatic": N_("aquatic"),
    "shapeshifter": N_("shapeshifter"), "demon": N_("demon"), "undead": N_("undead"), "sprite": N_("sprite"),
    "giant": N_("giant"), "dragon": N_("dragon"), "dwarf": N_("dwarf"), "elf": N_("elf"),
    "region": N_("region"), "building": N_("building"), "shrine": N_("shrine"), "fortress": N_("fortress"),
    "warlord": N_("warlord"), "mount": N_("mount"), "hero": N_("hero"), "god": N_("god"), "monster": N_("monster"),
    "ruler": N_("ruler"),
    "relic": N_("relic"), "weapon": N_("weapon"), "potion": N_("potion"), "armor": N_("armor"),
    "strike": N_("strike"),
    "beast": N_("beast"), "troop": N_("troop"), "war_machine": N_("war machine"),
    "sage": N_("sage"), "charm": N_("charm"), "enchanter": N_("enchanter"), "song": N_("song"), "bard": N_("bard"),
    "life": N_("life"), "healer": N_("healer"), "earth": N_("earth"), "death": N_("death"),
    "necromancer": N_("necromancer"), "priest": N_("priest"), "prophecy": N_("prophecy"), "seer": N_("seer"),
    "craft": N_("craft"), "air": N_("air"), "flying": N_("flying"), "rune": N_("rune"), "scribe": N_("scribe"),
    "fire": N_("fire"), "spell": N_("spell"), "wizard": N_("wizard"), "water": N_("water"),
}
KEYWORD_WORDS = {"volley": N_("arrow volley"), "fear": N_("fear"), "poison": N_("poison")}
RESTRICTION_WORDS = {
    "cannot_attack": N_("cannot attack"), "cannot_fight": N_("cannot fight"),
    "cannot_be_destroyed": N_("cannot be destroyed"), "cannot_be_stolen": N_("cannot be stolen"),
    "cannot_use_maneuvers": N_("cannot use maneuvers"), "cannot_be_sacrificed": N_("cannot be sacrificed"),
}
#: a zone as where a card is ("{what} in the hand")
ZONE_IN = {"board": N_("{what} on the board"), "hand": N_("{what} in the hand"), "deck": N_("{what} in the deck"),
           "afterworld": N_("{what} in the afterworld"), "oblivion": N_("{what} in oblivion"),
           "stack": N_("{what} on the stack"), "fight": N_("{what} in the fight")}
#: a zone by itself ("the afterworld")
ZONE_WORDS = {"board": N_("the board"), "hand": N_("the hand"), "deck": N_("the deck"),
              "afterworld": N_("the afterworld"), "oblivion": N_("oblivion"), "stack": N_("the stack"),
              "fight": N_("the fight")}
PRIMITIVE_WORDS = {  # a primitive named by itself (an immunity against it)
    "draw": N_("draw"), "discard": N_("discard"), "mill": N_("mill"), "destroy": N_("destroy"),
    "sacrifice": N_("sacrifice"), "return_to_hand": N_("return to hand"), "search_deck": N_("search"),
    "recover": N_("recover"), "exile": N_("exile"), "rotate": N_("rotate"), "unrotate": N_("unrotate"),
    "steal": N_("steal"), "steal_spheres": N_("steal sphere points"), "neutralize": N_("neutralize"),
    "neutralize_ability": N_("neutralize an ability"), "modify_level": N_("level changes"),
    "attach": N_("attach"),
}

REFS = {"$t1": N_("the target"), "$t2": N_("the second target"), "$self": N_("this card"), "$user": N_("the user"),
        "$host": N_("its card"), "$bearer": N_("this card"), "$peeked": N_("the peeked card"),
        "$revealed": N_("the revealed card"), "$event": N_("the card of the event")}
#: "a …", "every …" by whose the cards are (a filter's controller)
_QUANTIFIED = {
    ("chosen", None): N_("a {what}"), ("chosen", "self"): N_("an own {what}"), ("chosen", "enemy"): N_("an enemy {what}"),
    ("all", None): N_("every {what}"), ("all", "self"): N_("every own {what}"), ("all", "enemy"): N_("every enemy {what}"),
}
_ANY_CARD = {
    ("chosen", None): N_("a card"), ("chosen", "self"): N_("an own card"), ("chosen", "enemy"): N_("an enemy card"),
    ("all", None): N_("every card"), ("all", "self"): N_("every own card"), ("all", "enemy"): N_("every enemy card"),
}


def word(table: dict[str, str], key: str) -> str:
    """``key`` (an identifier: a card type, a subtype …) in the reader's language; itself if the table lacks it."""
    found = table.get(key)
    return _(found) if found is not None else key.replace("_", " ")


def kept(table: dict[str, str], key: str) -> Said:
    """``word`` as a kept text (a parameter of a ``Said``): read in each reader's language."""
    found = table.get(key)
    return Said(found) if found is not None else Said("{key}", key=key.replace("_", " "))


class _Immunity:
    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = key

    def __format__(self, spec: str) -> str:
        return format(immunity_word(self.key), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Immunity, (self.key,))


def kept_immunity(key: str) -> Said:
    """An immunity key (a card type, subtype, keyword or primitive) as a kept text."""
    return Said("{key}", key=_Immunity(key))


def subtype_word(key: str) -> str:
    return word(SUBTYPE_WORDS, key)


def card_type_word(key: str) -> str:
    return word(CARD_TYPE_WORDS, key)


def sphere_word(key: str) -> str:
    return word(SPHERE_WORDS, key)


def row_word(key: str) -> str:
    return word(ROW_NAMES, key)


def row_into(key: str) -> str:
    return word(ROW_INTO, key)


def road_word(key: str) -> str:
    return word(ROAD_NAMES, key)


def zone_word(key: str) -> str:
    return word(ZONE_WORDS, key)


def immunity_word(key: str) -> str:
    for table in (CARD_TYPE_WORDS, SUBTYPE_WORDS, KEYWORD_WORDS, PRIMITIVE_WORDS):
        if key in table:
            return _(table[key])
    return key.replace("_", " ")


def _target(t: Any) -> str:
    if t is None:
        return ""
    if isinstance(t, str):
        found = REFS.get(t)
        return _(found) if found is not None else t
    f = t.filter
    quant = "all" if t.select == "all" else "chosen"
    side = None
    what = None
    if f is not None:
        side = f.controller if f.controller in ("self", "enemy") else None
        if f.card_type:
            what = "/".join(card_type_word(c) for c in f.card_type)
        if f.subtypes_any:
            subtypes = "/".join(subtype_word(s) for s in f.subtypes_any)
            what = _("{subtypes} {types}", subtypes=subtypes, types=what) if what else \
                _("{subtypes} card", subtypes=subtypes)
    text = _(_QUANTIFIED[quant, side], what=what) if what else _(_ANY_CARD[quant, side])
    if f is not None and f.zone and f.zone != "board":
        text = _(ZONE_IN[f.zone], what=text) if f.zone in ZONE_IN else text
    return text


class _Chosen:
    __slots__ = ("filter", "select")

    def __init__(self, filter: Any) -> None:  # noqa: A002 (the selector's own name)
        self.filter = filter
        self.select = "chosen"


def _value(v: Any) -> str:
    """An amount: a number, or an expression (``level($t1) + 1``) or ``count`` as the data writes it."""
    if v is None:
        return ""
    if isinstance(v, (int, str)):
        return str(v)
    return _("the number of {what}", what=_target(_Chosen(v.count.filter))) if hasattr(v, "count") else str(v)


def fill_call(template: str, p: Any) -> str:
    """A primitive's template (``draw {n}``) filled from the call's parameters, each read as words: an amount,
    a card reference, a restriction, a subtype … (raises KeyError for a field the parameters lack)."""
    values: dict[str, Any] = {}
    for key in ("n", "mod", "kind"):
        if hasattr(p, key):
            v = getattr(p, key)
            values[key] = v if key == "mod" and isinstance(v, int) else _value(v) if key == "n" else (v or "")
    if hasattr(p, "delta"):
        v = p.delta
        values["delta"] = f"{v:+d}" if isinstance(v, int) else _value(v)
    if hasattr(p, "what"):
        values["what"] = word(RESTRICTION_WORDS, p.what)
    if hasattr(p, "subtype"):
        values["subtype"] = subtype_word(p.subtype)
    if hasattr(p, "card_type"):
        values["card_type"] = card_type_word(p.card_type)
    for key in ("target", "nation", "card", "host", "row_leader"):
        if hasattr(p, key):
            values[key] = _target(getattr(p, key))
    values["filter"] = _target(_Chosen(p.filter)) if getattr(p, "filter", None) is not None else ""
    if hasattr(p, "against"):
        values["against"] = ", ".join(immunity_word(a) for a in p.against)
    return _(template, **values)


__all__ = ["fill_call", "SPHERE_LETTER", "word", "subtype_word", "card_type_word",
           "sphere_word", "row_word", "row_into", "zone_word", "road_word", "kept", "kept_immunity"]
