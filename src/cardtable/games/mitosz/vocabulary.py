"""Mítosz's identifiers (spec section 2, Glossary): card types, subtypes, spheres, zones, markers, keywords.

Plain tuples, no pydantic: the schema (``schema/``) builds its enums from them, and the rules will
use them later. Every identifier is lower_snake_case as the glossary fixes it.
"""

from __future__ import annotations

CARD_TYPES = ("high_god", "nation", "location", "leader", "item", "intrigue", "fate", "supply", "free_maneuver")
#: Cards that can be summoned and so have a summoning cost (MIT-6.3.8.b: not high god, nation, maneuver; not fate).
SUMMONED_TYPES = ("leader", "location", "item", "intrigue", "supply")
#: Cards with a printed level (spec 5.2 ``level``); the other types have none.
LEVELLED_TYPES = ("leader", "supply", "location", "item", "free_maneuver")
#: Cards whose level may be printed with a sign, i.e. modifies another card's level (spec 5.2 ``level_is_modifier``).
MODIFIER_TYPES = ("location", "item", "free_maneuver")

SPHERES = ("magic", "influence", "wealth", "force")
SPHERE_MAX = 6
ROADS = ("N", "E", "S", "W")

NATION_SUBTYPES = ("forest", "mountain", "deep", "swamp", "steppe", "polar", "desert", "urban", "aquatic")
RACES = ("shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf")
LOCATION_SUBTYPES = ("region", "building", "shrine", "fortress")
LEADER_SUBTYPES = ("warlord", "mount", "hero", "god", "monster", "ruler")
ITEM_SUBTYPES = ("relic", "weapon", "potion", "armor")
FATE_SUBTYPES = ("strike",)
SUPPLY_SUBTYPES = ("beast", "troop", "war_machine", "weapon", "armor")
#: Further subtypes (maneuver subtype / user subtype pairs, and the rest), usable on any card type.
EXTRA_SUBTYPES = ("sage", "charm", "enchanter", "song", "bard", "life", "healer", "earth", "death", "necromancer",
                  "priest", "prophecy", "seer", "craft", "air", "flying", "rune", "scribe", "fire", "spell",
                  "wizard", "water")

SUBTYPES = tuple(dict.fromkeys(NATION_SUBTYPES + RACES + LOCATION_SUBTYPES + LEADER_SUBTYPES + ITEM_SUBTYPES
                               + FATE_SUBTYPES + SUPPLY_SUBTYPES + EXTRA_SUBTYPES))

#: Which card types may carry a type-bound subtype (section 8). Races and EXTRA_SUBTYPES go on any type
#: but an intrigue, which has no subtypes (MIT-8.intrigue).
SUBTYPE_CARD_TYPES: dict[str, tuple[str, ...]] = {
    **{s: ("nation",) for s in NATION_SUBTYPES},
    **{s: ("location",) for s in LOCATION_SUBTYPES},
    **{s: ("leader",) for s in LEADER_SUBTYPES},
    "relic": ("item",), "potion": ("item",), "weapon": ("item", "supply"), "armor": ("item", "supply"),
    "strike": ("fate",),
    "beast": ("supply",), "troop": ("supply",), "war_machine": ("supply",),
}

TIMINGS = ("action", "reaction", "rite", "battle")
SPEEDS = ("normal", "counter", "locked")
KEYWORDS = ("volley", "fear", "poison")
ZONES = ("board", "hand", "deck", "afterworld", "oblivion", "stack", "fight")
ROWS = ("front", "auxiliary", "reserve")
RESTRICTIONS = ("cannot_attack", "cannot_fight", "cannot_be_destroyed", "cannot_be_stolen", "cannot_use_maneuvers",
                "cannot_be_sacrificed")
#: Card types a selector's filter may name: the nine, plus ``maneuver`` (a maneuver on the stack; not a fate, MIT-3.7.e).
FILTER_CARD_TYPES = CARD_TYPES + ("maneuver",)
