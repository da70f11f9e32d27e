"""The questions of effects and acts: a ``choose_one`` option, the enemy of OP-24, a maneuver as a card is
played, the card an effect plays, the order of triggered abilities, and leave to summon a high god."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import PASS
from ..words import N_, _
from .base import Numbered, Prompt
from ..modes import WINDOW
from ..acts_announce import announce
from ..effects.interpreter import answer_option
from ..effects.play import play_by_effect
from ..effects.stack import answer_on_enter
from ..effects.triggers import answer_trigger_order

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..state import MitoszState


@dataclass(frozen=True, slots=True)
class Option(Numbered):
    """MIT-3.9.e: one of a ``choose_one`` effect's options, for the stack item ``sid``."""

    sid: int
    kind: ClassVar[str] = "option"
    keys: ClassVar[tuple[str, ...]] = ("options", "sid")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_option(state, self, action.index)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _("choose: {options}", options=self.listed()) if answers else _("choose one ({rule})", rule=self.rule)


@dataclass(frozen=True, slots=True)
class ChooseEnemy(Numbered):
    """OP-24: the enemy whose deck is revealed or whose hand is peeked (one of ``enemies``)."""

    enemies: tuple[int, ...]
    kind: ClassVar[str] = "choose_enemy"
    keys: ClassVar[tuple[str, ...]] = ("enemies", "options")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:  # for the item being resolved (on top)
        state.stack[-1].enemy = self.enemies[action.index]
        state.note(N_("P{seat} chooses P{enemy} (OP-24)"), seat=seat, enemy=state.stack[-1].enemy)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        if answers:
            return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24): {options}",
                     options=self.listed())
        return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24)")


@dataclass(frozen=True, slots=True)
class OnEnter(Prompt):
    """MIT-6.3.7: a maneuver used (``must``) or not as ``card`` is played; ``options`` the uses, as JSON."""

    card: int
    must: bool
    options: list[Any]
    kind: ClassVar[str] = "on_enter"
    keys: ClassVar[tuple[str, ...]] = ("card", "must", "options")

    def offered(self, state: MitoszState) -> list[Action]:
        acts = [state.game.codec.parse(a) for a in self.options]
        return acts if self.must else acts + [PASS]

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_on_enter(state, self, action)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        if self.must:
            return _("{card} is played: you must use its maneuver now (MIT-6.3.7)", card=state.cards[self.card].d)
        return _("{card} is played: you may use its maneuver now (MIT-6.3.7)", card=state.cards[self.card].d)


@dataclass(frozen=True, slots=True)
class PlayCard(Numbered):
    """MIT-6.5.1: the card an effect plays, one of ``choices`` (card, how, where); ``free``/``unsummoned`` as
    the effect says. The options may name cards of the hand or the deck: only the chooser reads them."""

    choices: tuple[tuple[int, str, int], ...]
    free: bool
    unsummoned: bool
    kind: ClassVar[str] = "play_card"
    keys: ClassVar[tuple[str, ...]] = ("options", "choices", "free", "unsummoned")
    private: ClassVar[bool] = True

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:  # spec 6.4: the card an effect plays
        play_by_effect(state, seat, self.choices[action.index], {"free": self.free, "unsummoned": self.unsummoned})

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        if options and answers:
            return _("choose the card an effect plays (MIT-6.5.1): {options}", options=self.listed())
        return _("choose the card an effect plays (MIT-6.5.1)")


@dataclass(frozen=True, slots=True)
class TriggerOrder(Numbered):
    """OP-43.4: the seat's triggered abilities ``sids`` that fired together, ordered one by one (``placed`` so
    far, ``choices`` the sids offered); ``later`` the seats asked after, ``new`` every new item."""

    sids: tuple[int, ...]
    placed: tuple[int, ...]
    later: tuple[int, ...]
    new: tuple[int, ...]
    choices: tuple[int, ...]
    kind: ClassVar[str] = "trigger_order"
    keys: ClassVar[tuple[str, ...]] = ("sids", "placed", "later", "new", "choices", "options")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        answer_trigger_order(state, self, action.index)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        if answers:
            return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4): "
                     "{options}", options=self.listed())
        return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4)")


@dataclass(frozen=True, slots=True)
class Permission(Numbered):
    """MIT-3.4.3.c: ``asker`` asks leave to summon ``card``, the asked seat's high god, as a leader
    (``action`` the summon, as JSON): allow or refuse."""

    asker: int
    action: Any
    card: int
    kind: ClassVar[str] = "permission"
    keys: ClassVar[tuple[str, ...]] = ("options", "asker", "action", "card")

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        asker, card = self.asker, self.card
        state.mode = WINDOW
        state.priority = asker
        if action.index == 0:
            state.note(N_("P{seat} allows it"), seat=seat)
            announce(state, asker, state.game.codec.parse(self.action), permitted=True)
        else:
            state.refusals = state.refusals + ((state.turn, asker, state.cards[card].d.id),)
            state.note(N_("P{seat} refuses: {card} stays in P{asker}'s hand"), seat=seat, card=state.cards[card].d,
                       asker=asker)

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        return _("P{seat} asks leave to summon {card}, your high god, as a leader (MIT-3.4.3.c): allow or refuse",
                 seat=self.asker, card=state.cards[self.card].d)
