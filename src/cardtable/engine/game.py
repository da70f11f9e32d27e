"""The game-agnostic interface every game implements (after OpenSpiel's Game/State split).

A :class:`Game` is a rule set with its player count and options fixed; it makes states. A
:class:`State` is one position of one game: who acts, what they may do, what each player may
see. Everything outside ``cardtable.games`` (CLI, bots, simulation, records, server) works
through this interface only.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from .actions import Action, ActionCodec
from .errors import IllegalAction, OptionError
from .i18n import Translator
from .kit import EMPTY, Kit
from .options import Option, resolve_options
from .rng import Rng, new_seed

if TYPE_CHECKING:
    from .record import Record

_ = Translator("cardtable")


#: Engine rule ID for any action sent after the game has ended.
GAME_OVER = "GAME-OVER"


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    rules_version: str
    #: rule ID an action by a player who is not to act breaks (e.g. "MOJO-3.6")
    turn_rule: str
    docs: str = ""
    #: the regular expression of the game's rule IDs (its rulebook: ``data/rules.md`` beside the game module)
    rule_pattern: str = ""
    #: the rule IDs of endings that are a limit (a turn cap), not the game's own end: `simulate` and `balance`
    #: warn when many games end so, since their figures then describe the cap more than the game
    limit_rules: tuple[str, ...] = ()


class Game:
    """A game with its player count and options fixed. Subclasses set the class attributes."""

    info: ClassVar[GameInfo]
    declared_options: ClassVar[tuple[Option, ...]] = ()
    codec: ClassVar[ActionCodec]
    #: the parts the surfaces play this game with (heuristic, resample, probe, encoder, renderers): engine/kit.py.
    #: Each game class names its own; a class that names none has none (a variant does not inherit its base's)
    kit: ClassVar[Kit] = EMPTY

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kit" not in cls.__dict__:
            cls.kit = EMPTY

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None):
        info = self.info
        if players is None:
            players = info.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(_("players must be an integer from {low} to {high}, not {players}", low=info.min_players,
                                high=info.max_players, players=repr(players)))
        if not info.min_players <= players <= info.max_players:
            raise OptionError(_("{game} takes {low} to {high} players, not {players}", game=info.title,
                                low=info.min_players, high=info.max_players, players=players))
        self.num_players = players
        self.options = resolve_options(self.declared_options, options)
        self.check_options()

    # -- to override -------------------------------------------------------------------------
    def check_options(self) -> None:
        """Raise OptionError when the options do not fit together or with the player count."""

    def new_initial_state(self, seed: int | None = None) -> "State":
        raise NotImplementedError

    def catalogue(self) -> dict[str, Any]:
        """Static public data a surface or a bot may need (card values, names). JSON-ready."""
        return {}

    def action_label(self, action: Action) -> str:
        """A short text for a person: 'play 7 (yellow) on pile 0'."""
        return str(action)

    def view_label(self, action: Action, view: dict[str, Any]) -> str | None:
        """A label for ``action`` that needs the position, read from ``view`` (the view of a seat that may read
        the move: the chooser's before it is made), or None where ``action_label`` says it all (the default).
        For an answer named only by its number, such as Mítosz's 'option 2', the words of that answer."""
        return None

    def move_label(self, action: Action, view: dict[str, Any] | None) -> str:
        """``view_label`` where there is one, else ``action_label``: what every surface lists a move as."""
        if view is not None:
            label = self.view_label(action, view)
            if label is not None:
                return label
        return self.action_label(action)

    def log_entry(self, action: Action, actor: int, viewer: int | None) -> tuple[str, dict[str, Any]]:
        """How ``viewer`` (a seat, or None for a spectator) hears of ``actor``'s ``action``: a text and the
        action's JSON. Every surface that tells other seats of a move (server log, terminal) goes through
        this. By default every action is public; a game with secret actions overrides it and sets
        ``secret_actions``."""
        return self.action_label(action), action.to_json()

    secret_actions = False  # True when log_entry hides something of some actions from some viewers

    def undoable(self, state: "State", action: Action) -> bool:
        """May ``action``, just applied to reach ``state``, be taken back? Only if it used no chance and
        revealed nothing hidden; games say which of their actions qualify (none by default)."""
        return False

    def display_order(self, actions: list[Action], view: dict[str, Any] | None = None) -> list[Action]:
        """The legal actions in the order a person reads them best (the engine's order is for speed); ``view``,
        the mover's, where the order depends on the position."""
        return list(actions)

    # -- shared ------------------------------------------------------------------------------
    def parse_action(self, data: Any) -> Action:
        return self.codec.parse(data)

    #: the catalog domain of the game's texts; None: the package under ``cardtable.games`` (``mojo``)
    text_domain: str | None = None

    def texts(self, message: str) -> str:
        """``message`` (a text the game declared with ``N_``: its summary, an option's help) in the reader's
        language, from the game's own catalog."""
        domain = self.text_domain or _package_domain(type(self).__module__)
        return Translator(domain)(message) if domain else message

    def describe(self) -> dict[str, Any]:
        """The game as surfaces list it, in the reader's language (summary and options' help)."""
        info = self.info
        return {
            "name": info.name,
            "title": info.title,
            "summary": self.texts(info.summary),
            "players": [info.min_players, info.max_players],
            "default_players": info.default_players,
            "rules_version": info.rules_version,
            "options": [{**o.to_json(), "doc": self.texts(o.doc)} for o in self.declared_options],
        }

    def __repr__(self) -> str:
        return f"<{self.info.name} players={self.num_players} options={self.options}>"


class State:
    """One position of a game.

    Subclasses implement ``legal_actions``, ``_apply``, ``is_terminal``, ``returns``, ``scores``,
    ``view``, ``clone`` and ``snapshot``, and keep ``current_player`` (−1 once the game is over)
    and ``history`` (the ``(player, action)`` pairs applied so far) up to date. ``_apply`` must check
    everything before it changes anything, so that a rejected action leaves the state as it was.
    """

    game: Game
    seed: int
    current_player: int
    history: list[tuple[int, Action]]

    def apply(self, action: Action | Mapping[str, Any], player: int | None = None) -> None:
        """Apply ``action`` for the player to act; with ``player`` given, also check it is their turn.

        Raises :class:`IllegalAction` (naming the broken rule) and leaves the state unchanged.
        """
        if not isinstance(action, Action):
            action = self.game.codec.parse(action)
        actor = self.current_player
        if player is not None and player != actor:
            if actor < 0:
                raise IllegalAction(GAME_OVER, _("the game is over; no more actions are taken"))
            raise IllegalAction(self.game.info.turn_rule, _("it is seat {actor}'s turn, not seat {player}'s; wait for "
                                                            "your turn", actor=actor, player=player))
        self._apply(action)
        self.history.append((actor, action))

    def is_legal(self, action: Action | Mapping[str, Any]) -> bool:
        try:
            action = self.game.parse_action(action)
        except IllegalAction:
            return False
        return action in self.legal_actions()

    def digest(self) -> str:
        """A fingerprint of the whole state (hidden parts included): equal digests, equal states."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def record(self) -> Record:
        from .record import Record

        return Record.from_state(self)

    # -- to override -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def returns(self) -> list[float]:
        """Each seat's share of the win once the game is over; zeros before.

        The one meaning of a draw in every game (docs/engine.md, "Results and draws"): a win shared by k seats
        gives each of them 1/k, and a game that ends with no winner is a draw among the seats still in it, each
        of them 1/k; seats out of the game get 0. So a finished game's returns always add up to 1."""
        raise NotImplementedError

    def end_rule(self) -> str | None:
        """The rule ID of the ending that finished the game (e.g. ``"MAOQY-8.1"``); None while it runs."""
        return None

    def ended_by_limit(self) -> bool:
        """Did the game end by a limit (a turn cap of ``GameInfo.limit_rules``) rather than by its own rules?"""
        return self.end_rule() in self.game.info.limit_rules

    def scores(self) -> list[Any]:
        """The game's own score of each seat (totals, points), public at any time."""
        raise NotImplementedError

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, JSON-ready; ``None`` is a spectator, who sees public information only."""
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def resample(self, seat: int, rng: Rng) -> "State":
        """A copy in which everything hidden from ``seat`` is redealt at random from ``rng``, consistently with
        what ``seat`` has seen (a determinization; ``cardtable.agents.determinize`` states the guarantees). This
        state, its own generator included, is left unchanged. The game's kit names the function (``Kit.resample``)."""
        if not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat {seat} is not a seat of this game")  # i18n: no (programmers: make_agent checks first)
        redeal = self.game.kit.load("resample")
        result: State = redeal(self, seat, rng)
        return result

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON, hidden parts included. For tests, digests and debugging; never for players."""
        raise NotImplementedError


def _package_domain(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["cardtable", "games"] else None


def fresh_seed(seed: int | None) -> int:
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(_("a seed is an integer ≥ 0, not {seed}", seed=repr(seed)))
    return seed
