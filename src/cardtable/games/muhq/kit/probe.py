"""muhq's probe: standing is ten per victory point plus one per unit on the board (most boards are won by
fighting, and units are what a seat fights with); the impact features are the cards a seat drafted (``drafted Ember Mage``) and bought (``bought
…``), so a designer sees a card's weight in the draft and in the game."""

from __future__ import annotations

from typing import Any

from cardtable.engine.i18n import N_

from cardtable.engine.probe import Probe


class MuhqProbe(Probe):
    feature_label = N_("card drafted or bought")
    standing_label = N_("10 × victory points + units on the board")
    first_label = N_("first turn")
    first_words = N_("the player of the first turn")

    def first_player(self, state: Any) -> int:
        # The draft picks go in seat order, so the first to act is always seat 0 and says nothing about moving
        # first on the board; the player of the first turn is drawn at setup (MUHQ-SETUP-8).
        seat: int = state.active
        return seat

    def standing(self, state: Any) -> list[float]:
        units = [0] * state.n
        for perm in state.perms.values():
            if perm.d.type == "unit" and perm.cell is not None and perm.controller >= 0:  # not neutral ones
                units[perm.controller] += 1
        return [10.0 * p.vp + units[seat] for seat, p in enumerate(state.players)]

    def start(self, state: Any) -> None:
        self.bought: list[set[int]] = [set() for _ in range(state.n)]

    def after(self, state: Any, actor: int, action: Any) -> None:
        # Watched as it happens: an eliminated seat's cards leave the game (MUHQ-WIN-8), so the end state no
        # longer tells what it bought.
        if action.type == "buy":
            self.bought[actor].add(action.card)

    def features(self, state: Any) -> list[list[str]]:
        feats: list[set[str]] = [set() for _ in range(state.n)]
        for cid, owner in enumerate(state.card_owner):
            if owner is None or owner < 0:
                continue
            d = state.card_def[cid]
            if d is None or d.token:
                continue
            feats[owner].add(f"drafted {d.name}")  # i18n: no (a key of balance.json)
        for seat, cards in enumerate(self.bought):
            for cid in cards:
                feats[seat].add(f"bought {state.card_def[cid].name}")  # i18n: no (a key of balance.json)
        return [sorted(f) for f in feats]

    def extra(self, state: Any) -> dict[str, float]:
        return {"turns": float(state.turn)}
