"""Mítosz's acts (spec 8.1) and the answers to prompts inside procedures (spec 8.2), as actions.

Every decision is an ordinary action in the legal-action list, so bots, the terminal, the browser and
records handle a choice of targets or of discards the same way as a summon. Cards are named by their
instance id (``card``: 0 … N-1, fixed for the game); an item on the stack by its stack id
(:data:`STACK_ID_BASE` + n), which a ``neutralize`` target names.
"""

from __future__ import annotations

from typing import Any, TypeVar

from cardtable.engine import Action, ActionCodec, action


#: Stack items are numbered from here, so that a target is one integer whether it is a card or an item.
STACK_ID_BASE = 100_000


@action("pass")
class Pass(Action):
    pass


@action("place_nation")
class PlaceNation(Action):
    card: int
    x: int
    y: int


@action("summon")
class Summon(Action):
    card: int
    host: int | None = None  # the nation, region or leader a location or item is attached to
    pay_from: str | None = None  # MIT-3.1.g substitution: one point of ``pay_for`` paid from this sphere
    pay_for: str | None = None
    row: str | None = None  # a supply's row in a battle: front, auxiliary or reserve (MIT-7.3.4)


@action("play_unsummoned")
class PlayUnsummoned(Action):
    card: int
    host: int | None = None
    row: str | None = None  # a supply linked to its row's army leader (MIT-3.8.f)


@action("attach_mount")
class AttachMount(Action):
    """OP-57: a mount from one's leader row onto an own non-mount leader, sharing one of its subtypes."""
    mount: int
    host: int
    share: str | None = None  # a subtype of the mount that is neither a leader subtype nor a race


@action("declare_battle")
class DeclareBattle(Action):
    """MIT-7.4.1, MIT-7.4.2: attack an enemy nation through one of its roads, led by a commander."""
    nation: int
    road: str
    commander: int


@action("declare_duel")
class DeclareDuel(Action):
    """MIT-7.6.1, MIT-7.6.2: an own hero challenges a leader in an enemy leader row."""
    challenger: int
    challenged: int


@action("use_maneuver")
class UseManeuver(Action):
    card: int  # the card on the board whose bound maneuver is used (it is the user)
    maneuver: str
    targets: tuple[int, ...] = ()
    steps: int | None = None  # multi-step: how many steps (MIT-4.2.6.d)
    times: int | None = None  # per-slash: how many repetitions (MIT-4.2.6.e)


@action("use_free_maneuver")
class UseFreeManeuver(Action):
    card: int  # the free maneuver card in hand
    user: int
    option: str
    targets: tuple[int, ...] = ()
    steps: int | None = None
    times: int | None = None
    attach: bool = False  # a rune used by a scribe, attached to its one target (MIT-8.rune, OP-60)


@action("use_fate")
class UseFate(Action):
    card: int
    via: int | None = None  # the god leader whose allowance is used (MIT-8.god); None: linked to the high god
    targets: tuple[int, ...] = ()


@action("choose")
class Choose(Action):
    """The answer to a prompt that asks for cards: discards, sacrifices, unrotations, a searched card."""

    cards: tuple[int, ...]


@action("refill")
class Refill(Action):
    """MIT-6.2.4.3, OP-41: how the regained sphere points go, in the order magic, influence, wealth, force."""

    spheres: tuple[int, ...]


@action("option")
class ChooseOption(Action):
    """The answer to a yes/no or pick-one prompt (``choose_one`` effects)."""

    index: int


ACTION_TYPES = (Pass, PlaceNation, Summon, PlayUnsummoned, UseManeuver, UseFreeManeuver, UseFate, Choose, Refill,
                ChooseOption, DeclareBattle, DeclareDuel, AttachMount)
CODEC = ActionCodec(*ACTION_TYPES)
PASS = Pass()

_MADE: dict[tuple[Any, ...], Any] = {}  # (cls, args) -> the action of that class


_A = TypeVar("_A", bound=Action)


def made(cls: type[_A], *args: Any) -> _A:
    """The action ``cls(*args)``, one object per value: the legal-action lists make the same actions over and
    over, and a frozen dataclass is slow to build (actions are immutable values: sharing them changes nothing)."""
    key = (cls, args)
    a = _MADE.get(key)
    if a is None:
        a = _MADE[key] = cls(*args)
    return a
