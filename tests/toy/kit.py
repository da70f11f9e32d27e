"""High card's kit: its heuristic, its redeal and its terminal renderer (the engine's bases only)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from cardtable.engine.agent import Agent, Observation
from cardtable.engine.resample import fresh_rng, shuffled
from cardtable.engine.rng import Rng
from cardtable.engine.terminal import title_rule


class Highest(Agent):
    """Lays its highest card: reads only its view."""

    name = "heuristic"

    def act(self, obs: Observation) -> Any:
        return max(obs.legal_actions, key=lambda a: a.card)


def redeal(state: Any, seat: int, rng: Rng) -> Any:
    """The other hand redealt from the cards ``seat`` has not seen (canonical pool, the copy's own generator)."""
    copy = state.clone()
    other = seat ^ 1
    pool = shuffled(copy.hands[other] + copy.out, rng)
    size = len(copy.hands[other])
    copy.hands[other], copy.out = sorted(pool[:size]), sorted(pool[size:])
    copy.rng = fresh_rng(rng)
    return copy


def render(console: Console, game: Any, view: dict[str, Any], seat_names: list[str]) -> None:
    title_rule(console, f"High card: tricks {view['tricks'][0]}-{view['tricks'][1]}")
    console.print(f"table: {view['table']}  your hand: {view['hand']}")
