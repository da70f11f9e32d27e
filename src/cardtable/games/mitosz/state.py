"""Mítosz's state: card instances in zones, players, the stack, active effects, the turn machine's place.

The state is one typed field list (an ``engine.core`` record: the clone is compiled from it) with the announcements
that drop what is derived from it (``touch()``, ``hand_changed()``, …). It has no rules of its own: they are
modules of functions that take the state first, each importing only the layers below it (no import circles,
``tests/test_import_cycles.py``), roughly from the bottom: ``writes`` (every change to a field a kept fact reads,
with its announcement: the one mutation layer); ``levels.board`` (the board's facts and caches);
``levels.*`` (statics, power, abilities and immunity, card types, levels, filters; spec 5.10, 6.2, 6.7);
``moves`` (cards moving between zones, paying); ``checks`` (state checks, spec 5.9); ``effects.targets``,
``acts_*`` (what a player may do, spec 8.1: costs, targets, options, the checks, the legal list, announcing);
``effects.*`` (the effect interpreter and its primitives, spec 6); ``fights.*`` (chapter 7); ``flow.*`` (the turn
machine, open windows, counter rounds, the stack, the prompts); ``prompts.*`` (the questions, each a class that
answers itself); ``view`` (what each player may see, spec 9). The few calls a lower layer makes to a higher one (a
filter asks a level, a move fires an event, a prompt goes on with its fight) go through ``upcalls``, filled by
``assembly``. The engine's interface (``view``, ``snapshot``) is set on the class from ``view``; ``modes`` names
where the machine is.

Representation (the records are in ``core``): every card is an :class:`Inst` in ``self.cards`` (its index is its
instance id, fixed for the game); zones are lists of ids in the players; active effects are immutable
:class:`Eff` values, so a clone copies lists, not effects.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import GAME_OVER, Action, IllegalAction, State
from cardtable.engine.core import cache, copied, counter, each, fresh, own, own_or_none, record, shared
from cardtable.engine.rng import Rng

from .core import Eff, Inst, Item, Player
from . import all_primitives as _all_primitives  # noqa: F401  (every primitive registered before the check below)
from . import assembly as _assembly  # noqa: F401  (the rules assembled: upcalls bound)
from .effect_vocabulary import check_vocabulary
from .flow.phases import PHASES
from . import view as _view
from .words import N_, Said, _
from .modes import SETUP_MODE, SETUP_PHASE, Mode, Phase
from .flow.machine import act, legal_for
from .flow.turns import _begin_turn
from .levels.power import power_total
from .moves import _move_to_hand

if TYPE_CHECKING:
    from .checks import DeckOut
    from .fights.fight import Fight
    from .game import MitoszGame
    from .prompts.base import Prompt


@record(copy="clone")
class MitoszState(State):
    # The typed field list: every field with its type and how a clone takes it (engine.core; no policy: shared).
    game: MitoszGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Any]] = copied()
    current_player: int
    n: int
    opts: dict[str, Any] = shared()  # the game's options: never changed
    cards: list[Inst] = each()
    players: list[Player] = each()
    order: tuple[int, ...]
    active: int
    turn: int
    turns_taken: list[int] = copied()
    phase: Phase
    mode: Mode
    priority: int
    passes: int
    cycle: bool
    window_actor: int
    stack: list[Item] = each()
    next_sid: int
    prompt: Prompt | None = shared()  # a frozen value: replaced whole, never changed in place
    effects: list[Eff] = copied()  # of immutable effects
    seq: int
    intrigues: list[int] = copied()
    fates: list[int] = copied()
    lingering: list[int] = copied()
    result: dict[str, Any] | None = shared()  # set once, at the end
    log: list[tuple[int, Said, tuple[int, ...] | None]] = copied()
    log_private: int
    deckout: DeckOut | None
    after_stack: str
    #: facts derived from where the cards are (``levels/board.cache``): dropped when the layout changes and when an
    #: effect starts or ends, a token comes or goes, a fight's membership changes (``statics_changed()``)
    statics_cache: dict[Any, Any] | None = cache(forgotten_by=("layout_changed", "statics_changed"))
    todo: list[str] = copied()
    prompt_done: int
    #: how many times something happened (``touch()``, made by record(): the version goes up, the facts that hold
    #: until anything happens are dropped); what is memoised with a version is stale when the version moved
    version: int = counter("touch")
    legal_memo: dict[Any, Any] | None = cache(checked="keyed by the version and the seat's version")  # i18n: no
    dcache: dict[Any, Any] | None = cache(forgotten_by=("touch", "hand_changed"))
    view_cache: tuple[Any, dict[str, Any]] | None = cache(checked="keyed by the versions and the language")  # i18n: no
    seat_versions: list[int] = copied()
    checked: int
    piles: int
    refusals: tuple[tuple[int, int, str], ...]
    order_depth: int = fresh("0")
    order_requests: tuple[tuple[int, tuple[int, ...]], ...]
    fight: Fight | None = own_or_none()
    fought: int
    prims: frozenset[str]
    #: the board's cards in instance order: a clone's list holds the clone's own instances
    board: list[Inst] | None = cache(on_copy="[c.cards[i.iid] for i in v] if v is not None else None",  # i18n: no
                                     checked="kept in order by the moves (moves.py)")  # i18n: no
    #: facts of the board's layout (``levels/board.layout_facts``): dropped by ``layout_changed()`` (a card entered or
    #: left the board, changed controller or host, fell asleep or woke, or a grid changed)
    layout: dict[Any, Any] | None = cache(forgotten_by="layout_changed")
    trigger_on: frozenset[str]
    pending: list[tuple[Any, ...]] = copied()
    trigger_chain: int
    trigger_resume: tuple[str, tuple[str, ...]] | None
    sphere_marks: tuple[tuple[int, ...], ...]
    clone: ClassVar[Callable[[MitoszState], MitoszState]]
    touch: ClassVar[Callable[[MitoszState], None]]  # something happened (made by record(): version, dcache)
    hand_changed: ClassVar[Callable[[MitoszState], None]]  # only a hand and a deck (with its seat's version)
    layout_changed: ClassVar[Callable[[MitoszState], None]]
    statics_changed: ClassVar[Callable[[MitoszState], None]]
    #: The fields the digest (``snapshot``) leaves out (tests/engine/test_core.py keeps the list exact): the game's
    #: (the game, its options, the primitives its cards call, the player count); how the position was reached (the
    #: seed, the history); what follows from the rest (who acts: the mode, priority and prompt; the private-entry
    #: count of the log, whose length is in); the caches' versions; and the next effect number, which every effect
    #: made carries into the digest (kept out: the digests of old records must still match).
    NOT_IN_DIGEST: ClassVar[frozenset[str]] = frozenset((
        "game", "opts", "prims", "n", "seed", "history", "current_player", "log_private", "version", "seat_versions",
        "checked", "piles", "seq"))
    forget_fields: ClassVar[Callable[[MitoszState], None]]

    # the classes of stack items and active effects, for the rules to make them without importing this module
    Item = Item
    Eff = Eff

    def __init__(self, game: MitoszGame, seed: int, decks: Any) -> None:
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.opts = game.options
        #: the primitives the game's cards call: a rule reading one no card calls is skipped (the hot path)
        self.prims = frozenset().union(*(d.primitives for d in game.defs.values()))
        #: the events some card's trigger waits for (spec 6.6): an event no card waits for is not looked at
        self.trigger_on = frozenset().union(*(d.trigger_events for d in game.defs.values()))
        #: events that happened, waiting for the next state check to put their triggered abilities on the stack
        #: (OP-43.4): (event, its card, its player, the zone a card left to, the abilities found at the event or
        #: None to find them then; ``effects.triggers.event``)
        self.pending = []
        self.trigger_chain = 0  # trigger rounds since a window last opened (``effects.triggers.fire_pending``)
        #: where the machine goes on after the triggers' rounds: the stack's next step and the steps to come
        self.trigger_resume = None
        n = self.n = game.num_players
        self.cards = []
        self.players = []
        for seat, deck in enumerate(decks):
            p = Player()
            p.seat = seat
            p.deck_name = deck.name
            god = Inst(len(self.cards), game.defs[deck.high_god.id], seat)
            self.cards.append(god)
            p.god = god.iid
            p.smax = god.d.sphere_max
            p.spheres = list(p.smax)  # MIT-3.1.d: all four at maximum
            p.deck = []
            for card_id in deck.card_ids():
                inst = Inst(len(self.cards), game.defs[card_id], seat)
                self.cards.append(inst)
                p.deck.append(inst.iid)
            p.hand, p.afterworld, p.oblivion, p.grid, p.leaders = [], [], [], {}, []
            p.nation_placed = False
            p.allowances = ()  # god leaders whose fate allowance was used this turn (OP-62)
            p.hold = None
            self.players.append(p)
        self.turn = 0
        self.turns_taken = [0] * n
        self.phase = SETUP_PHASE
        self.mode = SETUP_MODE
        self.priority = -1
        self.passes = 0
        self.cycle = False
        self.window_actor = -1
        self.stack = []
        self.next_sid = 0
        self.prompt = None
        self.effects = []
        self.seq = 0
        self.intrigues = []
        self.fates = []
        self.lingering = []
        self.result = None
        self.log = []
        self.log_private = 0  # entries for some seats only (``note``): with none, every viewer reads the whole log
        self.deckout = None  # checks.DeckOut, the deck-out round's bookkeeping (MIT-1.3.4)
        self.after_stack = "window"
        self.statics_cache = None
        #: the cards on the board in instance order (None: not known yet); kept up to date as cards enter and
        #: leave (``Moves``), not rebuilt after every change of the board's facts
        self.board = None
        self.layout = None  # facts of the board's layout (``levels.board.layout_facts``)
        self.todo = []
        self.prompt_done = 0
        self.version = 0
        self.seat_versions = [0] * n
        self.checked = -1  # the version at the last clean state check
        #: the spheres as the last trigger check saw them, kept while a card waits for ``spheres_changed``
        self.sphere_marks = tuple(tuple(p.spheres) for p in self.players) \
            if "spheres_changed" in self.trigger_on else ()
        self.piles = 0  # bumped when a card enters or leaves an afterworld or oblivion
        self.refusals = ()  # (turn, asker, card id): MIT-3.4.3.c permissions refused
        self.order_depth = 0
        self.order_requests = ()  # (owner, cards): afterworld arrivals to order (MIT-1.4.2.c)
        self.legal_memo = None
        self.dcache = None
        self.view_cache = None  # (key, the public part of a view): ``Views.view``
        self.fight = None  # the fight in progress (fights.Fight)
        self.fought = -1  # the turn whose battle phase saw a fight declared (MIT-6.2.3.2.c)
        self.current_player = -1
        self._setup()

    # -- setup (MIT-6.1, OP-36) ------------------------------------------------------------------
    def _setup(self) -> None:
        for p in self.players:
            god = self.cards[p.god]
            god.zone = "board"  # MIT-3.1.a, MIT-6.1.1.a
            self.note(N_("P{seat} puts the high god {card} onto the board (spheres {spheres})"), seat=p.seat,
                      card=god.d, spheres="/".join(map(str, p.spheres)))
        for p in self.players:
            self.rng.shuffle(p.deck)  # MIT-1.3.1.e
        order: list[int] = []
        pending = [list(range(self.n))]
        while pending:  # MIT-6.1.1.b, OP-36: lowest number first; ties reveal again among themselves
            group = pending.pop(0)
            if len(group) == 1:
                order.append(group[0])
                continue
            shown = {}
            for seat in group:
                deck = self.players[seat].deck
                if not deck:
                    shown[seat] = -1
                    continue
                top = self.cards[deck[-1]]
                shown[seat] = top.d.number
                self.note(N_("P{seat} reveals {card} (number {number})"), seat=seat, card=top.d, number=top.d.number)
            numbers = sorted(set(shown.values()))
            if len(numbers) == 1 and len(group) > 1:
                if all(v == -1 for v in shown.values()):
                    order.extend(group)
                    continue
                for seat in group:
                    self.rng.shuffle(self.players[seat].deck)
                pending.insert(0, group)
                continue
            pending[0:0] = [[s for s in group if shown[s] == v] for v in numbers]
        self.order = tuple(order)
        self.note(N_("Turn order: {order}"), order=", ".join(f"P{s}" for s in order))
        for p in self.players:  # MIT-6.1.2
            self.rng.shuffle(p.deck)
        for p in self.players:
            for _ in range(self.opts["hand_size"]):
                if p.deck:
                    _move_to_hand(self, p.deck.pop())
        self.active = order[0]
        _begin_turn(self)

    # -- the interface ---------------------------------------------------------------------------
    def apply(self, action: Action | Mapping[str, Any], player: int | None = None) -> None:
        """As State.apply, with the common case (an action object by the player to act) first."""
        actor = self.current_player
        if (player is None or player == actor) and isinstance(action, Action) and self.result is None:
            act(self, actor, action)
            self.history.append((actor, action))
            return
        State.apply(self, action, player)  # (a slotted dataclass: no zero-argument super())

    def _apply(self, action: Action) -> None:
        if self.result is not None:
            raise IllegalAction(GAME_OVER, _("the game is over; no more actions are taken"))
        act(self, self.current_player, action)

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        return legal_for(self, self.current_player)

    # what each player may see and the whole position (spec 9): the view subsystem's functions, given the state
    view = _view.view
    snapshot = _view.snapshot

    def is_terminal(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        out = [0.0] * self.n
        if self.result is not None:
            winners = self.result["winners"]
            for w in winners:
                out[w] = 1.0 / len(winners)
        return out

    def end_rule(self) -> str | None:
        return None if self.result is None else self.result["rule"]

    def scores(self) -> list[Any]:
        return [power_total(self, p) for p in range(self.n)]

    def forget_caches(self) -> None:
        """Drop every derived fact: for benchmarks that time the full computation, and for tests that set
        a position up by hand."""
        self.forget_fields()
        self.version += 1

    # -- the log ---------------------------------------------------------------------------------
    def note(self, text: str, to: tuple[int, ...] | None = None, **params: Any) -> None:
        """A log entry; ``to`` limits it to some seats (a peeked card, an unrestricted search). ``text`` is a message
        (``N_("P{seat} draws …")``) filled with ``params`` when read, in the reader's language (``words.Said``)."""
        if params or not isinstance(text, Said):
            text = Said(text, **params)
        self.log.append((self.turn, text, to))
        if to is not None:
            self.log_private += 1

    def keep_log_for(self, player: int) -> None:
        """Drop the log entries ``player`` may not read (a determinization for ``player`` keeps only those)."""
        self.log = [e for e in self.log if e[2] is None or player in e[2]]
        self.log_private = sum(1 for e in self.log if e[2] is not None)


__all__ = ["MitoszState", "Inst", "Player", "Eff", "Item", "PHASES"]


check_vocabulary()  # every primitive of the data schema resolves (the vocabulary and the schema agree)
