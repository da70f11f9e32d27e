"""The game registry. Games are plugins: they register here, and the engine never names one.

Games are found through the ``cardtable.games`` entry-point group (how an installed package,
ours or a third party's, offers a game) and, for a source checkout that is not installed, by
importing the subpackages of ``cardtable.games``.

Data schemas (``cardtable schema NAME``) are found the same two ways, without needing a game class
(a game's data layer may exist before its rules do): an entry point of the ``cardtable.schemas``
group names a function, or a game package ``cardtable.games.NAME`` has a module ``schemas`` with a
function ``schemas()``. Either returns ``{schema name: JSON Schema (a dict)}``, e.g. ``{"card": {…},
"deck": {…}}``. The module is imported only when its schemas are asked for (it may import pydantic).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from importlib import metadata
from typing import Any, Mapping

from .errors import CardtableError, UnknownGame, UnknownSchemas
from .game import Game

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.info.name``; usable as a class decorator."""
    _GAMES[cls.info.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    for entry in metadata.entry_points(group="cardtable.games"):
        register(entry.load())
    try:
        package = importlib.import_module("cardtable.games")
    except ImportError:  # pragma: no cover - the package always ships its games
        return
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)


def game_names() -> list[str]:
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame(name, sorted(_GAMES)) from None


def load(name: str, players: int | None = None, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``name`` for ``players`` seats with ``options``; raises UnknownGame or OptionError."""
    return game_class(name)(players=players, options=options)


# -- data schemas -----------------------------------------------------------------------------------
SCHEMA_GROUP = "cardtable.schemas"
SCHEMA_MODULE = "schemas"  # cardtable.games.<name>.schemas:schemas()
_SCHEMA_NAME = re.compile(r"[a-z][a-z0-9_-]{0,63}")


def _schema_providers() -> dict[str, str]:
    """``{name: "module:function"}``: game packages with a ``schemas`` module, then entry points (which win)."""
    found: dict[str, str] = {}
    try:
        package = importlib.import_module("cardtable.games")
    except ImportError:  # pragma: no cover - the package always ships its games
        package = None
    if package is not None:
        for info in pkgutil.iter_modules(package.__path__):
            if not info.ispkg:
                continue
            spec = info.module_finder.find_spec(f"{package.__name__}.{info.name}", None)
            where = spec.submodule_search_locations if spec is not None else None
            if where and any(m.name == SCHEMA_MODULE for m in pkgutil.iter_modules(where)):
                found[info.name] = f"{package.__name__}.{info.name}.{SCHEMA_MODULE}:schemas"
    for entry in metadata.entry_points(group=SCHEMA_GROUP):
        found[entry.name] = entry.value
    return found


def schema_names() -> list[str]:
    """The names that export data schemas (``cardtable schema NAME``)."""
    return sorted(_schema_providers())


def _provider_of(name: str, providers: dict[str, str]) -> tuple[str, str]:
    if name in providers:
        return name, providers[name]
    if name in game_names():  # a game of a package with schemas, e.g. a variant registered by that package
        module = game_class(name).__module__
        for provider, target in sorted(providers.items()):
            package = target.partition(":")[0].rpartition(".")[0]
            if package and (module == package or module.startswith(package + ".")):
                return provider, target
        raise UnknownSchemas(name, sorted(providers), is_game=True)
    raise UnknownSchemas(name, sorted(providers))


def schema_provider(name: str) -> str:
    """The provider of ``name``'s schemas: ``name`` itself, or for a game, the schema provider of its package
    (``maoqy-ritual`` -> ``maoqy``). Raises UnknownSchemas."""
    return _provider_of(name, _schema_providers())[0]


def schemas(name: str) -> dict[str, dict[str, Any]]:
    """The JSON Schemas that ``name`` (a schema provider or a game) exports, by schema name.

    Raises UnknownSchemas for a name that exports none, CardtableError for a provider that misbehaves.
    """
    _, target = _provider_of(name, _schema_providers())
    module_name, _, attr = target.partition(":")
    try:
        function = getattr(importlib.import_module(module_name), attr or "schemas")
    except (ImportError, AttributeError) as exc:
        raise CardtableError(f"the schemas of {name!r} ({target}) cannot be loaded: {exc}") from None  # i18n: no (a schema provider's programmer)
    result = function()
    if not isinstance(result, Mapping) or not result:
        raise CardtableError(f"the schemas of {name!r} ({target}) are not a non-empty mapping of name to JSON Schema")  # i18n: no (a schema provider's programmer)
    for key, schema in result.items():
        if not isinstance(key, str) or not _SCHEMA_NAME.fullmatch(key) or not isinstance(schema, dict):
            raise CardtableError(f"the schemas of {name!r} ({target}): {key!r} is not a schema name "  # i18n: no (a schema provider's programmer)
                                 f"(lower-case letters, digits, '-', '_') with a JSON Schema object")
    return dict(result)


# -- the designer's workbench ---------------------------------------------------------------------------------
WORKBENCH_MODULE = "workbench"  # cardtable.games.<name>.workbench: FOLDER, kind_of(filename), check(filename)


def workbench(name: str) -> Any | None:
    """The workbench module of the game ``name`` (its data files: ``FOLDER``, ``kind_of``, ``check``), or None
    for a game that reads no data files (Mojo). Raises UnknownGame."""
    package = game_class(name).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.{WORKBENCH_MODULE}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.{WORKBENCH_MODULE}":
            raise
        return None
