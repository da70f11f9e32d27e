"""Expressions in Mítosz's data: value expressions (spec 6.1, :func:`parse_value`), ``{count: {filter}}``,
and the selectors that say which cards (spec 6.2: filters, comparisons, card targets)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

from pydantic import BeforeValidator, Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import Located

from ..words import N_, _
from .fields import (CARD_REF_PATTERN, CardName, CardRef, FilterCardType, Mythology, Row, Side, Subtype, Zone,
                     _hint, _Model)


# -- values (spec 6.1) --------------------------------------------------------------------------------
_VALUE_TOKEN = re.compile(r"\s*(?:(\d+)|(\$[a-z][a-z0-9_]*)|([a-z_]+)|(.))")
VALUE_FUNCTIONS = ("level", "base_level", "number", "cost_total", "half")
_CARD_FUNCTIONS = ("level", "base_level", "number", "cost_total")


_WANTED = {"int": N_("a number"), "ref": N_("a reference"), "word": N_("a function")}


def parse_value(text: str) -> tuple[Any, ...]:
    """Parse a value expression (spec 6.1) into a tree; ValueError with a plain message if it is not one.

    Grammar: ``expr := term (("+" | "-") term)*``, ``term := factor ("*" factor)*``, ``factor := INT |
    "-" factor | "$x" | "(" expr ")" | level(CARD) | base_level(CARD) | number(CARD) | cost_total(CARD) |
    half(expr)``, CARD a card reference (``$t1``, ``$user`` …). Trees: ``("int", 3)``, ``("x",)``,
    ``("level", "$t1")`` (likewise base_level, number, cost_total), ``("half", tree)``, ``("neg", tree)``,
    ``("+" | "-" | "*", left, right)``. ``count(filter)`` is written as a mapping, ``{count: {filter: …}}``.
    """
    tokens: list[tuple[str, str]] = []
    pos = 0
    text = str(text)
    while pos < len(text):
        m = _VALUE_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            break
        pos = m.end()
        number, ref, word, other = m.groups()
        if number is not None:
            tokens.append(("int", number))
        elif ref is not None:
            tokens.append(("ref", ref))
        elif word is not None:
            tokens.append(("word", word))
        elif other is not None and other.strip():
            tokens.append(("op", other))
    index = 0

    def peek() -> tuple[str, str] | None:
        return tokens[index] if index < len(tokens) else None

    def take(kind: str | None = None, value: str | None = None) -> tuple[str, str]:
        nonlocal index
        tok = peek()
        if tok is None or (kind and tok[0] != kind) or (value and tok[1] != value):
            want = repr(value) if value else _(_WANTED.get(kind or "", N_("more")))
            found = f"{tok[1]!r}" if tok else _("the end")
            raise ValueError(_("expected {want}, found {found}", want=want, found=found))
        index += 1
        return tok

    def expr() -> tuple[Any, ...]:
        tree = term()
        while (tok := peek()) in (("op", "+"), ("op", "-")):
            take()
            tree = (tok[1], tree, term())
        return tree

    def term() -> tuple[Any, ...]:
        tree = factor()
        while peek() == ("op", "*"):
            take()
            tree = ("*", tree, factor())
        return tree

    def factor() -> tuple[Any, ...]:
        tok = peek()
        if tok is None:
            raise ValueError(_("expected a value, found the end"))
        if tok[0] == "int":
            take()
            return ("int", int(tok[1]))
        if tok == ("op", "-"):
            take()
            return ("neg", factor())
        if tok == ("op", "("):
            take()
            tree = expr()
            take("op", ")")
            return tree
        if tok[0] == "ref":
            take()
            if tok[1] != "$x":
                raise ValueError(_("{value} is a card, not a number; write level({value}), number({value}) …", value=tok[1]))
            return ("x",)
        if tok[0] == "word":
            take()
            if tok[1] not in VALUE_FUNCTIONS:
                raise ValueError(_("unknown function {name}{hint}; the functions are {functions}", name=repr(tok[1]),
                                   hint=_hint(tok[1], VALUE_FUNCTIONS), functions=", ".join(VALUE_FUNCTIONS)))
            take("op", "(")
            if tok[1] == "half":
                tree = ("half", expr())
            else:
                ref = take("ref")[1]
                if not re.fullmatch(CARD_REF_PATTERN, ref):
                    raise ValueError(_("{value}() takes a card reference ($t1, $user, $self …), not {ref}", value=tok[1], ref=ref))
                tree = (tok[1], ref)
            take("op", ")")
            return tree
        raise ValueError(_("unexpected {value}", value=repr(tok[1])))

    if not tokens:
        raise ValueError(_("an empty expression"))
    tree = expr()
    if index != len(tokens) or pos != len(text):
        rest = tokens[index][1] if index < len(tokens) else text[pos:]
        raise ValueError(_("unexpected {rest}", rest=repr(rest)))
    return tree


def _check_expression(text: str) -> str:
    try:
        parse_value(text)
    except ValueError as exc:
        raise PydanticCustomError("value_expression", _("not a value expression ({problem}): {text}"),
                                  {"problem": str(exc), "text": repr(text)}) from None
    return text


ValueExpr = Annotated[str, StringConstraints(min_length=1, max_length=200),
                      Field(description="a value expression, e.g. \"level($t1) + 1\", \"half(level($user))\", \"$x * 2\"")]  # i18n: no


class CountOf(_Model):
    """``count(filter)``: the number of cards matching the filter."""

    filter: "Filter"


class CountValue(_Model):
    count: CountOf


def _value_check(v: Any) -> Any:
    if isinstance(v, str):
        return _check_expression(v)
    return v


Value = Annotated[Union[Annotated[int, Field(ge=-99, le=99)], ValueExpr, CountValue],
                  BeforeValidator(_value_check)]
Amount = Annotated[Union[Annotated[int, Field(ge=0, le=99)], ValueExpr, CountValue],
                   BeforeValidator(_value_check)]


# -- selectors (spec 6.2) -----------------------------------------------------------------------------
class Comparison(_Model):
    """Bounds on a value: any of lt, le, eq, ge, gt (at least one)."""

    lt: Value | None = None
    le: Value | None = None
    eq: Value | None = None
    ge: Value | None = None
    gt: Value | None = None

    @model_validator(mode="after")
    def _some(self) -> Comparison:
        if all(getattr(self, k) is None for k in ("lt", "le", "eq", "ge", "gt")):
            raise ValueError(_("give at least one of lt, le, eq, ge, gt"))
        return self


class NumberSet(_Model):
    in_: list[Annotated[int, Field(ge=0, le=9)]] = Field(alias="in", min_length=1, max_length=10)


class Filter(_Model):
    """Which cards: every given field must hold (spec 6.2). High gods only with ``includes_high_god`` (MIT-3.1.f)."""

    zone: Zone | None = None
    controller: Side | None = None
    owner: Side | None = None
    card_type: list[FilterCardType] | None = Field(None, min_length=1)
    subtypes_any: list[Subtype] | None = Field(None, min_length=1)
    subtypes_all: list[Subtype] | None = Field(None, min_length=1)
    mythology: Mythology | None = None
    name: CardName | None = Field(None, description="exact card name; must name a card of the set")  # i18n: no
    unique: bool | None = None
    magical: bool | None = None
    cursed: bool | None = None
    rotated: bool | None = None
    creature: bool | None = None
    in_fight: bool | None = None
    row: Row | None = None
    level: Comparison | None = None
    number: NumberSet | None = None
    attached_to: CardRef | None = None
    linked_to: CardRef | None = None
    includes_high_god: bool | None = None


class Selector(_Model):
    """Which card(s) a primitive affects (spec 6.2)."""

    select: Literal["chosen", "all", "random", "self", "user", "host", "revealed", "peeked", "event_subject"]
    count: Union[Annotated[int, Field(ge=1, le=20)],
                 Annotated[str, StringConstraints(pattern=r"^up_to [1-9][0-9]?$")]] | None = Field(  # i18n: no
        None, description="how many (chosen, random): 1, 2 … or \"up_to 2\"; default 1")
    filter: Filter | None = None

    @model_validator(mode="after")
    def _count_fits(self) -> Selector:
        if self.count is not None and self.select not in ("chosen", "random"):
            raise Located(("count",), _("'count' is for select: chosen or random, not {select}", select=repr(self.select)))
        return self


CardTarget = Union[CardRef, Selector]
