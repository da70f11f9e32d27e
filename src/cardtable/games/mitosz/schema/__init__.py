"""The pydantic models of Mítosz's data: card definitions (spec 5.2), their maneuvers in the effect
vocabulary of spec section 6, card sets and decks.

A card's behaviour is data: a list of maneuvers, each markers + costs + conditions + a list of
primitive calls, which a later interpreter executes. Every model forbids unknown fields, and every
closed vocabulary (card types, subtypes, primitives, conditions, triggers, zones …) is an enum or a
discriminated union, so a misspelt name is an error, reported with where it is.

Written in YAML, a primitive call is a mapping with one key, the primitive's name:
``{draw: {player: self, n: 1}}``. A value is an integer, an expression string (``"level($t1) + 1"``,
see :func:`parse_value`) or ``{count: {filter: …}}``.

Imported by ``data`` only when a file is read, and by ``schemas`` for the JSON Schemas. A check that is
not a plain field check raises :class:`Located`, which says which entry and field it is about.

Split by job: ``fields`` (the base model, identifiers, sphere vectors, durations), ``expressions`` (values
and selectors), ``triggers``, ``primitives`` (and what a token does), ``conditions`` (of ``if`` and of a
maneuver), ``maneuvers``, ``translations``, ``cards``, ``sets``, ``decks``; every name is importable from
here, and the forward references across them are resolved below.
"""

from __future__ import annotations

from .fields import (CardType, FilterCardType, Subtype, Sphere, Timing, Speed, Zone, Row, Restriction, Side,
                     Road, SET_CODE_PATTERN, CARD_ID_PATTERN, SetCode, CardId, CardName, Text, Mythology,
                     Identifier, TargetName, CARD_REFS, CARD_REF_PATTERN, CardRef, PlayerRef, Spheres,
                     SphereMax, SignedSpheres, Choose, Roads, Rounds, Duration)
from .expressions import (VALUE_FUNCTIONS, parse_value, ValueExpr, CountOf, CountValue, Value, Amount,
                          Comparison, NumberSet, Filter, Selector, CardTarget)
from .triggers import (TurnTrigger, CardEventTrigger, LeavesBoardTrigger, FightDeclaredTrigger, FightEndTrigger,
                       SpheresChangedTrigger, TRIGGER_MODELS, TRIGGER_EVENTS, Trigger)
from .primitives import (DrawP, DiscardP, MillP, TargetP, SearchDeckP, RecoverP, ExileP, PutOnDeckP, PlayerP,
                         LookTopP, GainSpheresP, LoseSpheresP, StealSpheresP, ModifyLevelP, ModifyRoadP, RoadP,
                         ModifyArmyP, ModifyCapacityP, TargetDurationP, AttachP, TokenKind, AddTokenP,
                         RemoveTokenP, ImmunityKey, GrantImmunityP, SubtypeP, SetCardTypeP, RestrictP,
                         PlayCardP, ModifyCostP, ModifyHandSizeP, ModifyPowerPointsP, ProduceSpheresP,
                         ExtraDrawP, GrantFateUseP, NoP, KeywordP, PoisonP, ChooseOneP, IfP, PRIMITIVES,
                         CONTINUOUS, STATIC_ONLY, CALL_MODELS, call_primitive, Call, StaticCall, TokenTrigger,
                         TokenEffect)
from .conditions import (NumberRange, number_range, CountCondP, CardIsP, NumberIsP, CompareP, COND_PARAMS,
                         COND_MODELS, Cond, LookP, SacrificeCondP, DiscardCondP, RequiresP, SacrificeUser,
                         CONDITION_PARAMS, CONDITION_MODELS, CONDITION_NAMES, Condition)
from .maneuvers import UsesPerTurn, PerSacrifice, Per, Step, Permanent, Maneuver
from .translations import KIND_WORDS, CardTranslations, SetTranslations, DeckTranslations
from .cards import FateDuration, Card
from .sets import CardSet
from .decks import DeckEntry, Deck

# the helpers, kept importable where they were
from .fields import _hint as _hint, _CONFIG as _CONFIG, _Model as _Model, _enum as _enum
from .expressions import (_VALUE_TOKEN as _VALUE_TOKEN, _CARD_FUNCTIONS as _CARD_FUNCTIONS, _WANTED as _WANTED,
                          _check_expression as _check_expression, _value_check as _value_check)
from .triggers import _Trigger as _Trigger, _trigger_tag as _trigger_tag, _trigger_in as _trigger_in
from .primitives import (_P as _P, _field_name as _field_name, _call_model as _call_model, _one_key as _one_key,
                         _key_of as _key_of, _tagged_union as _tagged_union,
                         _token_effect_tag as _token_effect_tag)
from .conditions import _condition_in as _condition_in
from .translations import (_TRANSLATED_TYPES as _TRANSLATED_TYPES, _translations as _translations,
                           _TRANSLATIONS_HELP as _TRANSLATIONS_HELP)
from .cards import _REF as _REF, _check_references as _check_references, _refs_in as _refs_in
from .sets import _unknown_name as _unknown_name

__all__ = [
    "CardType", "FilterCardType", "Subtype", "Sphere", "Timing", "Speed", "Zone", "Row", "Restriction", "Side",
    "Road", "SET_CODE_PATTERN", "CARD_ID_PATTERN", "SetCode", "CardId", "CardName", "Text", "Mythology",
    "Identifier", "TargetName", "CARD_REFS", "CARD_REF_PATTERN", "CardRef", "PlayerRef", "Spheres", "SphereMax",
    "SignedSpheres", "Choose", "Roads", "Rounds", "Duration", "VALUE_FUNCTIONS", "parse_value", "ValueExpr",
    "CountOf", "CountValue", "Value", "Amount", "Comparison", "NumberSet", "Filter", "Selector", "CardTarget",
    "TurnTrigger", "CardEventTrigger", "LeavesBoardTrigger", "FightDeclaredTrigger", "FightEndTrigger",
    "SpheresChangedTrigger", "TRIGGER_MODELS", "TRIGGER_EVENTS", "Trigger", "DrawP", "DiscardP", "MillP", "TargetP",
    "SearchDeckP", "RecoverP", "ExileP", "PutOnDeckP", "PlayerP", "LookTopP", "GainSpheresP", "LoseSpheresP",
    "StealSpheresP", "ModifyLevelP", "ModifyRoadP", "RoadP", "ModifyArmyP", "ModifyCapacityP", "TargetDurationP",
    "AttachP", "TokenKind", "AddTokenP", "RemoveTokenP", "ImmunityKey", "GrantImmunityP", "SubtypeP",
    "SetCardTypeP", "RestrictP", "PlayCardP", "ModifyCostP", "ModifyHandSizeP", "ModifyPowerPointsP",
    "ProduceSpheresP", "ExtraDrawP", "GrantFateUseP", "NoP", "KeywordP", "PoisonP", "ChooseOneP", "IfP",
    "PRIMITIVES", "CONTINUOUS", "STATIC_ONLY", "CALL_MODELS", "call_primitive", "Call", "StaticCall",
    "TokenTrigger", "TokenEffect", "NumberRange", "number_range", "CountCondP", "CardIsP", "NumberIsP", "CompareP",
    "COND_PARAMS", "COND_MODELS", "Cond", "LookP", "SacrificeCondP", "DiscardCondP", "RequiresP", "SacrificeUser",
    "CONDITION_PARAMS", "CONDITION_MODELS", "CONDITION_NAMES", "Condition", "UsesPerTurn", "PerSacrifice", "Per",
    "Step", "Permanent", "Maneuver", "KIND_WORDS", "CardTranslations", "SetTranslations", "DeckTranslations",
    "FateDuration", "Card", "CardSet", "DeckEntry", "Deck",
]


# Step too: defined in its own module, it no longer sees TokenEffect and Cond when it is built.
for _model in (CountOf, Comparison, Filter, Selector, AddTokenP, ChooseOneP, IfP, TokenTrigger, Step, Maneuver,
               Card, CardSet, *CALL_MODELS.values(), *COND_MODELS.values()):
    # (every one a model class: mypy joins the classes to object)
    _model.model_rebuild(_types_namespace={  # type: ignore[attr-defined]
        "Filter": Filter, "Call": Call, "Cond": Cond, "TokenEffect": TokenEffect, "StaticCall": StaticCall})
