"""A game's data as typed fields, and its copies derived from the field list.

A game's state and the records it is made of (cards, players, stack items …) are slotted dataclasses
(:func:`record`). Each field says how a copy takes it — shared, copied, copied item by item, or dropped
because it is a cache — and :func:`record` compiles the copy method from that list: one assignment per
field, the code a careful hand would write (no loop over names, no ``getattr``), so the hot path of a
search (``clone``) stays as fast as before while adding a field is one line in one place.

A field with no policy is shared (immutable values: numbers, strings, tuples, frozen data, the game). A
list, dict or set shared between a state and its clone would let one change the other, so a field whose
type says it is one must name its policy (``TypeError`` at import otherwise), unless it says
``shared()`` on purpose (data that is never changed in place).

The policies are expressions over ``v`` (the field's value in the original) and ``c`` (the copy being made,
whose policy-free fields are already set): ``custom("…")`` takes any such expression, for a field whose
copy must point into the copy (a list of the copy's own records, say).

Derived facts (legal actions, stats, levels …) are fields too, declared with :func:`cache`, and so is what
makes them stale: ``cache(forgotten_by="changed")`` says that the state's method ``changed()`` resets the
field, and :func:`record` compiles that method from every field that names it (and bumps every counter
declared with :func:`counter` for it). The rules announce what happened, once, where it happens
(``self.changed()``, ``self.touched()``); which facts each announcement drops is read in one place, beside
the facts, and adding a cache is again one line.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_COPY = "cardtable.copy"  # the expression a copy assigns (metadata key)
_CACHE = "cardtable.cache"  # the value ``forget`` resets a cache to (metadata key)
_ROLE = "cardtable.role"  # what the field is to a copy (metadata key; ``role``)
_FORGOTTEN_BY = "cardtable.forgotten_by"  # the methods that reset a cache (metadata key)
_COUNTED_BY = "cardtable.counted_by"  # the methods that add one to a counter (metadata key)
_CHECKED = "cardtable.checked"  # how a use of a cache no announcement drops knows it is current (metadata key)

# The policies, as expressions (``v``: the original's value; ``c``: the copy).
SHARE = "v"
LIST = "v[:]"
COPY = "v.copy()"
EACH = "[x.copy() for x in v]"
EACH_VALUE = "{k: x.copy() for k, x in v.items()}"
NESTED_LISTS = "[x[:] for x in v]"
NESTED_VALUES = "{k: x[:] for k, x in v.items()}"
OPTIONAL_COPY = "v.copy() if v is not None else None"  # i18n: no (Python code)

_VALUE = re.compile(r"\bv\b")  # the original's value in a policy
_COPY_READ = re.compile(r"\bc\.")  # a policy that reads the copy
_MUTABLE_TYPES = ("list[", "dict[", "set[", "list ", "dict ", "set ")


def _field(expression: str, role: str, *, cache: str | None = None, forgotten_by: tuple[str, ...] = (),
           counted_by: tuple[str, ...] = (), checked: str = "") -> Any:
    meta: dict[str, Any] = {_COPY: expression, _ROLE: role}
    if checked:
        meta[_CHECKED] = checked
    if cache is not None:
        meta[_CACHE] = cache
    if forgotten_by:
        meta[_FORGOTTEN_BY] = forgotten_by
    if counted_by:
        meta[_COUNTED_BY] = counted_by
    return dataclasses.field(metadata=meta)


def _names(methods: str | tuple[str, ...]) -> tuple[str, ...]:
    return (methods,) if isinstance(methods, str) else tuple(methods)


def role(f: dataclasses.Field[Any]) -> str:
    """What a record's field is to a copy: ``"share"`` (no policy: an immutable value), ``"shared"`` (a container
    shared on purpose), ``"shallow"`` (a new container of the same items), ``"deep"`` (new containers or records all
    the way down), ``"own"``, ``"custom"``, ``"fresh"`` (started anew) or ``"cache"`` (a derived fact)."""
    return str(f.metadata.get(_ROLE, "share"))


def shared() -> Any:
    """Shared by the copy although its type is a container: it is never changed in place (replaced whole)."""
    return _field(SHARE, "shared")


def copied() -> Any:
    """A list, a dict or a set of immutable items (``.copy()``): the copy gets its own container."""
    return _field(COPY, "shallow")


def sliced() -> Any:
    """A list of immutable items, copied by slicing (the fastest copy of a list)."""
    return _field(LIST, "shallow")


def each() -> Any:
    """A list of records: the copy gets a list of their copies (each record's own ``copy``)."""
    return _field(EACH, "deep")


def each_value() -> Any:
    """A dict whose values are records: the copy gets their copies under the same keys."""
    return _field(EACH_VALUE, "deep")


def nested() -> Any:
    """A list of lists of immutable items: every inner list is copied."""
    return _field(NESTED_LISTS, "deep")


def nested_values() -> Any:
    """A dict whose values are lists of immutable items: every list is copied."""
    return _field(NESTED_VALUES, "deep")


def own() -> Any:
    """A mutable object with its own ``copy`` (a random-number generator): the copy gets a copy."""
    return _field(COPY, "own")


def own_or_none() -> Any:
    """A mutable object with its own ``copy``, or ``None`` (a fight in progress)."""
    return _field(OPTIONAL_COPY, "own")


def custom(expression: str) -> Any:
    """Any expression over ``v`` (the original's value) and ``c`` (the copy, its other fields set)."""
    return _field(expression, "custom")


def fresh(expression: str) -> Any:
    """The copy starts anew with ``expression`` (``"None"``, ``"0"``, ``"{}"``): bookkeeping a copy must not
    inherit, but that ``forget`` leaves alone."""
    return _field(expression, "fresh")


def cache(reset: str = "None", *, on_copy: str | None = None, forgotten_by: str | tuple[str, ...] = (),
          checked: str = "") -> Any:
    """A derived fact: the copy starts with ``reset`` (or takes ``on_copy``), and ``forget`` resets it, as does
    each method named in ``forgotten_by`` (made by :func:`record`: the announcements that make it stale). A fact
    that no announcement drops says how a use knows it is current instead (``checked``: "keyed by the
    version", "kept in order by the moves"); every cache does one or the other (tests/engine/test_core.py)."""
    return _field(reset if on_copy is None else on_copy, "cache", cache=reset, forgotten_by=_names(forgotten_by),
                  checked=checked)


def staleness(f: dataclasses.Field[Any]) -> tuple[tuple[str, ...], str]:
    """A cache field's announcements (``forgotten_by``) and its ``checked`` note."""
    return tuple(f.metadata.get(_FORGOTTEN_BY, ())), str(f.metadata.get(_CHECKED, ""))


def counter(counted_by: str | tuple[str, ...]) -> Any:
    """A version number: an int that each method named in ``counted_by`` (made by :func:`record`) adds one to, so
    a fact memoised with the version it was computed at knows when it is stale. Copied as it is."""
    return _field(SHARE, "share", counted_by=_names(counted_by))


def _policy(f: dataclasses.Field[Any], owner: type) -> str:
    expression = f.metadata.get(_COPY)
    if expression is None:
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if kind.startswith(_MUTABLE_TYPES) or kind in ("list", "dict", "set"):
            # (for a game's programmer, at import: in English, as Python's own errors)
            raise TypeError(f"{owner.__qualname__}.{f.name}: a {kind} field must say how a copy takes it "  # i18n: no
                            "(copied(), each(), shared() … from cardtable.engine.core)")  # i18n: no
        return SHARE
    return str(expression)


def _compile(name: str, source: str, namespace: dict[str, Any]) -> Callable[..., Any]:
    exec(compile(source, f"<{name}>", "exec"), namespace)  # noqa: S102 -- our own generated code, as dataclasses does
    function: Callable[..., Any] = namespace[name]
    return function


def copy_source(cls: type, method: str = "copy") -> str:
    """The source of the copy method :func:`record` makes (for the curious and for tests)."""
    plain: list[str] = []
    late: list[str] = []  # expressions that read the copy: after every other field is set
    for f in dataclasses.fields(cls):
        expression = _policy(f, cls)
        line = f"    c.{f.name} = " + _VALUE.sub(f"self.{f.name}", expression)
        (late if _COPY_READ.search(expression) else plain).append(line)
    body = "\n".join(plain + late)
    return f"def {method}(self):\n    c = _new(_cls)\n{body}\n    return c\n"


def forget_source(cls: type) -> str:
    """The source of ``forget_fields``: every cache back to its reset value."""
    lines = [f"    self.{f.name} = {f.metadata[_CACHE]}" for f in dataclasses.fields(cls) if _CACHE in f.metadata]
    return "def forget(self):\n" + ("\n".join(lines) if lines else "    pass") + "\n"  # i18n: no (Python code)


def announcements(cls: type) -> dict[str, tuple[list[str], list[str]]]:
    """The methods :func:`record` makes from ``forgotten_by`` and ``counted_by``: name -> (the caches it resets,
    the counters it bumps), in field order."""
    found: dict[str, tuple[list[str], list[str]]] = {}
    for f in dataclasses.fields(cls):
        for method in f.metadata.get(_FORGOTTEN_BY, ()):
            found.setdefault(method, ([], []))[0].append(f.name)
        for method in f.metadata.get(_COUNTED_BY, ()):
            found.setdefault(method, ([], []))[1].append(f.name)
    return found


def announcement_source(cls: type, method: str) -> str:
    """The source of an announcement method: its counters bumped, then its caches reset."""
    resets, counters = announcements(cls)[method]
    caches = {f.name: f.metadata[_CACHE] for f in dataclasses.fields(cls) if _CACHE in f.metadata}
    lines = [f"    self.{name} += 1" for name in counters] + [f"    self.{name} = {caches[name]}" for name in resets]
    return f"def {method}(self):\n" + "\n".join(lines) + "\n"  # i18n: no (Python code)


def record(cls: type[T] | None = None, *, copy: str = "copy") -> Any:
    """Make ``cls`` a slotted dataclass (no generated ``__init__``, ``__eq__`` or ``__repr__``: a record keeps
    its own) and give it the copy method named ``copy`` (``"clone"`` for a state), ``forget_fields`` (its
    caches reset) and the announcement methods its caches and counters name (``changed()``), all compiled
    from its fields."""

    def make(klass: type[T]) -> type[T]:
        made: type[T] = dataclasses.dataclass(slots=True, init=False, eq=False, repr=False, match_args=False)(klass)
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": made}
        setattr(made, copy, _compile(copy, copy_source(made, copy), namespace))
        getattr(made, copy).__qualname__ = f"{made.__qualname__}.{copy}"
        setattr(made, "forget_fields", _compile("forget", forget_source(made), {}))
        for method in announcements(made):
            if any(method in vars(k) for k in made.__mro__[:-1]):
                # (for a game's programmer, at import: in English, as Python's own errors)
                raise TypeError(f"{made.__qualname__}.{method} is written by hand, but its caches name it: "  # i18n: no
                                "record() makes it from them")  # i18n: no
            function = _compile(method, announcement_source(made, method), {})
            function.__qualname__ = f"{made.__qualname__}.{method}"
            setattr(made, method, function)
        return made

    return make if cls is None else make(cls)


__all__ = ["record", "role", "shared", "copied", "sliced", "each", "each_value", "nested", "nested_values", "own",
           "own_or_none", "custom", "fresh", "cache", "counter", "staleness", "copy_source", "forget_source",
           "announcements", "announcement_source"]
