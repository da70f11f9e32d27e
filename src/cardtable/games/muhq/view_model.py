"""What a muhq seat (or a spectator) is sent: the view of spec section 9 as a typed model. ``view.py`` builds it
(with ``objects.Perm.to_json`` and ``grid.Grid.fields_json``); this model is its contract (``cardtable schema
muhq --views``), checked against random games' views."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from cardtable.engine.view_model import ViewModel


CardType = Literal["unit", "artifact", "equipment", "spell"]
#: a pair of numbers, sent as a JSON array of two: [x, y] of a field, [value, range] of an attack component (a
#: list, not a tuple: a strict validation takes no array for a tuple)
Pair = Annotated[list[int], Field(min_length=2, max_length=2)]
Coord = Pair
Attack = list[Pair]


# -- cards ------------------------------------------------------------------------------------------------
class MuhqCard(ViewModel):
    """A card in a zone the reader sees (hand, discard pile, store, draft picks, pack, pending equipment)."""

    id: int
    """the card's number in this game"""  # i18n: no (the view's JSON Schema: for programmers)
    card: str
    """its definition's id (a key of ``cards``)"""  # i18n: no (the view's JSON Schema: for programmers)
    name: str
    type: CardType


class MuhqStackSource(ViewModel):
    """The card a stack item came from; its number is left out once it sits in a zone the reader cannot see."""

    id: int | None
    """null once the card is in a deck or in another player's hand (section 9)"""  # i18n: no (the view's JSON Schema: for programmers)
    card: str
    name: str
    type: CardType


class MuhqCardData(ViewModel):
    """The printed data of a card definition (spec 7.2): costs, stats, keywords and its text."""

    name: str
    type: CardType
    text: str
    buy: int | None = None
    play: int | None = None
    upkeep: int | None = None
    """units only, as are life, movement and attack"""  # i18n: no (the view's JSON Schema: for programmers)
    life: int | None = None
    movement: int | None = None
    attack: Attack | None = None
    """[value, range] per attack component"""  # i18n: no (the view's JSON Schema: for programmers)
    armor: int | None = None
    crew: int | None = None
    durability: int | None = None
    solid: int | None = None
    veiled: Literal[True] | None = None
    swimming: Literal[True] | None = None
    landmark: Literal[True] | None = None
    token: Literal[True] | None = None


# -- the board ----------------------------------------------------------------------------------------------
class MuhqField(ViewModel):
    """One field of the board, in reading order (MUHQ-BOARD-3)."""

    type: Literal["normal", "deep_water", "high_ground", "wall"]
    spawn: list[int] | None = None
    """the seats that spawn here"""  # i18n: no (the view's JSON Schema: for programmers)
    income: int | None = None
    area: str | None = None


class MuhqIncome(ViewModel):
    """The resource gained in each upkeep (MUHQ-UPKEEP-1)."""

    base: int
    per_unit: int


class MuhqBoard(ViewModel):
    """The board being played: its grid, areas, income and hand size (spec 6.1)."""

    id: str
    name: str
    width: int
    height: int
    fields: list[MuhqField]
    """width × height fields, row by row"""  # i18n: no (the view's JSON Schema: for programmers)
    areas: dict[str, int]
    """area id -> the points it scores (MUHQ-WIN-5)"""  # i18n: no (the view's JSON Schema: for programmers)
    income: MuhqIncome
    hand_size: int


class MuhqMarkers(ViewModel):
    """The condition markers on a permanent (MUHQ-COND-1); only those it has."""

    paralysis: int | None = None
    poison: int | None = None
    panic: int | None = None
    rage: int | None = None
    protection: int | None = None


class MuhqModifier(ViewModel):
    """A change that lasts until the end of the turn (modify_until_eot, spec 7.6); only the values it changes."""

    attack: int | None = None
    range: int | None = None
    movement: int | None = None
    armor: int | None = None
    life: int | None = None


class MuhqPermanent(ViewModel):
    """A permanent on the board or in a pile, with its current stats (MUHQ-PERM)."""

    id: int
    card: str
    name: str
    type: Literal["unit", "artifact", "equipment"]
    owner: int
    """a seat, or -1: neutral (MUHQ-GEN-6)"""  # i18n: no (the view's JSON Schema: for programmers)
    controller: int
    field: Coord | None
    """[x, y]; null in a pile (then ``base`` names the permanent it stands with)"""  # i18n: no (the view's JSON Schema: for programmers)
    base: int | None
    pile: list[int]
    """crew units and equipment in its pile, in the order they joined (MUHQ-PILE-1)"""  # i18n: no (the view's JSON Schema: for programmers)
    tapped: bool
    damage: int | None = None
    markers: MuhqMarkers | None = None
    durability: int | None = None
    """equipment only: what is left of it (MUHQ-EQUIP-2)"""  # i18n: no (the view's JSON Schema: for programmers)
    move_used: bool | None = None
    """units only, as are attack_used, life, movement, armor and attack (MUHQ-UNIT-4)"""  # i18n: no (the view's JSON Schema: for programmers)
    attack_used: bool | None = None
    until_end_of_turn: list[MuhqModifier] | None = None
    life: int | None = None
    movement: int | None = None
    armor: int | None = None
    attack: Attack | None = None
    """[value, range] per attack component, as modified now"""  # i18n: no (the view's JSON Schema: for programmers)
    veiled: Literal[True] | None = None
    crew: int | None = None
    """its crew capacity"""  # i18n: no (the view's JSON Schema: for programmers)
    swimming: Literal[True] | None = None
    solid: int | None = None
    landmark: Literal[True] | None = None
    role: Literal["vip", "building", "victory_item"] | None = None
    """its part in the board's victory conditions"""  # i18n: no (the view's JSON Schema: for programmers)


# -- players, the stack, triggers, the log ---------------------------------------------------------------
class MuhqPlayer(ViewModel):
    """One seat's counters and zones as the reader sees them (MUHQ-ZONE-1)."""

    seat: int
    alive: bool
    resource: int
    vp: int
    hand_count: int
    hand: list[MuhqCard] | None
    """the reader's own hand; null for the others"""  # i18n: no (the view's JSON Schema: for programmers)
    deck: int
    """how many cards the deck holds"""  # i18n: no (the view's JSON Schema: for programmers)
    discard: list[MuhqCard]
    """in card-number order: the pile is unordered (MUHQ-DISC-1)"""  # i18n: no (the view's JSON Schema: for programmers)
    store: list[MuhqCard]
    drafted: list[MuhqCard] | int | None
    """in the draft: the reader's own picks, or how many the others made; null after the draft"""  # i18n: no (the view's JSON Schema: for programmers)
    pending: list[MuhqCard]
    """equipment played to the next unit (MUHQ-EQUIP-3)"""  # i18n: no (the view's JSON Schema: for programmers)
    bought: bool


class MuhqStackItem(ViewModel):
    """A declared action on the action stack, the last one on top (MUHQ-ACT-4)."""

    kind: Literal["play_permanent", "spell", "move", "attack", "full_action", "free_action", "trigger", "equip",
                  "swap", "carry", "clear_paralysis", "universal"]
    controller: int
    card: MuhqStackSource | None
    """null for the universal free action (MUHQ-PROT-4)"""  # i18n: no (the view's JSON Schema: for programmers)
    targets: dict[str, int]
    """target name (T1 …) -> the chosen permanent or player"""  # i18n: no (the view's JSON Schema: for programmers)
    text: str


class MuhqTrigger(ViewModel):
    """A triggered action waiting to be declared (MUHQ-ACT-7)."""

    controller: int
    card: str
    """the source card's name"""  # i18n: no (the view's JSON Schema: for programmers)


class MuhqLogLine(ViewModel):
    """One line of the game's log, in the reader's language."""

    kind: Literal["declare", "resolve", "trigger", "activate", "phase", "upkeep", "buy"]
    player: int
    text: str


class MuhqDrop(ViewModel):
    """The pile being dropped: its former controller places the members around a field (MUHQ-PILE-4)."""

    controller: int
    field: Coord
    members: list[int]


# -- victory conditions (spec 6.1) -----------------------------------------------------------------------------
class MuhqVipVictory(ViewModel):
    """A player whose VIP leaves the board loses (MUHQ-WIN-3)."""

    kind: Literal["vip"]


class MuhqResourceRaceVictory(ViewModel):
    """The first to reach the target resource wins (MUHQ-WIN-4)."""

    kind: Literal["resource_race"]
    target: int
    combat_steal: int


class MuhqCapturePointsVictory(ViewModel):
    """The first to score the target points from the areas wins (MUHQ-WIN-5)."""

    kind: Literal["capture_points"]
    target: int


class MuhqDestroyBuildingsVictory(ViewModel):
    """A player whose buildings are all destroyed loses (MUHQ-WIN-6)."""

    kind: Literal["destroy_buildings"]


class MuhqVictoryItemVictory(ViewModel):
    """Holding the victory item at the start of one's upkeep wins (MUHQ-WIN-7)."""

    kind: Literal["victory_item"]


MuhqVictory = Annotated[Union[MuhqVipVictory, MuhqResourceRaceVictory, MuhqCapturePointsVictory,
                              MuhqDestroyBuildingsVictory, MuhqVictoryItemVictory], Field(discriminator="kind")]


# -- the view ---------------------------------------------------------------------------------------------------
class MuhqView(ViewModel):
    """A muhq game as one reader sees it (spec section 9; a spectator sees no hand)."""

    game: Literal["muhq"]
    board: MuhqBoard
    turn: int
    active: int
    """the seat whose turn it is"""  # i18n: no (the view's JSON Schema: for programmers)
    phase: Literal["draft", "start", "upkeep", "action", "buy", "end"]
    step: Literal["draft", "start", "start_prio", "upkeep_income", "upkeep_score", "upkeep_triggers",
                  "upkeep_trigger_prio", "upkeep_pay", "upkeep_prio", "action", "closing", "action_prio", "buy",
                  "buy_prio", "discard", "end_prio", "next_turn"]
    """the step of the turn (``next_turn``: between two turns, seen when the game ended there, e.g. at the turn limit)"""  # i18n: no (the view's JSON Schema: for programmers)
    mode: Literal["draft", "drop", "place_token", "trigger", "priority", "open", "upkeep", "closing", "buy",
                  "discard", "over"]
    """the kind of decision waiting"""  # i18n: no (the view's JSON Schema: for programmers)
    to_act: int
    """the seat to decide; -1 when the game is over"""  # i18n: no (the view's JSON Schema: for programmers)
    prompt: str
    """what the player to act is asked, in the reader's language"""  # i18n: no (the view's JSON Schema: for programmers)
    priority: int | None
    """the seat holding priority in a priority round (MUHQ-STACK-4)"""  # i18n: no (the view's JSON Schema: for programmers)
    activation: int | None
    """the permanent being activated (MUHQ-APHASE-4)"""  # i18n: no (the view's JSON Schema: for programmers)
    ai: Literal["shy", "aggressive"] | None
    """the AI behaviour driving the activated unit (MUHQ-PANIC-2, MUHQ-RAGE-2)"""  # i18n: no (the view's JSON Schema: for programmers)
    permanents: list[MuhqPermanent]
    """in board order"""  # i18n: no (the view's JSON Schema: for programmers)
    waiting_to_drop: list[int]
    players: list[MuhqPlayer]
    stack: list[MuhqStackItem]
    triggers: list[MuhqTrigger]
    victory: list[MuhqVictory]
    winners: list[int] | None
    """null while the game goes on; empty: nobody won (MUHQ-WIN-9, 10)"""  # i18n: no (the view's JSON Schema: for programmers)
    log: list[MuhqLogLine]
    """the last lines of the log (at most 60)"""  # i18n: no (the view's JSON Schema: for programmers)
    log_size: int
    max_turns: int | None
    drop: MuhqDrop | None = None
    """while a pile is being dropped"""  # i18n: no (the view's JSON Schema: for programmers)
    pack: list[MuhqCard] | None = None
    """in the draft, for a seat: the pack it holds"""  # i18n: no (the view's JSON Schema: for programmers)
    upkeep_todo: list[int] | None = None
    """in the upkeep decision: the units whose upkeep is still to be paid or declined"""  # i18n: no (the view's JSON Schema: for programmers)
    cards: dict[str, MuhqCardData]
    """definition id -> its printed data, for every definition this view shows (and no other)"""  # i18n: no (the view's JSON Schema: for programmers)
