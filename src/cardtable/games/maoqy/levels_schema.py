"""The pydantic models of MAOQY's Level 2 and 3 data files (spec 10.1 P2.5, 10.2 P3.1).

Imported by ``levels_data`` only when a file is read, so that commands which never read a data set do
not pay for pydantic. Each check that is not a plain field check raises the engine's ``Located``, which
says which field of the file it is about.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, create_model, model_validator

from cardtable.engine.datafiles import Located  # a check that knows its field (relative to its model)

from . import cards as C
from .levels_data import POSITIONS, SPREADS


# -- the models -------------------------------------------------------------------------------------
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
Label = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
PositionName = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_-]{0,39}$")]
Kingdom = Literal[C.KINGDOMS]  # type: ignore[valid-type]
Place = Literal[POSITIONS]  # type: ignore[valid-type]
_STRICT = ConfigDict(extra="forbid", str_strip_whitespace=True)


class _NumberedFields(BaseModel):
    """A model whose fields are named by numbers ("1", "3", …): YAML reads ``1:`` as the integer 1."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    @model_validator(mode="before")
    @classmethod
    def _string_keys(cls, data: Any) -> Any:
        return {str(k): v for k, v in data.items()} if isinstance(data, dict) else data


# One required field per colour kingdom, number and spread, so a missing one is reported by its name.
# (the fields are made from data, so a type checker cannot match them to create_model's overloads)
KingdomTexts = create_model(  # type: ignore[call-overload]
    "KingdomTexts", __config__=_STRICT, **{k: (Text, ...) for k in C.KINGDOMS})
NumberTexts = create_model("NumberTexts", __base__=_NumberedFields,  # type: ignore[call-overload]
                           **{f"n{n}": (Text, Field(..., alias=str(n))) for n in range(1, C.PER_KINGDOM + 1)})
Spreads = create_model("Spreads", __base__=_NumberedFields,  # type: ignore[call-overload]
                       **{f"s{n}": (list[PositionName], Field(..., alias=str(n))) for n in SPREADS})


class MeaningsFile(BaseModel):
    """P2.5: kingdom → text, number → text, position → text; ``spreads`` names the positions of each spread."""

    model_config = _STRICT
    title: Label
    placeholders: bool = False  # the texts are placeholders still to be written by the designers
    note: str = ""
    kingdoms: KingdomTexts  # type: ignore[valid-type]
    numbers: NumberTexts  # type: ignore[valid-type]
    positions: dict[PositionName, Text]
    spreads: Spreads  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _spreads_fit(self):
        for n in SPREADS:
            names = getattr(self.spreads, f"s{n}")
            if len(names) != n:
                raise Located(("spreads", str(n)), f"spread {n} needs exactly {n} positions, not {len(names)}")
            for i, name in enumerate(names):
                if name not in self.positions:
                    raise Located(("spreads", str(n), i), f"position {name!r} has no text under 'positions'")
                if names.index(name) != i:
                    raise Located(("spreads", str(n), i), f"position {name!r} appears twice in spread {n}")
        return self


class Step(BaseModel):
    """P3.1: one step of a ritual: move ``count`` cards from a position to a position, with a text."""

    model_config = _STRICT
    source: Place = Field(alias="from")  # type: ignore[valid-type]
    to: Place  # type: ignore[valid-type]
    count: int = Field(1, ge=1, le=C.STANDARD_CARDS)
    #: take, for each kingdom listed, the topmost card of that kingdom (one entry per card moved)
    kingdoms: list[Kingdom] | None = None  # type: ignore[valid-type]
    #: where on the table each moved card lies (one label per card moved), e.g. "pair 1, left"
    places: list[Label] | None = None
    text: str = Field("", max_length=4000)

    @model_validator(mode="after")
    def _consistent(self):
        if self.source == self.to:
            raise Located(("to",), f"a step moves cards from one position to another; 'from' and 'to' are both {self.to!r}")
        for name in ("kingdoms", "places"):
            given = getattr(self, name)
            if given is not None and len(given) != self.count:
                raise Located((name,), f"lists {len(given)} entries but the step moves {self.count} card(s) ('count'); "
                                        f"give one per card")
        return self


class RitualFile(BaseModel):
    model_config = _STRICT
    title: Label
    note: str = ""
    steps: list[Step] = Field(min_length=1, max_length=1000)
