"""The primitives of Mítosz's effect vocabulary (spec 6.4): each primitive's parameters, the call models
(``{draw: {n: 1}}``), the tagged unions ``Call`` / ``StaticCall``, and what a token does (``TokenEffect``)."""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import (BaseModel, BeforeValidator, Discriminator, Field, StringConstraints, Tag, create_model,
                      field_validator, model_validator)
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import TAG, Located

from .. import vocabulary as V
from ..words import N_, _
from .expressions import Amount, CardTarget, Filter, Value
from .fields import (CardType, Choose, Duration, PlayerRef, Restriction, Road, SignedSpheres, Spheres, Subtype,
                     _hint, _Model)
from .triggers import Trigger

if TYPE_CHECKING:
    from collections.abc import Callable

    from .conditions import Cond  # resolved by the package's model_rebuild (conditions imports this module)


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
    def _one_way(self) -> RecoverP:
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
    def _lasting(self) -> AddTokenP:
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
    subtype: Subtype
    duration: Duration = "default"


class SetCardTypeP(_P):
    target: CardTarget
    card_type: CardType
    duration: Duration = "default"

    @field_validator("card_type")
    @classmethod
    def _placed(cls, value: str) -> str:
        if value in ("high_god", "nation"):
            raise ValueError(_("no card becomes a {type}: a high god and a nation have places of their own (the god slot, the grid)", type=value.replace('_', ' ')))
        return value


class RestrictP(_P):
    target: CardTarget
    what: Restriction
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
    model: type[BaseModel] = create_model(  # type: ignore[call-overload]  # (the stubs take no ** of fields)
        f"{''.join(p.title() for p in name.split('_'))}Call", __base__=_Model, __module__=__name__,
        **{field: (annotation, Field(default, alias=name))})
    model.__doc__ = f"A call of the primitive {name}."  # i18n: no (the JSON schema's description)
    return model


CALL_MODELS: dict[str, type[BaseModel]] = {name: _call_model(name, params) for name, params in PRIMITIVES.items()}


def call_primitive(call: BaseModel) -> tuple[str, _P]:
    """The primitive name and the parameters of a primitive call."""
    (field,) = type(call).model_fields
    return field.rstrip("_"), getattr(call, field)


def _one_key(kind: str, allowed: tuple[str, ...], what: str) -> Callable[[Any], Any]:
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
    return Annotated[Union[choices], Discriminator(_key_of), BeforeValidator(_one_key(kind, names, what))]


if TYPE_CHECKING:  # to the type checker a call is one of the call models, all made at runtime (CALL_MODELS)
    Call = BaseModel
    StaticCall = BaseModel
else:
    #: One primitive call, e.g. ``{draw: {player: self, n: 1}}``.
    Call = _tagged_union("primitive", tuple(PRIMITIVES), CALL_MODELS, N_("primitive"))
    #: One continuous primitive call (statics, tokens).
    StaticCall = _tagged_union("static", CONTINUOUS, CALL_MODELS, N_("continuous primitive"))


# -- what a token does (add_token's effect) ---------------------------------------------------------
class TokenTrigger(_Model):
    """A token that acts on an event: ``{trigger: {on: turn_start}, effect: [calls]}``."""

    trigger: Trigger
    effect: list[Call] = Field(min_length=1)


def _token_effect_tag(value: Any) -> str:
    if isinstance(value, TokenTrigger) or (isinstance(value, dict) and "trigger" in value):
        return TAG + "trigger"
    return TAG + "static"


if TYPE_CHECKING:
    TokenEffect = Union[StaticCall, TokenTrigger]
else:
    TokenEffect = Annotated[Union[Annotated[StaticCall, Tag(TAG + "static")],
                                  Annotated[TokenTrigger, Tag(TAG + "trigger")]],
                            Discriminator(_token_effect_tag)]
