"""Effects with a duration (spec 5.13): how long they last, recording them, the primitives that make them
(levels, roads, immunity, subtypes, prohibitions, costs …), and the hand size they change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ..acts_info import sphere_vector
from ..actions import STACK_ID_BASE
from ..text import CARD_TYPE_WORDS, ROAD_NAMES, word
from ..words import N_, Said, join, lazy
from .common import _ImmunityWord
from ..schema.primitives import ExtraDrawP, GrantFateUseP, GrantImmunityP, ModifyArmyP, ModifyCapacityP, ModifyCostP, ModifyHandSizeP, ModifyLevelP, ModifyPowerPointsP, ModifyRoadP, ProduceSpheresP, RestrictP, RoadP, SetCardTypeP, SubtypeP, TargetDurationP
from ..effect_vocabulary import VOCABULARY, MitoszPrimitive
from .targets import players_of, refs, resolve_target, static_players
from ..fights.members import in_rounds
from ..levels import filters as _filters
from ..levels.statics import statics_by
from .. import upcalls as _up
from ..writes import add_effect


if TYPE_CHECKING:
    from ..state import Item, MitoszState


def statics_of(self: MitoszState, primitive: str) -> list[tuple[int, int, Any]]:
    return [(src, ctrl, params) for src, ctrl, _prim, params, _keys, _b in statics_by(self, primitive)]


def hand_size(self: MitoszState, seat: int) -> int:
    size: int = self.opts["hand_size"]
    for e in self.effects:
        if e.kind == "modify_hand_size" and e.value[0] == seat:
            size += e.value[1]
    for src, ctrl, params in statics_of(self, "modify_hand_size") if "modify_hand_size" in self.prims else ():
        if seat in static_players(self, params.player, ctrl, src):  # spec 6.7: also always on
            size += _filters.value(self, params.delta, {"$self": src, "$bearer": src}, None)
    return max(0, size)


def _until(self: MitoszState, duration: Any, item: Item) -> tuple[Any, ...]:
    if duration == "permanent":
        return ("permanent",)
    if item is not None and item.attach:
        return ("attached", item.card)  # OP-60: an attached rune's effect lasts while it stays attached
    if duration == "while_attached":
        return ("attached", item.card)
    rounds = getattr(duration, "rounds", None)
    if rounds is None and duration == "default" and item is not None and item.kind == "fate":
        rounds = self.cards[item.card].d.duration_rounds
    if rounds:
        seat = self.active
        return ("rounds", seat, self.turns_taken[seat] + rounds)
    if self.fight is not None and (duration == "until_fight_end" or (duration == "default" and item is not None
                                                                      and in_rounds(self))):
        return ("fight",)  # MIT-7.4.13: the effects of maneuvers used in the fight end with it
    return ("turn", self.turn + 1)  # until the start of the next turn


def _add_effect(self: MitoszState, kind: str, item: Item | None, targets: tuple[int, ...] | None, selector: Any,
                value: Any, until: tuple[Any, ...], keys: frozenset[str] | None = None) -> None:
    self.seq += 1
    source = item.card if item is not None else -1
    if keys is None and item is not None:
        keys = _up.effect_keys(self, item.card, item.m, item.user)
    Eff = self.Eff
    add_effect(self, Eff(self.seq, kind, item.player if item is not None else self.active, source, targets,
                                selector, value, until, keys or frozenset()))
    if item is not None and until[0] != "permanent":
        item.lasting = True


def _targets_or_selector(self: MitoszState, target: Any, item: Item) -> tuple[tuple[int, ...] | None, Any]:
    if not isinstance(target, str) and target.select == "all":
        return None, target  # continuous (MIT-5.7)
    return tuple(resolve_target(self, target, item)), None


@VOCABULARY.register
class ModifyLevel(MitoszPrimitive):
    name = "modify_level"
    params = ModifyLevelP
    template = N_("{target} {delta} level")

    def resolve(self, state: MitoszState, p: ModifyLevelP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.target, item)
        if targets == ():
            return True
        delta = _filters.value(state, p.delta, refs(state, item), item)
        kind = "modify_base_level" if p.base else "modify_level"
        _add_effect(state, kind, item, targets, selector, delta, _until(state, p.duration, item))
        if targets:
            state.note(N_("{cards} gets {delta:+d} level"), cards=join(state.cards[t].d for t in targets), delta=delta)
        return True


@VOCABULARY.register
class ModifyRoad(MitoszPrimitive):
    name = "modify_road"
    params = ModifyRoadP
    template = N_("roads of {nation} {delta}")

    def resolve(self, state: MitoszState, p: ModifyRoadP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.nation, item)
        if targets == ():
            return True
        delta = _filters.value(state, p.delta, refs(state, item), item)
        road = p.road if p.road != "chosen" else "all"
        _add_effect(state, "modify_road", item, targets, selector, (road, delta), _until(state, p.duration, item))
        if targets and road != "all":
            state.note(N_("the chosen nations: roads {delta:+d} ({road})"), delta=delta, road=Said(ROAD_NAMES[road]))
        elif targets:
            state.note(N_("the chosen nations: roads {delta:+d}"), delta=delta)
        elif road != "all":
            state.note(N_("every matching nation: roads {delta:+d} ({road})"), delta=delta, road=Said(ROAD_NAMES[road]))
        else:
            state.note(N_("every matching nation: roads {delta:+d}"), delta=delta)
        return True


def _close_road(self: MitoszState, p: Any, item: Item, kind: str = "close_road") -> bool:
    targets, selector = _targets_or_selector(self, p.nation, item)
    if targets == ():
        return True
    _add_effect(self, kind, item, targets, selector, p.road if p.road != "chosen" else "all",
                     _until(self, p.duration, item))
    return True


@VOCABULARY.register
class CloseRoad(MitoszPrimitive):
    name = "close_road"
    params = RoadP
    template = N_("close a road of {nation}")

    def resolve(self, state: MitoszState, p: RoadP, item: Item) -> bool:
        return _close_road(state, p, item)


@VOCABULARY.register
class OpenRoad(MitoszPrimitive):
    name = "open_road"
    params = RoadP
    template = N_("open a road of {nation}")

    def resolve(self, state: MitoszState, p: RoadP, item: Item) -> bool:
        return _close_road(state, p, item, "open_road")


@VOCABULARY.register
class NeutralizeAbility(MitoszPrimitive):
    name = "neutralize_ability"
    params = TargetDurationP
    template = N_("neutralize the ability of {target}")

    def resolve(self, state: MitoszState, p: TargetDurationP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.target, item)
        if targets == ():
            return True
        _add_effect(state, "neutralize_ability", item, targets, selector, None, _until(state, p.duration, item))
        if targets:
            state.note(N_("{cards}'s ability is neutralized (MIT-5.5)"), cards=join(state.cards[t].d for t in targets))
        return True


@VOCABULARY.register
class GrantImmunity(MitoszPrimitive):
    name = "grant_immunity"
    params = GrantImmunityP
    template = N_("{target} immune to {against}")

    def resolve(self, state: MitoszState, p: GrantImmunityP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.target, item)
        if targets == ():
            return True
        _add_effect(state, "grant_immunity", item, targets, selector, frozenset(p.against),
                          _until(state, p.duration, item))
        if targets:
            state.note(N_("{cards} becomes immune to {against}"), cards=join(state.cards[t].d for t in targets),
                      against=join(Said("{word}", word=_ImmunityWord(a)) for a in p.against))
        return True


def _grant_subtype(self: MitoszState, p: Any, item: Item, kind: str = "grant_subtype") -> bool:
    targets, selector = _targets_or_selector(self, p.target, item)
    if targets != ():
        _add_effect(self, kind, item, targets, selector, p.subtype, _until(self, p.duration, item))
    return True


@VOCABULARY.register
class GrantSubtype(MitoszPrimitive):
    name = "grant_subtype"
    params = SubtypeP
    template = N_("{target} becomes {subtype}")

    def resolve(self, state: MitoszState, p: SubtypeP, item: Item) -> bool:
        return _grant_subtype(state, p, item)


@VOCABULARY.register
class RemoveSubtype(MitoszPrimitive):
    name = "remove_subtype"
    params = SubtypeP
    template = N_("{target} loses {subtype}")

    def resolve(self, state: MitoszState, p: SubtypeP, item: Item) -> bool:
        return _grant_subtype(state, p, item, "remove_subtype")


@VOCABULARY.register
class Restrict(MitoszPrimitive):
    name = "restrict"
    params = RestrictP
    template = N_("{target}: {what}")

    def resolve(self, state: MitoszState, p: RestrictP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.target, item)
        if targets != ():
            _add_effect(state, "restrict", item, targets, selector, p.what, _until(state, p.duration, item))
        return True


@VOCABULARY.register
class ModifyHandSize(MitoszPrimitive):
    name = "modify_hand_size"
    params = ModifyHandSizeP
    template = N_("hand size {delta}")

    def resolve(self, state: MitoszState, p: ModifyHandSizeP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            _add_effect(state, "modify_hand_size", item, (), None, (seat, _filters.value(state, p.delta, refs(state, item), item)),
                             _until(state, p.duration, item))
        return True


@VOCABULARY.register
class ModifyPowerPoints(MitoszPrimitive):
    name = "modify_power_points"
    params = ModifyPowerPointsP
    template = N_("power points of {target} {delta}")

    def resolve(self, state: MitoszState, p: ModifyPowerPointsP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.target, item)
        if targets != ():
            _add_effect(state, "modify_power_points", item, targets, selector,
                             _filters.value(state, p.delta, refs(state, item), item), _until(state, p.duration, item))
        return True


@VOCABULARY.register
class SetCardType(MitoszPrimitive):
    """MIT-5.16: each target gets the new card type, and loses the old one, for the duration. The targets are
    fixed as the effect happens (a card's type decides which selectors match it); a high god and a nation
    keep theirs (their places are the god slot and the grid)."""

    name = "set_card_type"
    params = SetCardTypeP
    template = N_("{target} becomes a {card_type}")

    def resolve(self, state: MitoszState, p: SetCardTypeP, item: Item) -> bool:
        targets = tuple(t for t in resolve_target(state, p.target, item) if t < STACK_ID_BASE
                        and state.cards[t].zone == "board" and state.cards[t].d.card_type not in ("high_god", "nation"))
        if targets:
            _add_effect(state, "set_card_type", item, targets, None, p.card_type, _until(state, p.duration, item))
            state.note(N_("{cards} becomes a {type} (MIT-5.16)"), cards=join(state.cards[t].d for t in targets),
                      type=Said(CARD_TYPE_WORDS.get(p.card_type, p.card_type)))
        return True


@VOCABULARY.register
class ModifyArmy(MitoszPrimitive):
    """Spec 6.4: the level of a side of the current fight, until the fight ends (spec 5.10's army modifiers)."""

    name = "modify_army"
    params = ModifyArmyP
    template = N_("army {delta}")

    def resolve(self, state: MitoszState, p: ModifyArmyP, item: Item) -> bool:
        f = state.fight
        own = f.side_of(item.player) if f is not None else None
        if own is None:
            state.note(N_("(the army change does nothing: P{player} has no side in a fight)"), player=item.player)
            return True
        side = own if p.side == "self" else "def" if own == "att" else "att"
        delta = _filters.value(state, p.delta, refs(state, item), item)
        _add_effect(state, "modify_army", item, (), None, (side, delta), ("fight",))
        # (the ignores: a side was found, so there is a fight)
        if f.kind == "duel":  # type: ignore[union-attr]
            state.note(N_("P{seat}'s side of the duel gets {delta:+d}"),
                      seat=f.seat_of(side), delta=delta)  # type: ignore[union-attr]
        else:
            state.note(N_("P{seat}'s side of the battle gets {delta:+d}"),
                      seat=f.seat_of(side), delta=delta)  # type: ignore[union-attr]
        return True


@VOCABULARY.register
class ModifyCapacity(MitoszPrimitive):
    """MIT-7.3.4.b, OP-48: the capacity of the rows the targets lead."""

    name = "modify_capacity"
    params = ModifyCapacityP
    template = N_("capacity of {row_leader}'s row {delta}")

    def resolve(self, state: MitoszState, p: ModifyCapacityP, item: Item) -> bool:
        targets, selector = _targets_or_selector(state, p.row_leader, item)
        if targets != ():
            delta = _filters.value(state, p.delta, refs(state, item), item)
            _add_effect(state, "modify_capacity", item, targets, selector, delta, _until(state, p.duration, item))
        return True


@VOCABULARY.register
class ModifyCost(MitoszPrimitive):
    """Spec 6.4: summoning or usage costs of the cards the filter names change for the duration (read by
    ``changed_cost``)."""

    name = "modify_cost"
    params = ModifyCostP
    #: the call read by what it changes (a template has no words for a filter of costs)
    CHANGES: ClassVar[dict[str, str]] = {"summon": N_("summoning costs change"), "usage": N_("usage costs change")}

    def text(self, p: ModifyCostP, fill: Callable[[str, Any], str]) -> str:
        return word(self.CHANGES, p.applies_to)

    def resolve(self, state: MitoszState, p: ModifyCostP, item: Item) -> bool:
        change = (p.applies_to, sphere_vector(p.delta))
        _add_effect(state, "modify_cost", item, (), p, change, _until(state, p.duration, item))
        if p.applies_to == "usage":
            state.note(N_("P{player} changes the usage costs of some cards (spec 6.4)"), player=item.player)
        else:
            state.note(N_("P{player} changes the summon costs of some cards (spec 6.4)"), player=item.player)
        return True


@VOCABULARY.register
class GrantFateUse(MitoszPrimitive):
    """Spec 6.4, MIT-8.god, OP-62: more fate uses this turn, named by this effect's source."""

    name = "grant_fate_use"
    params = GrantFateUseP
    template = N_("{n} more fate use(s) a turn")

    def resolve(self, state: MitoszState, p: GrantFateUseP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            _add_effect(state, "grant_fate_use", item, (), None, (seat, p.n), _until(state, "default", item))
            state.note(lazy._n("P{seat} may use {n} more fate (like MIT-8.god)", "P{seat} may use {n} more fates (like "
                             "MIT-8.god)", p.n, seat=seat))
        return True


def _only_in_a_static(state: MitoszState, name: str) -> bool:
    # The loader refuses these in an effect (schema/maneuvers.py); a call that still arrives does nothing.
    state.note(N_("({name} has no effect outside a fight)"), name=Said("{word}", word=_ImmunityWord(name)))
    return True


@VOCABULARY.register
class ProduceSpheres(MitoszPrimitive):
    """A static's sphere points, produced at the end phase (MIT-6.2.4.3, ``flow/end_phase``), never when a maneuver
    resolves."""

    name = "produce_spheres"
    params = ProduceSpheresP
    template = N_("produces sphere points at refill")

    def resolve(self, state: MitoszState, p: ProduceSpheresP, item: Item) -> bool:
        return _only_in_a_static(state, self.name)


@VOCABULARY.register
class ExtraDraw(MitoszPrimitive):
    """A static's extra cards in the draw phase (MIT-6.2.2.1, ``flow/turns``), never when a maneuver resolves."""

    name = "extra_draw"
    params = ExtraDrawP
    template = N_("draw {n} more in the draw phase")

    def resolve(self, state: MitoszState, p: ExtraDrawP, item: Item) -> bool:
        return _only_in_a_static(state, self.name)
