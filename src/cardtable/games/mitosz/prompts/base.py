"""A prompt: a question asked of one player in the middle of a procedure (spec 8.2), as a frozen value.

Each kind of question is a class that answers itself: ``offered`` gives its legal answers, ``answer`` checks
and applies one, ``question`` says it in words. ``as_dict`` is the question as the digest and the records
have always seen it (the old dict: ``kind``, ``player``, ``rule``, then the class's ``keys``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import IllegalAction

from ..actions import ChooseOption, Pass, made
from ..modes import BUSY
from ..words import _, shown
from .. import upcalls as _up

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..state import MitoszState


@dataclass(frozen=True, slots=True)
class Prompt:
    """The question's common part: who is asked and by which rule. Frozen: a clone shares it, and a question
    that goes on (a discard with cards left) is a new value (``dataclasses.replace``)."""

    player: int
    rule: str
    kind: ClassVar[str] = ""
    #: the dict's keys after kind, player and rule, in the order the askers have always given them
    keys: ClassVar[tuple[str, ...]] = ()
    #: keys some askers do not give: left out of the dict while their field is None
    optional: ClassVar[frozenset[str]] = frozenset()
    #: answered by number (``ChooseOption``): the words of the answers are ``options``
    numbered: ClassVar[bool] = False
    #: … and only the chooser reads those words (cards of the hand or the deck: MIT-7.4.3.1, MIT-6.5.1)
    private: ClassVar[bool] = False

    def as_dict(self) -> dict[str, Any]:
        """The question as a dict: exactly the one the rules used to keep (the digest and records read it)."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player, "rule": self.rule}
        optional = self.optional
        for key in self.keys:
            value = getattr(self, key)
            if value is not None or key not in optional:
                out[key] = value
        return out

    def offered(self, state: MitoszState) -> list[Action]:
        """The legal answers (a question of an unknown kind has none)."""
        return []

    def answer(self, state: MitoszState, seat: int, action: Any, options: list[Action] | None = None) -> None:
        """``seat`` answers ``action``, one of ``options`` (the answers just offered; asked again if None):
        checked, then the question is over and its answer applied (``apply``)."""
        if seat != self.player:
            raise IllegalAction(self.rule, _("P{seat} is choosing now ({question})", seat=self.player,
                                             question=self.question(state)))
        if options is None:
            options = _up._prompt_options(state)
        # the common case first: the very object offered (``in`` alone would compare field by field)
        if not any(x is action for x in options) and action not in options:
            if isinstance(action, Pass):
                raise IllegalAction(self.rule, _("that does not answer the question: {question} (pass is not an "
                                                 "answer here)", question=self.question(state)))
            raise IllegalAction(self.rule, _("that does not answer the question: {question}",
                                             question=self.question(state)))
        state.mode = BUSY
        state.prompt = None
        self.apply(state, seat, action)

    def apply(self, state: MitoszState, seat: int, action: Any) -> None:
        """The answer's consequences (the question is already over: this may ask the next one)."""

    def question(self, state: MitoszState, options: bool = True, answers: bool = True) -> str:
        """The question in words; without ``options`` what others may read (no card of the asked hand);
        without ``answers`` the question alone, for the chooser, whose moves list the answers."""
        return self.kind

    def shown_answers(self, chooser: bool) -> list[str] | None:
        """The words of the answers as a seat reads them (the chooser, or another seat); None but for a
        numbered question, and for another seat where the answers are private."""
        return None


@dataclass(frozen=True, slots=True)
class Numbered(Prompt):
    """A question answered by number (``ChooseOption``): ``options`` are the answers' words."""

    options: list[Any]
    numbered: ClassVar[bool] = True

    def offered(self, state: MitoszState) -> list[Action]:
        return [made(ChooseOption, i) for i in range(len(self.options))]

    def shown_answers(self, chooser: bool) -> list[str] | None:
        if not chooser and self.private:
            return None
        return [shown(o) for o in self.options]

    def listed(self) -> str:
        """The answers' words in one line."""
        return " / ".join(shown(o) for o in self.options) if self.options else ""
