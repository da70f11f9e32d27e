"""Checking and carrying out decisions (spec section 8), declaring actions onto the stack (MUHQ-ACT-3, 4) and
resolving them (MUHQ-ACT-5, 6; MUHQ-STACK).

Every ``_do_<type>`` checks everything first and raises :class:`IllegalAction` with the rule it breaks before
it changes anything, so a rejected decision leaves the state as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action, IllegalAction
from cardtable.engine.game import GAME_OVER

from . import actions as A
from .effects import Ctx
from .objects import NEUTRAL, Drop, Item
from .stats import profile
from .words import N_, CardName, Text, _, word

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def bad(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


#: What the game waits for, by mode, for "the game waits for: …"
# Translators: each completes "the game waits for: …"
WAITING = {"draft": N_("draft"), "drop": N_("drop"), "place_token": N_("place token"), "trigger": N_("trigger"),
           "priority": N_("priority"), "open": N_("open"), "upkeep": N_("upkeep"), "closing": N_("closing"),
           "buy": N_("buy"), "discard": N_("discard"), "over": N_("over")}


def all_in(items, container) -> bool:
    """Is every one of ``items`` in ``container``? (A function, not ``all(...)`` over a generator inside the
    handlers: that would make each call of theirs build a closure.)"""
    for x in items:
        if x not in container:
            return False
    return True


class DeclareMixin:
    def _apply(self: "MuhqState", action: Action) -> None:
        if self.mode == "over":
            raise bad(GAME_OVER, _("the game is over; no more decisions are accepted (INV-16)"))
        handler = HANDLERS.get(action.type)
        if handler is None:  # not one of muhq's actions: fails here as it always did
            handler = getattr(type(self), "_do_" + action.type)
        handler(self, action)
        # Whatever moves a permanent or changes an ability calls changed() itself (resolving, entering,
        # leaving, drops), and whatever the state check reads (damage, poison and wear markers, resource, VP)
        # is raised only where touched() follows (damage, effects, resolving, income). A decision on its own
        # only lowers counters and changes hands and flags, which no state check reads: so no touched() here,
        # and the state check is not redone for nothing. advance() makes the legal actions anew.
        self.advance()

    # -- shared checks ---------------------------------------------------------------------------------
    def cell_at(self: "MuhqState", field: Any, drop: bool = False) -> int:
        if field is None or len(field) != 2 or not self.grid.on_board(field[0], field[1]):
            given = list(field) if field is not None else None
            message = (N_("drop field {given} is not a field of the {width} × {height} board; give [x, y]") if drop
                       else N_("field {given} is not a field of the {width} × {height} board; give [x, y]"))
            raise bad("MUHQ-BOARD-2", _(message, given=given, width=self.grid.width, height=self.grid.height))
        return self.grid.cell(field[0], field[1])

    def path_cells(self: "MuhqState", path: tuple[int, ...]) -> tuple[int, ...]:
        if len(path) % 2:
            raise bad("MUHQ-MOVE-1", _("a path lists fields as x, y pairs: [x1, y1, x2, y2, …]"))
        return self.grid.pair_cells(path)

    def need_priority(self: "MuhqState", rule: str) -> None:
        if self.mode not in ("priority", "open"):
            raise bad(rule, _("you do not hold priority now (the game waits for: {mode}); fast actions need "
                              "priority (MUHQ-STACK-4)", mode=word(WAITING, self.mode)))

    def need_open(self: "MuhqState") -> None:
        """MUHQ-TIMING-2: slow actions only by the active player in their action phase with an empty stack."""
        if self.mode == "priority":
            why = _("the stack is not empty") if self.stack else _("this is a priority round")
            if self.current_player != self.active:
                why = _("you are not the active player")
            raise bad("MUHQ-TIMING-2", _("a slow action needs open priority in your own action phase; {why}", why=why))
        if self.mode != "open":
            raise bad("MUHQ-TIMING-2", _("a slow action needs open priority in your own action phase; the game "
                                         "waits for: {mode}", mode=word(WAITING, self.mode)))

    def push(self: "MuhqState", item: Item) -> None:
        self.stack.append(item)  # MUHQ-ACT-4
        self.log.append(("declare", item.controller, item.label or item.kind))  # the label: a words.Text
        self.after_declare()

    # -- draft, upkeep, buy, end (turn-based) -------------------------------------------------------------
    def _do_draft_pick(self: "MuhqState", a: Action) -> None:
        if self.mode != "draft":
            raise bad("MUHQ-DRAFT-4", _("the draft is over"))
        seat = self.current_player
        if a.card not in self.packs[seat]:
            raise bad("MUHQ-DRAFT-4", _("card #{card} is not in the pack you hold", card=a.card))
        self.draft_pick(seat, a.card)

    def upkeep_unit(self: "MuhqState", unit: int) -> Any:
        if self.mode != "upkeep":
            raise bad("MUHQ-UPKEEP-4", _("units are paid in step 4 of your upkeep only"))
        if unit not in self.upkeep_todo or unit not in self.perms:
            raise bad("MUHQ-UPKEEP-4", _("#{unit} is not a unit of yours still to be paid this upkeep", unit=unit))
        return self.perms[unit]

    def _do_pay_upkeep(self: "MuhqState", a: Action) -> None:
        p = self.upkeep_unit(a.unit)
        pl = self.players[self.active]
        if pl.resource < p.d.upkeep:
            raise bad("MUHQ-UPKEEP-5", _("{unit} costs {upkeep} upkeep; you have {resource} resource. Decline it "
                                         "instead: it is defeated", unit=self.name_of(a.unit), upkeep=p.d.upkeep,
                                         resource=pl.resource))
        pl.resource -= p.d.upkeep
        self.upkeep_todo.remove(a.unit)
        self.log.append(("upkeep", self.active, Text(N_("paid {upkeep} for {unit}"), upkeep=p.d.upkeep,
                                                     unit=self.name_of(a.unit))))

    def _do_decline_upkeep(self: "MuhqState", a: Action) -> None:
        self.upkeep_unit(a.unit)
        self.upkeep_todo.remove(a.unit)
        self.log.append(("upkeep", self.active, Text(N_("did not pay {unit}: defeated"), unit=self.name_of(a.unit))))
        self.destroy(a.unit)  # MUHQ-UPKEEP-5, 7: defeated, destroyed; state checks follow

    def _do_buy(self: "MuhqState", a: Action) -> None:
        if self.mode != "buy":
            if self.phase == "buy" and self.current_player == self.active and self.players[self.active].bought:
                raise bad("MUHQ-BUY-3", _("you have bought a card this turn already"))  # still the buy phase
            raise bad("MUHQ-BUY-5", _("cards are bought in your own buy phase only"))
        pl = self.players[self.active]
        if a.card not in pl.store:
            raise bad("MUHQ-BUY-1", _("card #{card} is not in your store; you buy only from your own store",
                                      card=a.card))
        d = self.card_def[a.card]
        if d.buy is None:
            raise bad("MUHQ-BUY-2", _("{card} has no buy cost and cannot be bought", card=d.shown_name))
        if pl.resource < d.buy:
            raise bad("MUHQ-BUY-2", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                      cost=d.buy, resource=pl.resource))
        if pl.bought:
            raise bad("MUHQ-BUY-3", _("you have bought a card this turn already"))
        pl.resource -= d.buy
        pl.store.remove(a.card)
        pl.discard.append(a.card)  # MUHQ-BUY-4
        pl.bought = True
        self.log.append(("buy", self.active, Text(N_("bought {card}"), card=CardName(d))))
        self.goto("buy_prio")

    def _do_skip_buy(self: "MuhqState", a: Action) -> None:
        if self.mode != "buy":
            raise bad("MUHQ-BUY-5", _("there is nothing to skip: this is not your buy phase"))
        self.goto("buy_prio")

    def _do_end_discard(self: "MuhqState", a: Action) -> None:
        if self.mode != "discard":
            raise bad("MUHQ-TURN-7", _("cards are discarded this way only in step (a) of your end phase"))
        pl = self.players[self.active]
        if len(set(a.cards)) != len(a.cards) or not all_in(a.cards, pl.hand):
            raise bad("MUHQ-TURN-7", _("every card to discard must be a different card of your hand"))
        for c in a.cards:
            self.discard_from_hand(self.active, c)
        if not a.cards or not pl.hand:  # an empty choice ends the step; a non-empty one may be followed by more
            self.end_of_turn()
            self.goto("end_prio")

    # -- priority ----------------------------------------------------------------------------------------
    def _do_pass(self: "MuhqState", a: Action) -> None:
        if self.mode == "open":
            raise bad("MUHQ-APHASE-1", _("with open priority, end the activation or the action phase instead of "
                                         "passing"))
        if self.mode != "priority":
            raise bad("MUHQ-STACK-4", _("you do not hold priority"))
        self.pass_priority()

    def _do_play_spell(self: "MuhqState", a: Action) -> None:
        self.need_priority("MUHQ-TIMING-4")
        seat = self.current_player
        pl = self.players[seat]
        if a.card not in pl.hand:
            raise bad("MUHQ-ACT-9", _("card #{card} is not in your hand", card=a.card))
        d = self.card_def[a.card]
        if d.type != "spell":
            raise bad("MUHQ-TIMING-2", _(PERMANENT_IS_SLOW[d.type], card=d.shown_name))
        if d.play is None:
            raise bad("MUHQ-ACT-9", _("{card} has no play cost and cannot be played from hand", card=d.shown_name))
        if pl.resource < d.play:
            raise bad("MUHQ-RES-3", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                      cost=d.play, resource=pl.resource))
        problem = self.cost_problem(d.extra_cost, a.costs, seat, None, exclude=(a.card,), resource_extra=d.play)
        if problem:
            raise bad(*problem)
        ctx = Ctx(a.card, d, seat)
        problem = self.check_targets(d.targets, a.targets, ctx)
        if problem:
            raise bad(*problem)
        pl.resource -= d.play
        pl.hand.remove(a.card)  # MUHQ-SPELL-3: on the stack while it waits
        self.pay_costs(d.extra_cost, a.costs, seat, None)
        self.push(Item("spell", seat, a.card, d.id, -1, tuple(zip((n for n, _t in d.targets), a.targets)),
                       label=CardName(d)))

    def _do_free_action(self: "MuhqState", a: Action) -> None:
        self.need_priority("MUHQ-TIMING-4")
        seat = self.current_player
        p = self.perms.get(a.source)
        if p is None or p.controller != seat:
            raise bad("MUHQ-TIMING-4", _("#{id} is not a permanent you control on the board", id=a.source))
        ability = dict(p.d.free_actions).get(a.ability)
        if ability is None:
            raise bad("MUHQ-ACT-1", _("{card} has no free action number {number}", card=p.d.shown_name,
                                      number=a.ability))
        if p.d.type == "unit" and p.paralysis:
            raise bad("MUHQ-PARA-2", _("{unit} is paralyzed and cannot use its free actions",
                                       unit=self.name_of(a.source)))
        costs = tuple(ability["cost"])
        problem = self.cost_problem(costs, a.costs, seat, a.source)
        if problem:
            raise bad(*problem)
        specs = tuple(ability.get("targets", {}).items())
        ctx = Ctx(a.source, p.d, seat)
        problem = self.check_targets(specs, a.targets, ctx)
        if problem:
            raise bad(*problem)
        self.pay_costs(costs, a.costs, seat, a.source)
        self.push(Item("free_action", seat, a.source, p.d.id, a.ability, tuple(zip((n for n, _t in specs), a.targets)),
                       label=Text(N_("{card}: free action"), card=CardName(p.d))))

    def _do_universal_free_action(self: "MuhqState", a: Action) -> None:
        self.need_priority("MUHQ-TIMING-4")
        seat = self.current_player
        pl = self.players[seat]
        if len(pl.hand) < 2:
            raise bad("MUHQ-CARD-9", _("the universal free action needs 2 cards in your hand"))
        if len(a.cards) != 2 or a.cards[0] == a.cards[1] or not all_in(a.cards, pl.hand):
            raise bad("MUHQ-CARD-9", _("name exactly 2 different cards of your hand to discard"))
        for c in a.cards:
            self.discard_from_hand(seat, c)
        self.push(Item("universal", seat, None, label=Text(N_("discard 2 cards: gain 1 resource"))))

    def _do_declare_trigger(self: "MuhqState", a: Action) -> None:
        if self.mode != "trigger":
            raise bad("MUHQ-ACT-7", _("no triggered action of yours waits to be declared"))
        if not 0 <= a.trigger < len(self.triggers) or self.triggers[a.trigger].controller != self.current_player:
            raise bad("MUHQ-ACT-8", _("trigger {number} is not one of your pending triggered actions",
                                      number=a.trigger))
        t = self.triggers[a.trigger]
        ability = self.card_def[t.source].ability(t.ability)
        specs = tuple(ability.get("targets", {}).items())
        ctx = Ctx(t.source if t.source in self.perms else None, self.card_def[t.source], t.controller,
                  refs=dict(t.refs))
        problem = self.check_targets(specs, a.targets, ctx)
        if problem:
            raise bad(*problem)
        self.declare_trigger(a.trigger, a.targets)

    def declare_trigger(self: "MuhqState", index: int, targets: tuple[int, ...]) -> None:
        t = self.triggers.pop(index)
        ability = self.card_def[t.source].ability(t.ability)
        names = tuple(ability.get("targets", {}))
        self.stack.append(Item("trigger", t.controller, t.source, t.source_def, t.ability,
                               tuple(zip(names, targets)), t.refs,
                               label=Text(N_("{card}: trigger"), card=CardName(self.card_def[t.source]))))
        self.log.append(("trigger", t.controller, Text(N_("{card} triggers"), card=CardName(self.card_def[t.source]))))
        self.start_round()

    # -- forced choices ----------------------------------------------------------------------------------
    def _do_drop_place(self: "MuhqState", a: Action) -> None:
        if self.mode != "drop":
            raise bad("MUHQ-PILE-4", _("no pile is being dropped"))
        drop = self.drops[0]
        if a.member not in drop.members:
            raise bad("MUHQ-PILE-4", _("#{member} is not an unplaced member of the dropped pile", member=a.member))
        cell = self.cell_at(a.field)
        if cell not in self.drop_fields(drop, a.member):
            message = (N_("{field} is not an available field within range 1 of the carrying unit")
                       if drop.rule == "MUHQ-ART-2"
                       else N_("{field} is not an available field within range 1 of the pile's former field"))
            raise bad(drop.rule, _(message, field=list(a.field)))
        self.place_dropped(drop, a.member, cell)

    def _do_place_token(self: "MuhqState", a: Action) -> None:
        if self.mode != "place_token":
            raise bad("MUHQ-BOARD-6", _("no token is waiting to be placed"))
        cell = self.cell_at(a.field)
        if cell not in self.token_fields():
            raise bad("MUHQ-BOARD-6", _("{field} is not an available field this token may enter", field=list(a.field)))
        self.finish_token(cell)

    # -- the action phase --------------------------------------------------------------------------------
    def _do_play_permanent(self: "MuhqState", a: Action) -> None:
        self.need_open()
        seat = self.current_player
        if self.activation is not None:
            raise bad("MUHQ-APHASE-3", _("end the current activation before you play a card"))
        pl = self.players[seat]
        if a.card not in pl.hand:
            raise bad("MUHQ-ACT-9", _("card #{card} is not in your hand", card=a.card))
        d = self.card_def[a.card]
        if not d.is_permanent:
            raise bad("MUHQ-ACT-9", _("{card} is a spell: play it with play_spell", card=d.shown_name))
        if d.play is None:
            raise bad("MUHQ-ACT-9", _("{card} has no play cost and cannot be played from hand", card=d.shown_name))
        if pl.resource < d.play:
            raise bad("MUHQ-RES-3", _("{card} costs {cost}; you have {resource} resource", card=d.shown_name,
                                      cost=d.play, resource=pl.resource))
        if a.mode == "next_unit":
            if d.type != "equipment" or "next_unit" not in d.modes:
                raise bad("MUHQ-EQUIP-3", _("{card} cannot be played to the next unit", card=d.shown_name))
            cell = None
        else:
            if d.type == "equipment" and "alone" not in d.modes:
                raise bad("MUHQ-EQUIP-3", _("{card} can only be played to the next unit", card=d.shown_name))
            cell = self.cell_at(a.field)
            if cell not in self.spawn_fields(seat, d.swimming):
                raise bad("MUHQ-BOARD-8", _("{field} is not an available spawn field of yours for {card}",
                                            field=list(a.field), card=d.shown_name))
        pl.resource -= d.play
        pl.hand.remove(a.card)
        self.push(Item("play_permanent", seat, a.card, d.id, params=(("cell", cell), ("mode", a.mode)),
                       label=Text(N_("play {card}"), card=CardName(d))))

    def _do_activate(self: "MuhqState", a: Action) -> None:
        seat = self.current_player
        if self.mode == "closing":
            if a.permanent not in self.closing_candidates():
                raise bad("MUHQ-APHASE-6", _("#{id} is not an untapped permanent of yours", id=a.permanent))
            self.close_one(a.permanent)
            return
        self.need_open()
        if self.activation is not None:
            raise bad("MUHQ-APHASE-3", _("another permanent is activated; end its activation first"))
        p = self.perms.get(a.permanent)
        if p is None or p.controller != seat:
            raise bad("MUHQ-APHASE-2", _("#{id} is not a permanent you control on the board", id=a.permanent))
        if p.tapped:
            raise bad("MUHQ-APHASE-5", _("{name} is tapped and cannot be activated", name=self.name_of(a.permanent)))
        self.activate(a.permanent)

    def activate(self: "MuhqState", pid: int) -> None:
        """MUHQ-APHASE-2, MUHQ-COND-4 (OP-32): poison grows and is checked; then panic or rage hands the
        activation to an AI behaviour; `activated` triggers happen."""
        self.activation = pid
        p = self.perms[pid]
        self.log.append(("activate", p.controller, Text(N_("activated {name}"), name=self.name_of(pid))))
        if p.d.type == "unit" and p.poison:
            p.poison += 1  # MUHQ-POISON-2
            self.mark_raised(pid)
            self.touched()
            self.state_check()
            if pid not in self.perms:
                return
        if p.d.type == "unit":
            if p.panic:
                self.ai = ("shy", 0)  # MUHQ-PANIC-2; stage 0 is MUHQ-AI-3 (a paralyzed unit clears paralysis)
            elif p.rage:
                self.ai = ("aggressive", 0)  # MUHQ-RAGE-2
        self.event("activated", pid)
        self.touched()

    def _do_end_activation(self: "MuhqState", a: Action) -> None:
        if self.ai is not None and self.activation is not None and self.current_player == self.active:
            raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour; its controller cannot end the "
                                       "activation early", name=self.name_of(self.activation)))
        if self.mode != "open" or self.activation is None:
            raise bad("MUHQ-APHASE-4", _("no activation of yours is in progress"))
        self.end_activation()

    def _do_end_action_phase(self: "MuhqState", a: Action) -> None:
        self.need_open()
        if self.activation is not None:
            raise bad("MUHQ-APHASE-3", _("end the current activation first"))
        if A.END_ACTION_PHASE not in self.legal_actions():  # MUHQ-APHASE-1 (d), option play_out_hand
            raise bad("MUHQ-APHASE-1", _("a card in your hand can still be played: the action phase goes on while "
                                         "one can (option play_out_hand); play it, or discard it with the "
                                         "universal free action"))
        self.log.append(("phase", self.active, Text(N_("ended the action phase"))))
        self.step = "closing"  # MUHQ-APHASE-6

    def unit_for(self: "MuhqState", unit: int) -> Any:
        if self.ai is not None and unit == self.activation and self.current_player == self.active:
            raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour this activation", name=self.name_of(unit)))
        self.need_open()
        if self.activation != unit:
            raise bad("MUHQ-APHASE-3", _("#{id} is not the activated permanent; activate it first", id=unit))
        p = self.perms[unit]
        if p.d.type != "unit":
            raise bad("MUHQ-ART-1", _("{card} is an artifact and has no unit actions", card=p.d.shown_name))
        if self.ai is not None:
            raise bad("MUHQ-COND-5", _("{name} is driven by its AI behaviour this activation", name=self.name_of(unit)))
        return p

    def spend(self: "MuhqState", p: Any, which: str, rule: str = "MUHQ-UNIT-4") -> None:
        used = p.move_used if which == "move" else p.attack_used
        if used:
            raise bad(rule, _(N_("{name} has used its move action this turn") if which == "move"
                              else N_("{name} has used its attack action this turn"), name=self.name_of(p.id)))

    def not_paralyzed(self: "MuhqState", p: Any) -> None:
        if p.paralysis:
            raise bad("MUHQ-PARA-2", _("{name} is paralyzed: it may only clear paralysis", name=self.name_of(p.id)))

    def not_crew(self: "MuhqState", p: Any) -> None:
        if p.base is not None:  # MUHQ-CREW-5 (OP-28)
            raise bad("MUHQ-CREW-5", _("{name} is crew in a pile: it may only move out of the pile or clear "
                                       "paralysis", name=self.name_of(p.id)))

    def _do_move(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        self.spend(p, "move")
        self.not_paralyzed(p)
        cells = self.path_cells(a.path)
        # A move in the unit's list of actions (kept for exactly this position) follows one of the cheapest legal
        # paths, which path_problem accepts; any other path is checked in full.
        problem = None if self.unit_action_listed(a) else self.path_problem(a.unit, cells)
        if problem:
            raise bad(*problem)
        self.declare_move(p, cells)
        # The path is legal on this board: while the board stays as it is (the same board memo, see changed()),
        # resolving the move need not check it again (_resolve_move).
        self._move_checked = (self._memo, self.stack[-1])

    def declare_move(self: "MuhqState", p: Any, cells: tuple[int, ...]) -> None:
        p.move_used = True
        xy = self.grid.xy(cells[-1])
        self.push(Item("move", p.controller, p.id, p.d.id, params=(("path", cells),),
                       label=Text(N_("{card} moves to ({x}, {y})"), card=CardName(p.d), x=xy[0], y=xy[1])))

    def path_problem(self: "MuhqState", unit: int, cells: tuple[int, ...], ignore: int | None = None):
        stats = self.stats()
        st = stats[unit]
        start = self.cell_of(unit)
        if ignore is None:
            occupied = self.occ
        else:
            occupied = dict(self.occ)
            for c, o in self.occ.items():
                if o == ignore:
                    del occupied[c]
        # Crewing needs a unit with crew capacity (MUHQ-CREW-2): can_crew is asked only for those. (Loops, not
        # comprehensions: no closure over these locals for every path checked.)
        crewable = []
        for c, o in occupied.items():
            if o != unit and stats[o].crew > 0 and self.can_crew(unit, o) and c != start:
                crewable.append(c)
        problem = self.grid.check_path(start, cells, st.movement, st.swimming, occupied, crewable)
        if problem and problem[0] == "MUHQ-MOVE-4" and cells and cells[-1] in occupied and \
                self.perms[occupied[cells[-1]]].d.type == "unit" and self.perms[occupied[cells[-1]]].d.crew:
            return "MUHQ-CREW-2", _("{problem}; a unit may end on a crewable unit of its controller with room",
                                    problem=problem[1])
        return problem

    def _do_attack(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        self.spend(p, "attack")
        self.not_paralyzed(p)
        if not profile(self, a.unit):
            raise bad("MUHQ-COMBAT-13", _("{name} has no attack", name=self.name_of(a.unit)))
        if p.base is not None:
            raise bad("MUHQ-PILE-6", _("{name} is crew in a pile and cannot attack itself", name=self.name_of(a.unit)))
        problem = self.defender_problem(a.unit, a.defender)
        if problem:
            raise bad(*problem)
        self.declare_attack(p, a.defender)

    def declare_attack(self: "MuhqState", p: Any, defender: int) -> None:
        p.attack_used = True
        self.push(Item("attack", p.controller, p.id, p.d.id, params=(("defender", defender),),
                       label=Text(N_("{card} attacks {defender}"), card=CardName(p.d), defender=self.name_of(defender))))

    def _do_full_action(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        if p.move_used or p.attack_used:
            raise bad("MUHQ-UNIT-6", _("a full action needs both the move and the attack action unused"))
        self.not_paralyzed(p)
        self.not_crew(p)
        ability = dict(p.d.full_actions).get(a.ability)
        if ability is None or p.base is not None:
            raise bad("MUHQ-ACT-1", _("{card} has no full action number {number}", card=p.d.shown_name,
                                      number=a.ability))
        specs = tuple(ability.get("targets", {}).items())
        problem = self.check_targets(specs, a.targets, Ctx(a.unit, p.d, p.controller))
        if problem:
            raise bad(*problem)
        self.declare_full_action(p, a.ability, a.targets)

    def declare_full_action(self: "MuhqState", p: Any, index: int, targets: tuple[int, ...]) -> None:
        p.move_used = p.attack_used = True
        names = tuple(p.d.ability(index).get("targets", {}))
        self.push(Item("full_action", p.controller, p.id, p.d.id, index, tuple(zip(names, targets)),
                       label=Text(N_("{card}: full action"), card=CardName(p.d))))

    def _do_equip(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        self.spend(p, a.spend, "MUHQ-UNIT-7")
        self.not_paralyzed(p)
        self.not_crew(p)
        if p.base is not None or a.equipment not in self.equippable(a.unit):
            raise bad("MUHQ-EQUIP-5", _("#{id} is not an unequipped equipment within range 1 that this unit may "
                                        "equip (own, neutral, or an enemy's that is not solid)", id=a.equipment))
        setattr(p, a.spend + "_used", True)
        self.push(Item("equip", p.controller, a.unit, p.d.id, params=(("equipment", a.equipment),),
                       label=Text(N_("{card} equips {equipment}"), card=CardName(p.d),
                                  equipment=self.name_of(a.equipment))))

    def _do_swap(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        self.spend(p, a.spend, "MUHQ-UNIT-7")
        self.not_paralyzed(p)
        self.not_crew(p)
        art = self.perms.get(a.artifact)
        if art is not None and art.d.landmark:
            raise bad("MUHQ-ART-4", _("{name} is a landmark (MUHQ-PERM-10)", name=self.name_of(a.artifact)))
        if art is not None and art.d.solid is not None and art.controller not in (p.controller, NEUTRAL):
            raise bad("MUHQ-SOLID-1", _("{name} is an enemy's solid artifact", name=self.name_of(a.artifact)))
        if p.base is not None or a.artifact not in self.swappable(a.unit):
            raise bad("MUHQ-ART-3", _("#{id} is not an adjacent artifact whose field both may take", id=a.artifact))
        setattr(p, a.spend + "_used", True)
        self.push(Item("swap", p.controller, a.unit, p.d.id, params=(("artifact", a.artifact),),
                       label=Text(N_("{card} swaps with {artifact}"), card=CardName(p.d),
                                  artifact=self.name_of(a.artifact))))

    def _do_carry(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        if p.move_used or p.attack_used:
            raise bad("MUHQ-UNIT-6", _("carrying is a full action: it needs both the move and the attack action"))
        self.not_paralyzed(p)
        self.not_crew(p)
        art = self.perms.get(a.artifact)
        if art is not None and art.d.landmark:
            raise bad("MUHQ-ART-4", _("{name} is a landmark (MUHQ-PERM-10)", name=self.name_of(a.artifact)))
        if art is not None and art.d.solid is not None and art.controller not in (p.controller, NEUTRAL):
            raise bad("MUHQ-SOLID-1", _("{name} is an enemy's solid artifact", name=self.name_of(a.artifact)))
        if p.base is not None or a.artifact not in self.carriable(a.unit):
            raise bad("MUHQ-ART-2", _("#{id} is not an artifact adjacent to {unit}", id=a.artifact,
                                      unit=self.name_of(a.unit)))
        cells = self.path_cells(a.path)
        drop = self.cell_at(a.drop, drop=True)
        # MUHQ-ART-2: any legal move (MUHQ-MOVE) with the artifact's field empty, not into a pile; the drop field
        # is available after the move (the unit's start field and the artifact's old field are empty then).
        problem = self.path_problem(a.unit, cells, ignore=a.artifact)
        if problem:
            raise bad(*problem)
        end = cells[-1]
        if self.occ.get(end, a.artifact) != a.artifact:
            raise bad("MUHQ-ART-2", _("a unit that carries an artifact cannot end its move in a pile"))
        swims = self.stats()[a.artifact].swimming
        if drop == end or self.grid.distance(end, drop) > 1 or not self.grid.fits(drop, swims) \
                or self.occ.get(drop, a.artifact) not in (a.artifact, a.unit):
            raise bad("MUHQ-ART-2", _("{field} is not an available field within range 1 of the path's end",
                                      field=list(a.drop)))
        p.move_used = p.attack_used = True
        self.push(Item("carry", p.controller, a.unit, p.d.id, params=(("artifact", a.artifact), ("path", cells),
                                                                      ("drop", drop)),
                       label=Text(N_("{card} carries {artifact}"), card=CardName(p.d),
                                  artifact=self.name_of(a.artifact))))

    def _do_clear_paralysis(self: "MuhqState", a: Action) -> None:
        p = self.unit_for(a.unit)
        if not p.paralysis:
            raise bad("MUHQ-PARA-3", _("{name} is not paralyzed", name=self.name_of(a.unit)))
        self.spend(p, a.spend, "MUHQ-PARA-3")
        self.declare_clear_paralysis(p, a.spend)

    def declare_clear_paralysis(self: "MuhqState", p: Any, spend: str) -> None:
        setattr(p, spend + "_used", True)
        self.push(Item("clear_paralysis", p.controller, p.id, p.d.id, label=Text(N_("{card} clears paralysis"),
                                                                             card=CardName(p.d))))

    # -- resolving (MUHQ-ACT-5, 6; MUHQ-STACK-1) ---------------------------------------------------------
    def resolve_top(self: "MuhqState") -> None:
        item = self.stack.pop()  # MUHQ-STACK-1: last in, first out
        self.log.append(("resolve", item.controller, item.label or item.kind))
        RESOLVERS[item.kind](self, item)
        self.touched()  # what moved or changed an ability said so itself

    def effect_ctx(self: "MuhqState", item: Item) -> tuple[Ctx, bool]:
        """The context of an item's effect with its targets checked again (MUHQ-ACT-6). The flag is False
        when the item had targets and none is legal any more: then it does nothing."""
        d = self.card_def[item.source] if item.source is not None else None
        source = item.source if item.source in self.perms or item.kind == "spell" else None
        ctx = Ctx(source, d, item.controller, refs=dict(item.params), item=item)
        specs = dict(self.item_target_specs(item))
        legal = {}
        for name, value in item.targets:
            ctx.targets = dict(legal)
            ctx.targets[name] = value
            if self.target_problem(specs[name], value, ctx) is None:
                legal[name] = value
        ctx.targets = legal
        return ctx, not item.targets or bool(legal)

    def item_target_specs(self: "MuhqState", item: Item) -> tuple:
        d = self.card_def[item.source]
        if item.kind == "spell":
            return d.targets
        return tuple(d.ability(item.ability).get("targets", {}).items())

    def _resolve_spell(self: "MuhqState", item: Item) -> None:
        ctx, ok = self.effect_ctx(item)
        if ok:
            self.run_steps(self.card_def[item.source].effect, ctx)
        if self.resolving is None:
            self.put_in_discard(item.source)  # MUHQ-SPELL-4, MUHQ-TOKEN-3

    def _resolve_ability(self: "MuhqState", item: Item) -> None:
        ctx, ok = self.effect_ctx(item)
        ability = self.card_def[item.source].ability(item.ability)
        if ok and (item.kind != "trigger" or self.condition_holds(ability.get("if"), ctx)):
            self.run_steps(tuple(ability["effect"]), ctx)

    _resolve_free_action = _resolve_full_action = _resolve_trigger = _resolve_ability

    def _resolve_universal(self: "MuhqState", item: Item) -> None:
        self.players[item.controller].resource += 1  # MUHQ-CARD-7

    def _resolve_play_permanent(self: "MuhqState", item: Item) -> None:
        card, seat = item.source, item.controller
        d = self.card_def[card]
        if item.param("mode") == "next_unit":
            self.players[seat].pending.append(card)  # MUHQ-EQUIP-3 (b)
            return
        cell = item.param("cell")
        if not self.available(cell, d.swimming):
            # The field was taken while the play waited: the first available spawn field in reading order,
            # else the card goes to its owner's discard pile (docs/muhq.md, decisions).
            fields = self.spawn_fields(seat, d.swimming)
            if not fields:
                self.put_in_discard(card)
                return
            cell = fields[0]
        self.enter(card, seat, cell, played=True)

    def _resolve_move(self: "MuhqState", item: Item) -> None:
        unit = item.source
        if unit not in self.perms:
            return
        cells = item.param("path")
        checked = self._move_checked
        if checked is None or checked[0] is not self._memo or checked[1] is not item:
            if self.path_problem(unit, cells) is not None:
                return  # MUHQ-MOVE-7: the path is blocked now; the move action stays used
        self.relocate(unit, cells[-1])
        self.event("ends_move", unit)  # MUHQ-MOVE-8

    def relocate(self: "MuhqState", unit: int, cell: int) -> None:
        """Put a unit (with its pile, MUHQ-MOVE-6) on a field, or into the pile of the crewable unit there."""
        p = self.perms[unit]
        if p.base is not None:  # MUHQ-MOVE-9: out of the pile
            self.perms[p.base].pile.remove(unit)
            p.base = None
        elif p.cell is not None:
            del self.occ[p.cell]
        p.cell = None
        other = self.occ.get(cell)
        if other is not None:
            self.perms[unit].cell = None
            p.base = other
            self.perms[other].pile.append(unit)  # MUHQ-CREW-2
        else:
            p.cell = cell
            self.occ[cell] = unit
        self.moved(unit)

    def _resolve_attack(self: "MuhqState", item: Item) -> None:
        att, dfn = item.source, item.param("defender")
        if att in self.perms and self.perms[att].base is None and self.defender_problem(att, dfn) is None:
            self.combat(att, dfn)  # MUHQ-COMBAT-12

    def _resolve_equip(self: "MuhqState", item: Item) -> None:
        unit, eq = item.source, item.param("equipment")
        if unit in self.perms and eq in self.equippable(unit):
            self.join_pile(eq, unit)
            self.perms[eq].controller = self.perms[unit].controller  # MUHQ-EQUIP-5

    def _resolve_swap(self: "MuhqState", item: Item) -> None:
        unit, art = item.source, item.param("artifact")
        if unit in self.perms and art in self.swappable(unit):
            a, u = self.perms[art], self.perms[unit]
            ca, cu = a.cell, u.cell
            a.cell, u.cell = cu, ca
            self.occ[cu], self.occ[ca] = art, unit
            self.moved(unit, art)

    def _resolve_carry(self: "MuhqState", item: Item) -> None:
        unit, art = item.source, item.param("artifact")
        if unit not in self.perms or art not in self.perms or art not in self.carriable(unit):
            return
        cells = item.param("path")
        if self.path_problem(unit, cells, ignore=art) is not None:
            return
        a = self.perms[art]
        old = a.cell
        del self.occ[old]
        a.cell = None
        self.relocate(unit, cells[-1])
        drop = item.param("drop")
        sw = self.stats()[art].swimming
        if not self.available(drop, sw):
            # MUHQ-ART-2: the field was taken; the unit's controller chooses another available field within
            # range 1 of the unit (a forced choice, made like a drop), else the artifact stays where it was, or
            # as near to it as there is room.
            fields = [c for c in self.grid.cells_in_range(cells[-1], 1) if self.available(c, sw)]
            if len(fields) > 1:
                self.drops.append(Drop(self.perms[unit].controller, cells[-1], [art], "MUHQ-ART-2"))
                self.changed()
                self.event("ends_move", unit)
                return
            drop = fields[0] if fields else self.grid.nearest_available(old, lambda c: self.available(c, sw))
        a.cell = drop
        self.occ[drop] = art
        self.moved(unit, art)
        self.event("ends_move", unit)

    def _resolve_clear_paralysis(self: "MuhqState", item: Item) -> None:
        p = self.perms.get(item.source)
        if p is not None and p.paralysis:
            p.paralysis -= 1  # MUHQ-PARA-3

    # -- tokens (MUHQ-TOKEN, spec 7.6 create_token) -------------------------------------------------------
    def create_tokens(self: "MuhqState", step: dict, ctx: Ctx, index: int, steps: tuple, count: int | None = None
                      ) -> bool:
        """Create ``count`` tokens; on the board the controller chooses each field. True if suspended."""
        left = step["count"] if count is None else count
        while left > 0:
            if step["zone"] == "hand":
                card = self.new_card(step["card"], ctx.you)
                self.players[ctx.you].hand.append(card)  # MUHQ-TOKEN-3 (OP-39)
                left -= 1
                continue
            fields = self.token_fields_for(step, ctx)
            if not fields:
                return False  # no available field: no token (spec 7.6)
            if len(fields) == 1:
                self.enter(self.new_card(step["card"], ctx.you), ctx.you, fields[0])
                left -= 1
                continue
            self.resolving = (ctx.item, index, left, ctx, steps, step)
            return True
        return False

    def token_fields_for(self: "MuhqState", step: dict, ctx: Ctx) -> list[int]:
        sw = self.game.defs[step["card"]].swimming
        where = step.get("field", "own_spawn")
        if where == "own_spawn":
            return self.spawn_fields(ctx.you, sw)
        origins = self.cell_of_ref(where["adjacent_to"], ctx)
        return sorted({c for o in origins for c, _ in self.grid.neighbours[o] if self.available(c, sw)})

    def token_fields(self: "MuhqState") -> list[int]:
        item, index, left, ctx, steps, step = self.resolving
        return self.token_fields_for(step, ctx)

    def finish_token(self: "MuhqState", cell: int) -> None:
        item, index, left, ctx, steps, step = self.resolving
        self.resolving = None
        self.enter(self.new_card(step["card"], ctx.you), ctx.you, cell)
        if self.create_tokens(step, ctx, index, steps, left - 1):
            return
        self.run_steps(steps, ctx, index + 1)
        if self.resolving is None and item is not None and item.kind == "spell":
            self.put_in_discard(item.source)


#: Why a permanent is not played with play_spell, by its type (MUHQ-TIMING-2).
PERMANENT_IS_SLOW = {
    "unit": N_("{card} is a unit: a permanent is played as a slow action (play_permanent)"),
    "artifact": N_("{card} is an artifact: a permanent is played as a slow action (play_permanent)"),
    "equipment": N_("{card} is an equipment: a permanent is played as a slow action (play_permanent)"),
}

#: The ``_do_<type>`` method for each action type, looked up once.
HANDLERS = {name[4:]: getattr(DeclareMixin, name) for name in dir(DeclareMixin) if name.startswith("_do_")}
#: The ``_resolve_<kind>`` method for each kind of stack item, looked up once.
RESOLVERS = {name[9:]: getattr(DeclareMixin, name) for name in dir(DeclareMixin) if name.startswith("_resolve_")}
