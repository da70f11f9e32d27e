"""The commands that play many games between bots: `cardtable simulate` (win rates and speed) and `cardtable
tournament` (a round robin on mirrored deals, with ratings and a crosstable). `cardtable balance` is in
``balance``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, Optional, Sequence

import typer
from rich.markup import escape
from rich.table import Table

from cardtable.engine import CardtableError, load
from cardtable.engine.i18n import N_, Translator, number

from .figures import number_text, percent, score_text
from .options import (AddressArg, BackendArg, CheckpointArg, ChunkSizeArg, DataArg, OptionArg, PlayersArg,
                      WorkersArg, parse_options, use_data)
from .output import console, err, games_bar, stopped_early
from .paths import writable_file

if TYPE_CHECKING:
    from cardtable.sim.runner import GameOutcome

_ = Translator("cardtable")
_n = _.plural


def simulate(
    game: Annotated[str, typer.Argument(help=N_("game name"))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help=N_("number of games"))] = 100,
    players: PlayersArg = None,
    agents: Annotated[str, typer.Option(help=N_("comma-separated agents, one per seat or one for all (seats rotate across games)"))] = "random",
    seed: Annotated[int, typer.Option(min=0, help=N_("seed of game 0; game i uses seed + i"))] = 0,
    option: OptionArg = None,
    record: Annotated[Optional[Path], typer.Option(help=N_("write every game's record (JSON lines) to this file"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print one JSON object and nothing else"))] = False,
    workers: WorkersArg = None,
    backend: BackendArg = None,
    address: AddressArg = None,
    chunk_size: ChunkSizeArg = None,
    checkpoint: CheckpointArg = None,
    data: DataArg = None,
) -> None:
    """Play many games between bots and report win rates (with 95 % intervals) and speed. Games run on every
    core (--workers, --backend ray); the same seed gives the same numbers on any of them. Ctrl-C stops early
    and reports the games finished so far (marked partial, exit code 130)."""
    from cardtable.sim import simulate as run
    from cardtable.sim.executors import check_run
    from cardtable.sim.runner import lineup_for

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise CardtableError(_("--agents needs at least one agent name"))
    use_data(data)
    opts = parse_options(option, game)
    lineup_for(load(game, players=players, options=opts), names)  # every bad input fails here, before any output
    check_run(backend, address, workers)
    out = writable_file(record).open("w", encoding="utf-8") if record else None
    try:
        with games_bar(escape(_n("{game}: {n} game", "{game}: {n} games", games, game=game, n=number_text(games))),
                       games, shown=not as_json) as tick:

            def on_game(outcome: GameOutcome) -> None:
                if out is not None and outcome.record is not None:
                    outcome.record.meta = {"agents": outcome.seats}
                    outcome.record.write(out)
                if tick is not None:
                    tick()

            summary = run(game, games, players=players, agents=names, seed=seed, options=opts,
                          on_game=on_game, keep_records=out is not None, workers=workers, backend=backend,
                          address=address, chunk_size=chunk_size, checkpoint=checkpoint)
    finally:
        if out is not None:
            out.close()
    if as_json:
        print(json.dumps(summary))
    else:
        _print_simulation(summary, record)
    if summary["partial"]:
        stopped_early(summary['games_played'], summary['games'], checkpoint)
        raise typer.Exit(130)


def _print_simulation(summary: dict[str, Any], record: Path | None) -> None:
    partial = (" [bold yellow]" + escape(_("(PARTIAL: {n} played)", n=number_text(summary['games_played'])))  # i18n: no (markup)
               + "[/]") if summary["partial"] else ""
    table = Table(title=escape(_n("{game}: {n} game", "{game}: {n} games", summary['games'], game=summary['game'],
                                  n=number_text(summary['games']))) + partial + escape(
        _n(", {n} player, seats rotated", ", {n} players, seats rotated", summary['players'])))
    for col in (_("agent"), _("seats"), _("wins"), _("win rate"), _("95 % interval"), _("mean score")):
        table.add_column(col)
    for name, a in summary["per_agent"].items():
        low, high = a["win_rate_ci95"]
        table.add_row(escape(name), str(a["seats"]), number_text(a['wins']), percent(a['win_rate']),
                      f"{percent(low)} – {percent(high)}", score_text(a["mean_score"]))
    console.print(table)
    if summary["first_seat_win_rate"] is not None:
        low, high = summary["first_seat_win_rate_ci95"]
        console.print(_("seat 0 won {rate} of the games, 95 % interval {low} – {high} (even seats: {even})",
                        rate=percent(summary['first_seat_win_rate']), low=percent(low), high=percent(high),
                        even=percent(1 / summary['players'])), soft_wrap=True)
    console.print(_("{actions} actions per game · {games} games/s · {speed} actions/s · {errors} errors",
                    actions=number(summary['mean_actions'], 1), games=number(summary['games_per_s']),
                    speed=number(summary['actions_per_s'] or 0, 0), errors=number_text(summary['errors'])))
    if summary["endings"]:
        console.print(_("how the games ended: {endings}", endings=", ".join(
            f"{escape(rule)} {number_text(count)}" for rule, count in summary["endings"].items())), soft_wrap=True)
    for warning in summary["warnings"]:
        err.print(f"[bold yellow]" + escape(_("warning:")) + f"[/] {escape(warning)}", highlight=False, soft_wrap=True)  # i18n: no (markup)
    for message in summary["error_messages"]:
        err.print(f"[yellow]{escape(str(message))}[/]", highlight=False, soft_wrap=True)  # one line each
    if record:
        console.print(escape(_("Records written to {path}", path=str(record))))


def tournament(
    game: Annotated[str, typer.Argument(help=N_("game name"))],
    agents: Annotated[str, typer.Option(help=N_("comma-separated agents, at least two; a name given twice plays "
                                             "itself (random#1, random#2)"))] = "heuristic,random",
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help=N_("deals per pairing; each deal is played "
                                       "twice, mirrored, so a pairing plays 2 × N games"))] = 100,
    players: PlayersArg = None,
    seed: Annotated[int, typer.Option(min=0, help=N_("seed of deal 0; deal i uses seed + i in every pairing"))] = 0,
    option: OptionArg = None,
    out: Annotated[Optional[Path], typer.Option("--out", help=N_("write one CSV row per game to this file"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print one JSON object and nothing else"))] = False,
    workers: WorkersArg = None,
    backend: BackendArg = None,
    address: AddressArg = None,
    chunk_size: ChunkSizeArg = None,
    checkpoint: CheckpointArg = None,
) -> None:
    """Round robin between agents on mirrored deals: win rates with 95 % intervals, openskill ratings, a
    crosstable. Games run on every core (--workers, --backend ray); the same seed gives the same results on any
    of them. Ctrl-C stops early and reports the games finished so far (marked partial, exit code 130)."""
    from cardtable.sim.executors import check_run
    from cardtable.sim.tournament import prepare

    names = [a.strip() for a in agents.split(",") if a.strip()]
    t = prepare(game, names, games, players=players, seed=seed, options=parse_options(option, game))
    check_run(backend, address, workers)
    fh: IO[str] | None = None
    if out is not None:
        try:
            fh = out.open("w", encoding="utf-8", newline="")
        except OSError as exc:
            raise CardtableError(_("cannot write {path}: {reason}", path=str(out), reason=exc.strerror or exc)) from None
    try:
        with games_bar(escape(_n("{game}: {n} game (Ctrl-C stops, keeps results)",
                                 "{game}: {n} games (Ctrl-C stops, keeps results)", len(t.plan),
                                 game=game, n=number_text(len(t.plan)))), len(t.plan), shown=not as_json) as tick:
            t.play(on_game=(lambda _game: tick()) if tick is not None else None, workers=workers,
                   backend=backend, address=address, chunk_size=chunk_size, checkpoint=checkpoint)
        summary = t.summary()
        if fh is not None:
            t.write_csv(fh)
    finally:
        if fh is not None:
            fh.close()
    if as_json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print_tournament(summary, out)
    if summary["partial"]:
        stopped_early(summary['games_played'], summary['games_planned'], checkpoint)
        raise typer.Exit(130)


def _interval(pair: Sequence[float | None]) -> str:
    return f"{percent(pair[0])} – {percent(pair[1])}"


def print_tournament(s: dict[str, Any], out: Optional[Path]) -> None:
    pct = percent
    ci = _interval
    partial = " [bold yellow]" + escape(_("(PARTIAL)")) + "[/]" if s["partial"] else ""  # i18n: no (markup)
    console.print("[bold]" + escape(_("{game} tournament", game=s['game'])) + f"[/]{partial}: " + escape(_(
        "{agents} agents, {players} players, {deals} deals per pairing × 2 mirrored seatings, {played} of {planned} "
        "games, seeds {first}–{last}", agents=len(s['agents']), players=s['players'], deals=number_text(s['deals']),
        played=number_text(s['games_played']), planned=number_text(s['games_planned']), first=s['seed'],
        last=s['seed'] + s['deals'] - 1)), highlight=False)
    table = Table(title=_("pairings (score rate of the first agent; a draw counts half)"))
    for col in (_("pairing"), _("games"), _("W–D–L"), _("score rate"), _("Wilson 95 %"), _("bootstrap 95 %"),
                _("seat 0 wins")):
        table.add_column(col)
    for p in s["pairings"]:
        table.add_row(escape(_("{a} vs {b}", a=p['a'], b=p['b'])), number_text(p["games"]),
                      f"{p['a_wins']}–{p['draws']}–{p['b_wins']}",
                      pct(p["a_score_rate"]), ci(p["a_ci95_wilson"]), ci(p["a_ci95_bootstrap"]),
                      pct(p["first_seat_win_rate"]))
    console.print(table)
    table = Table(title=_("agents by rating ({model})", model=_(s['rating_model'])))
    for col in (_("agent"), _("games"), _("W–D–L"), _("score rate"), _("Wilson 95 %"), _("bootstrap 95 %"), "mu",
                "sigma", _("ordinal")):
        table.add_column(col)
    for label, r in s["ratings"].items():
        a = s["per_agent"][label]
        table.add_row(escape(label), number_text(a["games"]), f"{a['wins']}–{a['draws']}–{a['losses']}",
                      pct(a["score_rate"]), ci(a["ci95_wilson"]), ci(a["ci95_bootstrap"]), number(r['mu'], 2),
                      number(r['sigma'], 2), number(r['ordinal'], 2))
    console.print(table)
    order = list(s["ratings"])
    table = Table(title=_("crosstable (row's score rate against column)"))
    table.add_column("")
    for label in order:
        table.add_column(escape(label), justify="right")
    for row in order:
        table.add_row(escape(row), *("—" if row == col else pct(s["crosstable"][row][col]) for col in order))
    console.print(table)
    console.print(_("{errors} errors · {seconds} s · {speed} games/s", errors=number_text(s['errors']),
                    seconds=number(s['seconds']), speed=number(s['games_per_s'])), highlight=False)
    for message in s["error_messages"]:
        err.print(f"[yellow]{escape(str(message))}[/]", highlight=False, soft_wrap=True)  # one line each
    if out is not None:
        console.print(escape(_("Games written to {path}", path=str(out))), highlight=False)
