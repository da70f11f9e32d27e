"""The primitives on cards in play and on spheres (spec 6.4): rotating, sphere points, neutralizing a stack
item, stealing a card, tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..acts_info import SACRIFICE
from ..actions import STACK_ID_BASE
from ..flow.phases import SPHERE_NAMES, SPHERE_SAID
from ..words import N_, lazy
from .common import SUSPEND
from ..schema.primitives import AddTokenP, GainSpheresP, LoseSpheresP, RemoveTokenP, StealSpheresP, TargetDurationP, TargetP
from ..effect_vocabulary import ASKS, VOCABULARY, MitoszPrimitive
from ..conflicts import prohibition_holds
from ..acts_announce import stack_item
from ..acts_summon import _host_problem, item_hosts, location_hosts
from ..acts_targets import stealable
from .lasting import _add_effect, _until
from .targets import players_of, refs, resolve_target
from ..flow.end_phase import _gain
from ..levels.abilities import restricted
from ..levels.card_types import card_type
from ..levels import filters as _filters
from .. import upcalls as _up
from ..writes import attach, set_tokens, to_row


if TYPE_CHECKING:
    from ..core import Inst
    from ..state import Item, MitoszState


def _rotate(self: MitoszState, p: Any, item: Item, value: bool = True) -> bool:
    for t in resolve_target(self, p.target, item):
        inst = self.cards[t]
        if inst.zone != "board":
            continue
        if card_type(self, inst) in ("leader", "supply"):
            inst.rotated = value
            self.note(N_("{card} is rotated") if value else N_("{card} is unrotated"), card=inst.d)
        elif value:
            inst.spent = True  # MIT-4.5
    return True


@VOCABULARY.register
class Rotate(MitoszPrimitive):
    name = "rotate"
    params = TargetP
    template = N_("rotate {target}")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        return _rotate(state, p, item)


@VOCABULARY.register
class Unrotate(MitoszPrimitive):
    name = "unrotate"
    params = TargetP
    template = N_("unrotate {target}")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        return _rotate(state, p, item, value=False)


def _amount(self: MitoszState, amount: Any) -> list[int]:
    return [getattr(amount, s) for s in SPHERE_NAMES]


@VOCABULARY.register
class GainSpheres(MitoszPrimitive):
    name = "gain_spheres"
    params = GainSpheresP
    template = N_("gain sphere points")
    flags = ASKS

    def resolve(self, state: MitoszState, p: GainSpheresP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            pl = state.players[seat]
            if hasattr(p.amount, "choose"):
                room = sum(max(0, pl.smax[s] - pl.spheres[s]) for s in range(4))
                n = min(p.amount.choose, room)
                if n > 0:
                    _up.set_prompt(state, "refill", seat, n=n, rule="MIT-5.4")
                    return SUSPEND
                continue
            amount = _amount(state, p.amount)
            gained = amount if p.over_max else [min(amount[s], max(0, pl.smax[s] - pl.spheres[s])) for s in range(4)]
            _gain(state, pl, gained, "gains")
        return True


@VOCABULARY.register
class LoseSpheres(MitoszPrimitive):
    name = "lose_spheres"
    params = LoseSpheresP
    template = N_("lose sphere points")

    def resolve(self, state: MitoszState, p: LoseSpheresP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            pl = state.players[seat]
            if hasattr(p.amount, "choose"):
                n = p.amount.choose
                while n > 0 and any(pl.spheres):  # the largest sphere first (the loser keeps the most choice)
                    s = max(range(4), key=lambda k: pl.spheres[k])
                    pl.spheres[s] -= 1
                    n -= 1
            else:
                amount = _amount(state, p.amount)
                pl.spheres = [max(0, pl.spheres[s] - amount[s]) for s in range(4)]
            state.note(N_("P{seat} loses sphere points → {spheres}"), seat=seat, spheres="/".join(map(str, pl.spheres)))
        return True


@VOCABULARY.register
class StealSpheres(MitoszPrimitive):
    name = "steal_spheres"
    params = StealSpheresP
    template = N_("steal {n} sphere point(s)")

    def resolve(self, state: MitoszState, p: StealSpheresP, item: Item) -> bool:
        thief = state.players[item.player]
        for seat in players_of(state, p.from_, item):
            victim = state.players[seat]
            for _ in range(_filters.value(state, p.n, refs(state, item), item)):
                if p.sphere == "chosen":
                    s = max(range(4), key=lambda k: victim.spheres[k])
                else:
                    s = SPHERE_NAMES.index(p.sphere)
                if victim.spheres[s] <= 0:
                    break
                victim.spheres[s] -= 1
                if p.over_max or thief.spheres[s] < thief.smax[s]:
                    thief.spheres[s] += 1
                state.note(N_("P{player} steals 1 {sphere} from P{seat}"), player=item.player, sphere=SPHERE_SAID[s], seat=seat)
        return True


@VOCABULARY.register
class Neutralize(MitoszPrimitive):
    name = "neutralize"
    params = TargetP
    template = N_("neutralize {target}")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            if t < STACK_ID_BASE:
                continue
            it = stack_item(state, t)
            if it is None or it.neutralized:
                continue
            if it.kind == "trigger" or (it.m is not None and it.m.speed == "locked"):
                state.note(N_("{card} is locked and cannot be neutralized (MIT-4.2.6.b)"), card=state.cards[it.card].d)
                continue
            it.neutralized = True
            state.note(N_("{card} is neutralized"), card=state.cards[it.card].d)
            if it.kind == "maneuver":  # MIT-4.1.e
                user = state.cards[it.card]
                mid = it.m.id if it.m is not None else SACRIFICE
                user.blocked = user.blocked + (mid,)
        return True


@VOCABULARY.register
class Steal(MitoszPrimitive):
    name = "steal"
    params = TargetDurationP
    template = N_("steal {target}")

    def resolve(self, state: MitoszState, p: TargetDurationP, item: Item) -> bool:
        thief = item.player
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone != "board" or inst.controller == thief or not stealable(state, inst):
                continue
            if restricted(state, inst, "cannot_be_stolen") and prohibition_holds(state, inst, "cannot_be_stolen", item):
                continue
            if inst.d.card_type == "leader":
                to_row(state, inst, thief)
                _add_effect(state, "steal", item, (t,), None, None, _until(state, p.duration, item))
                state.note(N_("P{thief} steals {card} (owner P{owner}) (MIT-5.2.a)"), thief=thief, card=inst.d, owner=inst.owner)
            elif inst.d.card_type in ("item", "location"):
                _steal_attachment(state, inst, thief)
        return True


def _steal_attachment(self: MitoszState, inst: Inst, thief: int) -> None:
    """MIT-5.2.d, OP-30: a stolen item or location goes onto the first legal host of the thief (in
    instance order), for good; with no legal host it stays where it is."""
    hosts = item_hosts(self, thief, inst.iid) if inst.d.card_type == "item" else location_hosts(self, thief, inst.iid)
    own = [h for h in hosts if self.cards[h].controller == thief and h != inst.host]
    for host in own:
        if _host_problem(self, thief, inst, host) is None:  # what hangs on it stays on it
            attach(self, inst, host, dormant=inst.dormant, controller=thief)
            self.note(N_("P{thief} steals {card} (owner P{owner}) and attaches it to {host}, for good (MIT-5.2.d)"), thief=thief, card=inst.d, owner=inst.owner, host=self.cards[host].d)
            return
    self.note(N_("{card} cannot be stolen: P{thief} has no card to attach it to (MIT-5.2.d)"), card=inst.d, thief=thief)


@VOCABULARY.register
class AddToken(MitoszPrimitive):
    name = "add_token"
    params = AddTokenP
    template = N_("put a {kind} token on {target}")

    def resolve(self, state: MitoszState, p: AddTokenP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone != "board":
                continue
            n = _filters.value(state, p.n, refs(state, item), item)
            tokens = list(inst.tokens)
            for k, (kind, count, eff) in enumerate(tokens):
                if kind == p.kind:
                    tokens[k] = (kind, count + n, eff)
                    break
            else:
                tokens.append((p.kind, n, p.effect))
            set_tokens(state, inst, tuple(tokens))
            state.note(lazy._n("{n} {kind} token on {card} (MIT-5.10)", "{n} {kind} tokens on {card} (MIT-5.10)", n,
                             kind=p.kind, card=inst.d))
        return True


@VOCABULARY.register
class RemoveToken(MitoszPrimitive):
    name = "remove_token"
    params = RemoveTokenP
    template = N_("remove a {kind} token from {target}")

    def resolve(self, state: MitoszState, p: RemoveTokenP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            out = []
            for kind, count, eff in inst.tokens:
                if kind == p.kind:
                    count = 0 if p.n == "all" else count - _filters.value(state, p.n, refs(state, item), item)
                if count > 0:
                    out.append((kind, count, eff))
            set_tokens(state, inst, tuple(out))
        return True
