"""What a seat (or a spectator) sees of a MAOQY game: the view, built fresh for each reader (spec section 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards as C
from .rules_tables import DIRECTION_NAMES, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import MaoqyState


def view(self: MaoqyState, player: int | None) -> dict[str, Any]:
    """Spec section 7. Every position's public cards; of hidden cards only counts and, with
    backs_show_kingdom, the kingdoms their backs show; a seat's own hidden hand and hiding place."""
    backs = self.backs
    back = C.BACK
    order = C.BACK_ORDER
    seats = []
    for i in range(self.n):
        own = i == player
        seat: dict[str, Any] = {
            "seat": i,
            "hand_size": len(self.hands[i]),
            "hand_public": sorted(self.public[i]),
            "open": list(self.opened[i]),
            "streets": [list(s) for s in self.streets[i]],
            "street_cards": sum(len(s) for s in self.streets[i]),
            "hiding_size": len(self.hiding[i]),
            "hand_backs": sorted((back[c] for c in self.hands[i]), key=order.__getitem__) if backs or own else None,
            "hiding_backs": sorted((back[c] for c in self.hiding[i]), key=order.__getitem__) if backs or own else None,
        }
        if own:
            seat["hand"] = sorted(self.hands[i])
            seat["hiding"] = list(self.hiding[i])
        seats.append(seat)
    over = self.phase is OVER
    return {
        "game": "maoqy",
        "viewer": player,
        "players": self.n,
        "phase": PHASE_NAMES[self.phase],
        "current_player": self.current_player,
        "first_player": self.first_player,
        "direction": DIRECTION_NAMES[self.direction],
        "turn": self.turn,
        "turn_limit": self.turn_limit,
        "passes": self.passes,
        "hand_limit": self.limit,
        "first_draw": [[{"seat": s, "card": c} for s, c in shown] for shown in self.first_draw],
        "unknown_size": len(self.unknown),
        "unknown_top_back": back[self.unknown[-1]] if backs and self.unknown else None,
        "known": list(self.known),
        "seats": seats,
        "last_action": self._last_action(player),
        "result": {"winners": list(self.winners), "reason": self.end_reason, "street_cards": self.scores()} if over else None,
    }


def last_action(self: MaoqyState, viewer: int | None) -> dict[str, Any] | None:
    """The last action as everybody saw it: the card of a hide or of a take-back from a hiding place
    only for the player who made it."""
    if not self.history:
        return None
    actor, a = self.history[-1]
    return {"actor": actor, **self.game.public_action(a, actor, viewer)}  # "player" stays the open hand's owner
