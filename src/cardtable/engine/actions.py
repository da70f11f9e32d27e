"""Actions: small immutable values with a stable JSON form.

A game declares its action types as frozen, slotted dataclasses decorated with :func:`action`.
Instances are hashable and compare by value, so the same action travels unchanged through the CLI,
the web, a record and a bot. :class:`ActionCodec` turns JSON forms back into actions and rejects
malformed ones with :class:`IllegalAction` before any state is touched.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Callable, ClassVar, TypeVar, dataclass_transform

from .errors import IllegalAction
from .i18n import Translator

_ = Translator("cardtable")
#: Engine rule IDs for actions that no game rule can judge because they are not well formed.
UNKNOWN_TYPE = "ACTION-1"
MALFORMED = "ACTION-2"


class Action:
    """Base class of every action. Subclasses are made by :func:`action`."""

    __slots__ = ()
    type: ClassVar[str]
    #: the dataclass fields in order, set by :func:`action` (the JSON form's keys after "type")
    _json_fields: ClassVar[tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for name in self._json_fields:
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value) if isinstance(value, tuple) else value
        return out

    def __str__(self) -> str:
        fields = " ".join(f"{k}={v}" for k, v in self.to_json().items() if k != "type")
        return f"{self.type} {fields}".strip()


_A = TypeVar("_A")


@dataclass_transform(frozen_default=True)  # type checkers see the fields as the constructor's arguments
def action(type_name: str) -> Callable[[type[_A]], type[_A]]:
    """Class decorator: make ``cls`` a frozen slotted dataclass action with JSON type ``type_name``."""

    def wrap(cls: Any) -> Any:
        cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
        cls.type = type_name
        cls._json_fields = tuple(f.name for f in dataclasses.fields(cls))
        return cls

    return wrap


def _accepts(annotation: Any, value: Any) -> bool:
    """Does a JSON value fit a field annotation (int, str, bool, None, unions, tuple[int, ...])?"""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return any(_accepts(arg, value) for arg in typing.get_args(annotation))
    if annotation is type(None) or annotation is None:
        return value is None
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is str:
        return isinstance(value, str)
    if origin is tuple:
        item = typing.get_args(annotation)[0]
        return isinstance(value, (list, tuple)) and all(_accepts(item, v) for v in value)
    if origin is typing.Literal:
        return value in typing.get_args(annotation)
    return False


class ActionCodec:
    """Parses the JSON form of a game's actions into action values."""

    def __init__(self, *classes: type[Action]):
        self.classes = {cls.type: cls for cls in classes}
        self._fields: dict[str, list[tuple[str, Any, bool]]] = {}
        for cls in classes:
            hints = typing.get_type_hints(cls)
            self._fields[cls.type] = [
                (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                for f in dataclasses.fields(cls)  # type: ignore[arg-type]  # made a dataclass by ``action``
            ]

    def parse(self, data: Any) -> Action:
        if isinstance(data, Action):
            return data
        if not isinstance(data, dict):
            raise IllegalAction(MALFORMED, _("an action is a JSON object with a 'type', not {kind}",
                                             kind=type(data).__name__))
        kind = data.get("type")
        cls = self.classes.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction(UNKNOWN_TYPE, _("unknown action type {kind}; this game's action types are {types}",
                                                kind=repr(kind), types=", ".join(self.classes)))
        fields = self._fields[cls.type]
        names = {name for name, _, _ in fields}
        extra = sorted(set(data) - names - {"type"})
        if extra:
            raise IllegalAction(MALFORMED, _("'{kind}' has no field {extra}; its fields are {fields}", kind=kind,
                                             extra=", ".join(map(repr, extra)), fields=sorted(names)))
        kwargs = {}
        for name, annotation, required in fields:
            if name not in data:
                if required:
                    raise IllegalAction(MALFORMED, _("'{kind}' needs the field {name}", kind=kind, name=repr(name)))
                continue
            value = data[name]
            if not _accepts(annotation, value):
                raise IllegalAction(MALFORMED, _("field {name} of '{kind}' must be {wanted}, not {value}",
                                                 name=repr(name), kind=kind, wanted=_describe(annotation),
                                                 value=repr(value)))
            kwargs[name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)


def _describe(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return either([_describe(a) for a in typing.get_args(annotation)])
    if annotation is type(None):
        return "null"
    if origin is tuple:
        return _("a list of {items}", items=_describe(typing.get_args(annotation)[0]))
    if origin is typing.Literal:
        return either(list(map(repr, typing.get_args(annotation))))
    if annotation is int:
        return _("an integer")
    if annotation is str:
        return _("a string")
    if annotation is bool:
        return _("true or false")
    return str(annotation)


def either(parts: list[str]) -> str:
    """'a or b or c' in the reader's language."""
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = _("{a} or {b}", a=text, b=part)
    return text

