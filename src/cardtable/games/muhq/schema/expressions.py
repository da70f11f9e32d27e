"""The expressions of muhq's cards that name objects, players and amounts: filters, groups, player references
and targets (spec 7.5), costs (spec 7.4), stat changes and the conditions of ``if`` (spec 7.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import Field, model_validator

from cardtable.engine.datafiles import Located

from ..words import N_, _
from .base import (Amount, Count, Delta, DisplayName, ObjectRef, PlayerWord, Stat, TargetName, WithinOf, _by_shape,
                   _Model, _one_or_list, _single_key_union)
from .vocabulary import CardType, Controller, GroupKind, TargetKind


# -- filters, groups, player references (spec 7.5) ---------------------------------------------------------
class Filter(_Model):
    """Which cards: every given key must hold (spec 7.5). An empty filter matches everything."""

    REFS = {"other_than": "object"}

    controller: Controller | None = Field(
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
    def _satisfiable(self) -> Filter:
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
if TYPE_CHECKING:  # the members, to mypy; pydantic reads the unions told apart by shape below
    Objects = Union[ObjectRef, Group]
    Subject = Union[Literal["self", "equipped_unit"], Group]
    Player = Union[PlayerWord, ControllerOf]
    Players = Union[PlayerWord, ControllerOf, PlayerGroup]
else:
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

    kind: TargetKind
    filter: Filter | None = None
    within: Within | None = None
    legal_defender_for: TargetName | None = Field(
        None, description=N_("must be a legal defender for that unit target (MUHQ-COMBAT-3, -4)"))
    in_pile_ok: bool = Field(False, description=N_("may be a pile member"))

    @model_validator(mode="after")
    def _player_targets(self) -> TargetSpec:
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
if TYPE_CHECKING:
    Cost = Union[ResourceCost, DiscardCost, TapCost, SacrificeCost]
else:
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
    def _some(self) -> Modify:
        if all(getattr(self, k) is None for k in type(self).model_fields):
            raise ValueError(_("give at least one of attack, range, movement, armor, life"))
        return self


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
if TYPE_CHECKING:
    Condition = Union[InRangeCondition, ResourceAtLeastCondition, ControlsAtLeastCondition]
else:
    Condition = _single_key_union(CONDITION_MODELS, "condition", "{resource_at_least: 3}")

