"""The legal-action lists (spec section 8), one builder per kind of decision.

Identical cards are interchangeable, so a list names one representative per card definition (the lowest
instance number); ``apply`` accepts any copy, and any legal path for a move, not only the listed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from cardtable.engine import Action

from . import actions as A
from .effects import Ctx
from .stats import attack_range, profile

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def representatives(s: "MuhqState", cards: list[int]) -> list[int]:
    seen: dict[str, int] = {}
    for c in sorted(cards):
        seen.setdefault(s.card_def[c].id, c)
    return sorted(seen.values())


class LegalMixin:
    def legal_actions(self: "MuhqState") -> list[Action]:
        if self._legal is None:
            self._legal = list(self.build_legal())
        return self._legal

    def build_legal(self: "MuhqState") -> Iterator[Action]:
        mode = self.mode
        seat = self.current_player
        if mode == "over":
            return
        if mode == "draft":
            for c in representatives(self, self.packs[seat]):
                yield A.DraftPick(c)
        elif mode == "drop":
            drop = self.drops[0]
            for m in drop.members:
                for cell in self.drop_fields(drop, m):
                    yield A.DropPlace(m, self.grid.xy(cell))
        elif mode == "place_token":
            for cell in self.token_fields():
                yield A.PlaceToken(self.grid.xy(cell))
        elif mode == "trigger":
            for i, t in enumerate(self.triggers):
                if t.controller == seat:
                    for targets in self.trigger_target_choices(t):
                        yield A.DeclareTrigger(i, targets)
        elif mode == "priority":
            yield A.PASS
            yield from self.fast_list(seat)
        elif mode == "open":
            if self.activation is None:
                yield from self.permanent_plays(seat)
                for pid in self.board_order():
                    p = self.perms[pid]
                    if p.controller == seat and not p.tapped:
                        yield A.Activate(pid)
                yield A.END_ACTION_PHASE
            else:
                cached = self._units
                yield from (cached[1] if cached is not None and cached[0] == self.activation
                            else self.unit_actions(self.activation))
                yield A.END_ACTIVATION
            yield from self.fast_list(seat)
        elif mode == "upkeep":
            res = self.players[seat].resource
            for pid in self.upkeep_todo:
                p = self.perms.get(pid)
                if p is None or p.d.upkeep == 0:
                    continue
                if res >= p.d.upkeep:
                    yield A.PayUpkeep(pid)
                yield A.DeclineUpkeep(pid)
        elif mode == "closing":
            for pid in self.closing_candidates():
                yield A.Activate(pid)
        elif mode == "buy":
            pl = self.players[seat]
            for c in representatives(self, pl.store):
                d = self.card_def[c]
                if d.buy is not None and d.buy <= pl.resource:
                    yield A.Buy(c)
            yield A.SKIP_BUY
        elif mode == "discard":
            yield A.EndDiscard(())
            for c in representatives(self, self.players[seat].hand):
                yield A.EndDiscard((c,))

    # -- fast actions (MUHQ-TIMING-4) -------------------------------------------------------------------
    def fast_actions(self: "MuhqState", seat: int) -> Iterator[Action]:
        pl = self.players[seat]
        for c in representatives(self, pl.hand):
            d = self.card_def[c]
            if d.type != "spell" or d.play is None or d.play > pl.resource:  # MUHQ-ACT-9, MUHQ-RES-3
                continue
            ctx = Ctx(c, d, seat)
            for costs in self.cost_choices(d.extra_cost, seat, None, exclude=(c,), resource_extra=d.play):
                for targets in self.target_choices(d.targets, ctx):
                    yield A.PlaySpell(c, targets, costs)
        # Few permanents have free actions: walk the board (in its order) only when one of the seat's has some.
        if any(p.controller == seat and p.d.free_actions for p in self.perms.values()):
            for pid in self.board_order():
                p = self.perms[pid]
                if p.controller != seat or not p.d.free_actions:
                    continue
                if p.d.type == "unit" and p.paralysis:  # MUHQ-PARA-2
                    continue
                for index, ability in p.d.free_actions:
                    ctx = Ctx(pid, p.d, seat)
                    for costs in self.cost_choices(tuple(ability["cost"]), seat, pid):
                        for targets in self.target_choices(tuple(ability.get("targets", {}).items()), ctx):
                            yield A.FreeAction(pid, index, targets, costs)
        if len(pl.hand) >= 2:  # MUHQ-CARD-7, 9
            for pair in self.card_combinations(pl.hand, 2):
                yield A.UniversalFreeAction(pair)

    def fast_list(self: "MuhqState", seat: int) -> list[Action]:
        """The seat's fast actions, kept until the next change (asked by auto-pass, then by the list)."""
        cached = self._fast
        if cached is None or cached[0] != seat:
            cached = self._fast = (seat, list(self.fast_actions(seat)))
        return cached[1]

    def has_fast_action(self: "MuhqState", seat: int) -> bool:
        if len(self.players[seat].hand) >= 2:
            return True  # the universal free action (MUHQ-CARD-9)
        return bool(self.fast_list(seat))

    # -- slow actions (MUHQ-TIMING-2, 3) ----------------------------------------------------------------
    def permanent_plays(self: "MuhqState", seat: int) -> Iterator[Action]:
        pl = self.players[seat]
        for c in representatives(self, pl.hand):
            d = self.card_def[c]
            if not d.is_permanent or d.play is None or d.play > pl.resource:
                continue
            if d.type == "equipment" and "next_unit" in d.modes:
                yield A.PlayPermanent(c, None, "next_unit")
            if d.type == "equipment" and "alone" not in d.modes:
                continue
            for cell in self.spawn_fields(seat, d.swimming):
                yield A.PlayPermanent(c, self.grid.xy(cell), "alone")

    def spawn_fields(self: "MuhqState", seat: int, swimming: bool) -> list[int]:
        """MUHQ-BOARD-8 (OP-21): the player's available spawn fields for this permanent."""
        return [c for c in self.grid.spawn_cells(seat) if self.available(c, swimming)]

    def unit_actions(self: "MuhqState", pid: int) -> Iterator[Action]:
        """MUHQ-UNIT-11: the available unit actions of the activated permanent (none for artifacts)."""
        p = self.perms.get(pid)
        if p is None or p.d.type != "unit":
            return
        if p.paralysis:  # MUHQ-PARA-2, 3
            if not p.move_used:
                yield A.ClearParalysis(pid, "move")
            if not p.attack_used:
                yield A.ClearParalysis(pid, "attack")
            return
        xy = self.grid.xy
        if not p.move_used:
            for end, (_, path) in self.reachable(pid).items():
                yield A.Move(pid, flat(xy, path))
        if p.base is None and not p.attack_used:
            reach = attack_range(profile(self, pid))  # 0 without attack components (MUHQ-COMBAT-13)
            if reach:
                occ = self.occ
                for cell in self.grid.cells_in_range(p.cell, reach):  # only what stands within reach
                    d = occ.get(cell)
                    if d is not None and d != pid and self.defender_problem(pid, d) is None:
                        yield A.Attack(pid, d)
        if p.base is not None:
            return  # MUHQ-CREW-5: crew only move out and clear paralysis
        both = not p.move_used and not p.attack_used
        if both:
            for index, ability in p.d.full_actions:
                ctx = Ctx(pid, p.d, p.controller)
                for targets in self.target_choices(tuple(ability.get("targets", {}).items()), ctx):
                    yield A.FullAction(pid, index, targets)
        spends = [s for s, used in (("move", p.move_used), ("attack", p.attack_used)) if not used]
        if spends:
            for eq in self.equippable(pid):
                for sp in spends:
                    yield A.Equip(pid, eq, sp)
            for art in self.swappable(pid):
                for sp in spends:
                    yield A.Swap(pid, art, sp)
        if both:
            for art in self.carriable(pid):
                for path, drop in self.carry_options(pid, art):
                    yield A.Carry(pid, art, flat(xy, path), xy(drop))

    def unit_actions_available(self: "MuhqState", pid: int) -> bool:
        """Kept for the legal-action list that follows (the open decision lists them first)."""
        cached = self._units
        if cached is None or cached[0] != pid:
            cached = self._units = (pid, list(self.unit_actions(pid)))
        return bool(cached[1])

    # -- movement helpers -----------------------------------------------------------------------------
    def reachable(self: "MuhqState", pid: int, ignore: int | None = None) -> dict:
        """MUHQ-MOVE: legal end fields -> (cost, cheapest path); the last field may be a crewable unit."""
        p = self.perms[pid]
        st = self.stats()[pid]
        start = self.cell_of(pid)
        occupied = self.occ if ignore is None else {c: o for c, o in self.occ.items() if o != ignore}
        crewable = [c for c, o in occupied.items() if o != pid and self.can_crew(pid, o)]
        if p.base is not None:  # MUHQ-MOVE-9: out of a pile, the base's field is the start
            crewable = [c for c in crewable if c != start]
        return self.grid.reachable(start, st.movement, st.swimming, occupied, may_end_on=crewable)

    def equippable(self: "MuhqState", pid: int) -> list[int]:
        """MUHQ-EQUIP-5 (OP-26): unequipped equipment within range 1: own, neutral or a non-solid enemy one."""
        cell = self.cell_of(pid)
        me = self.perms[pid].controller
        out = []
        for c in self.grid.cells_in_range(cell, 1):
            o = self.occ.get(c)
            if o is None:
                continue
            e = self.perms[o]
            if e.d.type == "equipment" and (e.controller in (me, -1) or e.d.solid is None):
                out.append(o)
        return out

    def movable_artifact(self: "MuhqState", pid: int, art: int) -> bool:
        """MUHQ-ART-4, MUHQ-SOLID-1: never a landmark, never an enemy's solid artifact."""
        a = self.perms[art]
        if not a.d.is_artifact or a.base is not None or a.d.landmark:
            return False
        me = self.perms[pid].controller
        return not (a.d.solid is not None and a.controller not in (me, -1))

    def swappable(self: "MuhqState", pid: int) -> list[int]:
        """MUHQ-ART-3: adjacent artifacts whose field fits the unit and whose type fits the other field."""
        cell = self.cell_of(pid)
        out = []
        sw = self.stats()[pid].swimming
        for c, _ in self.grid.neighbours[cell]:
            o = self.occ.get(c)
            if o is None or not self.movable_artifact(pid, o):
                continue
            if self.grid.fits(c, sw) and self.grid.fits(cell, self.stats()[o].swimming):
                out.append(o)
        return out

    def carriable(self: "MuhqState", pid: int) -> list[int]:
        cell = self.cell_of(pid)
        return [o for c, _ in self.grid.neighbours[cell] if (o := self.occ.get(c)) is not None
                and self.movable_artifact(pid, o)]

    def carry_options(self: "MuhqState", pid: int, art: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """MUHQ-ART-2: a normal move with the artifact's field empty, then a drop field within range 1."""
        st = self.stats()
        unit_cell, art_cell = self.cell_of(pid), self.cell_of(art)
        occ = {c: o for c, o in self.occ.items() if o != art}
        reach = self.grid.reachable(unit_cell, st[pid].movement, st[pid].swimming, occ)
        for end, (_, path) in reach.items():
            for c in self.grid.cells_in_range(end, 1):
                if c == end:
                    continue
                if self.grid.fits(c, st[art].swimming) and (c not in occ or c == unit_cell) and c != end:
                    yield path, c

    # -- triggers, tokens ------------------------------------------------------------------------------
    def trigger_target_choices(self: "MuhqState", t, limit: int = 400) -> Iterator[tuple[int, ...]]:
        ability = self.card_def[t.source].ability(t.ability)
        src = self.perms.get(t.source)
        ctx = Ctx(t.source if src is not None else None, self.card_def[t.source], t.controller, refs=dict(t.refs))
        yield from self.target_choices(tuple(ability.get("targets", {}).items()), ctx, limit)


def flat(xy, path) -> tuple[int, ...]:
    out: list[int] = []
    for c in path:
        out.extend(xy(c))
    return tuple(out)
