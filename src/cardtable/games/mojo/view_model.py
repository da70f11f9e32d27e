"""What a Mojo seat (or a spectator) is sent: the view of spec section 7 as a typed model. ``view.py`` builds it;
this model is its contract (``cardtable schema mojo --views``), checked against random games' views."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

_CLOSED = ConfigDict(extra="forbid", use_attribute_docstrings=True)


class MojoSeat(BaseModel):
    """One seat as the reader sees it: counts of what is hidden, every public card."""

    model_config = _CLOSED
    seat: int
    total: int
    hand_size: int
    facedown_size: int
    revealed: list[int]
    """the face-down cards turned up in the Mojo moment (MOJO-5.6)"""  # i18n: no (the view's JSON Schema: for programmers)
    in_mojo: bool
    known: list[int]
    """cards of this hand everybody knows of (drawn from a pile)"""  # i18n: no (the view's JSON Schema: for programmers)
    hand: list[int] | None = None
    """the reader's own hand (every hand at the end)"""  # i18n: no (the view's JSON Schema: for programmers)
    facedown: list[int] | None = None
    """the reader's own face-down row, when the owner may see it (every row at the end)"""  # i18n: no (the view's JSON Schema: for programmers)


class MojoCard(BaseModel):
    """The Mojo card: its side and who holds it."""

    model_config = _CLOSED
    side: Literal["0", "+10"]
    holder: int | None


class MojoPending(BaseModel):
    """What the player to act is in the middle of."""

    model_config = _CLOSED
    replay: bool
    """an equal play was made: play again, or stop (MOJO-4.3.2)"""  # i18n: no (the view's JSON Schema: for programmers)
    draw_choice: int | None
    """a higher play in the two-pile variant: the other pile, whose top may be drawn (MOJO-8.3)"""  # i18n: no (the view's JSON Schema: for programmers)


class MojoRound(BaseModel):
    """A finished round, as its sheet shows it."""

    model_config = _CLOSED
    round: int
    first_player: int
    direction: Literal["clockwise", "counter-clockwise"]
    ender: int
    holder: int | None
    mojo_side: Literal["0", "+10"]
    cards: list[list[int]]
    raw: list[int]
    scores: list[int]
    totals: list[int]


class MojoResult(BaseModel):
    """The end of the match: the lowest total wins, ties share (MOJO-7.3)."""

    model_config = _CLOSED
    winners: list[int]
    totals: list[int]


class MojoView(BaseModel):
    """A Mojo match as one reader sees it (``viewer`` null: a spectator, who sees only public cards)."""

    model_config = _CLOSED
    game: Literal["mojo"]
    viewer: int | None
    players: int
    round: int
    phase: Literal["play", "replay", "draw_choice", "over"]
    current_player: int
    direction: Literal["clockwise", "counter-clockwise"]
    threshold: int
    mojo_card: MojoCard
    draw_pile: int
    piles: list[list[int]]
    pending: MojoPending
    seats: list[MojoSeat]
    rounds: list[MojoRound]
    result: MojoResult | None
