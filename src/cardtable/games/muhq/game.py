"""muhq's game as a cardtable game: the board and sets chosen by options, the compiled cards, the words for
its actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Game, GameInfo, OptionError
from cardtable.engine.game import fresh_seed

from .kit import KIT
from . import actions as A
from .options import OPTIONS
from .words import N_, _, _n

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from cardtable.engine import Action

    from .defs import Def
    from .state import MuhqState


class MuhqGame(Game):
    info = GameInfo(
        name="muhq",
        title="muhq's game",
        summary=N_("Draft a store, build your deck while you play, and fight with units on a grid board whose "
                   "victory condition the board sets."),
        min_players=2,
        max_players=16,
        default_players=2,
        rules_version="muhq/1",
        turn_rule="MUHQ-STACK-4",
        limit_rules=("MUHQ-WIN-10",),
        docs="docs/muhq.md",
        rule_pattern=r"MUHQ-[A-Z]+-\d+",
    )
    kit = KIT
    declared_options = OPTIONS
    codec = A.CODEC
    secret_actions = True  # draft picks are hidden until the draft ends (MUHQ-DRAFT-4, 7)

    def check_options(self) -> None:
        from .data import MuhqDataError, board_cards, catalogue, load_board
        from .defs import Def
        from .grid import Grid

        opts = self.options
        try:
            board = load_board(opts["board"])
        except MuhqDataError as exc:
            raise OptionError(_("option board={board}: {error}", board=repr(opts["board"]), error=exc)) from None
        if board.players != self.num_players:  # MUHQ-SETUP-1
            raise OptionError(_("the board {board} is for {players} players, not {n} (MUHQ-SETUP-1); choose "
                                "--players {players}", board=board.id, players=board.players, n=self.num_players))
        names = [s.strip() for s in str(opts["sets"]).split(",") if s.strip()]
        if not names:
            raise OptionError(_("option sets is empty; name at least one card set, e.g. sets=vanguard,tide"))
        if len(set(names)) != len(names):
            raise OptionError(_("option sets names a set twice: {sets}", sets=opts["sets"]))
        try:
            cards = catalogue(*names)
        except MuhqDataError as exc:
            raise OptionError(_("option sets={sets}: {error}", sets=repr(opts["sets"]), error=exc)) from None
        cards.update(board_cards(board))
        try:  # the core set's starting units and board objects are always known (effects may name them)
            cards.update({k: v for k, v in catalogue("core").items() if k not in cards})
        except MuhqDataError:  # pragma: no cover - a user folder without core: the board's cards suffice
            pass
        self.board = board
        self.grid = Grid.from_board(board)
        self.defs = {cid: Def(card) for cid, card in cards.items()}
        # (language, card id) -> its printed data (view.cards_seen), made on demand; its name and text are in
        # that language
        self.printed: dict[tuple[str, str], dict[str, Any]] = {}
        # MUHQ-SETUP-2 (OP-1): the pool is every non-token card with a buy cost, `copies` times.
        self.pool = [self.defs[c.id] for name in names for c in catalogue(name).values()
                     if c.id.startswith(name + "/") and not c.token and c.buy is not None]
        self.copies = {c.id: c.copies for c in cards.values()}
        self.set_names = names
        kinds: dict[str, Any] = {v.kind: v for v in board.victory}  # kind -> its condition (the kinds differ)
        self.victory_kinds = set(kinds)
        self.race_target = kinds["resource_race"].target if "resource_race" in kinds else 0
        self.capture_target = kinds["capture_points"].target if "capture_points" in kinds else 0
        first = opts["first_player"]
        if first != "random" and first >= self.num_players:
            raise OptionError(_("option first_player={first} is not a seat; seats are 0 to {last}", first=first,
                                last=self.num_players - 1))
        pool_size = sum(self.copies.get(d.id, 1) for d in self.pool)
        if pool_size == 0:  # MUHQ-DRAFT-8: padding copies nothing into an empty pool; no pack could ever exist
            raise OptionError(_("the sets {sets} give no draftable cards (cards with a buy cost), so no draft pack "
                                "can be dealt, even with pad_pool (MUHQ-DRAFT-8); add a set such as vanguard or "
                                "tide", sets=", ".join(names)))
        if pool_size // opts["pack_size"] < self.num_players and not opts["pad_pool"]:  # MUHQ-DRAFT-8
            raise OptionError(_("the sets {sets} give {n} draftable cards: fewer than one pack of {size} per player "
                                "(MUHQ-DRAFT-8); add sets, lower pack_size or set pad_pool=true",
                                sets=", ".join(names), n=pool_size, size=opts["pack_size"]))

        # Instance numbers are given in the same order in every game (board objects, starting decks, pool),
        # whatever the seed, so an action's card number names its card without a state.
        layout = [obj.card for obj in board.objects]
        layout += [e.card for _ in range(self.num_players) for e in board.starting_deck for _ in range(e.count)]
        layout += [d.id for d in self.pool for _ in range(self.copies.get(d.id, 1))]
        self.layout = layout

    def card_name(self, card: int) -> str:
        if 0 <= card < len(self.layout):
            return f"{self.defs[self.layout[card]].shown_name} #{card}"
        return _("token #{card}", card=card)

    def has_victory(self, kind: str) -> bool:
        return kind in self.victory_kinds

    def new_initial_state(self, seed: int | None = None) -> MuhqState:
        from .state import MuhqState

        return MuhqState(self, fresh_seed(seed))

    def catalogue(self) -> dict[str, Any]:
        """The cards' public data (made when asked, not cached). ``name`` and ``text`` are the data files' English,
        the same whoever asks: programs read them (the heuristic bot finds swimming and Solid N in ``text``, and a
        bot must not play differently for a German reader); ``shown_name`` and ``shown_text`` are in the reader's
        language, for display. A card's keywords are data here too (``swimming``, ``solid``)."""
        return {"cards": {d.id: {"id": d.id, "name": d.name, "type": d.type, "buy": d.buy, "play": d.play,
                                 "upkeep": d.upkeep, "life": d.life, "movement": d.movement,
                                 "attack": [list(a) for a in d.attack], "text": d.text, "token": d.token,
                                 "swimming": d.swimming, "solid": d.solid, "shown_name": d.shown_name,
                                 "shown_text": d.shown_text}
                          for d in self.defs.values()},
                "board": self.board.id, "sets": self.set_names}

    # -- words -------------------------------------------------------------------------------------------
    def _def_of(self, card: int) -> Def | None:
        return self.defs[self.layout[card]] if 0 <= card < len(self.layout) else None

    def _on(self, kinds: Sequence[Any], targets: Iterable[int], costs: Iterable[int] = ()) -> str:
        """' on Pikeman #14, P1, discarding Recruit #4': the targets (a seat where the target is a player,
        spec 7.5) and the chosen costs (discarded cards, sacrificed permanents)."""
        kinds = [spec.get("kind") for _k, spec in kinds] if kinds else []
        names = [f"P{t}" if i < len(kinds) and kinds[i] == "player" else self.card_name(t)
                 for i, t in enumerate(targets)]
        text = _n(" on {targets}", " on {targets}", len(names), targets=", ".join(names)) if names else ""
        if costs:
            text += _(", paying with {cards}", cards=", ".join(self.card_name(c) for c in costs))
        return text

    def _ability_targets(self, card: int, index: int) -> tuple[tuple[str, dict[str, Any]], ...]:
        d = self._def_of(card)
        try:
            return tuple((d.ability(index).get("targets") or {}).items()) if d is not None else ()
        except KeyError:
            return ()

    def action_label(self, action: Any) -> str:  # an action of any type (its fields differ by type)
        t = action.type

        def xy(f: Sequence[int]) -> str:
            return f"({f[0]}, {f[1]})"

        n = self.card_name
        if t == "pass":
            return _("pass")
        if t == "draft_pick":
            return _("pick {card}", card=n(action.card))
        if t == "pay_upkeep":
            return _("pay the upkeep of {unit}", unit=n(action.unit))
        if t == "decline_upkeep":
            return _("do not pay the upkeep of {unit}", unit=n(action.unit))
        if t == "play_spell":
            d = self._def_of(action.card)
            return _("play {card}", card=n(action.card)) + self._on(d.targets if d else (), action.targets,
                                                                    action.costs)
        if t == "free_action":
            return (_("free action of {card}", card=n(action.source))
                    + self._on(self._ability_targets(action.source, action.ability), action.targets, action.costs))
        if t == "universal_free_action":
            return _("discard {card} and {other}: gain 1 resource", card=n(action.cards[0]), other=n(action.cards[1]))
        if t == "declare_trigger":
            return _("declare triggered action {number}", number=action.trigger + 1) + self._on((), action.targets)
        if t == "drop_place":
            return _("put {card} on {field}", card=n(action.member), field=xy(action.field))
        if t == "place_token":
            return _("put the token on {field}", field=xy(action.field))
        if t == "play_permanent":
            if action.mode == "next_unit":
                return _("play {card} to your next unit", card=n(action.card))
            return _("play {card} on {field}", card=n(action.card), field=xy(action.field))
        if t == "activate":
            return _("activate {card}", card=n(action.permanent))
        if t == "end_action_phase":
            return _("end the action phase")
        if t == "end_activation":
            return _("end the activation")
        if t == "move":
            if len(action.path) <= 2:
                return _("move {unit} to {field}", unit=n(action.unit), field=xy(action.path[-2:]))
            via = " ".join(xy(action.path[i:i + 2]) for i in range(0, len(action.path) - 2, 2))
            return _("move {unit} to {field} via {fields}", unit=n(action.unit), field=xy(action.path[-2:]),
                     fields=via)
        if t == "attack":
            return _("{unit} attacks {defender}", unit=n(action.unit), defender=n(action.defender))
        if t == "full_action":
            return (_("full action of {unit}", unit=n(action.unit))
                    + self._on(self._ability_targets(action.unit, action.ability), action.targets))
        if t in ("equip", "swap"):
            message = {("equip", "move"): N_("{unit} equips {other} (using its move action)"),
                       ("equip", "attack"): N_("{unit} equips {other} (using its attack action)"),
                       ("swap", "move"): N_("{unit} swaps {other} (using its move action)"),
                       ("swap", "attack"): N_("{unit} swaps {other} (using its attack action)")}[t, action.spend]
            return _(message, unit=n(action.unit), other=n(action.equipment if t == "equip" else action.artifact))
        if t == "carry":
            return _("{unit} carries {artifact} to {field}, drops it on {drop}", unit=n(action.unit),
                     artifact=n(action.artifact), field=xy(action.path[-2:]), drop=xy(action.drop))
        if t == "clear_paralysis":
            message = (N_("{unit} clears 1 paralysis (using its move action)") if action.spend == "move"
                       else N_("{unit} clears 1 paralysis (using its attack action)"))
            return _(message, unit=n(action.unit))
        if t == "buy":
            return _("buy {card}", card=n(action.card))
        if t == "skip_buy":
            return _("buy nothing")
        if t == "end_discard":
            return _("end the turn") if not action.cards else _("discard {card}", card=n(action.cards[0]))
        return str(action)

    def display_order(self, actions: list[Any], view: dict[str, Any] | None = None) -> list[Any]:
        kinds = {t: i for i, t in enumerate(("draft_pick", "pay_upkeep", "decline_upkeep", "play_permanent",
                                             "activate", "move", "attack", "full_action", "equip", "swap", "carry",
                                             "clear_paralysis", "play_spell", "free_action", "declare_trigger",
                                             "drop_place", "place_token", "buy", "universal_free_action",
                                             "end_activation", "end_action_phase", "skip_buy", "end_discard",
                                             "pass"))}
        own = _own_units(view)
        # an attack on one's own unit (legal: OP-19) after the attacks on the enemy's; the label sorts ties (in
        # the reader's language, as they read the list)
        return sorted(actions, key=lambda a: (kinds.get(a.type, 99), a.type == "attack" and a.defender in own,
                                              self.action_label(a)))

    def view_label(self, action: Any, view: dict[str, Any]) -> str | None:
        """A triggered action is named by its card, not its number in the pending list ('declare the triggered
        action of Scout', MUHQ-ACT-7). An attack on a unit of the player to act says so (the rules allow it,
        OP-19), on the VIP the loudest: losing it loses the game where the board counts VIPs (MUHQ-WIN-3)."""
        if action.type == "declare_trigger":
            pending = view.get("triggers") or []
            if not 0 <= action.trigger < len(pending):
                return None
            return (_("declare the triggered action of {card}", card=pending[action.trigger]["card"])
                    + self._on((), action.targets))
        if action.type != "attack" or action.defender not in _own_units(view):
            return None
        vip = any(p["id"] == action.defender and p.get("role") == "vip" for p in view["permanents"])
        # the viewer is the seat whose hand the view shows; another seat hears of it as P1's own unit
        mover = view["to_act"]
        viewer = next((p["seat"] for p in view.get("players", ()) if p.get("hand") is not None), None)
        label = self.action_label(action)
        if viewer == mover:
            return _("{label} — your own VIP!", label=label) if vip else _("{label} — your own unit", label=label)
        if vip:
            return _("{label} — P{seat}'s own VIP!", label=label, seat=mover)
        return _("{label} — P{seat}'s own unit", label=label, seat=mover)

    def log_entry(self, action: Action, actor: int, viewer: int | None) -> tuple[str, dict[str, Any]]:
        if action.type == "draft_pick" and viewer != actor:  # MUHQ-DRAFT-4: picks are hidden
            return _("pick a card"), {"type": "draft_pick"}
        return self.action_label(action), action.to_json()


def _own_units(view: dict[str, Any] | None) -> set[int]:
    """The ids of the permanents the player to act controls, as ``view`` shows them (none without a view)."""
    if not view:
        return set()
    return {p["id"] for p in view.get("permanents", ()) if p["controller"] == view.get("to_act")}
