"""State checks (spec 5.9), expiry of effects (5.13), winning by a hold (OP-02) or by deck-out (OP-04)."""

from __future__ import annotations


class Checks:
    def state_checks(self) -> bool:
        """Run the checks until nothing changes. False if a player must choose (the leader limit)."""
        if self.checked == self.version:
            return True  # nothing has happened since the last clean check
        # The checks read the board's facts (where cards are, attachments, tokens, the statics and the effects:
        # any change of them drops the cache) and, through card types, who fights as a supply (the fight's
        # members): when they passed with these, they pass again.
        fight = self.fight
        clean_key = ("clean", fight.members_version if fight is not None else None)
        if self.cache().get(clean_key):
            self.checked = self.version
            return True
        log_size = len(self.log)
        clean = self._state_checks()
        if len(self.log) != log_size:  # every change the checks make is logged
            self.touch()
        if clean:
            self.checked = self.version
            fight = self.fight
            self.cache()[("clean", fight.members_version if fight is not None else None)] = True
        return clean

    def _check_scan(self) -> tuple:
        """What the checks read of the board, gathered in one pass and kept with the layout's facts (it changes
        only as cards enter or leave the board or get attached): the ids of identical unique cards (each list
        longer than one), the hosts of negative modifiers, the attachments whose host left, and the cards whose
        base level may fall below 1 even when no effect lowers it."""
        c = self.layout_facts()
        scan = c.get("check_scan")
        if scan is not None:
            return scan
        cards = self.cards
        board = self.board_insts()
        uniques: dict[str, list[int]] = {}
        negative: set[int] = set()
        orphans: list[int] = []
        for inst in board:
            d = inst.d
            if d.unique:
                uniques.setdefault(d.id, []).append(inst.iid)
            if inst.host >= 0:
                if (d.level or 0) < 0:
                    negative.add(inst.host)
                if cards[inst.host].zone != "board":
                    orphans.append(inst.iid)
        if negative:
            low = [inst for inst in board if inst.d.low_level or inst.iid in negative]
        else:
            low = [inst for inst in board if inst.d.low_level]
        scan = c["check_scan"] = ([iids for iids in uniques.values() if len(iids) > 1], negative, orphans, low)
        return scan

    def _state_checks(self) -> bool:
        cards = self.cards
        for _ in range(50):
            changed = False
            # one pass gathers what each check needs; most of the time nothing is wrong
            dupes, negative, orphans, low = self._check_scan()
            # 1. MIT-2.3.c: identical unique cards on the board are all destroyed
            for iids in dupes:
                self.note(f"{len(iids)} copies of the unique {cards[iids[0]].d.name} are on the board: "
                          f"all are destroyed (MIT-2.3.c)")
                self.together(lambda iids=iids: [self.leave_board(i, "afterworld", "destroy") for i in iids])
                changed = True
            if changed:
                continue
            # 2. MIT-2.2.c, OP-08: base level below 1 goes to the afterworld (not a destruction); without an
            # effect lowering base levels only the cards in ``low`` can be below 1
            lowering = any(e.kind == "modify_base_level" for e in self.effects) if self.effects else False
            for inst in (list(self.board_insts()) if lowering else list(low)):
                d = inst.d
                if inst.zone != "board":
                    continue
                if d.card_type == "nation":
                    if all(self.road_level(inst.iid, r, base=True) < 1 for r in d.roads):
                        self.note(f"every road of {d.name} is below level 1 (MIT-2.2.c)")
                        self.leave_board(inst.iid, "afterworld", "rule")
                        changed = True
                elif d.level is not None and not d.is_modifier and d.card_type in ("leader", "supply") \
                        and self.base_level(inst.iid) < 1:
                    self.note(f"{d.name}'s base level fell below 1 (MIT-2.2.c)")
                    self.leave_board(inst.iid, "afterworld", "rule")
                    changed = True
            if changed:
                continue
            # 3. MIT-1.4.2.a: attachments whose host left the board
            for iid in list(orphans):
                if cards[iid].zone == "board":
                    self.leave_board(iid, "afterworld", "attachment")
                    changed = True
            if changed:
                continue
            # 6. MIT-3.4.2.b, OP-14: the leader limit
            for seat in self.order:
                over = len(self.row_leaders(seat)) - self.leader_limit(seat)
                if over > 0:
                    self.set_prompt("sacrifice_leader", seat, n=over, rule="MIT-3.4.2.b")
                    self.touch()
                    return False
            break
        self.track_holds()
        return True

    def limit_candidates(self, seat: int) -> list[int]:
        """OP-14: non-cursed leaders first (cursed ones cannot be sacrificed, MIT-2.4.b)."""
        leaders = self.row_leaders(seat)
        plain = [i for i in leaders if not self.is_cursed(self.cards[i])]
        return plain or list(leaders)

    # -- winning (MIT-1.1.1, OP-02; MIT-1.3.4, OP-04) -----------------------------------------------
    def track_holds(self) -> None:
        target = self.opts["win_target"]
        for p in self.players:
            total = self.power_total(p.seat)
            if total >= target and p.hold is None:
                p.hold = (self.active, self.turn)
                self.note(f"P{p.seat} holds {total} power points: P{p.seat} wins at the start of "
                          f"P{self.active}'s next turn if the total stays at {target} or more (MIT-1.1.1)")
            elif total < target and p.hold is not None:
                p.hold = None
                self.note(f"P{p.seat}'s power points fell to {total}: the hold is broken")

    def check_holds(self) -> None:
        done = [p.seat for p in self.players if p.hold is not None and p.hold[0] == self.active
                and p.hold[1] < self.turn]
        if not done:
            return
        totals = {s: self.power_total(s) for s in done}
        if len(done) > 1 and self.opts["simultaneous_hold"] == "draw":
            winners = done
        else:
            best = max(totals.values())
            winners = [s for s in done if totals[s] == best]
        self.end_game(winners, "MIT-1.1.1", "held the win target for a round")

    def failed_draw(self, seat: int) -> None:
        if self.deckout is None:
            self.deckout = (self.active, self.turn, (seat,))
        elif seat not in self.deckout[2]:
            self.deckout = (self.deckout[0], self.deckout[1], self.deckout[2] + (seat,))

    def check_deckout(self) -> None:
        """OP-04: at the end of a round in which every player (or any, by option) failed a draw."""
        if self.deckout is None:
            return
        anchor, started, failed = self.deckout
        if self.active != anchor or self.turn <= started:
            return
        if self.opts["deckout_mode"] == "all_players" and len(failed) < self.n:
            self.deckout = None
            return
        totals = [self.power_total(s) for s in range(self.n)]
        best = max(totals)
        winners = [s for s in range(self.n) if totals[s] == best]
        self.end_game(winners, "MIT-1.3.4", "the decks ran out")

    def end_game(self, winners: list[int], rule: str, why: str) -> None:
        totals = [self.power_total(s) for s in range(self.n)]
        self.result = {"winners": sorted(winners), "rule": rule, "reason": why, "totals": totals}
        if len(winners) == 1:
            self.note(f"P{winners[0]} wins: {why} ({rule}); power points {totals}")
        else:
            self.note(f"The game is a draw: {why} ({rule}); power points {totals}")

    # -- durations (spec 5.13) ---------------------------------------------------------------------
    def expire_at_turn_start(self) -> None:
        """MIT-6.2.1.2: effects that last until the start of a turn, or for N rounds, end now."""
        keep, ended = [], []
        for e in self.effects:
            u = e.until
            if (u[0] == "turn" and u[1] <= self.turn) or \
                    (u[0] == "rounds" and u[1] == self.active and self.turns_taken[u[1]] >= u[2]):
                ended.append(e)
            else:
                keep.append(e)
        if not ended:
            return
        self.effects = keep
        self.statics_cache = None
        for e in ended:
            if e.kind == "steal":
                (iid,) = e.targets
                inst = self.cards[iid]
                if inst.zone == "board" and inst.controller != inst.owner:
                    if iid in self.players[inst.controller].leaders:
                        self.players[inst.controller].leaders.remove(iid)
                    if inst.host >= 0:  # a stolen mount its thief attached (or made dormant) comes back to the row
                        self.effects = [e for e in self.effects if e.until != ("attached", iid)]
                        inst.host = -1
                        inst.dormant = None
                    inst.controller = inst.owner
                    self.players[inst.owner].leaders.append(iid)
                    self.layout_changed()
                    self.note(f"{inst.d.name} returns to P{inst.owner} (OP-30)")
        sources = {e.source for e in self.effects}
        for lst in (self.fates, self.lingering):
            for iid in list(lst):
                if iid not in sources:  # MIT-3.7.g, MIT-3.9.g: its effect ended
                    self.leave_board(iid, "afterworld", "rule")
