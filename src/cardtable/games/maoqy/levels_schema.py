"""The pydantic models of MAOQY's Level 2 and 3 data files (spec 10.1 P2.5, 10.2 P3.1).

Imported by ``levels_data`` only when a file is read, so that commands which never read a data set do
not pay for pydantic. Each check that is not a plain field check raises the engine's ``Located``, which
says which field of the file it is about.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, create_model, model_validator

from cardtable.engine.datafiles import Located  # a check that knows its field (relative to its model)
from cardtable.engine.i18n import Translator

from . import cards as C
from .levels_tables import POSITIONS, SPREADS

_ = Translator("maoqy")


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


NumberKey = Annotated[int, Field(ge=1, le=C.PER_KINGDOM)]


class MeaningsTranslation(BaseModel):
    """The texts of a meanings file in one language (each optional: a missing one falls back to English)."""

    model_config = _STRICT
    title: Label | None = None
    note: str | None = None
    kingdoms: dict[Kingdom, Text] = {}
    numbers: dict[NumberKey, Text] = {}
    positions: dict[PositionName, Text] = {}


class MeaningsTranslations(BaseModel):
    """``translations``: one entry per language cardtable speaks besides English (carddata.md)."""

    model_config = _STRICT
    de: MeaningsTranslation | None = None
    hu: MeaningsTranslation | None = None


class StepTranslation(BaseModel):
    model_config = _STRICT
    text: str | None = Field(None, max_length=4000)
    places: list[Label] | None = None


class StepTranslations(BaseModel):
    model_config = _STRICT
    de: StepTranslation | None = None
    hu: StepTranslation | None = None


class RitualTranslation(BaseModel):
    model_config = _STRICT
    title: Label | None = None
    note: str | None = None


class RitualTranslations(BaseModel):
    model_config = _STRICT
    de: RitualTranslation | None = None
    hu: RitualTranslation | None = None


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
    translations: MeaningsTranslations = MeaningsTranslations()

    @model_validator(mode="after")
    def _spreads_fit(self) -> Self:
        for n in SPREADS:
            names = getattr(self.spreads, f"s{n}")
            if len(names) != n:
                raise Located(("spreads", str(n)), _("spread {n} needs exactly {n} positions, not {count}",
                                                     n=n, count=len(names)))
            for i, name in enumerate(names):
                if name not in self.positions:
                    raise Located(("spreads", str(n), i), _("position {name} has no text under 'positions'",
                                                            name=repr(name)))
                if names.index(name) != i:
                    raise Located(("spreads", str(n), i), _("position {name} appears twice in spread {n}",
                                                            name=repr(name), n=n))
        for lang in ("de", "hu"):
            tr = getattr(self.translations, lang)
            for name in tr.positions if tr is not None else ():
                if name not in self.positions:
                    raise Located(("translations", lang, "positions", name),
                                  _("position {name} has no English text under 'positions'", name=repr(name)))
        return self


class Step(BaseModel):
    """P3.1: one step of a ritual: move ``count`` cards from a position to a position, with a text."""

    model_config = _STRICT
    source: Place = Field(alias="from")
    to: Place
    count: int = Field(1, ge=1, le=C.STANDARD_CARDS)
    #: take, for each kingdom listed, the topmost card of that kingdom (one entry per card moved)
    kingdoms: list[Kingdom] | None = None
    #: where on the table each moved card lies (one label per card moved), e.g. "pair 1, left"
    places: list[Label] | None = None
    text: str = Field("", max_length=4000)
    translations: StepTranslations = StepTranslations()

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.source == self.to:
            raise Located(("to",), _("a step moves cards from one position to another; 'from' and 'to' are both "
                                     "{position}", position=repr(self.to)))
        for name in ("kingdoms", "places"):
            given = getattr(self, name)
            if given is not None and len(given) != self.count:
                raise Located((name,), _("lists {entries} entries but the step moves {count} card(s) ('count'); "
                                         "give one per card", entries=len(given), count=self.count))
        for lang in ("de", "hu"):
            tr = getattr(self.translations, lang)
            if tr is not None and tr.places is not None and (self.places is None or len(tr.places) != len(self.places)):
                raise Located(("translations", lang, "places"),
                              _("lists {entries} places but the step's English 'places' has {count}; give one per card",
                                entries=len(tr.places), count=len(self.places or ())))
        return self


class RitualFile(BaseModel):
    model_config = _STRICT
    title: Label
    note: str = ""
    steps: list[Step] = Field(min_length=1, max_length=1000)
    translations: RitualTranslations = RitualTranslations()
