"""muhq's data files: boards (spec 6) and card sets (spec 7) as YAML, found by name, validated, cross-checked.

Anything a person can pick (a board or a set in a lobby) is a **name**, never a path: a path would let any
user make the server read its files, and a record would not replay on another machine. Names are looked up

1. in this package's ``data/`` folder (the packaged files; their names are reserved, so ``core`` and
   ``river-crown`` mean the same everywhere), then
2. in ``$CARDTABLE_DATA_DIR/muhq/``, where designers add their own boards and sets without code.

Boards and sets share one folder: a file ``<name>.yaml`` holds the board whose ``id`` is the name or the set
whose ``set`` is the name, and its ``format`` line (``muhq-board/1`` or ``muhq-cards/1``) says which. A card
is named ``<set>/<slug>`` everywhere, so a reference finds its set by name. :func:`load_board_file` and
:func:`load_set_file` read a file given by path, for command-line tools and tests only.

Every file is validated with the models of ``schema`` (imported only then: every command imports every
game package), then cross-checked against the other files it names (a board's cards, another set's token
or card name). A bad file raises :class:`MuhqDataError` (an engine ``DataError``) whose message names the
file, the entry (a card, a board object …), the field and the line, with a suggestion where one fits.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from cardtable.engine import DataError

if TYPE_CHECKING:  # pragma: no cover
    from .schema import Board, Card, CardSet

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
#: Environment variable naming the user data directory; muhq's files live in its ``muhq/`` folder.
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"
GAME_FOLDER = "muhq"
BOARD_NAME_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SET_NAME_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")
MAX_NAME = 64
MAX_FILE_BYTES = 2_000_000
FORMATS = {"board": "muhq-board/1", "set": "muhq-cards/1"}
_FORMAT_LINE = re.compile(r"""^\s*["']?format["']?\s*:\s*["']?(muhq-board|muhq-cards)/""", re.M)
_WHAT = {"board": "a board", "set": "a card set"}


class MuhqDataError(DataError):
    """A muhq board or card set that is missing, unreadable or invalid (``file``, ``entry``, ``field``, ``line``)."""


# -- finding files ------------------------------------------------------------------------------------
def user_dir() -> Path | None:
    root = os.environ.get(DATA_DIR_ENV)
    return Path(root) / GAME_FOLDER if root else None


def _where() -> str:
    folder = user_dir()
    return (f"the packaged files or {folder}" if folder is not None else
            f"the packaged files (set {DATA_DIR_ENV} to add your own in ${DATA_DIR_ENV}/{GAME_FOLDER}/)")


def board_names() -> list[str]:
    """The names of the boards: the packaged ones, then the user directory's, each sorted."""
    return _names("board")


def set_names() -> list[str]:
    """The names of the card sets: the packaged ones, then the user directory's, each sorted."""
    return _names("set")


_KIND_OF_FILE: dict[tuple, str | None] = {}


def _kind_of(path: Path) -> str | None:
    """"board", "set" or None, from the file's ``format`` line (without parsing it: a listing must not
    fail on one bad file)."""
    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in _KIND_OF_FILE:
            text = path.read_text(encoding="utf-8") if stat.st_size <= MAX_FILE_BYTES else ""
            m = _FORMAT_LINE.search(text)
            _KIND_OF_FILE[key] = None if m is None else ("board" if m.group(1) == "muhq-board" else "set")
        return _KIND_OF_FILE[key]
    except (OSError, UnicodeDecodeError):
        return None


def _names(kind: str) -> list[str]:
    pattern = BOARD_NAME_RE if kind == "board" else SET_NAME_RE
    names: list[str] = []
    for folder in (PACKAGED_DIR, user_dir()):
        if folder is None:
            continue
        try:
            files = sorted(folder.glob("*.yaml"))
        except OSError:
            continue
        names += [p.stem for p in files if pattern.fullmatch(p.stem) and len(p.stem) <= MAX_NAME
                  and p.stem not in names and _kind_of(p) == kind]
    return names


def _find(kind: str, name: Any) -> Path:
    """The file of the board or set ``name``. Checks the name before any file is touched."""
    pattern = BOARD_NAME_RE if kind == "board" else SET_NAME_RE
    listing = board_names if kind == "board" else set_names
    if not isinstance(name, str) or len(name) > MAX_NAME or not pattern.fullmatch(name):
        rule = ("lower-case letters and digits in words joined by '-' (e.g. 'river-crown')" if kind == "board"
                else "lower-case letters, digits, '_' and '-', starting with a letter (e.g. 'vanguard')")
        raise MuhqDataError(f"{name!r} is not the name of a {kind}: a name is {rule}, never a path; "
                            f"available: {', '.join(map(repr, listing())) or 'none'}")
    for folder in (PACKAGED_DIR, user_dir()):
        if folder is not None and (folder / f"{name}.yaml").is_file():
            return folder / f"{name}.yaml"
    available = listing()
    hint = difflib.get_close_matches(name, available, n=1)
    raise MuhqDataError(f"no {kind} {name!r} in {_where()}" + (f"; did you mean {hint[0]!r}?" if hint else "")
                        + f"; available: {', '.join(map(repr, available)) or 'none'}")


# -- reading --------------------------------------------------------------------------------------------
class _Doc:
    """A validated file: its model, its raw data and its YAML node tree (for line numbers)."""

    def __init__(self, path: Path, model: Any, data: dict, node: Any):
        self.path, self.model, self.data, self.node = path, model, data, node


_CACHE: dict[tuple, _Doc] = {}


def _stat_key(kind: str, path: Path) -> tuple:
    try:
        stat = path.stat()
    except OSError as exc:
        raise MuhqDataError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    return (kind, str(path), stat.st_mtime_ns, stat.st_size)


def _read_yaml(path: Path) -> tuple[dict, Any]:
    """The file's data and its YAML node tree."""
    import yaml

    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise MuhqDataError(f"the file is larger than {MAX_FILE_BYTES} bytes", file=str(path))
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MuhqDataError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    except UnicodeDecodeError:
        raise MuhqDataError("not UTF-8 text", file=str(path)) from None
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
        raise MuhqDataError(f"not valid YAML: {problem}", file=str(path), line=line,
                            entry=_card_near(text, line)) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise MuhqDataError(f"the file must hold a mapping (format: …, …), not "
                            f"{type(data).__name__ if data is not None else 'nothing'}", file=str(path))
    return data, node


def _card_near(text: str, line: int | None) -> str | None:
    """For a file that is not YAML: the card whose entry holds ``line`` (the last ``- id:`` above it)."""
    if line is None:
        return None
    for row in reversed(text.splitlines()[:line]):
        m = re.match(r"\s*-\s+id:\s*['\"]?([a-z0-9_/-]+)", row)
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
                        raise MuhqDataError(f"the key {key.value!r} appears twice in one mapping", file=str(path),
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


# -- error reports ----------------------------------------------------------------------------------------
#: Says which entry a location is in: (a label such as "card core/recruit 'Recruit' at cards[0]", the rest).
Describe = Callable[[tuple, dict], "tuple[str | None, tuple]"]
Problem = tuple[str | None, str | None, int | None, str]  # entry, field, line, reason


def _problems(exc: Any, data: dict, node: Any, describe: Describe) -> list[Problem]:
    """A pydantic ValidationError as (entry, field, line, reason) tuples.

    A value that fits no member of a union gets one error per member; they are merged into one problem per
    location, and a problem whose location leads to a deeper problem's is dropped (the deeper one says more).
    """
    from .schema import TAG, Located, field_names

    found: dict[tuple, list[str]] = {}
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        message = error["msg"]
        cause = (error.get("ctx") or {}).get("error")
        keep_last = error["type"] == "missing"
        located: tuple = ()  # a check's own location: every part of it is a real field, kept even if absent
        if isinstance(cause, Located):
            located = cause.loc
            message = cause.message
        elif message.startswith("Value error, "):
            message = message[len("Value error, "):]
        elif error["type"] == "literal_error" and isinstance(error.get("input"), str):
            allowed = re.findall(r"'([^']*)'", (error.get("ctx") or {}).get("expected", ""))
            hint = difflib.get_close_matches(error["input"], allowed, n=1)
            message = (f"{error['input']!r} is not allowed" + (f" (did you mean {hint[0]!r}?)" if hint else "")
                       + f"; expected one of: {', '.join(allowed)}")
        elif error["type"] == "extra_forbidden" and loc:
            hint = difflib.get_close_matches(str(loc[-1]), field_names(), n=1)
            message = "unknown field" + (f" (did you mean {hint[0]!r}?)" if hint else "") + f": {message}"
        loc = _clean_loc(tuple(p for p in loc if not (isinstance(p, str) and p.startswith(TAG))), data, keep_last)
        loc += located
        messages = found.setdefault(loc, [])
        if message not in messages:
            messages.append(message)
    out = []
    for loc, messages in found.items():
        if any(len(other) > len(loc) and other[:len(loc)] == loc for other in found):
            continue
        out.append(_problem(loc, "; or: ".join(messages), data, node, describe))
    return out


def _problem(loc: tuple, reason: str, data: dict, node: Any, describe: Describe):
    entry, rest = describe(loc, data)
    inside = data
    for part in loc[:len(loc) - len(rest)]:
        inside = _child(inside, part)
    return (entry, _dotted(rest, inside) or None, _line_of(node, loc), reason)


def _child(data: Any, part: Any) -> Any:
    if isinstance(data, dict):
        return data.get(part, data.get(str(part)))
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return None


def _clean_loc(loc: tuple, data: Any, keep_last: bool) -> tuple:
    """Drop the parts of a pydantic error location that are not in the file (a dict key's ``[key]``, the
    labels of union members). With ``keep_last`` the last part stays even if it is not in the file (a missing
    field, or a field a check names although it was left at its default)."""
    out = []
    for i, part in enumerate(loc):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, dict) and isinstance(part, int) and str(part) in data:  # a JSON seat key "0"
            data = data[str(part)]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        elif not (keep_last and i == len(loc) - 1):
            continue
        out.append(part)
    return tuple(out)


def _dotted(parts: tuple, data: Any = None) -> str:
    """``objects[1].at``, ``spawns.0[2]`` (a seat is a mapping key, not a list index)."""
    out = ""
    for p in parts:
        in_list = isinstance(data, list) if data is not None else isinstance(p, int)
        out += f"[{p}]" if in_list else (f".{p}" if out else str(p))
        data = _child(data, p)
    return out


def _validate(model: type, data: dict, node: Any, path: Path, describe: Describe):
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = _problems(exc, data, node, describe)
        raise MuhqDataError(problems[0][3], file=str(path), problems=problems) from None


def _fail(doc: _Doc, describe: Describe, found: list[tuple[tuple, str]]) -> None:
    """Raise one error naming every (location, reason) of ``found``, if any."""
    if found:
        problems = [_problem(loc, reason, doc.data, doc.node, describe) for loc, reason in found]
        raise MuhqDataError(problems[0][3], file=str(doc.path), problems=problems)


def _read(kind: str, path: Path, model_name: str, describe: Describe) -> _Doc:
    """The file at ``path`` validated as ``kind`` (cached until the file changes)."""
    from . import schema

    key = _stat_key(kind, path)
    hit = _CACHE.get(key)
    if hit is None:
        data, node = _read_yaml(path)
        other = next((k for k, f in FORMATS.items() if k != kind and data.get("format") == f), None)
        if other is not None:
            raise MuhqDataError(f"this file holds {_WHAT[other]} (format {FORMATS[other]}), not {_WHAT[kind]}",
                                file=str(path), field="format", line=_line_of(node, ("format",)))
        hit = _CACHE[key] = _Doc(path, _validate(getattr(schema, model_name), data, node, path, describe), data, node)
    return hit


# -- sets -------------------------------------------------------------------------------------------------
def _card_label(raw: Any, index: int | None = None) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        text = f"card {raw['id']}" + (f" {raw['name']!r}" if isinstance(raw.get("name"), str) else "")
    else:
        text = "card"
    return text + (f" at cards[{index}]" if index is not None else "")


def _set_entry(loc: tuple, data: dict) -> tuple[str | None, tuple]:
    cards = data.get("cards")
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int) and isinstance(cards, list) \
            and loc[1] < len(cards):
        return _card_label(cards[loc[1]], loc[1]), loc[2:]
    name = data.get("set")
    return (f"set {name}" if isinstance(name, str) else "set"), loc


def load_set(name: str) -> "CardSet":
    """The card set ``name`` (e.g. ``"vanguard"``), validated and cross-checked. MuhqDataError if missing or bad."""
    path = _find("set", name)
    card_set = load_set_file(path)
    if card_set.set != name:
        doc = _read("set", path, "CardSet", _set_entry)
        _fail(doc, _set_entry, [(("set",), f"the file {path.name} must hold the set {name!r} (its file name), "
                                           f"not {card_set.set!r}")])
    return card_set


def load_set_file(path: str | Path) -> "CardSet":
    """The card set in the file ``path`` (command-line tools and tests; users pick sets by name)."""
    doc = _read("set", Path(path), "CardSet", _set_entry)
    _cross_check_set(doc)
    return doc.model


def _other_set(name: str) -> "CardSet | None":
    """Another set, validated on its own (not cross-checked: two sets may name each other), or None if there
    is no such set."""
    try:
        path = _find("set", name)
    except MuhqDataError:
        return None
    return _read("set", path, "CardSet", _set_entry).model


def _cross_check_set(doc: _Doc) -> None:
    """What the set's own file cannot show: tokens of other sets, card names in filters (MUHQ-PROT-1)."""
    from .schema import Filter, iter_models, token_problem, token_steps

    card_set: CardSet = doc.model
    found: list[tuple[tuple, str]] = []
    names = {c.name for c in card_set.cards}
    other_names: set[str] | None = None
    for i, card in enumerate(card_set.cards):
        for where, step in token_steps(card):
            set_id = step.card.split("/", 1)[0]
            if set_id == card_set.set:
                continue  # checked by the model
            other = _other_set(set_id)
            if other is None:
                found.append((("cards", i) + where + ("card",), f"no set {set_id!r} for {step.card} in {_where()}"))
                continue
            ids = [c.id for c in other.cards]
            if step.card not in ids:
                hint = difflib.get_close_matches(step.card, ids, n=1)
                found.append((("cards", i) + where + ("card",), f"no card {step.card} in set {set_id}"
                              + (f" (did you mean {hint[0]!r}?)" if hint else "")))
                continue
            problem = token_problem(step, other.card(step.card))
            if problem:
                found.append((("cards", i) + where + problem[0], problem[1]))
        for where, model in iter_models(card):
            if isinstance(model, Filter) and model.name is not None and model.name not in names:
                if other_names is None:
                    other_names = _all_card_names(exclude=card_set.set)
                if model.name not in other_names:
                    hint = difflib.get_close_matches(model.name, sorted(names | other_names), n=1)
                    found.append((("cards", i) + where + ("name",),
                                  f"no card is called {model.name!r} (in this set or another set found in "
                                  f"{_where()})" + (f"; did you mean {hint[0]!r}?" if hint else "")))
    _fail(doc, _set_entry, found)


def _all_card_names(exclude: str) -> set[str]:
    names: set[str] = set()
    for name in set_names():
        if name == exclude:
            continue
        try:
            other = _other_set(name)
        except MuhqDataError:
            continue  # a broken set is reported when it is loaded, not here
        if other is not None:
            names |= {c.name for c in other.cards}
    return names


def catalogue(*names: str) -> dict[str, "Card"]:
    """The cards of the named sets (default: every set found), by id. The sets together are one card pool, so
    their card names must be unique (MUHQ-CARD-6)."""
    out: dict[str, Card] = {}
    by_name: dict[str, str] = {}
    for name in names or set_names():
        card_set = load_set(name)
        for card in card_set.cards:
            if card.name in by_name:
                raise MuhqDataError(f"the card name {card.name!r} is used by {by_name[card.name]} and {card.id}; "
                                    f"names are unique in a game's card pool (MUHQ-CARD-6)",
                                    file=str(_find("set", name)), entry=_card_label({"id": card.id}), field="name")
            by_name[card.name] = card.id
            out[card.id] = card
    return out


# -- boards -----------------------------------------------------------------------------------------------
def _board_entry(loc: tuple, data: dict) -> tuple[str | None, tuple]:
    """The entry of a board a problem is about: a list item (object, starting card, victory condition, layout
    row) with the field inside it, or the board with the whole path."""
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data.get(loc[0]), list) and loc[1] < len(data[loc[0]]):
        raw = data[loc[0]][loc[1]]
        label = {"objects": "object", "starting_deck": "starting card", "victory": "victory condition",
                 "layout": "layout row"}.get(loc[0])
        if label is not None:
            what = ""
            if isinstance(raw, dict):
                what = next((f" {raw[k]}" for k in ("card", "kind") if isinstance(raw.get(k), str)), "")
            return f"{label}{what} at {loc[0]}[{loc[1]}]", loc[2:]
    board_id = data.get("id")
    return (f"board {board_id}" if isinstance(board_id, str) else "board"), loc


def load_board(name: str) -> "Board":
    """The board ``name`` (e.g. ``"river-crown"``), validated and cross-checked against the card sets its
    cards come from. MuhqDataError if missing or bad."""
    path = _find("board", name)
    board = load_board_file(path)
    if board.id != name:
        doc = _read("board", path, "Board", _board_entry)
        _fail(doc, _board_entry, [(("id",), f"the file {path.name} must hold the board {name!r} (its file name), "
                                            f"not {board.id!r}")])
    return board


def load_board_file(path: str | Path) -> "Board":
    """The board in the file ``path`` (command-line tools and tests; users pick boards by name). Its cards
    are looked up in the sets named by their ids, found by name as for :func:`load_set`."""
    doc = _read("board", Path(path), "Board", _board_entry)
    _cross_check_board(doc)
    return doc.model


def board_cards(board: "Board") -> dict[str, "Card"]:
    """The cards a board names (starting cards and objects), by id."""
    return {cid: load_set(cid.split("/", 1)[0]).card(cid)
            for cid in dict.fromkeys([s.card for s in board.starting_deck] + [o.card for o in board.objects])}


def _cross_check_board(doc: _Doc) -> None:
    """Spec 6.1 validation 4 (an object's field fits its card) and 6 (every card exists)."""
    from .schema import with_article

    board: Board = doc.model
    found: list[tuple[tuple, str]] = []

    def card_of(loc: tuple, card_id: str) -> "Card | None":
        set_id = card_id.split("/", 1)[0]
        try:
            card_set = load_set(set_id) if SET_NAME_RE.fullmatch(set_id) else None
        except MuhqDataError as exc:
            if exc.file is not None:
                raise  # the set exists but is broken: its own error says where
            card_set = None
        if card_set is None:
            hint = difflib.get_close_matches(set_id, set_names(), n=1)
            found.append((loc, f"no set {set_id!r} for {card_id} in {_where()}"
                          + (f"; did you mean {hint[0]!r}?" if hint else "")
                          + f"; sets: {', '.join(set_names()) or 'none'}"))
            return None
        ids = [c.id for c in card_set.cards]
        if card_id not in ids:
            hint = difflib.get_close_matches(card_id, ids, n=1)
            found.append((loc, f"no card {card_id} in set {set_id}" + (f"; did you mean {hint[0]!r}?" if hint else "")))
            return None
        return card_set.card(card_id)

    for i, entry in enumerate(board.starting_deck):
        card_of(("starting_deck", i, "card"), entry.card)
    for i, obj in enumerate(board.objects):
        card = card_of(("objects", i, "card"), obj.card)
        if card is None:
            continue
        if not card.is_permanent:
            found.append((("objects", i, "card"), f"{card.id} {card.name!r} is a spell; objects are permanents "
                                                  f"placed on the board (MUHQ-SETUP-7)"))
            continue
        need = {"vip": ("unit",), "victory_item": ("equipment",)}.get(obj.role)
        if need is not None and card.type not in need:
            found.append((("objects", i, "card"), f"a {obj.role} is {with_article(need[0])} (MUHQ-WIN-"
                                                  f"{3 if obj.role == 'vip' else 7}); {card.id} {card.name!r} is "
                                                  f"{with_article(card.type)}"))
        x, y = obj.at
        field_type = board.field_at(x, y).type
        swimming = card.keywords.swimming is True
        if swimming != (field_type == "deep_water"):
            why = ("a swimming permanent may stand only on deep water" if swimming
                   else "only a swimming permanent may stand on deep water")
            found.append((("objects", i, "at"), f"({x}, {y}) is {field_type.replace('_', ' ')} and {card.id} "
                                                f"{card.name!r} cannot stand there: {why} (MUHQ-BOARD-5)"))
    _fail(doc, _board_entry, found)
