"""A Mojo player that plays the way a good player does, from its own view only.

It scores every legal choice by what its hand would cost if the round ended soon:
- the raw score (the highest card of each colour), so it sheds the top card of a colour it holds
  alone and keeps duplicates, whose removal saves nothing;
- the expected rise of that score when a play forces a draw, over the cards it has not seen;
- a price per card still held, lowered when an opponent is in (or close to) the Mojo moment,
  because then the round is about to end and only the score counts;
- the Mojo card's +10 when it would freeze its hand above what the others are likely to hold;
- a small bonus for an equal play (the turn goes on) and for leaving a low top to the next player.
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from cardtable.engine import Action, Game
from cardtable.engine.agent import Agent, Observation

from ..actions import Draw, Play


# Expected raw score by hand size, per card table; computed once per process.
_EXPECTED_RAW: dict[tuple[int, ...], list[float]] = {}


class MojoHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        cards = game.catalogue()["cards"]
        colours = game.catalogue()["colours"]
        self.value = [c["value"] for c in cards]
        self.colour = [colours.index(c["colour"]) for c in cards]
        key = tuple(self.value)
        if key not in _EXPECTED_RAW:
            _EXPECTED_RAW[key] = self._expected_raw_table(len(cards))
        self.expected_raw = _EXPECTED_RAW[key]

    def _expected_raw_table(self, num_cards: int) -> list[float]:
        """Mean raw score of k cards drawn at random from the full deck, k = 0 … 40 (fixed sample)."""
        rng = random.Random(12345)
        table = []
        ids = list(range(num_cards))
        for k in range(41):
            total = 0
            for _ in range(300):
                total += self._raw(rng.sample(ids, k))
            table.append(total / 300)
        return table

    def _raw(self, hand: Sequence[int]) -> int:
        best = [0, 0, 0, 0, 0]
        for c in hand:
            v = self.value[c]
            if v > best[self.colour[c]]:
                best[self.colour[c]] = v
        return sum(best)

    def _reveal_order(self, a: Any) -> tuple[int, int]:
        """A reveal's place in the bot's order: the lowest known card first, then by position."""
        return (self.value[a.card] if a.card is not None else 0, a.position or 0)

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        me = view["seats"][obs.player]
        first = legal[0].type
        if first == "reveal":
            # Every face-down card counts anyway; showing the lowest first tells the others least.
            return min(legal, key=self._reveal_order)
        hand = me["hand"]
        unseen = self._unseen(view, hand)
        if first == "draw":
            return self._choose_draw(legal, view, hand, unseen)
        return self._choose_play(legal, view, hand, unseen)

    # -- helpers -------------------------------------------------------------------------------
    def _unseen(self, view: dict[str, Any], hand: list[int]) -> list[int]:
        seen = set(hand)
        for pile in view["piles"]:
            seen.update(pile)
        for seat in view["seats"]:
            seen.update(seat["revealed"])
            seen.update(seat.get("facedown", ()))
        return [c for c in range(len(self.value)) if c not in seen]

    def _draw_cost(self, hand: list[int], unseen: list[int]) -> float:
        """Expected rise of the raw score when one unseen card joins ``hand``."""
        if not unseen:
            return 0.0
        best = [0, 0, 0, 0, 0]
        for c in hand:
            v = self.value[c]
            if v > best[self.colour[c]]:
                best[self.colour[c]] = v
        rise = 0
        for c in unseen:
            v = self.value[c]
            b = best[self.colour[c]]
            if v > b:
                rise += v - b
        return rise / len(unseen)

    def _opponents_low(self, view: dict[str, Any], me: int) -> float:
        """A guess at the lowest raw score among the opponents at the end of the round."""
        guesses = []
        for seat in view["seats"]:
            if seat["seat"] == me:
                continue
            held = seat["hand_size"] + seat["facedown_size"]
            revealed = seat["revealed"]
            guess = self.expected_raw[min(held, 40)]
            if revealed:
                guess = max(guess, self._raw(revealed)) + 0.5 * held
            guesses.append(guess)
        return min(guesses) if guesses else 0.0

    def _pressure(self, view: dict[str, Any], me: int) -> float:
        """Price of one more card in hand: high while the round is young, low when it is about to end."""
        threshold = view["threshold"]
        urgent = any(
            s["in_mojo"] or s["hand_size"] <= threshold + 1 for s in view["seats"] if s["seat"] != me
        )
        return 0.6 if urgent else 2.0

    def _cost_after_turn(self, hand_after: list[int], view: dict[str, Any], me: int) -> float:
        n = len(hand_after)
        if n == 0:
            return -100.0  # going out: the round ends and this player scores 0 (MOJO-5.8)
        raw = self._raw(hand_after)
        if n <= view["threshold"] and not view["seats"][me]["in_mojo"]:
            # The hand freezes into the Mojo moment; the +10 comes when others end lower.
            low = self._opponents_low(view, me)
            risk = 1.0 / (1.0 + math.exp(-(raw - low) / 2.5))
            return raw + 10.0 * risk - 4.0
        return raw + self._pressure(view, me) * n

    def _choose_play(self, legal: list[Action], view: dict[str, Any], hand: list[int], unseen: list[int]) -> Action:
        me = view["viewer"]
        piles = view["piles"]
        best_action, best_cost = None, math.inf
        for action in legal:
            if action.type == "stop":
                cost = self._cost_after_turn(hand, view, me)
            else:
                assert isinstance(action, Play)
                card = action.card
                top = self.value[piles[action.pile][-1]]
                value = self.value[card]
                after = [c for c in hand if c != card]
                if value < top:
                    cost = self._cost_after_turn(after, view, me)
                elif value == top:
                    cost = self._cost_after_turn(after, view, me) - (1.5 if after else 0.0)
                else:
                    cost = self._cost_after_turn(after, view, me) + self._draw_cost(after, unseen) + self._pressure(view, me)
                cost += 0.08 * value  # a low top card makes the next player draw
            cost += self.rng.random() * 1e-6  # seeded tie-break
            if cost < best_cost:
                best_action, best_cost = action, cost
        assert best_action is not None, "a turn offers a play"
        return best_action

    def _choose_draw(self, legal: list[Action], view: dict[str, Any], hand: list[int], unseen: list[int]) -> Action:
        deck_cost = self._draw_cost(hand, unseen)
        best: tuple[float, Action] | None = None
        for action in legal:
            assert isinstance(action, Draw)
            if action.source == "deck" or action.pile is None:
                cost = deck_cost
            else:
                card = view["piles"][action.pile][-1]
                cost = self._raw(hand + [card]) - self._raw(hand) - 0.3  # known now, and it leaves the pile
            if best is None or cost < best[0]:
                best = (cost, action)
        assert best is not None, "a draw choice offers the deck and a pile"
        return best[1]
