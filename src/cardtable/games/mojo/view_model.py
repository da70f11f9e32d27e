"""What a Mojo seat (or a spectator) is sent: the view of spec section 7 as a typed model. ``view.py`` builds it;
this model is its contract (``cardtable schema mojo --views``), checked against random games' views."""

from __future__ import annotations

from typing import Literal

from cardtable.engine.view_model import ViewModel


class MojoSeat(ViewModel):
    """One seat as the reader sees it: counts of what is hidden, every public card."""

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


class MojoCard(ViewModel):
    """The Mojo card: its side and who holds it."""

    side: Literal["0", "+10"]
    holder: int | None


class MojoPending(ViewModel):
    """What the player to act is in the middle of."""

    replay: bool
    """an equal play was made: play again, or stop (MOJO-4.3.2)"""  # i18n: no (the view's JSON Schema: for programmers)
    draw_choice: int | None
    """a higher play in the two-pile variant: the other pile, whose top may be drawn (MOJO-8.3)"""  # i18n: no (the view's JSON Schema: for programmers)


class MojoRound(ViewModel):
    """A finished round, as its sheet shows it."""

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


class MojoResult(ViewModel):
    """The end of the match: the lowest total wins, ties share (MOJO-7.3)."""

    winners: list[int]
    totals: list[int]


class MojoView(ViewModel):
    """A Mojo match as one reader sees it (``viewer`` null: a spectator, who sees only public cards)."""

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
