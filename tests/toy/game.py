"""High card: each of two players holds three of the cards 1-9, hidden (three stay out, unseen); in turn each lays one face up, and
the higher card of a pair wins a trick. The most tricks after three pairs wins. Small on purpose: it has
hidden cards (so a search bot needs its ``resample``), a turn order and a score."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from cardtable.engine import Action, ActionCodec, Game, GameInfo, IllegalAction, State, action
from cardtable.engine.core import copied, nested, own, record
from cardtable.engine.kit import Kit
from cardtable.engine.rng import Rng

HERE = __name__.rsplit(".", 1)[0]


@action("lay")
class Lay(Action):
    card: int


class HighCard(Game):
    info = GameInfo(name="highcard", title="High card", summary="lay the higher card", min_players=2,
                    max_players=2, default_players=2, rules_version="1", turn_rule="HC-1")
    codec = ActionCodec(Lay)
    kit = Kit(heuristic=f"{HERE}.kit:Highest", resample=f"{HERE}.kit:redeal", terminal=f"{HERE}.kit",
              view_model=f"{HERE}.view_model:HighCardView")

    def new_initial_state(self, seed: int | None = None) -> "HighCardState":
        return HighCardState(self, 0 if seed is None else seed)


@record(copy="clone")
class HighCardState(State):
    # Every field once, with how a clone takes it (engine.core): the clone is compiled from this list.
    game: HighCard
    seed: int
    history: list[tuple[int, Action]] = copied()
    rng: Rng = own()
    hands: list[list[int]] = nested()
    out: list[int] = copied()
    table: list[int] = copied()
    tricks: list[int] = copied()
    laid: list[int] = copied()
    current_player: int
    clone: ClassVar[Callable[[HighCardState], HighCardState]]

    def __init__(self, game: HighCard, seed: int):
        self.game, self.seed, self.history = game, seed, []
        self.rng = Rng(seed, "deal")
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[:3]), sorted(deck[3:6])]
        self.out = sorted(deck[6:])  # never seen by anyone
        self.table = []  # the cards of the open pair
        self.tricks = [0, 0]
        self.laid = []  # every card laid, in order (public)
        self.current_player = 0

    def legal_actions(self) -> list[Action]:
        return [Lay(c) for c in self.hands[self.current_player]] if self.current_player >= 0 else []

    def _apply(self, a: Action) -> None:
        if not isinstance(a, Lay) or a.card not in self.hands[self.current_player]:
            raise IllegalAction("HC-2", "lay a card of your own hand")
        self.hands[self.current_player].remove(a.card)
        self.table.append(a.card)
        self.laid.append(a.card)
        if len(self.table) == 2:  # HC-3: the higher card takes the pair, and leads next
            first_leader = self.current_player ^ 1
            winner = first_leader if self.table[0] > self.table[1] else self.current_player
            self.tricks[winner] += 1
            self.table = []
            self.current_player = winner if self.hands[winner] else -1
        else:
            self.current_player ^= 1

    def is_terminal(self) -> bool:
        return self.current_player < 0

    def returns(self) -> list[float]:
        a, b = self.tricks
        return [1.0, 0.0] if a > b else [0.0, 1.0] if b > a else [0.5, 0.5]

    def scores(self) -> list[Any]:
        return list(self.tricks)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"hand": list(self.hands[player]) if player is not None else None, "table": list(self.table),
                "tricks": list(self.tricks), "held": [len(h) for h in self.hands], "laid": list(self.laid),
                "to_act": self.current_player}

    def snapshot(self) -> dict[str, Any]:
        return {"hands": self.hands, "out": self.out, "table": self.table, "tricks": self.tricks, "laid": self.laid,
                "to_act": self.current_player, "rng": self.rng.state()}
