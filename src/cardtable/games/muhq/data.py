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

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from cardtable.engine import DataError
from cardtable.engine.datafiles import DataFiles, Describe, did_you_mean, line_of, list_item

from .words import N_, _

if TYPE_CHECKING:  # pragma: no cover
    from cardtable.engine.datafiles import Loc

    from .schema import Board, Card, CardSet

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
GAME_FOLDER = "muhq"  # muhq's files live in the ``muhq/`` folder of $CARDTABLE_DATA_DIR (DATA_DIR_ENV)
BOARD_NAME_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SET_NAME_RE = re.compile(r"[a-z][a-z0-9_-]{0,31}")
MAX_NAME = 64
MAX_FILE_BYTES = 2_000_000
FORMATS = {"board": "muhq-board/1", "set": "muhq-cards/1"}
_FORMAT_LINE = re.compile(r"""^\s*["']?format["']?\s*:\s*["']?(muhq-board|muhq-cards)/""", re.M)
_NEAR_CARD = re.compile(r"\s*-\s+id:\s*['\"]?([a-z0-9_/-]+)")  # where a file is not YAML
#: "this file holds …, not …", by (what the file holds, what it should hold)
_HOLDS = {("set", "board"): N_("this file holds a card set (format {format}), not a board"),
          ("board", "set"): N_("this file holds a board (format {format}), not a card set")}
#: Suggestions, as did_you_mean fills them
DID_YOU_MEAN = N_(" (did you mean {!r}?)")
DID_YOU_MEAN_AFTER = N_("; did you mean {!r}?")


class MuhqDataError(DataError):
    """A muhq board or card set that is missing, unreadable or invalid (``file``, ``entry``, ``field``, ``line``)."""


# -- finding files ------------------------------------------------------------------------------------
_FILES = DataFiles(GAME_FOLDER, PACKAGED_DIR, MuhqDataError)


def user_dir() -> Path | None:
    return _FILES.user_dir()


def board_names() -> list[str]:
    """The names of the boards: the packaged ones, then the user directory's, each sorted."""
    return _names("board")


def set_names() -> list[str]:
    """The names of the card sets: the packaged ones, then the user directory's, each sorted."""
    return _names("set")


_KIND_OF_FILE: dict[tuple[str, int, int], str | None] = {}


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

    def name(p: Path) -> str | None:
        return p.stem if pattern.fullmatch(p.stem) and len(p.stem) <= MAX_NAME and _kind_of(p) == kind else None

    return _FILES.names("*.yaml", name)


def _find(kind: str, name: Any) -> Path:
    """The file of the board or set ``name``. Checks the name before any file is touched."""
    if kind == "board":
        rule, valid, listing = (_("lower-case letters and digits in words joined by '-' (e.g. 'river-crown')"),
                                BOARD_NAME_RE, board_names)
    else:
        rule, valid, listing = (_("lower-case letters, digits, '_' and '-', starting with a letter (e.g. "
                                  "'vanguard')"), SET_NAME_RE, set_names)
    return _FILES.find(kind, name, f"{name}.yaml", valid=valid, rule=rule, listing=listing, max_length=MAX_NAME)[0]


# -- reading --------------------------------------------------------------------------------------------
class _Doc:
    """A validated file: its model, its raw data, its YAML node tree (for line numbers) and how to name its
    entries in a message."""

    def __init__(self, path: Path, model: Any, data: dict[str, Any], node: Any, describe: Describe):
        self.path, self.model, self.data, self.node, self.describe = path, model, data, node, describe

    def fail(self, found: list[tuple[Loc, str]]) -> None:
        """Raise one error naming every (location, reason) of ``found``, if any."""
        _FILES.fail(self.path, self.data, self.node, self.describe, found)


def _read(kind: str, path: Path, name: str | None = None) -> _Doc:
    """The file at ``path`` validated as ``kind`` (cached until the file changes). Given the ``name`` it was
    found by, the file must hold the board or set of that name: checked before the file is validated, as
    the cards' ids are checked against the set's id."""
    from . import schema

    model_name, describe = ("Board", _board_entry) if kind == "board" else ("CardSet", _set_entry)

    def read() -> _Doc:
        data, node = _FILES.read_yaml(path, max_bytes=MAX_FILE_BYTES, mapping="format: …, …", near=_NEAR_CARD)
        other = next((k for k, f in FORMATS.items() if k != kind and data.get("format") == f), None)
        if other is not None:
            raise MuhqDataError(_(_HOLDS[other, kind], format=FORMATS[other]),
                                file=str(path), field="format", line=line_of(node, ("format",)))
        if name is not None:
            _check_named(kind, path, data, node, name)
        model = _FILES.validate(getattr(schema, model_name), data, node, path, describe, field_names=schema.field_names)
        return _Doc(path, model, data, node, describe)

    doc = _FILES.cached(kind, path, read)
    if name is not None:  # read before by path, without a name
        _check_named(kind, path, doc.data, doc.node, name)
    return doc


_ID_FIELD = {"board": "id", "set": "set"}


def _check_named(kind: str, path: Path, data: dict[str, Any], node: Any, name: str) -> None:
    """A file found by ``name`` holds the board or set of that name (its ``id`` / ``set``). Else the message
    says so: the cards' ids follow the ``set`` field, so they would seem wrong while the field is at fault."""
    field = _ID_FIELD[kind]
    given = data.get(field)
    if isinstance(given, str) and given != name:
        valid = (BOARD_NAME_RE if kind == "board" else SET_NAME_RE).fullmatch(given) and len(given) <= MAX_NAME
        message = (N_("{given} does not match the file name {name} (a board file is named after its id); write "
                      "{field}: {id}{rename}") if kind == "board" else
                   N_("{given} does not match the file name {name} (a set file is named after its id); write "
                      "{field}: {id}{rename}"))
        rename = _(", or rename the file to {given}.yaml", given=given) if valid else ""
        raise MuhqDataError(_(message, given=repr(given), name=repr(name), field=field, id=name, rename=rename),
                            file=str(path), field=field, line=line_of(node, (field,)))


def _load(kind: str, name: str, check: Callable[[_Doc], None]) -> Any:
    """The board or set ``name``, validated and cross-checked (``check``); it must hold the board or set ``name``."""
    doc = _read(kind, _find(kind, name), name)
    check(doc)
    return doc.model


# -- sets -------------------------------------------------------------------------------------------------
def _set_entry(loc: Loc, data: dict[str, Any]) -> tuple[str | None, Loc]:
    """The entry of a set a problem is about: ``card core/recruit 'Recruit' at cards[0]`` with the field inside
    it, or ``set core`` with the whole path (engine.datafiles.list_entries, in the reader's language)."""
    item = list_item(loc, data)
    if item is not None and loc[0] == "cards":
        at, raw = item
        if isinstance(raw, dict) and isinstance(raw.get("id"), str):
            if isinstance(raw.get("name"), str):
                return _("card {id} {name} at {at}", id=raw["id"], name=repr(raw["name"]), at=at), loc[2:]
            return _("card {id} at {at}", id=raw["id"], at=at), loc[2:]
        return _("card at {at}", at=at), loc[2:]
    name = data.get("set")
    return (_("set {name}", name=name) if isinstance(name, str) else _("set")), loc


def load_set(name: str) -> "CardSet":
    """The card set ``name`` (e.g. ``"vanguard"``), validated and cross-checked. MuhqDataError if missing or bad."""
    card_set: CardSet = _load("set", name, _cross_check_set)
    return card_set


def load_set_file(path: str | Path) -> "CardSet":
    """The card set in the file ``path`` (command-line tools and tests; users pick sets by name)."""
    doc = _read("set", Path(path))
    _cross_check_set(doc)
    card_set: CardSet = doc.model
    return card_set


def _other_set(name: str) -> "CardSet | None":
    """Another set, validated on its own (not cross-checked: two sets may name each other), or None if there
    is no such set."""
    try:
        path = _find("set", name)
    except MuhqDataError:
        return None
    card_set: CardSet = _read("set", path, name).model
    return card_set


def _no_set(set_id: str, card_id: str) -> str:
    return _("no set {set} for {card} in {where}", set=repr(set_id), card=card_id, where=_FILES.where())


def _no_card(card_set: "CardSet", set_id: str, card_id: str, suggestion: str) -> str | None:
    """Why the set ``set_id`` has no card ``card_id`` (with a ``suggestion`` template), or None if it has."""
    ids = [c.id for c in card_set.cards]
    return None if card_id in ids else (_("no card {card} in set {set}", card=card_id, set=set_id)
                                        + did_you_mean(card_id, ids, _(suggestion)))


def _cross_check_set(doc: _Doc) -> None:
    """What the set's own file cannot show: tokens of other sets, card names in filters (MUHQ-PROT-1)."""
    from .schema import Filter, iter_models, token_problem, token_steps

    card_set: CardSet = doc.model
    found: list[tuple[Loc, str]] = []
    names = {c.name for c in card_set.cards}
    other_names: set[str] | None = None
    for i, card in enumerate(card_set.cards):
        for where, step in token_steps(card):
            set_id = step.card.split("/", 1)[0]
            if set_id == card_set.set:
                continue  # checked by the model
            other = _other_set(set_id)
            missing = (_no_set(set_id, step.card) if other is None
                       else _no_card(other, set_id, step.card, DID_YOU_MEAN))
            if missing:
                found.append((("cards", i) + where + ("card",), missing))
                continue
            problem = token_problem(step, other.card(step.card))  # type: ignore[union-attr]  # None: missing
            if problem:
                found.append((("cards", i) + where + problem[0], problem[1]))
        for where, model in iter_models(card):
            if isinstance(model, Filter) and model.name is not None and model.name not in names:
                if other_names is None:
                    other_names = _all_card_names(exclude=card_set.set)
                if model.name not in other_names:
                    found.append((("cards", i) + where + ("name",),
                                  _("no card is called {name} (in this set or another set found in {where})",
                                    name=repr(model.name), where=_FILES.where())
                                  + did_you_mean(model.name, sorted(names | other_names), _(DID_YOU_MEAN_AFTER))))
    doc.fail(found)


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
                raise MuhqDataError(_("the card name {name} is used by {card} and {other}; names are unique in a "
                                      "game's card pool (MUHQ-CARD-6)", name=repr(card.name),
                                      card=by_name[card.name], other=card.id),
                                    file=str(_find("set", name)), entry=_("card {id}", id=card.id), field="name")
            by_name[card.name] = card.id
            out[card.id] = card
    return out


# -- boards -----------------------------------------------------------------------------------------------
def _board_entry(loc: Loc, data: dict[str, Any]) -> tuple[str | None, Loc]:
    """The entry of a board a problem is about: a list item (object, starting card, victory condition, layout
    row) with the field inside it, or the board with the whole path."""
    item = list_item(loc, data)
    label = _BOARD_ENTRIES.get(loc[0]) if item is not None else None
    if label is not None:
        at, raw = item  # type: ignore[misc]  # a label only for a list item
        what = None
        if isinstance(raw, dict):
            what = next((raw[k] for k in ("card", "kind") if isinstance(raw.get(k), str)), None)
        if what is None:
            return _("{entry} at {at}", entry=_(label), at=at), loc[2:]
        return _("{entry} {what} at {at}", entry=_(label), what=what, at=at), loc[2:]
    board_id = data.get("id")
    return (_("board {id}", id=board_id) if isinstance(board_id, str) else _("board")), loc


#: The entries of a board's lists, as a problem names them
_BOARD_ENTRIES: dict[int | str, str] = {"objects": N_("object"), "starting_deck": N_("starting card"),
                                        "victory": N_("victory condition"), "layout": N_("layout row")}


def load_board(name: str) -> "Board":
    """The board ``name`` (e.g. ``"river-crown"``), validated and cross-checked against the card sets its
    cards come from. MuhqDataError if missing or bad."""
    board: Board = _load("board", name, _cross_check_board)
    return board


def load_board_file(path: str | Path) -> "Board":
    """The board in the file ``path`` (command-line tools and tests; users pick boards by name). Its cards
    are looked up in the sets named by their ids, found by name as for :func:`load_set`."""
    doc = _read("board", Path(path))
    _cross_check_board(doc)
    board: Board = doc.model
    return board


def board_cards(board: "Board") -> dict[str, "Card"]:
    """The cards a board names (starting cards and objects), by id."""
    return {cid: load_set(cid.split("/", 1)[0]).card(cid)
            for cid in dict.fromkeys([s.card for s in board.starting_deck] + [o.card for o in board.objects])}


def _cross_check_board(doc: _Doc) -> None:
    """Spec 6.1 validation 4 (an object's field fits its card) and 6 (every card exists)."""
    from .schema import field_word, with_article

    board: Board = doc.model
    found: list[tuple[Loc, str]] = []

    def card_of(loc: Loc, card_id: str) -> "Card | None":
        set_id = card_id.split("/", 1)[0]
        try:
            card_set = load_set(set_id) if SET_NAME_RE.fullmatch(set_id) else None
        except MuhqDataError as exc:
            if exc.file is not None:
                raise  # the set exists but is broken: its own error says where
            card_set = None
        if card_set is None:
            found.append((loc, _no_set(set_id, card_id) + did_you_mean(set_id, set_names(), _(DID_YOU_MEAN_AFTER))
                          + _("; sets: {sets}", sets=", ".join(set_names()) or _("none"))))
            return None
        missing = _no_card(card_set, set_id, card_id, DID_YOU_MEAN_AFTER)
        if missing:
            found.append((loc, missing))
            return None
        return card_set.card(card_id)

    for i, entry in enumerate(board.starting_deck):
        card_of(("starting_deck", i, "card"), entry.card)
    for i, obj in enumerate(board.objects):
        card = card_of(("objects", i, "card"), obj.card)
        if card is None:
            continue
        if not card.is_permanent:
            found.append((("objects", i, "card"), _("{card} {name} is a spell; objects are permanents placed on "
                                                    "the board (MUHQ-SETUP-7)", card=card.id, name=repr(card.name))))
            continue
        need = {"vip": N_("a vip is a unit (MUHQ-WIN-3); {card} {name} is {a_type}"),
                "victory_item": N_("a victory_item is an equipment (MUHQ-WIN-7); {card} {name} is {a_type}")
                }.get(obj.role)
        if need is not None and card.type != {"vip": "unit", "victory_item": "equipment"}[obj.role]:
            found.append((("objects", i, "card"), _(need, card=card.id, name=repr(card.name),
                                                    a_type=with_article(card.type))))
        x, y = obj.at
        field_type = board.field_at(x, y).type
        swimming = card.keywords.swimming is True
        if swimming != (field_type == "deep_water"):
            message = (N_("({x}, {y}) is {type} and {card} {name} cannot stand there: a swimming permanent may stand "
                          "only on deep water (MUHQ-BOARD-5)") if swimming else
                       N_("({x}, {y}) is {type} and {card} {name} cannot stand there: only a swimming permanent may "
                          "stand on deep water (MUHQ-BOARD-5)"))
            found.append((("objects", i, "at"), _(message, x=x, y=y, type=field_word(field_type), card=card.id,
                                                  name=repr(card.name))))
    doc.fail(found)


# -- translations ---------------------------------------------------------------------------------------------
def missing_translations(packaged_only: bool = True) -> list[tuple[str, str, str]]:
    """Every translatable field (a card's name and text, a board's or a set's name) that a file gives in English
    but not in one of the languages it may be translated into, as ``(file, entry, field)``, e.g.
    ``(".../core.yaml", "card core/recruit", "translations.hu.name")``. A designer's own file may be English
    only, so this is no error when a file is loaded; the packaged files have none (a test checks it).
    ``packaged_only=False`` also lists the files of the user directory."""
    out: list[tuple[str, str, str]] = []
    for kind, names in (("set", set_names()), ("board", board_names())):
        for name in names:
            path = _find(kind, name)
            if packaged_only and path.parent != PACKAGED_DIR:
                continue
            model = _read(kind, path, name).model
            out += [(str(path), f"{kind} {name}", f) for f in model.missing_translations()]
            for card in getattr(model, "cards", ()):
                out += [(str(path), f"card {card.id}", f) for f in card.missing_translations()]
    return out
