"""High card's view as a typed model (``Kit.view_model``): what ``HighCardState.view(seat)`` returns, field by field."""

from __future__ import annotations

from cardtable.engine.view_model import ViewModel


class HighCardView(ViewModel):
    """What one seat (or a spectator) sees of a game of high card."""

    hand: list[int] | None
    """The seat's own cards, lowest first; None for a spectator."""
    table: list[int]
    """The cards of the open pair, in the order laid."""
    tricks: list[int]
    """Tricks won, per seat."""
    held: list[int]
    """How many cards each seat still holds."""
    laid: list[int]
    """Every card laid so far, in order."""
    to_act: int
    """The seat to lay next; -1 once the game is over."""
