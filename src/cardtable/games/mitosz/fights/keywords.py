"""The keyword battle maneuvers: arrow volley, poison and fear, with force retreat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.effects import SUSPEND

from ..cards import call_parts
from ..text import SPHERE_WORDS
from ..words import N_, Said, said
from .fight import SPHERES
from ..schema.primitives import KeywordP, NoP, PoisonP
from ..effect_vocabulary import ASKS, FIGHT, VOCABULARY, MitoszPrimitive
from .members import current_fight, fight_cards, fight_members, in_rounds
from .strength import fight_level
from ..levels.abilities import immune
from ..levels.card_types import is_creature
from ..levels import filters as _filters
from ..moves import leave_board
from .. import upcalls as _up


if TYPE_CHECKING:
    from ..core import Inst, Item
    from ..prompts.fights import FearResist
    from ..schema.maneuvers import Maneuver
    from ..state import MitoszState


def _creature(self: MitoszState, inst: Inst) -> bool:
    return is_creature(self, inst)  # MIT-5.6


def keyword_strength(self: MitoszState, m: Maneuver, card: int, user: int) -> tuple[str, int] | None:
    """The maneuver's keyword and its level: volley V (OP-45), poison P (OP-47), fear L (OP-46)."""
    for _where, call in m.calls():
        name, p = call_parts(call)
        if name not in ("volley", "poison", "fear"):
            continue
        if name == "poison":
            if p.level is not None:
                return name, _filters.value(self, p.level, {"$self": card, "$user": user}, None)
            carrier = self.cards[card]
            base = abs(carrier.d.level or 0) if carrier.d.card_type == "free_maneuver" else fight_level(self, card)
            return name, base + p.mod
        value = (fight_level(self, user) if user >= 0 else 0) + p.mod
        if name == "volley" and user not in fight_cards(self):
            value //= 2  # MIT-7.2.5.1 "ekkor szintje feleződik", rounded down (MIT-5.3): a user outside the
            # fight (not a member, nor the attacked nation or a card attached to one) shoots at half level
        return name, value
    return None


def keyword_targets(self: MitoszState, seat: int, m: Maneuver, card: int, user: int) -> list[int] | None:
    """The creatures a volley or a poison may hit now; None for a maneuver without one of them."""
    hit = keyword_strength(self, m, card, user)
    if hit is None or hit[0] == "fear":
        return None
    if not in_rounds(self):
        return []
    name, strength = hit
    keys = _up.effect_keys(self, card, m, user)
    out: list[int] = []
    for iid in sorted(fight_members(self)):
        inst = self.cards[iid]
        if not _creature(self, inst) or immune(self, inst, keys, seat):  # MIT-5.12: never a target
            continue
        level = fight_level(self, iid)
        if name == "volley":  # a troop or beast (a mount fights as one) below V, a leader below V/2
            # (in the rounds: a fight is in progress)
            ok = level < strength if iid in current_fight(self).supplies else level < strength // 2
        else:
            ok = level < strength
        if ok:
            out.append(iid)
    return out


def _keyword_target(self: MitoszState, item: Item) -> int | None:
    t: int | None = item.targets[-1] if item.targets else None
    if t is None or self.cards[t].zone != "board" or t not in fight_members(self):
        return None
    return t


@VOCABULARY.register
class Volley(MitoszPrimitive):
    name = "volley"
    params = KeywordP
    template = N_("arrow volley {mod:+d}")
    flags = FIGHT

    def resolve(self, state: MitoszState, p: KeywordP, item: Item) -> bool:
        t = _keyword_target(state, item)
        if t is None:
            state.note(N_("the volley finds no target (MIT-7.2.5.1)"))
            return True
        state.note(N_("the volley destroys {t} (MIT-7.2.5.1)"), t=state.cards[t].d)
        leave_board(state, t, "afterworld", "destroy")
        return True


@VOCABULARY.register
class Poison(MitoszPrimitive):
    name = "poison"
    params = PoisonP
    template = N_("poison {mod:+d}")
    flags = FIGHT

    def resolve(self, state: MitoszState, p: PoisonP, item: Item) -> bool:
        t = _keyword_target(state, item)
        if t is None:
            state.note(N_("the poison finds no target (MIT-7.2.5.3)"))
            return True
        inst = state.cards[t]
        if inst.rotated:
            state.note(N_("the poison destroys the rotated {card} (MIT-7.2.5.3)"), card=inst.d)
            leave_board(state, t, "afterworld", "destroy")
        else:
            inst.rotated = True
            state.note(N_("the poison rotates {card} (MIT-7.2.5.3)"), card=inst.d)
        return True


@VOCABULARY.register
class ForceRetreat(MitoszPrimitive):
    """Spec 6.4, OP-51: the attacker retreats: the battle ends at once with no winner (MIT-7.4.10.1)."""

    name = "force_retreat"
    params = NoP
    template = N_("force a retreat")
    flags = FIGHT

    def resolve(self, state: MitoszState, p: NoP | None, item: Item) -> bool:
        f = state.fight
        if f is None or f.kind != "battle" or f.stage != "rounds":
            state.note(N_("(force retreat has no effect outside a battle's rounds)"))
            return True
        state.note(N_("P{attacker} is forced to retreat: the battle has no winner (MIT-7.4.10.1)"), attacker=f.attacker)
        f.winner = None
        f.levels = None
        f.stage = "outcome"
        return True


@VOCABULARY.register
class Fear(MitoszPrimitive):
    name = "fear"
    params = KeywordP
    template = N_("fear {mod:+d}")
    flags = FIGHT | ASKS  # a fleeing card may be held back (OP-46): a prompt

    def resolve(self, state: MitoszState, p: KeywordP, item: Item) -> bool:
        f = state.fight
        if f is None:
            state.note(N_("(fear has no effect outside a fight)"))
            return True
        _name, threshold = keyword_strength(state, item.m, item.card, item.user)  # type: ignore[misc]  # fear has one
        own = f.side_of(item.player)
        carrier_number = state.cards[item.card].d.number
        keys = _up.effect_keys(state, item.card, item.m, item.user)
        affected = []
        for iid in sorted(fight_members(state)):
            inst = state.cards[iid]
            place = f.leaders.get(iid) or f.supplies.get(iid)
            # MIT-5.12 (immune); every member has a place, as a leader or as a supply
            if place[0] == own or not _creature(state, inst) or immune(state, inst, keys, item.player):  # type: ignore[index]
                continue
            low = inst.d.number if state.opts["fear_number_source"] == "each_creature" else carrier_number
            if low < fight_level(state, iid) < threshold:
                affected.append(iid)
        if not affected:
            state.note(N_("fear: no enemy creature flees (MIT-7.2.5.2)"))
            return True
        return _fear_next(state, tuple(affected), ())


def _fear_next(self: MitoszState, affected: tuple[int, ...], fleeing: tuple[int, ...]) -> bool:
    """OP-46: each affected creature's controller may pay to keep it; the others flee together."""
    sphere = SPHERES.index(self.opts["fear_resist_sphere"])
    amount = self.opts["fear_resist_amount"]  # OP-46: fear_resist_cost, one sphere's points
    while affected:
        iid, affected = affected[0], affected[1:]
        if self.cards[iid].zone != "board":
            continue
        seat = self.cards[iid].controller
        if self.players[seat].spheres[sphere] >= amount:
            _up.set_prompt(self, "fear_resist", seat, rule="MIT-7.2.5.2", card=iid, rest=affected, fleeing=fleeing,
                            options=[said(N_("let {card} flee"), card=self.cards[iid].d),
                                     said(N_("pay {n} {sphere} to keep {card}"), n=amount,
                                          sphere=Said(SPHERE_WORDS[SPHERES[sphere]]), card=self.cards[iid].d)])
            return SUSPEND
        fleeing += (iid,)
    gone = [i for i in fleeing if self.cards[i].zone == "board"]
    for iid in gone:
        self.note(N_("{card} flees in fear to its owner's hand (MIT-7.2.5.2)"), card=self.cards[iid].d)
        leave_board(self, iid, "hand", "return")
    return True


def answer_fear(self: MitoszState, pr: FearResist, index: int) -> None:
    iid = pr.card
    fleeing = pr.fleeing
    if index == 1:
        sphere = SPHERES.index(self.opts["fear_resist_sphere"])
        amount = self.opts["fear_resist_amount"]
        self.players[pr.player].spheres[sphere] -= amount
        self.note(N_("P{seat} pays {amount} {sphere}: {card} stands its ground (OP-46)"), seat=pr.player,
                  amount=amount, sphere=Said(SPHERE_WORDS[SPHERES[sphere]]), card=self.cards[iid].d)
    else:
        fleeing += (iid,)
    _fear_next(self, pr.rest, fleeing)
