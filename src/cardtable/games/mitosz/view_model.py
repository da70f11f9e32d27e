"""What a Mítosz seat (or a spectator) is sent: the view of spec section 9 as a typed model. ``view.py`` builds it;
this model is its contract (``cardtable schema mitosz --views``), checked against random games' views."""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BeforeValidator, Field

from cardtable.engine.view_model import ViewModel

from .schema.fields import CardType, Restriction, Subtype


def _array(value: object) -> object:
    """A JSON array read into Python (a list) as the tuple a field names: strict validation of Python data takes no
    list for a tuple (a JSON text's array it takes)."""
    return tuple(value) if isinstance(value, list) else value


_ARRAY = BeforeValidator(_array)
Spheres = Annotated[tuple[int, int, int, int], _ARRAY]

Road = Literal["N", "E", "S", "W"]
Side = Literal["att", "def"]
Phase = Literal["setup", "start", "draw", "summon_1", "battle", "summon_2", "end"]
Mode = Literal["setup", "window", "counter", "prompt", "busy", "over"]
PromptKind = Literal["discard_hand", "discard", "sacrifice_leader", "sacrifice", "unrotate", "refill", "search", "pick",
                     "option", "afterworld_order", "deck_order", "trigger_order", "on_enter", "play_card", "permission",
                     "choose_enemy", "fight_leader", "fight_help", "supply_mode", "save_nation", "spoils",
                     "fear_resist", "monster_return"]
StackKind = Literal["summon", "unsummoned", "nation", "supply", "maneuver", "free", "fate", "trigger", "mount",
                    "fight"]
FightStage = Literal["commander", "att_c1", "def_c1", "att_c2", "def_c2", "rounds", "compare", "outcome", "spoils",
                     "end_effects", "monsters", "cleanup"]


# -- cards ----------------------------------------------------------------------------------------
class MitoszCardFace(ViewModel):
    """A card by its face only (in a hand, an afterworld, oblivion, a fight's row)."""

    id: int
    """the card's instance id, fixed for the game"""  # i18n: no (the view's JSON Schema: for programmers)
    card: str
    """the card's id in the card data"""  # i18n: no (the view's JSON Schema: for programmers)
    name: str
    type: CardType
    """the printed card type"""  # i18n: no (the view's JSON Schema: for programmers)
    owner: int


class MitoszCard(MitoszCardFace):
    """A card on the board (or an intrigue, fate or lingering free maneuver): its face and its state."""

    controller: int
    level: int | None = None
    """its current level (only a card type with a level)"""  # i18n: no (the view's JSON Schema: for programmers)
    rotated: Literal[True] | None = None
    spent: Literal[True] | None = None
    """it used a non-permanent maneuver this turn without rotating (OP-28)"""  # i18n: no (the view's JSON Schema: for programmers)
    tokens: dict[str, int] | None = None
    """token kind -> how many"""  # i18n: no (the view's JSON Schema: for programmers)
    neutralized: Literal[True] | None = None
    dormant: Literal["attacked", "host_leaves", "turn_start"] | None = None
    """an attached dormant leader: what wakes it (MIT-5.15)"""  # i18n: no (the view's JSON Schema: for programmers)
    card_type_now: CardType | None = None
    """the card type an effect gave it, when not the printed one (MIT-5.16)"""  # i18n: no (the view's JSON Schema: for programmers)
    attached: list[MitoszCard] | None = None
    """the cards attached to it"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszRoad(ViewModel):
    """One road of a nation."""

    level: int
    closed: bool


class MitoszNation(MitoszCard):
    """A nation in its player's grid: the card, its cell and its roads."""

    x: int
    y: int
    roads: dict[Road, MitoszRoad]
    """the nation's printed roads"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszStackCard(MitoszCardFace):
    """A card of a stack item by its face; its id is null once the card sits in a hand or deck (section 9)."""

    id: int | None  # type: ignore[assignment]
    """the card's instance id, null while the card is in a hand or deck"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszSupply(MitoszCardFace):
    """A supply in a fight's row."""

    mode: Literal["full", "level", "maneuvers", "undecided"]
    """what of it counts in the fight (OP-20)"""  # i18n: no (the view's JSON Schema: for programmers)
    fight_level: int


# -- players --------------------------------------------------------------------------------------
class MitoszHold(ViewModel):
    """A player's hold on the win target: reached at the anchor's turn, to keep until that player's next turn."""

    anchor: int
    since_turn: int


class MitoszPlayer(ViewModel):
    """One seat as the reader sees it: every public zone, a hand only as its size but the reader's own."""

    seat: int
    deck_name: str
    deck_title: str
    god: MitoszCard
    """the high god"""  # i18n: no (the view's JSON Schema: for programmers)
    spheres: Spheres
    """magic, influence, wealth, force"""  # i18n: no (the view's JSON Schema: for programmers)
    sphere_max: Spheres
    power: int
    """power points"""  # i18n: no (the view's JSON Schema: for programmers)
    hold: MitoszHold | None
    deck: int
    """the deck's size"""  # i18n: no (the view's JSON Schema: for programmers)
    hand_count: int
    """the hand's size"""  # i18n: no (the view's JSON Schema: for programmers)
    hand: list[MitoszCardFace] | None
    """the reader's own hand (null for the others)"""  # i18n: no (the view's JSON Schema: for programmers)
    hand_size: int
    """the hand size limit (MIT-6.2.4.1)"""  # i18n: no (the view's JSON Schema: for programmers)
    afterworld: list[MitoszCardFace]
    """the top first"""  # i18n: no (the view's JSON Schema: for programmers)
    oblivion: list[MitoszCardFace]
    nations: list[MitoszNation]
    leaders: list[MitoszCard]
    leader_limit: int
    nation_placed: bool


# -- the stack, prompts, effects ------------------------------------------------------------------
class MitoszStackItem(ViewModel):
    """Something on the stack (spec 5.8)."""

    id: int
    """the item's id (an id a target may name)"""  # i18n: no (the view's JSON Schema: for programmers)
    kind: StackKind
    player: int
    card: MitoszStackCard | None
    user: MitoszStackCard | None
    """the card using a maneuver"""  # i18n: no (the view's JSON Schema: for programmers)
    targets: list[str]
    """the targets in words"""  # i18n: no (the view's JSON Schema: for programmers)
    target_ids: list[int | None]
    """the targets' ids (null: a card now in a hand or deck)"""  # i18n: no (the view's JSON Schema: for programmers)
    steps: int | None
    times: int | None
    neutralized: bool
    text: str


class MitoszPrompt(ViewModel):
    """The question a player is asked."""

    kind: PromptKind
    player: int
    text: str
    options: list[str] | None
    """the words of a numbered question's answers (null: another kind, or answers only the chooser reads)"""  # i18n: no (the view's JSON Schema: for programmers)


class _Effect(ViewModel):
    """An active effect (spec 5.5) in words; ``value`` is the primitive's own."""

    source: str
    """the card whose effect it is, by name"""  # i18n: no (the view's JSON Schema: for programmers)
    on: str
    """what it is on, in words"""  # i18n: no (the view's JSON Schema: for programmers)
    ends: str
    """how long it lasts, in words"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszDeltaEffect(_Effect):
    """An effect changing a number by a delta."""

    kind: Literal["modify_level", "modify_base_level", "modify_power_points", "modify_capacity"]
    value: int


class MitoszRoadEffect(_Effect):
    """An effect changing roads' levels."""

    kind: Literal["modify_road"]
    value: Annotated[tuple[Road | Literal["all"], int], _ARRAY]
    """the road (or all) and the delta"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszRoadSwitchEffect(_Effect):
    """An effect closing or opening roads."""

    kind: Literal["close_road", "open_road"]
    value: Road | Literal["all"]


class MitoszPlainEffect(_Effect):
    """An effect with no value."""

    kind: Literal["neutralize_ability", "steal"]
    value: None


class MitoszImmunityEffect(_Effect):
    """An immunity (MIT-5.12)."""

    kind: Literal["grant_immunity"]
    value: list[str]
    """what it is immune to: card types, subtypes, keywords or primitives"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszSubtypeEffect(_Effect):
    """A subtype given or taken."""

    kind: Literal["grant_subtype", "remove_subtype"]
    value: Subtype


class MitoszRestrictEffect(_Effect):
    """A prohibition."""

    kind: Literal["restrict"]
    value: Restriction


class MitoszCardTypeEffect(_Effect):
    """A card type given (MIT-5.16)."""

    kind: Literal["set_card_type"]
    value: CardType


class MitoszSeatEffect(_Effect):
    """An effect on a player: the hand size or the fate uses."""

    kind: Literal["modify_hand_size", "grant_fate_use"]
    value: Annotated[tuple[int, int], _ARRAY]
    """the seat and the number"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszArmyEffect(_Effect):
    """A change of a fight side's level."""

    kind: Literal["modify_army"]
    value: Annotated[tuple[Side, int], _ARRAY]


class MitoszCostEffect(_Effect):
    """A change of costs (spec 6.4)."""

    kind: Literal["modify_cost"]
    value: Annotated[tuple[Literal["summon", "usage"], Spheres], _ARRAY]
    """which costs, and the change of magic, influence, wealth, force"""  # i18n: no (the view's JSON Schema: for programmers)


MitoszEffect = Annotated[Union[MitoszDeltaEffect, MitoszRoadEffect, MitoszRoadSwitchEffect, MitoszPlainEffect,
                               MitoszImmunityEffect, MitoszSubtypeEffect, MitoszRestrictEffect, MitoszCardTypeEffect,
                               MitoszSeatEffect, MitoszArmyEffect, MitoszCostEffect], Field(discriminator="kind")]


# -- the fight ------------------------------------------------------------------------------------
class MitoszRow(ViewModel):
    """One row of a fight side (a duel has the front only)."""

    row: Literal["front", "auxiliary", "reserve"]
    leader: MitoszCardFace | None
    leader_level: int | None
    """the leader's fight level, while it is on the board"""  # i18n: no (the view's JSON Schema: for programmers)
    supplies: list[MitoszSupply]
    capacity: int
    """how many supplies the row takes (0 in a duel)"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszSide(ViewModel):
    """One side of the fight."""

    player: int
    rows: list[MitoszRow]
    level: int
    """the army's level"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszSides(ViewModel):
    """The attacking and the defending side."""

    att: MitoszSide
    defending: MitoszSide = Field(alias="def")


class MitoszFight(ViewModel):
    """The fight in progress (public, spec 9)."""

    kind: Literal["battle", "duel"]
    stage: FightStage
    attacker: int
    defender: int
    nation: MitoszCardFace | None
    """the attacked nation (a battle)"""  # i18n: no (the view's JSON Schema: for programmers)
    road: Road | None
    road_level: int | None
    first: int
    """the player who starts the rounds (OP-44)"""  # i18n: no (the view's JSON Schema: for programmers)
    sides: MitoszSides
    winner: Side | None
    compared: Annotated[tuple[int, int], _ARRAY] | None
    """the compared army levels"""  # i18n: no (the view's JSON Schema: for programmers)


# -- the whole view -------------------------------------------------------------------------------
class MitoszResult(ViewModel):
    """The end of the game."""

    winners: list[int]
    """more than one: a draw"""  # i18n: no (the view's JSON Schema: for programmers)
    rule: str
    reason: str
    totals: list[int]
    """every seat's power points"""  # i18n: no (the view's JSON Schema: for programmers)


class MitoszView(ViewModel):
    """A Mítosz game as one reader sees it (``viewer`` null: a spectator, who sees no hand)."""

    game: Literal["mitosz"]
    turn: int
    active: int
    """the seat whose turn it is"""  # i18n: no (the view's JSON Schema: for programmers)
    phase: Phase
    phase_title: str
    mode: Mode
    to_act: int
    """the seat to act (-1: nobody, the game is over or being set up)"""  # i18n: no (the view's JSON Schema: for programmers)
    current_player: int
    viewer: int | None
    order: list[int]
    """the seats in turn order"""  # i18n: no (the view's JSON Schema: for programmers)
    players: list[MitoszPlayer]
    intrigues: list[MitoszCard]
    intrigue_limit: int
    fight: MitoszFight | None
    fates: list[MitoszCard]
    lingering: list[MitoszCard]
    """free maneuvers whose effects last (MIT-3.9.g)"""  # i18n: no (the view's JSON Schema: for programmers)
    stack: list[MitoszStackItem]
    """the top last"""  # i18n: no (the view's JSON Schema: for programmers)
    prompt: MitoszPrompt | None
    effects: list[MitoszEffect]
    log: list[str]
    """the last log lines meant for the reader"""  # i18n: no (the view's JSON Schema: for programmers)
    log_size: int
    """how many log lines the reader has had in all"""  # i18n: no (the view's JSON Schema: for programmers)
    win_target: int
    result: MitoszResult | None
