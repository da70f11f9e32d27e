"""muhq's cards (spec 7.2) with their keywords (spec 7.3) and checks, and the card sets (spec 7.1) with the
checks of the tokens they create."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Iterator, Literal, Union

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from cardtable.engine.datafiles import Located, did_you_mean, iter_models

from ..words import N_, _
from .base import CardId, DisplayName, SetId, Stat, Text, _Model
from .effects import Ability, CreateTokenStep, FullActionAbility, Step, Targets, TriggerAbility
from .expressions import AttackComponent, Cost, Filter, Group, TapCost
from .reference_checks import _check_references
from .translations import (TRANSLATION_LANGUAGES, CardTexts, CardTranslations, SetTexts, SetTranslations,
                           _translations, _Translated)
from .vocabulary import PERMANENT_TYPES, PLAY_MODES, SET_FORMAT, UNIT_EVENTS, CardType, PlayMode, with_article

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc


# -- keywords (spec 7.3) ---------------------------------------------------------------------------------
def _crew_number(value: Any) -> Any:
    return 1 if value is True else value  # "crew" without a number means crew 1 (MUHQ-CREW-1)


class Keywords(_Model):
    armor: Stat | None = Field(default=None, description=N_("MUHQ-ARMOR-1"))
    crew: Annotated[int, Field(ge=1, le=99), BeforeValidator(_crew_number, json_schema_input_type=Union[
        Annotated[int, Field(ge=1, le=99)], Literal[True]])] | None = Field(default=None,
                                                                           description=N_("units; true means 1"))
    solid: Stat | None = Field(default=None, description=N_("artifacts and equipment (MUHQ-SOLID)"))
    durability: Annotated[int, Field(ge=1, le=99)] | None = Field(default=None, description=N_("equipment, required"))
    veiled: Literal[True] | None = None
    swimming: Literal[True] | None = None
    landmark: Literal[True] | None = None
    protection_from: list[Filter] | None = Field(default=None, min_length=1,
                                                 description=N_("each filter is one X (MUHQ-PROT)"))

    def given(self) -> list[str]:
        return [k for k in type(self).model_fields if getattr(self, k) is not None]


# -- cards (spec 7.2) ------------------------------------------------------------------------------------
class Card(_Translated, _Model):
    """A card definition (spec 7.2)."""

    id: CardId = Field(description=N_("<set>/<slug>, unique"))
    name: DisplayName = Field(description=N_("unique in the pool (MUHQ-CARD-6)"))
    type: CardType
    token: bool = Field(False, description=N_("created during the game: not in the draft pool, never bought"))
    copies: Annotated[int, Field(ge=1, le=99)] = Field(1, description=N_("copies in the draft pool"))
    buy: Stat | None = Field(None, description=N_("buy cost; absent: cannot be bought"))
    play: Stat | None = Field(None, description=N_("play cost; absent: cannot be played from hand (MUHQ-ACT-9)"))
    extra_cost: list[Cost] = Field(
        default_factory=list, description=N_("additional costs paid when played"))
    mode: list[PlayMode] | None = Field(
        None, min_length=1, description=N_("equipment only; default [alone, next_unit] (MUHQ-EQUIP-3)"))
    upkeep: Stat | None = Field(None, description=N_("units only; default 0"))
    life: Stat | None = Field(None, description=N_("units only, required"))
    movement: Stat | None = Field(None, description=N_("units only, required"))
    attack: list[AttackComponent] | None = Field(None, description=N_("units only; default []"))
    keywords: Keywords = Field(default_factory=Keywords, description=N_("permanents only"))
    targets: Targets = Field(default_factory=dict, description=N_("spells only"))
    effect: list[Step] = Field(
        default_factory=list, max_length=30, description=N_("spells only, required"))
    abilities: list[Ability] = Field(
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
    def _consistent(self) -> Card:
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



# -- card sets (spec 7.1) --------------------------------------------------------------------------------
class CardSet(_Translated, _Model):
    """A card set: one document per set."""

    format: Literal[SET_FORMAT]  # type: ignore[valid-type]
    set: SetId
    name: DisplayName
    translations: _translations(SetTexts, "card set") = Field(  # type: ignore[valid-type]  # i18n: no (keys)
        default_factory=SetTranslations, description=N_("the set's name in other languages: {de: {name}, hu: …}"))
    cards: list[Card] = Field(max_length=2000)

    TRANSLATABLE: ClassVar[tuple[str, ...]] = ("name",)

    @model_validator(mode="after")
    def _cross_checks(self) -> CardSet:
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


def token_steps(card: Card) -> Iterator[tuple[Loc, CreateTokenStep]]:
    """Every create_token step of a card with its location inside the card."""
    for loc, model in iter_models(card):
        if isinstance(model, CreateTokenStep):
            yield loc, model


def token_problem(step: CreateTokenStep, token: Card) -> tuple[Loc, str] | None:
    """Why ``step`` cannot create ``token`` (as (field, reason)), or None."""
    if not token.token:
        return ("card",), _("{card} {name} is not a token card (token: true); create_token makes tokens",
                            card=token.id, name=repr(token.name))
    if token.type == "spell" and step.zone != "hand":
        return ("zone",), _("{card} is a spell token: it is created in a hand (MUHQ-TOKEN-3)", card=token.id)
    if token.type != "spell" and step.zone != "board":
        return ("zone",), _("{card} is a permanent token: it exists only on the board (MUHQ-TOKEN-2)", card=token.id)
    return None

