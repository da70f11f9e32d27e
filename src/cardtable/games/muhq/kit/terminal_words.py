"""muhq's game in the terminal: the words and styles of the table (seats, terrain, card types, phases, markers,
roles) and how its lines name a seat, a field and a permanent ('U14')."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import N_, Translator

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

_ = Translator("muhq-ui")

SEAT_STYLE = ("bold cyan", "bold red", "bold green", "bold yellow", "bold magenta", "bold blue")  # i18n: no
NEUTRAL_STYLE = "bold white"  # i18n: no
TERRAIN = {"normal": "", "deep_water": "~", "high_ground": "^", "wall": "#"}
TERRAIN_STYLE = {"deep_water": "blue", "high_ground": "yellow", "wall": "grey50", "normal": ""}
TERRAIN_WORDS = {"normal": N_("normal"), "deep_water": N_("deep water"), "high_ground": N_("high ground"),
                 "wall": N_("wall")}
TYPE_LETTER = {"unit": "U", "artifact": "A", "equipment": "E"}
#: a card's or permanent's type as a reader says it
TYPE_WORDS = {"unit": N_("unit"), "artifact": N_("artifact"), "equipment": N_("equipment"), "spell": N_("spell")}
PHASE_WORDS = {"draft": N_("draft"), "start": N_("start phase"), "upkeep": N_("upkeep"),
               "action": N_("action phase"), "buy": N_("buy phase"), "end": N_("end phase")}
MARKER_WORDS = {"paralysis": N_("paralysis"), "poison": N_("poison"), "panic": N_("panic"), "rage": N_("rage"),
                "protection": N_("protection")}
ROLE_WORDS = {"vip": N_("VIP"), "building": N_("building"), "victory_item": N_("victory item")}
#: the values an effect changes until the end of the turn (spec 7.6, ``Modify``)
MODIFY_WORDS = {"attack": N_("attack"), "range": N_("range"), "movement": N_("movement"), "armor": N_("armor"),
                "life": N_("life")}
CELL = 7  # inner width of a field on the full-size board
LOG_LINES = 8


def seat_style(seat: int | None) -> str:
    if seat is None or seat < 0:
        return NEUTRAL_STYLE
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def _word(table: dict[str, str], key: Any) -> str:
    """A key's word from one of the tables above in the reader's language (an unknown key as it is)."""
    return _(table[key]) if key in table else str(key)


def type_word(kind: str | None) -> str:
    return _word(TYPE_WORDS, kind) if kind else _("card")


def who(seat: int | None, view: dict[str, Any], seat_names: list[str] | None = None) -> str:
    if seat is None or seat < 0:
        return _("neutral")
    me = view.get("viewer")
    if seat_names is None:
        return _("P{seat} (you)", seat=seat) if seat == me else f"P{seat}"
    name = seat_names[seat] if seat < len(seat_names) else _("seat {seat}", seat=seat)
    if seat == me:
        return _("P{seat} ({name}, you)", seat=seat, name=name)
    return f"P{seat} ({name})"


def _ctrl(seat: int | None) -> str:
    return "N" if seat is None or seat < 0 else f"P{seat}"


def _xy(field: Sequence[int]) -> str:
    return f"({field[0]}, {field[1]})"


def _attack(attack: Iterable[Sequence[int]] | None) -> str:
    """'2@R1 + 1@R3': the attack components (value at range)."""
    return " + ".join(f"{v}@R{r}" for v, r in attack) if attack else _("none")


def code(perm: dict[str, Any]) -> str:
    """How the board names a permanent: type letter and id, 'U14'."""
    return f"{TYPE_LETTER.get(perm['type'], '?')}{perm['id']}"


def field_tags(field: dict[str, Any]) -> list[str]:
    tags = []
    if field.get("spawn"):
        tags.append("S" + "".join(str(s) for s in field["spawn"]))
    if field.get("income"):
        tags.append(f"${field['income']}")
    if field.get("area"):
        tags.append(field["area"][:3])
    return tags
