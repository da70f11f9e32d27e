"""The pydantic models of Mítosz's data: card definitions (spec 5.2), their maneuvers in the effect
vocabulary of spec section 6, card sets and decks.

A card's behaviour is data: a list of maneuvers, each markers + costs + conditions + a list of
primitive calls, which a later interpreter executes. Every model forbids unknown fields, and every
closed vocabulary (card types, subtypes, primitives, conditions, triggers, zones …) is an enum or a
discriminated union, so a misspelt name is an error, reported with where it is.

Written in YAML, a primitive call is a mapping with one key, the primitive's name:
``{draw: {player: self, n: 1}}``. A value is an integer, an expression string (``"level($t1) + 1"``,
see :func:`parse_value`) or ``{count: {filter: …}}``.

Imported by ``data`` only when a file is read, and by ``schemas`` for the JSON Schemas. A check that is
not a plain field check raises :class:`Located`, which says which entry and field it is about.
"""

from __future__ import annotations

import keyword
import re
from typing import Annotated, Any, Literal, Union

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, StringConstraints, Tag,
                      create_model, field_validator, model_validator)
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import TAG, Located, did_you_mean, dotted, iter_models

from . import vocabulary as V
from .data import TRANSLATABLE, TRANSLATION_LANGUAGES
from .words import N_, _


def _hint(word: Any, choices: Any, sep: str = " ") -> str:
    """`` (did you mean 'x'?)`` in the reader's language, or "" when nothing is close (``did_you_mean``'s choice)."""
    close = did_you_mean(word, choices, "{!r}")
    return _("{sep}(did you mean {hint}?)", sep=sep, hint=close) if close else ""


_CONFIG = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)


class _Model(BaseModel):
    model_config = _CONFIG


def _enum(values: tuple[str, ...]) -> Any:
    return Literal[values]  # type: ignore[valid-type]


# -- identifiers --------------------------------------------------------------------------------------
CardType = _enum(V.CARD_TYPES)
FilterCardType = _enum(V.FILTER_CARD_TYPES)
Subtype = _enum(V.SUBTYPES)
Sphere = _enum(V.SPHERES)
Timing = _enum(V.TIMINGS)
Speed = _enum(V.SPEEDS)
Zone = _enum(V.ZONES)
Row = _enum(V.ROWS)
Restriction = _enum(V.RESTRICTIONS)
Side = Literal["self", "enemy", "any"]
Road = Literal["all", "N", "E", "S", "W", "chosen"]

SET_CODE_PATTERN = r"^[A-Z][A-Z0-9]{1,9}$"
CARD_ID_PATTERN = r"^[A-Z][A-Z0-9]{1,9}-[0-9]{3,4}$"
SetCode = Annotated[str, StringConstraints(pattern=SET_CODE_PATTERN)]
CardId = Annotated[str, StringConstraints(pattern=CARD_ID_PATTERN)]
CardName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Text = Annotated[str, StringConstraints(max_length=4000)]
Mythology = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
Identifier = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]
TargetName = Annotated[str, StringConstraints(pattern=r"^t[1-9][0-9]?$")]

#: Card references (spec 6.1). ``$tN`` names a target declared in the maneuver's ``targets``.
CARD_REFS = ("$self", "$user", "$host", "$bearer", "$revealed", "$peeked", "$event")
CARD_REF_PATTERN = r"^\$(self|user|host|bearer|revealed|peeked|event|t[1-9][0-9]?)$"
CardRef = Annotated[str, StringConstraints(pattern=CARD_REF_PATTERN)]
#: Players: ``self`` is the player using the maneuver (spec 6.1 ``$player``), ``enemy`` the opponent
#: (2 players; with more, the player chooses one), ``each``/``each_enemy`` all of them, ``active`` the
#: player whose turn it is; ``controller($t1)`` / ``owner($t1)`` the controller / owner of a card.
PlayerRef = Union[Literal["self", "enemy", "each", "each_enemy", "active"],
                  Annotated[str, StringConstraints(pattern=r"^(controller|owner)\(\$(self|user|host|bearer|revealed|peeked|event|t[1-9][0-9]?)\)$")]]


# -- values (spec 6.1) --------------------------------------------------------------------------------
_VALUE_TOKEN = re.compile(r"\s*(?:(\d+)|(\$[a-z][a-z0-9_]*)|([a-z_]+)|(.))")
VALUE_FUNCTIONS = ("level", "base_level", "number", "cost_total", "half")
_CARD_FUNCTIONS = ("level", "base_level", "number", "cost_total")


_WANTED = {"int": N_("a number"), "ref": N_("a reference"), "word": N_("a function")}


def parse_value(text: str) -> tuple:
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

    def expr() -> tuple:
        tree = term()
        while (tok := peek()) in (("op", "+"), ("op", "-")):
            take()
            tree = (tok[1], tree, term())
        return tree

    def term() -> tuple:
        tree = factor()
        while peek() == ("op", "*"):
            take()
            tree = ("*", tree, factor())
        return tree

    def factor() -> tuple:
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


Value = Annotated[Union[Annotated[int, Field(ge=-99, le=99)], ValueExpr, CountValue],  # type: ignore[misc]
                  BeforeValidator(_value_check)]
Amount = Annotated[Union[Annotated[int, Field(ge=0, le=99)], ValueExpr, CountValue],  # type: ignore[misc]
                   BeforeValidator(_value_check)]


# -- sphere vectors ----------------------------------------------------------------------------------
class Spheres(_Model):
    """A cost or an amount of sphere points (OP-09): a missing sphere is 0."""

    magic: int = Field(0, ge=0, le=20)
    influence: int = Field(0, ge=0, le=20)
    wealth: int = Field(0, ge=0, le=20)
    force: int = Field(0, ge=0, le=20)

    def total(self) -> int:
        return self.magic + self.influence + self.wealth + self.force

    def as_dict(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in V.SPHERES}


class SphereMax(_Model):
    """A high god's sphere maxima (MIT-3.1.c): all four, each 0 to 6."""

    magic: int = Field(ge=0, le=V.SPHERE_MAX)
    influence: int = Field(ge=0, le=V.SPHERE_MAX)
    wealth: int = Field(ge=0, le=V.SPHERE_MAX)
    force: int = Field(ge=0, le=V.SPHERE_MAX)

    def as_dict(self) -> dict[str, int]:
        return {s: getattr(self, s) for s in V.SPHERES}


class SignedSpheres(_Model):
    """A change of a cost (``modify_cost``): each sphere may go up or down."""

    magic: int = Field(0, ge=-20, le=20)
    influence: int = Field(0, ge=-20, le=20)
    wealth: int = Field(0, ge=-20, le=20)
    force: int = Field(0, ge=-20, le=20)


class Choose(_Model):
    """``{choose: n}``: n sphere points, the player distributes them."""

    choose: int = Field(ge=1, le=20)


class Roads(_Model):
    """A nation's roads: edge → road level (MIT-3.2, OP-12). At least one."""

    N: int | None = Field(None, ge=0, le=20)
    E: int | None = Field(None, ge=0, le=20)
    S: int | None = Field(None, ge=0, le=20)
    W: int | None = Field(None, ge=0, le=20)

    @model_validator(mode="after")
    def _some(self):
        if not self.as_dict():
            raise ValueError(_("a nation has at least one road (N, E, S or W)"))
        return self

    def as_dict(self) -> dict[str, int]:
        return {d: getattr(self, d) for d in V.ROADS if getattr(self, d) is not None}


class Rounds(_Model):
    rounds: int = Field(ge=1, le=20)


#: How long an effect lasts (spec 5.13). ``default``: until the start of the next turn, or the end of the
#: battle phase for a maneuver used in a fight (MIT-4.2.1.d, MIT-4.2.5).
Duration = Union[Literal["default", "permanent", "until_next_turn_start", "until_fight_end", "while_attached"], Rounds]


# -- selectors (spec 6.2) -----------------------------------------------------------------------------
class Comparison(_Model):
    """Bounds on a value: any of lt, le, eq, ge, gt (at least one)."""

    lt: Value | None = None
    le: Value | None = None
    eq: Value | None = None
    ge: Value | None = None
    gt: Value | None = None

    @model_validator(mode="after")
    def _some(self):
        if all(getattr(self, k) is None for k in ("lt", "le", "eq", "ge", "gt")):
            raise ValueError(_("give at least one of lt, le, eq, ge, gt"))
        return self


class NumberSet(_Model):
    in_: list[Annotated[int, Field(ge=0, le=9)]] = Field(alias="in", min_length=1, max_length=10)


class Filter(_Model):
    """Which cards: every given field must hold (spec 6.2). High gods only with ``includes_high_god`` (MIT-3.1.f)."""

    zone: Zone | None = None  # type: ignore[valid-type]
    controller: Side | None = None
    owner: Side | None = None
    card_type: list[FilterCardType] | None = Field(None, min_length=1)  # type: ignore[valid-type]
    subtypes_any: list[Subtype] | None = Field(None, min_length=1)  # type: ignore[valid-type]
    subtypes_all: list[Subtype] | None = Field(None, min_length=1)  # type: ignore[valid-type]
    mythology: Mythology | None = None
    name: CardName | None = Field(None, description="exact card name; must name a card of the set")  # i18n: no
    unique: bool | None = None
    magical: bool | None = None
    cursed: bool | None = None
    rotated: bool | None = None
    creature: bool | None = None
    in_fight: bool | None = None
    row: Row | None = None  # type: ignore[valid-type]
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
    def _count_fits(self):
        if self.count is not None and self.select not in ("chosen", "random"):
            raise Located(("count",), _("'count' is for select: chosen or random, not {select}", select=repr(self.select)))
        return self


CardTarget = Union[CardRef, Selector]


# -- primitives (spec 6.4) ----------------------------------------------------------------------------
class _P(_Model):
    """Parameters of a primitive."""


class DrawP(_P):
    player: PlayerRef = "self"
    n: Amount = 1


class DiscardP(_P):
    player: PlayerRef = "self"
    n: Amount = 1
    chooser: Literal["owner", "user", "random"] = "owner"
    filter: Filter | None = None


class MillP(_P):
    player: PlayerRef = "self"
    n: Amount = 1


class TargetP(_P):
    target: CardTarget


class SearchDeckP(_P):
    player: PlayerRef = "self"
    filter: Filter | None = None
    n: Amount = 1
    to: Literal["hand", "board", "deck_top"] = "hand"


class RecoverP(_P):
    player: PlayerRef = "self"
    filter: Filter | None = None
    n: Amount | None = None
    target: CardTarget | None = None
    to: Literal["hand"] = "hand"

    @model_validator(mode="after")
    def _one_way(self):
        if (self.filter is None) == (self.target is None):
            raise ValueError(_("recover takes either 'target' or 'filter' (with 'n'), not both or neither"))
        if self.target is not None and self.n is not None:
            raise Located(("n",), _("'n' goes with 'filter'; a 'target' is the card(s) recovered"))
        return self


class ExileP(_P):
    target: CardTarget
    from_: Literal["board", "hand", "deck", "afterworld", "stack"] | None = Field(None, alias="from")


class PutOnDeckP(_P):
    target: CardTarget
    position: Literal["top", "bottom"] = "top"


class PlayerP(_P):
    player: PlayerRef = "self"


class LookTopP(_P):
    player: PlayerRef = "self"
    n: Amount = 1
    reorder: bool = False
    who: Literal["self"] = "self"


class GainSpheresP(_P):
    player: PlayerRef = "self"
    amount: Spheres | Choose
    over_max: bool = False


class LoseSpheresP(_P):
    player: PlayerRef = "self"
    amount: Spheres | Choose


class StealSpheresP(_P):
    from_: PlayerRef = Field("enemy", alias="from")
    n: Amount = 1
    sphere: Literal["chosen", "magic", "influence", "wealth", "force"] = "chosen"
    over_max: bool = False


class ModifyLevelP(_P):
    target: CardTarget
    delta: Value
    base: bool = False
    duration: Duration = "default"


class ModifyRoadP(_P):
    nation: CardTarget
    road: Road = "all"
    delta: Value
    duration: Duration = "default"


class RoadP(_P):
    nation: CardTarget
    road: Road = "chosen"
    duration: Duration = "default"


class ModifyArmyP(_P):
    side: Literal["self", "enemy"] = "self"
    delta: Value
    duration: Duration = "default"


class ModifyCapacityP(_P):
    row_leader: CardTarget
    delta: Value
    duration: Duration = "default"


class TargetDurationP(_P):
    target: CardTarget
    duration: Duration = "default"


class AttachP(_P):
    card: CardTarget
    host: CardTarget
    wake: Literal["attacked", "host_leaves", "turn_start"] = Field(  # i18n: no
        "attacked", description="a leader attached is dormant until this (MIT-5.15, OP-35): its host (or the nation "
                                "under it) is attacked, its host leaves the board, or its player's next turn begins")


TokenKind = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,39}$")]


class AddTokenP(_P):
    target: CardTarget
    kind: TokenKind
    n: Amount = 1
    effect: "TokenEffect | None" = Field(None, description="what the token does while on the card: a continuous "  # i18n: no
                                                            "primitive, or {trigger, effect}; $bearer is the card")

    @model_validator(mode="after")
    def _lasting(self):
        if self.effect is not None and not isinstance(self.effect, TokenTrigger):
            name, params = call_primitive(self.effect)
            if getattr(params, "duration", "default") != "default":
                raise Located(("effect", name, "duration"), _("a token works while it is on the card (MIT-5.10); its effect takes no duration"))
        return self


class RemoveTokenP(_P):
    target: CardTarget
    kind: TokenKind
    n: Union[Amount, Literal["all"]] = 1


ImmunityKey = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z_]*$")]


class GrantImmunityP(_P):
    target: CardTarget
    against: list[ImmunityKey] = Field(min_length=1, description="card types, subtypes, keywords or primitives")  # i18n: no
    duration: Duration = "default"

    @field_validator("against")
    @classmethod
    def _known(cls, value: list[str]) -> list[str]:
        known = set(V.FILTER_CARD_TYPES) | set(V.SUBTYPES) | set(V.KEYWORDS) | set(PRIMITIVES)
        for i, key in enumerate(value):
            if key not in known:
                raise Located((i,), _("{key} is not a card type, subtype, keyword or primitive{hint}", key=repr(key),
                                      hint=_hint(key, sorted(known))))
        return value


class SubtypeP(_P):
    target: CardTarget
    subtype: Subtype  # type: ignore[valid-type]
    duration: Duration = "default"


class SetCardTypeP(_P):
    target: CardTarget
    card_type: CardType  # type: ignore[valid-type]
    duration: Duration = "default"

    @field_validator("card_type")
    @classmethod
    def _placed(cls, value: str) -> str:
        if value in ("high_god", "nation"):
            raise ValueError(_("no card becomes a {type}: a high god and a nation have places of their own (the god slot, the grid)", type=value.replace('_', ' ')))
        return value


class RestrictP(_P):
    target: CardTarget
    what: Restriction  # type: ignore[valid-type]
    duration: Duration = "default"


class PlayCardP(_P):
    from_: Literal["hand", "afterworld", "deck"] = Field("hand", alias="from")
    filter: Filter | None = None
    free: bool = False
    unsummoned: bool = False


class ModifyCostP(_P):
    filter: Filter | None = None
    delta: SignedSpheres
    applies_to: Literal["summon", "usage"] = Field("summon", description="summoning costs or usage costs")  # i18n: no
    duration: Duration = "default"


class ModifyHandSizeP(_P):
    player: PlayerRef = "self"
    delta: Value
    duration: Duration = "default"


class ModifyPowerPointsP(_P):
    target: CardTarget
    delta: Value
    duration: Duration = "default"


class ProduceSpheresP(_P):
    amount: Spheres | Choose


class ExtraDrawP(_P):
    n: Amount = 1


class GrantFateUseP(_P):
    player: PlayerRef = "self"
    n: int = Field(1, ge=1, le=9)
    per: Literal["turn"] = "turn"


class NoP(_P):
    """A primitive without parameters: written ``{force_retreat: {}}`` (or ``null``)."""


class KeywordP(_P):
    mod: int = Field(0, ge=-9, le=9, description="the printed number after the keyword")  # i18n: no


class PoisonP(_P):
    mod: int = Field(0, ge=-9, le=9)
    level: Value | None = Field(None, description="a poison level given by the text, instead of level + mod (OP-47)")  # i18n: no


class ChooseOneP(_P):
    options: list[list["Call"]] = Field(min_length=2, max_length=9)


class IfP(_P):
    cond: "Cond"
    then: list["Call"] = Field(min_length=1)
    else_: list["Call"] = Field(default_factory=list, alias="else")


#: Every primitive and its parameters (spec 6.4).
PRIMITIVES: dict[str, type[_P]] = {
    "draw": DrawP, "discard": DiscardP, "mill": MillP, "destroy": TargetP, "sacrifice": TargetP,
    "return_to_hand": TargetP, "search_deck": SearchDeckP, "recover": RecoverP, "exile": ExileP,
    "put_on_deck": PutOnDeckP, "shuffle_deck": PlayerP, "look_top": LookTopP, "rotate": TargetP, "unrotate": TargetP,
    "gain_spheres": GainSpheresP, "lose_spheres": LoseSpheresP, "steal_spheres": StealSpheresP,
    "modify_level": ModifyLevelP, "modify_road": ModifyRoadP, "close_road": RoadP, "open_road": RoadP,
    "modify_army": ModifyArmyP, "modify_capacity": ModifyCapacityP, "neutralize": TargetP,
    "neutralize_ability": TargetDurationP, "attach": AttachP, "steal": TargetDurationP, "add_token": AddTokenP,
    "remove_token": RemoveTokenP, "grant_immunity": GrantImmunityP, "grant_subtype": SubtypeP,
    "remove_subtype": SubtypeP, "set_card_type": SetCardTypeP, "restrict": RestrictP, "play_card": PlayCardP,
    "modify_cost": ModifyCostP, "modify_hand_size": ModifyHandSizeP, "modify_power_points": ModifyPowerPointsP,
    "produce_spheres": ProduceSpheresP, "extra_draw": ExtraDrawP, "grant_fate_use": GrantFateUseP,
    "force_retreat": NoP, "volley": KeywordP, "fear": KeywordP, "poison": PoisonP, "choose_one": ChooseOneP,
    "if": IfP,
}
#: The continuous primitives: the only ones a static (a locked bound maneuver's ``static``) or a token may use (6.7).
CONTINUOUS = ("modify_level", "modify_road", "grant_immunity", "grant_subtype", "restrict", "modify_cost",
              "modify_hand_size", "modify_power_points", "modify_capacity", "produce_spheres", "extra_draw",
              "grant_fate_use")
#: Primitives meaningful only as statics: they add at a rule step, not when a maneuver resolves.
STATIC_ONLY = ("produce_spheres", "extra_draw")


def _field_name(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) else name


def _call_model(name: str, params: type[_P]) -> type[BaseModel]:
    field = _field_name(name)
    default: Any = ...
    annotation: Any = params
    if params is NoP:  # `force_retreat: {}` or `force_retreat: null`
        annotation = Annotated[Union[NoP, None], BeforeValidator(lambda v: NoP() if v is None else v)]
    model = create_model(f"{''.join(p.title() for p in name.split('_'))}Call", __base__=_Model, __module__=__name__,
                         **{field: (annotation, Field(default, alias=name))})
    model.__doc__ = f"A call of the primitive {name}."  # i18n: no (the JSON schema's description)
    return model


CALL_MODELS: dict[str, type[BaseModel]] = {name: _call_model(name, params) for name, params in PRIMITIVES.items()}


def call_primitive(call: BaseModel) -> tuple[str, _P]:
    """The primitive name and the parameters of a primitive call."""
    (field,) = type(call).model_fields
    return field.rstrip("_"), getattr(call, field)


def _one_key(kind: str, allowed: tuple[str, ...], what: str):
    """A before-validator: a mapping with exactly one key, one of ``allowed`` (did-you-mean otherwise)."""

    def check(value: Any) -> Any:
        if not isinstance(value, dict):
            raise PydanticCustomError(f"{kind}_shape", _("a {what} is a mapping with one key, its name, e.g. {example}; got {got}"), {"what": _(what), "got": repr(value)[:80],
                                                              "example": "{draw: {n: 1}}"})
        if len(value) != 1:
            raise PydanticCustomError(f"{kind}_shape", _("a {what} is a mapping with exactly one key, its name; got the keys {keys}"), {"what": _(what), "keys": ", ".join(map(repr, value))})
        (name,) = value
        if name not in allowed:
            if name in PRIMITIVES and kind == "static":
                raise PydanticCustomError("not_continuous", _("{name} is not a continuous primitive; a static or a token may use only: {allowed}"), {"name": repr(name), "allowed": ", ".join(allowed)})
            raise PydanticCustomError(f"unknown_{kind}", _("unknown {what} {name}{hint}; known: {allowed}"),
                                      {"what": _(what), "name": repr(name), "allowed": ", ".join(allowed),
                                       "hint": _hint(name, allowed)})
        return value

    return check


def _key_of(value: Any) -> str | None:
    if isinstance(value, dict) and len(value) == 1:
        return TAG + str(next(iter(value)))
    if isinstance(value, BaseModel):
        return TAG + next(iter(type(value).model_fields)).rstrip("_")
    return None


def _tagged_union(kind: str, names: tuple[str, ...], models: dict[str, type], what: str) -> Any:
    choices = tuple(Annotated[models[n], Tag(TAG + n)] for n in names)
    return Annotated[Union[choices], Discriminator(_key_of), BeforeValidator(_one_key(kind, names, what))]  # type: ignore[valid-type]


#: One primitive call, e.g. ``{draw: {player: self, n: 1}}``.
Call = _tagged_union("primitive", tuple(PRIMITIVES), CALL_MODELS, N_("primitive"))
#: One continuous primitive call (statics, tokens).
StaticCall = _tagged_union("static", CONTINUOUS, CALL_MODELS, N_("continuous primitive"))


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
    name: create_model(f"{name.title()}Cond", __base__=_Model, __module__=__name__, **{_field_name(name): (params, Field(alias=name))})
    for name, params in COND_PARAMS.items()
}
#: A condition of ``if``: ``{count: {filter, ge: 2}}``, ``{card: {ref: $revealed, filter}}``,
#: ``{number: {of: $revealed, is: "5+"}}``, ``{compare: {value, lt: …}}``, ``{all: […]}``, ``{any: […]}``, ``{not: …}``.
Cond = _tagged_union("condition", tuple(COND_PARAMS), COND_MODELS, "condition")


# -- maneuver conditions (spec 6.5) -------------------------------------------------------------------
class LookP(_P):
    """Reveal / peek (MIT-4.2.3.b/c): exactly one of number, filter, refers."""

    number: NumberRange | None = None
    filter: Filter | None = None
    refers: Literal[True] | None = Field(None, description="the effect uses $revealed / $peeked; holds whenever "  # i18n: no
                                                             "a card could be looked at")

    @model_validator(mode="after")
    def _one(self):
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
    def _some(self):
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
    name: create_model(f"{name.title()}Condition", __base__=_Model, __module__=__name__, **{name: (params, Field(alias=name))})
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


Condition = Annotated[_tagged_union("condition", CONDITION_NAMES, CONDITION_MODELS, "condition"),
                      BeforeValidator(_condition_in)]


# -- triggers (spec 6.6) ------------------------------------------------------------------------------
class _Trigger(_Model):
    @model_validator(mode="before")
    @classmethod
    def _yaml_on(cls, data: Any) -> Any:
        # YAML 1.1 reads the key `on` as the boolean true.
        if isinstance(data, dict) and True in data and "on" not in data:
            data = {("on" if k is True else k): v for k, v in data.items()}
        return data


class TurnTrigger(_Trigger):
    on: Literal["turn_start", "draw_phase", "turn_end", "refill"]
    player: Side = Field("self", description="whose turn (phase): self, enemy or any")  # i18n: no


class CardEventTrigger(_Trigger):
    on: Literal["enters_board", "destroyed", "sacrificed", "summoned", "maneuver_used"]
    filter: Filter | None = None


class LeavesBoardTrigger(_Trigger):
    on: Literal["leaves_board"]
    filter: Filter | None = None
    to: Literal["hand", "deck", "afterworld", "oblivion"] | None = None


class FightDeclaredTrigger(_Trigger):
    on: Literal["fight_declared"]


class FightEndTrigger(_Trigger):
    on: Literal["fight_end"]
    result: Literal["won", "lost", "draw", "any"] = "any"


class SpheresChangedTrigger(_Trigger):
    on: Literal["spheres_changed"]
    player: Side = "self"


TRIGGER_MODELS = (TurnTrigger, CardEventTrigger, LeavesBoardTrigger, FightDeclaredTrigger, FightEndTrigger,
                  SpheresChangedTrigger)
TRIGGER_EVENTS = tuple(e for m in TRIGGER_MODELS for e in m.model_fields["on"].annotation.__args__)


def _trigger_tag(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        value = {"on": value.on}
    if not isinstance(value, dict):
        return None
    event = value.get("on", value.get(True))
    for model in TRIGGER_MODELS:
        if event in model.model_fields["on"].annotation.__args__:
            return TAG + model.__name__
    return None


def _trigger_in(value: Any) -> Any:
    if isinstance(value, dict):
        event = value.get("on", value.get(True))
        if event is None:
            raise PydanticCustomError("trigger_event", _("a trigger needs 'on: <event>'; events: {events}"),
                                      {"events": ", ".join(TRIGGER_EVENTS)})
        if event not in TRIGGER_EVENTS:
            raise PydanticCustomError("unknown_trigger", _("unknown trigger event {name}{hint}; known: {allowed}"),
                                      {"name": repr(event), "allowed": ", ".join(TRIGGER_EVENTS),
                                       "hint": _hint(event, TRIGGER_EVENTS)})
    return value


Trigger = Annotated[Union[tuple(Annotated[m, Tag(TAG + m.__name__)] for m in TRIGGER_MODELS)],  # type: ignore[valid-type]
                    Discriminator(_trigger_tag), BeforeValidator(_trigger_in)]


class TokenTrigger(_Model):
    """A token that acts on an event: ``{trigger: {on: turn_start}, effect: [calls]}``."""

    trigger: Trigger
    effect: list[Call] = Field(min_length=1)  # type: ignore[valid-type]


def _token_effect_tag(value: Any) -> str:
    if isinstance(value, TokenTrigger) or (isinstance(value, dict) and "trigger" in value):
        return TAG + "trigger"
    return TAG + "static"


TokenEffect = Annotated[Union[Annotated[StaticCall, Tag(TAG + "static")], Annotated[TokenTrigger, Tag(TAG + "trigger")]],
                        Discriminator(_token_effect_tag)]


# -- maneuvers (spec 6.3) -----------------------------------------------------------------------------
class UsesPerTurn(_Model):
    uses_per_turn: int = Field(ge=1, le=9)


class PerSacrifice(_Model):
    filter: Filter
    n: int = Field(1, ge=1, le=9)


class Per(_Model):
    """The slash (MIT-4.2.6.e): what is paid once per repetition; exactly one of pay, discard, sacrifice."""

    pay: Spheres | None = None
    discard: int | None = Field(None, ge=1, le=9)
    sacrifice: PerSacrifice | None = None

    @model_validator(mode="after")
    def _one(self):
        if sum(getattr(self, k) is not None for k in ("pay", "discard", "sacrifice")) != 1:
            raise ValueError(_("give exactly one of 'pay', 'discard', 'sacrifice'"))
        return self


class Step(_Model):
    """One step of a multi-step maneuver (MIT-4.2.6.d)."""

    cost: Spheres = Spheres()
    permanent: bool = False
    effect: list[Call] = Field(min_length=1)  # type: ignore[valid-type]


Permanent = Union[bool, UsesPerTurn]


class Maneuver(_Model):
    """A maneuver (spec 6.3): a bound maneuver in a card's text, a free maneuver card's one maneuver or
    one of its options, or a fate's maneuver."""

    id: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,19}$")]
    timing: list[Timing] = Field(default_factory=list, description="subset of action, reaction, rite, battle; "  # type: ignore[valid-type]  # i18n: no
                                                                     "empty: any time")
    speed: Speed = "normal"  # type: ignore[valid-type]
    permanent: Permanent = False
    cost: Spheres = Field(Spheres(), description="usage cost (MIT-4.2.2)")  # i18n: no
    conditions: list[Condition] = Field(default_factory=list)  # type: ignore[valid-type]
    subtypes: list[Subtype] = Field(default_factory=list)  # type: ignore[valid-type]
    level: int | None = Field(None, ge=-9, le=9, description="signed level given to the user (MIT-4.2.5, OP-25); "  # i18n: no
                                                              "a free maneuver card gives its printed level instead")
    targets: dict[TargetName, Selector] = Field(default_factory=dict, description="chosen at announcement (OP-29)",  # i18n: no
                                                json_schema_extra={"additionalProperties": False})
    per: Per | None = None
    steps: list[Step] | None = Field(None, min_length=2, max_length=9)
    effect: list[Call] = Field(default_factory=list)  # type: ignore[valid-type]
    duration: Duration = "default"
    trigger: Trigger | None = None
    static: list[StaticCall] | None = Field(None, min_length=1)  # type: ignore[valid-type]
    on_enter: Literal[False, "may", "must"] = Field(False, description="MIT-6.3.7: may / must be used when the "  # i18n: no
                                                                       "card is played")

    @model_validator(mode="after")
    def _consistent(self):
        for name in ("timing", "subtypes"):
            values = getattr(self, name)
            for i, v in enumerate(values):
                if values.index(v) != i:
                    raise Located((name, i), _("{value} is listed twice", value=repr(v)))
        always_on = self.static is not None or self.trigger is not None
        if self.static is not None and self.trigger is not None:
            raise Located(("trigger",), _("a maneuver is either a static or a trigger, not both"))
        if always_on:
            which = "static" if self.static is not None else "trigger"
            if self.speed != "locked":
                raise Located(("speed",), _("a {which} ability is a locked bound maneuver (MIT-4.2.6.b): write speed: locked", which=which))
            for name in ("timing", "conditions", "targets", "steps", "per"):
                if getattr(self, name):
                    raise Located((name,), _("a {which} ability is never announced; it takes no {name}", which=which, name=repr(name)))
            if self.cost.total():
                raise Located(("cost",), _("a {which} ability is never used, so it has no usage cost", which=which))
            if self.permanent is not False or self.on_enter is not False:
                raise Located(("permanent" if self.permanent is not False else "on_enter",),
                              _("a {which} ability is always on; 'permanent' and 'on_enter' do not apply", which=which))
            if self.static is not None and self.effect:
                raise Located(("effect",), _("a static has no 'effect': its primitives go under 'static'"))
            if self.trigger is not None and not self.effect:
                raise Located(("effect",), _("a trigger needs an 'effect': what happens when it fires"))
        if self.steps is not None:
            if self.effect:
                raise Located(("effect",), _("a multi-step maneuver puts each effect in its step, not in 'effect'"))
            if self.cost.total():
                raise Located(("cost",), _("a multi-step maneuver puts each cost in its step (MIT-4.2.6.d)"))
        for i, call in enumerate(self.static or ()):
            name, params = call_primitive(call)
            if getattr(params, "duration", "default") != "default":
                raise Located(("static", i, name, "duration"), _("a static lasts while its source is on the board (spec 6.7); it takes no duration"))
        for i, call in enumerate(self.effect):
            name, _params = call_primitive(call)
            if name in STATIC_ONLY:
                raise Located(("effect", i), _("{name} adds at a rule step; it belongs in a locked 'static'", name=repr(name)))
        return self

    def calls(self) -> list[tuple[tuple, BaseModel]]:
        """Every top-level primitive call with its location: effect, steps, static."""
        out = [(("effect", i), c) for i, c in enumerate(self.effect)]
        for s, step in enumerate(self.steps or ()):
            out += [(("steps", s, "effect", i), c) for i, c in enumerate(step.effect)]
        out += [(("static", i), c) for i, c in enumerate(self.static or ())]
        return out


# -- translations (data.TRANSLATABLE) ----------------------------------------------------------------
KIND_WORDS = {"card": N_("card"), "set": N_("set"), "deck": N_("deck")}
_TRANSLATED_TYPES: dict[str, Any] = {"name": CardName, "flavor": Text, "note": Text}


def _translations(kind: str, model_name: str) -> Any:
    """The model of an entry's ``translations``: ``{de: {name: …}, hu: {…}}``, the fields ``TRANSLATABLE[kind]``.
    An unknown language, an unknown or untranslatable field and a value of the wrong type are errors at
    ``translations.<lang>.<field>``."""
    fields = TRANSLATABLE[kind]
    one = create_model(f"{model_name}Translation", __base__=_Model, __module__=__name__,
                       **{f: (_TRANSLATED_TYPES[f] | None, None) for f in fields})  # type: ignore[call-overload]
    one.__doc__ = f"A {kind}'s readable fields in one language ({', '.join(fields)}); a field left out is English."  # i18n: no

    def known(cls: type, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        for lang, texts in data.items():
            if lang not in TRANSLATION_LANGUAGES:
                hint = _(" (English is the entry's own fields)") if lang == "en" else _hint(lang, TRANSLATION_LANGUAGES)
                raise Located((lang,), _("{lang} is not a language to translate into{hint}; expected one of: "
                                         "{languages}", lang=repr(lang), hint=hint,
                                         languages=", ".join(TRANSLATION_LANGUAGES)))
            if isinstance(texts, dict):
                for name in texts:
                    if name not in fields:
                        raise Located((lang, name), _("{name} is not a translatable field of a {kind}{hint}; "
                                                      "translatable: {fields} (ids, types and references stay "
                                                      "English)", name=repr(name), kind=_(KIND_WORDS[kind]),
                                                      hint=_hint(name, fields), fields=", ".join(fields)))
        return data

    many = create_model(f"{model_name}Translations", __base__=_Model, __module__=__name__,
                        __validators__={"_known": model_validator(mode="before")(classmethod(known))},
                        **{lang: (one | None, None) for lang in TRANSLATION_LANGUAGES})  # type: ignore[call-overload]
    many.__doc__ = f"A {kind}'s readable fields in other languages than English (by language code)."  # i18n: no
    return many


CardTranslations = _translations("card", "Card")
SetTranslations = _translations("set", "CardSet")
DeckTranslations = _translations("deck", "Deck")
_TRANSLATIONS_HELP = "the fields a person reads in other languages: {de: {name: …}, hu: {name: …}}"  # i18n: no


# -- cards (spec 5.2) ---------------------------------------------------------------------------------
FateDuration = Union[Literal["instant"], Rounds]


class Card(_Model):
    """A card definition (spec 5.2). ``number`` (the last digit of the serial, MIT-2.9) is derived, not written."""

    id: CardId = Field(description="<set>-<serial, 3 digits>, e.g. SMP-013")
    set: SetCode
    serial: int = Field(ge=1, le=9999)
    name: CardName
    card_type: CardType  # type: ignore[valid-type]
    subtypes: list[Subtype] = Field(default_factory=list)  # type: ignore[valid-type]
    mythology: Mythology
    unique: bool = False
    magical: bool = False
    cursed: bool = Field(False, description="cursed implies magical (MIT-2.4.a)")  # i18n: no
    level: int | None = Field(None, ge=-9, le=20, description="leader, supply, location, item, free maneuver")  # i18n: no
    level_is_modifier: bool = Field(False, description="printed with + or -: added to another card's level "  # i18n: no
                                                       "(location, item, free maneuver)")
    cost: Spheres | None = Field(None, description="summoning cost: leader, location, item, intrigue, supply")  # i18n: no
    power_points: int = Field(0, ge=0, le=20)
    links: list[CardName] = Field(default_factory=list, description="names of mythologically linked cards (MIT-2.8)")  # i18n: no
    maneuvers: list[Maneuver] = Field(default_factory=list)
    sphere_max: SphereMax | None = Field(None, description="high god only")  # i18n: no
    roads: Roads | None = Field(None, description="nation only: edge -> road level")  # i18n: no
    requirement_groups: list[Annotated[list[Subtype], Field(min_length=1)]] | None = Field(  # type: ignore[valid-type]  # i18n: no
        None, description="free maneuver only: the user needs all subtypes of at least one group; empty: anyone")
    options: list[Maneuver] | None = Field(None, min_length=2, description="free maneuver only: choose one (MIT-3.9.e)")  # i18n: no
    duration: FateDuration | None = Field(None, description="fate only: instant or {rounds: N}")  # i18n: no
    flavor: Text = ""
    translations: CardTranslations | None = Field(None, description=_TRANSLATIONS_HELP)  # type: ignore[valid-type]

    def __eq__(self, other: object) -> bool:
        """The same card, whatever its translations: they are how it reads, not what it is (nor what it does)."""
        if not isinstance(other, Card):
            return NotImplemented
        mine = {k: v for k, v in self.__dict__.items() if k != "translations"}
        return mine == {k: v for k, v in other.__dict__.items() if k != "translations"}

    def __hash__(self) -> int:
        return hash((Card, self.id, self.name, self.card_type))

    @property
    def number(self) -> int:
        """The card's number: the last digit of its serial (MIT-2.9)."""
        return self.serial % 10

    def all_maneuvers(self) -> list[tuple[str, int, Maneuver]]:
        return [("maneuvers", i, m) for i, m in enumerate(self.maneuvers)] + \
               [("options", i, m) for i, m in enumerate(self.options or ())]

    @model_validator(mode="before")
    @classmethod
    def _derived(cls, data: Any) -> Any:
        if isinstance(data, dict):
            if "number" in data:
                raise Located(("number",), _("the card number is derived (the last digit of 'serial'); do not write it"))
            if data.get("cursed") is True and "magical" not in data:
                data = {**data, "magical": True}  # a cursed card is also magical (MIT-2.4.a)
        return data

    @model_validator(mode="after")
    def _consistent(self):
        t = self.card_type
        expected = f"{self.set}-{self.serial:03d}"
        if self.id != expected:
            raise Located(("id",), _("the id of serial {serial} in set {set} is {expected}, not {id}", serial=self.serial, set=self.set, expected=repr(expected), id=repr(self.id)))
        if self.cursed and not self.magical:
            raise Located(("magical",), _("a cursed card is also magical (MIT-2.4.a); leave out 'magical' or set it true"))
        for i, s in enumerate(self.subtypes):
            if self.subtypes.index(s) != i:
                raise Located(("subtypes", i), _("{subtype} is listed twice", subtype=repr(s)))
            allowed = V.SUBTYPE_CARD_TYPES.get(s)
            if t == "intrigue":
                raise Located(("subtypes", i), _("an intrigue has no subtypes"))
            if allowed is not None and t not in allowed:
                raise Located(("subtypes", i), _("{subtype} is a subtype of {list} cards, not of a {type}", subtype=repr(s), list=' and '.join(allowed), type=t))
        # fields by card type
        if t in V.LEVELLED_TYPES:
            if self.level is None and t in ("leader", "supply"):
                raise Located(("level",), _("a {type} has a level", type=t))
        elif self.level is not None:
            raise Located(("level",), _("a {type} has no level", type=t))
        if self.level_is_modifier:
            if t not in V.MODIFIER_TYPES:
                raise Located(("level_is_modifier",), _("only locations, items and free maneuvers modify levels, not a {type}", type=t))
            if self.level is None:
                raise Located(("level_is_modifier",), _("a modifier needs a 'level'"))
        elif self.level is not None and self.level < 0:
            raise Located(("level",), _("a negative level is a modifier: set level_is_modifier: true"))
        if self.cost is not None and t not in V.SUMMONED_TYPES:
            where = _("its maneuver's 'cost'") if t in ("fate", "free_maneuver") else _("nothing: it is never summoned")
            raise Located(("cost",), _("a {type} is not summoned and has no summoning cost; a usage cost goes in {where}", type=t, where=where))
        only = {"sphere_max": "high_god", "roads": "nation", "requirement_groups": "free_maneuver",
                "options": "free_maneuver", "duration": "fate"}
        for name, owner in only.items():
            if getattr(self, name) is not None and t != owner:
                raise Located((name,), _("'{name}' is for {owner} cards, not a {type}", name=name, owner=owner.replace('_', ' '), type=t))
        for name in ("sphere_max", "roads", "duration"):
            if getattr(self, name) is None and t == only[name]:
                raise Located((name,), _("a {type} needs '{name}'", type=t.replace('_', ' '), name=name))
        ids = [(where, i, m.id) for where, i, m in self.all_maneuvers()]
        for k, (where, i, mid) in enumerate(ids):
            if [x[2] for x in ids].index(mid) != k:
                raise Located((where, i, "id"), _("maneuver id {id} is used twice on this card", id=repr(mid)))
        if t == "free_maneuver":
            if bool(self.maneuvers) == bool(self.options) or len(self.maneuvers) > 1:
                raise Located(("maneuvers",), _("a free maneuver has one maneuver under 'maneuvers', or two or more under 'options' (MIT-3.9.e)"))
        elif t == "fate":
            if len(self.maneuvers) != 1:
                raise Located(("maneuvers",), _("a fate has exactly one maneuver"))
        for where, i, m in self.all_maneuvers():
            if t in ("free_maneuver", "fate") and (m.static is not None or m.trigger is not None):
                raise Located((where, i, "static" if m.static is not None else "trigger"),
                              _("a {type}'s maneuver is used, not always on: statics and triggers belong to bound maneuvers", type=t.replace('_', ' ')))
            if t == "free_maneuver" and m.level is not None:
                raise Located((where, i, "level"), _("a free maneuver gives the card's printed 'level'; do not repeat it on the maneuver"))
            if t == "fate" and isinstance(self.duration, Rounds) and m.duration not in ("default", self.duration):
                raise Located((where, i, "duration"), _("the fate lasts {rounds} round(s); its maneuver's duration must be the same or 'default'", rounds=self.duration.rounds))
            if not (m.effect or m.steps or m.static or m.trigger or m.level is not None
                    or (t == "free_maneuver" and self.level is not None)):
                raise Located((where, i), _("the maneuver does nothing: give an effect, steps, a static, a trigger or a level"))
        _check_references(self)
        return self


# -- references inside a card -------------------------------------------------------------------------
_REF = re.compile(r"\$[a-z][a-z0-9_]*")


def _check_references(card: Card) -> None:
    """Every ``$ref`` in a maneuver names something the maneuver has (spec 6.1)."""
    for where, i, m in card.all_maneuvers():
        scope = {"$self", "$host"}
        why = {}
        if card.card_type != "fate":
            scope.add("$user")
        else:
            why["$user"] = _("a fate has no user (MIT-3.7.d)")
        scope |= {f"${t}" for t in m.targets}
        names = [next(iter(type(c).model_fields)) for c in m.conditions]
        if "reveal" in names:
            scope.add("$revealed")
        else:
            why["$revealed"] = _("the maneuver has no 'reveal' condition")
        if "peek" in names:
            scope.add("$peeked")
        else:
            why["$peeked"] = _("the maneuver has no 'peek' condition")
        if m.per is not None:
            scope.add("$x")
        else:
            why["$x"] = _("the maneuver has no 'per'")
        if m.trigger is not None:
            scope.add("$event")
        else:
            why["$event"] = _("only a trigger has an event")
        why["$bearer"] = _("it is the card carrying a token, known only inside add_token's 'effect'")
        for name in ("targets", "conditions", "effect", "steps", "static"):
            if name == "static" and m.static is not None:
                why_static = dict(why, **{f"${t}": _("a static has no targets") for t in m.targets})
                _refs_in(m.static, (where, i, "static"), scope - {f"${t}" for t in m.targets}, why_static)
            elif name != "static":
                _refs_in(getattr(m, name), (where, i, name), scope, why)


def _refs_in(obj: Any, path: tuple, scope: set[str], why: dict[str, str]) -> None:
    if isinstance(obj, AddTokenP):
        for name, field in type(obj).model_fields.items():
            value = getattr(obj, name)
            if name == "effect" and value is not None:
                token_scope = {"$self", "$bearer"} | ({"$event"} if isinstance(value, TokenTrigger) else set())
                only = _("inside a token's effect only $bearer (the card carrying it) and $self are known")
                token_why = {r: only for r in scope | set(why) if r not in token_scope}
                _refs_in(value, path + ("effect",), token_scope, token_why)
            else:
                _refs_in(value, path + (field.alias or name,), scope, why)
        return
    if isinstance(obj, Filter):
        obj = obj.model_copy(update={"name": None, "mythology": None})
    if isinstance(obj, BaseModel):
        for name, field in type(obj).model_fields.items():
            _refs_in(getattr(obj, name), path + (field.alias or name,), scope, why)
    elif isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj):
            _refs_in(x, path + (i,), scope, why)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _refs_in(x, path + (k,), scope, why)
    elif isinstance(obj, str):
        for ref in _REF.findall(obj):
            if ref in scope:
                continue
            if ref in why:
                raise Located(path, _("{ref} cannot be used here: {why}", ref=ref, why=why[ref]))
            if re.fullmatch(r"\$t[0-9]+", ref):
                raise Located(path, _("{ref} is not declared in the maneuver's 'targets'", ref=ref))
            known = sorted(scope)
            raise Located(path, _("unknown reference {ref}; known here: {list}", ref=ref, list=', '.join(known)))


# -- sets and decks -----------------------------------------------------------------------------------
class CardSet(_Model):
    """A card set: its code (the prefix of its card ids), its name and its cards."""

    code: SetCode
    name: CardName
    mythologies: list[Mythology] | None = Field(None, min_length=1, description="if given, every card's "  # i18n: no
                                                                               "mythology must be one of these")
    note: Text = ""
    translations: SetTranslations | None = Field(None, description=_TRANSLATIONS_HELP)  # type: ignore[valid-type]
    cards: list[Card] = Field(min_length=1, max_length=2000)

    @model_validator(mode="after")
    def _cross_checks(self):
        by_id: dict[str, int] = {}
        by_name: dict[str, list[int]] = {}
        for i, card in enumerate(self.cards):
            if card.set != self.code:
                raise Located(("cards", i, "set"), _("the card is in set {set} but the file is set {code}", set=repr(card.set), code=repr(self.code)))
            if card.id in by_id:
                raise Located(("cards", i, "id"), _("id {id} is used twice (cards[{first}] and cards[{i}])", id=card.id, first=by_id[card.id], i=i))
            by_id[card.id] = i
            if self.mythologies is not None and card.mythology not in self.mythologies:
                close = did_you_mean(card.mythology, self.mythologies, "{!r}")
                if close:
                    raise Located(("cards", i, "mythology"), _(
                        "{mythology} is not a mythology of the set ({mythologies}); did you mean {hint}?",
                        mythology=repr(card.mythology), mythologies=", ".join(self.mythologies), hint=close))
                raise Located(("cards", i, "mythology"), _("{mythology} is not a mythology of the set ({mythologies})",
                                                           mythology=repr(card.mythology),
                                                           mythologies=", ".join(self.mythologies)))
            by_name.setdefault(card.name, []).append(i)
        for name, indexes in by_name.items():
            types = sorted(self.cards[i].card_type for i in indexes)
            if len(indexes) > 1 and types != ["high_god", "leader"]:
                raise Located(("cards", indexes[1], "name"), _("name {name} is used by {n} cards; only a high god and its leader share a name (MIT-2.8.d)", name=repr(name), n=len(indexes)))
        for lang in TRANSLATION_LANGUAGES:  # a translated name tells the cards apart as the English one does
            shown: dict[str, int] = {}
            for i, card in enumerate(self.cards):
                one = getattr(card.translations, lang, None) if card.translations is not None else None
                if one is None or not one.name:
                    continue
                j = shown.setdefault(one.name, i)
                if j != i and sorted((self.cards[j].card_type, card.card_type)) != ["high_god", "leader"]:
                    raise Located(("cards", i, "translations", lang, "name"),
                                  _("the {lang} name {name} is also that of {id} {other}; only a high god and its leader share a name (MIT-2.8.d)", lang=lang, name=repr(one.name), id=self.cards[j].id, other=repr(self.cards[j].name)))
        tokens: dict[str, tuple[tuple, Any]] = {}
        removed: list[tuple[tuple, str]] = []
        for i, card in enumerate(self.cards):
            for j, link in enumerate(card.links):
                if link not in by_name:
                    raise Located(("cards", i, "links", j), _unknown_name(link, by_name))
            for path, model in iter_models(card.maneuvers, ("maneuvers",)):
                self._check_model(i, path, model, by_name, tokens, removed)
            for path, model in iter_models(card.options or [], ("options",)):
                self._check_model(i, path, model, by_name, tokens, removed)
        for where, kind in removed:
            if kind not in tokens:
                if tokens:
                    raise Located(where, _("no card of the set puts a {kind} token ('add_token'), so none can be "
                                           "removed; tokens: {tokens}", kind=repr(kind), tokens=", ".join(sorted(tokens))))
                raise Located(where, _("no card of the set puts a {kind} token ('add_token'), so none can be removed",
                                       kind=repr(kind)))
        return self

    @staticmethod
    def _check_model(i: int, path: tuple, model: BaseModel, by_name: dict, tokens: dict, removed: list) -> None:
        where = ("cards", i) + path
        if isinstance(model, Filter) and model.name is not None and model.name not in by_name:
            raise Located(where + ("name",), _unknown_name(model.name, by_name))
        if isinstance(model, AddTokenP):
            effect = model.effect.model_dump(by_alias=True) if model.effect is not None else None
            if model.kind in tokens and tokens[model.kind][1] != effect:
                raise Located(where + ("effect",), _("the {kind} token has another effect where it is put at {where}; a token kind has one effect", kind=repr(model.kind), where=dotted(tokens[model.kind][0])))
            tokens.setdefault(model.kind, (where, effect))
        if isinstance(model, RemoveTokenP):
            removed.append((where + ("kind",), model.kind))

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def _unknown_name(name: str, by_name: dict) -> str:
    close = did_you_mean(name, by_name, "{!r}")
    if close:
        return _("no card of the set is called {name}; did you mean {hint}?", name=repr(name), hint=close)
    return _("no card of the set is called {name}", name=repr(name))


class DeckEntry(_Model):
    card: CardId
    copies: int = Field(ge=1, le=99)
    name: CardName | None = Field(None, description="optional: the card's name, checked against the set")  # i18n: no


class Deck(_Model):
    """A deck (MIT-1.3.1): its high god, and the other cards with their copies."""

    name: CardName
    high_god: CardId = Field(description="the id of the deck's one high god card")  # i18n: no
    note: Text = ""
    translations: DeckTranslations | None = Field(None, description=_TRANSLATIONS_HELP)  # type: ignore[valid-type]
    cards: list[DeckEntry] = Field(min_length=1, max_length=1000)

    @model_validator(mode="after")
    def _no_repeats(self):
        seen: dict[str, int] = {}
        for i, entry in enumerate(self.cards):
            if entry.card in seen:
                raise Located(("cards", i, "card"), _("{card} is listed twice (cards[{first}] and cards[{i}]); give one entry with all its copies", card=entry.card, first=seen[entry.card], i=i))
            seen[entry.card] = i
        return self

    def size(self) -> int:
        """The cards besides the high god."""
        return sum(e.copies for e in self.cards)


for _model in (CountOf, Comparison, Filter, Selector, AddTokenP, ChooseOneP, IfP, TokenTrigger, Maneuver, Card,
               CardSet, *CALL_MODELS.values(), *COND_MODELS.values()):
    _model.model_rebuild(_types_namespace={"Filter": Filter, "Call": Call, "Cond": Cond, "TokenEffect": TokenEffect,
                                           "StaticCall": StaticCall})
