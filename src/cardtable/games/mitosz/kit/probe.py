"""Mítosz's probe: standing is each player's power points (MIT-1.1.1); the impact features are the cards a
seat brought into play (``played Fire Drake``: the card was on the board or on the stack at some point) and
the seat's deck (``deck frost-clans``), so a designer sees both a card's weight and a deck's. A unit's group
is its deck: a card is compared with the other games of its own deck (with the deck's own win rate in
them), not with the other deck's."""

from __future__ import annotations

from typing import Any

from cardtable.engine.i18n import N_

from cardtable.engine.probe import Probe

_IN_PLAY = ("board", "stack")


class MitoszProbe(Probe):
    standing_label = N_("power points")
    feature_label = N_("card played (or deck)")

    def start(self, state: Any) -> None:
        self.played: set[int] = set()

    def after(self, state: Any, actor: int, action: Any) -> None:
        # Every card ever in play, not only those still there: a card that was summoned and then killed
        # counts as played. A scan of ~120 cards per action is cheap next to the rules.
        played = self.played
        for inst in state.cards:
            if inst.zone in _IN_PLAY:
                played.add(inst.iid)

    def standing(self, state: Any) -> list[float]:
        return [float(x) for x in state.scores()]

    def features(self, state: Any) -> list[list[str]]:
        feats: list[set[str]] = [set() for _ in range(state.n)]
        for iid in self.played:
            inst = state.cards[iid]
            feats[inst.owner].add(f"played {inst.d.name}")  # i18n: no (a key of balance.json)
        for seat in range(state.n):
            feats[seat].add(f"deck {self._deck(state, seat)}")  # i18n: no (a key of balance.json)
        return [sorted(f) for f in feats]

    @staticmethod
    def _deck(state: Any, seat: int) -> str:
        return state.game.options["deck_" + "abcd"[seat]]  # type: ignore[no-any-return]  # an option: a deck's name

    def units(self, state: Any, returns: list[float]) -> list[dict[str, Any]]:
        units = super().units(state, returns)
        for unit in units:
            unit["group"] = self._deck(state, unit["seat"])
        return units
