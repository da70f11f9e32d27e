"""Mítosz's data files: card sets and decks as YAML, found by name, validated, cross-checked.

Anything a person can pick (later: a deck in the web lobby) is a **name**, never a path: a path would
let any user make the server read its files, and a record would not replay on another machine. Names
are looked up

1. in this package's ``data/`` folder (the packaged files; their names are reserved, so ``smp`` and
   ``dawn-court`` mean the same everywhere), then
2. in ``$CARDTABLE_DATA_DIR/mitosz/``, where designers add their own sets and decks without code.

A **set** ``<name>.yaml`` holds the set whose code is the name in capitals (``smp.yaml`` → ``SMP``);
its cards have ids ``<code>-<serial>``. A **deck** ``deck-<name>.yaml`` names its cards by id; the sets
it needs follow from the ids. :func:`load_set_file` and :func:`load_deck_file` read a file given by path,
for command-line tools and tests only.

Every file is validated with the models of ``schema`` (imported only then: every command imports every
game package). A bad file raises :class:`MitoszDataError` (an engine ``DataError``) whose message names
the file, the card, the field and the line; a deck that breaks the construction rules (MIT-1.3.1)
raises :class:`DeckError`, which also carries the rule ID.

**Translations.** The fields a person reads (:data:`TRANSLATABLE`: a card's name and flavour, a set's and a
deck's name and note) may be given in German and Hungarian beside the English, under ``translations``::

    - id: SMP-001
      name: "Solvane, Dawn Sovereign"
      translations:
        hu: {name: "…"}
        de: {name: "…"}

Everything else (ids, types, ``links``, a filter's ``name``, a deck entry's ``name``) stays English: those are
keys, and the display translates the card they point at. :func:`localized` gives a field in the reader's
language (falling back to English); :func:`missing_translations` lists what a file leaves untranslated (not an
error in a designer's own file; the packaged files have none missing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from cardtable.engine import DataError
from cardtable.engine.i18n import SOURCE_LANGUAGE, Translator, current_language
from cardtable.engine.datafiles import (DataFiles, Describe, did_you_mean, entry_label,
                                        list_entries, list_item, locate)

from .translatable import TRANSLATABLE as TRANSLATABLE, TRANSLATION_LANGUAGES as TRANSLATION_LANGUAGES

if TYPE_CHECKING:  # pragma: no cover
    from pydantic import BaseModel

    from cardtable.engine.datafiles import Data, Loc

    from .schema.cards import Card
    from .schema.sets import CardSet
    from .schema.decks import Deck

_M = TypeVar("_M", bound="BaseModel")

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
GAME_FOLDER = "mitosz"  # Mítosz's files live in the ``mitosz/`` folder of $CARDTABLE_DATA_DIR (DATA_DIR_ENV)
SET_NAME_RE = re.compile(r"[a-z][a-z0-9]{1,9}")  # the set code in lower case
DECK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
DECK_PREFIX = "deck-"
MAX_FILE_BYTES = 2_000_000
_ = Translator("mitosz")

_NEAR_CARD = re.compile(r"\s*-\s+(?:id|card):\s*['\"]?([A-Za-z0-9-]+)")  # where a file is not YAML


class MitoszDataError(DataError):
    """A Mítosz set or deck that is missing, unreadable or invalid (``file``, ``entry``, ``field``, ``line``)."""


class DeckError(MitoszDataError):
    """A deck that breaks a deck construction rule. ``rule`` is the rule ID of the first rule
    (e.g. ``"MIT-1.3.1.b"``) that is broken, ``rules`` those of all problems (None where no rule is concerned)."""

    def __init__(self, reason: str, *, rules: list[str | None], **kwargs: Any):
        self.rules = list(rules)
        self.rule = next((r for r in self.rules if r), None)
        super().__init__(reason, **kwargs)


@dataclass(frozen=True)
class DeckRules:
    """The deck construction rules MIT-1.3.1.b–d with their configuration (spec Appendix A, OP-03)."""

    win_target: int = 12
    deck_min_multiplier: int = 5
    deck_min_includes_high_god: bool = True  # MIT-1.3.1.b: the high god is one of the deck's cards
    max_copies: int = 4

    @property
    def minimum(self) -> int:
        return self.deck_min_multiplier * self.win_target


@dataclass(frozen=True)
class DeckList:
    """A loaded, validated deck: its high god and its other cards with their copies."""

    name: str  # the file name's part after "deck-" (or the file's stem for a file given by path)
    title: str  # the deck's ``name`` field
    source: str  # "packaged", "user" or "file"
    path: Path
    high_god: "Card"
    entries: tuple[tuple["Card", int], ...]
    note: str = ""
    #: the deck's ``translations`` (of ``name`` and ``note``), as the file gives them
    translations: Any = field(default=None, compare=False, repr=False)
    cards_by_id: dict[str, "Card"] = field(default_factory=dict, compare=False, repr=False)

    def size(self) -> int:
        """The number of cards besides the high god."""
        return sum(n for _, n in self.entries)

    def shown_title(self, lang: str | None = None) -> str:
        """The deck's name in the reader's language (``lang``, else the current one), else its English ``title``."""
        return _translated(self.translations, "name", lang) or self.title

    def card_ids(self) -> list[str]:
        """One id per card besides the high god (copies repeated), in the order of the file."""
        return [card.id for card, n in self.entries for _ in range(n)]


# -- translations ---------------------------------------------------------------------------------------
def _translated(translations: Any, field_name: str, lang: str | None) -> str | None:
    lang = lang or current_language()
    if lang == SOURCE_LANGUAGE or translations is None:
        return None
    one = getattr(translations, lang, None)
    value = getattr(one, field_name, None) if one is not None else None
    return value or None


def localized(entry: Any, field_name: str = "name", lang: str | None = None) -> str:
    """``entry``'s ``field_name`` (a card's, a set's or a deck's, see :data:`TRANSLATABLE`) in ``lang`` (default:
    the reader's language), falling back to the English field where the file gives no translation."""
    return _translated(getattr(entry, "translations", None), field_name, lang) or getattr(entry, field_name)


def missing_translations(sets: list[str] | None = None, decks: list[str] | None = None
                         ) -> list[tuple[str, str, str]]:
    """Every translatable field that a file gives in English but not in every language of
    :data:`TRANSLATION_LANGUAGES`, as ``(file, entry, field)``: ``("…/smp.yaml", "card SMP-001 'Solvane, Dawn
    Sovereign'", "translations.hu.name")``. ``sets`` and ``decks`` are names (default: every one found)."""
    out: list[tuple[str, str, str]] = []

    def check(path: Path, label: str, entry: Any, kind: str) -> None:
        for name in TRANSLATABLE[kind]:
            if not getattr(entry, name):
                continue  # nothing to translate (an empty flavour or note)
            for lang in TRANSLATION_LANGUAGES:
                if _translated(getattr(entry, "translations", None), name, lang) is None:
                    out.append((str(path), label, f"translations.{lang}.{name}"))

    for set_name in set_names() if sets is None else sets:
        path, _source = _find("set", set_name)
        card_set = load_set_file(path)
        check(path, f"set {card_set.code}", card_set, "set")
        for card in card_set.cards:
            check(path, f"card {card.id} {card.name!r}", card, "card")
    from .schema.decks import Deck

    for deck_name in deck_names() if decks is None else decks:
        path, _source = _find("deck", deck_name)
        deck = _read("deck", path, Deck, _deck_entry(None))[0]
        check(path, f"deck {deck.name!r}", deck, "deck")
    return out


# -- finding files ------------------------------------------------------------------------------------
_FILES = DataFiles(GAME_FOLDER, PACKAGED_DIR, MitoszDataError)


def user_dir() -> Path | None:
    return _FILES.user_dir()


def set_names() -> list[str]:
    """The names of the card sets: the packaged ones, then the user directory's, each sorted."""
    return _FILES.names("*.yaml", lambda p: p.stem if SET_NAME_RE.fullmatch(p.stem) else None)


def deck_names() -> list[str]:
    """The names of the decks: the packaged ones, then the user directory's, each sorted."""
    def name(p: Path) -> str | None:
        n = p.stem[len(DECK_PREFIX):]
        return n if DECK_NAME_RE.fullmatch(n) else None

    return _FILES.names(f"{DECK_PREFIX}*.yaml", name)


def _find(kind: str, name: Any) -> tuple[Path, str]:
    """The file of the set or deck ``name`` and where it comes from. Checks the name before any file is touched."""
    if kind == "set":
        return _FILES.find("set", name, f"{name}.yaml", valid=SET_NAME_RE, listing=set_names,
                           rule=_("lower-case letters and digits (the set code, e.g. 'smp')"))
    return _FILES.find("deck", name, f"{DECK_PREFIX}{name}.yaml", valid=DECK_NAME_RE, listing=deck_names,
                       rule=_("letters, digits, '-' and '_' (at most 64)"))


# -- reading --------------------------------------------------------------------------------------------
def _read(kind: str, path: Path, model: type[_M], describe: Describe) -> tuple[_M, Data, Any]:
    """The file at ``path`` validated as ``model``, with its data and YAML node tree (cached until it changes)."""
    def read() -> tuple[_M, Data, Any]:
        data, node = _FILES.read_yaml(path, max_bytes=MAX_FILE_BYTES, mapping="name: …, cards: […]",
                                      near=_NEAR_CARD)
        return _FILES.validate(model, data, node, path, describe, exact_checks=False), data, node

    return _FILES.cached(kind, path, read)


_set_entry = list_entries("cards", "card", "set", "code")  # card SMP-013 'Lysa Brightspear' at cards[3]; set SMP


# -- sets -------------------------------------------------------------------------------------------------
def load_set(name: str) -> "CardSet":
    """The card set ``name`` (e.g. ``"smp"``), validated and cross-checked. MitoszDataError if missing or bad."""
    path, _source = _find("set", name)
    card_set = load_set_file(path)
    if card_set.code != name.upper():
        raise MitoszDataError(_("the file {file} must hold the set {code} (its name in capitals), not {found}",
                                file=path.name, code=repr(name.upper()), found=repr(card_set.code)),
                              file=str(path), entry=f"set {card_set.code}", field="code")
    return card_set


def load_set_file(path: str | Path) -> "CardSet":
    """The card set in the file ``path`` (command-line tools and tests; users pick sets by name)."""
    from .schema.sets import CardSet

    return _read("set", Path(path), CardSet, _set_entry)[0]


def catalogue(*names: str) -> dict[str, "Card"]:
    """The cards of the named sets (default: every set found), by id."""
    out: dict[str, Card] = {}
    for name in names or set_names():
        out.update({c.id: c for c in load_set(name).cards})
    return out


# -- decks -------------------------------------------------------------------------------------------------
def load_deck(name: str, rules: DeckRules = DeckRules()) -> DeckList:
    """The deck ``name`` (e.g. ``"dawn-court"``), with its cards from their sets, checked against MIT-1.3.1.

    MitoszDataError if it is missing or malformed or names an unknown card; DeckError if it breaks a
    deck construction rule.
    """
    path, source = _find("deck", name)
    return _deck(path, name, source, rules, None)


def load_deck_file(path: str | Path, rules: DeckRules = DeckRules(),
                   cards: dict[str, "Card"] | None = None) -> DeckList:
    """The deck in the file ``path`` (command-line tools and tests). Its cards come from ``cards`` (by id)
    if given, else from the sets named by its card ids, found by name as for :func:`load_deck`."""
    path = Path(path)
    name = path.stem[len(DECK_PREFIX):] if path.stem.startswith(DECK_PREFIX) else path.stem
    return _deck(path, name, "file", rules, cards)


def _deck(path: Path, name: str, source: str, rules: DeckRules, cards: dict[str, "Card"] | None) -> DeckList:
    from .schema.decks import Deck

    deck, data, node = _read("deck", path, Deck, _deck_entry(None))
    if cards is None:
        cards = {}
        for code in sorted({cid.split("-")[0] for cid in [deck.high_god] + [e.card for e in deck.cards]}):
            if code.lower() in set_names():
                cards.update({c.id: c for c in load_set(code.lower()).cards})
    return check_deck(deck, cards, rules, path=path, name=name, source=source, data=data, node=node)


def _deck_entry(cards: dict[str, "Card"] | None) -> Describe:
    def describe(loc: Loc, data: Data) -> tuple[str, Loc]:
        item = list_item(loc, data)
        if item is not None and loc[0] == "cards":
            at, raw = item
            # (any value of the file looks a card up: None or a number is no card)
            card = cards.get(raw.get("card")) if cards and isinstance(raw, dict) else None  # type: ignore[arg-type]
            shown = ({"id": card.id, "name": card.name} if card is not None else
                     {"id": raw.get("card"), "name": raw.get("name")} if isinstance(raw, dict) else None)
            return entry_label("card", shown, at), loc[2:]
        if loc and loc[0] == "high_god" and isinstance(data.get("high_god"), str):
            card = cards.get(data.get("high_god")) if cards else None  # type: ignore[arg-type]  # a str (above)
            label = f"high god {data.get('high_god')}" + (f" {card.name!r}" if card is not None else "")  # i18n: no (an entry label, as the engine writes them: a locator)
            return label, loc
        title = data.get("name")
        return (f"deck {title!r}" if isinstance(title, str) else "deck"), loc

    return describe


def check_deck(deck: "Deck", cards: dict[str, "Card"], rules: DeckRules = DeckRules(), *, path: Path,
               name: str, source: str = "file", data: Data | None = None, node: Any = None) -> DeckList:
    """Check a deck against the card definitions ``cards`` (by id) and the construction rules MIT-1.3.1.

    Every problem is collected; one DeckError (or MitoszDataError if no rule is broken, only unknown or
    misnamed cards) names them all.
    """
    from .text import card_type_word

    data = data if data is not None else deck.model_dump(by_alias=True)
    describe = _deck_entry(cards)
    problems: list[tuple[Loc, str, str | None]] = []  # (loc, reason, rule)

    def unknown(card_id: str) -> str:
        code = card_id.split("-")[0]
        if not any(cid.startswith(code + "-") for cid in cards):
            return _("no card {card}: there is no set {code} in {where}", card=card_id, code=repr(code),
                     where=_FILES.where())
        hint = did_you_mean(card_id, cards, "{}")
        if hint:
            return _("no card {card} in set {code}; did you mean {hint}?", card=card_id, code=code, hint=hint)
        return _("no card {card} in set {code}", card=card_id, code=code)

    high_god = cards.get(deck.high_god)
    if high_god is None:
        problems.append((("high_god",), unknown(deck.high_god), None))
    elif high_god.card_type != "high_god":
        problems.append((("high_god",), "MIT-1.3.1.d: " + _(
            "a deck holds exactly one high god card; {id} {card} is a {type}", id=deck.high_god,
            card=repr(localized(high_god)), type=card_type_word(high_god.card_type)), "MIT-1.3.1.d"))
    entries: list[tuple[Card, int]] = []
    for i, entry in enumerate(deck.cards):
        card = cards.get(entry.card)
        if card is None:
            problems.append((("cards", i, "card"), unknown(entry.card), None))
            continue
        if entry.name is not None and entry.name != card.name:
            problems.append((("cards", i, "name"), _("{id} is called {name}, not {given}", id=entry.card,
                                                     name=repr(card.name), given=repr(entry.name)), None))
        if card.card_type == "high_god":
            problems.append((("cards", i, "card"), "MIT-1.3.1.d: " + _(
                "a deck holds exactly one high god card, named by 'high_god' ({god}); {id} {card} would be a second",
                god=deck.high_god, id=card.id, card=repr(localized(card))), "MIT-1.3.1.d"))
        if entry.copies > rules.max_copies:
            problems.append((("cards", i, "copies"), "MIT-1.3.1.c: " + _(
                "{n} copies; a deck holds at most {max} copies of any card", n=entry.copies, max=rules.max_copies),
                "MIT-1.3.1.c"))
        entries.append((card, entry.copies))
    size = deck.size()
    counted = size + (1 if rules.deck_min_includes_high_god else 0)
    if counted < rules.minimum:
        if rules.deck_min_includes_high_god:
            why = _("the deck has {n} cards including its high god; it needs at least {min} ({k} × the win target "
                    "{target})", n=counted, min=rules.minimum, k=rules.deck_min_multiplier, target=rules.win_target)
        else:
            why = _("the deck has {n} cards besides its high god; it needs at least {min} ({k} × the win target "
                    "{target})", n=counted, min=rules.minimum, k=rules.deck_min_multiplier, target=rules.win_target)
        problems.append((("cards",), "MIT-1.3.1.b: " + why, "MIT-1.3.1.b"))
    if problems:
        found = locate([(loc, reason) for loc, reason, _ in problems], data, node, describe)
        rule_ids = [rule for _, _, rule in problems]
        if any(rule_ids):
            raise DeckError(found[0][3], rules=rule_ids, file=str(path), problems=found)
        raise MitoszDataError(found[0][3], file=str(path), problems=found)
    assert high_god is not None
    return DeckList(name=name, title=deck.name, source=source, path=path, high_god=high_god,
                    entries=tuple(entries), note=deck.note, cards_by_id=dict(cards),
                    translations=deck.translations)
