"""MAOQY Level 2 — "can be used like an oracle": a card reading, not a contest. A PROPOSAL (spec 10.1,
P2.1-P2.5), not a rule of MAOQY, and labelled so wherever it is shown.

One user (seat 0) asks for a reading: the standard deck (204 cards, Level 1's card IDs) is shuffled with
the seed, and each ``reveal`` lays the top card of the Unknown face up on the next position of the
spread (P2.2). Every card is shown with its position's, kingdom's and number's meanings, and with its
complementary kingdom's meaning as the "counter-force" (P2.3); drawn cards of complementary kingdoms are
marked as tension pairs (P2.4). The texts come from a named meanings set (P2.5, ``levels_data``); the
question is stored and shown, never interpreted (P2.1). The reading is over when every position has
its card. It has no winner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.engine import GAME_OVER, Action, ActionCodec, Game, GameInfo, IllegalAction, Option, State, action
from cardtable.engine.core import copied, own, record
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import N_, Translator, current_language
from cardtable.engine.rng import Rng

from . import cards as C
from .levels_data import SPREADS, DataSetOption, load_meanings

_ = Translator("maoqy")

PROPOSAL = N_("MAOQY Level 2 (oracle) is a proposal (spec 10.1), not a rule of MAOQY. The meanings come from "
              "a data file; the software invents none.")
TITLE = N_("MAOQY Level 2 — oracle (proposal)")
SUMMARY = N_("A card reading, not a contest (a proposal, not a rule): 1, 3 or 5 cards, each with its "
             "meanings from a data file; no winner.")
#: the packaged spreads' position names, as a person reads them (a designer's own names are shown as written)
POSITION_NAMES = {"past": N_("past"), "present": N_("present"), "future": N_("future"), "single": N_("single"),
                  "first": N_("first"), "second": N_("second"), "third": N_("third"), "fourth": N_("fourth"),
                  "fifth": N_("fifth")}


def position_title(name: str) -> str:
    return _(POSITION_NAMES[name]) if name in POSITION_NAMES else name


@action("reveal")
class Reveal(Action):
    """P2.2: draw the top card of the Unknown face up onto the next position."""


REVEAL = Reveal()
CODEC = ActionCodec(Reveal)

OPTIONS = (
    Option("spread", 3, N_("how many positions the reading has: 1, 3 (past, present, future) or 5"), "P2.1",
           choices=SPREADS),
    Option("question", "", N_("the question asked (at most 500 characters); stored and shown, never interpreted"),
           "P2.1", text=True, max_length=500),
    DataSetOption("meanings", "default", N_("the meanings set: kingdom, number and position texts (a name, never "
                                            "a path; designers add sets in $CARDTABLE_DATA_DIR/maoqy/meanings-<name>.yaml)"), "P2.5",
                  kind="meanings"),
)


class MaoqyOracleGame(Game):
    info = GameInfo(
        name="maoqy-oracle",
        title=TITLE,
        summary=SUMMARY,
        min_players=1,
        max_players=1,
        default_players=1,
        rules_version="maoqy-oracle/proposal-1",
        turn_rule="P2.2",
        docs="docs/maoqy.md",
        rule_pattern=r"P2\.\d+(?:\.\d+)*",
    )
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        self.meanings = load_meanings(self.options["meanings"])  # DataFileError naming file, entry and field
        self.positions = self.meanings.spreads[self.options["spread"]]

    def new_initial_state(self, seed: int | None = None) -> "OracleState":
        return OracleState(self, fresh_seed(seed))

    def describe(self) -> dict[str, Any]:
        from .game import translated_description

        return {**translated_description(super().describe()), "title": _(TITLE), "level": 2, "proposal": _(PROPOSAL),
                "docs": self.info.docs}

    def catalogue(self) -> dict[str, Any]:
        return {
            "proposal": _(PROPOSAL),
            "meanings": self.meanings.to_json(current_language()),
            "positions": list(self.positions),
            "position_titles": [position_title(p) for p in self.positions],
            "kingdoms": [{"index": k, "name": name, "name_de": C.KINGDOMS_DE[k], "complement": C.KINGDOMS[C.COMPLEMENT[k]],
                          "title": C.kingdom_name(k)} for k, name in enumerate(C.KINGDOMS)],
            "figures": list(C.FIGURES),
            "figures_de": list(C.FIGURES_DE),
            "figure_titles": [C.figure_name(n) for n in range(1, C.PER_KINGDOM + 1)],
        }

    def action_label(self, action: Action) -> str:
        if isinstance(action, Reveal):
            return _("reveal the next card")
        return str(action)

    def card_reading(self, card: int) -> dict[str, Any]:
        """P2.3: a card with its kingdom's and number's meanings and its complement's as the counter-force."""
        lang = current_language()
        m = self.meanings
        k = C.KINGDOM[card]
        number = C.NUMBER[card]
        complement = C.KINGDOMS[C.COMPLEMENT[k]]
        return {
            "id": card,
            "label": C.long_label(card),
            "kingdom": C.KINGDOMS[k],
            "kingdom_de": C.KINGDOMS_DE[k],
            "kingdom_title": C.kingdom_name(k),
            "kingdom_meaning": m.kingdom(C.KINGDOMS[k], lang),
            "number": number,
            "figure": C.FIGURES[number - 1],
            "figure_de": C.FIGURES_DE[number - 1],
            "figure_title": C.figure_name(number),
            "number_meaning": m.number(number, lang),
            "complement": complement,
            "complement_title": C.kingdom_name(C.COMPLEMENT[k]),
            "counter_force": m.kingdom(complement, lang),
        }


@record(copy="clone")
class OracleState(State):
    game: MaoqyOracleGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Action]] = copied()
    current_player: int
    unknown: list[int] = copied()
    drawn: list[int] = copied()  # the card of each position, in order
    clone: ClassVar[Callable[[OracleState], OracleState]]

    def __init__(self, game: MaoqyOracleGame, seed: int):
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        unknown = C.deck(C.KINGDOMS)  # P2.2: the standard deck, 204 cards, Level 1's card IDs
        self.rng.shuffle(unknown)  # the top of the Unknown is the last element, as at Level 1
        self.unknown = unknown
        self.drawn = []  # the card of each position, in order
        self.current_player = 0

    # -- the interface -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return [REVEAL] if self.current_player == 0 else []

    def _apply(self, action: Action) -> None:
        if self.current_player < 0:
            raise IllegalAction(GAME_OVER, _("the reading is complete: every position has its card"))
        if not isinstance(action, Reveal):  # pragma: no cover - the codec knows only reveal
            raise IllegalAction("P2.2", _("a reading only reveals cards, not {action}", action=action), [REVEAL.to_json()])
        self.drawn.append(self.unknown.pop())  # P2.2: one card per position, face up, in order
        if len(self.drawn) == len(self.game.positions):
            self.current_player = -1

    def is_terminal(self) -> bool:
        return self.current_player < 0

    def returns(self) -> list[float]:
        return [0.0]  # a reading has no winner

    def scores(self) -> list[Any]:
        return [0]

    def tension_pairs(self) -> list[dict[str, Any]]:
        """P2.4: every two drawn cards whose kingdoms are complementary."""
        positions = self.game.positions
        pairs = []
        for i, a in enumerate(self.drawn):
            for j in range(i + 1, len(self.drawn)):
                b = self.drawn[j]
                if C.COMPLEMENT[C.KINGDOM[a]] == C.KINGDOM[b]:
                    pairs.append({"positions": [positions[i], positions[j]], "indexes": [i, j], "cards": [a, b],
                                  "kingdoms": [C.KINGDOMS[C.KINGDOM[a]], C.KINGDOMS[C.KINGDOM[b]]]})
        return pairs

    def view(self, player: int | None) -> dict[str, Any]:
        game = self.game
        lang = current_language()
        m = game.meanings
        question = game.options["question"]
        done = self.current_player < 0
        positions: list[dict[str, Any]] = []
        for i, name in enumerate(game.positions):
            card = self.drawn[i] if i < len(self.drawn) else None
            positions.append({
                "index": i,
                "position": name,
                "position_title": position_title(name),
                "position_meaning": m.position(name, lang),
                "card": game.card_reading(card) if card is not None else None,
            })
        pairs = self.tension_pairs()
        return {
            "game": game.info.name,
            "level": 2,
            "proposal": _(PROPOSAL),
            "viewer": player,
            "players": 1,
            "phase": "done" if done else "reading",
            "current_player": self.current_player,
            "question": question or None,  # P2.1: stored and shown, never interpreted
            "spread": len(game.positions),
            "meanings": {"name": m.name, "title": m.text("title", lang), "placeholders": m.placeholders, "source": m.source},
            "unknown_size": len(self.unknown),
            "revealed": len(self.drawn),
            "next_position": None if done else game.positions[len(self.drawn)],
            "positions": positions,
            "tension_pairs": pairs,
            "last_action": {"player": self.history[-1][0], **self.history[-1][1].to_json()} if self.history else None,
            "result": {"winners": [], "reading": [p["card"]["label"] for p in positions], "tension_pairs": len(pairs),
                       "note": _("a reading has no winner")} if done else None,
        }

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng.state(),
            "history": [[p, a.to_json()] for p, a in self.history],
            "current_player": self.current_player,
            "spread": list(self.game.positions),
            "question": self.game.options["question"],
            "unknown": list(self.unknown),
            "drawn": list(self.drawn),
        }
