"""Prompts: a player asked a question, the answers offered, the answer applied, and the question in words.

The questions are classes that answer themselves (``games/mitosz/prompts``): these are the state's doors to
them, one call each."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..prompts.registry import PROMPTS
from ..prompts.fights import FightQuestion
from ..words import N_, join
from ..modes import PROMPT
from ..levels.board import decision_cache

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardtable.engine import Action

    from ..cards import CardDef
    from ..prompts.cards import AfterworldOrder
    from ..prompts.base import Prompt
    from ..state import MitoszState


#: The questions of a fight's prompts (but supply_mode's, which names the supply)
FIGHT_QUESTIONS = {k: c.words for k, c in PROMPTS.items() if issubclass(c, FightQuestion) and c.words}
#: The prompts of a fight's procedure (answered by the fight's rules).
FIGHT_PROMPTS = frozenset(k for k, c in PROMPTS.items() if issubclass(c, FightQuestion))
#: The questions answered by number (``ChooseOption``); the words of their answers are the prompt's ``options``.
NUMBERED_PROMPTS = frozenset(k for k, c in PROMPTS.items() if c.numbered)
#: … of which only the chooser reads the words: they may name cards of its hand or deck (MIT-7.4.3.1, MIT-6.5.1).
PRIVATE_ANSWERS = frozenset(k for k, c in PROMPTS.items() if c.private)


def _ask_order(self: MitoszState) -> None:
    (seat, cards), self.order_requests = self.order_requests[0], self.order_requests[1:]
    cards = tuple(i for i in cards if self.cards[i].zone == "afterworld")
    if len({self.cards[i].d.id for i in cards}) < 2:
        return
    resume = (self.mode, self.priority, self.prompt)
    set_prompt(self, "afterworld_order", seat, rule="MIT-1.4.2.c", cards=cards, placed=(), resume=resume)


def _place_in_order(self: MitoszState, pr: AfterworldOrder, card: int) -> None:
    """The chosen card goes next onto the afterworld (the first chosen lies lowest)."""
    placed = pr.placed + (card,)
    rest = [i for i in pr.cards if i not in placed]
    if len({self.cards[i].d.id for i in rest}) > 1:
        ask(self, replace(pr, placed=placed))
        return
    order = list(placed) + rest
    pile = self.players[pr.player].afterworld
    spots = sorted(pile.index(i) for i in order)
    for spot, iid in zip(spots, order):
        pile[spot] = iid
    self.note(N_("P{seat} lays them in the afterworld: {cards} (the last on top)"), seat=pr.player,
              cards=join(self.cards[i].d for i in order))
    self.mode, self.priority, self.prompt = pr.resume


# -- prompts (spec 8.2) ------------------------------------------------------------------------
def set_prompt(self: MitoszState, kind: str, seat: int, rule: str, **data: Any) -> None:
    """Ask ``seat`` the question of ``kind`` (its class in ``PROMPTS``, built from ``data``)."""
    self.mode = PROMPT
    self.prompt = PROMPTS[kind](player=seat, rule=rule, **data)


def ask(self: MitoszState, prompt: Prompt) -> None:
    """Ask a question already built (one that goes on: ``dataclasses.replace`` of the last)."""
    self.mode = PROMPT
    self.prompt = prompt


def _prompt_options(self: MitoszState) -> list[Action]:
    dc = decision_cache(self)
    options = dc.get("prompt")
    if options is None:
        options = dc["prompt"] = _prompt_choices(self)
    return list(options)


def _prompt_choices(self: MitoszState) -> list[Action]:
    # (asked in prompt mode: a prompt is set)
    return self.prompt.offered(self)  # type: ignore[union-attr]


def _answer(self: MitoszState, seat: int, action: Any, options: list[Action] | None = None) -> None:
    # (answered in prompt mode: a prompt is set)
    self.prompt.answer(self, seat, action, options)  # type: ignore[union-attr]


def prompt_answers(self: MitoszState, chooser: bool) -> list[str] | None:
    """The words of a numbered question's answers as a seat reads them (the chooser, or another seat): None
    for other questions, and for another seat where the answers are private (``PRIVATE_ANSWERS``)."""
    pr = self.prompt
    return None if pr is None else pr.shown_answers(chooser)


def prompt_text(self: MitoszState, options: bool = True, answers: bool = True) -> str:
    """The question in words; without ``options`` what others may read (no card of the asked hand); without
    ``answers`` the question alone, for the chooser, whose moves list the answers (``prompt_answers``)."""
    pr = self.prompt
    return "" if pr is None else pr.question(self, options, answers)


def distinct(self: MitoszState, iids: Sequence[int]) -> list[int]:
    """One card of each definition (the first), so equal choices are offered once."""
    if len(iids) < 2:
        return list(iids)
    cards = self.cards
    first: dict[CardDef, int] = {}
    for i in iids:
        first.setdefault(cards[i].d, i)
    return list(first.values())
