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
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardtable.engine import DataError

if TYPE_CHECKING:  # pragma: no cover
    from .schema import Card, CardSet, Deck

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
#: Environment variable naming the user data directory; Mítosz's files live in its ``mitosz/`` folder.
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"
GAME_FOLDER = "mitosz"
SET_NAME_RE = re.compile(r"[a-z][a-z0-9]{1,9}")  # the set code in lower case
DECK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
DECK_PREFIX = "deck-"
MAX_FILE_BYTES = 2_000_000


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
    deck_min_includes_high_god: bool = False
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
    cards_by_id: dict[str, "Card"] = field(default_factory=dict, compare=False, repr=False)

    def size(self) -> int:
        """The number of cards besides the high god."""
        return sum(n for _, n in self.entries)

    def card_ids(self) -> list[str]:
        """One id per card besides the high god (copies repeated), in the order of the file."""
        return [card.id for card, n in self.entries for _ in range(n)]


# -- finding files ------------------------------------------------------------------------------------
def user_dir() -> Path | None:
    root = os.environ.get(DATA_DIR_ENV)
    return Path(root) / GAME_FOLDER if root else None


def _where() -> str:
    folder = user_dir()
    return (f"the packaged files or {folder}" if folder is not None else
            f"the packaged files (set {DATA_DIR_ENV} to add your own in ${DATA_DIR_ENV}/{GAME_FOLDER}/)")


def set_names() -> list[str]:
    """The names of the card sets: the packaged ones, then the user directory's, each sorted."""
    return _names(lambda p: p.stem if SET_NAME_RE.fullmatch(p.stem) else None, "*.yaml")


def deck_names() -> list[str]:
    """The names of the decks: the packaged ones, then the user directory's, each sorted."""
    def name(p: Path) -> str | None:
        n = p.stem[len(DECK_PREFIX):]
        return n if DECK_NAME_RE.fullmatch(n) else None

    return _names(name, f"{DECK_PREFIX}*.yaml")


def _names(name_of, pattern: str) -> list[str]:
    names: list[str] = []
    for folder in (PACKAGED_DIR, user_dir()):
        if folder is None:
            continue
        try:
            files = sorted(folder.glob(pattern))
        except OSError:
            continue
        names += [n for n in map(name_of, files) if n is not None and n not in names]
    return names


def _find(kind: str, name: Any) -> tuple[Path, str]:
    """The file of the set or deck ``name`` and where it comes from. Checks the name before any file is touched."""
    pattern, filename, listing = ((SET_NAME_RE, f"{name}.yaml", set_names) if kind == "set" else
                                  (DECK_NAME_RE, f"{DECK_PREFIX}{name}.yaml", deck_names))
    if not isinstance(name, str) or not pattern.fullmatch(name):
        rule = ("lower-case letters and digits (the set code, e.g. 'smp')" if kind == "set"
                else "letters, digits, '-' and '_' (at most 64)")
        raise MitoszDataError(f"{name!r} is not the name of a {kind}: a name is {rule}, never a path; "
                              f"available: {', '.join(map(repr, listing())) or 'none'}", file=None)
    for folder, source in ((PACKAGED_DIR, "packaged"), (user_dir(), "user")):
        if folder is not None and (folder / filename).is_file():
            return folder / filename, source
    available = listing()
    hint = difflib.get_close_matches(name, available, n=1)
    raise MitoszDataError(f"no {kind} {name!r} in {_where()}" + (f"; did you mean {hint[0]!r}?" if hint else "")
                          + f"; available: {', '.join(map(repr, available)) or 'none'}")


# -- reading --------------------------------------------------------------------------------------------
_CACHE: dict[tuple, Any] = {}


def _stat_key(kind: str, path: Path) -> tuple:
    try:
        stat = path.stat()
    except OSError as exc:
        raise MitoszDataError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    return (kind, str(path), stat.st_mtime_ns, stat.st_size)


def _read_yaml(path: Path) -> tuple[Any, Any]:
    """The file's data and its YAML node tree (for line numbers)."""
    import yaml

    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise MitoszDataError(f"the file is larger than {MAX_FILE_BYTES} bytes", file=str(path))
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MitoszDataError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    except UnicodeDecodeError:
        raise MitoszDataError("not UTF-8 text", file=str(path)) from None
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            _no_duplicate_keys(node, path)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        line = mark.line + 1 if mark is not None else None
        raise MitoszDataError(f"not valid YAML: {problem}", file=str(path), line=line,
                              entry=_card_near(text, line)) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise MitoszDataError(f"the file must hold a mapping (name: …, cards: […]), not "
                              f"{type(data).__name__ if data is not None else 'nothing'}", file=str(path))
    return data, node


def _card_near(text: str, line: int | None) -> str | None:
    """For a file that is not YAML: the card whose entry holds ``line`` (the last ``- id:`` above it)."""
    if line is None:
        return None
    for row in reversed(text.splitlines()[:line]):
        m = re.match(r"\s*-\s+(?:id|card):\s*['\"]?([A-Za-z0-9-]+)", row)
        if m:
            return f"near card {m.group(1)}"
    return None


def _no_duplicate_keys(node: Any, path: Path) -> None:
    import yaml

    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.MappingNode):
            seen: set[str] = set()
            for key, value in n.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen and key.value != "<<":
                        raise MitoszDataError(f"the key {key.value!r} appears twice in one mapping", file=str(path),
                                              line=key.start_mark.line + 1)
                    seen.add(key.value)
                stack.append(value)
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)


def _line_of(node: Any, loc: tuple) -> int | None:
    """The line of the deepest node of ``loc`` found in the YAML tree."""
    import yaml

    line = node.start_mark.line + 1 if node is not None else None
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == str(part):
                    node = value
                    line = key.start_mark.line + 1
                    break
            else:
                return line
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def _problems(exc: Any, data: dict, node: Any, describe_entry) -> list[tuple[str | None, str | None, int | None, str]]:
    """A pydantic ValidationError as (entry, field, line, reason) tuples.

    A value that fits no member of a union gets one error per member; they are merged into one problem
    per location, and a problem whose location leads to a deeper problem's is dropped (the deeper one
    says more: ``permanent.uses_per_turn`` rather than ``permanent``).
    """
    from .schema import TAG, Located

    found: dict[tuple, list[str]] = {}
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        message = error["msg"]
        cause = (error.get("ctx") or {}).get("error")
        keep_last = error["type"] == "missing"
        if isinstance(cause, Located):
            loc += cause.loc
            message = cause.message
            keep_last = True
        elif message.startswith("Value error, "):
            message = message[len("Value error, "):]
        elif error["type"] == "literal_error" and isinstance(error.get("input"), str):
            allowed = re.findall(r"'([^']*)'", (error.get("ctx") or {}).get("expected", ""))
            hint = difflib.get_close_matches(error["input"], allowed, n=1)
            message = (f"{error['input']!r} is not allowed" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                       + f"; expected one of: {', '.join(allowed)}")
        loc = _clean_loc(tuple(p for p in loc if not (isinstance(p, str) and p.startswith(TAG))), data, keep_last)
        messages = found.setdefault(loc, [])
        if message not in messages:
            messages.append(message)
    out = []
    for loc, messages in found.items():
        if any(len(other) > len(loc) and other[:len(loc)] == loc for other in found):
            continue
        entry, rest = describe_entry(loc, data)
        out.append((entry, _dotted(rest) or None, _line_of(node, loc), "; or: ".join(messages)))
    return out


def _clean_loc(loc: tuple, data: Any, keep_last: bool) -> tuple:
    """Drop the parts of a pydantic error location that are not in the file: the labels of union members
    (``constrained-int``, ``UsesPerTurn`` …). With ``keep_last`` the last part stays even if it is not in
    the file (a missing field, or a field a check names although it was left at its default)."""
    out = []
    for i, part in enumerate(loc):
        if isinstance(data, dict) and (part in data or (part == "on" and True in data)):
            data = data[part] if part in data else data[True]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        elif not (keep_last and i == len(loc) - 1):
            continue  # a union member's label: the data stays where it is
        out.append(part)
    return tuple(out)


def _dotted(parts: tuple) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _card_label(raw: Any, index: int | None = None) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        text = f"card {raw['id']}" + (f" {raw['name']!r}" if isinstance(raw.get("name"), str) else "")
    else:
        text = "card"
    return text + (f" at cards[{index}]" if index is not None else "")


def _set_entry(loc: tuple, data: dict) -> tuple[str, tuple]:
    cards = data.get("cards")
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int) and isinstance(cards, list) and loc[1] < len(cards):
        return _card_label(cards[loc[1]], loc[1]), loc[2:]
    code = data.get("code")
    return (f"set {code}" if isinstance(code, str) else "set"), loc


def _validate(model: type, data: dict, node: Any, path: Path, describe_entry):
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = _problems(exc, data, node, describe_entry)
        raise MitoszDataError(problems[0][3], file=str(path), problems=problems) from None


# -- sets -------------------------------------------------------------------------------------------------
def load_set(name: str) -> "CardSet":
    """The card set ``name`` (e.g. ``"smp"``), validated and cross-checked. MitoszDataError if missing or bad."""
    path, _ = _find("set", name)
    card_set = load_set_file(path)
    if card_set.code != name.upper():
        raise MitoszDataError(f"the file {path.name} must hold the set {name.upper()!r} (its name in capitals), "
                              f"not {card_set.code!r}", file=str(path), entry=f"set {card_set.code}", field="code")
    return card_set


def load_set_file(path: str | Path) -> "CardSet":
    """The card set in the file ``path`` (command-line tools and tests; users pick sets by name)."""
    from .schema import CardSet

    path = Path(path)
    key = _stat_key("set", path)
    hit = _CACHE.get(key)
    if hit is None:
        data, node = _read_yaml(path)
        hit = _CACHE[key] = _validate(CardSet, data, node, path, _set_entry)
    return hit


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
    from .schema import Deck

    key = _stat_key("deck", path)
    hit = _CACHE.get(key)
    if hit is None:
        data, node = _read_yaml(path)
        hit = _CACHE[key] = (_validate(Deck, data, node, path, _deck_entry(None)), data, node)
    deck, data, node = hit
    if cards is None:
        cards = {}
        for code in sorted({cid.split("-")[0] for cid in [deck.high_god] + [e.card for e in deck.cards]}):
            if code.lower() in set_names():
                cards.update({c.id: c for c in load_set(code.lower()).cards})
    return check_deck(deck, cards, rules, path=path, name=name, source=source, data=data, node=node)


def _deck_entry(cards: dict[str, "Card"] | None):
    def describe(loc: tuple, data: dict) -> tuple[str, tuple]:
        entries = data.get("cards")
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int) and isinstance(entries, list) \
                and loc[1] < len(entries):
            raw = entries[loc[1]]
            card = cards.get(raw.get("card")) if cards and isinstance(raw, dict) else None
            label = _card_label({"id": card.id, "name": card.name} if card is not None else
                                ({"id": raw.get("card"), "name": raw.get("name")} if isinstance(raw, dict) else None),
                                loc[1])
            return label, loc[2:]
        if loc and loc[0] == "high_god" and isinstance(data.get("high_god"), str):
            card = cards.get(data.get("high_god")) if cards else None
            label = f"high god {data.get('high_god')}" + (f" {card.name!r}" if card is not None else "")
            return label, loc
        title = data.get("name")
        return (f"deck {title!r}" if isinstance(title, str) else "deck"), loc

    return describe


def check_deck(deck: "Deck", cards: dict[str, "Card"], rules: DeckRules = DeckRules(), *, path: Path,
               name: str, source: str = "file", data: dict | None = None, node: Any = None) -> DeckList:
    """Check a deck against the card definitions ``cards`` (by id) and the construction rules MIT-1.3.1.

    Every problem is collected; one DeckError (or MitoszDataError if no rule is broken, only unknown or
    misnamed cards) names them all.
    """
    data = data if data is not None else deck.model_dump(by_alias=True)
    describe = _deck_entry(cards)
    problems: list[tuple[tuple, str, str | None]] = []  # (loc, reason, rule)

    def unknown(card_id: str) -> str:
        hint = difflib.get_close_matches(card_id, list(cards), n=1)
        code = card_id.split("-")[0]
        if not any(cid.startswith(code + "-") for cid in cards):
            return f"no card {card_id}: there is no set {code!r} in {_where()}"
        return f"no card {card_id} in set {code}" + (f"; did you mean {hint[0]}?" if hint else "")

    high_god = cards.get(deck.high_god)
    if high_god is None:
        problems.append((("high_god",), unknown(deck.high_god), None))
    elif high_god.card_type != "high_god":
        problems.append((("high_god",), f"MIT-1.3.1.d: a deck holds exactly one high god card; {deck.high_god} "
                                        f"{high_god.name!r} is a {high_god.card_type.replace('_', ' ')}", "MIT-1.3.1.d"))
    entries: list[tuple[Card, int]] = []
    for i, entry in enumerate(deck.cards):
        card = cards.get(entry.card)
        if card is None:
            problems.append((("cards", i, "card"), unknown(entry.card), None))
            continue
        if entry.name is not None and entry.name != card.name:
            problems.append((("cards", i, "name"), f"{entry.card} is called {card.name!r}, not {entry.name!r}", None))
        if card.card_type == "high_god":
            problems.append((("cards", i, "card"), f"MIT-1.3.1.d: a deck holds exactly one high god card, named "
                                                   f"by 'high_god' ({deck.high_god}); {card.id} {card.name!r} would "
                                                   f"be a second", "MIT-1.3.1.d"))
        if entry.copies > rules.max_copies:
            problems.append((("cards", i, "copies"), f"MIT-1.3.1.c: {entry.copies} copies; a deck holds at most "
                                                     f"{rules.max_copies} copies of any card", "MIT-1.3.1.c"))
        entries.append((card, entry.copies))
    size = deck.size()
    counted = size + (1 if rules.deck_min_includes_high_god else 0)
    if counted < rules.minimum:
        besides = "including" if rules.deck_min_includes_high_god else "besides"
        problems.append((("cards",), f"MIT-1.3.1.b: the deck has {counted} cards {besides} its high god; it needs "
                                     f"at least {rules.minimum} ({rules.deck_min_multiplier} × the win target "
                                     f"{rules.win_target})", "MIT-1.3.1.b"))
    if problems:
        listed = [describe(loc, data) + (loc, reason) for loc, reason, _ in problems]
        found = [(entry, _dotted(rest) or None, _line_of(node, loc) if node is not None else None, reason)
                 for entry, rest, loc, reason in listed]
        rule_ids = [rule for _, _, rule in problems]
        if any(rule_ids):
            raise DeckError(found[0][3], rules=rule_ids, file=str(path), problems=found)
        raise MitoszDataError(found[0][3], file=str(path), problems=found)
    assert high_god is not None
    return DeckList(name=name, title=deck.name, source=source, path=path, high_god=high_god,
                    entries=tuple(entries), note=deck.note, cards_by_id=dict(cards))
