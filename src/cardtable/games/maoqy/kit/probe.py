"""MAOQY's probe: standing is the cards in a seat's street(s) (what MAOQY-8.4 compares); the impact features
are the kingdoms of a seat's streets (``street of red``) and whether it moved first."""

from __future__ import annotations

from typing import Any

from cardtable.games.maoqy import cards as C

from cardtable.engine.i18n import N_

from cardtable.engine.probe import Probe


class MaoqyProbe(Probe):
    standing_label = N_("cards in the street(s)")
    feature_label = N_("kingdom of a street")

    def standing(self, state: Any) -> list[float]:
        return [float(x) for x in state.scores()]

    def features(self, state: Any) -> list[list[str]]:
        feats: list[list[str]] = [[] for _ in range(state.n)]
        for kingdom, seat in enumerate(state.claimed):
            if seat >= 0:
                feats[seat].append(f"street of {C.KINGDOMS[kingdom]}")  # i18n: no (a key of balance.json)
        return [sorted(f) for f in feats]

    def extra(self, state: Any) -> dict[str, float]:
        return {"turns": float(state.turn)}
