"""How the search bot judges a Mojo position where a rollout stops (a rollout usually plays to the match's end)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.search import SearchProfile, shares

from .. import cards as C

if TYPE_CHECKING:
    from ..state import MojoState


def evaluate(s: MojoState) -> list[float]:
    # totals so far plus what each seat would score if the round ended now; the lowest wins
    return shares([s.totals[i] + C.raw_score(s.hands[i] + s.down[i] + s.up[i]) for i in range(s.n)], min)


PROFILE = SearchProfile(evaluate=evaluate, guided_defaults={"rollout_depth": None})
