"""The turn machine: the draft, the five phases, priority rounds, state checks, drops, victory
(MUHQ-DRAFT, MUHQ-TURN, MUHQ-UPKEEP, MUHQ-STACK, MUHQ-STATE, MUHQ-WIN).

``advance`` runs every turn-based step until someone has a decision to make, then names that player and the
kind of decision (``mode``): draft, drop, place_token, trigger, priority, open (the active player's action
phase with an empty stack), upkeep, closing (the order of the last activations), buy, discard, over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .objects import NEUTRAL

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState

#: The steps of a turn, in order. A "*_prio" step is the priority round at the end of a phase (MUHQ-STACK-9).
STEPS = ("start", "start_prio", "upkeep_income", "upkeep_score", "upkeep_triggers", "upkeep_trigger_prio",
         "upkeep_pay", "upkeep_prio", "action", "closing", "action_prio", "buy", "buy_prio", "discard",
         "end_prio")
OPTIONAL_ROUNDS = {"start_prio", "buy_prio", "end_prio"}  # MUHQ-TURN-8
#: After each priority round step, the step that follows.
AFTER_ROUND = {s: (STEPS[STEPS.index(s) + 1] if s != "end_prio" else "next_turn")
               for s in ("start_prio", "upkeep_trigger_prio", "upkeep_prio", "action_prio", "buy_prio", "end_prio")}


class FlowMixin:
    # -- the draft (MUHQ-DRAFT) ------------------------------------------------------------------------------
    def start_draft_round(self: "MuhqState") -> None:
        n = self.n
        stop = self.opts["draft_stop"]
        if len(self._undealt) >= n and all(len(p.drafted) < stop for p in self.players):  # MUHQ-DRAFT-2
            self.packs = [self._undealt.pop(0) for _ in range(n)]  # MUHQ-DRAFT-3, in seat order
            return
        # MUHQ-DRAFT-6: the draft ends; undealt packs are not used; drafted cards become the stores.
        for pack in self._undealt:
            self.unused.extend(pack)
        self._undealt = []
        self.packs = []
        for p in self.players:
            p.store, p.drafted = p.drafted, []
        self.phase, self.step = "start", "start"
        self.turn = 1

    def draft_picker(self: "MuhqState") -> int | None:
        """The next seat to pick in this pick step: picks are made seat by seat but stay hidden (MUHQ-DRAFT-4)."""
        size = max(map(len, self.packs), default=0)
        for seat in range(self.n):
            if len(self.packs[seat]) == size:
                return seat
        return None

    def draft_pick(self: "MuhqState", seat: int, card: int) -> None:
        self.packs[seat].remove(card)
        self.card_owner[card] = seat  # MUHQ-SETUP-4: the drafter owns the card
        self.players[seat].drafted.append(card)
        if len(set(map(len, self.packs))) == 1:  # every seat picked (all packs equally long): pass to seat + 1
            self.packs = self.packs[-1:] + self.packs[:-1]  # seat s now holds the pack of seat s - 1
            if not self.packs[0]:
                self.start_draft_round()

    # -- the main loop ----------------------------------------------------------------------------------
    def advance(self: "MuhqState") -> None:
        self._legal = None
        if self.phase == "draft" and self.winners is None:
            # The draft ends inside a pick (start_draft_round), and nothing below leads back into it: it is
            # looked at once here, not at every turn of the loop.
            seat = self.draft_picker()
            if seat is not None:
                self.mode, self.current_player = "draft", seat
                return
        while True:
            if self.winners is not None:
                self.mode, self.current_player = "over", -1
                return
            if self.drops:
                if self.settle_drop():
                    continue
                self.mode, self.current_player = "drop", self.drops[0].controller
                return
            if self.resolving is not None:
                self.mode, self.current_player = "place_token", self.resolving[0].controller
                return
            if self._dirty and self.state_check():  # (state_check itself returns at once when clean)
                continue
            if self.triggers:
                seat = self.trigger_declarer()
                if self.auto_declare(seat):
                    continue
                self.mode, self.current_player = "trigger", seat
                return
            if self.priority is not None:
                if self.opts["auto_pass"]:  # MUHQ-STACK-10
                    # Passing to the next seat changes nothing the checks above read, so the next seat is
                    # asked at once; the pass that ends the round (resolving, or ending the step) goes round.
                    alive = len(self._alive)
                    everyone = alive == self.n  # (then the next seat is simply seat + 1, as next_seat says)
                    players = self.players
                    while True:
                        seat = self.priority
                        # has_fast_action(seat), its first answers inlined: 2 cards in hand make the universal
                        # free action (MUHQ-CARD-9); no card and no permanent with free actions, nothing
                        hand = players[seat].hand
                        if len(hand) >= 2:
                            self.mode, self.current_player = "priority", seat
                            return
                        if hand or (self._memo.get("free_sources") or self.find_free_action_sources())[seat]:
                            if self.fast_list(seat):
                                self.mode, self.current_player = "priority", seat
                                return
                        if self.passes + 1 >= alive:  # the last pass of the round
                            self.pass_priority()
                            break
                        # pass_priority, when the round goes on: the next seat is asked
                        self.passes += 1
                        self.priority = (seat + 1) % self.n if everyone else self.next_seat(seat)
                    continue
                self.mode, self.current_player = "priority", self.priority
                return
            if not STEP_WORK[self.step](self):  # step_machine(), without a call in between
                return

    # -- priority (MUHQ-STACK-4..9) ----------------------------------------------------------------------
    def start_round(self: "MuhqState") -> None:
        self.priority = self.active  # MUHQ-STACK-5
        self.passes = 0

    def next_seat(self: "MuhqState", seat: int) -> int:
        n = self.n
        if len(self._alive) == n:
            return (seat + 1) % n  # everyone plays on: the next seat (the loop below would say the same)
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.players[s].alive:
                return s
        return seat

    def pass_priority(self: "MuhqState") -> None:
        self.passes += 1
        if self.passes < len(self._alive):  # alive_seats()
            n = self.n
            # next_seat: with everyone still playing, simply the next seat
            self.priority = (self.priority + 1) % n if len(self._alive) == n else self.next_seat(self.priority)
            return
        self.priority = None
        if self.stack:  # MUHQ-STACK-7
            self.resolve_top()
            if self.stack or not (self.step == "action" or self.step == "closing"):
                self.start_round()
        # else MUHQ-STACK-8: the step ends (the step machine moves on); in the action phase open priority returns

    def after_declare(self: "MuhqState") -> None:
        """MUHQ-STACK-6: a declared action starts a new priority round with the active player."""
        self.start_round()

    # -- the steps of a turn ----------------------------------------------------------------------------
    def step_machine(self: "MuhqState") -> bool:
        """Do the current step's turn-based work. True: something happened, loop again. False: a decision
        is waiting (``mode`` and ``current_player`` are set). (advance looks the step's work up itself.)"""
        return STEP_WORK[self.step](self)

    def _step_action(self: "MuhqState") -> bool:
        self.phase = "action"
        if self.activation is not None:
            if self.activation not in self.perms:
                self.activation, self.ai = None, None
            elif self.ai is not None:
                return self.ai_step()
            elif self.perms[self.activation].controller != self.active:
                # MUHQ-APHASE-4: its controller changed (Mind Tide in answer to a move): the rulebook's "der
                # Beherrscher der angreifenden Unit" names the defender, so the former one may not go on with it
                self.end_activation()
                return True
            elif not self.unit_list(self.activation):  # MUHQ-APHASE-4: no unit action is available
                self.end_activation()
                return True
        self.mode, self.current_player = "open", self.active
        return False

    def _step_round_over(self: "MuhqState") -> bool:
        """A priority round step whose round is over (or was never started): on to the next step."""
        return self.goto(AFTER_ROUND[self.step])

    def _step_start(self: "MuhqState") -> bool:
        self.phase = "start"
        self.start_phase()
        return self.goto("start_prio")

    def _step_upkeep_income(self: "MuhqState") -> bool:
        self.phase = "upkeep"
        if self.victory_item_check():
            return True
        self.upkeep_reshuffle(self.active)  # MUHQ-DECK-4: the deck the start phase's draw emptied
        self.income()
        self.step = "upkeep_score"
        return True

    def _step_upkeep_score(self: "MuhqState") -> bool:
        self.score_areas()
        self.step = "upkeep_triggers"
        return True

    def _step_upkeep_triggers(self: "MuhqState") -> bool:
        fired = False
        for pid in self.board_order():  # MUHQ-UPKEEP-3
            p = self.perms[pid]
            if p.controller == self.active and p.d.triggers:
                before = len(self.triggers)
                self.event("upkeep_start", pid)
                fired = fired or len(self.triggers) > before
        self.step = "upkeep_trigger_prio"
        if fired:
            self.start_round()
        return True

    def _step_upkeep_pay(self: "MuhqState") -> bool:
        while self.upkeep_todo:  # MUHQ-UPKEEP-4: the player handles each unit, in an order they choose
            pid = self.upkeep_todo[0]
            p = self.perms.get(pid)
            if p is None or p.controller != self.active or p.d.upkeep == 0:  # MUHQ-UPKEEP-6
                self.upkeep_todo.pop(0)
                continue
            self.mode, self.current_player = "upkeep", self.active
            return False
        return self.goto("upkeep_prio")

    def _step_closing(self: "MuhqState") -> bool:
        if self.activation is not None:
            if self.activation in self.perms and self.ai is not None:
                return self.ai_step()
            self.end_activation()
            return True
        left = self.closing_candidates()
        if not left:
            return self.goto("action_prio")
        special = []  # (a loop: a comprehension here would make every step pay for a closure over self)
        for pid in left:
            if self.has_activation_effects(pid):
                special.append(pid)
        if len(special) >= 2:
            self.mode, self.current_player = "closing", self.active
            return False
        self.close_one((special or left)[0])
        return True

    def _step_buy(self: "MuhqState") -> bool:
        self.phase = "buy"
        if self.players[self.active].bought:
            return self.goto("buy_prio")
        self.mode, self.current_player = "buy", self.active
        return False

    def _step_discard(self: "MuhqState") -> bool:
        self.phase = "end"
        if not self.players[self.active].hand:
            self.end_of_turn()
            return self.goto("end_prio")
        self.mode, self.current_player = "discard", self.active
        return False

    def _step_next_turn(self: "MuhqState") -> bool:
        self.next_turn()
        return True

    def goto(self: "MuhqState", step: str) -> bool:
        self.step = step
        if step == "upkeep_pay":  # crew units are units you control too (MUHQ-UPKEEP-4)
            self.upkeep_todo = self.units_of_active()
        if step in ("start_prio", "upkeep_prio", "action_prio", "buy_prio", "end_prio"):
            if step in OPTIONAL_ROUNDS and not self.opts["phase_end_priority"]:
                return True
            self.start_round()
        return True

    def units_of_active(self: "MuhqState") -> list[int]:
        """The active player's units on the board, in board order (its own method, so that goto, which runs at
        every step, makes no closure for this list)."""
        perms, active = self.perms, self.active
        units = []  # (a loop: a comprehension would make a closure over perms and active)
        for pid in self.board_order():
            p = perms[pid]
            if p.controller == active and p.d.type == "unit":
                units.append(pid)
        return units

    def start_phase(self: "MuhqState") -> None:
        """MUHQ-TURN-3 (OP-7): untap and restore unit actions; replace an empty deck; refill the hand."""
        seat = self.active
        for p in self.perms.values():
            if p.controller == seat:
                p.tapped = False
                p.move_used = p.attack_used = False
        pl = self.players[seat]
        if not pl.deck and pl.discard:  # MUHQ-DECK-4
            pl.deck, pl.discard = pl.discard, []
            self.rng.shuffle(pl.deck)
        need = self.game.board.hand_size - len(pl.hand)
        if need > 0:
            self.draw(seat, need)
        pl.bought = False
        self.touched()

    def income(self: "MuhqState") -> None:
        """MUHQ-UPKEEP-1 (OP-8)."""
        seat = self.active
        inc = self.game.board.income
        field_income = self.grid.income
        units = fields = 0  # (one loop over the permanents, no comprehensions: this runs every turn)
        for p in self.perms.values():
            if p.controller == seat and p.d.type == "unit":
                units += 1
                if p.cell is not None:
                    fields += field_income[p.cell]
        self.players[seat].resource += inc.base + inc.per_unit * units + fields
        self.touched()

    def score_areas(self: "MuhqState") -> None:
        """MUHQ-WIN-5 (OP-40): the active player scores every area they hold (strictly most units in it)."""
        if not self.game.capture_target:
            return
        seat = self.active
        for area, cells in self.grid.areas.items():
            counts = [0] * self.n
            for c in cells:
                pid = self.occ.get(c)
                if pid is not None and self.perms[pid].d.type == "unit":
                    # MUHQ-WIN-5: "die meisten Units darin": crew in a pile stand in the area too (its field is
                    # the base's, MUHQ-PILE-2), each counted for its own controller
                    for u in (pid, *self.perms[pid].pile):
                        p = self.perms[u]
                        if p.d.type == "unit" and p.controller != NEUTRAL:
                            counts[p.controller] += 1
            mine = counts[seat]
            if mine > 0 and all(mine > counts[o] for o in range(self.n) if o != seat):
                self.players[seat].vp += self.grid.area_points.get(area, 0)
        self.changed()

    def victory_item_check(self: "MuhqState") -> bool:
        """MUHQ-WIN-7 (OP-42): at the start of step 1 of the upkeep, holding the item wins."""
        item = self.victory_item
        if item is None or item not in self.perms or not self.game.has_victory("victory_item"):
            return False
        base = self.perms[item].base
        if base is not None and self.perms[base].controller == self.active:
            self.winners, self.ending = [self.active], "MUHQ-WIN-7"
            return True
        return False

    def closing_candidates(self: "MuhqState") -> list[int]:
        return [p.id for p in self.own_permanents(self.active) if not p.tapped]

    def has_activation_effects(self: "MuhqState", pid: int) -> bool:
        p = self.perms[pid]
        return bool(p.poison or p.panic or p.rage) or p.d.on_activated

    def close_one(self: "MuhqState", pid: int) -> None:
        """MUHQ-APHASE-6 (OP-14): activated, its condition effects apply, an AI runs, then it is tapped."""
        self.activate(pid)
        if self.activation is not None and self.ai is None:
            self.end_activation()

    def end_activation(self: "MuhqState") -> None:
        pid = self.activation
        self.activation, self.ai = None, None
        if pid is not None and pid in self.perms:
            self.perms[pid].tapped = True  # MUHQ-APHASE-4
        self.touched()

    def end_of_turn(self: "MuhqState") -> None:
        """MUHQ-TURN-7 (b), (c): pending equipment is discarded (MUHQ-EQUIP-4); until-end-of-turn ends."""
        pl = self.players[self.active]
        for eq in pl.pending:
            self.put_in_discard(eq)
        pl.pending = []
        if any(p.eot for p in self.perms.values()):
            for p in self.perms.values():
                p.eot = ()
            self.changed()
        else:
            self.touched()

    def next_turn(self: "MuhqState") -> None:
        limit = self.opts["max_turns"]
        if limit and self.turn >= limit:  # MUHQ-WIN-10
            self.winners, self.ending = [], "MUHQ-WIN-10"
            return
        self.active = self.next_seat(self.active)
        self.turn += 1
        self.step = "start"

    # -- triggers (MUHQ-ACT-7, 8) -------------------------------------------------------------------------
    def trigger_declarer(self: "MuhqState") -> int:
        seats = {t.controller for t in self.triggers}
        for k in range(self.n):
            s = (self.active + k) % self.n
            if s in seats:
                return s
        return self.triggers[0].controller

    def auto_declare(self: "MuhqState", seat: int) -> bool:
        """Declare for the player when there is nothing to choose: one pending trigger with one (or no)
        legal choice of targets. A trigger without a legal target is not put on the stack (MUHQ-ACT-7)."""
        mine = [i for i, t in enumerate(self.triggers) if t.controller == seat]
        for i in mine:
            if not any(True for _ in self.trigger_target_choices(self.triggers[i])):
                self.triggers.pop(i)
                return True
        if len(mine) != 1:
            return False
        choices = list(self.trigger_target_choices(self.triggers[mine[0]], limit=2))
        if len(choices) != 1:
            return False
        self.declare_trigger(mine[0], choices[0])
        return True

    # -- drops (MUHQ-PILE-4) --------------------------------------------------------------------------
    def settle_drop(self: "MuhqState") -> bool:
        """Place or destroy what needs no choice; True if something happened. A member with no available field
        is destroyed; one member with one field is placed."""
        drop = self.drops[0]
        fields = {m: self.drop_fields(drop, m) for m in drop.members}
        for m, fs in fields.items():
            if not fs:
                self.place_dropped(drop, m, None)
                return True
        if len(drop.members) == 1 and len(fields[drop.members[0]]) == 1:
            self.place_dropped(drop, drop.members[0], fields[drop.members[0]][0])
            return True
        return False

    # -- state checks and victory (MUHQ-STATE, MUHQ-WIN) ----------------------------------------------------
    def state_check(self: "MuhqState") -> bool:
        """MUHQ-STATE-2..5: destroy everything lethal at once, then check victory. True if anything changed
        (the loop runs again, so drops and repeated checks happen)."""
        if not self._dirty:
            return False  # nothing changed since a check that found nothing
        if self._clean is not self._memo:
            doomed = self.lethal_scan()
        elif self._suspects:
            doomed = self.lethal_scan(self._suspects)
        else:  # the board and every damage, poison and wear marker are as when a check last found nothing
            doomed = []  # lethal (lowering a marker cannot make anything lethal): the scan would find nothing again
        if doomed:
            perms = self.perms
            waiting = len(self.drops)
            for pid in doomed:
                if pid in perms:
                    self.destroy(pid)
            # MUHQ-STATE-3: the resulting drops base by base, in turn order from the active player (stable sort:
            # one player's bases stay in board order); each base's former controller places its members.
            self.drops[waiting:] = sorted(self.drops[waiting:], key=self.turn_order_of_drop)
            self.check_victory()
            return True
        game = self.game
        if (game.race_target or game.capture_target or self._memo.get("defeated") != ()) and self.check_victory():
            return True  # (check_victory finds nothing when no one lost and no one can win by counting)
        self._dirty = False
        self._clean = self._memo
        if self._suspects:
            self._suspects = []
        return False

    def turn_order_of_drop(self: "MuhqState", drop) -> int:
        """A drop's place in turn order from the active player (a method, not a lambda: state_check runs at
        almost every decision and would make a closure over self every time)."""
        return (drop.controller - self.active) % self.n

    def lethal_scan(self: "MuhqState", suspects: list[int] | None = None) -> list[int]:
        """MUHQ-STATE-2: everything lethal now, in board order (MUHQ-UNIT-2, MUHQ-POISON-3, MUHQ-SOLID-3,
        MUHQ-EQUIP-2). With ``suspects``, only those of them on the board are looked at: the caller knows that
        nothing else can be lethal (state_check)."""
        doomed: list[int] = []
        perms = self.perms
        at_least = self.opts["lethal_rule"] == "at_least"  # OP-15, as in lethal(); inlined: this runs often
        if suspects is not None:
            if len(suspects) == 1:
                pid = suspects[0]
                order = (pid,) if pid in perms and self.cell_of(pid) is not None else ()
            else:
                order = []  # (a loop: a comprehension would make a closure over suspects)
                for pid in self.board_order():
                    if pid in suspects:
                        order.append(pid)
        else:
            # With "greater than" (OP-15) nothing without damage, poison or wear can be lethal: skip the scan.
            if not at_least:
                for p in perms.values():
                    if p.damage or p.poison or p.worn:
                        break
                else:
                    return doomed
            order = self.board_order()
        st = self.stats()
        for pid in order:
            p = perms[pid]
            d = p.d
            if d.type == "unit":
                life = st[pid].life
                if (p.damage >= life if at_least else p.damage > life) or p.poison > life:  # MUHQ-UNIT-2, POISON-3
                    doomed.append(pid)
            elif d.solid is not None:
                if p.damage >= d.solid if at_least else p.damage > d.solid:  # MUHQ-SOLID-3
                    doomed.append(pid)
            elif d.type == "equipment" and d.durability - p.worn < 1:  # MUHQ-EQUIP-2
                doomed.append(pid)
        return doomed

    def defeated(self: "MuhqState") -> tuple[int, ...]:
        """The seats that lost their VIP (MUHQ-WIN-3) or every building (MUHQ-WIN-6), where the board plays so.
        This depends on the board alone, so it is kept until the board changes."""
        memo = self._memo
        found = memo.get("defeated")
        if found is None:
            kinds = self.game.victory_kinds
            losers = []
            if "vip" in kinds or "destroy_buildings" in kinds:  # the board's kinds of defeat (has_victory)
                perms = self.perms
                for seat in self.alive_seats():
                    vip = self.vips.get(seat)
                    if vip is not None and "vip" in kinds and vip not in perms:  # MUHQ-WIN-3
                        losers.append(seat)
                    blds = self.buildings.get(seat)
                    if blds and "destroy_buildings" in kinds and perms.keys().isdisjoint(blds):
                        losers.append(seat)  # MUHQ-WIN-6: none of them is left
            found = memo["defeated"] = tuple(losers)
        return found

    def check_victory(self: "MuhqState") -> bool:
        game = self.game
        race = game.race_target
        cap = game.capture_target
        losers = self._memo.get("defeated")
        if losers is None:
            losers = self.defeated()
        if not losers and not race and not cap:
            return False  # no one lost and no one can win by counting (what follows would find nothing)
        winners = []
        if race or cap:
            players = self.players
            for seat in self.alive_seats():
                if seat in losers:
                    continue
                pl = players[seat]
                if (race and pl.resource >= race) or (cap and pl.vp >= cap):  # MUHQ-WIN-4, 5
                    winners.append(seat)
        if winners:
            self.winners = winners  # MUHQ-WIN-9: several at once share a draw
            self.ending = "MUHQ-WIN-9" if len(winners) > 1 else "MUHQ-WIN-4" if race else "MUHQ-WIN-5"
            return True
        if losers:
            alive = []  # (a loop: a comprehension would make every check pay for a closure over losers)
            for s in self.alive_seats():
                if s not in losers:
                    alive.append(s)
            if not alive:
                self.winners, self.ending = [], "MUHQ-WIN-9"  # the last players lose together: a draw
                return True
            for seat in set(losers):
                self.eliminate(seat)
            if len(alive) == 1:  # MUHQ-WIN-8
                self.winners, self.ending = alive, "MUHQ-WIN-8"
            return True
        return False

    def eliminate(self: "MuhqState", seat: int) -> None:
        """MUHQ-WIN-8: the loser's permanents and every card of theirs are removed from the game."""
        pl = self.players[seat]
        pl.alive = False
        self._alive = tuple(s for s in self._alive if s != seat)
        for pid in list(self.board_order()):
            p = self.perms.get(pid)
            if p is not None and (p.controller == seat or p.owner == seat):
                _, cell = self.take_off(pid)
                self.start_drop(p, cell)
                self.removed.append(pid)
                self.after_leaving(p, cell)  # a victory item they held goes back to its start (MUHQ-WIN-7)
        for zone in (pl.store, pl.deck, pl.hand, pl.discard, pl.pending):
            self.removed.extend(zone)
            zone.clear()
        for d in self.drops:  # members of the loser's piles were removed with them
            d.members = [m for m in d.members if m in self.perms]
        self.drops = [d for d in self.drops if d.members]
        self.triggers = [t for t in self.triggers if t.controller != seat]
        # Their cards on the stack (spells, permanents being played) are removed too, not lost; their actions
        # do not resolve.
        self.removed.extend(i.source for i in self.stack if i.controller == seat and i.kind in ("spell",
                                                                                                "play_permanent"))
        self.stack = [i for i in self.stack if i.controller != seat]
        if self.active == seat and self.winners is None:
            self.priority, self.activation, self.ai = None, None, None
            self.step = "end_prio"
        elif self.priority == seat:
            self.start_round()  # a new round among the players left
        self.changed()


class _StepWork(dict):
    """The work of each step (the ``_step_*`` methods) by step name; an unknown step is a bug."""

    def __missing__(self, step: str):
        raise AssertionError(f"unknown step {step}")  # i18n: no


#: What step_machine does in each step of a turn (a look-up, not a chain of comparisons: it runs at almost every
#: decision).
STEP_WORK = _StepWork({"action": FlowMixin._step_action, "start": FlowMixin._step_start,
                       "upkeep_income": FlowMixin._step_upkeep_income, "upkeep_score": FlowMixin._step_upkeep_score,
                       "upkeep_triggers": FlowMixin._step_upkeep_triggers,
                       "upkeep_pay": FlowMixin._step_upkeep_pay, "closing": FlowMixin._step_closing,
                       "buy": FlowMixin._step_buy, "discard": FlowMixin._step_discard,
                       "next_turn": FlowMixin._step_next_turn})
STEP_WORK.update((s, FlowMixin._step_round_over) for s in AFTER_ROUND)
