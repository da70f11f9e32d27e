"""The words of muhq's data models: the nouns and field types the messages name, the descriptions made from
templates, and the closed vocabularies (card types, field types, markers, events …) as tuples and literals."""

from __future__ import annotations

import re
from typing import Literal

from ..words import N_, _


#: The nouns the messages name, bare ("unknown effect step …") and with their article ("an effect step is …")
NOUNS = {"unit": N_("unit"), "artifact": N_("artifact"), "equipment": N_("equipment"), "spell": N_("spell"),
         "effect step": N_("effect step"), "ability": N_("ability"), "cost": N_("cost"), "condition": N_("condition"),  # i18n: no (keys)
         "victory condition": N_("victory condition"), "permanent": N_("permanent"), "player": N_("player")}  # i18n: no (keys)
A_NOUNS = {"unit": N_("a unit"), "artifact": N_("an artifact"), "equipment": N_("an equipment"),
           "spell": N_("a spell"), "effect step": N_("an effect step"), "ability": N_("an ability"),  # i18n: no (keys)
           "cost": N_("a cost"), "condition": N_("a condition"), "victory condition": N_("a victory condition"),  # i18n: no (keys)
           "card": N_("a card"), "board": N_("a board"), "card set": N_("a card set")}  # i18n: no (keys)
#: The field types as a message names them (MUHQ-BOARD-3)
FIELD_WORDS = {"normal": N_("normal"), "deep_water": N_("deep water"), "high_ground": N_("high ground"),
               "wall": N_("wall")}
#: A description of the exported JSON Schemas made from a template, by its English text: (template, parameters,
#: the parameters that are marked texts themselves); schemas.py translates it
DESCRIPTIONS: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {}


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article, in the reader's language: "an artifact", "a unit"."""
    if noun in A_NOUNS:
        return _(A_NOUNS[noun])
    return ("an " if noun[:1] in ("a", "e", "i", "o") else "a ") + noun


def noun(word: str) -> str:
    """``word`` (a card type, "effect step" …) in the reader's language."""
    return _(NOUNS[word]) if word in NOUNS else word


def field_word(field_type: str) -> str:
    """A field type (``deep_water``) as a message names it, in the reader's language ("deep water")."""
    return _(FIELD_WORDS[field_type]) if field_type in FIELD_WORDS else field_type


def _described(template: str, translated: tuple[str, ...] = (), **params: str) -> str:
    """A JSON Schema description made from ``template`` (English), remembered for its translation."""
    text = template.format(**params)
    DESCRIPTIONS[text] = (template, params, translated)
    return text


# -- vocabularies ----------------------------------------------------------------------------------------
BOARD_FORMAT = "muhq-board/1"
SET_FORMAT = "muhq-cards/1"
CARD_TYPES = ("unit", "artifact", "equipment", "spell")  # MUHQ-CARD-1
PERMANENT_TYPES = ("unit", "artifact", "equipment")
FIELD_TYPES = ("normal", "deep_water", "high_ground", "wall")  # MUHQ-BOARD-3
OBJECT_ROLES = ("vip", "building", "victory_item", "none")  # spec 6.1
MARKERS = ("paralysis", "poison", "panic", "rage", "protection")  # MUHQ-COND-1
CONTROLLERS = ("you", "enemy", "any", "neutral")
TARGET_KINDS = ("unit", "artifact", "equipment", "permanent", "player")
KEYWORDS = ("armor", "crew", "solid", "durability", "veiled", "swimming", "landmark", "protection_from")  # 7.3
FLAG_KEYWORDS = ("veiled", "swimming", "landmark")
PLAY_MODES = ("alone", "next_unit")  # MUHQ-EQUIP-3
EVENTS = ("enters", "dies", "activated", "attacks", "deals_combat_damage", "is_dealt_damage", "ends_move",
          "upkeep_start")  # spec 7.7
#: Events that only a unit has (MUHQ-PERM-5 dies, MUHQ-COMBAT-11 attacks / deals damage, MUHQ-MOVE-8).
UNIT_EVENTS = ("dies", "attacks", "deals_combat_damage", "ends_move")
#: References (spec 7.5) to permanents; ``you`` and ``controller_of`` name players; ``T1`` … name targets.
OBJECT_REFS = ("self", "equipped_unit", "event.unit", "event.damaged", "event.defender")
#: The extra event references and the one event that has each (spec 7.7's table).
EVENT_ONLY_REFS = {"event.damaged": "deals_combat_damage", "event.defender": "attacks"}
TARGET_NAME_RE = re.compile(r"T[1-9][0-9]?")

# The closed vocabularies as types: one source, the tuples above.
CardType = Literal[CARD_TYPES]  # type: ignore[valid-type]
FieldType = Literal[FIELD_TYPES]  # type: ignore[valid-type]
ObjectRole = Literal[OBJECT_ROLES]  # type: ignore[valid-type]
Marker = Literal[MARKERS]  # type: ignore[valid-type]
Controller = Literal[CONTROLLERS]  # type: ignore[valid-type]
TargetKind = Literal[TARGET_KINDS]  # type: ignore[valid-type]
GroupKind = Literal[TARGET_KINDS[:-1]]  # type: ignore[valid-type]
PlayMode = Literal[PLAY_MODES]  # type: ignore[valid-type]
Event = Literal[EVENTS]  # type: ignore[valid-type]
GrantKeyword = Literal[FLAG_KEYWORDS]  # type: ignore[valid-type]
#: Any keyword may be taken away but durability: an equipment without it would have no hit points.
RemoveKeyword = Literal[tuple(k for k in KEYWORDS if k != "durability")]  # type: ignore[valid-type]
