"""What a seat (or a spectator) sees of a Mojo match: the view, built fresh for each reader (spec section 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phases import DRAW_CHOICE, OVER, PHASE_NAMES, REPLAY

if TYPE_CHECKING:
    from .state import MojoState


def view(self: MojoState, player: int | None) -> dict[str, Any]:
    """Spec section 7. A seat sees its own hand (and face-down row if the option allows), sizes of
    everything else hidden, and every public card; a spectator (None) sees only public cards."""
    over = self.phase is OVER
    seats = []
    for i in range(self.n):
        seat: dict[str, Any] = {
            "seat": i,
            "total": self.totals[i],
            "hand_size": len(self.hands[i]),
            "facedown_size": len(self.down[i]),
            "revealed": list(self.up[i]),
            "in_mojo": self.in_mojo[i],
            "known": sorted(self.known[i]),
        }
        if over or i == player:
            seat["hand"] = sorted(self.hands[i])
            if over or self.owner_sees:
                seat["facedown"] = sorted(self.down[i])
        seats.append(seat)
    return {
        "game": "mojo",
        "viewer": player,
        "players": self.n,
        "round": self.round_no,
        "phase": PHASE_NAMES[self.phase],
        "current_player": self.current_player,
        "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
        "threshold": self.threshold,
        "mojo_card": {"side": "0" if self.mojo_side == 0 else "+10", "holder": self.holder},
        "draw_pile": len(self.deck),
        "piles": [list(pile) for pile in self.piles],
        "pending": {
            "replay": self.phase is REPLAY,
            "draw_choice": self.draw_other if self.phase is DRAW_CHOICE else None,
        },
        "seats": seats,
        "rounds": rounds_copy(self),
        "result": {"winners": list(self.winners), "totals": list(self.totals)} if over else None,
    }

def rounds_copy(self: MojoState) -> list[dict[str, Any]]:
    """Finished-round summaries as fresh values: what a caller does to them never reaches the state."""
    copies = []
    for r in self.rounds:  # the shape _end_round writes: four lists, the cards a list of lists
        c = r.copy()
        c["cards"] = [cards.copy() for cards in r["cards"]]
        c["raw"] = r["raw"].copy()
        c["scores"] = r["scores"].copy()
        c["totals"] = r["totals"].copy()
        copies.append(c)
    return copies
