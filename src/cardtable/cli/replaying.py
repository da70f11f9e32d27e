"""`cardtable replay --at/--as/--step`: a recorded game's table at any step, drawn as `play` draws it, through one
seat's view (or the spectator's). A record holds the whole deal; what is drawn shows only what that seat could
see at that step."""

from __future__ import annotations

import json
from typing import Any, Callable

from rich.console import Console
from rich.markup import escape

from cardtable.engine import CardtableError, Game, Record, State, load
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.steps import Steps

from .render import render_view, seat_label

_ = Translator("cardtable")
TOLD_MOVES = 10  # a step forward of at most this many actions lists them
STEP_HELP = N_("Enter: next action · b: back one · a number: that step (0 is the deal) · e: the end · q: quit")


def replay_label(state: State, player: int, data: Any) -> str:
    """A recorded action as the mover read it (``Game.move_label`` from their view: 'steal 1 force', not
    'option 2'); an action that does not parse is shown as its JSON (the replay then names what is wrong)."""
    game = state.game
    try:
        return game.move_label(game.parse_action(data), state.view(player))
    except CardtableError:
        return json.dumps(data)


def recorded_agents(rec: Record) -> list[str] | None:
    """The agent of each seat as `simulate --record` wrote it down, or None (`play --record` writes none)."""
    agents = rec.meta.get("agents")
    return [str(a) for a in agents] if isinstance(agents, list) and len(agents) == rec.players else None


def draw_step(console: Console, state: State, rec: Record, seat: int | None, step: int) -> None:
    """The table after ``step`` actions of ``rec`` (``state``), as ``seat`` (None: a spectator) saw it, and who
    moved next; the next move in words only to its mover, since the words are read from the mover's view."""
    game = state.game
    names = recorded_agents(rec) or [_("player")] * game.num_players
    if seat is None:
        seen = _("seed {seed} · after {step} of {n} actions · as a spectator sees it", seed=rec.seed, step=step,
                 n=len(rec.actions))
    else:
        seen = _("seed {seed} · after {step} of {n} actions · as {seat} sees it", seed=rec.seed, step=step,
                 n=len(rec.actions), seat=seat_label(game, seat))
    console.print(f"[bold]{escape(game.info.title)}[/] · {escape(seen)}")
    render_view(console, game, state.view(seat), names)
    if state.is_terminal():
        console.print(escape(_("over: scores {scores}", scores=str(state.scores()))))
    elif step < len(rec.actions):
        player, action = rec.actions[step]
        if seat == player:
            console.print(escape(_("next: action {step} by {seat}: {move}", step=step, seat=seat_label(game, player),
                                   move=replay_label(state, player, action))))
        else:
            console.print(escape(_("next: action {step} by {seat}", step=step, seat=seat_label(game, player))))


def step_through(console: Console, rec: Record, seat: int | None, start: int, read: Callable[[str], str]) -> None:
    """Draw ``rec`` at ``start``, then go where each line read says (STEP_HELP) until q or the input ends."""
    game = load(rec.game, players=rec.players, options=rec.options)
    steps = Steps(game, rec.seed, rec.actions)
    step = start
    console.print(_(STEP_HELP))
    while True:
        draw_step(console, steps.at(step), rec, seat, step)
        while True:
            try:
                text = read(_("step {step} of {n} > ", step=step, n=len(steps))).strip().lower()
            except EOFError:
                return
            if text == "q":
                return
            wanted = _where(text, step, len(steps))
            if wanted is None:
                console.print(escape(_("Not understood: {text}. {help}", text=repr(text), help=_(STEP_HELP))))
            elif wanted == step:
                console.print(_("Already there: the end.") if step == len(steps) else _("Already there: the deal.")
                              if step == 0 else _("Already there: step {step}.", step=step))
            else:
                if step < wanted <= step + TOLD_MOVES:  # what happened on the way, as this viewer heard it
                    for n in range(step, wanted):
                        console.print(f"{n:>4} {escape(heard(game, rec, n, seat))}")
                step = wanted
                break


def heard(game: Game, rec: Record, n: int, viewer: int | None) -> str:
    """Action ``n`` of ``rec`` as ``viewer`` (None: a spectator) heard of it, as the web table's log tells it
    (``Game.log_entry``: a game's secret actions stay secret)."""
    player, data = rec.actions[n]
    try:
        text = game.log_entry(game.parse_action(data), player, viewer)[0]
    except CardtableError:
        text = json.dumps(data)
    return f"{seat_label(game, player)}: {text}"


def _where(text: str, step: int, length: int) -> int | None:
    """The step a typed line asks for (kept within the game), or None for a line that means nothing."""
    if text in ("", "n"):
        return min(step + 1, length)
    if text == "b":
        return max(step - 1, 0)
    if text == "e":
        return length
    if text.isdigit():
        return min(int(text), length)
    return None


def store_for_web(rec: Record, source: str, db: str) -> str:
    """Store ``rec``'s finished game as a table in the web server's database ``db`` (created if missing), seats
    named after the agents that `simulate --record` wrote down; returns the new table's id."""
    import time
    import uuid

    from cardtable.agents import agent_names
    from cardtable.store import SqliteStore, StoredTable

    state = rec.replay(check=True, source=source)
    if not state.is_terminal():
        raise CardtableError(_("{source}: the game is not over, and the web table replays finished games "
                               "(walk through this one with --step)", source=source))

    known = agent_names(state.game)
    seats = [a if a in known else "human" for a in recorded_agents(rec) or ["human"] * rec.players]
    table_id = uuid.uuid4().hex[:12]
    store = SqliteStore(db)
    try:
        store.create_table(StoredTable(
            table_id, rec.game, rec.players, dict(rec.options), rec.seed, [{"kind": k, "takeover": None} for k in seats],
            {"takeover_seconds": None, "hot_seat": False}, time.time(), actions=list(rec.actions))).result()
    finally:
        store.close()
    return table_id
