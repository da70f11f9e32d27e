"""Mítosz's prompts (spec 8.2): each kind of question a player is asked in the middle of a procedure is a
frozen class that answers itself (``base.Prompt``); ``PROMPTS`` maps each kind to its class."""

from __future__ import annotations

from .base import Numbered as Numbered, Prompt as Prompt
from .cards import (AfterworldOrder as AfterworldOrder, DeckOrder as DeckOrder, Discard as Discard,
                    DiscardHand as DiscardHand, Pick as Pick, RefillSpheres as RefillSpheres, Sacrifice as Sacrifice,
                    SacrificeLeader as SacrificeLeader, Search as Search, Unrotate as Unrotate, refills as refills,
                    splits as splits)
from .fights import (FearResist as FearResist, FightHelp as FightHelp, FightLeader as FightLeader,
                     FightQuestion as FightQuestion, MonsterReturn as MonsterReturn, SaveNation as SaveNation,
                     Spoils as Spoils, SupplyMode as SupplyMode)
from .questions import (ChooseEnemy as ChooseEnemy, OnEnter as OnEnter, Option as Option,
                        Permission as Permission, PlayCard as PlayCard, TriggerOrder as TriggerOrder)

#: every kind of question, by its name (``set_prompt`` builds the class from it)
PROMPTS: dict[str, type[Prompt]] = {cls.kind: cls for cls in (
    DiscardHand, Discard, SacrificeLeader, Sacrifice, Unrotate, RefillSpheres, Search, Pick, AfterworldOrder,
    DeckOrder, Option, ChooseEnemy, OnEnter, PlayCard, TriggerOrder, Permission, FightLeader, FightHelp, SupplyMode,
    SaveNation, Spoils, FearResist, MonsterReturn)}
