"""The card definition of Mítosz's data (spec 5.2): its fields by card type and their checks, and the check
that every ``$ref`` in a maneuver names something the maneuver has (spec 6.1)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, model_validator

from cardtable.engine.datafiles import Located

from .. import vocabulary as V
from ..words import _
from .expressions import Filter
from .fields import (CardId, CardName, CardType, Mythology, Roads, Rounds, SetCode, SphereMax, Spheres, Subtype,
                     Text, _Model)
from .maneuvers import Maneuver
from .primitives import AddTokenP, TokenTrigger
from .translations import _TRANSLATIONS_HELP, CardTranslations

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc


# -- cards (spec 5.2) ---------------------------------------------------------------------------------
FateDuration = Union[Literal["instant"], Rounds]


class Card(_Model):
    """A card definition (spec 5.2). ``number`` (the last digit of the serial, MIT-2.9) is derived, not written."""

    id: CardId = Field(description="<set>-<serial, 3 digits>, e.g. SMP-013")
    set: SetCode
    serial: int = Field(ge=1, le=9999)
    name: CardName
    card_type: CardType
    subtypes: list[Subtype] = Field(default_factory=list)
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
    requirement_groups: list[Annotated[list[Subtype], Field(min_length=1)]] | None = Field(  # i18n: no
        None, description="free maneuver only: the user needs all subtypes of at least one group; empty: anyone")
    options: list[Maneuver] | None = Field(None, min_length=2, description="free maneuver only: choose one (MIT-3.9.e)")  # i18n: no
    duration: FateDuration | None = Field(None, description="fate only: instant or {rounds: N}")  # i18n: no
    flavor: Text = ""
    translations: CardTranslations | None = Field(None, description=_TRANSLATIONS_HELP)

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
    def _consistent(self) -> Card:
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


def _refs_in(obj: Any, path: Loc, scope: set[str], why: dict[str, str]) -> None:
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
