"""The pydantic models of muhq's game data: boards (spec 6.1) and card sets (spec 7.1–7.7).

A card's behaviour is data in the effect vocabulary of spec 7.5–7.7 — keywords, targets, effect steps
(``{do: damage, to: T1, amount: 2}``) and abilities (static, trigger, free action, full action) — which a
later interpreter executes; no card has Python code. Every model forbids unknown keys, every closed
vocabulary (card types, field types, markers, events, ops …) is a literal or a discriminated union, so a
misspelt name is an error with a suggestion.

Checks that span several fields (a unit needs life, ``T2`` must be declared, a VIP per seat …) raise
:class:`Located`, which says which field they are about relative to the model they run in. Checks that need
other files (a board's cards, a token of another set) are made by ``data``, which imports this module only
when a file is read (every command imports every game package).
"""

from __future__ import annotations

# Every name of the former schema.py, re-exported from the module of its job.
from cardtable.engine.datafiles import TAG, Located, did_you_mean, iter_models
from cardtable.engine.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, current_language

from ..words import N_, _
from .vocabulary import (A_NOUNS, BOARD_FORMAT, CARD_TYPES, CardType, Controller, CONTROLLERS, _described,
                         DESCRIPTIONS, Event, EVENT_ONLY_REFS, EVENTS, FIELD_TYPES, field_word, FIELD_WORDS, FieldType,
                         FLAG_KEYWORDS, GrantKeyword, GroupKind, KEYWORDS, Marker, MARKERS, noun, NOUNS, OBJECT_REFS,
                         OBJECT_ROLES, ObjectRole, PERMANENT_TYPES, PLAY_MODES, PlayMode, RemoveKeyword, SET_FORMAT,
                         TARGET_KINDS, TARGET_NAME_RE, TargetKind, UNIT_EVENTS, with_article)
from .base import (Amount, AreaId, BoardId, _by_shape, CardId, _CLOSED, _CONFIG, Coord, _coord, Count, Delta,
                   DisplayName, field_names, _keyed_union, _Model, ObjectRef, _one_or_list, _pattern, PlayerWord,
                   _reference, SET_ID_RE, SetId, _single_key_union, Stat, TargetName, Text, WithinOf)
from .expressions import (AttackComponent, Condition, CONDITION_MODELS, ControllerOf, ControlsAtLeast,
                          ControlsAtLeastCondition, Cost, COST_MODELS, DiscardCost, Filter, Group, GroupWithin,
                          InRange, InRangeCondition, Modify, _object_shape, Objects, Player, _player_shape,
                          PlayerFilter, PlayerGroup, Players, ResourceAtLeastCondition, ResourceCost, SacrificeCost,
                          Subject, TapCost, TargetSpec, Within)
from .effects import (Ability, ABILITY_MODELS, AddMarkerStep, AdjacentTo, CombatStep, CreateTokenStep, DamageStep,
                      DestroyStep, DrawStep, Effect, FreeActionAbility, FullActionAbility, GainControlStep,
                      GainResourceStep, HealStep, LoseResourceStep, ModifyUntilEotStep, OPS, ReduceDurabilityStep,
                      RemoveMarkerStep, ReturnToHandStep, StaticAbility, StealResourceStep, Step, STEP_MODELS, Targets,
                      TriggerAbility, TriggerEvent)
from .translations import (BoardTexts, BoardTranslations, CardTexts, CardTranslations, SetTexts, SetTranslations,
                           _Translated, TRANSLATION_LANGUAGES, _translations, _translations_model)
from .cards import (Card, CardSet, _crew_number, _EVENT_WORDS, _KEYWORD_FOR, Keywords, token_problem, token_steps)
from .reference_checks import (_check_in, _check_references, _check_targets, _ref_problem, references, _Scope)
from .boards import (Area, Board, BoardObject, CapturePointsVictory, DestroyBuildingsVictory, FieldDef, Income,
                     _legend_keys, LegendEntry, LegendKey, _long_form, ResourceRaceVictory, ROLE_OF_VICTORY, Seat,
                     _seat_keys, StartingCard, Victory, VICTORY_MODELS, VictoryItemVictory, VipVictory)

#: what the package offers (every name above; mypy reads a re-export only from here)
__all__ = [
    "TAG", "Located", "did_you_mean", "iter_models", "LANGUAGE_NAMES", "LANGUAGES", "SOURCE_LANGUAGE",
    "current_language", "N_", "_", "A_NOUNS", "BOARD_FORMAT", "CARD_TYPES", "CardType", "Controller", "CONTROLLERS",
    "_described", "DESCRIPTIONS", "Event", "EVENT_ONLY_REFS", "EVENTS", "FIELD_TYPES", "field_word", "FIELD_WORDS",
    "FieldType", "FLAG_KEYWORDS", "GrantKeyword", "GroupKind", "KEYWORDS", "Marker", "MARKERS", "noun", "NOUNS",
    "OBJECT_REFS", "OBJECT_ROLES", "ObjectRole", "PERMANENT_TYPES", "PLAY_MODES", "PlayMode", "RemoveKeyword",
    "SET_FORMAT", "TARGET_KINDS", "TARGET_NAME_RE", "TargetKind", "UNIT_EVENTS", "with_article", "Amount", "AreaId",
    "BoardId", "_by_shape", "CardId", "_CLOSED", "_CONFIG", "Coord", "_coord", "Count", "Delta", "DisplayName",
    "field_names", "_keyed_union", "_Model", "ObjectRef", "_one_or_list", "_pattern", "PlayerWord", "_reference",
    "SET_ID_RE", "SetId", "_single_key_union", "Stat", "TargetName", "Text", "WithinOf", "AttackComponent",
    "Condition", "CONDITION_MODELS", "ControllerOf", "ControlsAtLeast", "ControlsAtLeastCondition", "Cost",
    "COST_MODELS", "DiscardCost", "Filter", "Group", "GroupWithin", "InRange", "InRangeCondition", "Modify",
    "_object_shape", "Objects", "Player", "_player_shape", "PlayerFilter", "PlayerGroup", "Players",
    "ResourceAtLeastCondition", "ResourceCost", "SacrificeCost", "Subject", "TapCost", "TargetSpec", "Within",
    "Ability", "ABILITY_MODELS", "AddMarkerStep", "AdjacentTo", "CombatStep", "CreateTokenStep", "DamageStep",
    "DestroyStep", "DrawStep", "Effect", "FreeActionAbility", "FullActionAbility", "GainControlStep",
    "GainResourceStep", "HealStep", "LoseResourceStep", "ModifyUntilEotStep", "OPS", "ReduceDurabilityStep",
    "RemoveMarkerStep", "ReturnToHandStep", "StaticAbility", "StealResourceStep", "Step", "STEP_MODELS", "Targets",
    "TriggerAbility", "TriggerEvent", "BoardTexts", "BoardTranslations", "CardTexts", "CardTranslations", "SetTexts",
    "SetTranslations", "_Translated", "TRANSLATION_LANGUAGES", "_translations", "_translations_model", "Card",
    "CardSet", "_crew_number", "_EVENT_WORDS", "_KEYWORD_FOR", "Keywords", "token_problem", "token_steps", "_check_in",
    "_check_references", "_check_targets", "_ref_problem", "references", "_Scope", "Area", "Board", "BoardObject",
    "CapturePointsVictory", "DestroyBuildingsVictory", "FieldDef", "Income", "_legend_keys", "LegendEntry",
    "LegendKey", "_long_form", "ResourceRaceVictory", "ROLE_OF_VICTORY", "Seat", "_seat_keys", "StartingCard",
    "Victory", "VICTORY_MODELS", "VictoryItemVictory", "VipVictory",
]
