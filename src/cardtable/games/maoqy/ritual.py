"""MAOQY Level 3 — "can be used like a ritual": a guided, recorded sequence of steps. A PROPOSAL (spec
10.2, P3.1-P3.4), not a rule of MAOQY, and labelled so wherever it is shown.

A ritual is a named data file (``levels_data``): an ordered list of steps, each moving a number of cards
from one of Level 1's positions to another, with an optional text (P3.1). The deck is Level 1's standard
deck with its card IDs, shuffled with the seed into the Unknown (P3.4). The view shows the current step's
text; the user's ``confirm`` performs it (P3.2). Every card moved is kept in the view's ``moved`` list and
every confirmation in the record. The ritual is over after its last step. It has no winner (P3.4).

Level 1's rules (a street's run, the hand limit) do not apply: a ritual places cards, it does not play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.engine import GAME_OVER, Action, ActionCodec, Game, GameInfo, IllegalAction, State, action
from cardtable.engine.core import copied, nested_values, own, record
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import N_, Translator, current_language
from cardtable.engine.rng import Rng

from . import cards as C
from .levels_data import POSITIONS, DataSetOption, load_ritual, position_title

_ = Translator("maoqy")

PROPOSAL = N_("MAOQY Level 3 (ritual) is a proposal (spec 10.2), not a rule of MAOQY. Its steps come from a "
              "data file.")
TITLE = N_("MAOQY Level 3 — ritual (proposal)")
SUMMARY = N_("A guided, recorded sequence of steps (a proposal, not a rule): confirm each step, see every "
             "card moved; no winner.")
#: What only the user (seat 0) sees, as at Level 1: the hidden hand and the hiding place (spec section 7).
PRIVATE = ("hand", "hiding")
#: Level 1's face-up positions (spec 2.4): everybody sees their cards.
FACE_UP = ("known", "open", "street")


@action("confirm")
class Confirm(Action):
    """P3.2: perform the step whose text is shown."""


CONFIRM = Confirm()
CODEC = ActionCodec(Confirm)

OPTIONS = (
    DataSetOption("ritual", "default", N_("the ritual: an ordered list of steps (a name, never a path; designers "
                                          "add rituals in $CARDTABLE_DATA_DIR/maoqy/ritual-<name>.yaml)"), "P3.1",
                  kind="ritual"),
)


class MaoqyRitualGame(Game):
    info = GameInfo(
        name="maoqy-ritual",
        title=TITLE,
        summary=SUMMARY,
        min_players=1,
        max_players=1,
        default_players=1,
        rules_version="maoqy-ritual/proposal-1",
        turn_rule="P3.2",
        docs="docs/maoqy.md",
        rule_pattern=r"P3\.\d+(?:\.\d+)*",
    )
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        self.ritual = load_ritual(self.options["ritual"])  # DataFileError naming file, entry and field

    def new_initial_state(self, seed: int | None = None) -> "RitualState":
        return RitualState(self, fresh_seed(seed))

    def describe(self) -> dict[str, Any]:
        from .game import translated_description

        return {**translated_description(super().describe()), "title": _(TITLE), "level": 3, "proposal": _(PROPOSAL),
                "docs": self.info.docs}

    def catalogue(self) -> dict[str, Any]:
        return {
            "proposal": _(PROPOSAL),
            "ritual": self.ritual.to_json(current_language()),
            "positions": {p: position_title(p) for p in POSITIONS},
            "cards": [C.catalogue_entry(c) for c in range(C.STANDARD_CARDS)],
            "card_titles": [C.catalogue_title(c) for c in range(C.STANDARD_CARDS)],
        }

    def action_label(self, action: Action) -> str:
        if isinstance(action, Confirm):
            return _("confirm: perform the step shown")
        return str(action)


def _card(card: int, place: str | None) -> dict[str, Any]:
    return {"id": card, "label": C.long_label(card), "kingdom": C.KINGDOMS[C.KINGDOM[card]], "number": C.NUMBER[card],
            "place": place}


@record(copy="clone")
class RitualState(State):
    game: MaoqyRitualGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Action]] = copied()
    current_player: int
    piles: dict[str, list[int]] = nested_values()
    places: dict[int, str] = copied()  # card -> where on the table it lies (the step's `places`)
    moved: list[tuple[int, int, str, str, str | None]] = copied()  # (step, card, from, to, place)
    step: int  # index of the step to confirm next
    clone: ClassVar[Callable[[RitualState], RitualState]]

    def __init__(self, game: MaoqyRitualGame, seed: int):
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        unknown = C.deck(C.KINGDOMS)  # P3.4: Level 1's standard deck and card IDs
        self.rng.shuffle(unknown)  # as MAOQY's setup: all cards face down in the Unknown, top = last element
        self.piles = {p: [] for p in POSITIONS}
        self.piles["unknown"] = unknown
        self.places = {}
        self.moved = []
        self.step = 0  # index of the step to confirm next
        self.current_player = 0 if game.ritual.steps else -1

    # -- the interface -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return [CONFIRM] if self.current_player == 0 else []

    def _apply(self, action: Action) -> None:
        if self.current_player < 0:
            raise IllegalAction(GAME_OVER, _("the ritual is complete: every step has been performed"))
        if not isinstance(action, Confirm):  # pragma: no cover - the codec knows only confirm
            raise IllegalAction("P3.2", _("a ritual only confirms its steps, not {action}", action=action), [CONFIRM.to_json()])
        steps = self.game.ritual.steps
        step = steps[self.step]
        source, target = self.piles[step.source], self.piles[step.to]
        # The ritual was checked on loading (levels_data._feasibility): its cards are always there.
        if step.kingdoms is None:
            cards = [source.pop() for _ in range(step.count)]  # the top cards, one after the other
        else:
            cards = []
            for k in step.kingdoms:  # the topmost card of each kingdom asked for
                at = next(i for i in range(len(source) - 1, -1, -1) if C.KINGDOM[source[i]] == k)
                cards.append(source.pop(at))
        for i, card in enumerate(cards):
            place = step.places[i] if step.places is not None else None
            target.append(card)
            if place is None:
                self.places.pop(card, None)
            else:
                self.places[card] = place
            self.moved.append((self.step + 1, card, step.source, step.to, place))  # P3.2: every card moved
        self.step += 1
        if self.step == len(steps):
            self.current_player = -1

    def is_terminal(self) -> bool:
        return self.current_player < 0

    def returns(self) -> list[float]:
        return [0.0]  # P3.4: a ritual has no winner

    def scores(self) -> list[Any]:
        return [0]

    @staticmethod
    def _shown(player: int | None, source: str, target: str) -> bool:
        """Does ``player`` see which card a move moved? The user sees every card they move; a spectator
        only cards that were or became face up (as at Level 1, spec section 7)."""
        return player == 0 or source in FACE_UP or target in FACE_UP

    def view(self, player: int | None) -> dict[str, Any]:
        ritual = self.game.ritual
        lang = current_language()
        steps = ritual.steps
        done = self.current_player < 0
        positions: dict[str, Any] = {}
        for p in POSITIONS:
            pile = self.piles[p]
            if p == "unknown" or (p in PRIVATE and player != 0):
                positions[p] = {"title": position_title(p), "size": len(pile), "cards": None}
            else:
                positions[p] = {"title": position_title(p), "size": len(pile),
                                "cards": [_card(c, ritual.place_anywhere(self.places.get(c), lang)) for c in pile]}
        moved = []
        for number, card, source, target, place in self.moved:
            entry = {"step": number, "from": source, "to": target, "place": ritual.place(number - 1, place, lang)}
            if self._shown(player, source, target):
                entry.update(card=card, label=C.long_label(card))
            else:
                entry.update(card=None, label=None)
            moved.append(entry)
        current = None
        if not done:
            step = steps[self.step]
            current = {"number": self.step + 1, "of": len(steps), **step.to_json(lang),
                       "from_title": position_title(step.source), "to_title": position_title(step.to)}
        return {
            "game": self.game.info.name,
            "level": 3,
            "proposal": _(PROPOSAL),
            "viewer": player,
            "players": 1,
            "phase": "done" if done else "ritual",
            "current_player": self.current_player,
            "ritual": {"name": ritual.name, "title": ritual.text("title", lang), "note": ritual.text("note", lang),
                       "steps": len(steps),
                       "source": ritual.source},
            "steps_done": self.step,
            "step": current,  # P3.2: the step to confirm, with its text
            "positions": positions,
            "moved": moved,  # P3.2: every card moved, in order
            "last_action": {"player": self.history[-1][0], **self.history[-1][1].to_json()} if self.history else None,
            "result": {"winners": [], "steps": len(steps), "cards_moved": len(self.moved),
                       "note": _("a ritual has no winner")} if done else None,
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng.state(),
            "history": [[p, a.to_json()] for p, a in self.history],
            "current_player": self.current_player,
            "ritual": {"name": self.game.ritual.name, "digest": self.game.ritual.digest},
            "step": self.step,
            "piles": {p: list(pile) for p, pile in self.piles.items()},
            "places": {str(c): place for c, place in sorted(self.places.items())},
            "moved": [list(m) for m in self.moved],
        }
