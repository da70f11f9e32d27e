"""MAOQY's cards (spec section 2): 12 colour kingdoms × 17 cards, their complements, the optional extra cards.

Card IDs (spec 2.3): kingdom index × 17 + (number − 1) for the 204 colour cards, so red 1 is 0 and
black 17 is 203. Extra cards (MAOQY-9) follow from 204 on, each named set of them in its own ID range,
so a card ID means the same card in every game. Everything here is data: the complementary pairs
have no effect at Level 1 (OP-6) and are kept for Levels 2 and 3.
"""

from __future__ import annotations

from typing import Any, Iterable

from cardtable.engine.i18n import N_, Translator

_ = Translator("maoqy")

#: The colour kingdoms in seed order (spec 2.1); their index is part of the card ID.
KINGDOMS = ("red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white", "black")
#: How a person reads each kingdom's name (English: the data name; German: the rulebook's; Hungarian: translated).
KINGDOM_TITLES = (N_("red"), N_("turquoise"), N_("blue"), N_("brown"), N_("violet"), N_("gold"), N_("green"),
                  N_("orange"), N_("silver"), N_("yellow"), N_("white"), N_("black"))
KINGDOMS_DE = ("Rot", "Türkis", "Blau", "Braun", "Violett", "Gold", "Grün", "Orange", "Silber", "Gelb", "Weiss", "Schwarz")
#: COMPLEMENT[k] is the index of kingdom k's complementary kingdom (symmetric; spec 2.1). Data only: the relation
#: has no effect at Level 1 (MAOQY-1.3, OP-6).
COMPLEMENT = (6, 3, 9, 1, 7, 8, 0, 4, 5, 2, 11, 10)
NUM_KINGDOMS = len(KINGDOMS)
#: The four kingdoms without colour and complement (OP-4): kingdoms of extra cards only, never in a street.
OTHER_KINGDOMS = ("humans", "earthly", "cosmos", "nature")
OTHER_KINGDOMS_DE = ("Menschen", "Irdisch", "Kosmos", "Natur")
OTHER_KINGDOM_TITLES = (N_("humans"), N_("earthly"), N_("cosmos"), N_("nature"))
ALL_KINGDOMS = KINGDOMS + OTHER_KINGDOMS
#: What the back of an extra card without a kingdom shows (it cannot show a kingdom colour).
NO_KINGDOM = "extra"

#: The 17 figures of every colour kingdom, numbers 1-17 (spec 2.2).
FIGURES = ("Beggar", "Farmer", "Smith", "Merchant", "Fisher", "Scribe", "Messenger", "Healer", "Fighter", "Priest",
           "Ruler", "Minister", "Joker", "Cook", "Explorer", "Pupil", "Scholar")
FIGURE_TITLES = (N_("Beggar"), N_("Farmer"), N_("Smith"), N_("Merchant"), N_("Fisher"), N_("Scribe"),
                 N_("Messenger"), N_("Healer"), N_("Fighter"), N_("Priest"), N_("Ruler"), N_("Minister"),
                 N_("Joker"), N_("Cook"), N_("Explorer"), N_("Pupil"), N_("Scholar"))
FIGURES_DE = ("Bettler", "Bauer", "Schmied", "Händler", "Fischer", "Schreiber", "Bote", "Heiler", "Kämpfer",
              "Priester", "Herrscher", "Minister", "Joker", "Koch", "Forscher", "Schüler", "Gelehrter")
PER_KINGDOM = len(FIGURES)
STANDARD_CARDS = NUM_KINGDOMS * PER_KINGDOM

# Named sets of extra cards (MAOQY-9.1): (number, printed name, kingdom or None). "website" is the list of
# the game's website (spec section 12) up to the last complete entry; it names no kingdom for any card.
EXTRA_SETS_DATA: dict[str, tuple[tuple[int, str, str | None], ...]] = {
    # The printed names are German (the original); English shows them as printed, Hungarian translates them.
    "website": tuple((18 + i, name, None) for i, name in enumerate((
        N_("Der Leopard"), N_("Die Kirche"), N_("Das Gericht"), N_("Der Friedhof"), N_("Die Festung"),
        N_("Höhere Macht"), N_("Seelenplan"), N_("Ich"), N_("Familie"), N_("Verwandte"), N_("Bekannte"),
        N_("Freunde"), N_("Die Bühne"), N_("Zeiten"), N_("Ereignisse"), N_("Zeiträume"), N_("Gewalten"),
        N_("Sterne"), N_("Monde"), N_("Planeten"), N_("Kometen"), N_("Galaxien"), N_("Gegner"), N_("Vorgesetzte"),
        N_("Untergebene"), N_("Vorfahren"), N_("Nachfahren"), N_("Der Spielplatz"), N_("Die Jahreszeiten"),
        N_("Das Universum"), N_("Das Wurmloch"), N_("Das schwarze Loch"), N_("Der Ring"), N_("Das Tor"),
        N_("Die Tür"),
    ))),
}


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...], dict[str, tuple[int, ...]]]:
    kingdom = [i // PER_KINGDOM for i in range(STANDARD_CARDS)]
    number = [i % PER_KINGDOM + 1 for i in range(STANDARD_CARDS)]
    name = [FIGURES[i % PER_KINGDOM] for i in range(STANDARD_CARDS)]
    sets: dict[str, tuple[int, ...]] = {}
    for set_name, cards in EXTRA_SETS_DATA.items():
        first = len(kingdom)
        for num, printed, realm in cards:
            if num < 18:
                raise ValueError(f"extra card {printed!r} of set {set_name!r} has number {num}; extra cards are 18 or more")  # i18n: no
            kingdom.append(NUM_KINGDOMS + OTHER_KINGDOMS.index(realm) if realm is not None else -1)
            number.append(num)
            name.append(printed)
        sets[set_name] = tuple(range(first, len(kingdom)))
    return tuple(kingdom), tuple(number), tuple(name), sets


#: Per card ID: kingdom index (0-11 colour, 12-15 the other kingdoms, -1 none), printed number, name.
KINGDOM, NUMBER, NAME, EXTRA_SETS = _tables()
NUM_IDS = len(KINGDOM)
#: What the back of each card shows (OP-10): its kingdom's name.
BACK = tuple(ALL_KINGDOMS[k] if k >= 0 else NO_KINGDOM for k in KINGDOM)
#: Sort key of a back: kingdom order, kingdomless extras last.
BACK_ORDER = {name: i for i, name in enumerate(ALL_KINGDOMS + (NO_KINGDOM,))}

assert STANDARD_CARDS == 204 and all(COMPLEMENT[COMPLEMENT[k]] == k != COMPLEMENT[k] for k in range(NUM_KINGDOMS))


def card_id(kingdom: int | str, number: int) -> int:
    """The ID of a colour card (spec 2.3): ``card_id("blue", 7)`` is 40."""
    k = KINGDOMS.index(kingdom) if isinstance(kingdom, str) else kingdom
    if not (0 <= k < NUM_KINGDOMS and 1 <= number <= PER_KINGDOM):
        raise ValueError(_("no colour card {kingdom} {number}", kingdom=kingdom, number=number))
    return k * PER_KINGDOM + number - 1


def deck(kingdoms: Iterable[str], extra: str = "none") -> list[int]:
    """The card IDs of a deck in ascending order: the chosen colour kingdoms complete, then the extra set."""
    chosen = sorted(KINGDOMS.index(k) for k in kingdoms)
    cards = [k * PER_KINGDOM + i for k in chosen for i in range(PER_KINGDOM)]
    if extra != "none":
        cards.extend(EXTRA_SETS[extra])
    return cards


def is_street_card(card: int) -> bool:
    """Colour cards only (MAOQY-9.2)."""
    return 0 <= card < STANDARD_CARDS


def kingdom_name(k: int | str | None) -> str:
    """A kingdom's name as the reader reads it: 'blue' / 'Blau' / 'kék'; an extra card's back: 'extra'."""
    if isinstance(k, str):
        k = ALL_KINGDOMS.index(k) if k in ALL_KINGDOMS else -1
    if k is None or k < 0:
        return _("extra")
    if k < NUM_KINGDOMS:
        return _(KINGDOM_TITLES[k])
    return _(OTHER_KINGDOM_TITLES[k - NUM_KINGDOMS])


def figure_name(number: int) -> str:
    """The figure of a number (1-17) as the reader reads it: 'Messenger' / 'Bote' / 'Hírnök'."""
    return _(FIGURE_TITLES[number - 1])


def card_name(card: int) -> str:
    """The printed name of a card in the reader's language: a figure, or an extra card's name."""
    if card < STANDARD_CARDS:
        return figure_name(NUMBER[card])
    return _(NAME[card])


def label(card: int) -> str:
    """'blue 7': how the spec writes a card; extra cards by number and name (in the reader's language)."""
    if not 0 <= card < NUM_IDS:
        return f"#{card}"
    if card < STANDARD_CARDS:
        return _("{kingdom} {number}", kingdom=kingdom_name(KINGDOM[card]), number=NUMBER[card])
    if KINGDOM[card] >= 0:
        return _("{number} {name} ({kingdom})", number=NUMBER[card], name=card_name(card),
                 kingdom=kingdom_name(KINGDOM[card]))
    return _("{number} {name}", number=NUMBER[card], name=card_name(card))


def long_label(card: int) -> str:
    """'blue 7 Messenger'."""
    if 0 <= card < STANDARD_CARDS:
        return _("{kingdom} {number} {figure}", kingdom=kingdom_name(KINGDOM[card]), number=NUMBER[card],
                 figure=figure_name(NUMBER[card]))
    return label(card)


def labels(cards: Iterable[int]) -> str:
    return ", ".join(label(c) for c in sorted(cards)) or _("nothing")


def catalogue_entry(card: int) -> dict[str, Any]:
    """A card for the catalogue (data fields, language-neutral; ``catalogue_title`` has its names for reading)."""
    k = KINGDOM[card]
    entry: dict[str, Any] = {"id": card, "number": NUMBER[card], "name": NAME[card], "kingdom": ALL_KINGDOMS[k] if k >= 0 else None,
             "back": BACK[card], "street": card < STANDARD_CARDS}
    if card < STANDARD_CARDS:
        entry["name_de"] = FIGURES_DE[NUMBER[card] - 1]
        entry["complement"] = KINGDOMS[COMPLEMENT[k]]
    return entry


def catalogue_title(card: int) -> dict[str, Any]:
    """A card's names in the reader's language: ``label`` ('blue 7 Messenger'), ``title`` (its printed name:
    a figure or an extra card's name) and ``kingdom_title``."""
    return {"id": card, "label": long_label(card), "title": card_name(card), "kingdom_title": kingdom_name(KINGDOM[card])}
