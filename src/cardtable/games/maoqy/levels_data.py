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
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from cardtable.engine import DataError, Option, OptionError
from cardtable.engine.datafiles import Data, DataFiles, Loc, T, list_item
from cardtable.engine.i18n import N_, Translator, current_language, language

from . import cards as C
from .levels_tables import POSITIONS as POSITIONS, SPREADS as SPREADS

_ = Translator("maoqy")
#: the languages a data file may carry translations for (carddata.md); English is the file's own fields
TRANSLATED_LANGUAGES = ("de", "hu")

PACKAGED_DIR = Path(__file__).resolve().parent / "data"
#: Environment variable naming the user data directory; MAOQY's sets live in its ``maoqy/`` folder.
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"
GAME_FOLDER = "maoqy"
KINDS = ("meanings", "ritual")
NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
MAX_FILE_BYTES = 1_000_000

#: How each of Level 1's positions reads.
POSITION_TITLES = {
    "unknown": N_("the Unknown (draw pile, face down)"),
    "known": N_("the Known (discard pile, face up)"),
    "hand": N_("your hidden hand"),
    "open": N_("your open hand (face up)"),
    "street": N_("your street (face up)"),
    "hiding": N_("your hiding place (face down)"),
}


def position_title(position: str) -> str:
    """A Level 1 position as the reader reads it (P3.4)."""
    return _(POSITION_TITLES[position])


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
    #: lang -> {"title": …, "note": …, "kingdoms": {…}, "numbers": {…}, "positions": {…}} (what the file gives)
    translations: dict[str, dict[str, Any]] = None  # type: ignore[assignment]

    def _tr(self, lang: str | None) -> dict[str, Any]:
        return (self.translations or {}).get(lang or "", {})

    def text(self, field: str, lang: str | None) -> str:
        """``title`` or ``note`` in ``lang``, falling back to English."""
        text: str = self._tr(lang).get(field) or getattr(self, field)
        return text

    def kingdom(self, kingdom: str, lang: str | None) -> str:
        return self._tr(lang).get("kingdoms", {}).get(kingdom) or self.kingdoms[kingdom]

    def number(self, number: int, lang: str | None) -> str:
        return self._tr(lang).get("numbers", {}).get(number) or self.numbers[number]

    def position(self, position: str, lang: str | None) -> str:
        return self._tr(lang).get("positions", {}).get(position) or self.positions[position]

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The set as the browser reads it: the texts in ``lang`` (falling back to English)."""
        return {"name": self.name, "source": self.source, "title": self.text("title", lang),
                "placeholders": self.placeholders, "note": self.text("note", lang),
                "kingdoms": {k: self.kingdom(k, lang) for k in self.kingdoms},
                "numbers": {str(k): self.number(k, lang) for k in self.numbers},
                "positions": {p: self.position(p, lang) for p in self.positions},
                "spreads": {str(k): list(v) for k, v in self.spreads.items()}}


@dataclass(frozen=True)
class RitualStep:
    source: str
    to: str
    count: int
    kingdoms: tuple[int, ...] | None  # kingdom indexes
    places: tuple[str, ...] | None
    text: str
    #: lang -> {"text": …, "places": (…)} (what the file gives)
    translations: dict[str, dict[str, Any]] = None  # type: ignore[assignment]

    def text_in(self, lang: str | None) -> str:
        return (self.translations or {}).get(lang or "", {}).get("text") or self.text

    def places_in(self, lang: str | None) -> tuple[str, ...] | None:
        return (self.translations or {}).get(lang or "", {}).get("places") or self.places

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The step; its ``text`` and ``places`` in ``lang`` where given (the digest uses the English form)."""
        places = self.places_in(lang)
        return {"from": self.source, "to": self.to, "count": self.count,
                "kingdoms": [C.KINGDOMS[k] for k in self.kingdoms] if self.kingdoms is not None else None,
                "places": list(places) if places is not None else None, "text": self.text_in(lang)}


@dataclass(frozen=True)
class Ritual:
    name: str
    source: str
    title: str
    note: str
    steps: tuple[RitualStep, ...]
    digest: str  # of the steps: part of every ritual state, so a changed ritual fails `replay --check`
    translations: dict[str, dict[str, Any]] = None  # type: ignore[assignment]

    def text(self, field: str, lang: str | None) -> str:
        """``title`` or ``note`` in ``lang``, falling back to English."""
        text: str = (self.translations or {}).get(lang or "", {}).get(field) or getattr(self, field)
        return text

    def place(self, index: int, place: str | None, lang: str | None) -> str | None:
        """The English ``place`` of a card moved by step ``index`` as the reader reads it."""
        if place is None or not 0 <= index < len(self.steps):
            return place
        step = self.steps[index]
        english, shown = step.places or (), step.places_in(lang) or ()
        return shown[english.index(place)] if place in english and len(shown) == len(english) else place

    def place_anywhere(self, place: str | None, lang: str | None) -> str | None:
        """A card's ``place`` (as the state keeps it, in English) in ``lang``: the first step that names it."""
        for i, step in enumerate(self.steps):
            if place is not None and step.places and place in step.places:
                return self.place(i, place, lang)
        return place

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        return {"name": self.name, "source": self.source, "title": self.text("title", lang),
                "note": self.text("note", lang), "steps": [s.to_json(lang) for s in self.steps]}


# -- finding and reading ----------------------------------------------------------------------------
def user_dir() -> Path | None:
    return _FILES.user_dir()


def _check_name(kind: str, name: Any, option: str) -> str:
    if not isinstance(name, str) or not NAME_RE.fullmatch(name):
        raise OptionError(_("option {option}={name} is not the name of a {kind} set: a name is letters, digits, "
                            "'-' and '_' (at most 64), never a path; available: {available}", option=option,
                            name=repr(name), kind=kind, available=", ".join(map(repr, available(kind)))))
    return name


def available(kind: str) -> list[str]:
    """The names of the ``kind`` sets: a workspace's first (if one is in use), then the packaged ones, then the
    user directory's, each sorted."""
    names: list[str] = []
    for folder, _source in _FILES.folders():
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
    """The file of the set ``name`` and where it comes from ("workspace", "packaged" or "user"). A packaged name
    means the packaged file unless a workspace in use has its own copy."""
    assert kind in KINDS and NAME_RE.fullmatch(name), (kind, name)
    filename = f"{kind}-{name}.yaml"
    for folder, source in _FILES.folders():
        if (folder / filename).is_file():
            return folder / filename, source
    raise OptionError(_("no {kind} set {name} in {where}; available: {available}", kind=kind, name=repr(name),
                        where=_FILES.where(), available=", ".join(map(repr, available(kind)))))


#: The sections of a meanings file whose keys are numbers (``5:``, which YAML reads as the integer 5).
_NUMBERED = ("numbers", "spreads")


def _read(path: Path, kind: str) -> tuple[Any, Data, Any]:
    """The file's validated model, its data and its YAML node tree (for the lines of later problems)."""
    from . import levels_schema

    model = levels_schema.MeaningsFile if kind == "meanings" else levels_schema.RitualFile
    data, node = _FILES.read_yaml(path, max_bytes=MAX_FILE_BYTES, mapping="title: …, …")
    if kind == "meanings":  # the keys as the model names its fields ("5"), so that a problem's location is found
        for section in _NUMBERED:
            if isinstance(data.get(section), dict):
                data[section] = {str(k): v for k, v in data[section].items()}
    return _FILES.validate(model, data, node, path, _describe), data, node


def _describe(loc: Loc, data: Data) -> tuple[str | None, Loc]:
    """The entry of a file a problem is in: a ritual's step (``step 4 at steps[3]``) with the field path inside
    it; else none (the file as a whole) with the whole path."""
    item = list_item(loc, data)
    if item is not None and loc[0] == "steps":
        step = loc[1]
        assert isinstance(step, int)  # list_item found the item of a list there
        return f"step {step + 1} at {item[0]}", loc[2:]
    return None, loc


def _cached(kind: str, name: str, build: Callable[[Path, str], T]) -> T:
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
            translations={lang: tr.model_dump(exclude_none=True) for lang in TRANSLATED_LANGUAGES
                          if (tr := getattr(m.translations, lang)) is not None},
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
                       places=tuple(s.places) if s.places is not None else None, text=s.text,
                       translations={lang: {k: tuple(v) if k == "places" else v
                                            for k, v in tr.model_dump(exclude_none=True).items()}
                                     for lang in TRANSLATED_LANGUAGES
                                     if (tr := getattr(s.translations, lang)) is not None})
            for s in r.steps
        )
        problem = _feasibility(steps)
        if problem is not None:
            index, field, message = problem
            _FILES.fail(path, data, node, _describe, [(("steps", index, field), message)])
        digest = hashlib.sha256(json.dumps([s.to_json() for s in steps], sort_keys=True).encode()).hexdigest()[:16]
        return Ritual(name=name, source=source, title=r.title, note=r.note, steps=steps, digest=digest,
                      translations={lang: tr.model_dump(exclude_none=True) for lang in TRANSLATED_LANGUAGES
                                    if (tr := getattr(r.translations, lang)) is not None})

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
            return i, "count", _("moves {count} card(s) from {source}, which holds only {size} card(s) at that point",
                                 count=step.count, source=repr(src), size=size[src])
        if step.kingdoms is None:
            least[src] = [max(0, x - step.count) for x in least[src]]
        else:
            for k in set(step.kingdoms):
                wanted = step.kingdoms.count(k)
                if least[src][k] < wanted:
                    return i, "kingdoms", _("asks for {wanted} {kingdom} card(s) from {source}, which is not sure "
                                            "to hold them at that point (it surely holds {held})", wanted=wanted,
                                            kingdom=C.KINGDOMS[k], source=repr(src), held=least[src][k])
            for k in step.kingdoms:
                least[src][k] -= 1
                least[dst][k] += 1
        size[src] -= step.count
        size[dst] += step.count
    return None


# -- translations (carddata.md) ---------------------------------------------------------------------
def missing_translations(kind: str, name: str) -> list[tuple[str, str, str]]:
    """Every text of the set ``name`` that has no translation, as ``(file, entry, field)``: ``entry`` is ``"file"``
    for the file's own fields or ``step N``; ``field`` e.g. ``translations.hu.kingdoms.red``."""
    path, _source = find(kind, name)
    out: list[tuple[str, str, str]] = []
    if kind == "meanings":
        m = load_meanings(name)
        for lang in TRANSLATED_LANGUAGES:
            tr = (m.translations or {}).get(lang, {})
            pre = f"translations.{lang}"
            for field in ("title", "note"):
                if getattr(m, field) and not tr.get(field):
                    out.append((path.name, "file", f"{pre}.{field}"))
            for section, keys in (("kingdoms", m.kingdoms), ("numbers", m.numbers), ("positions", m.positions)):
                for key in keys:
                    if not tr.get(section, {}).get(key):
                        out.append((path.name, "file", f"{pre}.{section}.{key}"))
    else:
        r = load_ritual(name)
        for lang in TRANSLATED_LANGUAGES:
            tr = (r.translations or {}).get(lang, {})
            for field in ("title", "note"):
                if getattr(r, field) and not tr.get(field):
                    out.append((path.name, "file", f"translations.{lang}.{field}"))
            for i, step in enumerate(r.steps):
                st = (step.translations or {}).get(lang, {})
                if step.text and not st.get("text"):
                    out.append((path.name, f"step {i + 1}", f"translations.{lang}.text"))
                if step.places and not st.get("places"):
                    out.append((path.name, f"step {i + 1}", f"translations.{lang}.places"))
    return out


# -- options ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DataSetOption(Option):
    """The name of a data set of ``kind`` (a name, never a path). Its allowed values are the sets found now."""

    kind: str = "meanings"

    def allowed(self, translated: bool = False) -> str:
        """The sets found now: English for ``to_json``, the reader's language when ``translated``."""
        with language(current_language() if translated else None):
            return _(" or ").join(repr(n) for n in available(self.kind))

    def validate(self, value: Any) -> Any:
        name = _check_name(self.kind, value, self.name)
        find(self.kind, name)  # OptionError naming the available sets when there is no such set
        return name
