"""Property tests for the invariants of muhq's game (rules/muhq.md, section 10: INV-1 .. INV-16).

Hypothesis draws a board (every sample board: river-crown, three-hills, bastion-run), a seed, a stream of
choices and a few options; a random legal-action player plays the game from the draft to its end, and after
every decision the invariants are checked, some of them against what was recorded earlier in the same game
(the cards fixed at setup, the stores after the draft, victory points, buys per turn, the phase). A rejected
decision must leave the state as it was; a clone must not share anything with its original.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from cardtable.engine import IllegalAction
from cardtable.engine.game import GAME_OVER
from cardtable.games.muhq import actions as A
from cardtable.games.muhq.objects import MARKERS
from cardtable.games.muhq.stats import attack_range, attack_value, profile

from .helpers import fresh, game

BOARDS = ("river-crown", "three-hills", "bastion-run")
MAX_ACTIONS = 10_000  # a long random game: 100 turns with auto_pass off is about 3,000 decisions
#: The kinds of stack entries that are slow actions (MUHQ-TIMING-3): only ever the bottom entry (INV-11).
SLOW = {"play_permanent", "move", "attack", "full_action", "equip", "swap", "carry", "clear_paralysis"}
GAME_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def locations(s) -> dict[int, list[str]]:
    """Every zone each card instance is in (INV-1, ZONE-1): a card is in exactly one."""
    where: dict[int, list[str]] = {}

    def put(cards, zone):
        for c in cards:
            where.setdefault(c, []).append(zone)

    for seat, pl in enumerate(s.players):
        for zone in ("store", "deck", "hand", "discard", "pending", "drafted"):
            put(getattr(pl, zone), f"{zone}{seat}")
    for seat, pack in enumerate(s.packs):
        put(pack, f"pack{seat}")
    for pack in s._undealt:
        put(pack, "undealt")
    put(s.perms, "board")
    put([i.source for i in s.stack if i.kind in ("spell", "play_permanent")], "stack")
    if s.resolving is not None and s.resolving[0] is not None and s.resolving[0].kind == "spell":
        put([s.resolving[0].source], "stack")  # a spell waiting for its token's field is still resolving
    put(s.removed, "removed")
    put(s.unused, "removed")
    return where


class Watcher:
    """What the invariants compare against, followed from the start of the game."""

    def __init__(self, s):
        self.fixed = {c for c in range(len(s.card_def)) if not s.card_def[c].token}  # INV-1: C at setup
        self.vp = [p.vp for p in s.players]
        self.stores: list[set] | None = None
        self.buys: Counter = Counter()
        self.phase = s.phase
        self.turn = s.turn
        self.active = s.active
        self.stack_before: list = []
        check_range(s.grid)  # INV-15, once per board

    def before(self, s) -> None:
        self.turn, self.active = s.turn, s.active
        self.phase = s.phase
        self.stack_before = list(s.stack)  # held, so that their ids stay theirs

    def after(self, s, action) -> None:
        # INV-10: a unit that declared a full action (or a carry, also a full action) has used both actions
        if action.type in ("full_action", "carry") and action.unit in s.perms and s.turn == self.turn:
            p = s.perms[action.unit]
            assert p.move_used and p.attack_used, "a full action left an action of the unit unused"
        # INV-9: at most one card bought per turn, only by the active player
        if self.stores is not None:
            for seat, pl in enumerate(s.players):
                left = self.stores[seat] - set(pl.store)
                bought = [c for c in left if c not in s.removed]
                if bought:
                    assert seat == self.active, "a card left the store of a player whose turn it is not"
                    self.buys[(seat, self.turn)] += len(bought)
                    assert self.buys[(seat, self.turn)] <= 1, "two cards bought in one turn"
        self.check(s)

    def check(self, s) -> None:
        n = s.n
        defs, owners = s.card_def, s.card_owner
        where = locations(s)
        # INV-1: every card fixed at setup in exactly one zone, and |C| never changes
        fixed_now = {c for c in range(len(defs)) if not defs[c].token}
        assert fixed_now == self.fixed, "cards appeared or vanished among the non-token cards"
        for c in self.fixed:
            assert len(where.get(c, ())) == 1, f"{defs[c].name} #{c} is in {where.get(c)}"
        # INV-2: tokens only in a hand (spell tokens), on the stack, on the board, or removed
        for c in range(len(defs)):
            if defs[c].token:
                zones = where.get(c, [])
                assert len(zones) <= 1, f"token #{c} in {zones}"
                for z in zones:
                    assert z in ("board", "stack", "removed") or (z.startswith("hand") and defs[c].type == "spell"), \
                        f"token {defs[c].name} #{c} in {z}"
        # INV-3: ownership of zones; a spell on the stack is controlled by its owner
        for seat, pl in enumerate(s.players):
            for zone in (pl.store, pl.deck, pl.hand, pl.discard, pl.pending):
                for c in zone:
                    assert owners[c] == seat, f"{defs[c].name} #{c} of seat {owners[c]} in a zone of seat {seat}"
        for item in s.stack:
            if item.kind == "spell":
                assert item.controller == owners[item.source], "a spell on the stack not controlled by its owner"
        # INV-4: fields
        grid = s.grid
        stats = s.stats()
        waiting = {m for d in s.drops for m in d.members}
        cells = Counter()
        for pid, p in s.perms.items():
            if p.cell is not None:
                assert p.base is None, "a pile member with a field of its own"
                assert s.occ.get(p.cell) == pid, "the board's field index disagrees with a permanent's field"
                cells[p.cell] += 1
                assert not grid.is_wall(p.cell), f"{p.d.name} on a wall"
                water = grid.types[p.cell] == "deep_water"
                assert water == bool(stats[pid].swimming), f"{p.d.name} (swimming {stats[pid].swimming}) on {grid.types[p.cell]}"
            else:
                assert p.base is not None or pid in waiting, f"{p.d.name} #{pid} neither on a field nor in a pile"
        assert all(v == 1 for v in cells.values()), "two permanents on one field"
        assert set(s.occ.values()) <= set(s.perms) and len(s.occ) == sum(cells.values())
        # INV-5: piles
        member_of: dict[int, int] = {}
        for pid, p in s.perms.items():
            if p.pile:
                assert p.d.type == "unit", f"{p.d.name} (a {p.d.type}) has a pile"
            crew = 0
            for m in p.pile:
                assert m not in member_of, f"#{m} in two piles"
                member_of[m] = pid
                assert m in s.perms and s.perms[m].base == pid, "a pile member that does not name its base"
                t = s.perms[m].d.type
                assert t in ("unit", "equipment"), f"a {t} in a pile"
                crew += t == "unit"
            assert crew <= stats[pid].crew, f"{p.d.name} carries {crew} crew, crew {stats[pid].crew}"
            if p.base is not None:
                assert pid in s.perms[p.base].pile, "a permanent names a base whose pile lacks it"
        for pid in s.perms:  # no cycles: every chain of bases ends on a field (or a waiting drop)
            seen, b = set(), pid
            while s.perms[b].base is not None:
                assert b not in seen, "a cycle of piles"
                seen.add(b)
                b = s.perms[b].base
        # INV-6: markers
        for pid, p in s.perms.items():
            for m in ("damage", "worn", *MARKERS):
                v = getattr(p, m)
                assert isinstance(v, int) and v >= 0, f"{m} = {v!r} on {p.d.name}"
            if p.damage:
                assert p.d.type == "unit" or p.d.solid is not None, f"damage on {p.d.name}"
            if p.d.type != "unit":
                assert not any(getattr(p, m) for m in MARKERS), f"condition markers on {p.d.name}"
            if p.worn:
                assert p.d.type == "equipment", f"durability loss on {p.d.name}"
        # INV-7: after the state checks (every decision but a drop or a token's field comes after them)
        if s.mode not in ("drop", "place_token"):
            at_least = s.opts["lethal_rule"] == "at_least"
            for pid, p in s.perms.items():
                if p.d.type == "unit":
                    life = stats[pid].life
                    assert (p.damage < life if at_least else p.damage <= life), f"{p.d.name}: {p.damage} damage, life {life}"
                    assert p.poison <= life, f"{p.d.name}: {p.poison} poison, life {life}"
                elif p.d.solid is not None:
                    assert (p.damage < p.d.solid if at_least else p.damage <= p.d.solid), f"{p.d.name} past solid"
                if p.d.type == "equipment":
                    assert p.d.durability - p.worn >= 1, f"{p.d.name} with durability < 1"
        # INV-8: resource >= 0; VP >= 0 and never decrease
        for seat, pl in enumerate(s.players):
            assert isinstance(pl.resource, int) and pl.resource >= 0
            assert pl.vp >= self.vp[seat] >= 0, "victory points decreased"
            self.vp[seat] = pl.vp
        # INV-9: a store never gains cards after the draft
        if s.phase != "draft":
            if self.stores is None:
                # INV-13: after the draft everybody drafted the same number, a multiple of pack_size
                sizes = {len(pl.store) for pl in s.players}
                assert len(sizes) == 1 and sizes.pop() % s.opts["pack_size"] == 0, [len(p.store) for p in s.players]
                assert all(not pl.drafted for pl in s.players) and not s.packs and not s._undealt
            else:
                for seat, pl in enumerate(s.players):
                    assert set(pl.store) <= self.stores[seat], "a store gained a card"
            self.stores = [set(pl.store) for pl in s.players]
        # INV-10: a tapped permanent is not the current activation; at most one activation, on the board
        if s.activation is not None and s.winners is None:
            assert s.activation in s.perms and not s.perms[s.activation].tapped
            assert s.mode in ("open", "priority", "trigger", "drop", "place_token", "closing"), s.mode
        for item in s.stack:
            if item.kind in ("full_action", "carry") and item.source in s.perms:
                p = s.perms[item.source]
                assert p.move_used and p.attack_used
        # INV-11: the stack is empty whenever the phase changes (an entry seen before a change of phase or turn
        # is never there after it; entries declared in the new phase may be); a slow action is only the bottom
        if s.phase != self.phase or s.turn != self.turn:
            survivors = {id(i) for i in self.stack_before} & {id(i) for i in s.stack}
            assert not survivors, f"the phase changed from {self.phase} to {s.phase} with a non-empty stack"
        assert all(i.kind not in SLOW for i in s.stack[1:]), [i.kind for i in s.stack]
        if s.stack and s.stack[0].kind in SLOW:
            assert s.stack[0].controller == s.active
        # INV-12: exactly one active player; at most one player holds priority, and that one acts
        if s.winners is None:
            assert 0 <= s.active < n and s.players[s.active].alive
            if s.priority is not None:
                assert 0 <= s.priority < n and s.players[s.priority].alive
            if s.mode == "priority":
                assert s.current_player == s.priority
            if s.mode in ("open", "upkeep", "buy", "discard", "closing"):
                assert s.current_player == s.active
            assert 0 <= s.current_player < n
        # INV-13 during the draft: every player holds as many picks as the others, give or take this step's
        if s.phase == "draft":
            counts = [len(pl.drafted) for pl in s.players]
            assert max(counts) - min(counts) <= 1
            assert len({len(p) for p in s.packs}) <= 2
        # INV-14: the attack value does not grow with the distance and is 0 beyond the range
        for pid, p in s.perms.items():
            if p.d.type != "unit":
                continue
            comps = profile(s, pid)
            assert all(v >= 0 and r >= 1 for v, r in comps), comps
            reach = attack_range(comps)
            values = [attack_value(comps, d) for d in range(1, reach + 3)]
            assert all(a >= b for a, b in zip(values, values[1:])), (p.d.name, comps)
            assert values[reach] == 0 if reach else all(v == 0 for v in values)
        # INV-16: once the game has ended nothing is offered
        if s.winners is not None:
            assert s.is_terminal() and s.mode == "over" and s.current_player == -1
            assert s.legal_actions() == []


def check_range(grid) -> None:
    """INV-15: symmetric, zero on the diagonal, between Chebyshev and Manhattan; d is no metric."""
    for a in range(grid.size):
        assert grid.distance(a, a) == 0
        ax, ay = grid.xy(a)
        for b in range(grid.size):
            bx, by = grid.xy(b)
            d = grid.distance(a, b)
            assert d == grid.distance(b, a)
            assert max(abs(ax - bx), abs(ay - by)) <= d <= abs(ax - bx) + abs(ay - by)


def random_illegal(s, rng: random.Random):
    """A decision that is probably illegal now: random cards and fields in random decisions."""
    n = len(s.card_def)
    c = rng.randrange(-2, n + 2)
    f = (rng.randrange(-1, s.grid.width + 1), rng.randrange(-1, s.grid.height + 1))
    return rng.choice([
        A.DraftPick(c), A.PayUpkeep(c), A.DeclineUpkeep(c), A.PASS, A.PlaySpell(c, (c,)), A.FreeAction(c, 0),
        A.UniversalFreeAction((c, c)), A.DeclareTrigger(rng.randrange(-1, 3)), A.DropPlace(c, f), A.PlaceToken(f),
        A.PlayPermanent(c, f), A.Activate(c), A.END_ACTION_PHASE, A.Move(c, f + f), A.Attack(c, c),
        A.FullAction(c, 0), A.Equip(c, c, "move"), A.Swap(c, c, "attack"), A.Carry(c, c, f, f),
        A.ClearParalysis(c, "move"), A.END_ACTIVATION, A.Buy(c), A.SKIP_BUY, A.EndDiscard((c,))])


def choose(legal, rng: random.Random):
    """Random play that builds boards: the universal free action and passing are chosen less often."""
    busy = [a for a in legal if a.type not in ("pass", "universal_free_action", "end_action_phase", "end_activation")]
    if busy and rng.random() < 0.7:
        return rng.choice(busy)
    return rng.choice(legal)


def play(board: str, seed: int, choices: int, options: dict, check: bool = True):
    s = fresh(seed, board, **options)
    rng = random.Random(choices)
    w = Watcher(s)
    if check:
        w.check(s)
    actions = []
    for step in range(MAX_ACTIONS):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        assert legal, f"no legal action in a running game (mode {s.mode})"
        assert len(set(legal)) == len(legal), "a decision offered twice"
        if check and step % 13 == 0:  # a rejected decision leaves everything as it was
            probe = s.clone()
            act = random_illegal(s, rng)
            before = probe.digest()
            try:
                probe.apply(act)
            except IllegalAction as exc:
                assert exc.rule and probe.digest() == before, exc
        if check and step % 31 == 0:  # clone independence
            twin = s.clone()
            assert twin.digest() == s.digest()
            digest = s.digest()
            twin.apply(rng.choice(legal))
            assert s.digest() == digest
        act = choose(legal, rng)
        if check:
            w.before(s)
        s.apply(act)
        actions.append(act)
        if check:
            w.after(s, act)
    return s, actions


OPTIONS = st.fixed_dictionaries({
    "first_player": st.sampled_from(("random", 0, 1)),
    "lethal_rule": st.sampled_from(("greater_than", "at_least")),
    "auto_pass": st.booleans(),
    "phase_end_priority": st.booleans(),
    "max_turns": st.sampled_from((40, 100)),
})


@pytest.mark.parametrize("board", BOARDS)
@GAME_SETTINGS
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_invariants_hold_in_random_games(board, seed, choices, options):
    note(f"board={board} seed={seed} choices={choices} options={options}")
    s, actions = play(board, seed, choices, options)
    assert s.is_terminal(), f"no end after {len(actions)} decisions (turn {s.turn})"
    # INV-16: once the game has ended no further decision is accepted, and nothing changes
    digest = s.digest()
    for act in (A.PASS, actions[-1], A.SKIP_BUY, A.DraftPick(0)):
        with pytest.raises(IllegalAction) as exc:
            s.apply(act)
        assert exc.value.rule == GAME_OVER
    assert s.digest() == digest
    # one meaning of a draw (docs/engine.md): the returns of a finished game add up to 1, a no-winner end
    # shares them among the seats still in, and the ending names its rule
    assert abs(sum(s.returns()) - 1.0) < 1e-9
    assert s.end_rule() is not None and s.end_rule().startswith("MUHQ-WIN-")
    if not s.winners:
        assert [r > 0 for r in s.returns()] == [seat in s.alive_seats() for seat in range(s.n)]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1), board=st.sampled_from(BOARDS))
def test_determinism_same_seed_same_decisions_same_game(seed, choices, board):
    s, actions = play(board, seed, choices, {}, check=False)
    replay = fresh(seed, board)
    for a in actions:
        replay.apply(a)
    assert replay.digest() == s.digest()
    assert replay.log == s.log
    assert replay.view(0) == s.view(0) and replay.view(1) == s.view(1) and replay.view(None) == s.view(None)


def test_INV_15_range_on_the_test_board_and_the_spec_example():
    g = game("arena-9").grid
    check_range(g)
    # the triangle inequality fails: d((0,0),(2,2)) = 3 > d((0,0),(1,1)) + d((1,1),(2,2)) = 2
    assert g.distance(g.cell(0, 0), g.cell(2, 2)) == 3
    assert g.distance(g.cell(0, 0), g.cell(1, 1)) + g.distance(g.cell(1, 1), g.cell(2, 2)) == 2
