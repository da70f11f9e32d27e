"""The maneuvers of Mítosz's cards (spec 6.3): markers, costs, conditions, targets, steps and effects of
one maneuver, and the checks that they fit together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Union

from pydantic import BaseModel, Field, StringConstraints, model_validator

from cardtable.engine.datafiles import Located

from ..words import _
from .conditions import Condition
from .expressions import Filter, Selector
from .fields import Duration, Speed, Spheres, Subtype, TargetName, Timing, _Model
from .primitives import STATIC_ONLY, Call, StaticCall, call_primitive
from .triggers import Trigger

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc


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
    def _one(self) -> Per:
        if sum(getattr(self, k) is not None for k in ("pay", "discard", "sacrifice")) != 1:
            raise ValueError(_("give exactly one of 'pay', 'discard', 'sacrifice'"))
        return self


class Step(_Model):
    """One step of a multi-step maneuver (MIT-4.2.6.d)."""

    cost: Spheres = Spheres()
    permanent: bool = False
    effect: list[Call] = Field(min_length=1)


Permanent = Union[bool, UsesPerTurn]


class Maneuver(_Model):
    """A maneuver (spec 6.3): a bound maneuver in a card's text, a free maneuver card's one maneuver or
    one of its options, or a fate's maneuver."""

    id: Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,19}$")]
    timing: list[Timing] = Field(default_factory=list, description="subset of action, reaction, rite, battle; "  # i18n: no
                                                                     "empty: any time")
    speed: Speed = "normal"
    permanent: Permanent = False
    cost: Spheres = Field(Spheres(), description="usage cost (MIT-4.2.2)")  # i18n: no
    conditions: list[Condition] = Field(default_factory=list)
    subtypes: list[Subtype] = Field(default_factory=list)
    level: int | None = Field(None, ge=-9, le=9, description="signed level given to the user (MIT-4.2.5, OP-25); "  # i18n: no
                                                              "a free maneuver card gives its printed level instead")
    targets: dict[TargetName, Selector] = Field(default_factory=dict, description="chosen at announcement (OP-29)",  # i18n: no
                                                json_schema_extra={"additionalProperties": False})
    per: Per | None = None
    steps: list[Step] | None = Field(None, min_length=2, max_length=9)
    effect: list[Call] = Field(default_factory=list)
    duration: Duration = "default"
    trigger: Trigger | None = None
    static: list[StaticCall] | None = Field(None, min_length=1)
    on_enter: Literal[False, "may", "must"] = Field(False, description="MIT-6.3.7: may / must be used when the "  # i18n: no
                                                                       "card is played")

    @model_validator(mode="after")
    def _consistent(self) -> Maneuver:
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

    def calls(self) -> list[tuple[Loc, BaseModel]]:
        """Every top-level primitive call with its location: effect, steps, static."""
        out: list[tuple[Loc, BaseModel]] = [(("effect", i), c) for i, c in enumerate(self.effect)]
        for s, step in enumerate(self.steps or ()):
            out += [(("steps", s, "effect", i), c) for i, c in enumerate(step.effect)]
        out += [(("static", i), c) for i, c in enumerate(self.static or ())]
        return out
