"""muhq's decisions (spec section 8) as actions.

Cards and permanents are named by their instance number (``card``, ``unit``…), fields by ``[x, y]`` and a
path by its entered fields flattened: ``[x1, y1, x2, y2, …]``. Targets follow the order of the card's target
names (T1, T2, …); a target of kind ``player`` is a seat. ``costs`` lists the chosen cards (discard) and
permanents (sacrifice), in the order of the card's cost list.
"""

from __future__ import annotations

from typing import Literal

from cardtable.engine import Action, ActionCodec, action

Spend = Literal["move", "attack"]


@action("draft_pick")
class DraftPick(Action):  # 8.1
    card: int


@action("pay_upkeep")
class PayUpkeep(Action):  # 8.2
    unit: int


@action("decline_upkeep")
class DeclineUpkeep(Action):
    unit: int


@action("pass")
class Pass(Action):  # 8.3
    pass


@action("play_spell")
class PlaySpell(Action):
    card: int
    targets: tuple[int, ...] = ()
    costs: tuple[int, ...] = ()


@action("free_action")
class FreeAction(Action):
    source: int
    ability: int
    targets: tuple[int, ...] = ()
    costs: tuple[int, ...] = ()


@action("universal_free_action")
class UniversalFreeAction(Action):
    cards: tuple[int, ...]


@action("declare_trigger")
class DeclareTrigger(Action):  # 8.4
    trigger: int
    targets: tuple[int, ...] = ()


@action("drop_place")
class DropPlace(Action):
    member: int
    field: tuple[int, ...]


@action("place_token")
class PlaceToken(Action):
    field: tuple[int, ...]


@action("play_permanent")
class PlayPermanent(Action):  # 8.5
    card: int
    field: tuple[int, ...] | None = None
    mode: Literal["alone", "next_unit"] = "alone"


@action("activate")
class Activate(Action):
    permanent: int


@action("end_action_phase")
class EndActionPhase(Action):
    pass


@action("move")
class Move(Action):  # 8.6
    unit: int
    path: tuple[int, ...]


@action("attack")
class Attack(Action):
    unit: int
    defender: int


@action("full_action")
class FullAction(Action):
    unit: int
    ability: int
    targets: tuple[int, ...] = ()


@action("equip")
class Equip(Action):
    unit: int
    equipment: int
    spend: Spend


@action("swap")
class Swap(Action):
    unit: int
    artifact: int
    spend: Spend


@action("carry")
class Carry(Action):
    unit: int
    artifact: int
    path: tuple[int, ...]
    drop: tuple[int, ...]


@action("clear_paralysis")
class ClearParalysis(Action):
    unit: int
    spend: Spend


@action("end_activation")
class EndActivation(Action):
    pass


@action("buy")
class Buy(Action):  # 8.7
    card: int


@action("skip_buy")
class SkipBuy(Action):
    pass


@action("end_discard")
class EndDiscard(Action):
    cards: tuple[int, ...] = ()


CODEC = ActionCodec(DraftPick, PayUpkeep, DeclineUpkeep, Pass, PlaySpell, FreeAction, UniversalFreeAction,
                    DeclareTrigger, DropPlace, PlaceToken, PlayPermanent, Activate, EndActionPhase, Move, Attack,
                    FullAction, Equip, Swap, Carry, ClearParalysis, EndActivation, Buy, SkipBuy, EndDiscard)

PASS = Pass()
END_ACTION_PHASE = EndActionPhase()
END_ACTIVATION = EndActivation()
SKIP_BUY = SkipBuy()
