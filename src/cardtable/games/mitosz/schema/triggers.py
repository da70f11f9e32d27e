"""The triggers of Mítosz's maneuvers (spec 6.6): the events a trigger waits for, with their filters, and
the tagged union ``Trigger`` that reads ``{on: <event>, …}``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, BeforeValidator, Discriminator, Field, Tag, model_validator
from pydantic_core import PydanticCustomError

from cardtable.engine.datafiles import TAG

from ..words import _
from .expressions import Filter
from .fields import Side, _hint, _Model


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
TRIGGER_EVENTS = tuple(e for m in TRIGGER_MODELS
                       for e in m.model_fields["on"].annotation.__args__)  # type: ignore[union-attr]  # a Literal


def _trigger_tag(value: Any) -> str | None:
    if isinstance(value, BaseModel):
        value = {"on": value.on}  # type: ignore[attr-defined]  # every trigger model has `on`
    if not isinstance(value, dict):
        return None
    event = value.get("on", value.get(True))
    for model in TRIGGER_MODELS:
        if event in model.model_fields["on"].annotation.__args__:  # type: ignore[union-attr]  # a Literal
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


if TYPE_CHECKING:  # to the type checker: one of the trigger models (at runtime, the tagged union that reads them)
    Trigger = Union[TurnTrigger, CardEventTrigger, LeavesBoardTrigger, FightDeclaredTrigger, FightEndTrigger,
                    SpheresChangedTrigger]
else:
    Trigger = Annotated[Union[tuple(Annotated[m, Tag(TAG + m.__name__)] for m in TRIGGER_MODELS)],
                        Discriminator(_trigger_tag), BeforeValidator(_trigger_in)]
