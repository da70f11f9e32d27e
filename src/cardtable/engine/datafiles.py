"""A game's data files (card sets, decks, boards …) as YAML: found by name, read, validated, reported.

Game-agnostic machinery that a game's ``data`` module uses with its own names, models and error class
(a subclass of :class:`~cardtable.engine.errors.DataError`):

- :class:`DataFiles` — where a game's files are (a workspace's ``<game>/`` folder if one is in use, its packaged
  ``data/`` folder, then ``$CARDTABLE_DATA_DIR/<game>/``: :mod:`.data_roots`), listing and finding them by **name** (never a path), reading YAML with
  line numbers (size limit, UTF-8, duplicate keys refused), caching until a file changes, validating with a
  pydantic model, and raising the game's error with every problem it finds;
- :func:`problems`, :func:`locate`, :func:`line_of`, :func:`dotted` — a pydantic ``ValidationError`` or a
  game's own check as ``(entry, field, line, reason)`` problems, each naming the entry of the file (a game's
  ``describe``: :func:`list_entries`, or its own with :func:`list_item` and :func:`entry_label`), the field
  path inside it and the line;
- :class:`Located`, :data:`TAG`, :func:`iter_models` — for a game's models: a check that knows which field
  it is about, the prefix of union tags (dropped from locations), every model inside a model;
- :func:`did_you_mean` — a suggestion from a closed list; :func:`json_schemas` — the JSON Schemas of a
  game's models (``cardtable schema NAME``).

Only the standard library is imported here; PyYAML and pydantic are imported when a file is read (every
command imports every game package, and most read no data file).
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from .data_roots import DATA_DIR_ENV as DATA_DIR_ENV, search_folders, user_root, workspace_root
from .errors import DataError
from .i18n import Translator

if TYPE_CHECKING:
    from pydantic import BaseModel

_ = Translator("cardtable")

#: The most values a data file may unfold to, aliases counted as often as they are used (the sample files hold a
#: few thousand): a file whose alias refers to itself, or "a billion laughs", is refused instead of hanging.
MAX_YAML_NODES = 1_000_000
#: Prefix of the tags of a game's tagged unions: they appear in pydantic's error locations, which drop them.
TAG = "~"

Problem = tuple[str | None, str | None, int | None, str]  # entry, field, line, reason
#: A place in a file's data: mapping keys and list indices from the top (pydantic's ``loc``).
Loc = tuple[int | str, ...]
#: A file's data as YAML reads it: a mapping at the top, whose keys YAML may have read as numbers or booleans.
Data = dict[Any, Any]
#: Says which entry of a file a location is in: (a label such as "card core/recruit 'Recruit' at cards[0]",
#: the rest of the location inside that entry).
Describe = Callable[[Loc, Data], "tuple[str | None, Loc]"]
T = TypeVar("T")
M = TypeVar("M", bound="BaseModel")


class Located(ValueError):
    """A model check that knows which field it is about (``loc``, relative to the model it runs in)."""

    def __init__(self, loc: Loc, message: str):
        super().__init__(message)
        self.loc = loc
        self.message = message


def did_you_mean(word: Any, choices: Iterable[Any], template: str | None = None) -> str:
    """``template`` filled with the choice closest to ``word`` (compared as text), or "" if none is close;
    by default " (did you mean 'x'?)" in the reader's language."""
    hint = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1)
    if not hint:
        return ""
    return template.format(hint[0]) if template is not None else _(" (did you mean {hint}?)", hint=repr(hint[0]))


def json_schemas(*entries: tuple[str, type[BaseModel], str]) -> dict[str, dict[str, Any]]:
    """The JSON Schemas of pydantic models (by alias), by name, from ``(name, model, title)`` triples."""
    out: dict[str, dict[str, Any]] = {}
    for name, model, title in entries:
        schema = model.model_json_schema(by_alias=True)
        schema["title"] = title
        out[name] = schema
    return out


def iter_models(obj: Any, loc: Loc = ()) -> Iterator[tuple[Loc, Any]]:
    """Every pydantic model inside ``obj`` (itself included) with its location (field aliases), depth first."""
    from pydantic import BaseModel

    def walk(obj: Any, loc: Loc) -> Iterator[tuple[Loc, Any]]:
        if isinstance(obj, BaseModel):
            yield loc, obj
            for name, field in type(obj).model_fields.items():
                yield from walk(getattr(obj, name), loc + (field.alias or name,))
        elif isinstance(obj, (list, tuple)):
            for i, x in enumerate(obj):
                yield from walk(x, loc + (i,))
        elif isinstance(obj, dict):
            for k, x in obj.items():
                yield from walk(x, loc + (k,))

    return walk(obj, loc)


# -- the files of a game ----------------------------------------------------------------------------------
class DataFiles:
    """The data files of the game whose folder is ``game``: a workspace's first (if one is in use), then the
    packaged ones in ``packaged``, then the user's in ``$CARDTABLE_DATA_DIR/<game>/`` (read when asked, so a
    changed environment counts at once). Every problem raises ``error``, the game's :class:`DataError`."""

    def __init__(self, game: str, packaged: Path, error: type[DataError]):
        self.game = game
        self.packaged = packaged
        self.error = error
        self._cache: dict[tuple[str, str, int, int], Any] = {}  # (kind, path, mtime, size): what read() made

    # -- finding files
    def user_dir(self) -> Path | None:
        """The user's folder of the game's files, ``$CARDTABLE_DATA_DIR/<game>/``; None if the variable is not set."""
        root = user_root()
        return root / self.game if root is not None else None

    def folders(self) -> list[tuple[Path, str]]:
        """The folders to look in, first first, with where they come from ("workspace", "packaged", "user")."""
        return search_folders(self.game, self.packaged)

    def where(self) -> str:
        """Where names are looked up, for a message."""
        workspace = workspace_root()
        folder = self.user_dir()
        if workspace is not None:
            return _("the workspace {workspace}, the packaged files or {folder}", workspace=workspace / self.game,
                     folder=folder) if folder is not None else \
                _("the workspace {workspace} or the packaged files", workspace=workspace / self.game)
        if folder is not None:
            return _("the packaged files or {folder}", folder=folder)
        return _("the packaged files (set {env} to add your own in ${env}/{game}/)", env=DATA_DIR_ENV, game=self.game)

    def names(self, pattern: str, name_of: Callable[[Path], str | None]) -> list[str]:
        """The names of the files matching the glob ``pattern`` (``name_of`` a file: its name, or None to skip
        it): the workspace's, the packaged ones, then the user directory's, each sorted; a name found twice counts
        once."""
        names: list[str] = []
        for folder, _ in self.folders():
            try:
                files = sorted(folder.glob(pattern))
            except OSError:
                continue
            names += [n for n in map(name_of, files) if n is not None and n not in names]
        return names

    def find(self, kind: str, name: Any, filename: str, *, valid: re.Pattern[str], rule: str,
             listing: Callable[[], list[str]], max_length: int | None = None) -> tuple[Path, str]:
        """The file ``filename`` of the ``kind`` (e.g. "deck") called ``name``, and where it comes from. The name
        is checked (against ``valid``, ``rule`` says it in words) before any file is touched."""
        if not isinstance(name, str) or (max_length is not None and len(name) > max_length) \
                or not valid.fullmatch(name):
            raise self.error(_("{name} is not the name of a {kind}: a name is {rule}, never a path; available: "
                               "{available}", name=repr(name), kind=kind, rule=rule,
                               available=", ".join(map(repr, listing())) or _("none")))
        for folder, source in self.folders():
            if (folder / filename).is_file():
                return folder / filename, source
        available = listing()
        hint = difflib.get_close_matches(str(name), [str(c) for c in available], n=1)
        listed = ", ".join(map(repr, available)) or _("none")
        if hint:
            raise self.error(_("no {kind} {name} in {where}; did you mean {hint}?; available: {available}", kind=kind,
                               name=repr(name), where=self.where(), hint=repr(hint[0]), available=listed))
        raise self.error(_("no {kind} {name} in {where}; available: {available}", kind=kind, name=repr(name),
                           where=self.where(), available=listed))

    # -- reading
    def cached(self, kind: str, path: Path, read: Callable[[], T]) -> T:
        """``read()``, kept for ``kind`` and ``path`` until the file changes (its modification time or size)."""
        try:
            stat = path.stat()
        except OSError as exc:
            raise self.error(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
        key = (kind, str(path), stat.st_mtime_ns, stat.st_size)
        if key not in self._cache:
            self._cache[key] = read()
        found: T = self._cache[key]
        return found

    def read_yaml(self, path: Path, *, max_bytes: int, mapping: str, near: re.Pattern[str] | None = None,
                  near_what: str = "card") -> tuple[Data, Any]:
        """The file's data (a mapping) and its YAML node tree (for :func:`line_of`).

        ``mapping`` shows what the file should hold (``"format: …, …"``) when it holds something else. Where
        the file is not YAML, the entry near the fault is the last line at or above it that ``near`` matches
        (its group 1 names the ``near_what``, e.g. "near card SMP-013")."""
        import yaml

        try:
            if path.stat().st_size > max_bytes:
                raise self.error(f"the file is larger than {max_bytes} bytes", file=str(path))
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise self.error(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
        except UnicodeDecodeError:
            raise self.error("not UTF-8 text", file=str(path)) from None
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                self._no_duplicate_keys(node, path)
            data = loader.construct_document(node) if node is not None else None
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            problem = getattr(exc, "problem", None) or str(exc)
            line = mark.line + 1 if mark is not None else None
            raise self.error(f"not valid YAML: {problem}", file=str(path), line=line,
                             entry=_entry_near(text, line, near, near_what)) from None
        finally:
            loader.dispose()
        if not isinstance(data, dict):
            raise self.error(f"the file must hold a mapping ({mapping}), not "
                             f"{type(data).__name__ if data is not None else 'nothing'}", file=str(path))
        return data, node

    def _no_duplicate_keys(self, node: Any, path: Path) -> None:
        import yaml

        stack = [node]
        visited = 0
        while stack:
            n = stack.pop()
            visited += 1
            if visited > MAX_YAML_NODES:  # aliases are walked as often as they are used: a loop never ends
                raise self.error(f"the file unfolds to more than {MAX_YAML_NODES:,} values: an alias refers to "
                                 "itself, or aliases are nested too deep", file=str(path))
            if isinstance(n, yaml.MappingNode):
                seen: set[str] = set()
                for key, value in n.value:
                    if isinstance(key, yaml.ScalarNode):
                        if key.value in seen and key.value != "<<":
                            raise self.error(f"the key {key.value!r} appears twice in one mapping", file=str(path),
                                             line=key.start_mark.line + 1)
                        seen.add(key.value)
                    stack.append(value)
            elif isinstance(n, yaml.SequenceNode):
                stack.extend(n.value)

    # -- validating and reporting
    def validate(self, model: type[M], data: Data, node: Any, path: Path, describe: Describe, **options: Any) -> M:
        """``data`` validated as ``model``; else the error naming every problem (``options``: see :func:`problems`)."""
        from pydantic import ValidationError

        try:
            return model.model_validate(data)
        except ValidationError as exc:
            found = problems(exc, data, node, describe, **options)
            raise self.error(found[0][3], file=str(path), problems=found) from None

    def fail(self, path: Path, data: Data, node: Any, describe: Describe, found: list[tuple[Loc, str]]) -> None:
        """Raise one error naming every ``(location, reason)`` of ``found`` (a check of the game's own), if any."""
        if found:
            listed = locate(found, data, node, describe)
            raise self.error(listed[0][3], file=str(path), problems=listed)


def _entry_near(text: str, line: int | None, near: re.Pattern[str] | None, what: str) -> str | None:
    if line is None or near is None:
        return None
    for row in reversed(text.splitlines()[:line]):
        m = near.match(row)
        if m:
            return f"near {what} {m.group(1)}"
    return None


# -- locations ------------------------------------------------------------------------------------------------
def list_item(loc: Loc, data: Data) -> tuple[str, Any] | None:
    """Where ``loc`` leads into an item of a list at the top of the file (``("cards", 3, …)``): the item's place
    (``"cards[3]"``) and the item as the file holds it; else None. (The rest of ``loc`` is ``loc[2:]``.)"""
    if len(loc) >= 2 and isinstance(loc[1], int) and isinstance(data.get(loc[0]), list) \
            and 0 <= loc[1] < len(data[loc[0]]):
        return f"{loc[0]}[{loc[1]}]", data[loc[0]][loc[1]]
    return None


def list_entries(key: str, what: str, whole: str, name_key: str) -> Describe:
    """How to name the entries of a file that lists them under ``key``, each with an ``id`` and a ``name``: for a
    location inside one, ``card SMP-013 'Lysa Brightspear' at cards[3]`` (``what``) and the field path inside
    it; for any other, the file as a whole, ``set SMP`` (``whole`` and the file's ``name_key``)."""
    def describe(loc: Loc, data: Data) -> tuple[str | None, Loc]:
        item = list_item(loc, data)
        if item is not None and loc[0] == key:
            return entry_label(what, item[1], item[0]), loc[2:]
        name = data.get(name_key)
        return (f"{whole} {name}" if isinstance(name, str) else whole), loc

    return describe


def entry_label(what: str, raw: Any, at: str | None = None) -> str:
    """An entry of a file for a message: ``what`` with the ``id`` and ``name`` the entry gives, and where it is
    (``card SMP-013 'Lysa Brightspear' at cards[3]``)."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        what += f" {raw['id']}" + (f" {raw['name']!r}" if isinstance(raw.get("name"), str) else "")
    return what + (f" at {at}" if at else "")


_ABSENT = object()


def _key(data: dict[Any, Any], part: Any) -> Any:
    """The key of ``data`` that a location's ``part`` names, or _ABSENT: the part itself, a seat ``0`` that JSON
    wrote as ``"0"``, or a field ``on`` that YAML 1.1 read as True."""
    if part in data:
        return part
    if isinstance(part, int) and str(part) in data:
        return str(part)
    if part == "on" and True in data:
        return True
    return _ABSENT


def _child(data: Any, part: Any) -> Any:
    if isinstance(data, dict):
        key = _key(data, part)
        return None if key is _ABSENT else data[key]
    if isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return None


def line_of(node: Any, loc: Loc) -> int | None:
    """The line of the deepest node of ``loc`` found in the YAML node tree (None without a tree)."""
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


def dotted(parts: Loc, data: Any = None) -> str:
    """A location as a field path: ``maneuvers[0].cost``, ``spawns.0[2]`` (given ``data``, an int is a list
    index only where the data holds a list: a seat is a mapping key)."""
    out = ""
    for p in parts:
        in_list = isinstance(data, list) if isinstance(data, (list, dict)) else isinstance(p, int)
        out += f"[{p}]" if in_list else (f".{p}" if out else str(p))
        data = _child(data, p)
    return out


def clean_loc(loc: Loc, data: Any, keep_last: bool) -> Loc:
    """Drop the parts of a pydantic error location that are not in the file: the labels of union members
    (``constrained-int``, ``~draw`` …), a dict key's ``[key]``. With ``keep_last`` the last part stays even if
    it is not in the file (a missing field, or a field a check names although it was left at its default)."""
    out: list[int | str] = []
    for i, part in enumerate(loc):
        if isinstance(data, dict) and _key(data, part) is not _ABSENT:
            data = data[_key(data, part)]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        elif not (keep_last and i == len(loc) - 1):
            continue  # a union member's label: the data stays where it is
        out.append(part)
    return tuple(out)


def locate(found: Iterable[tuple[Loc, str]], data: Data, node: Any, describe: Describe) -> list[Problem]:
    """``(location, reason)`` pairs as problems: the entry (by ``describe``), the field path inside it, the line."""
    out: list[Problem] = []
    for loc, reason in found:
        entry, rest = describe(loc, data)
        inside: Any = data
        for part in loc[:len(loc) - len(rest)]:
            inside = _child(inside, part)
        out.append((entry, dotted(rest, inside) or None, line_of(node, loc), reason))
    return out


def problems(exc: Any, data: Data, node: Any, describe: Describe, *,
             field_names: Callable[[], list[str]] | None = None, exact_checks: bool = True) -> list[Problem]:
    """A pydantic ValidationError of ``data`` as problems (see :func:`locate`).

    A value that fits no member of a union gets one error per member; they are merged into one problem per
    location, and a problem whose location leads to a deeper problem's is dropped (the deeper one says more:
    ``permanent.uses_per_turn`` rather than ``permanent``). A literal that is not allowed gets a suggestion
    and the allowed values; an unknown field gets a suggestion from ``field_names()``, if given. The location
    of a :class:`Located` check is kept as it is with ``exact_checks`` (every part of it is a field), else
    cleaned as pydantic's own but for its last part.
    """
    found: dict[Loc, list[str]] = {}
    for error in exc.errors(include_url=False):
        loc = tuple(error["loc"])
        message = error["msg"]
        cause = (error.get("ctx") or {}).get("error")
        keep_last = error["type"] == "missing"
        checked: Loc = ()
        if isinstance(cause, Located):
            message = cause.message
            if exact_checks:
                checked = cause.loc
            else:
                loc += cause.loc
                keep_last = True
        elif message.startswith("Value error, "):  # i18n: no (pydantic's prefix)
            message = message[len("Value error, "):]  # i18n: no (pydantic's prefix)
        elif error["type"] == "literal_error" and isinstance(error.get("input"), str):
            allowed = re.findall(r"'([^']*)'", (error.get("ctx") or {}).get("expected", ""))
            message = _("{value} is not allowed{hint}; expected one of: {allowed}", value=repr(error['input']),
                        hint=did_you_mean(error["input"], allowed), allowed=", ".join(allowed))
        elif error["type"] == "extra_forbidden" and loc and field_names is not None:
            message = _("unknown field{hint}: {message}", hint=did_you_mean(loc[-1], field_names()), message=message)

        loc = clean_loc(tuple(p for p in loc if not (isinstance(p, str) and p.startswith(TAG))), data, keep_last)
        messages = found.setdefault(loc + checked, [])
        if message not in messages:
            messages.append(message)
    deepest = [(loc, "; or: ".join(messages)) for loc, messages in found.items()
               if not any(len(other) > len(loc) and other[:len(loc)] == loc for other in found)]
    return locate(deepest, data, node, describe)
