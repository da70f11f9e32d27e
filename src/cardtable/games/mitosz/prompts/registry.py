"""Every kind of Mítosz's prompts (spec 8.2) by its name (``flow.prompts.set_prompt`` builds the class from it)."""

from __future__ import annotations

from .base import Prompt
from .cards import (AfterworldOrder, DeckOrder, Discard, DiscardHand, Pick, RefillSpheres, Sacrifice,
                    SacrificeLeader, Search, Unrotate)
from .fights import FearResist, FightHelp, FightLeader, MonsterReturn, SaveNation, Spoils, SupplyMode
from .questions import ChooseEnemy, OnEnter, Option, Permission, PlayCard, TriggerOrder

#: every kind of question, by its name (``set_prompt`` builds the class from it)
PROMPTS: dict[str, type[Prompt]] = {cls.kind: cls for cls in (
    DiscardHand, Discard, SacrificeLeader, Sacrifice, Unrotate, RefillSpheres, Search, Pick, AfterworldOrder,
    DeckOrder, Option, ChooseEnemy, OnEnter, PlayCard, TriggerOrder, Permission, FightLeader, FightHelp, SupplyMode,
    SaveNation, Spoils, FearResist, MonsterReturn)}
