"""The effect steps of muhq's cards (spec 7.6) and their abilities: static, trigger, free action and full
action (spec 7.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import Field, model_validator

from cardtable.engine.datafiles import Located

from ..words import N_, _
from .base import (_CLOSED, Amount, CardId, Count, Delta, ObjectRef, TargetName, _by_shape, _keyed_union, _Model)
from .expressions import (AttackComponent, Condition, Cost, Modify, Objects, Player, Players, Subject, TargetSpec)
from .vocabulary import Event, GrantKeyword, Marker, RemoveKeyword


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
    card: CardId
    zone: Literal["hand", "board"]
    field: _by_shape(lambda v: "own_spawn" if isinstance(v, str) else "adjacent_to",  # type: ignore[valid-type]
                     ("own_spawn", Literal["own_spawn"]), ("adjacent_to", AdjacentTo)) | None = Field(
        None, description=N_("board only: own_spawn or {adjacent_to: <ref>}"))
    count: Count

    @model_validator(mode="after")
    def _field_fits_zone(self) -> CreateTokenStep:
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
if TYPE_CHECKING:  # the members, to mypy; pydantic reads the union told apart by ``do`` below
    Step = Union[DamageStep, HealStep, AddMarkerStep, RemoveMarkerStep, GainResourceStep, LoseResourceStep,
                 StealResourceStep, DrawStep, CreateTokenStep, DestroyStep, ReturnToHandStep, GainControlStep,
                 ModifyUntilEotStep, CombatStep, ReduceDurabilityStep]
else:
    Step = _keyed_union("do", STEP_MODELS, "effect step",  # i18n: no (a key of NOUNS)
                        "{do: damage, to: T1, amount: 2}")

# -- abilities (spec 7.7) --------------------------------------------------------------------------------
Targets = Annotated[dict[TargetName, TargetSpec], Field(
    description=N_("name -> target spec, chosen in this order at declaration"), max_length=9, json_schema_extra=_CLOSED)]
Effect = Annotated[list[Step], Field(min_length=1, max_length=30)]


class TriggerEvent(_Model):
    REFS = {"subject": "object"}

    event: Event
    subject: Subject = Field("self", description=N_("a reference or a group; default self"))


class StaticAbility(_Model):
    """A continuous effect while the source is on the board. Layers: printed → grant → remove → modify,
    add_attack (so remove beats grant)."""

    REFS = {"applies_to": "object"}

    kind: Literal["static"]
    applies_to: Subject
    modify: Modify | None = None
    add_attack: list[AttackComponent] = Field(default_factory=list)
    grant: list[GrantKeyword] = Field(
        default_factory=list, description=N_("keywords given (only the flags; numbers go through modify)"))
    remove: list[RemoveKeyword] = Field(  # type: ignore[valid-type]
        default_factory=list, description=N_("keywords taken away"))

    @model_validator(mode="after")
    def _does_something(self) -> StaticAbility:
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
    if_: Condition | None = Field(None, alias="if")
    targets: Targets = Field(default_factory=dict)
    effect: Effect

    @model_validator(mode="after")
    def _one_event(self) -> TriggerAbility:
        if (self.whenever is None) == (self.when is None):
            raise Located(("whenever",), _("a trigger has exactly one of 'whenever' and 'when'"))
        return self

    @property
    def trigger(self) -> TriggerEvent:
        return self.whenever or self.when  # type: ignore[return-value]


class FreeActionAbility(_Model):
    """A fast action "cost: effect" (MUHQ-TIMING-4, -5)."""

    kind: Literal["free_action"]
    cost: list[Cost] = Field(min_length=1, max_length=9)
    targets: Targets = Field(default_factory=dict)
    effect: Effect


class FullActionAbility(_Model):
    """A unit's slow action that uses its move and attack action (MUHQ-UNIT-6)."""

    kind: Literal["full_action"]
    targets: Targets = Field(default_factory=dict)
    effect: Effect


ABILITY_MODELS: dict[str, type[_Model]] = {"static": StaticAbility, "trigger": TriggerAbility,
                                           "free_action": FreeActionAbility, "full_action": FullActionAbility}
if TYPE_CHECKING:  # the members, to mypy; pydantic reads the union told apart by ``kind`` below
    Ability = Union[StaticAbility, TriggerAbility, FreeActionAbility, FullActionAbility]
else:
    Ability = _keyed_union("kind", ABILITY_MODELS, "ability", "{kind: static, applies_to: self, modify: {armor: 1}}")

