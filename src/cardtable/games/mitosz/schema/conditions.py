"""The conditions in Mítosz's data: the conditions of ``if`` (spec 6.4, ``Cond``, card number ranges) and
the conditions of a maneuver (spec 6.5, ``Condition``: reveal, peek, sacrifice, discard, requires)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints, create_model, model_validator
from pydantic_core import PydanticCustomError

from ..words import _
from .expressions import CountOf, Filter, Value
from .fields import CardRef, _hint, _Model
from .primitives import _field_name, _P, _tagged_union


# -- conditions of `if` (spec 6.4) --------------------------------------------------------------------
NumberRange = Annotated[Union[Annotated[int, Field(ge=0, le=9)],
                              Annotated[str, StringConstraints(pattern=r"^[0-9][+-]?$")]],
                        Field(description="a card number condition (MIT-4.2.3.d): \"4\", \"5+\" (5–9), \"3-\" (0–3)")]  # i18n: no


def number_range(spec: int | str) -> tuple[int, ...]:
    """The card numbers a number condition accepts: "4" → (4,), "8+" → (8, 9), "2-" → (0, 1, 2)."""
    text = str(spec)
    n = int(text[0])
    if text.endswith("+"):
        return tuple(range(n, 10))
    if text.endswith("-"):
        return tuple(range(0, n + 1))
    return (n,)


class CountCondP(_P):
    filter: Filter
    lt: Value | None = None
    le: Value | None = None
    eq: Value | None = None
    ge: Value | None = None
    gt: Value | None = None


class CardIsP(_P):
    """The card (e.g. ``$revealed``) matches the filter."""

    ref: CardRef
    filter: Filter


class NumberIsP(_P):
    of: CardRef
    is_: NumberRange = Field(alias="is")


class CompareP(_P):
    value: Value
    lt: Value | None = None
    le: Value | None = None
    eq: Value | None = None
    ge: Value | None = None
    gt: Value | None = None


COND_PARAMS: dict[str, Any] = {"count": CountCondP, "card": CardIsP, "number": NumberIsP, "compare": CompareP,
                               "all": list["Cond"], "any": list["Cond"], "not": "Cond"}
COND_MODELS: dict[str, type[BaseModel]] = {
    name: create_model(f"{name.title()}Cond", __base__=_Model, __module__=__name__,  # type: ignore[call-overload]
                       **{_field_name(name): (params, Field(alias=name))})
    for name, params in COND_PARAMS.items()
}
#: A condition of ``if``: ``{count: {filter, ge: 2}}``, ``{card: {ref: $revealed, filter}}``,
#: ``{number: {of: $revealed, is: "5+"}}``, ``{compare: {value, lt: …}}``, ``{all: […]}``, ``{any: […]}``, ``{not: …}``.
if TYPE_CHECKING:  # to the type checker a condition is one of the condition models, made at runtime (COND_MODELS)
    Cond = BaseModel
else:
    Cond = _tagged_union("condition", tuple(COND_PARAMS), COND_MODELS, "condition")


# -- maneuver conditions (spec 6.5) -------------------------------------------------------------------
class LookP(_P):
    """Reveal / peek (MIT-4.2.3.b/c): exactly one of number, filter, refers."""

    number: NumberRange | None = None
    filter: Filter | None = None
    refers: Literal[True] | None = Field(None, description="the effect uses $revealed / $peeked; holds whenever "  # i18n: no
                                                             "a card could be looked at")

    @model_validator(mode="after")
    def _one(self) -> LookP:
        given = [k for k in ("number", "filter", "refers") if getattr(self, k) is not None]
        if len(given) != 1:
            if given:
                raise ValueError(_("give exactly one of 'number', 'filter', 'refers'; got {given}",
                                   given=", ".join(given)))
            raise ValueError(_("give exactly one of 'number', 'filter', 'refers'"))
        return self


class SacrificeCondP(_P):
    filter: Filter
    n: int = Field(1, ge=1, le=9)


class DiscardCondP(_P):
    n: int = Field(1, ge=1, le=9)
    filter: Filter | None = None


class RequiresP(_P):
    """A state requirement checked on the player (MIT-5.11): ``{count: {filter}, ge: 2}``."""

    count: CountOf
    lt: Value | None = None
    le: Value | None = None
    eq: Value | None = None
    ge: Value | None = None
    gt: Value | None = None

    @model_validator(mode="after")
    def _some(self) -> RequiresP:
        if all(getattr(self, k) is None for k in ("lt", "le", "eq", "ge", "gt")):
            raise ValueError(_("give at least one of lt, le, eq, ge, gt"))
        return self


class SacrificeUser(_Model):
    """``sacrifice_user`` (MIT-4.2.3.a), written as the bare word."""

    sacrifice_user: Literal[True] = True

    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: Any, handler: Any) -> dict[str, Any]:
        # In a file it is the bare word; the mapping is only the validated form.
        return {"const": "sacrifice_user", "type": "string",
                "description": "the user goes to the afterworld after the effect (MIT-4.2.3.a)"}  # i18n: no


CONDITION_PARAMS: dict[str, type[_P]] = {"reveal": LookP, "peek": LookP, "sacrifice": SacrificeCondP,
                                         "discard": DiscardCondP, "requires": RequiresP}
CONDITION_MODELS: dict[str, type[BaseModel]] = {
    name: create_model(f"{name.title()}Condition", __base__=_Model, __module__=__name__,  # type: ignore[call-overload]
                       **{name: (params, Field(alias=name))})
    for name, params in CONDITION_PARAMS.items()
}
CONDITION_MODELS["sacrifice_user"] = SacrificeUser
CONDITION_NAMES = ("sacrifice_user",) + tuple(CONDITION_PARAMS)


def _condition_in(value: Any) -> Any:
    if value == "sacrifice_user":
        return {"sacrifice_user": True}
    if isinstance(value, str):
        raise PydanticCustomError("unknown_condition", _("unknown condition {name}{hint}; known: {allowed}"),
                                  {"name": repr(value), "allowed": ", ".join(CONDITION_NAMES),
                                   "hint": _hint(value, CONDITION_NAMES)})
    return value


if TYPE_CHECKING:  # to the type checker: one of the condition models (at runtime, their tagged union)
    Condition = BaseModel
else:
    Condition = Annotated[_tagged_union("condition", CONDITION_NAMES, CONDITION_MODELS, "condition"),
                          BeforeValidator(_condition_in)]
