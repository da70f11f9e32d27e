"""A maneuver's conditions around its effect: the reveal and the peek before it, then the level it gives,
its sacrifices and discards, and where the used card goes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import STACK_ID_BASE
from ..schema.conditions import number_range
from ..words import N_, Said, said
from ..checks import end_effects
from .lasting import _add_effect, _until
from ..levels.board import is_cursed, opponents
from ..levels.filters import matches
from ..levels.level import _myth_bonus
from ..moves import discard_card, enter_board, leave_board, to_zone
from .. import upcalls as _up
from ..writes import attach

if TYPE_CHECKING:
    from ..cards import CardDef
    from ..core import Inst
    from ..prompts.cards import Sacrifice
    from ..state import Item, MitoszState


def _look(self: MitoszState, item: Item) -> bool:
    """MIT-4.6.5, MIT-4.2.3.b/c, OP-24: reveal and peek happen after the counter round."""
    m = item.m
    if m is None:
        return True
    for c in m.conditions:
        kind = type(c).__name__
        if kind == "RevealCondition":
            if len(item.targets) > 1:
                if not _reveal_each(self, item, c.reveal):
                    return False
                continue
            top = _reveal(self, item, _enemy_for(self, item))
            if top < 0:
                return False
            item.revealed = top
            if not _look_holds(self, c.reveal, top, item):
                self.note(N_("the reveal condition fails: {card} has no effect"), card=self.cards[item.card].d)
                return False
        elif kind == "PeekCondition":
            who = _enemy_for(self, item)
            hand = self.players[who].hand
            if not hand:
                self.note(N_("P{who}'s hand is empty: nothing can be peeked at, so the effect does not happen (MIT-4.2.3.c)"), who=who)
                return False
            seen = hand[self.rng.below(len(hand))]
            item.peeked = seen
            d = self.cards[seen].d
            self.note(N_("P{player} peeks at a random card of P{who}'s hand"), None, player=item.player, who=who)
            self.note(N_("the peeked card is {card} (number {number})"), (item.player, who), card=d, number=d.number)
            if not _look_holds(self, c.peek, seen, item):
                self.note(N_("the peek condition fails: {card} has no effect"), card=self.cards[item.card].d)
                return False
    return True


def _reveal(self: MitoszState, item: Item, who: int) -> int:
    """MIT-4.2.3.b: the top card of ``who``'s deck is shown to all and goes to the bottom (-1: the deck is
    empty, nothing can be revealed)."""
    deck = self.players[who].deck
    if not deck:
        self.note(N_("P{who}'s deck is empty: nothing can be revealed, so the effect does not happen (MIT-4.2.3.b)"), who=who)
        return -1
    top = deck.pop()
    deck.insert(0, top)  # to the bottom of its deck
    d = self.cards[top].d
    self.note(N_("P{player} reveals P{who}'s top card: {card} (number {number}); it goes to the bottom of the deck"), player=item.player, who=who, card=d, number=d.number)
    return top


def _reveal_each(self: MitoszState, item: Item, look: Any) -> bool:
    """MIT-4.2.3.b: a maneuver that affects several chosen cards reveals a card for each of them, from the
    deck of that target's controller when it is an enemy's, else from the enemy's of OP-24 (a maneuver that
    affects every card of a kind, ``select: all``, has no chosen targets: one reveal). The effect reaches
    only the targets whose reveal meets the condition (``missed``: the others); with none, it does not
    happen. ``$revealed`` is the first card revealed for a target that is reached."""
    fallback = _enemy_for(self, item)
    missed = []
    for t in item.targets:
        if t >= STACK_ID_BASE:
            it = _up.stack_item(self, t)
            owner = it.player if it is not None else item.player
        else:
            owner = self.cards[t].controller
        top = _reveal(self, item, owner if owner != item.player else fallback)
        if top < 0 or not _look_holds(self, look, top, item):
            missed.append(t)
            if top >= 0:
                self.note(N_("the reveal condition fails for {target}"), target=_target_name(self, t))
        elif item.revealed < 0:
            item.revealed = top
    item.missed = item.missed + tuple(missed)
    if len(missed) == len(item.targets):
        self.note(N_("the reveal condition fails: {card} has no effect"), card=self.cards[item.card].d)
        return False
    return True


def _target_name(self: MitoszState, t: int) -> CardDef | Said:
    if t >= STACK_ID_BASE:
        it = _up.stack_item(self, t)
        return self.cards[it.card].d if it is not None and it.card >= 0 else Said(N_("the stack item"))
    return self.cards[t].d


def _look_holds(self: MitoszState, look: Any, iid: int, item: Item) -> bool:
    if look.refers:
        return True
    if look.number is not None:
        return self.cards[iid].d.number in number_range(look.number)
    f = look.filter.model_copy(update={"zone": self.cards[iid].zone})
    return matches(self, self.cards[iid], f, item.player, {})


def _ask_enemy(self: MitoszState, item: Item) -> bool:
    """OP-24: with several opponents and no enemy target, a reveal or peek asks which enemy."""
    if item.enemy >= 0 or item.m is None or self.n < 3:
        return False
    if not any(type(c).__name__ in ("RevealCondition", "PeekCondition") for c in item.m.conditions):
        return False
    if _enemy_target(self, item) is not None:
        return False
    enemies = opponents(self, item.player)
    _up.set_prompt(self, "choose_enemy", item.player, rule="OP-24", enemies=tuple(enemies),
                    options=[Said(N_("P{seat}"), seat=e) for e in enemies])
    return True


def _enemy_target(self: MitoszState, item: Item) -> int | None:
    for t in item.targets:
        owner = (_up.stack_item(self, t).player  # type: ignore[union-attr]  # the item was found just before
                 if t >= STACK_ID_BASE and _up.stack_item(self, t) else
                 (self.cards[t].controller if t < STACK_ID_BASE else item.player))
        if owner != item.player:
            return owner
    return None


def _enemy_for(self: MitoszState, item: Item) -> int:
    """OP-24: the controller of an enemy target, else the enemy the user's player chose (two players:
    the opponent)."""
    if item.enemy >= 0:
        return item.enemy
    for t in item.targets:
        owner = (_up.stack_item(self, t).player  # type: ignore[union-attr]  # the item was found just before
                 if t >= STACK_ID_BASE and _up.stack_item(self, t) else
                 (self.cards[t].controller if t < STACK_ID_BASE else item.player))
        if owner != item.player:
            return owner
    return opponents(self, item.player)[0]


def _finish(self: MitoszState, item: Item, happened: bool) -> None:
    """MIT-4.6.6 – 4.6.7: the level the maneuver gives, sacrifices, and where the used card goes."""
    card = self.cards[item.card]
    m = item.m
    if item.kind == "maneuver" and m is None and happened:
        _sacrifice_implicit(self, card, item)
        return
    if happened and m is not None:
        level = card.d.level if item.kind == "free" else m.level
        if level is not None and item.user >= 0 and self.cards[item.user].zone == "board":
            user = self.cards[item.user]
            bonus = _myth_bonus(self, card, user) if item.kind == "free" else 0  # MIT-5.8 for the maneuver
            _add_effect(self, "modify_level", item, (item.user,), None, level + bonus, _until(self, "default", item))
            self.note(N_("{user} gets {level:+d} level (OP-25)"), user=user.d, level=level + bonus)
        if any(type(c).__name__ == "SacrificeUser" for c in m.conditions) and item.user >= 0 \
                and self.cards[item.user].zone == "board":
            leave_board(self, item.user, "afterworld", "sacrifice")  # MIT-4.2.3.a
        owed = []
        for c in m.conditions:
            kind = type(c).__name__
            if kind == "SacrificeCondition":
                pool = [i.iid for i in self.cards if i.zone == "board" and i.controller == item.player
                        and not is_cursed(self, i) and matches(self, i, c.sacrifice.filter, item.player, {})]
                owed.append(("sacrifice", c.sacrifice.n, tuple(pool)))
            elif kind == "DiscardCondition":
                hand = self.players[item.player].hand
                f = c.discard.filter
                if f is not None:
                    f = f.model_copy(update={"zone": "hand"})
                    hand = [i for i in hand if matches(self, self.cards[i], f, item.player, {})]
                owed.append(("discard", c.discard.n, tuple(hand)))
        if owed:
            pay_conditions(self, item.player, tuple(owed), said("{card}", card=card.d))
    if item.kind == "free":
        host = item.targets[0] if item.attach and item.targets else -1
        if happened and host >= 0 and self.cards[host].zone == "board":  # MIT-8.rune, OP-60
            enter_board(self, item.card, item.player)
            rune = self.cards[item.card]
            attach(self, rune, host, dormant=rune.dormant)
            self.note(N_("{card} is attached to {host} (MIT-8.rune)"), card=card.d, host=self.cards[host].d)
        elif happened and item.lasting:
            enter_board(self, item.card, item.player)
            self.lingering.append(item.card)  # MIT-3.9.g: until its effect ends
        else:
            to_zone(self, item.card, "afterworld")
    elif item.kind == "fate":
        if happened and item.lasting and card.d.duration_rounds and m.speed != "counter":
            # MIT-3.7.g: only a counter fate goes at once; a locked one (OP-26) lasts its rounds like any other
            enter_board(self, item.card, item.player)
            self.fates.append(item.card)  # MIT-3.7.g: on the board while it lasts
        else:
            if happened and item.lasting and m is not None and m.speed == "counter":
                # MIT-3.7.g: "kontra fátum esetében használata után a túlvilágba kerül és hatása megszűnik" —
                # a counter fate's effect ends as it goes, whatever its duration (moves stay: MIT-4.3.a)
                end_effects(self, [e for e in self.effects
                                  if e.source == item.card and e.until[0] != "permanent"])
            to_zone(self, item.card, "afterworld")


def pay_conditions(self: MitoszState, seat: int, owed: tuple[tuple[str, int, tuple[int, ...]], ...],
                   source: str) -> None:
    """MIT-4.2.3, MIT-5.11 (with MIT-1.5.1, MIT-4.6.7): the player who used the maneuver meets its conditions
    and chooses what it sacrifices (of the fitting cards it controls on the board) or discards (from its
    hand), one card a question; where there is nothing to choose, it goes at once. ``owed``: (``sacrifice``
    | ``discard``, n, the fitting cards) still to pay, in the maneuver's order; a question carries the rest."""
    while owed:
        (kind, n, pool), owed = owed[0], owed[1:]
        if n <= 0:
            continue
        if kind == "sacrifice":
            pool = tuple(i for i in pool if self.cards[i].zone == "board" and self.cards[i].controller == seat)
            if len(pool) > n:
                _up.set_prompt(self, "sacrifice", seat, n=n, rule="MIT-5.11", cards=pool, source=source, then=owed)
                return
            for iid in pool:
                leave_board(self, iid, "afterworld", "sacrifice")
        else:
            pool = tuple(i for i in pool if self.cards[i].zone == "hand" and self.cards[i].owner == seat)
            if len(_up.distinct(self, pool)) > 1 and len(pool) > n:
                _up.set_prompt(self, "discard", seat, n=n, rule="MIT-5.11", source=said(N_("{source}'s condition"), source=source), then=owed,
                                maneuver=source, cards=pool)
                return
            for iid in pool[:n]:
                discard_card(self, iid, said(N_("{source}'s condition"), source=source))


def answer_sacrifice(self: MitoszState, pr: Sacrifice, card: int) -> None:
    """A card chosen for a sacrifice condition goes to the afterworld (MIT-4.6.7); the rest is asked next."""
    seat = pr.player
    self.note(N_("P{seat} sacrifices {card} ({source}'s condition, MIT-5.11)"), seat=seat, card=self.cards[card].d,
              source=pr.source)
    leave_board(self, card, "afterworld", "sacrifice")
    rest = ("sacrifice", pr.n - 1, tuple(i for i in pr.cards if i != card))
    pay_conditions(self, seat, (rest,) + pr.then, pr.source)


def _sacrifice_implicit(self: MitoszState, card: Inst, item: Item) -> None:
    """OP-16: a potion gives its level to its leader when sacrificed; any item or building goes."""
    if card.zone != "board":
        return
    if "potion" in card.d.subtypes and card.host >= 0 and card.d.level is not None:
        host = self.cards[card.host]
        delta = card.d.level + _myth_bonus(self, card, host)
        _add_effect(self, "modify_level", item, (host.iid,), None, delta, _until(self, "default", item))
        self.note(N_("{host} gets {delta:+d} level from {card} (MIT-8.potion)"), host=host.d, delta=delta, card=card.d)
    leave_board(self, card.iid, "afterworld", "sacrifice")
