"""The base model and the shared field types of muhq's data models: ids, references, counts, coordinates, and
the unions told apart by shape, by a key's value or by their single key."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Union

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag, WithJsonSchema
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import TAG, Located, did_you_mean

from ..words import N_, _
from .vocabulary import OBJECT_REFS, TARGET_NAME_RE, _described, noun, with_article

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from pydantic.config import JsonDict


_CONFIG = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)


class _Model(BaseModel):
    model_config = _CONFIG
    #: Fields that hold references (spec 7.5), by role: "object" (a permanent), "player", "within" (a target's
    #: ``within.of``), "defender_for". Read by :func:`references` for the scope checks of a card.
    REFS: ClassVar[dict[str, str]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        _MODELS.append(cls)


#: Every model of the schema, in the order made (``field_names``).
_MODELS: list[type[_Model]] = []

_CLOSED: JsonDict = {"additionalProperties": False}  # a dict with patterned keys: no other key is allowed


# -- small types -----------------------------------------------------------------------------------------
def _pattern(pattern: str, what: str, example: str, max_length: int = 100) -> Any:
    """A string matching ``pattern``, with a message that says what it is instead of the regex."""
    compiled = re.compile(pattern)

    def check(value: str) -> str:
        if len(value) > max_length or not compiled.fullmatch(value):
            raise PydanticCustomError("identifier", _("{value} is not {what}, e.g. {example}"),
                                      {"value": repr(value)[:80], "what": _(what), "example": example})
        return value

    description = _described(N_("{what}, e.g. {example}"), ("what",), what=what, example=example)
    return Annotated[str, AfterValidator(check),
                     WithJsonSchema({"type": "string", "pattern": f"^{pattern}$", "maxLength": max_length,
                                     "description": description})]


SET_ID_RE = r"[a-z][a-z0-9_-]{0,31}"
if TYPE_CHECKING:  # what the checked strings are to mypy; pydantic reads the annotated types below
    SetId = str
    CardId = str
    BoardId = str
    AreaId = str
    TargetName = str
else:
    SetId = _pattern(SET_ID_RE, N_("a set id (lower-case letters, digits, '_', '-')"), "vanguard", 32)
    CardId = _pattern(rf"{SET_ID_RE}/[a-z0-9][a-z0-9_-]{{0,47}}", N_("a card id <set>/<slug>"), "core/recruit", 81)
    BoardId = _pattern(r"[a-z0-9]+(?:-[a-z0-9]+)*", N_("a board id (kebab case)"), "river-crown", 64)
    AreaId = _pattern(r"[a-z][a-z0-9_]{0,31}", N_("an area id (lower-case letters, digits, '_')"), "center", 32)
    TargetName = _pattern(r"T[1-9][0-9]?", N_("a target name"), "T1", 3)
DisplayName = Annotated[str, Field(min_length=1, max_length=100)]
Text = Annotated[str, Field(max_length=4000)]
Count = Annotated[int, Field(ge=1, le=99)]
Amount = Annotated[int, Field(ge=1, le=99)]
Stat = Annotated[int, Field(ge=0, le=99)]
Delta = Annotated[int, Field(ge=-99, le=99)]


def _reference(words: tuple[str, ...], what: str) -> Any:
    """A reference string: one of ``words`` or a target name (``T1`` …)."""
    pattern = "^(?:" + "|".join(re.escape(w) for w in words) + r"|T[1-9][0-9]?)$"

    def check(value: str) -> str:
        if value in words or TARGET_NAME_RE.fullmatch(value):
            return value
        raise PydanticCustomError("reference", _("{value} is not {what}{hint}; write {words} or a target name "
                                                 "(T1, T2 …)"), {"value": repr(value)[:80], "what": _(what),
                                                                "hint": did_you_mean(value, words + ("T1",),
                                                                                     _(" (did you mean {!r}?)")),
                                                                "words": ", ".join(words)})

    description = _described(N_("{what}: {words} or a target name (T1, T2 …)"), ("what",), what=what,
                             words=", ".join(words))
    return Annotated[str, AfterValidator(check),
                     WithJsonSchema({"type": "string", "pattern": pattern, "description": description})]


if TYPE_CHECKING:
    ObjectRef = str
    PlayerWord = str
    WithinOf = str
else:
    ObjectRef = _reference(OBJECT_REFS, N_("a reference to a permanent"))
    PlayerWord = _reference(("you",), N_("a reference to a player"))
    WithinOf = _reference(("self", "unit_you_control"), N_("the origin of a target's range"))


def _by_shape(pick: Callable[[Any], str], *members: tuple[str, Any]) -> Any:
    """A union whose member is told by the input's shape (``pick(value)`` → member name), so a bad value
    gets the errors of one member, not of all."""
    choices = tuple(Annotated[t, Tag(TAG + name)] for name, t in members)
    return Annotated[Union[choices], Discriminator(lambda v: TAG + pick(v))]


def _one_or_list(item: Any) -> Any:
    return _by_shape(lambda v: "list" if isinstance(v, (list, tuple)) else "one",
                     ("one", item), ("list", Annotated[list[item], Field(min_length=1)]))


def _coord(value: list[int]) -> tuple[int, int]:
    return (value[0], value[1])


#: A field ``[x, y]``: x the column from the left, y the row from the top, both from 0.
if TYPE_CHECKING:
    Coord = tuple[int, int]  # what it is once read
else:
    Coord = Annotated[list[Annotated[int, Field(ge=0, le=999)]], Field(min_length=2, max_length=2),
                      AfterValidator(_coord)]


def _keyed_union(key: str, models: Mapping[str, type[BaseModel]], what: str, example: str) -> Any:
    """A union told apart by the value of ``key`` (``do: damage``, ``kind: static``): an unknown or missing
    value is one error with a suggestion, not one error per member."""

    def check(value: Any) -> Any:
        if isinstance(value, BaseModel):
            return value
        if not isinstance(value, dict):
            raise Located((), _("{a_what} is a mapping, e.g. {example}; got {value}", a_what=with_article(what),
                                example=example, value=repr(value)[:80]))
        if key not in value:
            raise Located((key,), _("{a_what} needs '{key}', one of: {names}", a_what=with_article(what), key=key,
                                    names=", ".join(models)))
        name = value[key]
        if name not in models:
            raise Located((key,), _("unknown {what} {name}{hint}; known: {names}", what=noun(what), name=repr(name),
                                    hint=did_you_mean(name, models, _(" (did you mean {!r}?)")),
                                    names=", ".join(models)))
        return value

    def tag(value: Any) -> str:
        return TAG + str(value.get(key) if isinstance(value, dict) else getattr(value, key, ""))

    choices = tuple(Annotated[m, Tag(TAG + n)] for n, m in models.items())
    return Annotated[Union[choices], Discriminator(tag), BeforeValidator(check)]


def _single_key_union(models: Mapping[str, type[BaseModel]], what: str, example: str) -> Any:
    """A union of mappings with one key, the member's name (``{resource: 2}``, ``{in_range: {…}}``)."""

    def check(value: Any) -> Any:
        if isinstance(value, BaseModel):
            return value
        if not isinstance(value, dict) or len(value) != 1:
            got = (_("the keys {keys}", keys=", ".join(map(repr, value))) if isinstance(value, dict)
                   else f"{value!r:.80}")
            raise Located((), _("{a_what} is a mapping with exactly one key, e.g. {example}; got {value}",
                                a_what=with_article(what), example=example, value=got))
        (name,) = value
        if name not in models:
            raise Located((name,), _("unknown {what} {name}{hint}; known: {names}", what=noun(what), name=repr(name),
                                     hint=did_you_mean(name, models, _(" (did you mean {!r}?)")),
                                     names=", ".join(models)))
        return value

    def tag(value: Any) -> str:
        if isinstance(value, dict):
            return TAG + str(next(iter(value), ""))
        name: str = next(iter(type(value).model_fields))
        return TAG + name

    choices = tuple(Annotated[m, Tag(TAG + n)] for n, m in models.items())
    return Annotated[Union[choices], Discriminator(tag), BeforeValidator(check)]


def field_names() -> list[str]:
    """Every field name (as written in a file) of every model of the schema: the suggestions for an unknown field.
    Read from the models as they were made (``_Model.__pydantic_init_subclass__``), so this module imports none of
    the modules that import it."""
    return sorted({f.alias or n for model in _MODELS for n, f in model.model_fields.items()})
