"""Resolving the stack: cards entering the board (MIT-6.3.6) and the effect interpreter (spec 6.4).

A maneuver's effect is a queue of primitive calls kept on its stack item, so that a call that needs a
player's choice (a discard, a searched card) can stop the resolution with a prompt and the next
action carries on from there.
"""

from __future__ import annotations

from .acts import SACRIFICE, chosen_names, sphere_vector
from .actions import STACK_ID_BASE
from .cards import PERMANENT_TYPES, call_parts
from .flow import SPHERE_NAMES, SPHERE_SAID
from .levels import is_trigger_call
from .schema import number_range
from .vocabulary import ROWS
from .text import CARD_TYPE_WORDS, ROAD_NAMES, ROW_INTO, immunity_word, kept
from .words import N_, Said, _, _n, join, said, lazy, shown

SUSPEND = False
#: rounds of triggered abilities that may follow one another before an open window (OP-43.4 sets no limit; two
#: cards that trigger each other would otherwise pass priority back and forth for ever)
TRIGGER_CHAIN_LIMIT = 20
#: what happened, in the words of the stack and the log (spec 6.6)
TRIGGER_WORDS = {"turn_start": N_("a turn begins"), "draw_phase": N_("a draw phase"), "refill": N_("a refill"),
                 "turn_end": N_("a turn ends"), "enters_board": N_("{card} enters the board"),
                 "summoned": N_("{card} is summoned"), "leaves_board": N_("{card} leaves the board"),
                 "destroyed": N_("{card} is destroyed"), "sacrificed": N_("{card} is sacrificed"),
                 "maneuver_used": N_("a maneuver is used ({card})"), "fight_declared": N_("a fight is declared"),
                 "fight_end": N_("the fight is over"), "spheres_changed": N_("spheres changed")}


def _trigger_sameness(item) -> tuple:
    """Triggered abilities that are one choice when their player orders them: the same card's same ability."""
    return item.card, id(item.m) if item.m is not None else item.calls


_HANDLERS: dict = {}  # (state class, primitive) -> the method that runs it (``Effects.run_call``)


class Effects:
    # -- helpers used by the rules -----------------------------------------------------------------
    def statics_of(self, primitive: str):
        return [(src, ctrl, params) for src, ctrl, _prim, params, _keys, _b in self.statics_by(primitive)]

    def hand_size(self, seat: int) -> int:
        size = self.opts["hand_size"]
        for e in self.effects:
            if e.kind == "modify_hand_size" and e.value[0] == seat:
                size += e.value[1]
        for src, ctrl, params in self.statics_of("modify_hand_size") if "modify_hand_size" in self.prims else ():
            if seat in self.static_players(params.player, ctrl, src):  # spec 6.7: also always on
                size += self.value(params.delta, {"$self": src, "$bearer": src}, None)
        return max(0, size)

    def describe_use(self, item) -> Said:
        """What the item does, as words after its player ("uses Lysa Brightspear's maneuver on …"), kept and read
        in the reader's language."""
        card = self.cards[item.card]
        d = card.d
        if item.kind == "trigger":
            why = TRIGGER_WORDS.get(item.on)
            if why is not None:
                event = self.cards[item.event].d if item.event >= 0 else Said(N_("a card"))
                return said(N_("{card}'s locked ability triggers: {why} (spec 6.6)"), card=d,
                            why=said(why, card=event))
            return said(N_("{card}'s locked ability triggers (spec 6.6)"), card=d)
        if item.kind == "maneuver":
            if item.m is None:
                what = said(N_("sacrifices {card}"), card=d)
            elif d.card_type == "item" and "potion" in d.subtypes:
                what = said(N_("uses {card}"), card=d)
            else:
                what = said(N_("uses {card}'s maneuver"), card=d)
        elif item.kind == "free":
            user = self.cards[item.user].d
            what = said(N_("uses {card} (user {user}) to attach it") if item.attach else
                        N_("uses {card} (user {user})"), card=d, user=user)
        elif item.via is not None:
            what = said(N_("uses the fate {card} (allowed by {via})"), card=d, via=self.cards[item.via].d)
        else:
            what = said(N_("uses the fate {card}"), card=d)
        if item.steps:
            what = lazy._n("{use}, {n} step", "{use}, {n} steps", item.steps, use=what)
        if item.times and item.times > 1:
            what = said(N_("{use}, ×{times}"), use=what, times=item.times)
        if item.targets:
            what = said(N_("{use} on {targets}"), use=what, targets=join(self.target_name(t) for t in item.targets))
        return what

    def target_name(self, t: int) -> Said:
        if t >= STACK_ID_BASE:
            it = self.stack_item(t)
            if it is None:
                return Said(N_("an item that left the stack"))
            return said(N_("{card} (on the stack, P{seat})"), card=self.cards[it.card].d, seat=it.player)
        return said(N_("{card} (P{seat})"), card=self.cards[t].d, seat=self.cards[t].controller)

    # -- resolving one stack item ------------------------------------------------------------------
    def resolve_item(self, item) -> bool:
        if item.kind == "fight":
            if not item.neutralized:
                self.start_fight(item)
            return True
        if item.kind == "mount":
            if not item.neutralized:
                self.attach_mount(item)
            return True
        if item.kind == "supply":
            if item.destroyed:
                self.to_zone(item.card, "afterworld")
                self.note(N_("{card} is destroyed while being played (OP-27)"), card=self.cards[item.card].d)
                return True
            self.enter_row(item)  # may ask for the supply's mode (OP-20): the item leaves the stack first
            return True
        if item.kind == "trigger":  # spec 6.6: a locked ability, never neutralized (MIT-4.2.6.b)
            if not item.started:
                item.started = True
                item.queue = list(item.calls)
            while item.queue:
                if self.run_call(item.queue.pop(0), item) is SUSPEND:
                    return False
            return True
        if item.kind in ("nation", "summon", "unsummoned"):
            if item.started:
                return True  # resumed after its on-enter question
            item.started = True
            self._resolve_card(item)
            return not self._ask_on_enter(item)
        if not item.started:
            if not item.neutralized and self._ask_enemy(item):
                return False  # OP-24: the user's player first chooses whose deck or hand
            item.started = True
            card = self.cards[item.card]
            if item.neutralized:
                self.note(N_("{card} was neutralized: nothing happens (P{player})"), card=card.d, player=item.player)
                self._finish(item, happened=False)
                return True
            if not self._look(item):
                self._finish(item, happened=False)
                return True
            item.queue = self._effect_calls(item)
        while item.queue:
            call = item.queue.pop(0)
            if self.run_call(call, item) is SUSPEND:
                return False
        self._finish(item, happened=True)
        return True

    def _effect_calls(self, item) -> list:
        m = item.m
        if m is None:
            return []
        if m.steps:
            calls = [c for st in m.steps[:item.steps or 1] for c in st.effect]
        else:
            calls = list(m.effect)
        return calls * max(1, item.x)

    def _resolve_card(self, item) -> None:
        """MIT-6.3.6: the card is put onto the board (or, destroyed while played, to the afterworld)."""
        iid = item.card
        inst = self.cards[iid]
        seat = item.player
        if item.destroyed:  # OP-27
            self.to_zone(iid, "afterworld")
            self.note(N_("{card} is destroyed while being played and goes to the afterworld (OP-27)"), card=inst.d)
            return
        t = inst.d.card_type
        if t == "nation":
            grid = self.players[seat].grid
            if item.cell in grid:
                self.to_zone(iid, "hand")
                return
            self.enter_board(iid, seat)
            inst.cell = item.cell
            grid[item.cell] = iid
            self.layout_changed()
            self.note(N_("{card} joins P{seat}'s empire at {cell}"), card=inst.d, seat=seat, cell=item.cell)
        elif t == "leader":
            self.enter_board(iid, seat)
            self.players[seat].leaders.append(iid)
            self.note(N_("{card} enters P{seat}'s leader row"), card=inst.d, seat=seat)
        elif t in ("item", "location"):
            host = item.host
            if host < 0 or self.cards[host].zone != "board" or self._host_problem(seat, _Off(inst), host):
                self.to_zone(iid, "afterworld")
                self.note(N_("{card} has no legal card to attach to any more: it goes to the afterworld"), card=inst.d)
                return
            self.enter_board(iid, seat)
            inst.host = host
            self.layout_changed()
            self.note(N_("{card} is attached to {host}"), card=inst.d, host=self.cards[host].d)
        elif t == "intrigue":
            if len(self.intrigues) >= self.intrigue_limit():  # MIT-3.6.c
                self.note(N_("the intrigue limit ({intrigue_limit}) is reached: the other intrigues go to the afterworld (MIT-3.6.c)"), intrigue_limit=self.intrigue_limit())
                others = list(self.intrigues)
                self.together(lambda: [self.leave_board(o, "afterworld", "rule") for o in others])
            self.enter_board(iid, seat)
            self.intrigues.append(iid)
            self.note(N_("{card} takes effect for P{seat}"), card=inst.d, seat=seat)
        if item.kind == "summon":
            self.event("summoned", iid, later=True)  # spec 6.6

    # -- MIT-6.3.7: a maneuver used when the card is played ------------------------------------------
    def on_enter_options(self, item) -> list:
        inst = self.cards[item.card]
        out = []
        if inst.zone != "board":
            return out
        from .actions import UseManeuver

        for m in inst.d.usable:
            if not m.on_enter:
                continue
            for targets, steps, times in self._variants(item.player, m, inst.iid, inst.iid, free=False):
                if self._conditions_problem(item.player, m, inst.iid) is None:
                    out.append(UseManeuver(inst.iid, m.id, targets, steps, times))
        return out

    def _ask_on_enter(self, item) -> bool:
        """MIT-6.3.7: if a maneuver may or must be used as the card is played, its player is asked now
        (timing markers do not apply: the card says when). True if a question was asked."""
        if not any(m.on_enter for m in self.cards[item.card].d.usable):
            return False
        options = self.on_enter_options(item)
        if not options:
            return False
        must = any(m.on_enter == "must" for m in self.cards[item.card].d.usable)
        self.set_prompt("on_enter", item.player, rule="MIT-6.3.7", card=item.card, must=must,
                        options=[a.to_json() for a in options])
        return True

    def answer_on_enter(self, pr, action) -> None:
        from .actions import Pass

        if isinstance(action, Pass):
            self.note(N_("P{seat} does not use {card}'s maneuver"), seat=pr['player'], card=self.cards[pr['card']].d)
            return
        from .state import Item

        seat = pr["player"]
        inst = self.cards[action.card]
        m = next(x for x in inst.d.usable if x.id == action.maneuver)
        cost = self.maneuver_cost(m, action.steps, action.times, False, inst.iid)
        self.pay(seat, cost)
        self._use_up(inst, m, "maneuver")
        item = Item(self.next_sid, "maneuver", seat, inst.iid, inst.iid, m, tuple(action.targets), action.steps,
                    action.times)
        self.next_sid += 1
        item.x = action.times or 1
        self.note(N_("P{seat} {use} as it is played (MIT-6.3.7)"), seat=seat, use=self.describe_use(item))
        self.event("maneuver_used", inst.iid)  # spec 6.6
        self.stack.append(item)
        # the resolution waits for this item's counter round (the steps that carried it on are asked again)
        if self.todo[-1:] == ["resolve"]:
            del self.todo[-3:]
        self.start_counter_round(self.affected(item), from_window=False, actor=seat)

    def _look(self, item) -> bool:
        """MIT-4.6.5, MIT-4.2.3.b/c, OP-24: reveal and peek happen after the counter round."""
        m = item.m
        if m is None:
            return True
        for c in m.conditions:
            kind = type(c).__name__
            if kind == "RevealCondition":
                if len(item.targets) > 1:
                    if not self._reveal_each(item, c.reveal):
                        return False
                    continue
                top = self._reveal(item, self._enemy_for(item))
                if top < 0:
                    return False
                item.revealed = top
                if not self._look_holds(c.reveal, top, item):
                    self.note(N_("the reveal condition fails: {card} has no effect"), card=self.cards[item.card].d)
                    return False
            elif kind == "PeekCondition":
                who = self._enemy_for(item)
                hand = self.players[who].hand
                if not hand:
                    self.note(N_("P{who}'s hand is empty: nothing can be peeked at, so the effect does not happen (MIT-4.2.3.c)"), who=who)
                    return False
                seen = hand[self.rng.below(len(hand))]
                item.peeked = seen
                d = self.cards[seen].d
                self.note(N_("P{player} peeks at a random card of P{who}'s hand"), None, player=item.player, who=who)
                self.note(N_("the peeked card is {card} (number {number})"), (item.player, who), card=d, number=d.number)
                if not self._look_holds(c.peek, seen, item):
                    self.note(N_("the peek condition fails: {card} has no effect"), card=self.cards[item.card].d)
                    return False
        return True

    def _reveal(self, item, who: int) -> int:
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

    def _reveal_each(self, item, look) -> bool:
        """MIT-4.2.3.b: a maneuver that affects several chosen cards reveals a card for each of them, from the
        deck of that target's controller when it is an enemy's, else from the enemy's of OP-24 (a maneuver that
        affects every card of a kind, ``select: all``, has no chosen targets: one reveal). The effect reaches
        only the targets whose reveal meets the condition (``missed``: the others); with none, it does not
        happen. ``$revealed`` is the first card revealed for a target that is reached."""
        fallback = self._enemy_for(item)
        missed = []
        for t in item.targets:
            if t >= STACK_ID_BASE:
                it = self.stack_item(t)
                owner = it.player if it is not None else item.player
            else:
                owner = self.cards[t].controller
            top = self._reveal(item, owner if owner != item.player else fallback)
            if top < 0 or not self._look_holds(look, top, item):
                missed.append(t)
                if top >= 0:
                    self.note(N_("the reveal condition fails for {target}"), target=self._target_name(t))
            elif item.revealed < 0:
                item.revealed = top
        item.missed = item.missed + tuple(missed)
        if len(missed) == len(item.targets):
            self.note(N_("the reveal condition fails: {card} has no effect"), card=self.cards[item.card].d)
            return False
        return True

    def _target_name(self, t: int):
        if t >= STACK_ID_BASE:
            it = self.stack_item(t)
            return self.cards[it.card].d if it is not None and it.card >= 0 else Said(N_("the stack item"))
        return self.cards[t].d

    def _look_holds(self, look, iid: int, item) -> bool:
        if look.refers:
            return True
        if look.number is not None:
            return self.cards[iid].d.number in number_range(look.number)
        f = look.filter.model_copy(update={"zone": self.cards[iid].zone})
        return self.matches(self.cards[iid], f, item.player, {})

    def _ask_enemy(self, item) -> bool:
        """OP-24: with several opponents and no enemy target, a reveal or peek asks which enemy."""
        if item.enemy >= 0 or item.m is None or self.n < 3:
            return False
        if not any(type(c).__name__ in ("RevealCondition", "PeekCondition") for c in item.m.conditions):
            return False
        if self._enemy_target(item) is not None:
            return False
        enemies = self.opponents(item.player)
        self.set_prompt("choose_enemy", item.player, rule="OP-24", enemies=tuple(enemies),
                        options=[Said(N_("P{seat}"), seat=e) for e in enemies])
        return True

    def _enemy_target(self, item) -> int | None:
        for t in item.targets:
            owner = self.stack_item(t).player if t >= STACK_ID_BASE and self.stack_item(t) else \
                (self.cards[t].controller if t < STACK_ID_BASE else item.player)
            if owner != item.player:
                return owner
        return None

    def _enemy_for(self, item) -> int:
        """OP-24: the controller of an enemy target, else the enemy the user's player chose (two players:
        the opponent)."""
        if item.enemy >= 0:
            return item.enemy
        for t in item.targets:
            owner = self.stack_item(t).player if t >= STACK_ID_BASE and self.stack_item(t) else \
                (self.cards[t].controller if t < STACK_ID_BASE else item.player)
            if owner != item.player:
                return owner
        return self.opponents(item.player)[0]

    def _finish(self, item, happened: bool) -> None:
        """MIT-4.6.6 – 4.6.7: the level the maneuver gives, sacrifices, and where the used card goes."""
        card = self.cards[item.card]
        m = item.m
        if item.kind == "maneuver" and m is None and happened:
            self._sacrifice_implicit(card, item)
            return
        if happened and m is not None:
            level = card.d.level if item.kind == "free" else m.level
            if level is not None and item.user >= 0 and self.cards[item.user].zone == "board":
                user = self.cards[item.user]
                bonus = self._myth_bonus(card, user) if item.kind == "free" else 0  # MIT-5.8 for the maneuver
                self._add_effect("modify_level", item, (item.user,), None, level + bonus, self._until("default", item))
                self.note(N_("{user} gets {level:+d} level (OP-25)"), user=user.d, level=level + bonus)
            if any(type(c).__name__ == "SacrificeUser" for c in m.conditions) and item.user >= 0 \
                    and self.cards[item.user].zone == "board":
                self.leave_board(item.user, "afterworld", "sacrifice")  # MIT-4.2.3.a
            owed = []
            for c in m.conditions:
                kind = type(c).__name__
                if kind == "SacrificeCondition":
                    pool = [i.iid for i in self.cards if i.zone == "board" and i.controller == item.player
                            and not self.is_cursed(i) and self.matches(i, c.sacrifice.filter, item.player, {})]
                    owed.append(("sacrifice", c.sacrifice.n, tuple(pool)))
                elif kind == "DiscardCondition":
                    hand = self.players[item.player].hand
                    f = c.discard.filter
                    if f is not None:
                        f = f.model_copy(update={"zone": "hand"})
                        hand = [i for i in hand if self.matches(self.cards[i], f, item.player, {})]
                    owed.append(("discard", c.discard.n, tuple(hand)))
            if owed:
                self.pay_conditions(item.player, tuple(owed), said("{card}", card=card.d))
        if item.kind == "free":
            host = item.targets[0] if item.attach and item.targets else -1
            if happened and host >= 0 and self.cards[host].zone == "board":  # MIT-8.rune, OP-60
                self.enter_board(item.card, item.player)
                self.cards[item.card].host = host
                self.layout_changed()
                self.note(N_("{card} is attached to {host} (MIT-8.rune)"), card=card.d, host=self.cards[host].d)
            elif happened and item.lasting:
                self.enter_board(item.card, item.player)
                self.lingering.append(item.card)  # MIT-3.9.g: until its effect ends
            else:
                self.to_zone(item.card, "afterworld")
        elif item.kind == "fate":
            if happened and item.lasting and card.d.duration_rounds and m.speed != "counter":
                # MIT-3.7.g: only a counter fate goes at once; a locked one (OP-26) lasts its rounds like any other
                self.enter_board(item.card, item.player)
                self.fates.append(item.card)  # MIT-3.7.g: on the board while it lasts
            else:
                if happened and item.lasting and m is not None and m.speed == "counter":
                    # MIT-3.7.g: "kontra fátum esetében használata után a túlvilágba kerül és hatása megszűnik" —
                    # a counter fate's effect ends as it goes, whatever its duration (moves stay: MIT-4.3.a)
                    self.end_effects([e for e in self.effects
                                      if e.source == item.card and e.until[0] != "permanent"])
                self.to_zone(item.card, "afterworld")

    def pay_conditions(self, seat: int, owed: tuple, source: str) -> None:
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
                    self.set_prompt("sacrifice", seat, n=n, rule="MIT-5.11", cards=pool, source=source, then=owed)
                    return
                for iid in pool:
                    self.leave_board(iid, "afterworld", "sacrifice")
            else:
                pool = tuple(i for i in pool if self.cards[i].zone == "hand" and self.cards[i].owner == seat)
                if len(self.distinct(pool)) > 1 and len(pool) > n:
                    self.set_prompt("discard", seat, n=n, rule="MIT-5.11", source=said(N_("{source}'s condition"), source=source), then=owed,
                                    maneuver=source, cards=pool)
                    return
                for iid in pool[:n]:
                    self.discard_card(iid, said(N_("{source}'s condition"), source=source))

    def answer_sacrifice(self, pr, card: int) -> None:
        """A card chosen for a sacrifice condition goes to the afterworld (MIT-4.6.7); the rest is asked next."""
        seat = pr["player"]
        self.note(N_("P{seat} sacrifices {card} ({source}'s condition, MIT-5.11)"), seat=seat, card=self.cards[card].d, source=pr['source'])
        self.leave_board(card, "afterworld", "sacrifice")
        rest = ("sacrifice", pr["n"] - 1, tuple(i for i in pr["cards"] if i != card))
        self.pay_conditions(seat, (rest,) + pr["then"], pr["source"])

    def _sacrifice_implicit(self, card, item) -> None:
        """OP-16: a potion gives its level to its leader when sacrificed; any item or building goes."""
        if card.zone != "board":
            return
        if "potion" in card.d.subtypes and card.host >= 0 and card.d.level is not None:
            host = self.cards[card.host]
            delta = card.d.level + self._myth_bonus(card, host)
            self._add_effect("modify_level", item, (host.iid,), None, delta, self._until("default", item))
            self.note(N_("{host} gets {delta:+d} level from {card} (MIT-8.potion)"), host=host.d, delta=delta, card=card.d)
        self.leave_board(card.iid, "afterworld", "sacrifice")

    # -- triggered abilities (spec 6.6) ----------------------------------------------------------------
    def triggered(self, event: str, holds) -> list:
        """The locked triggered abilities on the board that ``event`` fires — bound maneuvers with a ``trigger``
        and tokens with one — as stack items, the active player's first, then the others' in turn order, a
        player's own in instance order until they order them (``push_triggers``, OP-43.4). ``holds(trigger,
        controller, card)`` says whether the event, as the trigger's parameters narrow it, happened for it."""
        return self._trigger_items([found + (-1, event) for found in self._waiting(event, holds)])

    def _waiting(self, event: str, holds) -> list:
        """(controller, card, maneuver, effect calls) of each triggered ability on the board that ``event``
        fires (``triggered``)."""
        found = []
        for inst in self.board_insts():
            if inst.dormant is not None:
                continue  # OP-35: a dormant leader's abilities wait with it
            for m in inst.d.triggers if self.intrigue_works(inst) else ():
                if m.trigger.on == event and holds(m.trigger, inst.controller, inst.iid):
                    found.append((inst.controller, inst.iid, m, tuple(m.effect)))
            for _kind, count, eff in inst.tokens:
                if eff is not None and is_trigger_call(eff) and eff.trigger.on == event \
                        and holds(eff.trigger, inst.controller, inst.iid):
                    found += [(inst.controller, inst.iid, None, tuple(eff.effect))] * count
        return found

    def _trigger_items(self, found: list) -> list:
        """Stack items of (controller, card, maneuver, effect calls, event card, event) in the order of OP-43.4."""
        if not found:
            return []
        from .state import Item

        start = self.order.index(self.active)
        seats = self.order[start:] + self.order[:start]
        found = sorted(found, key=lambda x: (seats.index(x[0]), x[1]))
        items = []
        for seat, iid, m, calls, about, on in found:
            item = Item(self.next_sid, "trigger", seat, iid, iid, m)
            self.next_sid += 1
            item.calls = calls
            item.event = about
            item.on = on
            items.append(item)
        return items

    def event(self, on: str, card: int = -1, player: int = -1, to: str | None = None, later: bool = False) -> None:
        """Spec 6.6, OP-43.4: ``on`` happened — to the card ``card`` (a card event), for ``player`` (whose turn
        or spheres), a card leaving ``to`` a zone. The triggered abilities waiting for it go on the stack at the
        next state check (``fire_pending``). They are found now, with the board as it is at the event (a card
        leaving the board still sees itself leave), or with ``later`` at that check (a card entering the board
        is in its place by then: its cell, host or row). An event no card of the game waits for costs nothing."""
        if on not in self.trigger_on:
            return
        if later:
            self.pending.append((on, card, player, to, None))
            return
        waiting = self._waiting(on, self._holds(card, player, to))
        if waiting:
            self.pending.append((on, card, player, to, waiting))

    def _holds(self, card: int, player: int, to: str | None):
        """Whether a trigger's parameters (``player``, ``to``, ``filter``) fit an event (``event``)."""
        subject = self.cards[card] if card >= 0 else None

        def holds(trigger, ctrl: int, source: int) -> bool:
            side = getattr(trigger, "player", None)
            if side is not None and side != "any" and (player == ctrl) != (side == "self"):
                return False
            if getattr(trigger, "to", None) is not None and trigger.to != to:
                return False
            f = getattr(trigger, "filter", None)
            return f is None or (subject is not None and self.matches(subject, f, ctrl, {"$self": source}))
        return holds

    def fire_pending(self) -> bool:
        """OP-43.4: after a state check, the triggered abilities whose events happened since the last one go on
        the stack (the active player's first) and a counter round follows; then the machine goes on where it
        was. Returns whether a counter round began."""
        if "spheres_changed" in self.trigger_on:
            marks = tuple(tuple(p.spheres) for p in self.players)
            if self.sphere_marks and marks != self.sphere_marks:
                for seat, (now, before) in enumerate(zip(marks, self.sphere_marks)):
                    if now != before:
                        self.event("spheres_changed", player=seat)
            self.sphere_marks = marks
        if not self.pending or self.result is not None:
            return False
        events, self.pending = self.pending, []
        found = []
        for on, card, player, to, waiting in events:
            if waiting is None:
                waiting = self._waiting(on, self._holds(card, player, to))
            found += [w + (card, on) for w in waiting]
        if not found:
            return False
        if self.trigger_chain >= TRIGGER_CHAIN_LIMIT:  # OP-43.4 (our limit): a loop of triggers ends
            self.note(N_("triggered abilities that do not trigger: {n}; {limit} rounds of triggers followed one "
                         "another without an open window"), n=len(found), limit=TRIGGER_CHAIN_LIMIT)
            return False
        self.trigger_chain += 1
        self.touch()
        # a counter round waits with nothing scheduled (the machine would run it at the first pass): the steps
        # still to come, and the step the stack before went on with, wait for the triggers' stack
        if self.trigger_resume is None:
            self.trigger_resume = (self.after_stack, tuple(self.todo))
        self.todo.clear()
        self.push_triggers(self._trigger_items(found), "triggers_done")
        return True

    def push_triggers(self, items: list, then: str) -> None:
        """OP-43.4: the triggered abilities go on the stack — the active player's first, then the others' in
        turn order, and each player orders their own — and a counter round follows (from the active player);
        when the stack has resolved, the machine goes on with the step ``then``."""
        for item in items:
            self.stack.append(item)
            self.note(N_("P{player}: {use}"), player=item.player, use=self.describe_use(item))
        self.after_stack = then
        self._order_triggers(list(dict.fromkeys(item.player for item in items)), tuple(it.sid for it in items))

    def _order_triggers(self, seats: list, new: tuple) -> None:
        """Ask the first of ``seats`` whose triggered abilities just put on the stack (``new``) differ to order
        them (OP-43.4); with none left to ask, the counter round begins."""
        for k, seat in enumerate(seats):
            mine = tuple(it.sid for it in self.stack if it.sid in new and it.player == seat)
            if len(self._distinct_triggers(mine)) > 1:
                self._ask_trigger_order(seat, mine, (), tuple(seats[k + 1:]), new)
                return
        self.start_counter_round(self.active, from_window=False, actor=self.active)

    def _ask_trigger_order(self, seat: int, sids: tuple, placed: tuple, later: tuple, new: tuple) -> None:
        left = self._distinct_triggers([s for s in sids if s not in placed])
        self.set_prompt("trigger_order", seat, rule="OP-43.4", sids=sids, placed=placed, later=later, new=new,
                        choices=tuple(it.sid for it in left), options=[self.describe_use(it) for it in left])

    def _distinct_triggers(self, sids) -> list:
        """The stack items of ``sids``, one of each kind (the same ability of the same card is one choice)."""
        items = {it.sid: it for it in self.stack}
        seen: dict = {}
        for sid in sids:
            seen.setdefault(_trigger_sameness(items[sid]), items[sid])
        return list(seen.values())

    def answer_trigger_order(self, pr, index: int) -> None:
        """The chosen ability resolves before the player's others not chosen yet: when the rest are alike, the
        player's abilities are laid on the stack in that order (the first chosen on top)."""
        placed = pr["placed"] + (pr["choices"][index],)
        left = [s for s in pr["sids"] if s not in placed]
        if len(self._distinct_triggers(left)) > 1:
            self._ask_trigger_order(pr["player"], pr["sids"], placed, pr["later"], pr["new"])
            return
        order = list(reversed(list(placed) + left))  # bottom to top: the first chosen last, on top
        spots = [k for k, it in enumerate(self.stack) if it.sid in pr["sids"]]
        items = {it.sid: it for it in self.stack}
        for spot, sid in zip(spots, order):
            self.stack[spot] = items[sid]
        self.note(N_("P{seat} orders their triggered abilities: {cards} (the first resolves first, OP-43.4)"),
                  seat=pr["player"], cards=join(self.cards[items[s].card].d for s in list(placed) + left))
        self._order_triggers(list(pr["later"]), pr["new"])

    # -- effects with a duration (spec 5.13) -------------------------------------------------------
    def _until(self, duration, item) -> tuple:
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

    def _add_effect(self, kind, item, targets, selector, value, until, keys=None) -> None:
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

    # -- references and selectors (spec 6.1, 6.2) --------------------------------------------------
    def refs(self, item) -> dict[str, int]:
        card = item.card
        out = {"$self": card, "$user": item.user, "$revealed": item.revealed, "$peeked": item.peeked,
               "$host": self.cards[card].host if card >= 0 else -1, "$bearer": card, "$event": item.event}
        if item.m is not None:
            names = chosen_names(item.m)  # t1, t2 … in order
            if names and item.targets:
                out["$" + names[0]] = item.targets[0]
                for i, n in enumerate(names):
                    if i < len(item.targets):
                        out["$" + n] = item.targets[i]
                if item.missed:  # MIT-4.2.3.b: a target whose reveal failed is not reached
                    for key in [k for k, v in out.items() if k[1:] in names and v in item.missed]:
                        out[key] = -1
        return out

    def _chosen(self, item, name: str) -> list[int]:
        names = chosen_names(item.m)  # t1, t2 … in order
        if len(names) == 1:
            chosen = list(item.targets)
        else:
            index = names.index(name)
            chosen = [item.targets[index]] if index < len(item.targets) else []
        return [t for t in chosen if t not in item.missed] if item.missed else chosen

    def resolve_target(self, target, item) -> list[int]:
        """Cards (or stack ids) a target expression names, re-checked at resolution (OP-29)."""
        refs = self.refs(item)
        if isinstance(target, str):
            name = target[1:]
            if name.startswith("t") and name[1:].isdigit() and item.m is not None and name in item.m.targets:
                sel = item.m.targets[name]
                keys = self.effect_keys(item.card, item.m, item.user)
                out = []
                for t in self._chosen(item, name):
                    if t >= STACK_ID_BASE:
                        it = self.stack_item(t)
                        if it is not None and self.matches_item(it, sel.filter, item.player):
                            out.append(t)
                    elif self.matches(self.cards[t], sel.filter, item.player, refs,
                                      source_is_god=self.cards[item.card].d.card_type == "high_god") \
                            and not self.immune(self.cards[t], keys, item.player):
                        out.append(t)
                    else:
                        self.note(N_("{card} is no longer a legal target: the effect skips it (OP-29)"), card=self.cards[t].d)
                return out
            ref = refs.get(target, -1)
            return [ref] if ref >= 0 else []
        sel = target
        if sel.select in ("self", "user", "host", "revealed", "peeked", "event_subject"):
            ref = refs.get("$" + sel.select.replace("_subject", ""), -1)
            return [ref] if ref >= 0 else []
        keys = self.effect_keys(item.card, item.m, item.user)
        pool = [i.iid for i in self.cards if self.matches(i, sel.filter, item.player, refs)
                and not self.immune(i, keys, item.player)]
        if sel.select == "random":
            count = sel.count if isinstance(sel.count, int) else 1
            out = []
            while pool and len(out) < count:
                out.append(pool.pop(self.rng.below(len(pool))))
            return out
        return pool

    def static_players(self, ref, ctrl: int, src: int) -> list[int]:
        """The players a static's ``player`` names, for its source ``src`` controlled by ``ctrl``."""
        if ref == "self":
            return [ctrl]
        if ref == "enemy":
            return self.opponents(ctrl)[:1]
        if ref == "each_enemy":
            return self.opponents(ctrl)
        if ref == "each":
            return list(self.order)
        if ref == "active":
            return [self.active]
        kind, inner = ref.split("(")
        iid = {"$self": src, "$bearer": src, "$host": self.cards[src].host}.get(inner.rstrip(")"), -1)
        if iid < 0:
            return []
        return [self.cards[iid].controller if kind == "controller" else self.cards[iid].owner]

    def players_of(self, ref, item) -> list[int]:
        seat = item.player
        if ref == "self":
            return [seat]
        if ref == "enemy":
            return self.opponents(seat)[:1]
        if ref == "each_enemy":
            return self.opponents(seat)
        if ref == "each":
            return list(self.order)
        if ref == "active":
            return [self.active]
        kind, inner = ref.split("(")
        refs = self.refs(item)
        iid = refs.get(inner.rstrip(")"), -1)
        if iid < 0:
            return []
        return [self.cards[iid].controller if kind == "controller" else self.cards[iid].owner]

    # -- the primitives (spec 6.4) -----------------------------------------------------------------
    def run_call(self, call, item):
        name, p = call_parts(call)
        key = (type(self), name)
        handler = _HANDLERS.get(key, _HANDLERS)
        if handler is _HANDLERS:  # the primitive's method, looked up once per state class
            handler = _HANDLERS[key] = getattr(type(self), "_p_" + name, None)
        if handler is None:
            self.note(N_("({name} has no effect outside a fight)"), name=Said("{word}", word=_ImmunityWord(name)))
            return True
        return handler(self, p, item)

    def _p_draw(self, p, item):
        for seat in self.players_of(p.player, item):
            n = self.value(p.n, self.refs(item), item)
            got = self.draw(seat, n)
            self.note(lazy._n("P{seat} draws {drawn} card", "P{seat} draws {drawn} cards", got, seat=seat, drawn=got))
        return True

    def _p_discard(self, p, item):
        for seat in self.players_of(p.player, item):
            n = self.value(p.n, self.refs(item), item)
            hand = self.players[seat].hand
            if n <= 0 or not hand:
                continue
            if p.chooser == "random":
                for _ in range(min(n, len(hand))):
                    self.discard_card(hand[self.rng.below(len(hand))], Said(N_("at random")))
                continue
            chooser = seat if p.chooser == "owner" else item.player
            if len(hand) <= n:
                for iid in list(hand):
                    self.discard_card(iid, said("{card}", card=self.cards[item.card].d))
                continue
            self.set_prompt("discard", chooser, n=n, rule="MIT-1.5.1.b", source=said("{card}", card=self.cards[item.card].d))
            return SUSPEND
        return True

    def _p_mill(self, p, item):
        for seat in self.players_of(p.player, item):
            deck = self.players[seat].deck
            n = min(self.value(p.n, self.refs(item), item), len(deck))

            def mill(deck=deck, seat=seat, n=n):
                for _ in range(n):
                    iid = deck[-1]
                    self.to_zone(iid, "afterworld")
                    self.note(N_("{card} goes from P{seat}'s deck to the afterworld"), card=self.cards[iid].d, seat=seat)
            self.together(mill)
        return True

    def _p_destroy(self, p, item):
        for t in self.resolve_target(p.target, item):
            if t >= STACK_ID_BASE:  # OP-27: a card being played
                it = self.stack_item(t)
                if it is not None and it.kind in ("summon", "unsummoned", "nation"):
                    it.destroyed = True
                continue
            inst = self.cards[t]
            d = inst.d
            if inst.zone != "board" or d.card_type == "high_god":
                continue  # MIT-1.2.5, MIT-3.1.f
            kind = self.card_type(inst)  # MIT-5.16: the type it has now
            if kind not in PERMANENT_TYPES and kind != "supply":
                continue  # MIT-5.1
            if self.restricted(inst, "cannot_be_destroyed") and self.prohibition_holds(inst, "cannot_be_destroyed", item):
                self.note(N_("{card} cannot be destroyed (MIT-5.9: the prohibition is the stronger effect)"), card=d)
                continue
            self.leave_board(t, "afterworld", "destroy")
        return True

    def _p_sacrifice(self, p, item):
        for t in self.resolve_target(p.target, item):
            inst = self.cards[t]
            if inst.zone != "board" or inst.controller != item.player or self.is_cursed(inst) \
                    or inst.d.card_type == "high_god" or (self.restricted(inst, "cannot_be_sacrificed")
                                                          and self.prohibition_holds(inst, "cannot_be_sacrificed", item)):
                continue  # MIT-1.2.4, MIT-2.4.b, MIT-3.1.f
            self.leave_board(t, "afterworld", "sacrifice")
        return True

    def _p_return_to_hand(self, p, item):
        for t in self.resolve_target(p.target, item):
            inst = self.cards[t]
            if inst.zone == "board" and inst.d.card_type not in ("nation", "high_god"):  # MIT-3.2.1.f
                self.leave_board(t, "hand", "return")
        return True

    def _p_search_deck(self, p, item):
        for seat in self.players_of(p.player, item):
            f = p.filter.model_copy(update={"zone": "deck"}) if p.filter is not None else None
            found = [i for i in reversed(self.players[seat].deck)
                     if f is None or self.matches(self.cards[i], f, seat, self.refs(item))]
            n = self.value(p.n, self.refs(item), item)
            restricted = p.filter is not None
            if not found:
                self.note(N_("P{seat} searches the deck and finds nothing that fits; the deck is shuffled"), seat=seat)
                self.rng.shuffle(self.players[seat].deck)
                continue
            choices = self.distinct(found)
            if len(choices) == 1 and n == 1:
                self._found(seat, choices[0], p.to, restricted)
                self.rng.shuffle(self.players[seat].deck)  # MIT-1.3.3
                continue
            self.set_prompt("search", seat, rule="MIT-1.3.3", cards=tuple(choices), to=p.to, restricted=restricted,
                            left=n)
            return SUSPEND
        return True

    def _found(self, seat: int, iid: int, to: str, restricted: bool) -> None:
        d = self.cards[iid].d
        if to == "deck_top":
            deck = self.players[seat].deck
            deck.remove(iid)
            deck.append(iid)
        else:
            self.take_out(iid)
            self._move_to_hand(iid)
        if restricted:
            self.note(N_("P{seat} searches the deck and shows the card found: {card} (MIT-1.3.3)"), seat=seat, card=d)
        else:
            self.note(N_("P{seat} searches the deck and takes a card"), seat=seat)
            self.note(N_("you found {card}"), (seat,), card=d)

    def answer_pick(self, pr, card: int) -> None:
        seat = pr["player"]
        if pr["kind"] == "search":
            self._found(seat, card, pr["to"], pr["restricted"])
            left = pr["left"] - 1
            remaining = [i for i in pr["cards"] if i != card and self.cards[i].zone == "deck"]
            if left > 0 and remaining:
                self.set_prompt("search", seat, rule=pr["rule"], cards=tuple(self.distinct(remaining)), to=pr["to"],
                                restricted=pr["restricted"], left=left)
                return
            self.rng.shuffle(self.players[seat].deck)  # MIT-1.3.3
        else:  # recover by filter
            self._recover(seat, card)
            left = pr["left"] - 1
            remaining = [i for i in pr["cards"] if i != card and self.cards[i].zone == "afterworld"]
            if left > 0 and remaining:
                self.set_prompt("pick", seat, rule=pr["rule"], cards=tuple(remaining), left=left, text=pr["text"])

    def _recover(self, seat: int, iid: int) -> None:
        """MIT-1.4.3, OP-06: from the afterworld into the owner's hand, shown; no shuffle."""
        inst = self.cards[iid]
        self.take_out(iid)
        self._move_to_hand(iid)
        self.note(N_("P{owner} recovers {card} from the afterworld (MIT-1.4.3)"), owner=inst.owner, card=inst.d)

    def _p_recover(self, p, item):
        if p.target is not None:
            for t in self.resolve_target(p.target, item):
                if self.cards[t].zone == "afterworld":
                    self._recover(item.player, t)
            return True
        for seat in self.players_of(p.player, item):
            f = p.filter.model_copy(update={"zone": "afterworld"})
            pool = [i for i in reversed(self.players[seat].afterworld)
                    if self.matches(self.cards[i], f, seat, self.refs(item))]
            n = self.value(p.n if p.n is not None else 1, self.refs(item), item)
            if not pool:
                continue
            if len(self.distinct(pool)) == 1 and n == 1:
                self._recover(seat, pool[0])
                continue
            self.set_prompt("pick", seat, rule="MIT-1.4.3", cards=tuple(self.distinct(pool)), left=n,
                            text=Said(N_("choose a card to recover from the afterworld")))
            return SUSPEND
        return True

    def _p_exile(self, p, item):
        for t in self.resolve_target(p.target, item):
            inst = self.cards[t]
            if inst.zone == "board":
                self.leave_board(t, "oblivion", "exile")
            elif inst.zone in ("hand", "deck", "afterworld"):
                self.note(N_("{card} (P{owner}) sinks into oblivion from {zone} (MIT-1.4.4)"), card=inst.d, owner=inst.owner,
                          zone=Said(ZONE_FROM.get(inst.zone, inst.zone)))
                self.to_zone(t, "oblivion")
        return True

    def _p_put_on_deck(self, p, item):
        for t in self.resolve_target(p.target, item):
            inst = self.cards[t]
            if inst.zone == "board":
                self.leave_board(t, "deck", "deck")
                if p.position == "bottom":
                    deck = self.players[inst.owner].deck
                    deck.remove(t)
                    deck.insert(0, t)
            else:
                self.to_zone(t, "deck", p.position)
            self.deckout = None  # OP-04: a deck received a card
        return True

    def _p_shuffle_deck(self, p, item):
        for seat in self.players_of(p.player, item):
            self.rng.shuffle(self.players[seat].deck)
            self.note(N_("P{seat} shuffles the deck"), seat=seat)
        return True

    def _p_look_top(self, p, item):
        to_order = []
        for seat in self.players_of(p.player, item):
            deck = self.players[seat].deck
            n = self.value(p.n, self.refs(item), item)
            top = tuple(reversed(deck[-n:])) if n > 0 else ()  # the top card first
            self.note(N_("P{player} looks at the top {n} card(s) of P{seat}'s deck"), player=item.player, n=n, seat=seat)
            if top:
                self.note(N_("top of the deck: {cards}"), (item.player,), cards=join(self.cards[i].d for i in top))
            else:
                self.note(N_("top of the deck: nothing"), (item.player,))
            if p.reorder and len({self.cards[i].d for i in top}) > 1:
                to_order.append((seat, top))
        if not to_order:
            return True
        self._ask_deck_order(item.player, to_order)
        return SUSPEND

    def _ask_deck_order(self, seat: int, decks: list, placed: tuple = ()) -> None:
        """``reorder``: the looker puts the cards back on top of each deck (``decks``: (owner, the cards, the top
        first)) in the order they choose, the top card first; equal cards are one choice."""
        owner, cards = decks[0]
        self.set_prompt("deck_order", seat, rule="spec 6.4", deck=owner, cards=cards, placed=placed,
                        rest=tuple(decks[1:]))

    def answer_deck_order(self, pr, card: int) -> None:
        placed = pr["placed"] + (card,)
        left = [i for i in pr["cards"] if i not in placed]
        if len({self.cards[i].d for i in left}) > 1:
            self._ask_deck_order(pr["player"], [(pr["deck"], pr["cards"])] + list(pr["rest"]), placed)
            return
        order = list(placed) + left  # the top card first
        deck = self.players[pr["deck"]].deck
        for i in order:  # wherever they are now (a redeal of a search bot's may have moved them), on top
            deck.remove(i)
        deck.extend(reversed(order))
        self.note(N_("P{seat} puts the top {n} cards of P{deck}'s deck back in the order they chose"), seat=pr['player'], n=len(order), deck=pr['deck'])
        self.note(N_("top of the deck now: {cards}"), (pr["player"],), cards=join(self.cards[i].d for i in order))
        if pr["rest"]:
            self._ask_deck_order(pr["player"], list(pr["rest"]))

    def _p_rotate(self, p, item, value=True):
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

    def _p_unrotate(self, p, item):
        return self._p_rotate(p, item, value=False)

    def _amount(self, amount) -> list[int]:
        return [getattr(amount, s) for s in SPHERE_NAMES]

    def _p_gain_spheres(self, p, item):
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

    def _p_lose_spheres(self, p, item):
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

    def _p_steal_spheres(self, p, item):
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

    def _targets_or_selector(self, target, item):
        if not isinstance(target, str) and target.select == "all":
            return None, target  # continuous (MIT-5.7)
        return tuple(self.resolve_target(target, item)), None

    def _p_modify_level(self, p, item):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets == ():
            return True
        delta = self.value(p.delta, self.refs(item), item)
        kind = "modify_base_level" if p.base else "modify_level"
        self._add_effect(kind, item, targets, selector, delta, self._until(p.duration, item))
        if targets:
            self.note(N_("{cards} gets {delta:+d} level"), cards=join(self.cards[t].d for t in targets), delta=delta)
        return True

    def _p_modify_road(self, p, item):
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

    def _p_close_road(self, p, item, kind="close_road"):
        targets, selector = self._targets_or_selector(p.nation, item)
        if targets == ():
            return True
        self._add_effect(kind, item, targets, selector, p.road if p.road != "chosen" else "all",
                         self._until(p.duration, item))
        return True

    def _p_open_road(self, p, item):
        return self._p_close_road(p, item, "open_road")

    def _p_neutralize(self, p, item):
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

    def _p_neutralize_ability(self, p, item):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets == ():
            return True
        self._add_effect("neutralize_ability", item, targets, selector, None, self._until(p.duration, item))
        if targets:
            self.note(N_("{cards}'s ability is neutralized (MIT-5.5)"), cards=join(self.cards[t].d for t in targets))
        return True

    def _p_steal(self, p, item):
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

    def _steal_attachment(self, inst, thief: int) -> None:
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

    def _p_add_token(self, p, item):
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

    def _p_remove_token(self, p, item):
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

    def _p_grant_immunity(self, p, item):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets == ():
            return True
        self._add_effect("grant_immunity", item, targets, selector, frozenset(p.against), self._until(p.duration, item))
        if targets:
            self.note(N_("{cards} becomes immune to {against}"), cards=join(self.cards[t].d for t in targets),
                      against=join(Said("{word}", word=_ImmunityWord(a)) for a in p.against))
        return True

    def _p_grant_subtype(self, p, item, kind="grant_subtype"):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets != ():
            self._add_effect(kind, item, targets, selector, p.subtype, self._until(p.duration, item))
        return True

    def _p_remove_subtype(self, p, item):
        return self._p_grant_subtype(p, item, "remove_subtype")

    def _p_restrict(self, p, item):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets != ():
            self._add_effect("restrict", item, targets, selector, p.what, self._until(p.duration, item))
        return True

    def _p_modify_hand_size(self, p, item):
        for seat in self.players_of(p.player, item):
            self._add_effect("modify_hand_size", item, (), None, (seat, self.value(p.delta, self.refs(item), item)),
                             self._until(p.duration, item))
        return True

    def _p_modify_power_points(self, p, item):
        targets, selector = self._targets_or_selector(p.target, item)
        if targets != ():
            self._add_effect("modify_power_points", item, targets, selector,
                             self.value(p.delta, self.refs(item), item), self._until(p.duration, item))
        return True

    def _p_set_card_type(self, p, item):
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

    def _p_modify_army(self, p, item):
        """Spec 6.4: the level of a side of the current fight, until the fight ends (spec 5.10's army modifiers)."""
        f = self.fight
        own = f.side_of(item.player) if f is not None else None
        if own is None:
            self.note(N_("(the army change does nothing: P{player} has no side in a fight)"), player=item.player)
            return True
        side = own if p.side == "self" else "def" if own == "att" else "att"
        delta = self.value(p.delta, self.refs(item), item)
        self._add_effect("modify_army", item, (), None, (side, delta), ("fight",))
        if f.kind == "duel":
            self.note(N_("P{seat}'s side of the duel gets {delta:+d}"), seat=f.seat_of(side), delta=delta)
        else:
            self.note(N_("P{seat}'s side of the battle gets {delta:+d}"), seat=f.seat_of(side), delta=delta)
        return True

    def _p_modify_capacity(self, p, item):
        """MIT-7.3.4.b, OP-48: the capacity of the rows the targets lead."""
        targets, selector = self._targets_or_selector(p.row_leader, item)
        if targets != ():
            delta = self.value(p.delta, self.refs(item), item)
            self._add_effect("modify_capacity", item, targets, selector, delta, self._until(p.duration, item))
        return True

    def _p_modify_cost(self, p, item):
        """Spec 6.4: summoning or usage costs of the cards the filter names change for the duration (read by
        ``changed_cost``)."""
        change = (p.applies_to, sphere_vector(p.delta))
        self._add_effect("modify_cost", item, (), p, change, self._until(p.duration, item))
        if p.applies_to == "usage":
            self.note(N_("P{player} changes the usage costs of some cards (spec 6.4)"), player=item.player)
        else:
            self.note(N_("P{player} changes the summon costs of some cards (spec 6.4)"), player=item.player)
        return True

    def _p_grant_fate_use(self, p, item):
        """Spec 6.4, MIT-8.god, OP-62: more fate uses this turn, named by this effect's source."""
        for seat in self.players_of(p.player, item):
            self._add_effect("grant_fate_use", item, (), None, (seat, p.n), self._until("default", item))
            self.note(lazy._n("P{seat} may use {n} more fate (like MIT-8.god)", "P{seat} may use {n} more fates (like "
                             "MIT-8.god)", p.n, seat=seat))
        return True

    # -- attaching (spec 6.4 ``attach``; MIT-5.15, OP-35) ---------------------------------------------
    def _p_attach(self, p, item):
        """The card(s) are attached to the one host: an item or a location by its type's rules (MIT-3.3, MIT-3.5,
        MIT-8.*), a leader as a dormant leader (MIT-5.15). A card comes from where it is (hand, deck,
        afterworld; a leader also from its player's leader row); an attached card stays where it is (MIT-3.5.b)."""
        hosts = [h for h in self.resolve_target(p.host, item) if h < STACK_ID_BASE and self.cards[h].zone == "board"]
        if len(hosts) != 1:
            self.note(N_("(nothing is attached: the effect names no one host on the board)"))
            return True
        for t in self.resolve_target(p.card, item):
            if t < STACK_ID_BASE and t != hosts[0]:
                self._attach_card(t, hosts[0], p.wake, item.player)
        return True

    def _attach_card(self, iid: int, host: int, wake: str, seat: int) -> None:
        inst = self.cards[iid]
        t = inst.d.card_type
        if t == "leader":
            bad = self._dormant_problem(inst, host, seat)
        elif t in ("item", "location"):
            bad = ("MIT-3.5.b", said(N_("{card} is attached already"), card=inst.d)) if inst.zone == "board" else \
                self._host_problem(seat, _Off(inst), host)
        else:
            bad = ("OP-60" if t == "free_maneuver" else "spec 6.4",  # a rune is attached by its scribe's act
                   said(N_("a {type} is not attached by an effect"), type=kept(CARD_TYPE_WORDS, t)))
        if bad is None and inst.zone not in ("hand", "deck", "afterworld", "board"):
            bad = ("MIT-1.4.4", said(N_("{card} cannot be brought back"), card=inst.d))  # from oblivion (or off the stack)
        if bad is not None:
            self.note(N_("{card} is not attached: {reason} ({rule})"), card=inst.d, reason=bad[1], rule=bad[0])
            return
        came_from = inst.zone
        if came_from == "board":
            self.players[seat].leaders.remove(iid)  # it leaves the leader row (MIT-5.15)
        else:
            self.enter_board(iid, seat)
        inst.host = host
        if t == "leader":
            inst.dormant = wake
        self.layout_changed()
        host_d = self.cards[host].d
        if came_from != "board":
            attached = said(N_("{card} is attached to {host} from {zone}"), card=inst.d, host=host_d,
                            zone=Said(ZONE_FROM.get(came_from, came_from)))
        else:
            attached = said(N_("{card} is attached to {host}"), card=inst.d, host=host_d)
        if t == "leader":
            self.note(N_("{attached}: dormant until {wake} (MIT-5.15, OP-35)"), attached=attached,
                      wake=Said(WAKE_TEXT[wake]))
        else:
            self.note(attached)

    def _dormant_problem(self, inst, host: int, seat: int) -> tuple | None:
        """OP-35: a leader is attached, dormant, to another card of its player on the board: a permanent card
        (not the high god) that is not dormant itself; from the leader row only if it is in no fight."""
        h = self.cards[host]
        if h.controller != seat or h.d.card_type not in PERMANENT_TYPES or h.d.card_type == "high_god" \
                or h.dormant is not None:
            return ("MIT-5.15", said(N_("a leader is attached to one of its player's permanent cards, not to {host}"), host=h.d))
        if inst.zone == "board":
            if iid_in_fight(self, inst.iid) or inst.iid not in self.players[seat].leaders:
                return ("MIT-5.15", said(N_("{card} is not a leader of P{seat}'s leader row outside a fight"), card=inst.d, seat=seat))
        return None

    def wake(self, iid: int, why: str) -> None:
        """OP-35: the condition set at attachment is met: the dormant leader becomes an ordinary leader in its
        controller's leader row (what is attached to it stays on it; the leader limit is checked as ever)."""
        inst = self.cards[iid]
        inst.dormant = None
        inst.host = -1
        self.players[inst.controller].leaders.append(iid)
        self.layout_changed()
        self.note(N_("{card} wakes ({why}) and joins P{controller}'s leader row (MIT-5.15, OP-35)"), card=inst.d, why=why, controller=inst.controller)

    def wake_attacked(self, attacked: int) -> None:
        """OP-35 ``wake: attacked``: the dormant leaders on the attacked card, directly or through other
        attachments (a location of the attacked nation), or on a challenged leader, wake as the fight begins."""
        for inst in list(self.board_insts()):
            if inst.dormant != "attacked":
                continue
            current = inst
            for _ in range(6):
                if current.host < 0:
                    break
                if current.host == attacked:
                    self.wake(inst.iid, said(N_("{card} is attacked"), card=self.cards[attacked].d))
                    break
                current = self.cards[current.host]

    # -- cards played by an effect (spec 6.4 ``play_card``; MIT-6.5.1 item 2) -----------------------------
    def _p_play_card(self, p, item):
        """The player plays one card that fits the filter from the named zone: a leader into the leader row, an
        item or a location onto a legal host, an intrigue, a supply into an own row of the battle being fought.
        ``free`` pays nothing (MIT-1.5.3.b); ``unsummoned`` is also free and ignores what forbids summoning it
        (MIT-1.5.3.c: a unique copy may come, then MIT-2.3.c); otherwise the summoning cost is paid. Placement
        rules hold (OP-07). With several ways the player chooses (a prompt); with none nothing happens."""
        seat = item.player
        choices = self.play_choices(seat, p, item)
        how = {"free": p.free or p.unsummoned, "unsummoned": p.unsummoned}
        if not choices:
            self.note(N_("P{seat} has no card in {zone} to play (spec 6.4)"), seat=seat,
                      zone=Said(ZONE_FROM.get(p.from_, p.from_)))
            return True
        if len(choices) == 1:
            return self.play_by_effect(seat, choices[0], how)
        labels = [self._play_label(seat, c, how) for c in choices]
        self.set_prompt("play_card", seat, rule="MIT-6.5.1", options=labels, choices=tuple(choices), **how)
        return SUSPEND

    def play_choices(self, seat: int, p, item) -> list[tuple]:
        """(card, how, where) for every way to play a fitting card: ``leader``, ``intrigue``, ``host`` (an item's or
        a location's host) or ``row`` (a supply's row); one card of each definition."""
        zone = p.from_
        f = p.filter.model_copy(update={"zone": zone}) if p.filter is not None else None
        refs = self.refs(item)
        free = p.free or p.unsummoned
        out = []
        for iid in self.distinct(list(reversed(getattr(self.players[seat], zone)))):
            inst = self.cards[iid]
            d = inst.d
            if f is not None and not self.matches(inst, f, seat, refs):
                continue
            if d.unique and not p.unsummoned and self._unique_on_board(d):
                continue  # MIT-2.3.b
            t = d.card_type
            if t == "leader":
                ways = [] if self.god_owner(seat, iid) is not None else [("leader", -1)]  # MIT-3.4.3.c asks leave
            elif t == "intrigue":
                ways = [("intrigue", -1)]
            elif t in ("item", "location"):
                hosts = self.item_hosts(seat, iid) if t == "item" else self.location_hosts(seat, iid)
                ways = [("host", h) for h in hosts if self._host_problem(seat, _Off(inst), h) is None]
            elif t == "supply":
                ways = [("row", r) for r in self._rows_open_to(seat, inst)]
            else:
                ways = []  # a nation is placed, a fate or a free maneuver used, by their player's act
            for how, where in ways:
                if free or self.can_pay(seat, self.summon_cost(iid, where if how == "host" else None)):
                    out.append((iid, how, where))
        return out

    def _rows_open_to(self, seat: int, inst) -> list[int]:
        """The own rows of the battle being fought that a supply may enter now (MIT-7.3.4, OP-48, MIT-8.flying)."""
        f = self.fight
        if f is None or f.kind != "battle" or f.stage != "rounds":
            return []  # MIT-3.8.a
        side = f.side_of(seat)
        if side is None or (side == "att" and self._flying_restricted() and "flying" not in inst.d.subtypes):
            return []
        out = []
        for row in range(3):
            leader = f.row_leader(side, row)
            if leader < 0 or self.cards[leader].zone != "board" or self.cards[leader].controller != seat:
                continue
            here = self.row_supplies(side, row)
            if not any(self.is_monster(self.cards[i].d) for i in here) and len(here) < self.row_capacity(side, row):
                out.append(row)
        return out

    def _play_label(self, seat: int, choice: tuple, how: dict) -> Said:
        iid, kind, where = choice
        d = self.cards[iid].d
        if kind == "host":
            text = said(N_("{card} onto {host}"), card=d, host=self.cards[where].d)
        elif kind == "row":
            text = said(N_("{card} {into}"), card=d, into=Said(ROW_INTO[ROWS[where]]))
        else:
            text = said("{card}", card=d)
        cost = (0, 0, 0, 0) if how["free"] else self.summon_cost(iid, where if kind == "host" else None)
        return said(N_("{card} (pays {cost})"), card=text, cost="/".join(map(str, cost))) if any(cost) else text

    def play_by_effect(self, seat: int, choice: tuple, how: dict):
        """The chosen card is played now, inside the effect's resolution: paid, then onto the board as a summon
        puts it (MIT-6.3.6; no counter round of its own, OP-43.4). From the deck, the deck is shuffled (MIT-1.3.3)."""
        from .state import Item

        iid, kind, where = choice
        inst = self.cards[iid]
        came_from = inst.zone
        cost = (0, 0, 0, 0) if how["free"] else self.summon_cost(iid, where if kind == "host" else None)
        self.pay(seat, cost)
        zone = Said(ZONE_FROM.get(came_from, came_from))
        if any(cost):
            self.note(N_("P{seat} plays {card} from {zone} by an effect (pays {cost}) (MIT-6.5.1)"), seat=seat,
                      card=inst.d, zone=zone, cost="/".join(map(str, cost)))
        else:
            self.note(N_("P{seat} plays {card} from {zone} by an effect for free (MIT-6.5.1)"), seat=seat, card=inst.d,
                      zone=zone)
        it = Item(-1, "unsummoned" if how["unsummoned"] else "summon", seat, iid, host=where if kind == "host" else -1)
        if kind == "row":
            it.kind, it.row, it.paid = "supply", where, not how["unsummoned"]  # a summon fires ``summoned``
            self.enter_row(it)  # may ask the supply's mode (OP-20): the resolution waits for the answer
        else:
            self._resolve_card(it)
            self._ask_on_enter(it)  # MIT-6.3.7: as when it is summoned (the question waits for its answer)
        if came_from == "deck":
            self.rng.shuffle(self.players[seat].deck)
        return SUSPEND if self.mode == "prompt" else True

    def _p_choose_one(self, p, item):
        labels = [", ".join(call_parts(c)[0] for c in option) for option in p.options]
        self.set_prompt("option", item.player, rule="MIT-3.9.e", options=labels, sid=item.sid)
        item.queue[0:0] = [("choose_one", p)]  # remembered until the answer
        return SUSPEND

    def answer_option(self, pr, index: int) -> None:
        for it in self.stack:
            if it.sid == pr.get("sid") and it.queue and isinstance(it.queue[0], tuple):
                _, p = it.queue.pop(0)
                it.queue[0:0] = list(p.options[index])
                return

    def _p_if(self, p, item):
        branch = p.then if self.condition(p.cond, item) else p.else_
        item.queue[0:0] = list(branch)
        return True

    def condition(self, cond, item) -> bool:
        name, p = call_parts(cond)
        refs = self.refs(item)
        if name == "all":
            return all(self.condition(c, item) for c in p)
        if name == "any":
            return any(self.condition(c, item) for c in p)
        if name == "not":
            return not self.condition(p, item)
        if name == "count":
            return self.compare(sum(1 for i in self.cards if self.matches(i, p.filter, item.player, refs)), p, refs,
                                item)
        if name == "card":
            iid = refs.get(p.ref, -1)
            if iid < 0:
                return False
            f = p.filter if p.filter.zone else p.filter.model_copy(update={"zone": self.cards[iid].zone})
            return self.matches(self.cards[iid], f, item.player, refs)
        if name == "number":
            iid = refs.get(p.of, -1)
            return iid >= 0 and self.cards[iid].d.number in number_range(p.is_)
        if name == "compare":
            return self.compare(self.value(p.value, refs, item), p, refs, item)
        return False


class _Off:
    """A stand-in used to re-check a host for a card on the stack: the same card, as if in hand."""

    def __init__(self, inst):
        self.d = inst.d
        self.iid = inst.iid



#: What wakes a dormant leader (OP-35), for the log.
WAKE_TEXT = {"attacked": N_("the card it is attached to is attacked"), "host_leaves": N_("its host leaves the board"),
             "turn_start": N_("its player's next turn begins")}
#: where a card came from ("from the hand")
ZONE_FROM = {"hand": N_("the hand"), "deck": N_("the deck"), "afterworld": N_("the afterworld"),
             "board": N_("the board"), "stack": N_("the stack"), "oblivion": N_("oblivion")}


class _ImmunityWord:
    """An immunity key (a card type, subtype, keyword or primitive) as a word, when read."""

    __slots__ = ("key",)

    def __init__(self, key: str):
        self.key = key

    def __format__(self, spec: str) -> str:
        return format(immunity_word(self.key), spec)


def iid_in_fight(state, iid: int) -> bool:
    f = state.fight
    return f is not None and (iid in f.leaders or iid in f.supplies)
