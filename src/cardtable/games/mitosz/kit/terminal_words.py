"""Mítosz in the terminal: the words and styles of the board (spheres, roads, card types and subtypes, modes,
rows, fight stages, effects) and the renderer's sizes."""

from __future__ import annotations

from typing import Any

from cardtable.engine.i18n import N_, Translator

_ = Translator("mitosz-ui")

SPHERES = (N_("magic"), N_("influence"), N_("wealth"), N_("force"))
#: a sphere's initial, as the costs write it ("M1"; the same messages as the engine's catalog: the cards' notation)
SPHERE_LETTERS = (N_("M{n}"), N_("I{n}"), N_("W{n}"), N_("F{n}"))
#: a road's edge in a sentence ("through its N road": "N oldali út", "Weg N"), as the engine's catalog writes it
ROAD_WORDS = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}
#: a road with its level in a list of roads ("N1 E×2"; the board's letters in every language so far)
ROAD_MARKS = {"N": N_("N{level}"), "E": N_("E{level}"), "S": N_("S{level}"), "W": N_("W{level}")}


def road_mark(edge: str, level: object) -> str:
    return _(ROAD_MARKS[edge], level=level) if edge in ROAD_MARKS else f"{edge}{level}"
SPHERE_STYLE = ("bold medium_purple", "bold gold3", "bold green4", "bold red3")  # i18n: no (rich styles)
BOLD_RED = "bold red"  # i18n: no (a rich style)
BOLD_GREEN = "bold green"  # i18n: no (a rich style)
BOLD_REVERSE = "bold reverse"  # i18n: no (a rich style)
BOLD_MAGENTA = "bold magenta"  # i18n: no (a rich style)
BOLD_YELLOW = "bold yellow"  # i18n: no (a rich style)
TYPE_WORDS = {
    "high_god": N_("high god"), "nation": N_("nation"), "location": N_("location"), "leader": N_("leader"),
    "item": N_("item"), "intrigue": N_("intrigue"), "fate": N_("fate"), "supply": N_("supply"),
    "free_maneuver": N_("free maneuver"), "card": N_("card"),
}
#: the subtypes (vocabulary.SUBTYPES) as a card's type line reads them (the rulebook's section 8)
SUBTYPE_WORDS = {
    "forest": N_("forest"), "mountain": N_("mountain"), "deep": N_("deep"), "swamp": N_("swamp"),
    "steppe": N_("steppe"), "polar": N_("polar"), "desert": N_("desert"), "urban": N_("urban"),
    "aquatic": N_("aquatic"), "shapeshifter": N_("shapeshifter"), "demon": N_("demon"), "undead": N_("undead"),
    "sprite": N_("sprite"), "giant": N_("giant"), "dragon": N_("dragon"), "dwarf": N_("dwarf"), "elf": N_("elf"),
    "region": N_("region"), "building": N_("building"), "shrine": N_("shrine"), "fortress": N_("fortress"),
    "warlord": N_("warlord"), "mount": N_("mount"), "hero": N_("hero"), "god": N_("god"),
    "monster": N_("monster"), "ruler": N_("ruler"), "relic": N_("relic"), "weapon": N_("weapon"),
    "potion": N_("potion"), "armor": N_("armor"), "strike": N_("strike"), "beast": N_("beast"),
    "troop": N_("troop"), "war_machine": N_("war machine"), "sage": N_("sage"), "charm": N_("charm"),
    "enchanter": N_("enchanter"), "song": N_("song"), "bard": N_("bard"), "life": N_("life"),
    "healer": N_("healer"), "earth": N_("earth"), "death": N_("death"), "necromancer": N_("necromancer"),
    "priest": N_("priest"), "prophecy": N_("prophecy"), "seer": N_("seer"), "craft": N_("craft"),
    "air": N_("air"), "flying": N_("flying"), "rune": N_("rune"), "scribe": N_("scribe"), "fire": N_("fire"),
    "spell": N_("spell"), "wizard": N_("wizard"), "water": N_("water"),
}
MODE_WORDS = {
    "window": N_("open window"),
    "counter": N_("counter round"),
    "prompt": N_("a decision"),
    "over": N_("game over"),
}
ROW_WORDS = {"front": N_("front"), "auxiliary": N_("auxiliary"), "reserve": N_("reserve")}
SUPPLY_MODES = {"level": N_("level"), "maneuvers": N_("maneuvers")}
STAGE_WORDS = {
    "rounds": N_("fight rounds"), "commander": N_("naming the defending commander"),
    "monsters": N_("monsters return"), "outcome": N_("the outcome"), "compare": N_("comparing the armies"),
}
EFFECT_WORDS = {
    "modify_level": N_("level"), "modify_base_level": N_("base level"), "modify_road": N_("road level"),
    "close_road": N_("closed road"), "grant_immunity": N_("immunity"), "grant_subtype": N_("subtype"),
    "grant_fate_use": N_("may use a fate"), "modify_army": N_("army level"), "modify_cost": N_("cost"),
    "modify_hand_size": N_("hand size"), "modify_power_points": N_("power points"),
    "neutralize_ability": N_("ability neutralized"), "restrict": N_("restriction"), "set_card_type": N_("card type"),
    "steal": N_("stolen"),
}
CELL = 14  # inner width of a nation cell
LOG_LINES = 8


def _type(t: str | None) -> str:
    word = TYPE_WORDS.get(t or "card")
    return _(word) if word else (t or "card").replace("_", " ")


def _subtype(s: str) -> str:
    word = SUBTYPE_WORDS.get(s)
    return _(word) if word else s.replace("_", " ")


def effect_words(e: dict[str, Any]) -> str:
    """An effect's kind and value: 'level +1', 'closed road N'."""
    value = e.get("value")
    value = "" if value in (None, [], "") else f" {value if not isinstance(value, list) else ', '.join(map(str, value))}"
    kind = EFFECT_WORDS.get(e["kind"])
    return (_(kind) if kind else e["kind"].replace("_", " ")) + value
