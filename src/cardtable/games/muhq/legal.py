"""The legal-action lists (spec section 8), one builder per kind of decision.

Identical cards are interchangeable, so a list names one representative per card definition (the lowest
instance number); ``apply`` accepts any copy, and any legal path for a move, not only the listed one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from cardtable.engine import Action

from . import actions as A
from .effects import TARGET_LIMIT, Ctx
from .objects import NEUTRAL
from .stats import attack_range, profile

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def representatives(s: "MuhqState", cards: list[int]) -> list[int]:
    seen: dict[str, int] = {}
    card_def = s.card_def
    for c in sorted(cards):
        i = card_def[c].id
        if i not in seen:
            seen[i] = c
    return list(seen.values())  # ascending: each first seen in ascending order


class LegalMixin:
    def legal_actions(self: "MuhqState") -> list[Action]:
        if self._legal is None:
            self._legal = self.build_legal()
        return self._legal

    def build_legal(self: "MuhqState") -> list[Action]:
        mode = self.mode
        seat = self.current_player
        out: list[Action] = []
        if mode == "over":
            return out
        if mode == "priority":
            out.append(A.PASS)
            out.extend(self.fast_list(seat))
        elif mode == "open":
            if self.activation is None:
                plays = self.permanent_plays(seat)
                out.extend(plays)
                out.extend([ACTIVATE[p.id] for p in self.own_permanents(seat) if not p.tapped])
                fast = self.fast_list(seat)
                if not (self.opts["play_out_hand"] and (plays or self.spell_playable(fast))):
                    out.append(A.END_ACTION_PHASE)
                out.extend(fast)
            else:
                out.extend(self.unit_list(self.activation))
                out.append(A.END_ACTIVATION)
                out.extend(self.fast_list(seat))
        elif mode == "draft":
            for c in representatives(self, self.packs[seat]):
                out.append(DRAFT[c])
        elif mode == "drop":
            drop = self.drops[0]
            for m in drop.members:
                for cell in self.drop_fields(drop, m):
                    out.append(A.DropPlace(m, self.grid.xy(cell)))
        elif mode == "place_token":
            for cell in self.token_fields():
                out.append(A.PlaceToken(self.grid.xy(cell)))
        elif mode == "trigger":
            for i, t in enumerate(self.triggers):
                if t.controller == seat:
                    for targets in self.trigger_target_choices(t):
                        out.append(A.DeclareTrigger(i, targets))
        elif mode == "upkeep":
            res = self.players[seat].resource
            for pid in self.upkeep_todo:
                p = self.perms.get(pid)
                if p is None or p.d.upkeep == 0:
                    continue
                if res >= p.d.upkeep:
                    out.append(A.PayUpkeep(pid))
                out.append(A.DeclineUpkeep(pid))
        elif mode == "closing":
            for pid in self.closing_candidates():
                out.append(ACTIVATE[pid])
        elif mode == "buy":
            resource = self.players[seat].resource
            for c, buy in self.store_parts(seat):  # MUHQ-BUY-1, 2
                if buy <= resource:
                    out.append(BUY[c])
            out.append(A.SKIP_BUY)
        elif mode == "discard":
            out.append(A.EndDiscard(()))
            for c in self.hand_parts(seat)[1]:
                out.append(A.EndDiscard((c,)))
        return out

    @staticmethod
    def spell_playable(fast: list[Action]) -> bool:
        """MUHQ-APHASE-1 (d), play_out_hand: the rulebook's action phase runs "Solange kontrollierte ungetappte
        Karte auf dem Spielfeld oder spielbare Karte in der Hand": a spell of the hand that can be played now
        keeps it going, as a permanent that can be played does."""
        for a in fast:
            if a.type == "play_spell":
                return True
        return False

    def own_permanents(self: "MuhqState", seat: int) -> tuple:
        """The permanents on the board the seat controls, in board order (kept with the board)."""
        by_seat = self._memo.get("own")
        if by_seat is None:
            self.find_free_action_sources()  # (which makes these lists too, in the same walk of the board)
            by_seat = self._memo["own"]
        return by_seat[seat]

    def hand_parts(self: "MuhqState", seat: int) -> tuple:
        """(a copy of the seat's hand, one representative per card definition in it, those of them that are
        spells with a play cost as (card, definition), those that are permanents with a play cost likewise, the
        universal free actions (MUHQ-CARD-7, 9)). These depend on the hand alone (a card number's definition
        never changes), so they are kept per seat and used again while the hand is the same."""
        hand = self.players[seat].hand
        memo = self._hands
        if memo is None:
            memo = self._hands = {}
        hit = memo.get(seat)
        if hit is None or hit[0] != hand:  # (compared with the list itself: no tuple made for every question)
            card_def = self.card_def
            # The cards by definition, each group ascending, the groups in the order of their first (lowest) card:
            # what representatives and card_combinations both start from, made once here.
            groups: dict[str, list[int]] = {}
            for c in sorted(hand):
                i = card_def[c].id
                group = groups.get(i)
                if group is None:
                    groups[i] = [c]
                else:
                    group.append(c)
            groups_in_order = list(groups.values())
            reps = tuple([g[0] for g in groups_in_order])  # representatives(self, hand)
            spells = []
            permanents = []
            for c in reps:
                d = card_def[c]
                if d.play is not None:
                    if d.type == "spell":
                        spells.append((c, d))
                    elif d.is_permanent:
                        permanents.append((c, d))
            # The universal free actions: card_combinations(hand, 2) in its order (two of one kind, then one of
            # this kind with one of each later kind).
            pairs = []
            if len(hand) >= 2:
                for k, g in enumerate(groups_in_order):
                    first = g[0]
                    if len(g) >= 2:
                        pairs.append(PAIR[first, g[1]])
                    for h in groups_in_order[k + 1:]:
                        pairs.append(PAIR[first, h[0]])
            hit = memo[seat] = (hand[:], reps, tuple(spells), tuple(permanents), tuple(pairs))
        return hit

    def store_parts(self: "MuhqState", seat: int) -> tuple[tuple[int, int], ...]:
        """(card, buy cost) for one card per definition in the seat's store that has a buy cost, in card order;
        kept per seat while the store is the same (like hand_parts)."""
        store = self.players[seat].store
        key = ("store", seat)
        memo = self._hands
        if memo is None:
            memo = self._hands = {}
        hit = memo.get(key)
        if hit is None or hit[0] != store:
            card_def = self.card_def
            costs = []
            for c in representatives(self, store):
                if card_def[c].buy is not None:
                    costs.append((c, card_def[c].buy))
            hit = memo[key] = (store[:], tuple(costs))
        return hit[1]

    # -- fast actions (MUHQ-TIMING-4) -------------------------------------------------------------------
    def fast_actions(self: "MuhqState", seat: int, sources: tuple) -> list[Action]:
        """The seat's fast actions; ``sources``: its free_action_sources."""
        out: list[Action] = []
        resource = self.players[seat].resource
        memo = self._memo
        _, _, spells, _, pairs = self.hand_parts(seat)
        for c, d in spells:  # spells with a play cost (MUHQ-ACT-9)
            if d.play > resource:  # MUHQ-RES-3
                continue
            # A spell's targets depend on the board alone (the card waits in hand, so "self" names nothing on
            # the board): kept per card and seat until the board changes.
            key = ("spell_targets", c, seat)
            choices = memo.get(key)
            ctx = None
            costs_list = self.cost_choices(d.extra_cost, seat, None, exclude=(c,), resource_extra=d.play) \
                if d.extra_cost else ((),)  # (no extra cost: one way to pay, nothing chosen)
            for costs in costs_list:
                if choices is None:
                    ctx = Ctx(c, d, seat)
                    choices = tuple(self.target_choices(d.targets, ctx))
                    if len(choices) < TARGET_LIMIT:  # complete: ctx is clean again (see target_choices)
                        memo[key] = choices
                elif ctx is not None and len(choices) >= TARGET_LIMIT:  # cut short, ctx not clean: ask
                    choices = tuple(self.target_choices(d.targets, ctx))  # again with it, as always
                for targets in choices:
                    out.append(SPELL[c, targets, costs])
        # Few permanents have free actions: only the seat's permanents that have some are walked.
        for p in sources:
            if p.d.type == "unit" and p.paralysis:  # MUHQ-PARA-2
                continue
            pid = p.id
            for index, ability in p.d.free_actions:
                ctx = Ctx(pid, p.d, seat)
                for costs in self.cost_choices(tuple(ability["cost"]), seat, pid):
                    for targets in self.target_choices(tuple(ability.get("targets", {}).items()), ctx):
                        out.append(A.FreeAction(pid, index, targets, costs))
        out.extend(pairs)  # MUHQ-CARD-7, 9: with 2 cards or more in hand
        return out

    def free_action_sources(self: "MuhqState", seat: int) -> tuple:
        """The seat's permanents on the board that have free actions, in board order (kept with the board)."""
        by_seat = self._memo.get("free_sources")
        if by_seat is None:
            by_seat = self.find_free_action_sources()
        return by_seat[seat]

    def find_free_action_sources(self: "MuhqState") -> tuple:
        """free_action_sources for every seat, and own_permanents for every seat with them: one walk of the
        board makes both (nearly every decision asks both after a change of the board)."""
        perms = self.perms
        own: list[list] = [[] for _ in range(self.n)]
        found: list[list] = [[] for _ in range(self.n)]
        for pid in self.board_order():
            p = perms[pid]
            seat = p.controller
            if seat != NEUTRAL:
                own[seat].append(p)
                if p.d.free_actions:
                    found[seat].append(p)
        memo = self._memo
        memo["own"] = tuple(map(tuple, own))
        by_seat = memo["free_sources"] = tuple(map(tuple, found))
        return by_seat

    def fast_list(self: "MuhqState", seat: int) -> list[Action] | tuple[Action, ...]:
        """The seat's fast actions (asked by auto-pass, then by the list). Besides the board they read only the
        seat's hand and resource and the taps and paralysis of its permanents with free actions: the list is
        kept with those values until the board changes, and used again while they are equal."""
        pl = self.players[seat]
        by_seat = self._memo.get("free_sources")
        sources = (by_seat or self.find_free_action_sources())[seat]  # free_action_sources(seat)
        if not sources:
            parts = self.hand_parts(seat)
            if not parts[2]:
                # No free action and no spell to play: only the universal free actions, which depend on the
                # hand alone (what fast_actions would list, as hand_parts keeps it across board changes).
                return parts[4]
        # (the hand is compared as it is, and kept as a copy: no tuple made for every question)
        taps = tuple([(p.tapped, p.paralysis) for p in sources]) if sources else ()
        memo = self._fast
        if memo is None:
            memo = self._fast = {}
        cached = memo.get(seat)
        if cached is None or cached[0] != pl.hand or cached[1] != pl.resource or cached[2] != taps:
            cached = memo[seat] = (pl.hand[:], pl.resource, taps, self.fast_actions(seat, sources))
        return cached[3]

    def has_fast_action(self: "MuhqState", seat: int) -> bool:
        hand = self.players[seat].hand
        if len(hand) >= 2:
            return True  # the universal free action (MUHQ-CARD-9)
        if not hand:
            by_seat = self._memo.get("free_sources")
            if not (by_seat or self.find_free_action_sources())[seat]:  # free_action_sources(seat)
                return False  # no spell to play and no free action: the list would be empty
        return bool(self.fast_list(seat))

    # -- slow actions (MUHQ-TIMING-2, 3) ----------------------------------------------------------------
    def permanent_plays(self: "MuhqState", seat: int) -> list[Action]:
        out: list[Action] = []
        resource = self.players[seat].resource
        xy = self.grid.xy
        for c, d in self.hand_parts(seat)[3]:  # permanents with a play cost (MUHQ-ACT-9)
            if d.play > resource:  # MUHQ-RES-3
                continue
            if d.type == "equipment" and "next_unit" in d.modes:
                out.append(PLAY_PERMANENT[c, None, "next_unit"])
            if d.type == "equipment" and "alone" not in d.modes:
                continue
            for cell in self.spawn_fields(seat, d.swimming):
                out.append(PLAY_PERMANENT[c, xy(cell), "alone"])
        return out

    def spawn_fields(self: "MuhqState", seat: int, swimming: bool) -> list[int]:
        """MUHQ-BOARD-8 (OP-21): the player's available spawn fields for this permanent."""
        fits, occ = self.grid.fits_table(swimming), self.occ  # available() for each (spawn fields are on the board)
        out = []  # (a loop: a comprehension would make a closure over fits and occ at every call)
        for c in self.grid.spawn_cells(seat):
            if fits[c] and c not in occ:
                out.append(c)
        return out

    def unit_actions(self: "MuhqState", pid: int) -> list[Action]:
        """MUHQ-UNIT-11: the available unit actions of the activated permanent (none for artifacts)."""
        out: list[Action] = []
        p = self.perms.get(pid)
        if p is None or p.d.type != "unit":
            return out
        if p.paralysis:  # MUHQ-PARA-2, 3
            if not p.move_used:
                out.append(A.ClearParalysis(pid, "move"))
            if not p.attack_used:
                out.append(A.ClearParalysis(pid, "attack"))
            return out
        if not p.move_used:
            out.extend(move_actions(pid, self.move_paths(pid)))
        if p.base is None and not p.attack_used:
            reach = attack_range(profile(self, pid))  # 0 without attack components (MUHQ-COMBAT-13)
            if reach:
                occ, perms, st = self.occ, self.perms, self.stats()
                me, source_d = p.controller, p.d
                for cell in self.grid.cells_in_range(p.cell, reach):  # only what stands within reach
                    d = occ.get(cell)
                    if d is None or d == pid:
                        continue
                    # defender_problem(pid, d) is None, checked here in its order: the occupant of a field is
                    # in no pile, and it stands within reach (MUHQ-COMBAT-4). Keep in step with it.
                    dp = perms[d]
                    if dp.d.type != "unit" and (dp.d.solid is None or dp.controller == me):
                        continue  # MUHQ-ART-5, MUHQ-SOLID-2
                    if st[d].veiled:  # MUHQ-VEIL-1
                        continue
                    if st[d].protection_from and self.protected_from(d, source_d, me):  # MUHQ-PROT-2
                        continue
                    out.append(ATTACK[pid, d])
        if p.base is not None:
            return out  # MUHQ-CREW-5: crew only move out and clear paralysis
        both = not p.move_used and not p.attack_used
        if both:
            for index, ability in p.d.full_actions:
                ctx = Ctx(pid, p.d, p.controller)
                for targets in self.target_choices(tuple(ability.get("targets", {}).items()), ctx):
                    out.append(A.FullAction(pid, index, targets))
        # Equipping, swapping and carrying all need an artifact (equipment included) on an adjacent field.
        occ, perms = self.occ, self.perms
        for c, _ in self.grid.neighbours[p.cell]:
            o = occ.get(c)
            if o is not None and perms[o].d.is_artifact:
                break
        else:
            return out
        spends = [s for s, used in (("move", p.move_used), ("attack", p.attack_used)) if not used]
        if spends:
            for eq in self.equippable(pid):
                for sp in spends:
                    out.append(A.Equip(pid, eq, sp))
            for art in self.swappable(pid):
                for sp in spends:
                    out.append(A.Swap(pid, art, sp))
        if both:
            for art in self.carriable(pid):
                for path, drop in self.carry_options(pid, art):
                    out.append(CARRY[pid, art, path, drop])
        return out

    def unit_list(self: "MuhqState", pid: int) -> list[Action]:
        """The unit actions of the activated permanent. Besides the board they read only its paralysis and its
        used move and attack actions: the list is kept with those until the board changes, and used again while
        they are equal (asked by the step machine, MUHQ-APHASE-4, then by the legal-action list)."""
        p = self.perms.get(pid)
        key = None if p is None else (p.paralysis, p.move_used, p.attack_used)
        memo = self._units
        if memo is None:
            memo = self._units = {}
        cached = memo.get(pid)
        if cached is None or cached[0] != key:
            actions = self.unit_actions(pid)
            # (the identities of the listed actions: an action taken from the list is found by identity, without
            # comparing it field by field with the others; unit_action_listed)
            cached = memo[pid] = (key, actions, frozenset(map(id, actions)))
        return cached[1]

    def unit_action_listed(self: "MuhqState", action: Action) -> bool:
        """Is ``action`` in the unit actions kept for its unit (unit_list) in this very position?"""
        memo = self._units
        cached = memo.get(action.unit) if memo is not None else None
        if cached is None:
            return False
        p = self.perms.get(action.unit)
        return p is not None and cached[0] == (p.paralysis, p.move_used, p.attack_used) and (
            id(action) in cached[2] or action in cached[1])

    # -- movement helpers -----------------------------------------------------------------------------
    def move_paths(self: "MuhqState", pid: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """MUHQ-MOVE: the legal end fields of the unit's move with the cheapest path to each (the first in reading
        order, MUHQ-AI-4), as (end, path flattened to x, y pairs as a move action names it), by end in reading
        order; the last field may be a crewable unit (MUHQ-CREW-2). The grid keeps the answers."""
        p = self.perms[pid]
        st = self.stats()
        start = self.cell_of(pid)
        occupied = self.occ
        # Crewing needs a unit with crew capacity (MUHQ-CREW-2): can_crew is asked only for those.
        crewable = []  # (a loop, not a comprehension: no closure over these locals for every call)
        for c, o in occupied.items():
            if o != pid and st[o].crew > 0 and self.can_crew(pid, o):
                crewable.append(c)
        if p.base is not None and start in crewable:  # MUHQ-MOVE-9: out of a pile, the base's field is the start
            crewable.remove(start)
        return self.grid.flat_reachable(start, st[pid].movement, st[pid].swimming, occupied, crewable)

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

    def carry_options(self: "MuhqState", pid: int, art: int) -> list[tuple[tuple[int, ...], tuple[int, int]]]:
        """MUHQ-ART-2: a normal move with the artifact's field empty, then a drop field within range 1 (not the
        end itself), as (path flattened to x, y pairs, drop field as (x, y))."""
        st = self.stats()
        unit_cell = self.cell_of(pid)
        occ = {c: o for c, o in self.occ.items() if o != art}
        grid = self.grid
        fits = grid.fits_table(st[art].swimming)
        xs, ys, neighbours = grid.x, grid.y, grid.neighbours
        out = []
        for end, path in grid.flat_reachable(unit_cell, st[pid].movement, st[pid].swimming, occ):
            for c, _ in neighbours[end]:  # the fields in range 1 of the end but the end, in reading order
                if fits[c] and (c not in occ or c == unit_cell):
                    out.append((path, (xs[c], ys[c])))
        return out

    # -- triggers, tokens ------------------------------------------------------------------------------
    def trigger_target_choices(self: "MuhqState", t, limit: int = TARGET_LIMIT) -> Iterator[tuple[int, ...]]:
        ability = self.card_def[t.source].ability(t.ability)
        src = self.perms.get(t.source)
        ctx = Ctx(t.source if src is not None else None, self.card_def[t.source], t.controller, refs=dict(t.refs))
        yield from self.target_choices(tuple(ability.get("targets", {}).items()), ctx, limit)


class Interned(dict):
    """The actions of one type by their field values, each made once and handed out again (actions are immutable
    values, so one object serves every state and game). Index it with the field values: ``ACTIVATE[pid]``,
    ``MOVE[pid, path]``. At most ``limit`` are kept."""

    __slots__ = ("make", "single", "limit")

    def __init__(self, make, single: bool = False, limit: int = 50_000) -> None:
        super().__init__()
        self.make, self.single, self.limit = make, single, limit  # single: one field, the key is its value

    def __missing__(self, key):
        if len(self) >= self.limit:
            self.clear()
        a = self[key] = self.make(key) if self.single else self.make(*key)
        return a


ACTIVATE = Interned(A.Activate, single=True)
BUY = Interned(A.Buy, single=True)
MOVE = Interned(A.Move)
ATTACK = Interned(A.Attack)
PAIR = Interned(A.UniversalFreeAction, single=True)
PLAY_PERMANENT = Interned(A.PlayPermanent)
DRAFT = Interned(A.DraftPick, single=True)
SPELL = Interned(A.PlaySpell)
CARRY = Interned(A.Carry)


#: The move actions of a unit along the paths of one move_paths answer, by the answer's identity: the grid hands
#: out the same tuple while the answer is the same, so the list is made once. Each entry holds its tuple, so
#: the identity cannot be reused by another object while the entry lives.
_MOVE_LISTS: dict[int, tuple[tuple, dict[int, tuple[Action, ...]]]] = {}


def move_actions(pid: int, paths: tuple) -> tuple[Action, ...]:
    entry = _MOVE_LISTS.get(id(paths))
    if entry is None or entry[0] is not paths:
        if len(_MOVE_LISTS) >= 20_000:
            _MOVE_LISTS.clear()
        entry = _MOVE_LISTS[id(paths)] = (paths, {})
    actions = entry[1].get(pid)
    if actions is None:
        made = []
        for _, path in paths:
            made.append(MOVE[pid, path])
        actions = entry[1][pid] = tuple(made)
    return actions
