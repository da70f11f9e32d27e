"""The primitives on cards in play and on spheres (spec 6.4): rotating, sphere points, neutralizing a stack
item, stealing a card, tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..acts import SACRIFICE
from ..actions import STACK_ID_BASE
from ..flow import SPHERE_NAMES, SPHERE_SAID
from ..words import N_, lazy
from .common import SUSPEND

if TYPE_CHECKING:
    from ..core import Inst
    from ..state import Item, MitoszState


def _p_rotate(self: MitoszState, p: Any, item: Item, value: bool = True) -> bool:
    for t in self.resolve_target(p.target, item):
        inst = self.cards[t]
        if inst.zone != "board":
            continue
        if self.card_type(inst) in ("leader", "supply"):
            inst.rotated = value
            self.note(N_("{card} is rotated") if value else N_("{card} is unrotated"), card=inst.d)
        elif value:
            inst.spent = True  # MIT-4.5
    return True


def _p_unrotate(self: MitoszState, p: Any, item: Item) -> bool:
    return self._p_rotate(p, item, value=False)


def _amount(self: MitoszState, amount: Any) -> list[int]:
    return [getattr(amount, s) for s in SPHERE_NAMES]


def _p_gain_spheres(self: MitoszState, p: Any, item: Item) -> bool:
    for seat in self.players_of(p.player, item):
        pl = self.players[seat]
        if hasattr(p.amount, "choose"):
            room = sum(max(0, pl.smax[s] - pl.spheres[s]) for s in range(4))
            n = min(p.amount.choose, room)
            if n > 0:
                self.set_prompt("refill", seat, n=n, rule="MIT-5.4")
                return SUSPEND
            continue
        amount = self._amount(p.amount)
        gained = amount if p.over_max else [min(amount[s], max(0, pl.smax[s] - pl.spheres[s])) for s in range(4)]
        self._gain(pl, gained, "gains")
    return True


def _p_lose_spheres(self: MitoszState, p: Any, item: Item) -> bool:
    for seat in self.players_of(p.player, item):
        pl = self.players[seat]
        if hasattr(p.amount, "choose"):
            n = p.amount.choose
            while n > 0 and any(pl.spheres):  # the largest sphere first (the loser keeps the most choice)
                s = max(range(4), key=lambda k: pl.spheres[k])
                pl.spheres[s] -= 1
                n -= 1
        else:
            amount = self._amount(p.amount)
            pl.spheres = [max(0, pl.spheres[s] - amount[s]) for s in range(4)]
        self.note(N_("P{seat} loses sphere points → {spheres}"), seat=seat, spheres="/".join(map(str, pl.spheres)))
    return True


def _p_steal_spheres(self: MitoszState, p: Any, item: Item) -> bool:
    thief = self.players[item.player]
    for seat in self.players_of(p.from_, item):
        victim = self.players[seat]
        for _ in range(self.value(p.n, self.refs(item), item)):
            if p.sphere == "chosen":
                s = max(range(4), key=lambda k: victim.spheres[k])
            else:
                s = SPHERE_NAMES.index(p.sphere)
            if victim.spheres[s] <= 0:
                break
            victim.spheres[s] -= 1
            if p.over_max or thief.spheres[s] < thief.smax[s]:
                thief.spheres[s] += 1
            self.note(N_("P{player} steals 1 {sphere} from P{seat}"), player=item.player, sphere=SPHERE_SAID[s], seat=seat)
    return True


def _p_neutralize(self: MitoszState, p: Any, item: Item) -> bool:
    for t in self.resolve_target(p.target, item):
        if t < STACK_ID_BASE:
            continue
        it = self.stack_item(t)
        if it is None or it.neutralized:
            continue
        if it.kind == "trigger" or (it.m is not None and it.m.speed == "locked"):
            self.note(N_("{card} is locked and cannot be neutralized (MIT-4.2.6.b)"), card=self.cards[it.card].d)
            continue
        it.neutralized = True
        self.note(N_("{card} is neutralized"), card=self.cards[it.card].d)
        if it.kind == "maneuver":  # MIT-4.1.e
            user = self.cards[it.card]
            mid = it.m.id if it.m is not None else SACRIFICE
            user.blocked = user.blocked + (mid,)
    return True


def _p_steal(self: MitoszState, p: Any, item: Item) -> bool:
    thief = item.player
    for t in self.resolve_target(p.target, item):
        inst = self.cards[t]
        if inst.zone != "board" or inst.controller == thief or not self.stealable(inst):
            continue
        if self.restricted(inst, "cannot_be_stolen") and self.prohibition_holds(inst, "cannot_be_stolen", item):
            continue
        if inst.d.card_type == "leader":
            self.players[inst.controller].leaders.remove(t)
            inst.controller = thief
            self.players[thief].leaders.append(t)
            self.layout_changed()
            self._add_effect("steal", item, (t,), None, None, self._until(p.duration, item))
            self.note(N_("P{thief} steals {card} (owner P{owner}) (MIT-5.2.a)"), thief=thief, card=inst.d, owner=inst.owner)
        elif inst.d.card_type in ("item", "location"):
            self._steal_attachment(inst, thief)
    return True


def _steal_attachment(self: MitoszState, inst: Inst, thief: int) -> None:
    """MIT-5.2.d, OP-30: a stolen item or location goes onto the first legal host of the thief (in
    instance order), for good; with no legal host it stays where it is."""
    hosts = self.item_hosts(thief, inst.iid) if inst.d.card_type == "item" else self.location_hosts(thief, inst.iid)
    own = [h for h in hosts if self.cards[h].controller == thief and h != inst.host]
    for host in own:
        if self._host_problem(thief, inst, host) is None:  # what hangs on it stays on it
            inst.host = host
            inst.controller = thief
            self.layout_changed()
            self.note(N_("P{thief} steals {card} (owner P{owner}) and attaches it to {host}, for good (MIT-5.2.d)"), thief=thief, card=inst.d, owner=inst.owner, host=self.cards[host].d)
            return
    self.note(N_("{card} cannot be stolen: P{thief} has no card to attach it to (MIT-5.2.d)"), card=inst.d, thief=thief)


def _p_add_token(self: MitoszState, p: Any, item: Item) -> bool:
    for t in self.resolve_target(p.target, item):
        inst = self.cards[t]
        if inst.zone != "board":
            continue
        n = self.value(p.n, self.refs(item), item)
        tokens = list(inst.tokens)
        for k, (kind, count, eff) in enumerate(tokens):
            if kind == p.kind:
                tokens[k] = (kind, count + n, eff)
                break
        else:
            tokens.append((p.kind, n, p.effect))
        inst.tokens = tuple(tokens)
        self.statics_cache = None
        self.note(lazy._n("{n} {kind} token on {card} (MIT-5.10)", "{n} {kind} tokens on {card} (MIT-5.10)", n,
                         kind=p.kind, card=inst.d))
    return True


def _p_remove_token(self: MitoszState, p: Any, item: Item) -> bool:
    for t in self.resolve_target(p.target, item):
        inst = self.cards[t]
        out = []
        for kind, count, eff in inst.tokens:
            if kind == p.kind:
                count = 0 if p.n == "all" else count - self.value(p.n, self.refs(item), item)
            if count > 0:
                out.append((kind, count, eff))
        inst.tokens = tuple(out)
        self.statics_cache = None
    return True
