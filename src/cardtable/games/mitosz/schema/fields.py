"""The shared field types of Mítosz's data models: the base model, the identifiers and closed vocabularies,
sphere vectors, roads and durations; and the did-you-mean hint of the error messages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from cardtable.engine.datafiles import did_you_mean

from .. import vocabulary as V
from ..words import _


def _hint(word: Any, choices: Any, sep: str = " ") -> str:
    """`` (did you mean 'x'?)`` in the reader's language, or "" when nothing is close (``did_you_mean``'s choice)."""
    close = did_you_mean(word, choices, "{!r}")
    return _("{sep}(did you mean {hint}?)", sep=sep, hint=close) if close else ""


_CONFIG = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True, strict=True)


class _Model(BaseModel):
    model_config = _CONFIG


def _enum(values: tuple[str, ...]) -> Any:
    return Literal[values]


# -- identifiers --------------------------------------------------------------------------------------
if TYPE_CHECKING:  # to the type checker the closed vocabularies are strings; the models check the words
    CardType = str
    FilterCardType = str
    Subtype = str
    Sphere = str
    Timing = str
    Speed = str
    Zone = str
    Row = str
    Restriction = str
else:
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


# -- sphere vectors ----------------------------------------------------------------------------------
class Spheres(_Model):
    """A cost or an amount of sphere points (OP-09): a missing sphere is 0."""

    # ``default=`` by name: mypy sees a field's default only when it is named (so ``Spheres()`` type-checks)
    magic: int = Field(default=0, ge=0, le=20)
    influence: int = Field(default=0, ge=0, le=20)
    wealth: int = Field(default=0, ge=0, le=20)
    force: int = Field(default=0, ge=0, le=20)

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
    def _some(self) -> Roads:
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
