"""The turn machine (spec 5.6), open windows (5.7), counter rounds and the stack (5.8), prompts (8.2).

The machine is a list of pending steps (``todo``, run last-pushed first). Each step either runs a rule
step and goes on, or sets up a decision — an open window, a counter round or a prompt — and stops.
The answer to the decision is an action; after it, the machine runs on. Everything is plain data, so a
clone can stop and resume anywhere.
"""

from __future__ import annotations


from functools import lru_cache

from cardtable.engine import IllegalAction

from .actions import PASS, Choose, ChooseOption, Pass, Refill, made
from .fights import Fights
from .text import sphere_word
from .words import N_, Said, _, _n, join, said, lazy, shown

PHASES = ("start", "draw", "summon_1", "battle", "summon_2", "end")
SUMMON_PHASES = ("summon_1", "summon_2")
PHASE_TITLES = {"start": N_("start phase"), "draw": N_("draw phase"), "summon_1": N_("summon phase"),
                "battle": N_("battle phase"), "summon_2": N_("summon phase (after the battle phase)"),
                "end": N_("end phase")}
SPHERE_NAMES = ("magic", "influence", "wealth", "force")
#: the spheres' names as words of a kept text (read in the reader's language)
SPHERE_SAID = tuple(Said(w) for w in (N_("magic"), N_("influence"), N_("wealth"), N_("force")))
#: Steps that change nothing a legal action depends on (they only open windows or move to the next phase).
#: The questions of a fight's prompts (but supply_mode's, which names the supply)
FIGHT_QUESTIONS = {"fight_leader": N_("name an army leader"), "fight_help": N_("you are asked to help in a battle"),
                   "save_nation": N_("your nation lost the battle"), "spoils": N_("take the war spoils"),
                   "fear_resist": N_("fear strikes your creature"),
                   "monster_return": N_("your monster's side won the battle")}
#: The prompts of a fight's procedure (answered by ``Fights.answer_fight``).
FIGHT_PROMPTS = frozenset(("fight_leader", "fight_help", "supply_mode", "save_nation", "spoils", "fear_resist",
                           "monster_return"))
#: The questions answered by number (``ChooseOption``); the words of their answers are the prompt's ``options``.
NUMBERED_PROMPTS = FIGHT_PROMPTS | {"option", "permission", "choose_enemy", "play_card", "trigger_order"}
#: … of which only the chooser reads the words: they may name cards of its hand or deck (MIT-7.4.3.1, MIT-6.5.1).
PRIVATE_ANSWERS = frozenset(("fight_leader", "play_card"))
QUIET_STEPS = frozenset(("window", "window_resume", "next_phase", "checks", "triggers", "triggers_done",
                         "end_effects"))  # checks touch when they change


class Flow:
    # -- the driver --------------------------------------------------------------------------------
    def _push(self, *steps: str) -> None:
        """Schedule ``steps`` to run in the order given, before anything scheduled earlier."""
        self.todo.extend(reversed(steps))

    def _run(self) -> None:
        todo = self.todo
        if not todo and (self.mode == "window" or self.mode == "counter") \
                and self.opts["counter_prompting"] == "always" and not self.order_requests:
            self.current_player = self.priority  # the common case: a pass that only moved priority on
            return
        skip = self.opts["counter_prompting"] == "skip_if_no_legal_response"
        while True:
            while todo and self.result is None and self.mode != "prompt":  # a question waits for its answer
                step = todo.pop()
                if step not in QUIET_STEPS:
                    self.touch()
                if STEPS[step](self):
                    break
            if self.result is not None:
                self.mode = "over"
                self.current_player = -1
                self.prompt = None
                return
            if self.order_requests:  # MIT-1.4.2.c: before anything else, the owner orders what arrived together
                self._ask_order()
            self.current_player = self.prompt["player"] if self.mode == "prompt" else self.priority
            if skip and self.mode in ("window", "counter") and not self._has_choice(self.current_player):
                self._pass(self.current_player)  # OP-43: a simulation skips who can only pass
                continue
            return

    def _has_choice(self, seat: int) -> bool:
        return any(not isinstance(a, Pass) for a in self.legal_for(seat))

    def touch(self) -> None:
        """Something happened: cached facts (targets, the stack, rotations, legal actions) are dropped."""
        self.version += 1
        self.dcache = None

    def act(self, seat: int, action) -> None:
        if isinstance(action, Pass) and self.mode != "prompt":
            self._pass(seat)  # a pass changes only who may act: nothing cached depends on it
        elif self.mode == "prompt":
            options = self._prompt_options()  # the answers just offered (kept until something happens)
            self.touch()
            self._answer(seat, action, options)
            self.touch()
        else:
            offered = self._offered(seat, action)
            self.touch()
            # checks everything first (unless the action is one of the list just offered, which passed the
            # same checks); IllegalAction leaves the state as it was
            self.announce(seat, action, offered=offered)
            self.touch()
        self._run()

    def _memo_key(self, seat: int) -> tuple:
        counter = self.mode == "counter"
        # What a player may do changes only when something happens (``version``), with the player's role and
        # the kind of phase: a pass changes neither, so the list is kept across passes.
        phase = self.phase
        if phase == "battle":
            kind = "battle"
        elif seat == self.active:
            kind = "summon" if phase in SUMMON_PHASES else "own"
        else:
            kind = "other"
        return seat, counter, kind

    def _offered(self, seat: int, action) -> bool:
        """Is ``action`` (this very object) in the legal list kept for ``seat``, still valid?"""
        memo = self.legal_memo
        if not memo:
            return False
        hit = memo.get(self._memo_key(seat))
        return hit is not None and hit[0] == self.version and hit[1] == self.seat_versions[seat] \
            and any(x is action for x in hit[2])

    def legal_for(self, seat: int) -> list:
        mode = self.mode
        if mode == "window":
            counter = False
        elif mode == "counter":
            counter = True
        elif mode == "prompt":
            return self._prompt_options()
        else:
            return []
        # the memo key (``_memo_key``), written out: this runs before every action
        phase = self.phase
        if phase == "battle":
            key = (seat, counter, "battle")
        elif seat == self.active:
            key = (seat, counter, "summon" if phase in SUMMON_PHASES else "own")
        else:
            key = (seat, counter, "other")
        memo = self.legal_memo
        if memo is None:
            memo = self.legal_memo = {}
        hit = memo.get(key)
        version = self.version
        seat_version = self.seat_versions[seat]
        if hit is not None and hit[0] == version and hit[1] == seat_version:
            return hit[2][:]
        acts = self.legal_acts(seat, counter)
        acts.append(PASS)
        memo[key] = (version, seat_version, acts)
        return acts[:]

    # -- turns (MIT-6.2) ---------------------------------------------------------------------------
    def _begin_turn(self) -> None:
        self.todo = []
        self.pending = []  # the setup is no event: the high gods were put onto the board before the game began
        self._push("turn_start")
        self._run()

    def _step_turn_start(self) -> bool:
        self.turn += 1
        seat = self.active
        self.turns_taken[seat] += 1
        self.phase = "start"
        # MIT-6.2.1.1: the turn begins; per-turn records reset (MIT-4.1.e, OP-28, OP-62)
        waking = []
        for inst in self.board_insts():  # a card off the board forgot these when it left (MIT-1.2.6)
            inst.spent = False
            inst.uses = None
            inst.blocked = ()
            if inst.dormant == "turn_start" and inst.controller == seat:
                waking.append(inst.iid)
        for iid in waking:  # OP-35: asleep until its player's next turn
            self.wake(iid, said(N_("P{seat}'s turn begins"), seat=seat))
        for p in self.players:
            p.nation_placed = False
            p.allowances = ()
        self.note(N_("— Turn {turn}: P{seat} —"), turn=self.turn, seat=seat)
        self.check_holds()  # OP-02: a hold completes at MIT-6.2.1.1
        if self.result is None:
            self.check_deckout()  # OP-04
        if self.result is not None:
            return True
        self.expire_at_turn_start()  # MIT-6.2.1.2
        self.event("turn_start", player=seat)  # MIT-6.2.1.3: start-of-turn effects (they go on the stack at the
        # state check)
        self._push("checks", "window")
        return False

    def _step_next_phase(self) -> bool:
        index = PHASES.index(self.phase)
        if self.phase == "end":
            self._push("end_discard", "end_cap", "end_refill", "end_unrotate", "end_effects", "end_hand",
                       "next_turn")
            return False
        self.phase = PHASES[index + 1]
        if self.phase == "draw":
            self.draw_phase()
            self.event("draw_phase", player=self.active)  # spec 6.6: after the phase's draws
            self._push("checks", "window")
        else:
            self._push("window")
        return False

    def draw_phase(self) -> None:
        """MIT-6.2.2.1: draw 2, and the extra draws the player is entitled to."""
        seat = self.active
        # only the drawer's hand and deck change: nothing another player may do depends on them (spec 9)
        self.seat_versions[seat] += 1
        self.dcache = None
        n = self.opts["draws_per_turn"]
        for _src, ctrl, params in self.statics_of("extra_draw"):
            if ctrl == seat:
                n += self.value(params.n, {}, None)
        drawn = self.draw(seat, n)
        if drawn < n:
            self.note(lazy._n("P{seat} draws {drawn} card{missing}", "P{seat} draws {drawn} cards{missing}", drawn,
                             seat=seat, drawn=drawn,
                             missing=lazy._n(" ({n} could not be drawn: the deck is empty)",
                                            " ({n} could not be drawn: the deck is empty)", n - drawn)))
        else:
            self.note(lazy._n("P{seat} draws {drawn} card", "P{seat} draws {drawn} cards", drawn, seat=seat,
                             drawn=drawn))
        self.draw_attempted(seat, n, drawn)

    # -- open windows (spec 5.7) -------------------------------------------------------------------
    def _step_window(self) -> bool:
        self.trigger_chain = 0
        self.mode = "window"
        self.priority = self.active
        self.passes = 0
        self.cycle = False
        return True

    def _step_window_resume(self) -> bool:
        """After an act resolved: the next player in turn order gets priority (MIT-6.1.4.b)."""
        if self.fight is not None:
            if self.fight.stage != "rounds":
                self._push("fight")  # a fight was declared: it begins
                return False
            broken = self.fight_broken()
            if broken is not None:
                self.end_rounds_early(broken)  # OP-51
                return False
        self.trigger_chain = 0
        self.mode = "window"
        self.passes = 0
        self.cycle = False
        self.priority = self.next_in_window(self.window_actor)
        return True

    def _pass(self, seat: int) -> None:
        if self.mode == "window":
            fight = self.fight
            first = fight.first if fight is not None else self.active  # OP-44: a fight round's first player
            if seat == first:
                self.passes = 1
                self.cycle = True
            elif self.cycle:
                self.passes += 1
            if self.cycle and self.passes >= (len(self.fight_players()) if fight is not None else self.n):
                # MIT-6.1.4.c: everyone passed from the active player; in a fight, MIT-7.4.9: the rounds end
                self.mode = "busy"
                if fight is not None:
                    fight.stage = "compare"
                    self._push("fight")
                else:
                    self._push("next_phase")
            else:
                self.priority = self.next_in_window(seat)
        elif self.mode == "counter":
            self.passes += 1
            if self.passes >= self.n:  # MIT-6.4.1: nobody responded; the stack resolves
                self.mode = "busy"
                self._push("resolve", "checks", self.after_stack)
            else:
                self.priority = self.next_seat(seat)

    def next_in_window(self, seat: int) -> int:
        """The next player in turn order who acts in this window: in a fight's rounds only its players
        (OP-44); everyone takes part in counter rounds."""
        nxt = self.next_seat(seat)
        if self.fight is not None:
            players = self.fight_players()
            while nxt not in players:
                nxt = self.next_seat(nxt)
        return nxt

    def start_counter_round(self, first: int, from_window: bool, actor: int) -> None:
        if from_window:
            self.window_actor = actor
            self.after_stack = "window_resume"
        self.mode = "counter"
        self.passes = 0
        self.priority = first

    # -- the stack (spec 5.8) ----------------------------------------------------------------------
    def _step_resolve(self) -> bool:
        while self.stack:
            item = self.stack[-1]
            if not self.resolve_item(item):
                self._push("resolve")
                return True  # a prompt inside the effect
            self.stack.pop()
            if self.mode == "prompt":  # a question on the way out (a supply's mode, OP-20): the rest waits
                if self.stack:
                    self._push("resolve")
                return True
        return False

    def _step_checks(self) -> bool:
        if self.state_checks():
            return self.fire_pending() if self.pending or self.sphere_marks else False  # OP-43.4
        self._push("checks")
        return True  # a prompt (leader limit)

    def _step_triggers(self) -> bool:
        """OP-43.4: the triggers of a rule step's events go on the stack (steps without a state check)."""
        return self.fire_pending() if self.pending or self.sphere_marks else False

    def _step_triggers_done(self) -> bool:
        """The triggers' stack (or an end-phase step's counter round) has resolved: the machine goes on where
        it was interrupted."""
        if self.trigger_resume is not None:
            (self.after_stack, rest), self.trigger_resume = self.trigger_resume, None
            self.todo.extend(rest)
        return False

    # -- the end phase (MIT-6.2.4, OP-40 – OP-42) --------------------------------------------------
    def _hand_over(self) -> int:
        return len(self.players[self.active].hand) - self.hand_size(self.active)

    def _step_end_discard(self) -> bool:
        """MIT-6.2.4.1: down to the hand size; the discards move cards (MIT-6.5.1 item 4): a counter round follows."""
        if self._hand_over() <= 0:
            return False
        self._push("end_round")
        return self._step_end_hand()

    def _step_end_hand(self) -> bool:
        """The discard prompts of MIT-6.2.4.1, one card at a time; and MIT-6.2.4.6.a: the hand size holds at the
        end of the turn (that last discard has no counter round: nobody acts once the turn ends, 6.2.4.6.b)."""
        over = self._hand_over()
        if over <= 0:
            return False
        self.set_prompt("discard_hand", self.active, n=over, rule="MIT-6.2.4.1")
        self._push("end_hand")
        return True

    def _step_end_round(self) -> bool:
        """MIT-6.5.1: an end-phase step changed the active player's hand (item 4), spheres (item 3) or leaders
        (item 7): before the next step a counter round follows (MIT-6.4.1), from the active player, whom it
        affects. The triggers of the step's events open it (OP-43.4); with none, it opens on an empty stack,
        and the machine goes on when it has passed and what was used in it has resolved."""
        if self._step_triggers():
            return True
        if self.trigger_resume is None:
            self.trigger_resume = (self.after_stack, tuple(self.todo))
        self.todo.clear()  # a counter round waits with nothing scheduled (as ``fire_pending``'s)
        self.after_stack = "triggers_done"
        self.start_counter_round(self.active, from_window=False, actor=self.active)
        return True

    def _step_end_cap(self) -> bool:
        p = self.players[self.active]
        for s in range(4):  # MIT-6.2.4.2
            if p.spheres[s] > p.smax[s]:
                self.note(N_("P{seat}'s {sphere} drops to its maximum {n}"), seat=p.seat,
                          sphere=SPHERE_SAID[s], n=p.smax[s])
                p.spheres[s] = p.smax[s]
                if self.todo[-1:] != ["end_round"]:
                    self._push("end_round")
        return False

    def _step_end_refill(self) -> bool:
        """MIT-6.2.4.3: 3 points and what cards produce; a counter round follows if a sphere changed (the
        triggers of ``refill`` alone otherwise)."""
        p = self.players[self.active]
        points = self.opts["sphere_refill"]
        room = [p.smax[s] - p.spheres[s] for s in range(4)]
        changes = points > 0 and any(r > 0 for r in room)
        self._push("end_produce", "end_round" if changes else "triggers")
        if sum(room) <= points or points == 0:  # every sphere fills (the rest is lost): nothing to choose
            gained = [max(0, r) for r in room]
            self._gain(p, gained, "regains")
            return False
        self.set_prompt("refill", self.active, n=points, rule="MIT-6.2.4.3")
        return True

    def _step_end_produce(self) -> bool:
        p = self.players[self.active]
        for src, ctrl, params in self.statics_of("produce_spheres"):  # MIT-6.2.4.3: producing cards
            if ctrl != p.seat:
                continue
            amount = params.amount
            if hasattr(amount, "choose"):
                amount = [amount.choose if s == 0 else 0 for s in range(4)]  # (no sample card chooses)
            else:
                amount = [getattr(amount, s) for s in SPHERE_NAMES]
            gained = [min(amount[s], p.smax[s] - p.spheres[s]) for s in range(4)]
            self._gain(p, gained, "gets", self.cards[src].d)
            if any(g > 0 for g in gained) and self.todo[-1:] == ["triggers"]:
                self.todo[-1] = "end_round"  # the refill changed nothing, the production did
        self.event("refill", player=p.seat)  # spec 6.6: after the refill and what cards produce
        return False

    def _gain(self, p, gained, verb: str, source=None) -> None:
        """``verb``: "gains", "regains" or "gets" (from ``source``, a producing card)."""
        gained = [max(0, g) for g in gained]
        for s in range(4):
            p.spheres[s] += gained[s]
        if any(gained):
            points = join(said(N_("{n} {sphere}"), n=g, sphere=SPHERE_SAID[s]) for s, g in enumerate(gained) if g)
            now = "/".join(map(str, p.spheres))
            if verb == "gets":
                self.note(N_("P{seat} gets from {card} {points} → {now}"), seat=p.seat, card=source, points=points,
                          now=now)
            elif verb == "regains":
                self.note(N_("P{seat} regains {points} → {now}"), seat=p.seat, points=points, now=now)
            else:
                self.note(N_("P{seat} gains {points} → {now}"), seat=p.seat, points=points, now=now)

    def _step_end_unrotate(self) -> bool:
        """MIT-6.2.4.4; unrotating is an event (MIT-6.5.1 item 7): a counter round follows."""
        seat = self.active
        if self.opts["unrotate_per_turn"] > 0 and any(self.cards[i].rotated for i in self.players[seat].leaders):
            self._push("end_round")
        self.prompt_done = 0
        return self._step_end_unrotate_more()

    def _step_end_unrotate_more(self) -> bool:
        seat = self.active
        rotated = [i for i in self.players[seat].leaders if self.cards[i].rotated]
        k = self.opts["unrotate_per_turn"] - (self.prompt_done if self.prompt_done else 0)
        if not rotated or k <= 0:
            self.prompt_done = 0
            return False
        if len(rotated) <= k:  # OP-42: with two or fewer, all unrotate
            for i in rotated:
                self.cards[i].rotated = False
            self.note(N_("P{seat} unrotates {cards}"), seat=seat, cards=join(self.cards[i].d for i in rotated))
            self.prompt_done = 0
            return False
        self.set_prompt("unrotate", seat, n=k, rule="MIT-6.2.4.4")
        self._push("end_unrotate_more")
        return True

    def _step_end_effects(self) -> bool:
        """MIT-6.2.4.5: end-of-turn effects happen."""
        self.event("turn_end", player=self.active)
        return self._step_triggers()

    def _step_next_turn(self) -> bool:
        self.note(N_("P{seat}'s turn ends"), seat=self.active)
        self.active = self.next_seat(self.active)  # MIT-6.2.4.6.b: nobody acts in between
        self._push("turn_start")
        return False

    def _ask_order(self) -> None:
        (seat, cards), self.order_requests = self.order_requests[0], self.order_requests[1:]
        cards = tuple(i for i in cards if self.cards[i].zone == "afterworld")
        if len({self.cards[i].d.id for i in cards}) < 2:
            return
        resume = (self.mode, self.priority, self.prompt)
        self.set_prompt("afterworld_order", seat, rule="MIT-1.4.2.c", cards=cards, placed=(), resume=resume)

    def _place_in_order(self, pr, card: int) -> None:
        """The chosen card goes next onto the afterworld (the first chosen lies lowest)."""
        placed = pr["placed"] + (card,)
        rest = [i for i in pr["cards"] if i not in placed]
        if len({self.cards[i].d.id for i in rest}) > 1:
            self.set_prompt("afterworld_order", pr["player"], rule=pr["rule"], cards=pr["cards"], placed=placed,
                            resume=pr["resume"])
            return
        order = list(placed) + rest
        pile = self.players[pr["player"]].afterworld
        spots = sorted(pile.index(i) for i in order)
        for spot, iid in zip(spots, order):
            pile[spot] = iid
        self.note(N_("P{seat} lays them in the afterworld: {cards} (the last on top)"), seat=pr["player"],
                  cards=join(self.cards[i].d for i in order))
        self.mode, self.priority, self.prompt = pr["resume"]

    # -- prompts (spec 8.2) ------------------------------------------------------------------------
    def set_prompt(self, kind: str, seat: int, rule: str, **data) -> None:
        self.mode = "prompt"
        self.prompt = {"kind": kind, "player": seat, "rule": rule, **data}

    def _prompt_options(self) -> list:
        dc = self.decision_cache()
        options = dc.get("prompt")
        if options is None:
            options = dc["prompt"] = self._prompt_choices()
        return list(options)

    def _prompt_choices(self) -> list:
        pr = self.prompt
        kind = pr["kind"]
        seat = pr["player"]
        if kind in ("discard_hand", "discard"):  # (a condition's discard: only the hand cards that fit it)
            return [made(Choose, (i,)) for i in self.distinct(pr.get("cards") or self.players[seat].hand)]
        if kind == "sacrifice_leader":
            return [made(Choose, (i,)) for i in self.limit_candidates(seat)]
        if kind == "sacrifice":
            return [made(Choose, (i,)) for i in pr["cards"]]
        if kind == "unrotate":
            return [made(Choose, (i,)) for i in self.players[seat].leaders if self.cards[i].rotated]
        if kind in ("search", "pick"):
            return [made(Choose, (i,)) for i in pr["cards"]]
        if kind in ("afterworld_order", "deck_order"):  # the cards not placed yet, equal ones once
            return [made(Choose, (i,)) for i in self.distinct([i for i in pr["cards"] if i not in pr["placed"]])]
        if kind == "refill":
            p = self.players[seat]
            room = [p.smax[s] - p.spheres[s] for s in range(4)]
            n = pr["n"]
            return list(refills(n, tuple(room)))
        if kind in NUMBERED_PROMPTS:
            return [made(ChooseOption, i) for i in range(len(pr["options"]))]
        if kind == "on_enter":
            acts = [self.game.codec.parse(a) for a in pr["options"]]
            return acts if pr["must"] else acts + [PASS]
        return []

    def _answer(self, seat: int, action, options: list | None = None) -> None:
        pr = self.prompt
        if seat != pr["player"]:
            raise IllegalAction(pr["rule"], _("P{seat} is choosing now ({question})", seat=pr["player"],
                                              question=self.prompt_text()))
        if options is None:
            options = self._prompt_options()
        # the common case first: the very object offered (``in`` alone would compare field by field)
        if not any(x is action for x in options) and action not in options:
            if isinstance(action, Pass):
                raise IllegalAction(pr["rule"], _("that does not answer the question: {question} (pass is not an "
                                                  "answer here)", question=self.prompt_text()))
            raise IllegalAction(pr["rule"], _("that does not answer the question: {question}",
                                              question=self.prompt_text()))
        kind = pr["kind"]
        self.mode = "busy"
        self.prompt = None
        if kind in ("discard_hand", "discard"):
            (card,) = action.cards
            self.discard_card(card)
            left = pr["n"] - 1
            if "then" in pr:  # a maneuver's discard condition (MIT-5.11): the rest as the condition has it
                rest = tuple(i for i in pr["cards"] if i != card)
                self.pay_conditions(seat, (("discard", left, rest),) + pr["then"], pr["maneuver"])
            elif left > 0 and self.players[seat].hand:
                self.set_prompt(kind, seat, n=left, rule=pr["rule"], **{k: v for k, v in pr.items()
                                                                        if k not in ("kind", "player", "rule", "n")})
        elif kind == "sacrifice":
            self.answer_sacrifice(pr, action.cards[0])
        elif kind == "sacrifice_leader":
            (card,) = action.cards
            inst = self.cards[card]
            cursed = self.is_cursed(inst)
            if cursed:
                self.note(N_("P{seat} is over the leader limit: {card} goes to the afterworld (MIT-3.4.2.b)"),
                          seat=seat, card=inst.d)
            else:
                self.note(N_("P{seat} is over the leader limit: {card} is sacrificed to the afterworld "
                             "(MIT-3.4.2.b)"), seat=seat, card=inst.d)
            self.leave_board(card, "afterworld", "sacrifice" if not cursed else "rule")
        elif kind == "unrotate":
            (card,) = action.cards
            self.cards[card].rotated = False
            self.note(N_("P{seat} unrotates {cards}"), seat=seat, cards=join((self.cards[card].d,)))
            self.prompt_done = (self.prompt_done or 0) + 1
        elif kind == "refill":
            self._gain(self.players[seat], list(action.spheres), "regains")
        elif kind in ("search", "pick"):
            (card,) = action.cards
            self.answer_pick(pr, card)
        elif kind == "option":
            self.answer_option(pr, action.index)
        elif kind in FIGHT_PROMPTS:
            self.answer_fight(pr, action.index)
        elif kind == "choose_enemy":  # OP-24: for the item being resolved (top of the stack)
            self.stack[-1].enemy = pr["enemies"][action.index]
            self.note(N_("P{seat} chooses P{enemy} (OP-24)"), seat=seat, enemy=self.stack[-1].enemy)
        elif kind == "on_enter":
            self.answer_on_enter(pr, action)
        elif kind == "play_card":  # spec 6.4: the card an effect plays
            self.play_by_effect(seat, pr["choices"][action.index], pr)
        elif kind == "afterworld_order":
            self._place_in_order(pr, action.cards[0])
        elif kind == "deck_order":
            self.answer_deck_order(pr, action.cards[0])
        elif kind == "trigger_order":
            self.answer_trigger_order(pr, action.index)
        elif kind == "permission":  # MIT-3.4.3.c
            asker, card = pr["asker"], pr["card"]
            self.mode = "window"
            self.priority = asker
            if action.index == 0:
                self.note(N_("P{seat} allows it"), seat=seat)
                self.announce(asker, self.game.codec.parse(pr["action"]), permitted=True)
            else:
                self.refusals = self.refusals + ((self.turn, asker, self.cards[card].d.id),)
                self.note(N_("P{seat} refuses: {card} stays in P{asker}'s hand"), seat=seat, card=self.cards[card].d,
                          asker=asker)

    def prompt_answers(self, chooser: bool) -> list[str] | None:
        """The words of a numbered question's answers as a seat reads them (the chooser, or another seat): None
        for other questions, and for another seat where the answers are private (``PRIVATE_ANSWERS``)."""
        pr = self.prompt
        if pr is None or pr["kind"] not in NUMBERED_PROMPTS or (not chooser and pr["kind"] in PRIVATE_ANSWERS):
            return None
        return [shown(o) for o in pr["options"]]

    def prompt_text(self, options: bool = True, answers: bool = True) -> str:
        """The question in words; without ``options`` what others may read (no card of the asked hand); without
        ``answers`` the question alone, for the chooser, whose moves list the answers (``prompt_answers``)."""
        pr = self.prompt
        if pr is None:
            return ""
        kind, n = pr["kind"], pr.get("n", 1)
        opts = " / ".join(shown(o) for o in pr["options"]) if kind in NUMBERED_PROMPTS and pr.get("options") else ""
        if kind == "discard_hand":
            return _n("discard {n} card down to the hand size (MIT-6.2.4.1)",
                      "discard {n} cards down to the hand size (MIT-6.2.4.1)", n)
        if kind == "discard":
            return _n("discard {n} card ({source})", "discard {n} cards ({source})", n,
                      source=pr.get("source") or _("an effect"))
        if kind == "sacrifice_leader":
            return _n("sacrifice {n} leader: over the leader limit (MIT-3.4.2.b)",
                      "sacrifice {n} leaders: over the leader limit (MIT-3.4.2.b)", n)
        if kind == "sacrifice":
            return _n("sacrifice {n} card ({source}'s condition, MIT-5.11)",
                      "sacrifice {n} cards ({source}'s condition, MIT-5.11)", n, source=pr["source"])
        if kind == "unrotate":
            return _n("choose {n} leader to unrotate (MIT-6.2.4.4)", "choose {n} leaders to unrotate (MIT-6.2.4.4)", n)
        if kind == "refill":
            return _n("share {n} sphere point among the spheres (MIT-6.2.4.3)",
                      "share {n} sphere points among the spheres (MIT-6.2.4.3)", n)
        if kind == "search":
            return _("choose the card found by the search (MIT-1.3.3)")
        if kind == "pick":
            return shown(pr.get("text")) or _("choose a card")
        if kind == "option":
            return _("choose: {options}", options=opts) if answers else _("choose one ({rule})", rule=pr["rule"])
        if kind == "afterworld_order":
            return _("cards went to your afterworld together: choose the order, lowest first (MIT-1.4.2.c)")
        if kind == "trigger_order":
            if answers:
                return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4): "
                         "{options}", options=opts)
            return _("your triggered abilities fired together: choose the one that resolves first (OP-43.4)")
        if kind == "deck_order":
            if pr["deck"] == pr["player"]:
                return _("put the top {n} cards of your deck back in the order you choose: the card for the top "
                         "first (spec 6.4 look_top)", n=len(pr["cards"]))
            return _("put the top {n} cards of P{seat}'s deck back in the order you choose: the card for the top "
                     "first (spec 6.4 look_top)", n=len(pr["cards"]), seat=pr["deck"])
        if kind == "on_enter":
            if pr["must"]:
                return _("{card} is played: you must use its maneuver now (MIT-6.3.7)", card=self.cards[pr["card"]].d)
            return _("{card} is played: you may use its maneuver now (MIT-6.3.7)", card=self.cards[pr["card"]].d)
        if kind == "play_card":  # the options may name cards of the hand or the deck: only the chooser reads them
            if options and answers:
                return _("choose the card an effect plays (MIT-6.5.1): {options}", options=opts)
            return _("choose the card an effect plays (MIT-6.5.1)")
        if kind == "choose_enemy":
            if answers:
                return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24): {options}",
                         options=opts)
            return _("choose the enemy whose deck is revealed or whose hand is peeked (OP-24)")
        if kind in FIGHT_PROMPTS:
            if kind == "supply_mode":
                what = _("choose how {card} fights", card=self.cards[pr["card"]].d) if "card" in pr else \
                    _("choose how the supply fights")
            else:
                what = _(FIGHT_QUESTIONS[kind])
            if not answers or not options and kind in PRIVATE_ANSWERS:
                return _("{question} ({rule})", question=what, rule=pr["rule"])
            return _("{question} ({rule}): {options}", question=what, rule=pr["rule"], options=opts)
        if kind == "permission":
            return _("P{seat} asks leave to summon {card}, your high god, as a leader (MIT-3.4.3.c): allow or refuse",
                     seat=pr["asker"], card=self.cards[pr["card"]].d)
        return kind

    def distinct(self, iids) -> list[int]:
        """One card of each definition (the first), so equal choices are offered once."""
        if len(iids) < 2:
            return list(iids)
        cards = self.cards
        first: dict = {}
        for i in iids:
            first.setdefault(cards[i].d, i)
        return list(first.values())


#: The machine's steps by name (``todo`` holds names: plain data a clone copies).
STEPS = {name[len("_step_"):]: fn for cls in (Flow, Fights) for name, fn in vars(cls).items()
         if name.startswith("_step_")}


@lru_cache(maxsize=4096)
def refills(n: int, room: tuple) -> tuple:
    """The answers to a refill prompt (immutable, so shared by every state that asks the same)."""
    return tuple(Refill(v) for v in splits(n, room))


@lru_cache(maxsize=4096)
def splits(n: int, room: tuple, start: int = 0) -> tuple:
    """Every way to share ``n`` points among the spheres from ``start`` on, none above its room."""
    if start == len(room) - 1:
        return ((n,),) if 0 <= n <= room[start] else ()
    out: list[tuple] = []
    for k in range(min(n, room[start]) + 1):
        out += [(k,) + rest for rest in splits(n - k, room, start + 1)]
    return tuple(out)
