"""One position of muhq's game: the zones of every player, the board, the action stack, and where the turn is.

The state is one typed field list (an ``engine.core`` record: the clone is compiled from it) with the announcements
that drop what is derived from it (``changed()``, ``touched()``, …). It has no rules of its own: they are modules
of functions that take the state first, each importing only the layers below it (no import circles,
``tests/test_import_cycles.py``), from the bottom:

- ``places`` (where things are: fields, board order, names, free fields, spawn fields, crews), ``rounds`` (where
  the turn goes next, the priority round's seats);
- ``effects`` (the effect language's filters, groups, conditions, protection), ``stats`` (what a permanent is now),
  ``writes`` (every change to a field a kept fact reads, with its announcement: the one mutation layer),
  ``board_events`` (events and the triggers they fire), ``board`` (entering, leaving, piles, drops, draw, steal);
- ``board_combat``, ``effects_costs``, ``effects_targets``, ``tokens``, ``effects_steps`` (the steps of an effect),
  ``flow_victory`` (state checks, victory), ``flow_phases`` (the turn-based work of the phases, activations);
- ``legal_unit``, ``legal_fast``, ``legal`` (the legal-action lists);
- ``declare_checks``, ``declare_phase``, ``declare_unit``, ``declare_resolve`` (resolving the stack), ``priority``
  (passing), ``declare_turn``, ``declare_fast`` (checking and declaring each decision); ``ai`` (the shy and
  aggressive behaviours);
- ``flow`` (``advance``: the step machine that runs until someone must decide), ``declare`` (the engine's
  ``_apply``: each decision's handler, then ``advance``).

The engine's interface (``legal_actions``, ``_apply``, ``view``) is set on the class from those modules; ``turn``
names where the turn is (the Enums).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import Action, State
from cardtable.engine.core import cache, copied, each, each_value, fresh, nested, nested_values, own, record, shared, \
    sliced
from cardtable.engine.rng import Rng

from . import declare as _declare
from . import legal as _legal_lists
from . import view as _view
from .effect_vocabulary import check_vocabulary
from .objects import NEUTRAL, PendingTokens, Perm, Player
from .stats import compute_stats
from .turn import DRAFT_MODE, DRAFT_PHASE, DRAFT_STEP, Mode, Phase, Step
from .board import enter
from .flow import advance
from .flow_draft import start_draft_round

if TYPE_CHECKING:
    from .defs import Def
    from .game import MuhqGame
    from .grid import Grid
    from .objects import Drop, Item, Trigger
    from .stats import Stats


@record(copy="clone")
class MuhqState(State):
    # The typed field list: every field with its type and how a clone takes it (engine.core; no policy: shared).
    game: MuhqGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Any]] = sliced()
    current_player: int
    n: int
    opts: dict[str, Any] = shared()  # the game's options: never changed
    grid: Grid
    card_def: list[Def] = sliced()
    card_owner: list[int] = sliced()
    players: list[Player] = each()
    perms: dict[int, Perm] = each_value()
    occ: dict[int, int] = copied()
    stack: list[Item] = sliced()  # of immutable items
    removed: list[int] = sliced()
    unused: list[int] = sliced()
    turn: int
    active: int
    phase: Phase
    step: Step
    priority: int | None
    passes: int
    activation: int | None
    ai: tuple[str, int] | None
    triggers: list[Trigger] = sliced()  # of immutable triggers
    drops: list[Drop] = each()
    resolving: PendingTokens | None
    upkeep_todo: list[int] = sliced()
    packs: list[list[int]] = nested()
    winners: list[int] | None = shared()  # set once, at the end
    ending: str | None
    vips: dict[int, int] = copied()
    buildings: dict[int, list[int]] = nested_values()
    victory_item: int | None
    victory_item_home: int
    combat_steal: int
    # The derived facts, and what makes each stale (record() writes changed(), touched() and priority_changed()
    # from these; only writes.py calls them, where it writes the fields they read: writes.OWNED). changed()
    # forgets everything computed from the board (what hand_parts keeps per hand stays: it is checked against the
    # hand at every use, and a card number's definition never changes). touched(): a state check is due
    # (resource, victory points, damage, poison or wear went up); the stats are kept, and so are the fast and
    # unit action lists: each is stored with the values it read that no announcement covers (hand, resource,
    # taps, markers, used actions) and is used again only while those are equal. priority_changed(): a decision
    # was made, someone else may act (advance; the legal actions are made anew at every decision).
    _stats: dict[int, Stats] | None = cache(forgotten_by="changed")
    _legal: list[Action] | None = cache(forgotten_by=("changed", "touched", "priority_changed"))
    mode: Mode
    log: list[tuple[Any, ...]] = sliced()
    _undealt: list[list[int]] = nested()
    _order: list[int] | None = cache(forgotten_by="changed")
    #: something changed since the last state check that found nothing
    _dirty: bool = cache("True", on_copy="v", forgotten_by=("changed", "touched"))
    _alive: tuple[int, ...]
    _units: dict[int, Any] | None = cache(forgotten_by="changed")
    _fast: dict[int, Any] | None = cache(forgotten_by="changed")
    _memo: dict[str | tuple[Any, ...], Any] = cache("{}", forgotten_by="changed")
    #: not shared with a clone (the two may make different tokens under the same card number)
    _hands: dict[int | tuple[str, int], Any] | None = cache(
        checked="against the hand or store at every use (legal.hand_parts, store_parts)")  # i18n: no
    _suspects: list[int] = fresh("[]")
    #: the clone's first state check, if any, scans the whole board
    _clean: dict[str | tuple[Any, ...], Any] | None = fresh("None")
    _move_checked: tuple[dict[str | tuple[Any, ...], Any], Item] | None = fresh("None")
    clone: ClassVar[Callable[[MuhqState], MuhqState]]
    changed: ClassVar[Callable[[MuhqState], None]]  # made by record() from the caches above
    touched: ClassVar[Callable[[MuhqState], None]]
    priority_changed: ClassVar[Callable[[MuhqState], None]]
    forget_fields: ClassVar[Callable[[MuhqState], None]]  # every cache back to empty (a resampled position)
    #: The fields the digest (``snapshot``) leaves out (tests/engine/test_core.py keeps the list exact): the game's
    #: (the game, its options, the player count); how the position was reached (the seed, the history, the log);
    #: what the setup fixed from the board and never changes (the VIPs, buildings, victory item and its home, the
    #: combat steal); what follows from the rest (the occupied fields, from the permanents; the seats still in; the
    #: ending rule, set with the winners).
    NOT_IN_DIGEST: ClassVar[frozenset[str]] = frozenset((
        "game", "opts", "n", "seed", "history", "log", "vips", "buildings", "victory_item", "victory_item_home",
        "combat_steal", "occ", "_alive", "ending"))

    def __init__(self, game: MuhqGame, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.n = game.num_players
        self.opts = game.options
        self.grid = game.grid
        self.card_def = []
        self.card_owner = []
        self.players = [Player() for _ in range(self.n)]
        self.perms = {}
        self.occ = {}
        self.stack = []
        self.removed = []
        self.unused = []  # draft cards never dealt or left over (MUHQ-DRAFT-1, 6)
        self.turn = 0
        self.active = 0
        self.phase = DRAFT_PHASE
        self.step = DRAFT_STEP
        self.priority = None
        self.passes = 0
        self.activation = None
        self.ai = None
        self.triggers = []
        self.drops = []
        self.resolving = None
        self.upkeep_todo = []
        self.packs = []
        self.winners = None
        self.ending = None  # the rule ID that ended the game (end_rule), set with winners
        self.vips = {}
        self.buildings = {}
        self.victory_item = None
        self.victory_item_home = 0
        self.combat_steal = 0
        self._stats = None
        self._legal = None
        self._order = None  # board_order, kept until the board changes
        self._units = None  # {permanent: (key, its unit actions)}, kept until the board changes (unit_list)
        self._fast = None  # {seat: (key, its fast actions)}, kept until the board changes (fast_list)
        self._memo = {}  # other answers that depend on the board alone, by name; emptied with the board
        self._hands = None  # {seat: what depends on the hand alone} (hand_parts), checked against the hand;
        # not shared with a clone (the two may make different tokens under the same card number)
        self._dirty = True  # something changed since the last state check that found nothing
        self._clean = None  # the board memo when a state check last found nothing lethal (state_check)
        self._suspects = []  # permanents that may be lethal since then (writes._raised, _entered)
        self._move_checked = None  # (board memo, stack item) of the last move declared with a checked path
        self._alive = tuple(range(self.n))
        self.mode = DRAFT_MODE
        self.log = []
        self.setup()
        advance(self)

    # -- cards ---------------------------------------------------------------------------------------------
    def new_card(self, def_id: str, owner: int) -> int:
        self.card_def.append(self.game.defs[def_id])
        self.card_owner.append(owner)
        return len(self.card_def) - 1

    # -- setup (MUHQ-SETUP) ----------------------------------------------------------------------------------
    def setup(self) -> None:
        game = self.game
        board = game.board
        for kind in board.victory:
            if kind.kind == "resource_race":
                self.combat_steal = kind.combat_steal
        # MUHQ-SETUP-7: the board's objects, untapped, without markers.
        for obj in board.objects:
            seat = NEUTRAL if obj.seat == "neutral" else obj.seat
            card = self.new_card(obj.card, seat)
            cell = self.grid.cell(*obj.at)
            enter(self, card, seat, cell)
            if obj.role == "vip":
                self.vips[seat] = card
            elif obj.role == "building":
                self.buildings.setdefault(seat, []).append(card)
            elif obj.role == "victory_item":
                self.victory_item, self.victory_item_home = card, cell
        self.triggers.clear()
        # MUHQ-SETUP-5: starting cards form each deck, shuffled; hands start empty (OP-6).
        for seat in range(self.n):
            pl = self.players[seat]
            for entry in board.starting_deck:
                for _ in range(entry.count):
                    pl.deck.append(self.new_card(entry.card, seat))
            self.rng.shuffle(pl.deck)
            pl.resource = board.starting_resource  # MUHQ-SETUP-6
        # MUHQ-SETUP-2, 3 and the draft (MUHQ-DRAFT-1): the pool, shuffled, dealt into packs.
        pool = [self.new_card(d.id, NEUTRAL) for d in game.pool for _ in range(game.copies.get(d.id, 1))]
        size = self.opts["pack_size"]
        if self.opts["pad_pool"] and pool:  # MUHQ-DRAFT-8 (upstream): one more copy of each until P packs exist
            kinds = [d.id for d in game.pool]
            while len(pool) // size < self.n:
                pool.extend(self.new_card(i, NEUTRAL) for i in kinds)
        self.rng.shuffle(pool)
        packs = [pool[i:i + size] for i in range(0, len(pool) - len(pool) % size, size)]
        self.unused.extend(pool[len(packs) * size:])  # MUHQ-DRAFT-1: the left-over cards are not used
        self.packs = []
        self._undealt = packs
        first = self.opts["first_player"]
        self.active = self.rng.below(self.n) if first == "random" else int(first)  # MUHQ-SETUP-8, OP-35
        start_draft_round(self)

    # -- caches (what changes them is in writes.py) -------------------------------------------------------
    def stats(self) -> dict[int, Stats]:
        st = self._stats
        if st is None:
            st = self._stats = compute_stats(self)
        return st

    def alive_seats(self) -> tuple[int, ...]:
        return self._alive

    # -- the engine interface ----------------------------------------------------------------------------
    # The engine's interface, answered by the subsystems' functions (given the state, as every rule).
    legal_actions = _legal_lists.legal_actions
    _apply = _declare._apply
    view = _view.view

    def is_terminal(self) -> bool:
        return self.winners is not None

    def returns(self) -> list[float]:
        if self.winners is None:
            return [0.0] * self.n
        # MUHQ-WIN-9, 10: no winner is a draw among the seats still in the game (docs/engine.md)
        sharing = self.winners or self._alive
        share = 1.0 / len(sharing)
        return [share if s in sharing else 0.0 for s in range(self.n)]

    def end_rule(self) -> str | None:
        return self.ending

    def scores(self) -> list[Any]:
        return [{"resource": p.resource, "vp": p.vp} for p in self.players]

    def snapshot(self) -> dict[str, Any]:
        xy = self.grid.xy
        return {
            # the enums' values as plain strings, as in a view (the digest's JSON text is the same either way)
            "rng": self.rng.state(), "turn": self.turn, "active": self.active, "phase": str(self.phase),
            "step": str(self.step), "priority": self.priority, "passes": self.passes, "activation": self.activation,
            "ai": list(self.ai) if self.ai else None, "mode": str(self.mode), "current_player": self.current_player,
            "cards": [[d.id, o] for d, o in zip(self.card_def, self.card_owner)],
            "players": [{"resource": p.resource, "vp": p.vp, "store": p.store, "deck": p.deck, "hand": p.hand,
                         "discard": p.discard, "pending": p.pending, "bought": p.bought, "alive": p.alive,
                         "drafted": p.drafted} for p in self.players],
            "perms": [self.perms[pid].to_json(xy) for pid in sorted(self.perms)],
            "stack": [[i.kind, i.controller, i.source, i.ability, list(map(list, i.targets)), repr(i.params)]
                      for i in self.stack],
            "removed": self.removed, "unused": self.unused,
            "triggers": [[t.controller, t.source, t.ability, repr(t.refs)] for t in self.triggers],
            "drops": [[d.controller, d.cell, d.members] for d in self.drops],
            "resolving": None if self.resolving is None else [repr(self.resolving[0]), self.resolving[1],
                                                                 self.resolving[2], self.resolving[3].you,
                                                                 sorted(self.resolving[3].targets.items())],
            "upkeep_todo": self.upkeep_todo, "packs": self.packs,
            "undealt": self._undealt, "winners": self.winners,
        }


check_vocabulary()  # every step of the data schema resolves (the vocabulary and the schema agree)
