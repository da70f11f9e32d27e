"""A game in the terminal: human seats (hot-seat when several) against bots.

Each human sees only their own view; bots get only Observations; between human turns in a
hot-seat game the screen is cleared and the next player is asked to take over. A human's only legal move
(most often a pass in a Mítosz window where nothing can be played) is taken without asking when one
person plays against bots; hot-seat and a game played alone ask for it, see :func:`play_terminal`.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardtable.agents import Observation, make_agent
from cardtable.engine import Action, CardtableError, Game, IllegalAction, State, UnknownAgent
from cardtable.engine.i18n import Translator
from cardtable.engine.rng import derive_seed
from cardtable.engine.terminal import print_hanging

from .render import describe_events, move_labels, print_moves, render_view, seat_label

_ = Translator("cardtable")
_n = _.plural


def help_text(game: Game, legal: list[Action]) -> str:
    """What '?' prints: every input the move prompt takes, with this game's JSON (the first move listed)."""
    example = json.dumps(legal[0].to_json()) if legal else '{"type": "pass"}'
    return _("Type the number of a move (1 to {n}) and press Enter. Other inputs:\n"
             "  a move as JSON, e.g. {example} (move 1)\n"
             "  ?, h, help       this help\n"
             "  v, view          show the table again\n"
             "  q, quit, exit    leave the game unfinished (also Ctrl-D)", n=len(legal), example=example)


class Quit(Exception):
    pass


def play_terminal(
    console: Console,
    game: Game,
    seats: list[str],
    seed: int,
    read: Callable[[str], str],
    take_forced: bool | None = None,
) -> State:
    """Play one game; returns the final state. ``read(prompt)`` supplies each line a human types.

    ``take_forced``: take a human's only legal move without asking (and without drawing the table for it).
    A Mítosz game asks a person about 300 times for a pass that is their only move, against about 100 real
    decisions. None: take it when one person plays against bots, which read no clock; ask in hot-seat, where
    a turn that passes without a handover would tell the others that the player had no answer (OP-43), and
    alone at the table, where each step is the reader's own pace (a MAOQY oracle reveals its cards one by one)."""
    if take_forced is None:
        people = sum(1 for name in seats if name == "human")
        take_forced = people == 1 and len(seats) > 1
    state = game.new_initial_state(seed=seed)
    agents = {i: make_agent(name, game, derive_seed(seed, f"seat{i}")) for i, name in enumerate(seats) if name != "human"}
    humans = [i for i, name in enumerate(seats) if name == "human"]
    names = [f"{name}" for name in seats]
    console.print(f"[bold]{escape(game.info.title)}[/] · " + escape(_(
        "{players} players · seed {seed} · seats: {seats}", players=game.num_players, seed=state.seed,
        seats=", ".join(f"{i}={n}" for i, n in enumerate(names)))))
    last_human = None
    told = _MoveRuns(console)
    try:
        while not state.is_terminal():
            player = state.current_player
            before = state.view(None)
            if player in agents or take_forced and len(legal := state.legal_actions()) == 1:
                # A move nobody at this screen chose (a bot's, or a seat's only move taken for it) is told as
                # the people here may know it: with several of them, only the public part (the seat whose only
                # move it was may not be the one at the keyboard); with one, what that seat sees.
                viewer = humans[0] if len(humans) == 1 else None
                seen = before if viewer is None else state.view(viewer)
                action = agents[player].act(Observation(state, player)) if player in agents else legal[0]
                state.apply(action, player=player)
                text = game.view_label(action, seen) or game.log_entry(action, player, viewer)[0]
                if player in agents:
                    told.add(text, f"{seat_label(game, player)} ({escape(names[player])})")
                else:
                    mine = player == viewer
                    who = escape(_("you")) if mine else escape(names[player])
                    told.add(text, f"{seat_label(game, player)} ({who})",
                             " [dim]" + escape(_("(your only move)") if mine else _("(the only move)")) + "[/]")
            else:
                told.flush()
                if len(humans) > 1 and last_human != player:
                    console.clear()
                    read(_("{seat}: take the keyboard so that only you see the screen, then press Enter ",
                           seat=_capital(seat_label(game, player))))
                last_human = player
                label = _human_turn(console, game, state, player, names, read)
                console.print(escape(_("{seat} (you): {move}", seat=seat_label(game, player), move=label)))
            for line in describe_events(game, before, state.view(None), player, names):
                told.flush()
                print_hanging(console, Text(line))  # plain text: names from data files, not markup
    except Quit:
        told.flush()
        console.print(_("Game left unfinished."))
        return state
    told.flush()
    # The final position (nobody was shown what the last move did), as the people at this screen may see it.
    render_view(console, game, state.view(humans[0] if len(humans) == 1 else None), names)
    _show_result(console, game, state, names)
    return state


class _MoveRuns:
    """Prints the moves nobody at this screen chose. A run of the same move by the seats in turn — a Mítosz
    window that everyone passes, phase after phase — is told on one line when it ends:
    "P0 (you): pass ×3 (your only move) · P1 (heuristic): pass ×3" instead of six lines."""

    def __init__(self, console: Console):
        self.console = console
        self.text: str | None = None
        self.counts: dict[tuple[str, str], int] = {}  # (who, note) → moves, in the order first seen

    def add(self, text: str, who: str, note: str = "") -> None:
        """``who`` and ``note`` are Rich markup; ``text`` is plain."""
        if text != self.text:
            self.flush()
            self.text = text
        self.counts[(who, note)] = self.counts.get((who, note), 0) + 1

    def flush(self) -> None:
        if self.text is None:
            return
        self.console.print(" · ".join(f"{who}: {escape(self.text)}{f' ×{n}' if n > 1 else ''}{note}"
                                      for (who, note), n in self.counts.items()))
        self.text = None
        self.counts = {}


def _human_turn(console: Console, game: Game, state: State, player: int, names: list[str],
                read: Callable[[str], str]) -> str:
    """Ask for a move until one is legal and applied; its label as the player read it."""
    render_view(console, game, state.view(player), names)
    while True:
        view = state.view(player)
        legal = game.display_order(state.legal_actions(), view)
        print_moves(console, move_labels(game, view, legal))
        try:
            choices = "1" if len(legal) == 1 else f"1-{len(legal)}"  # "[1-1]" for a single move read oddly
            text = read(_("{seat}, your move [{choices}]: ", seat=_capital(seat_label(game, player)),
                          choices=choices)).strip()
        except EOFError:
            raise Quit from None
        if text in ("q", "quit", "exit"):
            raise Quit
        if text in ("?", "h", "help"):
            console.print(escape(help_text(game, legal)))
            continue
        if text in ("v", "view"):
            render_view(console, game, state.view(player), names)
            continue
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(legal):
                console.print("[red]" + escape(_("There is no move {index}; choose 1 to {n}.", index=index,
                                                 n=len(legal))) + "[/]")
                continue
            action = legal[index - 1]
        elif text.startswith("{"):
            try:
                action = json.loads(text)
            except ValueError as exc:
                console.print("[red]" + escape(_("Not JSON: {reason}", reason=str(exc))) + "[/]")
                continue
        else:
            console.print("[red]" + escape(_("Type a move number from 1 to {n} (or ? for help).", n=len(legal)))
                          + "[/]")
            continue
        try:
            state.apply(action, player=player)
        except IllegalAction as exc:
            console.print("[red]" + escape(_("Rejected ({rule}): {message}", rule=str(exc.rule),
                                             message=str(exc.message))) + "[/]")
            continue
        return game.move_label(action if not isinstance(action, dict) else game.parse_action(action), view)


def _show_result(console: Console, game: Game, state: State, names: list[str]) -> None:
    returns = state.returns()
    table = Table(title=_("Final result"))
    table.add_column(_("seat"))
    table.add_column(_("player"))
    table.add_column(_("score"))
    table.add_column(_("result"))
    for i, (score, share) in enumerate(zip(state.scores(), returns)):
        table.add_row(str(i), escape(names[i]), escape(_score_words(score)),
                      "[bold green]" + escape(_("wins")) + "[/]" if share > 0 else "")  # i18n: no (markup)
    console.print(table)
    winners = [i for i, share in enumerate(returns) if share > 0]
    if not winners:
        console.print(_("No winner."))
        return
    who = [f"{seat_label(game, i)} ({names[i]})" for i in winners]
    if len(who) == 1:
        console.print(escape(_("Winner: {seat}", seat=who[0])))
    else:
        both = who[0]
        for other in who[1:]:
            both = _("{a} and {b}", a=both, b=other)
        console.print(escape(_("Winner: {seats} (shared)", seats=both)))



def _capital(label: str) -> str:
    """'seat 0' → 'Seat 0' at the start of a prompt; 'P0' stays."""
    return label[:1].upper() + label[1:]


def _score_words(score: Any) -> str:
    """A game's score as a person reads it: a number as it is; several ({'resource': 2, 'vp': 0}) as
    'resource 2, VP 0' (a key of two letters or fewer is an abbreviation)."""
    if isinstance(score, dict):
        return ", ".join(f"{k.upper() if len(k) <= 2 else k.replace('_', ' ')} {_score_words(v)}"
                         for k, v in score.items())
    return str(score)


def parse_seats(game: Game, specs: list[str]) -> list[str]:
    """Seat specs as given (human or an agent name), padded: seat 0 human, the rest the game's best bot."""
    from cardtable.agents import agent_names

    known = agent_names(game)
    default_bot = "heuristic" if "heuristic" in known else "random"
    seats = list(specs) if specs else ["human"]
    if len(seats) > game.num_players:
        raise CardtableError(_("{n} seats given for {players} players", n=len(seats), players=game.num_players))
    seats += [default_bot] * (game.num_players - len(seats))
    for name in seats:
        if name == "human" or name in known:
            continue
        try:  # any agent the other commands take, e.g. a tuned search such as ismcts-30+k3-d10-m3
            make_agent(name, game)
        except UnknownAgent as exc:
            why = f" ({exc.reason})" if exc.reason else ""
            raise CardtableError(_("unknown seat {name}{why}; a seat is 'human', one of: {known}, or another ismcts "
                                   "name this game supports (docs/bots.md)", name=repr(name), why=why,
                                   known=", ".join(known))) from None

    return seats
