"""Data sets of MAOQY's Level 2 and 3 proposals (spec 10.1 P2.5, 10.2 P3.1): meanings and rituals as YAML.

A data set is named, never given as a path: option values come from the web too, and a path would let
any user make the server read its files (and a record would not replay on another machine). A name is
letters, digits, ``-`` and ``_``; ``<kind>-<name>.yaml`` is looked up

1. in this package's ``data/`` folder (the packaged sets; their names are reserved, so ``default``
   means the same everywhere and records of it replay alike), then
2. in ``$CARDTABLE_DATA_DIR/maoqy/`` — where designers add their own sets without touching code.

Every file is validated with the pydantic models of ``levels_schema`` before use (imported only then:
every CLI command imports every game package, and most never read a data set). Reading and reporting are
the engine's (``cardtable.engine.datafiles``): a bad file raises :class:`DataFileError` (an engine
``DataError``), whose message names the file, the entry (a step of a ritual), the line and the field, and
says what is wrong, as every game's data errors do.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import DataError, Option, OptionError
from cardtable.engine.datafiles import DataFiles, list_item

from . import cards as C

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
#: Environment variable naming the user data directory; MAOQY's sets live in its ``maoqy/`` folder.
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"
GAME_FOLDER = "maoqy"
KINDS = ("meanings", "ritual")
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
MAX_FILE_BYTES = 1_000_000

#: Level 1's positions (spec 2.4), as a ritual names them (P3.4). The user is the one player.
POSITIONS = ("unknown", "known", "hand", "open", "street", "hiding")
POSITION_TITLES = {
    "unknown": "the Unknown (draw pile, face down)",
    "known": "the Known (discard pile, face up)",
    "hand": "your hidden hand",
    "open": "your open hand (face up)",
    "street": "your street (face up)",
    "hiding": "your hiding place (face down)",
}
SPREADS = (1, 3, 5)  # P2.1


class DataFileError(DataError, OptionError):
    """A data set that is unreadable or invalid: an engine ``DataError`` (``file``, ``entry``, ``field``,
    ``line``, ``reason``, ``problems``), and an OptionError, as it is chosen by an option."""


_FILES = DataFiles(GAME_FOLDER, PACKAGED_DIR, DataFileError)


# -- loaded data sets -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Meanings:
    name: str
    source: str  # "packaged" or "user"
    title: str
    placeholders: bool
    note: str
    kingdoms: dict[str, str]
    numbers: dict[int, str]
    positions: dict[str, str]
    spreads: dict[int, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "source": self.source, "title": self.title, "placeholders": self.placeholders,
                "note": self.note, "kingdoms": dict(self.kingdoms), "numbers": {str(k): v for k, v in self.numbers.items()},
                "positions": dict(self.positions), "spreads": {str(k): list(v) for k, v in self.spreads.items()}}


@dataclass(frozen=True)
class RitualStep:
    source: str
    to: str
    count: int
    kingdoms: tuple[int, ...] | None  # kingdom indexes
    places: tuple[str, ...] | None
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"from": self.source, "to": self.to, "count": self.count,
                "kingdoms": [C.KINGDOMS[k] for k in self.kingdoms] if self.kingdoms is not None else None,
                "places": list(self.places) if self.places is not None else None, "text": self.text}


@dataclass(frozen=True)
class Ritual:
    name: str
    source: str
    title: str
    note: str
    steps: tuple[RitualStep, ...]
    digest: str  # of the steps: part of every ritual state, so a changed ritual fails `replay --check`

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "source": self.source, "title": self.title, "note": self.note,
                "steps": [s.to_json() for s in self.steps]}


# -- finding and reading ----------------------------------------------------------------------------
def user_dir() -> Path | None:
    root = os.environ.get(DATA_DIR_ENV)
    return Path(root) / GAME_FOLDER if root else None


def _check_name(kind: str, name: Any, option: str) -> str:
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise OptionError(f"option {option}={name!r} is not the name of a {kind} set: a name is letters, digits, "
                          f"'-' and '_' (at most 64), never a path; available: {', '.join(map(repr, available(kind)))}")
    return name


def available(kind: str) -> list[str]:
    """The names of the ``kind`` sets: packaged ones first, then the user directory's, each sorted."""
    names = _names_in(PACKAGED_DIR, kind)
    folder = user_dir()
    if folder is not None:
        names += [n for n in _names_in(folder, kind) if n not in names]
    return names


def _names_in(folder: Path, kind: str) -> list[str]:
    try:
        files = sorted(folder.glob(f"{kind}-*.yaml"))
    except OSError:
        return []
    names = [p.name[len(kind) + 1:-len(".yaml")] for p in files]
    return [n for n in names if NAME_RE.fullmatch(n)]


def find(kind: str, name: str) -> tuple[Path, str]:
    """The file of the set ``name`` and where it comes from ("packaged" or "user"). Packaged names are reserved."""
    assert kind in KINDS and NAME_RE.fullmatch(name), (kind, name)
    filename = f"{kind}-{name}.yaml"
    packaged = PACKAGED_DIR / filename
    if packaged.is_file():
        return packaged, "packaged"
    folder = user_dir()
    if folder is not None and (folder / filename).is_file():
        return folder / filename, "user"
    where = f"the packaged sets or {folder}" if folder is not None else \
        f"the packaged sets (set {DATA_DIR_ENV} to add your own in ${DATA_DIR_ENV}/{GAME_FOLDER}/)"
    raise OptionError(f"no {kind} set {name!r} in {where}; available: {', '.join(map(repr, available(kind)))}")


#: The sections of a meanings file whose keys are numbers (``5:``, which YAML reads as the integer 5).
_NUMBERED = ("numbers", "spreads")


def _read(path: Path, kind: str) -> tuple[Any, dict, Any]:
    """The file's validated model, its data and its YAML node tree (for the lines of later problems)."""
    from . import levels_schema

    model = levels_schema.MeaningsFile if kind == "meanings" else levels_schema.RitualFile
    data, node = _FILES.read_yaml(path, max_bytes=MAX_FILE_BYTES, mapping="title: …, …")
    if kind == "meanings":  # the keys as the model names its fields ("5"), so that a problem's location is found
        for section in _NUMBERED:
            if isinstance(data.get(section), dict):
                data[section] = {str(k): v for k, v in data[section].items()}
    return _FILES.validate(model, data, node, path, _describe), data, node


def _describe(loc: tuple, data: dict) -> tuple[str | None, tuple]:
    """The entry of a file a problem is in: a ritual's step (``step 4 at steps[3]``) with the field path inside
    it; else none (the file as a whole) with the whole path."""
    item = list_item(loc, data)
    if item is not None and loc[0] == "steps":
        return f"step {loc[1] + 1} at {item[0]}", loc[2:]
    return None, loc


def _cached(kind: str, name: str, build):
    path, source = find(kind, name)
    return _FILES.cached(kind, path, lambda: build(path, source))


def load_meanings(name: str) -> Meanings:
    """The meanings set ``name`` (P2.5), validated. OptionError if there is none, DataFileError if it is bad."""
    _check_name("meanings", name, "meanings")

    def build(path: Path, source: str) -> Meanings:
        m = _read(path, "meanings")[0]
        return Meanings(
            name=name, source=source, title=m.title, placeholders=m.placeholders, note=m.note,
            kingdoms={k: getattr(m.kingdoms, k) for k in C.KINGDOMS},
            numbers={n: getattr(m.numbers, f"n{n}") for n in range(1, C.PER_KINGDOM + 1)},
            positions=dict(m.positions),
            spreads={n: tuple(getattr(m.spreads, f"s{n}")) for n in SPREADS},
        )

    return _cached("meanings", name, build)


def load_ritual(name: str) -> Ritual:
    """The ritual ``name`` (P3.1), validated, and checked to run to its end for every seed."""
    _check_name("ritual", name, "ritual")

    def build(path: Path, source: str) -> Ritual:
        r, data, node = _read(path, "ritual")
        steps = tuple(
            RitualStep(source=s.source, to=s.to, count=s.count,
                       kingdoms=tuple(C.KINGDOMS.index(k) for k in s.kingdoms) if s.kingdoms is not None else None,
                       places=tuple(s.places) if s.places is not None else None, text=s.text)
            for s in r.steps
        )
        problem = _feasibility(steps)
        if problem is not None:
            index, field, message = problem
            _FILES.fail(path, data, node, _describe, [(("steps", index, field), message)])
        digest = hashlib.sha256(json.dumps([s.to_json() for s in steps], sort_keys=True).encode()).hexdigest()[:16]
        return Ritual(name=name, source=source, title=r.title, note=r.note, steps=steps, digest=digest)

    return _cached("ritual", name, build)


def _feasibility(steps: tuple[RitualStep, ...]) -> tuple[int, str, str] | None:
    """Can every step find its cards, whatever the shuffle? All cards start in the Unknown (17 of each kingdom).

    Counts per position are exact. Per kingdom only a lower bound is known once cards left a position
    unseen (the top cards of a pile can be of any kingdom), so a step that asks for a kingdom must be
    sure to find it: the check is conservative, never optimistic.
    """
    size = {p: 0 for p in POSITIONS}
    size["unknown"] = C.STANDARD_CARDS
    least = {p: [0] * C.NUM_KINGDOMS for p in POSITIONS}  # cards of each kingdom surely in each position
    least["unknown"] = [C.PER_KINGDOM] * C.NUM_KINGDOMS
    for i, step in enumerate(steps):
        src, dst = step.source, step.to
        if size[src] < step.count:
            return i, "count", (f"moves {step.count} card(s) from {src!r}, which holds only {size[src]} "
                                f"card(s) at that point")
        if step.kingdoms is None:
            least[src] = [max(0, x - step.count) for x in least[src]]
        else:
            for k in set(step.kingdoms):
                wanted = step.kingdoms.count(k)
                if least[src][k] < wanted:
                    return i, "kingdoms", (f"asks for {wanted} {C.KINGDOMS[k]} card(s) from {src!r}, which is not sure "
                                           f"to hold them at that point (it surely holds {least[src][k]})")
            for k in step.kingdoms:
                least[src][k] -= 1
                least[dst][k] += 1
        size[src] -= step.count
        size[dst] += step.count
    return None


# -- options ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DataSetOption(Option):
    """The name of a data set of ``kind`` (a name, never a path). Its allowed values are the sets found now."""

    kind: str = "meanings"

    def allowed(self) -> str:
        return " or ".join(repr(n) for n in available(self.kind))

    def validate(self, value: Any) -> Any:
        name = _check_name(self.kind, value, self.name)
        find(self.kind, name)  # OptionError naming the available sets when there is no such set
        return name
