"""Effects with a duration (spec 5.13): how long they last, recording them, the primitives that make them
(levels, roads, immunity, subtypes, prohibitions, costs …), and the hand size they change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..acts import sphere_vector
from ..actions import STACK_ID_BASE
from ..text import CARD_TYPE_WORDS, ROAD_NAMES
from ..words import N_, Said, join, lazy
from .common import _ImmunityWord

if TYPE_CHECKING:
    from ..state import Item, MitoszState


def statics_of(self: MitoszState, primitive: str) -> list[tuple[int, int, Any]]:
    return [(src, ctrl, params) for src, ctrl, _prim, params, _keys, _b in self.statics_by(primitive)]


def hand_size(self: MitoszState, seat: int) -> int:
    size: int = self.opts["hand_size"]
    for e in self.effects:
        if e.kind == "modify_hand_size" and e.value[0] == seat:
            size += e.value[1]
    for src, ctrl, params in self.statics_of("modify_hand_size") if "modify_hand_size" in self.prims else ():
        if seat in self.static_players(params.player, ctrl, src):  # spec 6.7: also always on
            size += self.value(params.delta, {"$self": src, "$bearer": src}, None)
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
                                                                      and self.in_rounds())):
        return ("fight",)  # MIT-7.4.13: the effects of maneuvers used in the fight end with it
    return ("turn", self.turn + 1)  # until the start of the next turn


def _add_effect(self: MitoszState, kind: str, item: Item | None, targets: tuple[int, ...] | None, selector: Any,
                value: Any, until: tuple[Any, ...], keys: frozenset[str] | None = None) -> None:
    self.seq += 1
    source = item.card if item is not None else -1
    if keys is None and item is not None:
        keys = self.effect_keys(item.card, item.m, item.user)
    Eff = self.Eff
    self.effects.append(Eff(self.seq, kind, item.player if item is not None else self.active, source, targets,
                            selector, value, until, keys or frozenset()))
    self.statics_cache = None
    if item is not None and until[0] != "permanent":
        item.lasting = True


def _targets_or_selector(self: MitoszState, target: Any, item: Item) -> tuple[tuple[int, ...] | None, Any]:
    if not isinstance(target, str) and target.select == "all":
        return None, target  # continuous (MIT-5.7)
    return tuple(self.resolve_target(target, item)), None


def _p_modify_level(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets == ():
        return True
    delta = self.value(p.delta, self.refs(item), item)
    kind = "modify_base_level" if p.base else "modify_level"
    self._add_effect(kind, item, targets, selector, delta, self._until(p.duration, item))
    if targets:
        self.note(N_("{cards} gets {delta:+d} level"), cards=join(self.cards[t].d for t in targets), delta=delta)
    return True


def _p_modify_road(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.nation, item)
    if targets == ():
        return True
    delta = self.value(p.delta, self.refs(item), item)
    road = p.road if p.road != "chosen" else "all"
    self._add_effect("modify_road", item, targets, selector, (road, delta), self._until(p.duration, item))
    if targets and road != "all":
        self.note(N_("the chosen nations: roads {delta:+d} ({road})"), delta=delta, road=Said(ROAD_NAMES[road]))
    elif targets:
        self.note(N_("the chosen nations: roads {delta:+d}"), delta=delta)
    elif road != "all":
        self.note(N_("every matching nation: roads {delta:+d} ({road})"), delta=delta, road=Said(ROAD_NAMES[road]))
    else:
        self.note(N_("every matching nation: roads {delta:+d}"), delta=delta)
    return True


def _p_close_road(self: MitoszState, p: Any, item: Item, kind: str = "close_road") -> bool:
    targets, selector = self._targets_or_selector(p.nation, item)
    if targets == ():
        return True
    self._add_effect(kind, item, targets, selector, p.road if p.road != "chosen" else "all",
                     self._until(p.duration, item))
    return True


def _p_open_road(self: MitoszState, p: Any, item: Item) -> bool:
    return self._p_close_road(p, item, "open_road")


def _p_neutralize_ability(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets == ():
        return True
    self._add_effect("neutralize_ability", item, targets, selector, None, self._until(p.duration, item))
    if targets:
        self.note(N_("{cards}'s ability is neutralized (MIT-5.5)"), cards=join(self.cards[t].d for t in targets))
    return True


def _p_grant_immunity(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets == ():
        return True
    self._add_effect("grant_immunity", item, targets, selector, frozenset(p.against), self._until(p.duration, item))
    if targets:
        self.note(N_("{cards} becomes immune to {against}"), cards=join(self.cards[t].d for t in targets),
                  against=join(Said("{word}", word=_ImmunityWord(a)) for a in p.against))
    return True


def _p_grant_subtype(self: MitoszState, p: Any, item: Item, kind: str = "grant_subtype") -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets != ():
        self._add_effect(kind, item, targets, selector, p.subtype, self._until(p.duration, item))
    return True


def _p_remove_subtype(self: MitoszState, p: Any, item: Item) -> bool:
    return self._p_grant_subtype(p, item, "remove_subtype")


def _p_restrict(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets != ():
        self._add_effect("restrict", item, targets, selector, p.what, self._until(p.duration, item))
    return True


def _p_modify_hand_size(self: MitoszState, p: Any, item: Item) -> bool:
    for seat in self.players_of(p.player, item):
        self._add_effect("modify_hand_size", item, (), None, (seat, self.value(p.delta, self.refs(item), item)),
                         self._until(p.duration, item))
    return True


def _p_modify_power_points(self: MitoszState, p: Any, item: Item) -> bool:
    targets, selector = self._targets_or_selector(p.target, item)
    if targets != ():
        self._add_effect("modify_power_points", item, targets, selector,
                         self.value(p.delta, self.refs(item), item), self._until(p.duration, item))
    return True


def _p_set_card_type(self: MitoszState, p: Any, item: Item) -> bool:
    """MIT-5.16: each target gets the new card type, and loses the old one, for the duration. The targets are
    fixed as the effect happens (a card's type decides which selectors match it); a high god and a nation
    keep theirs (their places are the god slot and the grid)."""
    targets = tuple(t for t in self.resolve_target(p.target, item) if t < STACK_ID_BASE
                    and self.cards[t].zone == "board" and self.cards[t].d.card_type not in ("high_god", "nation"))
    if targets:
        self._add_effect("set_card_type", item, targets, None, p.card_type, self._until(p.duration, item))
        self.note(N_("{cards} becomes a {type} (MIT-5.16)"), cards=join(self.cards[t].d for t in targets),
                  type=Said(CARD_TYPE_WORDS.get(p.card_type, p.card_type)))
    return True


def _p_modify_army(self: MitoszState, p: Any, item: Item) -> bool:
    """Spec 6.4: the level of a side of the current fight, until the fight ends (spec 5.10's army modifiers)."""
    f = self.fight
    own = f.side_of(item.player) if f is not None else None
    if own is None:
        self.note(N_("(the army change does nothing: P{player} has no side in a fight)"), player=item.player)
        return True
    side = own if p.side == "self" else "def" if own == "att" else "att"
    delta = self.value(p.delta, self.refs(item), item)
    self._add_effect("modify_army", item, (), None, (side, delta), ("fight",))
    # (the ignores: a side was found, so there is a fight)
    if f.kind == "duel":  # type: ignore[union-attr]
        self.note(N_("P{seat}'s side of the duel gets {delta:+d}"),
                  seat=f.seat_of(side), delta=delta)  # type: ignore[union-attr]
    else:
        self.note(N_("P{seat}'s side of the battle gets {delta:+d}"),
                  seat=f.seat_of(side), delta=delta)  # type: ignore[union-attr]
    return True


def _p_modify_capacity(self: MitoszState, p: Any, item: Item) -> bool:
    """MIT-7.3.4.b, OP-48: the capacity of the rows the targets lead."""
    targets, selector = self._targets_or_selector(p.row_leader, item)
    if targets != ():
        delta = self.value(p.delta, self.refs(item), item)
        self._add_effect("modify_capacity", item, targets, selector, delta, self._until(p.duration, item))
    return True


def _p_modify_cost(self: MitoszState, p: Any, item: Item) -> bool:
    """Spec 6.4: summoning or usage costs of the cards the filter names change for the duration (read by
    ``changed_cost``)."""
    change = (p.applies_to, sphere_vector(p.delta))
    self._add_effect("modify_cost", item, (), p, change, self._until(p.duration, item))
    if p.applies_to == "usage":
        self.note(N_("P{player} changes the usage costs of some cards (spec 6.4)"), player=item.player)
    else:
        self.note(N_("P{player} changes the summon costs of some cards (spec 6.4)"), player=item.player)
    return True


def _p_grant_fate_use(self: MitoszState, p: Any, item: Item) -> bool:
    """Spec 6.4, MIT-8.god, OP-62: more fate uses this turn, named by this effect's source."""
    for seat in self.players_of(p.player, item):
        self._add_effect("grant_fate_use", item, (), None, (seat, p.n), self._until("default", item))
        self.note(lazy._n("P{seat} may use {n} more fate (like MIT-8.god)", "P{seat} may use {n} more fates (like "
                         "MIT-8.god)", p.n, seat=seat))
    return True
