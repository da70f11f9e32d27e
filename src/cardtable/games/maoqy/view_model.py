"""What a MAOQY seat (or a spectator) is sent: the view of spec section 7 as a typed model. ``view.py`` builds it;
this model is its contract (``cardtable schema maoqy --views``), checked against random games' views."""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import Field

from cardtable.engine.view_model import ViewModel

from .cards import BACK_ORDER


#: What a card's back shows (OP-10): its kingdom's name, colour or other, or "extra" for a kingdomless extra card.
Back = Literal["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white",
               "black", "humans", "earthly", "cosmos", "nature", "extra"]
assert set(get_args(Back)) == set(BACK_ORDER), "the backs of the model are the backs of cards.py"


class MaoqyShown(ViewModel):
    """One card of the first-player draw (MAOQY-3.1): who drew it, face up."""

    seat: int
    card: int


class MaoqySeat(ViewModel):
    """One seat as the reader sees it: its public cards, counts of its hidden ones."""

    seat: int
    hand_size: int
    hand_public: list[int]
    """cards of this hidden hand everybody saw arrive (drawn face up)"""  # i18n: no (the view's JSON Schema: for programmers)
    open: list[int]
    """the open hand, face up"""  # i18n: no (the view's JSON Schema: for programmers)
    streets: list[list[int]]
    """each street in number order"""  # i18n: no (the view's JSON Schema: for programmers)
    street_cards: int
    hiding_size: int
    hand_backs: list[Back] | None
    """the backs of the hidden hand, in kingdom order (null when backs_show_kingdom is off, except for the owner)"""  # i18n: no (the view's JSON Schema: for programmers)
    hiding_backs: list[Back] | None
    """the backs of the hiding place, in kingdom order (null as for hand_backs)"""  # i18n: no (the view's JSON Schema: for programmers)
    hand: list[int] | None = None
    """the reader's own hidden hand, sorted (only in the owner's view)"""  # i18n: no (the view's JSON Schema: for programmers)
    hiding: list[int] | None = None
    """the reader's own hiding place (only in the owner's view)"""  # i18n: no (the view's JSON Schema: for programmers)


class _Last(ViewModel):
    """The last action, as the reader saw it: who made it, then its JSON form (spec section 6)."""

    actor: int


class MaoqyLastDirection(_Last):
    """The first player's choice of the direction of play (MAOQY-3.5)."""

    type: Literal["direction"]
    value: Literal["cw", "ccw"]


class MaoqyLastDraw(_Last):
    """A draw (MAOQY-5) from the Unknown, the Known, an open hand or one's hiding place ("hand" and "street" are never legal)."""

    type: Literal["draw"]
    from_: Literal["unknown", "known", "open", "hiding"] = Field(alias="from")
    player: int | None = None
    """the owner of the open hand drawn from (a draw from an open hand only)"""  # i18n: no (the view's JSON Schema: for programmers)
    card: int | None = None
    """the card drawn, when the draw named it; a take-back from a hiding place names it only to the actor"""  # i18n: no (the view's JSON Schema: for programmers)


class MaoqyLastDiscard(_Last):
    """A card discarded onto the Known (MAOQY-6.1)."""

    type: Literal["discard"]
    card: int


class MaoqyLastOpen(_Last):
    """A card laid into the open hand (MAOQY-6.2)."""

    type: Literal["open"]
    card: int


class MaoqyLastHide(_Last):
    """A card put into the hiding place (MAOQY-6.3)."""

    type: Literal["hide"]
    card: int | None = None
    """the card hidden: only in the actor's view"""  # i18n: no (the view's JSON Schema: for programmers)


class MaoqyLastStreet(_Last):
    """Cards laid into a street, opening or extending it (MAOQY-6.4)."""

    type: Literal["street"]
    cards: list[int]


class MaoqyLastPass(_Last):
    """A pass (MAOQY-7.1)."""

    type: Literal["pass"]


MaoqyLastAction = Annotated[
    Union[MaoqyLastDirection, MaoqyLastDraw, MaoqyLastDiscard, MaoqyLastOpen, MaoqyLastHide, MaoqyLastStreet,
          MaoqyLastPass],
    Field(discriminator="type"),
]


class MaoqyResult(ViewModel):
    """The end of the game: why it ended, who won, the cards in each player's streets (MAOQY-8)."""

    winners: list[int]
    """empty when nobody has a street (MAOQY-8.4)"""  # i18n: no (the view's JSON Schema: for programmers)
    reason: Literal["complete", "deadlock", "turn_limit"]
    street_cards: list[int]


class MaoqyView(ViewModel):
    """A MAOQY game as one reader sees it (``viewer`` null: a spectator, who sees only public cards and counts)."""

    game: Literal["maoqy"]
    viewer: int | None
    players: int
    phase: Literal["direction", "play", "over"]
    current_player: int
    """-1 once the game is over"""  # i18n: no (the view's JSON Schema: for programmers)
    first_player: int
    direction: Literal["cw", "ccw"] | None
    """null until the first player has chosen it"""  # i18n: no (the view's JSON Schema: for programmers)
    turn: int
    turn_limit: int
    passes: int
    """passes in a row so far (a full cycle ends the game, MAOQY-8.2)"""  # i18n: no (the view's JSON Schema: for programmers)
    hand_limit: int
    first_draw: list[list[MaoqyShown]]
    """the rounds of the first-player draw, each the cards shown in it"""  # i18n: no (the view's JSON Schema: for programmers)
    unknown_size: int
    unknown_top_back: Back | None
    """the back of the Unknown's top card (null when empty or when backs_show_kingdom is off)"""  # i18n: no (the view's JSON Schema: for programmers)
    known: list[int]
    """the Known, face up, its top last"""  # i18n: no (the view's JSON Schema: for programmers)
    seats: list[MaoqySeat]
    last_action: MaoqyLastAction | None
    result: MaoqyResult | None
