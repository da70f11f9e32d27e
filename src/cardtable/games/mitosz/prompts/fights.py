"""The questions of a fight's procedure (answered by number): army leaders and helpers, a supply's mode,
saving the nation, the war spoils, fear, and a monster's return. Their answers are the fight's rules
(``fights/procedure.py``, ``fights/results.py``, ``fights/keywords.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..words import N_, _
from .base import Numbered
from ..fights.keywords import answer_fear
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..state import MitoszState


@dataclass(frozen=True, slots=True)
class FightQuestion(Numbered):
    """A fight's question: its words (``words``), the rule, and the answers."""

    words: ClassVar[str] = ""

    def what(self, state: MitoszState) -> str:
        return _(self.words)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        what = self.what(state)
        if not answers or not options and self.private:
            return _("{question} ({rule})", question=what, rule=self.rule)
        return _("{question} ({rule}): {options}", question=what, rule=self.rule, options=self.listed())


@dataclass(frozen=True, slots=True)
class FightLeader(FightQuestion):
    """MIT-7.4.3–7.4.7: a leader for the army of ``side`` (``choices``: (what, card, row, …) each); the options
    may name cards of the hand (a defending leader to summon, MIT-7.4.3.1): only the chooser reads them."""

    choices: list[tuple[Any, ...]]
    side: str
    kind: ClassVar[str] = "fight_leader"
    keys: ClassVar[tuple[str, ...]] = ("options", "choices", "side")
    words: ClassVar[str] = N_("name an army leader")
    private: ClassVar[bool] = True

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up.answer_army(state, self, action.index)


@dataclass(frozen=True, slots=True)
class FightHelp(FightQuestion):
    """MIT-7.4.4, OP-65: the asked player may send a companion to ``side``."""

    side: str
    choices: list[tuple[Any, ...]]
    kind: ClassVar[str] = "fight_help"
    keys: ClassVar[tuple[str, ...]] = ("side", "choices", "options")
    words: ClassVar[str] = N_("you are asked to help in a battle")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up.answer_army(state, self, action.index)


@dataclass(frozen=True, slots=True)
class SupplyMode(FightQuestion):
    """MIT-3.8.d–e, OP-20: whether ``card``, a supply, fights with its level or its maneuvers."""

    card: int | None = None
    kind: ClassVar[str] = "supply_mode"
    keys: ClassVar[tuple[str, ...]] = ("options", "card")
    optional: ClassVar[frozenset[str]] = frozenset(("card",))

    def what(self, state: MitoszState) -> str:
        if self.card is None:  # (the rules always name it; the question without a card still reads well)
            return _("choose how the supply fights")
        return _("choose how {card} fights", card=state.cards[self.card].d)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up.answer_supply_mode(state, self, action.index)


@dataclass(frozen=True, slots=True)
class SaveNation(FightQuestion):
    """MIT-7.4.10.2: the defender may sacrifice its commander to save the nation."""

    kind: ClassVar[str] = "save_nation"
    keys: ClassVar[tuple[str, ...]] = ("options",)
    words: ClassVar[str] = N_("your nation lost the battle")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up.answer_save_nation(state, action.index)


@dataclass(frozen=True, slots=True)
class Spoils(FightQuestion):
    """MIT-7.4.11: the winner takes the war spoils."""

    kind: ClassVar[str] = "spoils"
    keys: ClassVar[tuple[str, ...]] = ("options",)
    words: ClassVar[str] = N_("take the war spoils")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up._take_spoils(state, self, action.index)
        _up._advance(state, "end_effects")


@dataclass(frozen=True, slots=True)
class FearResist(FightQuestion):
    """MIT-7.2.5.2, OP-46: ``card``'s controller may pay to keep it; ``rest`` still to ask, ``fleeing`` so far."""

    card: int
    rest: tuple[int, ...]
    fleeing: tuple[int, ...]
    kind: ClassVar[str] = "fear_resist"
    keys: ClassVar[tuple[str, ...]] = ("card", "rest", "fleeing", "options")
    words: ClassVar[str] = N_("fear strikes your creature")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_fear(state, self, action.index)


@dataclass(frozen=True, slots=True)
class MonsterReturn(FightQuestion):
    """MIT-8.monster.5: ``card``, a monster, goes to the afterworld or is paid for again to stay a leader."""

    card: int
    kind: ClassVar[str] = "monster_return"
    keys: ClassVar[tuple[str, ...]] = ("card", "options")
    words: ClassVar[str] = N_("your monster's side won the battle")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        _up.answer_monster_return(state, self, action.index)
