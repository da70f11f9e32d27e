"""Mojo's probe: standing is minus the running total (low totals win, MOJO-7); the impact unit is a round.

Per round and seat the features are the card values of the opening hand (``value 12 in hand``: at least one
card of that value dealt) and whether the seat ended the round; the outcome is winning the round (the lowest
round score, shared on a tie). A game has a handful of rounds and every hand holds most values, so the round
is the unit that can show a value's weight; a whole game would average it away.
"""

from __future__ import annotations

from typing import Any

from cardtable.games.mojo import cards as C

from cardtable.engine.i18n import N_

from cardtable.engine.probe import Probe


class MojoProbe(Probe):
    standing_label = N_("points below the others (running totals; low wins)")
    feature_label = N_("opening hand of a round")
    unit_label = N_("round")

    def start(self, state: Any) -> None:
        self.hands: list[list[list[int]]] = []  # per round, per seat: the opening hand
        self.round = 0
        self._snap(state)

    def _snap(self, state: Any) -> None:
        self.hands.append([list(h) for h in state.hands])
        self.round = state.round_no

    def after(self, state: Any, actor: int, action: Any) -> None:
        if state.round_no != self.round and not state.is_terminal():
            self._snap(state)

    def standing(self, state: Any) -> list[float]:
        return [-float(t) for t in state.totals]

    def units(self, state: Any, returns: list[float]) -> list[dict[str, Any]]:
        units = []
        for rnd, hands in zip(state.rounds, self.hands):
            scores = rnd["scores"]
            best = min(scores)
            winners = [s for s, x in enumerate(scores) if x == best]
            for seat, hand in enumerate(hands):
                values = sorted({C.VALUE[c] for c in hand})
                feats = [f"value {v:>2} in hand" for v in values]  # i18n: no (a key of balance.json)
                if rnd.get("ender") == seat:
                    feats.append("ended the round")  # i18n: no (a key of balance.json)
                units.append({"seat": seat, "features": feats,
                              "outcome": 1.0 / len(winners) if seat in winners else 0.0})
        return units

    def extra(self, state: Any) -> dict[str, float]:
        return {"rounds": float(len(state.rounds))}
