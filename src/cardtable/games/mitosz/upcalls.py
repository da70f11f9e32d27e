"""The calls that go up Mítosz's layers, each a typed slot that ``assembly.py`` fills with the rule it names.

Mítosz's rules are modules of functions that take the state first, and each imports only the layers below it
(``tests/test_import_cycles.py``). Some rules are genuinely recursive across layers: a filter asks a card's level,
whose statics are found with filters; moving a card fires events, whose triggers ask the players and move cards; a
prompt answers itself by going on with the procedure that asked it (a fight's question continues the fight). For
those calls a lower module calls the slot here (``_up.set_prompt(state, …)``), and the slot is the higher function
itself once ``assembly`` has run (it runs when ``state`` is imported, before any state exists). Each slot's
signature is the rule's own: mypy checks every call against it and checks ``assembly``'s assignments against the
rules, and ``tests/games/mitosz/test_upcalls.py`` checks that every slot is filled by the rule it names, and used. The slots are few on purpose:
a rule that no lower layer needs stays out, and each new one is a call that could not be placed lower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from cardtable.engine import Action

    from .actions import PlayUnsummoned, Summon
    from .acts_info import Bad
    from .acts_options import Variant
    from .core import Inst, Item
    from .fights.fight import Fight
    from .prompts.base import Prompt
    from .prompts.cards import AfterworldOrder
    from .prompts.fights import FightHelp, FightLeader, MonsterReturn, Spoils, SupplyMode
    from .schema.expressions import Filter
    from .schema.maneuvers import Maneuver
    from .state import MitoszState
    from .words import Said


def _unbound(slot: str) -> NoReturn:
    raise RuntimeError(f"upcalls.{slot} is not bound: import cardtable.games.mitosz.state first")  # i18n: no


def stack_item(self: MitoszState, target: int) -> Item | None:
    """``acts_announce.stack_item``"""
    raise _unbound("stack_item")


def _variants(self: MitoszState, seat: int, m: Maneuver | None, card: int, user: int, free: bool) -> list[Variant]:
    """``acts_options._variants``: Every (targets, steps, times) the maneuver may be announced with."""
    raise _unbound("_variants")


def god_allowances(self: MitoszState, seat: int) -> list[int]:
    """``acts_options.god_allowances``: OP-62: each own god leader grants one fate use per turn; ``grant_fate_use``
    grants more."""
    raise _unbound("god_allowances")


def god_linked(self: MitoszState, seat: int, iid: int) -> bool:
    """``acts_summon.god_linked``"""
    raise _unbound("god_linked")


def effect_keys(self: MitoszState, card: int, m: Maneuver | None, user: int) -> frozenset[str]:
    """``acts_targets.effect_keys``: What the maneuver's effect is, for immunity (MIT-5.12, OP-34): its card's
    types, its subtypes, its user's types (MIT-4.4), its primitives."""
    raise _unbound("effect_keys")


def drew_cards(self: MitoszState) -> None:
    """``checks.drew_cards``: Someone drew a card: this turn cannot count towards the deck-out round
    (MIT-1.3.4)."""
    raise _unbound("drew_cards")


def wake(self: MitoszState, iid: int, why: str) -> None:
    """``effects.attach.wake``: OP-35: the condition set at attachment is met: the dormant leader becomes an
    ordinary leader in its controller's leader row (what is attached to it stays on it; the leader limit is
    checked as ever)."""
    raise _unbound("wake")


def describe_use(self: MitoszState, item: Item) -> Said:
    """``effects.stack.describe_use``: What the item does, as words after its player, kept and read in the reader's
    language."""
    raise _unbound("describe_use")


def _flying_restricted(self: MitoszState) -> bool:
    """``fights.armies._flying_restricted``"""
    raise _unbound("_flying_restricted")


def _advance(self: MitoszState, to: str | None = None) -> bool:
    """``fights.procedure._advance``"""
    raise _unbound("_advance")


def _join(self: MitoszState, f: Fight, leader: int, side: str, row: int) -> None:
    """``fights.procedure._join``: An army leader or duelist joins; its mount fights beside it as a beast supply
    (OP-57, OP-54)."""
    raise _unbound("_join")


def answer_army(self: MitoszState, pr: FightLeader | FightHelp, index: int) -> None:
    """``fights.procedure.answer_army``: A leader named for an army (MIT-7.4.3–7.4.7), a helper asked or a
    companion sent (OP-65)."""
    raise _unbound("answer_army")


def answer_monster_return(self: MitoszState, pr: MonsterReturn, index: int) -> None:
    """``fights.procedure.answer_monster_return``: MIT-8.monster.5: the monster paid for again stays a leader
    (answer 1); else it goes its way."""
    raise _unbound("answer_monster_return")


def answer_save_nation(self: MitoszState, index: int) -> None:
    """``fights.procedure.answer_save_nation``: MIT-7.4.10.2: the commander sacrificed to save the nation
    (answer 1), or the nation destroyed."""
    raise _unbound("answer_save_nation")


def answer_supply_mode(self: MitoszState, pr: SupplyMode, index: int) -> None:
    """``fights.procedure.answer_supply_mode``: OP-20: the supply fights with its level or with its maneuvers."""
    raise _unbound("answer_supply_mode")


def _take_spoils(self: MitoszState, pr: Spoils, index: int) -> None:
    """``fights.results._take_spoils``"""
    raise _unbound("_take_spoils")


def end_rounds_early(self: MitoszState, winner: str) -> None:
    """``fights.results.end_rounds_early``"""
    raise _unbound("end_rounds_early")


def fight_broken(self: MitoszState) -> str | None:
    """``fights.results.fight_broken``: OP-51, OP-54: a side whose commander (or nation, or duelist) left the
    board loses at once."""
    raise _unbound("fight_broken")


def check_supply(self: MitoszState, seat: int, a: Summon | PlayUnsummoned) -> Bad | None:
    """``fights.supplies.check_supply``"""
    raise _unbound("check_supply")


def _push(self: MitoszState, *steps: str) -> None:
    """``flow.machine._push``: Schedule ``steps`` to run in the order given, before anything scheduled earlier."""
    raise _unbound("_push")


def _run(self: MitoszState) -> None:
    """``flow.machine._run``"""
    raise _unbound("_run")


def _place_in_order(self: MitoszState, pr: AfterworldOrder, card: int) -> None:
    """``flow.prompts._place_in_order``: The chosen card goes next onto the afterworld (the first chosen lies
    lowest)."""
    raise _unbound("_place_in_order")


def _prompt_options(self: MitoszState) -> list[Action]:
    """``flow.prompts._prompt_options``"""
    raise _unbound("_prompt_options")


def ask(self: MitoszState, prompt: Prompt) -> None:
    """``flow.prompts.ask``: Ask a question already built (one that goes on: ``dataclasses.replace`` of the
    last)."""
    raise _unbound("ask")


def distinct(self: MitoszState, iids: Sequence[int]) -> list[int]:
    """``flow.prompts.distinct``: One card of each definition (the first), so equal choices are offered once."""
    raise _unbound("distinct")


def set_prompt(self: MitoszState, kind: str, seat: int, rule: str, **data: Any) -> None:
    """``flow.prompts.set_prompt``: Ask ``seat`` the question of ``kind`` (its class in ``PROMPTS``, built from
    ``data``)."""
    raise _unbound("set_prompt")


def start_counter_round(self: MitoszState, first: int, from_window: bool, actor: int) -> None:
    """``flow.windows.start_counter_round``"""
    raise _unbound("start_counter_round")


def immune(self: MitoszState, inst: Inst, keys: frozenset[str], source_controller: int | None = None) -> bool:
    """``levels.abilities.immune``: MIT-5.12, OP-34: an effect of kind ``keys`` does not apply to ``inst`` if
    it, or a card it is attached to (directly or not), is immune to one of the keys — or, while it fights, a
    member of its side of the fight is."""
    raise _unbound("immune")


def card_type(self: MitoszState, inst: Inst) -> str:
    """``levels.card_types.card_type``: MIT-5.16: a card has one card type."""
    raise _unbound("card_type")


def retyped(self: MitoszState) -> dict[int, str]:
    """``levels.card_types.retyped``: Card → its card type now, for the cards a ``set_card_type`` effect changed
    (the latest wins)."""
    raise _unbound("retyped")


def matches(self: MitoszState, inst: Inst, f: Filter | None, seat: int, refs: dict[str, int],
            source_is_god: bool = False) -> bool:
    """``levels.filters.matches``: Does the card ``inst`` match the filter ``f`` for the player ``seat``? Zone
    defaults to board."""
    raise _unbound("matches")


def value(self: MitoszState, v: Any, refs: dict[str, int], item: Item | None) -> int:
    """``levels.filters.value``: A value (spec 6.1): an int, an expression, or ``{count: {filter}}``."""
    raise _unbound("value")
