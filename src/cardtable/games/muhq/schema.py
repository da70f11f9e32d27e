"""The pydantic models of muhq's game data: boards (spec 6.1) and card sets (spec 7.1–7.7).

A card's behaviour is data in the effect vocabulary of spec 7.5–7.7 — keywords, targets, effect steps
(``{do: damage, to: T1, amount: 2}``) and abilities (static, trigger, free action, full action) — which a
later interpreter executes; no card has Python code. Every model forbids unknown keys, every closed
vocabulary (card types, field types, markers, events, ops …) is a literal or a discriminated union, so a
misspelt name is an error with a suggestion.

Checks that span several fields (a unit needs life, ``T2`` must be declared, a VIP per seat …) raise
:class:`Located`, which says which field they are about relative to the model they run in. Checks that need
other files (a board's cards, a token of another set) are made by ``data``, which imports this module only
when a file is read (every command imports every game package).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Iterator, Literal, Union

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Discriminator, Field, Tag,
                      WithJsonSchema, model_validator)
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import TAG, Located, did_you_mean, iter_models
from cardtable.engine.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, current_language

from .words import N_, _


_CONFIG = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)


class _Model(BaseModel):
    model_config = _CONFIG
    #: Fields that hold references (spec 7.5), by role: "object" (a permanent), "player", "within" (a target's
    #: ``within.of``), "defender_for". Read by :func:`references` for the scope checks of a card.
    REFS: ClassVar[dict[str, str]] = {}


#: The nouns the messages name, bare ("unknown effect step …") and with their article ("an effect step is …")
NOUNS = {"unit": N_("unit"), "artifact": N_("artifact"), "equipment": N_("equipment"), "spell": N_("spell"),
         "effect step": N_("effect step"), "ability": N_("ability"), "cost": N_("cost"), "condition": N_("condition"),  # i18n: no (keys)
         "victory condition": N_("victory condition"), "permanent": N_("permanent"), "player": N_("player")}  # i18n: no (keys)
A_NOUNS = {"unit": N_("a unit"), "artifact": N_("an artifact"), "equipment": N_("an equipment"),
           "spell": N_("a spell"), "effect step": N_("an effect step"), "ability": N_("an ability"),  # i18n: no (keys)
           "cost": N_("a cost"), "condition": N_("a condition"), "victory condition": N_("a victory condition"),  # i18n: no (keys)
           "card": N_("a card"), "board": N_("a board"), "card set": N_("a card set")}  # i18n: no (keys)
#: The field types as a message names them (MUHQ-BOARD-3)
FIELD_WORDS = {"normal": N_("normal"), "deep_water": N_("deep water"), "high_ground": N_("high ground"),
               "wall": N_("wall")}
#: A description of the exported JSON Schemas made from a template, by its English text: (template, parameters,
#: the parameters that are marked texts themselves); schemas.py translates it
DESCRIPTIONS: dict[str, tuple[str, dict[str, str], tuple[str, ...]]] = {}


def with_article(noun: str) -> str:
    """``noun`` with its indefinite article, in the reader's language: "an artifact", "a unit"."""
    if noun in A_NOUNS:
        return _(A_NOUNS[noun])
    return ("an " if noun[:1] in ("a", "e", "i", "o") else "a ") + noun


def noun(word: str) -> str:
    """``word`` (a card type, "effect step" …) in the reader's language."""
    return _(NOUNS[word]) if word in NOUNS else word


def field_word(field_type: str) -> str:
    """A field type (``deep_water``) as a message names it, in the reader's language ("deep water")."""
    return _(FIELD_WORDS[field_type]) if field_type in FIELD_WORDS else field_type


def _described(template: str, translated: tuple[str, ...] = (), **params: str) -> str:
    """A JSON Schema description made from ``template`` (English), remembered for its translation."""
    text = template.format(**params)
    DESCRIPTIONS[text] = (template, params, translated)
    return text


# -- vocabularies ----------------------------------------------------------------------------------------
BOARD_FORMAT = "muhq-board/1"
SET_FORMAT = "muhq-cards/1"
CARD_TYPES = ("unit", "artifact", "equipment", "spell")  # MUHQ-CARD-1
PERMANENT_TYPES = ("unit", "artifact", "equipment")
FIELD_TYPES = ("normal", "deep_water", "high_ground", "wall")  # MUHQ-BOARD-3
OBJECT_ROLES = ("vip", "building", "victory_item", "none")  # spec 6.1
MARKERS = ("paralysis", "poison", "panic", "rage", "protection")  # MUHQ-COND-1
CONTROLLERS = ("you", "enemy", "any", "neutral")
TARGET_KINDS = ("unit", "artifact", "equipment", "permanent", "player")
KEYWORDS = ("armor", "crew", "solid", "durability", "veiled", "swimming", "landmark", "protection_from")  # 7.3
FLAG_KEYWORDS = ("veiled", "swimming", "landmark")
PLAY_MODES = ("alone", "next_unit")  # MUHQ-EQUIP-3
EVENTS = ("enters", "dies", "activated", "attacks", "deals_combat_damage", "is_dealt_damage", "ends_move",
          "upkeep_start")  # spec 7.7
#: Events that only a unit has (MUHQ-PERM-5 dies, MUHQ-COMBAT-11 attacks / deals damage, MUHQ-MOVE-8).
UNIT_EVENTS = ("dies", "attacks", "deals_combat_damage", "ends_move")
#: References (spec 7.5) to permanents; ``you`` and ``controller_of`` name players; ``T1`` … name targets.
OBJECT_REFS = ("self", "equipped_unit", "event.unit", "event.damaged", "event.defender")
#: The extra event references and the one event that has each (spec 7.7's table).
EVENT_ONLY_REFS = {"event.damaged": "deals_combat_damage", "event.defender": "attacks"}
TARGET_NAME_RE = re.compile(r"T[1-9][0-9]?")

# The closed vocabularies as types: one source, the tuples above.
CardType = Literal[CARD_TYPES]  # type: ignore[valid-type]
FieldType = Literal[FIELD_TYPES]  # type: ignore[valid-type]
ObjectRole = Literal[OBJECT_ROLES]  # type: ignore[valid-type]
Marker = Literal[MARKERS]  # type: ignore[valid-type]
Controller = Literal[CONTROLLERS]  # type: ignore[valid-type]
TargetKind = Literal[TARGET_KINDS]  # type: ignore[valid-type]
GroupKind = Literal[TARGET_KINDS[:-1]]  # type: ignore[valid-type]
PlayMode = Literal[PLAY_MODES]  # type: ignore[valid-type]
Event = Literal[EVENTS]  # type: ignore[valid-type]
GrantKeyword = Literal[FLAG_KEYWORDS]  # type: ignore[valid-type]
#: Any keyword may be taken away but durability: an equipment without it would have no hit points.
RemoveKeyword = Literal[tuple(k for k in KEYWORDS if k != "durability")]  # type: ignore[valid-type]


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


ObjectRef = _reference(OBJECT_REFS, N_("a reference to a permanent"))
PlayerWord = _reference(("you",), N_("a reference to a player"))
WithinOf = _reference(("self", "unit_you_control"), N_("the origin of a target's range"))


def _by_shape(pick, *members: tuple[str, Any]) -> Any:
    """A union whose member is told by the input's shape (``pick(value)`` → member name), so a bad value
    gets the errors of one member, not of all."""
    choices = tuple(Annotated[t, Tag(TAG + name)] for name, t in members)
    return Annotated[Union[choices], Discriminator(lambda v: TAG + pick(v))]  # type: ignore[valid-type]


def _one_or_list(item: Any) -> Any:
    return _by_shape(lambda v: "list" if isinstance(v, (list, tuple)) else "one",
                     ("one", item), ("list", Annotated[list[item], Field(min_length=1)]))


def _coord(value: list[int]) -> tuple[int, int]:
    return (value[0], value[1])


#: A field ``[x, y]``: x the column from the left, y the row from the top, both from 0.
Coord = Annotated[list[Annotated[int, Field(ge=0, le=999)]], Field(min_length=2, max_length=2), AfterValidator(_coord)]


def _keyed_union(key: str, models: dict[str, type[BaseModel]], what: str, example: str) -> Any:
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
    return Annotated[Union[choices], Discriminator(tag), BeforeValidator(check)]  # type: ignore[valid-type]


def _single_key_union(models: dict[str, type[BaseModel]], what: str, example: str) -> Any:
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
        return TAG + next(iter(type(value).model_fields))

    choices = tuple(Annotated[m, Tag(TAG + n)] for n, m in models.items())
    return Annotated[Union[choices], Discriminator(tag), BeforeValidator(check)]  # type: ignore[valid-type]


# -- filters, groups, player references (spec 7.5) ---------------------------------------------------------
class Filter(_Model):
    """Which cards: every given key must hold (spec 7.5). An empty filter matches everything."""

    REFS = {"other_than": "object"}

    controller: Controller | None = Field(  # type: ignore[valid-type]
        None, description=N_("relative to the source's controller"))
    type: _one_or_list(CardType) | None = Field(  # type: ignore[valid-type]
        None, description=N_("card type or list; equipment also matches artifact"))
    name: DisplayName | None = Field(None, description=N_("exact card name"))
    buy_gt: Stat | None = Field(None, description=N_("buy cost strictly greater; cards without buy never match"))
    buy_lt: Stat | None = Field(None, description=N_("buy cost strictly less; cards without buy never match"))
    life_le: Stat | None = Field(None, description=N_("life (after modifiers) at most"))
    other_than: ObjectRef | None = Field(None, description=N_("not that object"))
    landmark: bool | None = Field(None, description=N_("false excludes landmarks"))

    @model_validator(mode="after")
    def _satisfiable(self):
        if self.buy_gt is not None and self.buy_lt is not None and self.buy_lt <= self.buy_gt + 1:
            raise Located(("buy_lt",), _("buy_gt {gt} and buy_lt {lt} together match no card", gt=self.buy_gt,
                                         lt=self.buy_lt))
        return self

    def types(self) -> tuple[str, ...]:
        """The card types of ``type`` (empty: any)."""
        t = self.type
        return () if t is None else (t,) if isinstance(t, str) else tuple(t)

    def is_empty(self) -> bool:
        return all(getattr(self, name) is None for name in type(self).model_fields)


class GroupWithin(_Model):
    REFS = {"of": "object"}

    range: Stat
    of: ObjectRef


class Group(_Model):
    """Every permanent of a kind that matches (no targeting, spec 7.5): ``{each: unit, filter, within}``."""

    each: GroupKind  # type: ignore[valid-type]
    filter: Filter | None = None
    within: GroupWithin | None = None


class PlayerFilter(_Model):
    controller: Literal["you", "enemy", "any"] | None = Field(None, description=N_("relative to the source's controller"))


class PlayerGroup(_Model):
    """Every player that matches: ``{each: player, filter: {controller: enemy}}`` (spec 7.5 groups, kind player)."""

    each: Literal["player"]
    filter: PlayerFilter | None = None


class ControllerOf(_Model):
    """The controller of a permanent: ``{controller_of: event.damaged}``."""

    REFS = {"controller_of": "object"}

    controller_of: ObjectRef


def _object_shape(value: Any) -> str:
    return "ref" if isinstance(value, str) else "group"


def _player_shape(value: Any) -> str:
    if isinstance(value, str):
        return "ref"
    return "group" if isinstance(value, dict) and "each" in value or isinstance(value, PlayerGroup) else "controller_of"


#: What ``to`` takes: a reference, a target name or a group (spec 7.6).
Objects = _by_shape(_object_shape, ("ref", ObjectRef), ("group", Group))
#: A static's ``applies_to`` and a trigger's ``subject``: the source, its equipped unit, or a group.
Subject = _by_shape(_object_shape, ("ref", Literal["self", "equipped_unit"]), ("group", Group))
Player = _by_shape(_player_shape, ("ref", PlayerWord), ("controller_of", ControllerOf))
Players = _by_shape(_player_shape, ("ref", PlayerWord), ("controller_of", ControllerOf), ("group", PlayerGroup))


# -- targets (spec 7.5) ----------------------------------------------------------------------------------
class Within(_Model):
    REFS = {"of": "within"}

    range: Stat
    of: WithinOf = Field(description=N_("self (the source permanent), unit_you_control, or an earlier target"))


class TargetSpec(_Model):
    """A target chosen at declaration (subject to veiled and protection)."""

    REFS = {"legal_defender_for": "defender_for"}

    kind: TargetKind  # type: ignore[valid-type]
    filter: Filter | None = None
    within: Within | None = None
    legal_defender_for: TargetName | None = Field(  # type: ignore[valid-type]
        None, description=N_("must be a legal defender for that unit target (MUHQ-COMBAT-3, -4)"))
    in_pile_ok: bool = Field(False, description=N_("may be a pile member"))

    @model_validator(mode="after")
    def _player_targets(self):
        if self.kind == "player":
            for name in ("within", "legal_defender_for", "in_pile_ok"):
                if getattr(self, name) not in (None, False):
                    raise Located((name,), _("a player target takes no {name}: it is for permanents on the board",
                                             name=repr(name)))
            if self.filter is not None:
                extra = [k for k in type(self.filter).model_fields if k != "controller"
                         and getattr(self.filter, k) is not None]
                if extra:
                    raise Located(("filter", extra[0]), _("a player target's filter takes only 'controller'"))
        return self


# -- costs (spec 7.4) ------------------------------------------------------------------------------------
class ResourceCost(_Model):
    resource: Amount = Field(description=N_("pay N resource"))


class DiscardCost(_Model):
    discard: Amount = Field(description=N_("discard N cards of the player's choice from hand"))


class TapCost(_Model):
    tap: Literal["self"] = Field(description=N_("tap this untapped permanent"))


class SacrificeCost(_Model):
    sacrifice: Filter = Field(description=N_("sacrifice one permanent you control that matches"))


COST_MODELS: dict[str, type[_Model]] = {"resource": ResourceCost, "discard": DiscardCost, "tap": TapCost,
                                        "sacrifice": SacrificeCost}
Cost = _single_key_union(COST_MODELS, "cost", "{resource: 2}")


# -- stat changes (spec 7.7) -----------------------------------------------------------------------------
class AttackComponent(_Model):
    """One attack component (MUHQ-COMBAT-5): range 1 is melee, more is ranged."""

    value: Stat
    range: Annotated[int, Field(ge=1, le=99)]


class Modify(_Model):
    """Integer changes, may be negative. ``attack`` follows MUHQ-COMBAT-6; ``range`` adds to every component
    with range > 1 (like high ground)."""

    attack: Delta | None = None
    range: Delta | None = None
    movement: Delta | None = None
    armor: Delta | None = None
    life: Delta | None = None

    @model_validator(mode="after")
    def _some(self):
        if all(getattr(self, k) is None for k in type(self).model_fields):
            raise ValueError(_("give at least one of attack, range, movement, armor, life"))
        return self


# -- effect steps (spec 7.6) -----------------------------------------------------------------------------
class DamageStep(_Model):
    REFS = {"to": "object"}
    do: Literal["damage"]
    to: Objects
    amount: Amount


class HealStep(_Model):
    REFS = {"to": "object"}
    do: Literal["heal"]
    to: Objects
    amount: Amount = Field(description=N_("remove up to this many damage markers"))


class AddMarkerStep(_Model):
    REFS = {"to": "object"}
    do: Literal["add_marker"]
    to: Objects
    marker: Marker
    count: Count


class RemoveMarkerStep(_Model):
    REFS = {"to": "object"}
    do: Literal["remove_marker"]
    to: Objects
    marker: Marker
    count: _by_shape(lambda v: "all" if isinstance(v, str) else "n",  # type: ignore[valid-type]
                     ("n", Count), ("all", Literal["all"]))


class GainResourceStep(_Model):
    REFS = {"player": "player"}
    do: Literal["gain_resource"]
    player: Players
    amount: Amount


class LoseResourceStep(_Model):
    REFS = {"player": "player"}
    do: Literal["lose_resource"]
    player: Players
    amount: Amount = Field(description=N_("not below 0 (MUHQ-RES-4)"))


class StealResourceStep(_Model):
    REFS = {"from_": "player"}
    do: Literal["steal_resource"]
    from_: Players = Field(alias="from", description=N_("the victim; the thief is you (MUHQ-RES-4)"))
    amount: Amount


class DrawStep(_Model):
    REFS = {"player": "player"}
    do: Literal["draw"]
    player: Players
    count: Count


class AdjacentTo(_Model):
    REFS = {"adjacent_to": "object"}
    adjacent_to: ObjectRef


class CreateTokenStep(_Model):
    """Tokens owned by ``you``; on the board the controller chooses available fields (none: no token)."""

    do: Literal["create_token"]
    card: CardId  # type: ignore[valid-type]
    zone: Literal["hand", "board"]
    field: _by_shape(lambda v: "own_spawn" if isinstance(v, str) else "adjacent_to",  # type: ignore[valid-type]
                     ("own_spawn", Literal["own_spawn"]), ("adjacent_to", AdjacentTo)) | None = Field(
        None, description=N_("board only: own_spawn or {adjacent_to: <ref>}"))
    count: Count

    @model_validator(mode="after")
    def _field_fits_zone(self):
        if self.zone == "board" and self.field is None:
            raise Located(("field",), _("a token created on the board needs 'field': own_spawn or {adjacent_to: "
                                        "<ref>}"))
        if self.zone == "hand" and self.field is not None:
            raise Located(("field",), _("a token created in the hand has no 'field'"))
        return self


class DestroyStep(_Model):
    REFS = {"to": "object"}
    do: Literal["destroy"]
    to: Objects


class ReturnToHandStep(_Model):
    REFS = {"to": "object"}
    do: Literal["return_to_hand"]
    to: Objects


class GainControlStep(_Model):
    REFS = {"to": "object", "player": "player"}
    do: Literal["gain_control"]
    to: Objects
    player: Player


class ModifyUntilEotStep(_Model):
    REFS = {"to": "object"}
    do: Literal["modify_until_eot"]
    to: Objects
    modify: Modify


class CombatStep(_Model):
    """A combat started by an effect (MUHQ-COMBAT-14)."""

    REFS = {"attacker": "object", "defender": "object"}
    do: Literal["combat"]
    attacker: ObjectRef
    defender: ObjectRef
    attacker_damage_bonus: Delta = Field(0, description=N_("added to the attacker's damage (MUHQ-DMG-1 (b))"))


class ReduceDurabilityStep(_Model):
    REFS = {"to": "object"}
    do: Literal["reduce_durability"]
    to: Objects
    amount: Amount = Field(description=N_("durability-loss markers"))


STEP_MODELS: dict[str, type[_Model]] = {
    "damage": DamageStep, "heal": HealStep, "add_marker": AddMarkerStep, "remove_marker": RemoveMarkerStep,
    "gain_resource": GainResourceStep, "lose_resource": LoseResourceStep, "steal_resource": StealResourceStep,
    "draw": DrawStep, "create_token": CreateTokenStep, "destroy": DestroyStep, "return_to_hand": ReturnToHandStep,
    "gain_control": GainControlStep, "modify_until_eot": ModifyUntilEotStep, "combat": CombatStep,
    "reduce_durability": ReduceDurabilityStep,
}
OPS = tuple(STEP_MODELS)
Step = _keyed_union("do", STEP_MODELS, "effect step", "{do: damage, to: T1, amount: 2}")  # i18n: no (a key of NOUNS)


# -- conditions of `if` (spec 7.7) -----------------------------------------------------------------------
class InRange(_Model):
    REFS = {"object": "object", "of": "object"}
    object: ObjectRef
    of: ObjectRef
    range: Stat


class InRangeCondition(_Model):
    in_range: InRange


class ResourceAtLeastCondition(_Model):
    resource_at_least: Stat


class ControlsAtLeast(_Model):
    filter: Filter
    count: Count


class ControlsAtLeastCondition(_Model):
    controls_at_least: ControlsAtLeast


CONDITION_MODELS: dict[str, type[_Model]] = {"in_range": InRangeCondition,
                                             "resource_at_least": ResourceAtLeastCondition,
                                             "controls_at_least": ControlsAtLeastCondition}
Condition = _single_key_union(CONDITION_MODELS, "condition", "{resource_at_least: 3}")


# -- abilities (spec 7.7) --------------------------------------------------------------------------------
_CLOSED = {"additionalProperties": False}  # a dict with patterned keys: no other key is allowed
Targets = Annotated[dict[TargetName, TargetSpec], Field(  # type: ignore[valid-type]
    description=N_("name -> target spec, chosen in this order at declaration"), max_length=9, json_schema_extra=_CLOSED)]
Effect = Annotated[list[Step], Field(min_length=1, max_length=30)]  # type: ignore[valid-type]


class TriggerEvent(_Model):
    REFS = {"subject": "object"}

    event: Event
    subject: Subject = Field("self", description=N_("a reference or a group; default self"))  # type: ignore[valid-type]


class StaticAbility(_Model):
    """A continuous effect while the source is on the board. Layers: printed → grant → remove → modify,
    add_attack (so remove beats grant)."""

    REFS = {"applies_to": "object"}

    kind: Literal["static"]
    applies_to: Subject  # type: ignore[valid-type]
    modify: Modify | None = None
    add_attack: list[AttackComponent] = Field(default_factory=list)
    grant: list[GrantKeyword] = Field(  # type: ignore[valid-type]
        default_factory=list, description=N_("keywords given (only the flags; numbers go through modify)"))
    remove: list[RemoveKeyword] = Field(  # type: ignore[valid-type]
        default_factory=list, description=N_("keywords taken away"))

    @model_validator(mode="after")
    def _does_something(self):
        if self.modify is None and not (self.add_attack or self.grant or self.remove):
            raise ValueError(_("a static needs at least one of modify, add_attack, grant, remove"))
        for name in ("grant", "remove"):
            values = getattr(self, name)
            for i, v in enumerate(values):
                if values.index(v) != i:
                    raise Located((name, i), _("{value} is listed twice", value=repr(v)))
        return self


class TriggerAbility(_Model):
    """``whenever`` and ``when`` mean the same (event triggers); ``if`` is checked when the event happens
    and again at resolution."""

    kind: Literal["trigger"]
    whenever: TriggerEvent | None = None
    when: TriggerEvent | None = None
    if_: Condition | None = Field(None, alias="if")  # type: ignore[valid-type]
    targets: Targets = Field(default_factory=dict)
    effect: Effect

    @model_validator(mode="after")
    def _one_event(self):
        if (self.whenever is None) == (self.when is None):
            raise Located(("whenever",), _("a trigger has exactly one of 'whenever' and 'when'"))
        return self

    @property
    def trigger(self) -> TriggerEvent:
        return self.whenever or self.when  # type: ignore[return-value]


class FreeActionAbility(_Model):
    """A fast action "cost: effect" (MUHQ-TIMING-4, -5)."""

    kind: Literal["free_action"]
    cost: list[Cost] = Field(min_length=1, max_length=9)  # type: ignore[valid-type]
    targets: Targets = Field(default_factory=dict)
    effect: Effect


class FullActionAbility(_Model):
    """A unit's slow action that uses its move and attack action (MUHQ-UNIT-6)."""

    kind: Literal["full_action"]
    targets: Targets = Field(default_factory=dict)
    effect: Effect


ABILITY_MODELS: dict[str, type[_Model]] = {"static": StaticAbility, "trigger": TriggerAbility,
                                           "free_action": FreeActionAbility, "full_action": FullActionAbility}
Ability = _keyed_union("kind", ABILITY_MODELS, "ability", "{kind: static, applies_to: self, modify: {armor: 1}}")


# -- keywords (spec 7.3) ---------------------------------------------------------------------------------
def _crew_number(value: Any) -> Any:
    return 1 if value is True else value  # "crew" without a number means crew 1 (MUHQ-CREW-1)


class Keywords(_Model):
    armor: Stat | None = Field(None, description=N_("MUHQ-ARMOR-1"))
    crew: Annotated[int, Field(ge=1, le=99), BeforeValidator(_crew_number, json_schema_input_type=Union[
        Annotated[int, Field(ge=1, le=99)], Literal[True]])] | None = Field(None, description=N_("units; true means 1"))
    solid: Stat | None = Field(None, description=N_("artifacts and equipment (MUHQ-SOLID)"))
    durability: Annotated[int, Field(ge=1, le=99)] | None = Field(None, description=N_("equipment, required"))
    veiled: Literal[True] | None = None
    swimming: Literal[True] | None = None
    landmark: Literal[True] | None = None
    protection_from: list[Filter] | None = Field(None, min_length=1, description=N_("each filter is one X (MUHQ-PROT)"))

    def given(self) -> list[str]:
        return [k for k in type(self).model_fields if getattr(self, k) is not None]


# -- translations (the per-language fields of an entry, docs/translators/muhq.md) ----------------------------
#: The languages a file may translate into: cardtable's languages but the source language, English, which is
#: the language of the entry's own fields.
TRANSLATION_LANGUAGES: tuple[str, ...] = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)


class CardTexts(_Model):
    """A card's fields in one language: what a person reads (its name, its rules text)."""

    name: DisplayName | None = Field(None, description=N_("the card's name in this language"))
    text: Text | None = Field(None, description=N_("the card's rules text in this language"))


class BoardTexts(_Model):
    """A board's fields in one language: its name (shown in the lobby and above the board)."""

    name: DisplayName | None = Field(None, description=N_("the board's name in this language"))


class SetTexts(_Model):
    """A card set's fields in one language: its name."""

    name: DisplayName | None = Field(None, description=N_("the set's name in this language"))


def _translations_model(texts: type[_Model], what: str) -> type[BaseModel]:
    """The ``translations`` mapping of an entry: one optional ``texts`` per language."""
    from pydantic import create_model

    fields: dict[str, Any] = {lang: (texts | None, Field(None, description=_described(
        N_("{what} in {language}"), ("what",), what=what, language=LANGUAGE_NAMES[lang])))
        for lang in TRANSLATION_LANGUAGES}
    return create_model(f"{texts.__name__[:-5]}Translations", __base__=_Model, **fields)


CardTranslations = _translations_model(CardTexts, N_("the card's name and text"))
BoardTranslations = _translations_model(BoardTexts, N_("the board's name"))
SetTranslations = _translations_model(SetTexts, N_("the set's name"))


def _translations(texts: type[_Model], what: str) -> Any:
    """A ``translations`` field for ``what`` (a card, a board …): its languages and fields checked first, so
    a misspelt language or field, or one that is not translated (an id, a cost), is one problem naming it."""
    allowed = tuple(texts.model_fields)

    def check(value: Any) -> Any:
        if isinstance(value, BaseModel) or value is None:
            return value
        if not isinstance(value, dict):
            raise Located((), _("'translations' is a mapping of languages to fields, e.g. {{de: {{name: …}}, hu: "
                                "{{name: …}}}}; got {value}", value=repr(value)[:80]))
        languages = ", ".join(TRANSLATION_LANGUAGES)
        for lang, fields in value.items():
            if lang not in TRANSLATION_LANGUAGES:
                if lang == SOURCE_LANGUAGE:
                    raise Located((lang,), _("English is the language of the entry's own fields; translations are "
                                             "for {languages}", languages=languages))
                raise Located((lang,), _("unknown language {language}{hint}; translations are for {languages}",
                                         language=repr(lang), languages=languages,
                                         hint=did_you_mean(lang, TRANSLATION_LANGUAGES, _(" (did you mean {!r}?)"))))
            if not isinstance(fields, dict):
                raise Located((lang,), _("the {language} translation is a mapping of fields, e.g. {{name: …}}; got "
                                         "{value}", language=lang, value=repr(fields)[:80]))
            for name in fields:
                if name not in allowed:
                    hint = did_you_mean(name, allowed, _(" (did you mean {!r}?)"))
                    if name in field_names() and not hint:
                        raise Located((lang, name), _(
                            "{field} is not translated: it is data, not words a person reads; the translatable "
                            "fields of {a_what}: {fields}", field=repr(name), a_what=with_article(what),
                            fields=", ".join(allowed)))
                    raise Located((lang, name), _("unknown field {field}{hint}; the translatable fields of {a_what}: "
                                                  "{fields}", field=repr(name), hint=hint, a_what=with_article(what),
                                                  fields=", ".join(allowed)))
        return value

    model = {CardTexts: CardTranslations, BoardTexts: BoardTranslations, SetTexts: SetTranslations}[texts]
    return Annotated[model, BeforeValidator(check)]


class _Translated:
    """An entry with a ``translations`` field: its readable fields in the reader's language."""

    #: the fields a person reads, which ``translations`` may give per language
    TRANSLATABLE: ClassVar[tuple[str, ...]] = ()

    def translated(self, field: str, lang: str | None = None) -> str:
        """``field`` (``name``, ``text``) in ``lang`` (default: the reader's language), falling back to the
        English field where the file gives no translation."""
        lang = lang or current_language()
        english = getattr(self, field)
        if lang == SOURCE_LANGUAGE:
            return english
        texts = getattr(self.translations, lang, None)  # type: ignore[attr-defined]
        value = getattr(texts, field, None) if texts is not None else None
        return value or english

    def missing_translations(self) -> list[str]:
        """The translatable fields this entry gives in English but not in a language, as field paths
        (``translations.hu.name``)."""
        out = []
        for lang in TRANSLATION_LANGUAGES:
            texts = getattr(self.translations, lang, None)  # type: ignore[attr-defined]
            for field in self.TRANSLATABLE:
                if getattr(self, field) and not (texts is not None and getattr(texts, field, None)):
                    out.append(f"translations.{lang}.{field}")
        return out


# -- cards (spec 7.2) ------------------------------------------------------------------------------------
class Card(_Translated, _Model):
    """A card definition (spec 7.2)."""

    id: CardId = Field(description=N_("<set>/<slug>, unique"))  # type: ignore[valid-type]
    name: DisplayName = Field(description=N_("unique in the pool (MUHQ-CARD-6)"))
    type: CardType
    token: bool = Field(False, description=N_("created during the game: not in the draft pool, never bought"))
    copies: Annotated[int, Field(ge=1, le=99)] = Field(1, description=N_("copies in the draft pool"))
    buy: Stat | None = Field(None, description=N_("buy cost; absent: cannot be bought"))
    play: Stat | None = Field(None, description=N_("play cost; absent: cannot be played from hand (MUHQ-ACT-9)"))
    extra_cost: list[Cost] = Field(  # type: ignore[valid-type]
        default_factory=list, description=N_("additional costs paid when played"))
    mode: list[PlayMode] | None = Field(  # type: ignore[valid-type]
        None, min_length=1, description=N_("equipment only; default [alone, next_unit] (MUHQ-EQUIP-3)"))
    upkeep: Stat | None = Field(None, description=N_("units only; default 0"))
    life: Stat | None = Field(None, description=N_("units only, required"))
    movement: Stat | None = Field(None, description=N_("units only, required"))
    attack: list[AttackComponent] | None = Field(None, description=N_("units only; default []"))
    keywords: Keywords = Field(default_factory=Keywords, description=N_("permanents only"))
    targets: Targets = Field(default_factory=dict, description=N_("spells only"))
    effect: list[Step] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=30, description=N_("spells only, required"))
    abilities: list[Ability] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=20, description=N_("permanents only"))
    text: Text = Field("", description=N_("human-readable; the data fields are authoritative"))
    translations: _translations(CardTexts, "card") = Field(  # type: ignore[valid-type]
        default_factory=CardTranslations, description=N_("name and text in other languages: {de: {name, text}, hu: …}"))

    TRANSLATABLE: ClassVar[tuple[str, ...]] = ("name", "text")

    @property
    def set(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def is_permanent(self) -> bool:
        return self.type in PERMANENT_TYPES

    @property
    def in_pool(self) -> bool:
        """Whether the card goes into the draft pool (MUHQ-SETUP-2)."""
        return not self.token and self.buy is not None

    @model_validator(mode="before")
    @classmethod
    def _defaults_by_type(cls, data: Any) -> Any:
        # The defaults of spec 7.2 that hold for one type only; any other type must leave the field out.
        if isinstance(data, dict):
            if data.get("type") == "unit":
                data = {"upkeep": 0, "attack": [], **data}
            elif data.get("type") == "equipment":
                data = {"mode": list(PLAY_MODES), **data}
        return data

    @model_validator(mode="after")
    def _consistent(self):
        t = self.type
        if self.token:
            if self.buy is not None:
                raise Located(("buy",), _("a token has no buy cost (MUHQ-TOKEN-1)"))
            if self.copies != 1:
                raise Located(("copies",), _("a token is never in the draft pool; leave out 'copies'"))
        elif self.copies != 1 and self.buy is None:
            raise Located(("copies",), _("'copies' counts copies in the draft pool, and a card without 'buy' is "
                                         "never in it (MUHQ-SETUP-2)"))
        for name in ("upkeep", "life", "movement", "attack"):
            if t == "unit" and getattr(self, name) is None:
                raise Located((name,), _("a unit needs '{field}'", field=name))
            if t != "unit" and getattr(self, name) is not None:
                raise Located((name,), _("'{field}' is for units, not {a_type}", field=name, a_type=with_article(t)))
        if self.mode is not None:
            if t != "equipment":
                raise Located(("mode",), _("'mode' is for equipment, not {a_type}", a_type=with_article(t)))
            for i, m in enumerate(self.mode):
                if self.mode.index(m) != i:
                    raise Located(("mode", i), _("{value} is listed twice", value=repr(m)))
        self._check_keywords()
        if t == "spell":
            if self.abilities:
                raise Located(("abilities",), _("a spell has no abilities: what it does goes in 'effect' (7.2)"))
            if not self.effect:
                raise Located(("effect",), _("a spell needs an 'effect': what it does"))
        else:
            for name in ("targets", "effect"):
                if getattr(self, name):
                    raise Located((name,), _("'{field}' is for spells; what a permanent does goes in 'abilities' "
                                             "(7.7)", field=name))
        if self.extra_cost and self.play is None:
            raise Located(("extra_cost",), _("'extra_cost' is paid when the card is played, and a card without "
                                             "'play' cannot be played (MUHQ-ACT-9)"))
        for i, cost in enumerate(self.extra_cost):
            if isinstance(cost, TapCost):
                raise Located(("extra_cost", i, "tap"), _("a card being played is not on the board and cannot be "
                                                          "tapped"))
        for i, ability in enumerate(self.abilities):
            self._check_ability(i, ability)
        _check_references(self)
        return self

    def _check_keywords(self) -> None:
        t, k = self.type, self.keywords
        given = k.given()
        if t == "spell" and given:
            raise Located(("keywords", given[0]), _("a spell is never on the board; keywords are for permanents"))
        where = {"crew": ("unit",), "solid": ("artifact", "equipment"), "durability": ("equipment",)}
        for name, types in where.items():
            if getattr(k, name) is not None and t not in types:
                raise Located(("keywords", name), _(_KEYWORD_FOR[name], a_type=with_article(t)))
        if t == "equipment" and k.durability is None:
            raise Located(("keywords", "durability"), _("an equipment needs keywords.durability (MUHQ-EQUIP-1)"))
        for i, f in enumerate(k.protection_from or ()):
            if f.is_empty():
                raise Located(("keywords", "protection_from", i), _("an empty filter would mean protection from "
                                                                    "everything; name the X (a type, a name, a "
                                                                    "condition)"))

    def _check_ability(self, i: int, ability: BaseModel) -> None:
        t = self.type
        if isinstance(ability, FullActionAbility) and t != "unit":
            raise Located(("abilities", i, "kind"), _("a full action uses a unit's move and attack action "
                                                      "(MUHQ-UNIT-6); {a_type} has none", a_type=with_article(t)))
        if isinstance(ability, TriggerAbility):
            which = "whenever" if ability.whenever is not None else "when"
            trigger = ability.trigger
            subject = trigger.subject
            if trigger.event == "upkeep_start" and subject != "self":
                raise Located(("abilities", i, which, "subject"), _("upkeep_start is step 3 of the upkeep of the "
                                                                    "source's controller; its subject is self"))
            if trigger.event in UNIT_EVENTS:
                if subject == "self" and t != "unit":
                    raise Located(("abilities", i, which, "event"), _(
                        "only a unit {event}; this card is {a_type}", event=_(_EVENT_WORDS[trigger.event]),
                        a_type=with_article(t)))
                if isinstance(subject, Group) and subject.each in ("artifact", "equipment"):
                    raise Located(("abilities", i, which, "subject", "each"),
                                  _("only a unit {event}; write each: unit", event=_(_EVENT_WORDS[trigger.event])))


# Translators: each completes "only a unit …"
_EVENT_WORDS = {"dies": N_("dies"), "attacks": N_("attacks"), "deals_combat_damage": N_("deals combat damage"),
                "ends_move": N_("ends a move")}
#: Which cards a keyword is for (7.3), by the keyword
_KEYWORD_FOR = {"crew": N_("crew is for unit cards, not {a_type} (7.3)"),
                "solid": N_("solid is for artifact and equipment cards, not {a_type} (7.3)"),
                "durability": N_("durability is for equipment cards, not {a_type} (7.3)")}


# -- references inside a card (spec 7.5) -----------------------------------------------------------------
@dataclass(frozen=True)
class _Scope:
    """What a reference may name at one place of a card."""

    card_type: str
    targets: dict[str, TargetSpec] | None  # None: no target may be named here
    no_targets: str  # why not, when targets is None
    event: str | None  # the trigger's event; None: no event here
    no_event: str


def references(obj: Any, loc: tuple = ()) -> Iterator[tuple[tuple, str, str]]:
    """Every reference string inside ``obj`` as (location, reference, role), depth first."""
    if isinstance(obj, BaseModel):
        refs = type(obj).REFS if isinstance(obj, _Model) else {}
        for name, field in type(obj).model_fields.items():
            value = getattr(obj, name)
            where = loc + (field.alias or name,)
            if name in refs and isinstance(value, str):
                yield where, value, refs[name]
            else:
                yield from references(value, where)
    elif isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj):
            yield from references(x, loc + (i,))
    elif isinstance(obj, dict):
        for k, x in obj.items():
            yield from references(x, loc + (k,))


def _check_references(card: Card) -> None:
    """Every reference names something that exists where it is written (spec 7.5, 7.7)."""
    no_event = N_("only a trigger has an event")
    plain = _Scope(card.type, None, N_("there are no targets here"), None, no_event)
    _check_targets(card.targets, ("targets",), plain)
    _check_in(card.effect, ("effect",), _Scope(card.type, dict(card.targets), "", None, no_event))
    _check_in(card.extra_cost, ("extra_cost",), _Scope(card.type, dict(card.targets), "", None, no_event))
    _check_in(card.keywords, ("keywords",), plain)
    for i, ability in enumerate(card.abilities):
        at = ("abilities", i)
        if isinstance(ability, StaticAbility):
            _check_in(ability, at, _Scope(card.type, None, N_("a static has no targets"), None,
                                          N_("a static has no event")))
            continue
        event = ability.trigger.event if isinstance(ability, TriggerAbility) else None
        why = no_event if event is None else ""
        if isinstance(ability, TriggerAbility):
            which = "whenever" if ability.whenever is not None else "when"
            _check_in(ability.trigger, at + (which,), _Scope(
                card.type, None, N_("the subject is known before targets are chosen"), None,
                N_("the subject says what the event is about; it cannot name the event")))
            _check_in(ability.if_, at + ("if",), _Scope(
                card.type, None, N_("the condition is checked when the event happens, before targets are chosen"),
                event, why))
        _check_targets(ability.targets, at + ("targets",), _Scope(card.type, {}, "", event, why))
        whole = _Scope(card.type, dict(ability.targets), "", event, why)
        _check_in(ability.effect, at + ("effect",), whole)
        if isinstance(ability, FreeActionAbility):
            _check_in(ability.cost, at + ("cost",), whole)


def _check_targets(targets: dict[str, TargetSpec], loc: tuple, scope: _Scope) -> None:
    """Targets are chosen in the order written: one may name only targets declared before it."""
    earlier: dict[str, TargetSpec] = {}
    for name, spec in targets.items():
        _check_in(spec, loc + (name,), _Scope(scope.card_type, dict(earlier), "", scope.event, scope.no_event),
                  later=set(targets) - set(earlier))
        earlier[name] = spec


def _check_in(obj: Any, loc: tuple, scope: _Scope, later: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    for where, ref, role in references(obj, loc):
        problem = _ref_problem(ref, role, scope, later)
        if problem:
            raise Located(where, problem)


def _ref_problem(ref: str, role: str, scope: _Scope, later: set[str]) -> str | None:
    if TARGET_NAME_RE.fullmatch(ref):
        if scope.targets is None:
            return _("{ref} cannot be named here: {why}", ref=ref, why=_(scope.no_targets))
        if ref not in scope.targets:
            if ref in later:
                return _("{ref} is not declared before this target; a target can name only targets declared before "
                         "it", ref=ref)
            known = ", ".join(scope.targets) or _("none")
            return _("{ref} is not declared in 'targets' (declared: {known})", ref=ref, known=known)
        kind = scope.targets[ref].kind
        if role == "player" and kind != "player":
            return _("{ref} is a {kind} target; a player is you, {{controller_of: {ref}}} or a player target", ref=ref,
                     kind=noun(kind))
        if role != "player" and kind == "player":
            return _("{ref} is a player target, not a permanent", ref=ref)
        if role == "defender_for" and kind != "unit":
            return _("{ref} is a {kind} target; the attacker must be a unit target", ref=ref, kind=noun(kind))
        return None
    if ref == "self" and scope.card_type == "spell":
        return _("a spell is not on the board, so it has no 'self'; name its objects by targets or groups")
    if ref == "equipped_unit" and scope.card_type != "equipment":
        return _("only an equipment has an equipped unit")
    if ref.startswith("event."):
        if scope.event is None:
            return _("{ref} cannot be used here: {why}", ref=ref, why=_(scope.no_event) if scope.no_event else "")
        needed = EVENT_ONLY_REFS.get(ref)
        if needed is not None and scope.event != needed:
            return _("{ref} is known only to a trigger on the event {needed}, not {event}", ref=ref, needed=needed,
                     event=scope.event)
    return None


# -- card sets (spec 7.1) --------------------------------------------------------------------------------
class CardSet(_Translated, _Model):
    """A card set: one document per set."""

    format: Literal[SET_FORMAT]  # type: ignore[valid-type]
    set: SetId  # type: ignore[valid-type]
    name: DisplayName
    translations: _translations(SetTexts, "card set") = Field(  # type: ignore[valid-type]  # i18n: no (keys)
        default_factory=SetTranslations, description=N_("the set's name in other languages: {de: {name}, hu: …}"))
    cards: list[Card] = Field(max_length=2000)

    TRANSLATABLE: ClassVar[tuple[str, ...]] = ("name",)

    @model_validator(mode="after")
    def _cross_checks(self):
        ids: dict[str, int] = {}
        names: dict[str, int] = {}
        for i, card in enumerate(self.cards):
            if card.set != self.set:
                raise Located(("cards", i, "id"), _("the card's id says set {card_set}, but this is set {set}; write "
                                                    "{id}", card_set=repr(card.set), set=repr(self.set),
                                                    id=self.set + "/" + card.id.split("/", 1)[1]))
            if card.id in ids:
                raise Located(("cards", i, "id"), _("id {id} is used twice (cards[{first}] and cards[{i}])", id=card.id,
                                                    first=ids[card.id], i=i))
            ids[card.id] = i
            if card.name in names:
                raise Located(("cards", i, "name"), _("name {name} is used twice (cards[{first}] and cards[{i}]); "
                                                      "names are unique in the pool (MUHQ-CARD-6)",
                                                      name=repr(card.name), first=names[card.name], i=i))
            names[card.name] = i
        for lang in TRANSLATION_LANGUAGES:  # a translated name tells the cards apart as the English one does
            shown: dict[str, int] = {}
            for i, card in enumerate(self.cards):
                texts = getattr(card.translations, lang)
                if texts is None or texts.name is None:
                    continue
                if texts.name in shown:
                    raise Located(("cards", i, "translations", lang, "name"),
                                  _("the {language} name {name} is used twice (cards[{first}] and cards[{i}]); names "
                                    "are unique in the pool (MUHQ-CARD-6)", language=lang, name=repr(texts.name),
                                    first=shown[texts.name], i=i))
                shown[texts.name] = i
        for i, card in enumerate(self.cards):
            for where, step in token_steps(card):
                if step.card.split("/", 1)[0] != self.set:
                    continue  # another set's token: checked by the loader, which can find that set
                if step.card not in ids:
                    raise Located(("cards", i) + where + ("card",), _("no card {card} in set {set}", card=step.card,
                                                                      set=self.set)
                                  + did_you_mean(step.card, ids, _(" (did you mean {!r}?)")))
                problem = token_problem(step, self.cards[ids[step.card]])
                if problem:
                    raise Located(("cards", i) + where + problem[0], problem[1])
        return self

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def pool_cards(self) -> list[Card]:
        """The cards that go into the draft pool (MUHQ-SETUP-2), each once (see ``copies``)."""
        return [c for c in self.cards if c.in_pool]

    def tokens(self) -> list[Card]:
        return [c for c in self.cards if c.token]


def token_steps(card: Card) -> Iterator[tuple[tuple, CreateTokenStep]]:
    """Every create_token step of a card with its location inside the card."""
    for loc, model in iter_models(card):
        if isinstance(model, CreateTokenStep):
            yield loc, model


def token_problem(step: CreateTokenStep, token: Card) -> tuple[tuple, str] | None:
    """Why ``step`` cannot create ``token`` (as (field, reason)), or None."""
    if not token.token:
        return ("card",), _("{card} {name} is not a token card (token: true); create_token makes tokens",
                            card=token.id, name=repr(token.name))
    if token.type == "spell" and step.zone != "hand":
        return ("zone",), _("{card} is a spell token: it is created in a hand (MUHQ-TOKEN-3)", card=token.id)
    if token.type != "spell" and step.zone != "board":
        return ("zone",), _("{card} is a permanent token: it exists only on the board (MUHQ-TOKEN-2)", card=token.id)
    return None


# -- boards (spec 6.1) -----------------------------------------------------------------------------------
class FieldDef(_Model):
    """A field type plus its optional properties (MUHQ-BOARD-3)."""

    type: FieldType
    income: Stat = Field(0, description=N_("resource for the player whose unit stands here (MUHQ-UPKEEP-1)"))
    area: AreaId | None = Field(  # type: ignore[valid-type]
        None, description=N_("the area (capture points) the field belongs to"))


def _long_form(value: Any) -> Any:
    return {"type": value} if isinstance(value, str) else value


#: A legend entry: a field type (short form) or {type, income, area}; always the long form once read.
LegendEntry = Annotated[FieldDef, BeforeValidator(_long_form, json_schema_input_type=Union[FieldType, FieldDef])]
LegendKey = Annotated[str, Field(pattern=r"^\S$", description=N_("one character, not a space"))]
Seat = Annotated[int, Field(ge=0, le=15)]


class Area(_Model):
    points: Stat = Field(description=N_("scored in each upkeep by the player holding the area (MUHQ-WIN-5)"))


class StartingCard(_Model):
    card: CardId  # type: ignore[valid-type]
    count: Count


class Income(_Model):
    base: Stat = Field(description=N_("resource gained in step 1 of each upkeep"))
    per_unit: Stat = Field(0, description=N_("per unit the player controls on the board"))


class BoardObject(_Model):
    """A permanent placed during setup (MUHQ-SETUP-7)."""

    card: CardId  # type: ignore[valid-type]
    seat: _by_shape(lambda v: "neutral" if isinstance(v, str) else "seat",  # type: ignore[valid-type]
                    ("seat", Seat), ("neutral", Literal["neutral"])) = Field(description=N_("owner and controller"))
    at: Coord = Field(description=N_("[x, y]"))
    role: ObjectRole = "none"  # type: ignore[valid-type]


class VipVictory(_Model):
    kind: Literal["vip"] = Field(description=N_("a player whose VIP leaves the board loses (MUHQ-WIN-3)"))


class ResourceRaceVictory(_Model):
    kind: Literal["resource_race"] = Field(description=N_("MUHQ-WIN-4"))
    target: Annotated[int, Field(ge=1, le=9999)]
    combat_steal: Stat = Field(1, description=N_("resource stolen by combat damage to another player's unit"))


class CapturePointsVictory(_Model):
    kind: Literal["capture_points"] = Field(description=N_("MUHQ-WIN-5; areas from 'areas' and the legend"))
    target: Annotated[int, Field(ge=1, le=9999)]


class DestroyBuildingsVictory(_Model):
    kind: Literal["destroy_buildings"] = Field(description=N_("uses the role: building objects (MUHQ-WIN-6)"))


class VictoryItemVictory(_Model):
    kind: Literal["victory_item"] = Field(description=N_("uses the role: victory_item object; its 'at' is the "
                                                      "start field (MUHQ-WIN-7)"))


VICTORY_MODELS: dict[str, type[_Model]] = {"vip": VipVictory, "resource_race": ResourceRaceVictory,
                                           "capture_points": CapturePointsVictory,
                                           "destroy_buildings": DestroyBuildingsVictory,
                                           "victory_item": VictoryItemVictory}
Victory = _keyed_union("kind", VICTORY_MODELS, "victory condition", "{kind: vip}")  # i18n: no (keys)
#: The object role each victory kind needs, and the victory kind each role serves.
ROLE_OF_VICTORY = {"vip": "vip", "destroy_buildings": "building", "victory_item": "victory_item"}


def _seat_keys(value: Any) -> Any:
    # JSON has only string keys: "0" is seat 0 as in YAML's 0.
    if isinstance(value, dict):
        return {int(k) if isinstance(k, str) and k.isdigit() and len(k) <= 2 else k: v for k, v in value.items()}
    return value


def _legend_keys(value: Any) -> Any:
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if isinstance(k, int) and not isinstance(k, bool) and 0 <= k <= 9:
                k = str(k)  # YAML reads the key 1 as a number; the layout character is "1"
            elif not isinstance(k, str):
                raise Located((), _("the legend key {key} is not a character; write each key in quotes, e.g. "
                                    "\"~\": deep_water (YAML reads a bare ~ as null)", key=repr(k)))
            out[k] = v
        return out
    return value


class Board(_Translated, _Model):
    """A board (spec 6.1): the grid, its fields, spawns, starting cards, income, objects and victory."""

    format: Literal[BOARD_FORMAT]  # type: ignore[valid-type]
    id: BoardId = Field(description=N_("unique identifier (kebab case); the file is <id>.yaml"))  # type: ignore[valid-type]
    name: DisplayName
    translations: _translations(BoardTexts, "board") = Field(  # type: ignore[valid-type]
        default_factory=BoardTranslations, description=N_("the board's name in other languages: {de: {name}, hu: …}"))
    test: bool = Field(False, description=N_("a test board: may have no victory condition"))
    players: Annotated[int, Field(ge=2, le=16)]
    width: Annotated[int, Field(ge=1, le=64)]
    height: Annotated[int, Field(ge=1, le=64)]
    layout: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        min_length=1, max_length=64,
        description=N_("height rows of width characters; row i is y = i, character j is x = j"))
    legend: Annotated[dict[LegendKey, LegendEntry], BeforeValidator(_legend_keys)] = Field(
        min_length=1, description=N_("every character of the layout -> a field type or {type, income, area}"),
        json_schema_extra=_CLOSED)
    spawns: Annotated[dict[Seat, list[Coord]], BeforeValidator(_seat_keys)] = Field(
        description=N_("seat -> its spawn fields [[x, y], …]; every seat needs at least one"),
        json_schema_extra={"propertyNames": {"pattern": "^(0|[1-9][0-9]?)$"}})
    areas: dict[AreaId, Area] = Field(default_factory=dict, description=N_("area id -> points"),  # type: ignore[valid-type]
                                      json_schema_extra=_CLOSED)
    starting_deck: list[StartingCard] = Field(max_length=100, description=N_("every player receives one copy of this list"))
    hand_size: Annotated[int, Field(ge=0, le=20)] = 3
    starting_resource: Stat = 0
    income: Income
    objects: list[BoardObject] = Field(default_factory=list, max_length=200)
    victory: list[Victory] = Field(  # type: ignore[valid-type]
        max_length=5, description=N_("any one wins (MUHQ-WIN-1); empty only on a test board"))

    @model_validator(mode="after")
    def _consistent(self):
        self._check_grid()
        self._check_spawns()
        self._check_objects()
        self._check_victory()
        return self

    # spec 6.1 validation 1 and the areas
    def _check_grid(self) -> None:
        if len(self.layout) != self.height:
            raise Located(("layout",), _("the layout has {rows} rows; 'height' is {height}", rows=len(self.layout),
                                         height=self.height))
        for y, row in enumerate(self.layout):
            if len(row) != self.width:
                raise Located(("layout", y), _("row y = {y} has {n} characters; 'width' is {width}", y=y, n=len(row),
                                               width=self.width))
            for x, ch in enumerate(row):
                if ch not in self.legend:
                    raise Located(("layout", y), _("the character {char} at ({x}, {y}) is not in the legend "
                                                   "({legend})", char=repr(ch), x=x, y=y,
                                                   legend=", ".join(map(repr, self.legend))))
        used = {ch for row in self.layout for ch in row}
        for ch, field in self.legend.items():
            if field.area is not None and field.area not in self.areas:
                raise Located(("legend", ch, "area"), _("area {area} is not declared under 'areas'",
                                                        area=repr(field.area))
                              + did_you_mean(field.area, self.areas, _(" (did you mean {!r}?)")))
        for area in self.areas:
            if not any(self.legend[ch].area == area for ch in used):
                raise Located(("areas", area), _("no field of the layout belongs to area {name}; give a legend "
                                                 "character area: {area} and use it in the layout", name=repr(area),
                                                 area=area))

    def _on_board(self, loc: tuple, at: tuple[int, int]) -> None:
        x, y = at
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise Located(loc, _("({x}, {y}) is not on the {width} × {height} board (x 0–{last_x}, y 0–{last_y})",
                                 x=x, y=y, width=self.width, height=self.height, last_x=self.width - 1,
                                 last_y=self.height - 1))
        if self.field_at(x, y).type == "wall":
            raise Located(loc, _("({x}, {y}) is a wall; nothing can stand on it (MUHQ-BOARD-5)", x=x, y=y))

    # spec 6.1 validation 2 and 3
    def _check_spawns(self) -> None:
        for seat, fields in self.spawns.items():
            if seat >= self.players:
                raise Located(("spawns", seat), _("there is no seat {seat}: the board has {players} players (seats "
                                                  "0–{last})", seat=seat, players=self.players,
                                                  last=self.players - 1))
            for j, at in enumerate(fields):
                self._on_board(("spawns", seat, j), at)
                if fields.index(at) != j:
                    raise Located(("spawns", seat, j), _("{field} is listed twice for seat {seat}", field=list(at),
                                                         seat=seat))
        for seat in range(self.players):
            if not self.spawns.get(seat):
                raise Located(("spawns",), _("seat {seat} has no spawn field; every seat needs at least one (spec "
                                             "6.1)", seat=seat))

    # spec 6.1 validation 2 and 4 (the type fit of an object's card is checked by the loader)
    def _check_objects(self) -> None:
        spawn_fields = {at for fields in self.spawns.values() for at in fields}
        taken: dict[tuple[int, int], int] = {}
        for i, obj in enumerate(self.objects):
            if obj.seat != "neutral" and obj.seat >= self.players:
                raise Located(("objects", i, "seat"), _("there is no seat {seat}: the board has {players} players "
                                                        "(seats 0–{last}, or neutral)", seat=obj.seat,
                                                        players=self.players, last=self.players - 1))
            if obj.role in ("vip", "building") and obj.seat == "neutral":
                raise Located(("objects", i, "seat"), _("a vip belongs to a seat, not neutral") if obj.role == "vip"
                              else _("a building belongs to a seat, not neutral"))
            self._on_board(("objects", i, "at"), obj.at)
            if obj.at in spawn_fields:
                raise Located(("objects", i, "at"), _("{field} is a spawn field; an object may not stand on one "
                                                      "(spec 6.1)", field=list(obj.at)))
            if obj.at in taken:
                raise Located(("objects", i, "at"), _("{field} already holds objects[{other}]; at most one "
                                                      "permanent stands on a field (MUHQ-BOARD-4)",
                                                      field=list(obj.at), other=taken[obj.at]))
            taken[obj.at] = i

    # spec 6.1 validation 5 and 7
    def _check_victory(self) -> None:
        if not self.victory and not self.test:
            raise Located(("victory",), _("a board needs at least one victory condition (only a board with "
                                          "test: true may have none)"))
        kinds = [v.kind for v in self.victory]
        for i, kind in enumerate(kinds):
            if kinds.index(kind) != i:
                raise Located(("victory", i, "kind"), _("{value} is listed twice", value=repr(kind)))
        roles = {r: [o for o in self.objects if o.role == r] for r in ("vip", "building", "victory_item")}
        for i, v in enumerate(self.victory):
            if v.kind == "vip":
                for seat in range(self.players):
                    n = sum(o.seat == seat for o in roles["vip"])
                    if n != 1:
                        raise Located(("victory", i), _("the vip victory needs exactly one role: vip object per "
                                                        "seat; seat {seat} has {n}", seat=seat, n=n))
            elif v.kind == "destroy_buildings":
                for seat in range(self.players):
                    if not any(o.seat == seat for o in roles["building"]):
                        raise Located(("victory", i), _("the destroy_buildings victory needs at least one role: "
                                                        "building object per seat; seat {seat} has none", seat=seat))
            elif v.kind == "victory_item" and len(roles["victory_item"]) != 1:
                raise Located(("victory", i), _("the victory_item victory needs exactly one role: victory_item "
                                                "object; the board has {n}", n=len(roles["victory_item"])))
            elif v.kind == "capture_points" and not self.areas:
                raise Located(("victory", i), _("the capture_points victory needs at least one area under 'areas'"))
            elif v.kind == "resource_race" and v.target <= self.starting_resource:
                raise Located(("victory", i, "target"), _("every player starts with {n} resource and would win at "
                                                          "once; the target must be more", n=self.starting_resource))
        for i, obj in enumerate(self.objects):
            needed = {role: kind for kind, role in ROLE_OF_VICTORY.items()}.get(obj.role)
            if needed is not None and needed not in kinds:
                raise Located(("objects", i, "role"), _("role {role} serves the {victory} victory, which this board "
                                                        "does not have; use role: none", role=repr(obj.role),
                                                        victory=needed))

    # -- queries ------------------------------------------------------------------------------------------
    def field_at(self, x: int, y: int) -> FieldDef:
        return self.legend[self.layout[y][x]]

    def spawn_fields(self, seat: int) -> list[tuple[int, int]]:
        return list(self.spawns.get(seat, ()))

    def area_fields(self, area: str) -> list[tuple[int, int]]:
        return [(x, y) for y, row in enumerate(self.layout) for x, ch in enumerate(row) if self.legend[ch].area == area]


def field_names() -> list[str]:
    """Every field name (as written in a file) of every model here: the suggestions for an unknown field."""
    names: set[str] = set()
    for value in list(globals().values()):
        if isinstance(value, type) and issubclass(value, _Model) and value is not _Model:
            names |= {f.alias or n for n, f in value.model_fields.items()}
    return sorted(names)
