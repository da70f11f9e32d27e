"""`cardtable`: list games, play in the terminal, simulate bots, run tournaments and balance reports, replay records,
export data schemas, list rules."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cardtable.engine import CardtableError, load, load_records
from cardtable.engine.i18n import N_, Translator, number
from cardtable.engine.options import parse_option_value
from cardtable.engine.record import other_rules
from cardtable.engine.registry import game_class, game_names

from .options import (AddressArg, BackendArg, CheckpointArg, ChunkSizeArg, ForcedMoves, OptionArg, PlayersArg,
                      WorkersArg)
from .figures import number_text, percent, score_text
from .i18n import i18n_app
from .paths import listenable, writable_file
from .replaying import draw_step, replay_label, step_through, store_for_web

app = typer.Typer(
    help=N_("cardtable: play, simulate and study card games on one engine. Start with `cardtable games`."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
console = Console()
err = Console(stderr=True)


@app.callback()
def _everywhere(
    lang: Annotated[Optional[str], typer.Option(
        "--lang", metavar="en|de|hu",
        help=N_("the language to read cardtable in (default: CARDTABLE_LANG, then the system locale); it may also "
             "stand after the command"))] = None,
) -> None:
    # --lang is taken off the command line before Click reads it (cardtable.cli.language.run), so that it may
    # stand anywhere; it is declared here so that --help shows it.
    pass
_ = Translator("cardtable")
_n = _.plural


def handles_errors(fn):
    """Turn every cardtable error into one clear line on stderr and exit code 2; no traceback."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except CardtableError as exc:
            err.print(f"[red]" + escape(_("error:")) + f"[/] {escape(str(exc))}", highlight=False, soft_wrap=True)  # one line, however long
            raise typer.Exit(2) from None

    return wrapper


def parse_options(pairs: list[str] | None, game: str | None = None) -> dict:
    """``key=value`` pairs: a value is read as JSON where it parses, else as text; a free-text option of
    ``game`` (such as Mítosz's deck names) always takes the text as typed."""
    text = set()
    if game is not None:
        try:
            text = {o.name for o in game_class(game).declared_options if o.text}
        except CardtableError:
            pass  # an unknown game: load() says so
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CardtableError(_("--option takes key=value, not {pair}", pair=repr(pair)))
        key = key.strip()
        options[key] = value.strip() if key in text else parse_option_value(value.strip())
    return options


@app.command()
@handles_errors
def games(
    name: Annotated[Optional[str], typer.Argument(help=N_("show this game's options"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print JSON"))] = False,
):
    """List the games, their player counts and options."""
    names = [name] if name else game_names()
    described = [game_class(n)().describe() for n in names]
    # the values an option takes, in the reader's words (describe() gives them in English: the lobby reads them)
    allowed = {(n, o.name): o.allowed(translated=True) for n in names for o in game_class(n).declared_options}
    if as_json:
        print(json.dumps(described if not name else described[0], indent=2, ensure_ascii=False))
        return
    for n, d in zip(names, described):
        console.print(f"[bold]{escape(d['name'])}[/] — {escape(d['title'])}: {escape(d['summary'])}")
        console.print("  " + _("players {low}–{high} (default {default}), rules {version}", low=d['players'][0],
                                high=d['players'][1], default=d['default_players'], version=d['rules_version']))
        # One block per option (name = default, rule; then what it does and the values it takes), wrapped under
        # its name: a table cut names and values at 80 columns.
        for o in d["options"]:
            default = json.dumps(o["default"], ensure_ascii=False, separators=(", ", ": "))
            console.print(Padding(f"[bold]{escape(o['name'])}[/] = {escape(default)}  [dim]({escape(o['rule'])})[/]",
                                  (0, 0, 0, 2), expand=False), highlight=False)
            console.print(Padding(escape(_("{doc}; values: {allowed}", doc=o['doc'], allowed=allowed.get((n, o['name']), o['allowed']))),
                                  (0, 0, 0, 6), expand=False),
                          highlight=False)


@app.command()
@handles_errors
def play(
    game: Annotated[str, typer.Argument(help=N_("game name, e.g. mojo"))],
    players: PlayersArg = None,
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help=N_("seat 0, 1, … in order: human, random, heuristic, ismcts-fast, ismcts, ismcts-strong or another ismcts name (repeatable); missing seats are the heuristic bot"))] = None,
    option: OptionArg = None,
    seed: Annotated[Optional[int], typer.Option(help=N_("seed (a random one is chosen and shown if omitted)"))] = None,
    record: Annotated[Optional[Path], typer.Option(help=N_("write the game's record to this file"))] = None,
    forced: Annotated[Optional[ForcedMoves], typer.Option(help=N_("a move that is your only legal one: take it without asking, or ask for it anyway (default: take with one human against bots; ask in hot-seat and alone)"))] = None,
):
    """Play a game in the terminal against bots, or hot-seat with several humans."""
    from .play import parse_seats, play_terminal

    g = load(game, players=players, options=parse_options(option, game))
    seats = parse_seats(g, seat or [])
    if record:
        writable_file(record)  # before the game, not after it
    from cardtable.engine.game import fresh_seed

    state = play_terminal(console, g, seats, fresh_seed(seed), read=lambda prompt: console.input(prompt),
                          take_forced=None if forced is None else forced is ForcedMoves.take)
    if record:
        with record.open("w", encoding="utf-8") as fh:
            state.record().write(fh)
        console.print(escape(_("Record written to {path}", path=str(record))))


@app.command()
@handles_errors
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
):
    """Play many games between bots and report win rates (with 95 % intervals) and speed. Games run on every
    core (--workers, --backend ray); the same seed gives the same numbers on any of them. Ctrl-C stops early
    and reports the games finished so far (marked partial, exit code 130)."""
    from cardtable.sim import simulate as run
    from cardtable.sim.executors import check_run
    from cardtable.sim.runner import lineup_for

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise CardtableError(_("--agents needs at least one agent name"))
    opts = parse_options(option, game)
    lineup_for(load(game, players=players, options=opts), names)  # every bad input fails here, before any output
    check_run(backend, address, workers)
    out = writable_file(record).open("w", encoding="utf-8") if record else None
    try:
        progress = None if as_json else Progress(
            TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=err, transient=True,
        )

        def on_game(outcome):
            if out is not None and outcome.record is not None:
                outcome.record.meta = {"agents": outcome.seats}
                outcome.record.write(out)
            if progress is not None:
                progress.advance(task)

        if progress is not None:
            progress.start()
            task = progress.add_task(escape(_n("{game}: {n} game", "{game}: {n} games", games, game=game,
                                               n=number_text(games))), total=games)
        try:
            summary = run(game, games, players=players, agents=names, seed=seed, options=opts,
                          on_game=on_game, keep_records=out is not None, workers=workers, backend=backend,
                          address=address, chunk_size=chunk_size, checkpoint=checkpoint)
        finally:
            if progress is not None:
                progress.stop()
    finally:
        if out is not None:
            out.close()
    if as_json:
        print(json.dumps(summary))
    else:
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
    if summary["partial"]:
        _stopped_early(summary['games_played'], summary['games'], checkpoint)
        raise typer.Exit(130)


def _stopped_early(played: int, planned: int, checkpoint: Optional[Path]) -> None:
    """The line a run stopped by Ctrl-C ends with."""
    if checkpoint:
        text = _("stopped after {played} of {planned} games; rerun the same command to resume from {checkpoint}",
                 played=number_text(played), planned=number_text(planned), checkpoint=str(checkpoint))
    else:
        text = _("stopped after {played} of {planned} games", played=number_text(played), planned=number_text(planned))
    err.print(f"[yellow]" + escape(_("partial results:")) + f"[/] {escape(text)}", highlight=False, soft_wrap=True)


@app.command()
@handles_errors
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
):
    """Round robin between agents on mirrored deals: win rates with 95 % intervals, openskill ratings, a
    crosstable. Games run on every core (--workers, --backend ray); the same seed gives the same results on any
    of them. Ctrl-C stops early and reports the games finished so far (marked partial, exit code 130)."""
    from cardtable.sim.executors import check_run
    from cardtable.sim.tournament import prepare

    names = [a.strip() for a in agents.split(",") if a.strip()]
    t = prepare(game, names, games, players=players, seed=seed, options=parse_options(option, game))
    check_run(backend, address, workers)
    fh = None
    if out is not None:
        try:
            fh = out.open("w", encoding="utf-8", newline="")
        except OSError as exc:
            raise CardtableError(_("cannot write {path}: {reason}", path=str(out), reason=exc.strerror or exc)) from None
    try:
        progress = None if as_json else Progress(
            TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeRemainingColumn(), console=err, transient=True,
        )
        if progress is not None:
            progress.start()
            task = progress.add_task(escape(_n("{game}: {n} game (Ctrl-C stops, keeps results)",
                                               "{game}: {n} games (Ctrl-C stops, keeps results)", len(t.plan),
                                               game=game, n=number_text(len(t.plan)))), total=len(t.plan))
        try:
            t.play(on_game=(lambda _: progress.advance(task)) if progress is not None else None, workers=workers,
                   backend=backend, address=address, chunk_size=chunk_size, checkpoint=checkpoint)
        finally:
            if progress is not None:
                progress.stop()
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
        _stopped_early(summary['games_played'], summary['games_planned'], checkpoint)
        raise typer.Exit(130)


def print_tournament(s: dict, out: Optional[Path]) -> None:
    pct = percent
    ci = lambda pair: f"{percent(pair[0])} – {percent(pair[1])}"  # noqa: E731
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


@app.command()
@handles_errors
def replay(
    file: Annotated[Path, typer.Argument(help=N_("record file (JSON lines)"))],
    check: Annotated[bool, typer.Option("--check", help=N_("also verify the final scores and state digest; exit 1 on any difference, on a record without its result line or one made under other rules"))] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help=N_("print every action"))] = False,
    number: Annotated[Optional[int], typer.Option("--record", "-r", min=1, help=N_("replay only the K-th record of FILE (1 is the first)"), metavar="K")] = None,
    at: Annotated[Optional[int], typer.Option("--at", min=0, help=N_("draw the table after N actions (0: the deal; action N is the next one), as in `play`; needs one record"), metavar="N")] = None,
    seat: Annotated[Optional[int], typer.Option("--as", min=0, help=N_("draw the table as seat S sees it (its hand shown, the others' hidden); without it as a spectator sees it. Draws the end unless --at"), metavar="S")] = None,
    step: Annotated[bool, typer.Option("--step", help=N_("step through the game in the terminal from the deal (or --at): Enter for the next action, b back, a number to jump, e the end, q to quit; needs one record"))] = False,
    web: Annotated[bool, typer.Option("--web", help=N_("open the finished game in the web table (its replay bar steps through it): serves on 127.0.0.1 and prints the table's address; needs one record"))] = False,
    port: Annotated[int, typer.Option(min=1, max=65535, help=N_("with --web: the port to serve on"))] = 8000,
    db: Annotated[Optional[Path], typer.Option(help=N_("with --web: also keep the game in this web database (default: a temporary one, gone when the server stops)"))] = None,
):
    """Replay the record(s) in FILE and show how each game ended; --at and --as draw the table at any step, --step
    walks through it."""
    records = load_records(file)
    if number is not None:
        if number > len(records):
            raise CardtableError(_("{file} holds {n} record(s): there is no record {number}", file=str(file),
                                   n=len(records), number=number))
        chosen = [(number - 1, records[number - 1])]
    else:
        chosen = list(enumerate(records))
    draw = at is not None or seat is not None or step or web
    if draw and len(chosen) > 1:
        raise CardtableError(_("{file} holds {n} records: choose the one to draw with --record K (1 to {n})",
                               file=str(file), n=len(records)))
    if not check:  # --check fails each such record instead
        _warn_other_rules(file, [rec for _, rec in chosen])
    failures = 0
    for index, rec in chosen:
        source = _("{file} record {number}", file=str(file), number=index + 1)
        if seat is not None and seat >= rec.players:
            raise CardtableError(_("{source} has {n} players: --as takes a seat from 0 to {last}", source=source,
                                   n=rec.players, last=rec.players - 1))
        if at is not None and at > len(rec.actions):
            raise CardtableError(_("{source} has {n} actions: --at takes 0 to {n}", source=source, n=len(rec.actions)))
        if web:
            _serve_replay(rec, source, port, db)
            return
        if step:  # the record must replay to its end before anyone walks through it
            rec.replay(check=False, source=source)
            step_through(console, rec, seat, at or 0, read=lambda prompt: console.input(prompt))
            return
        labels: list[tuple[int, str]] = []
        try:
            state = rec.replay(check=check and at is None, source=source, strict=check and at is None,
                               before_each=(lambda st, p, a: labels.append((p, replay_label(st, p, a))))
                               if verbose else None, upto=at)
        except CardtableError as exc:
            err.print(f"[red]" + escape(_("FAILED")) + f"[/] {escape(str(exc))}", highlight=False, soft_wrap=True)  # one line, however long
            failures += 1
            continue
        for n, (player, label) in enumerate(labels):
            console.print(f"{n:>4} " + escape(_("seat {seat}: {label}", seat=player, label=label)))
        if draw:
            draw_step(console, state, rec, seat, len(rec.actions) if at is None else at)
            continue
        status = _("over") if state.is_terminal() else _("unfinished")
        verdict = f"[green]" + escape(_("ok")) + f"[/] " if check else ""
        console.print(verdict + escape(_(
            "{source}: {game}, {players} players, seed {seed}, {actions} actions, {status}, scores {scores}",
            source=source, game=str(rec.game), players=rec.players, seed=rec.seed, actions=len(rec.actions),
            status=status, scores=str(state.scores()))),
                      soft_wrap=True)  # one line per record, however long its path: a script reads it line by line
    if failures:
        err.print(escape(_("{failures} of {n} record(s) failed", failures=failures, n=len(chosen))))
        raise typer.Exit(1)


def _serve_replay(rec, source: str, port: int, db: Path | None) -> None:
    """`replay --web`: the record's game as a finished table of a web server on 127.0.0.1."""
    import tempfile

    from cardtable.server.app import serve as run

    listenable("127.0.0.1", port)
    with tempfile.TemporaryDirectory(prefix="cardtable-replay-") as folder:
        path = Path(folder) / "replay.db" if db is None else db
        if db is not None:
            writable_file(db)
        table_id = store_for_web(rec, source, str(path))
        console.print(escape(_("Open {address} in a browser: the replay bar under the moves steps through the game "
                               "(Ctrl+C stops)", address="\x00")).replace(
            "\x00", f"[bold]http://127.0.0.1:{port}/table/{table_id}[/]"), soft_wrap=True)
        run("127.0.0.1", port, str(path), bot_delay=0.6)


def _warn_other_rules(file: Path, records) -> None:
    """One warning line per rules version, other than this cardtable's, that records in ``file`` were made under."""
    other: dict[tuple[str, str], list[int]] = {}
    for index, rec in enumerate(records):
        current = rec.current_rules_version()
        if current is not None and current != rec.rules_version:
            other.setdefault((rec.rules_version, current), []).append(index + 1)
    for (recorded, current), numbers in other.items():
        if len(numbers) == len(records):
            where, them = f"{file}", "it"
        elif len(numbers) == 1:
            where, them = _("{file} record {number}", file=str(file), number=numbers[0]), "it"
        else:
            where, them = _("{file}, {n} of {total} records", file=str(file), n=len(numbers), total=len(records)), "them"
        err.print(f"[yellow]" + escape(_("warning:")) + f"[/] {escape(where)}: {escape(other_rules(recorded, current, them))}",
                  highlight=False, soft_wrap=True)


@app.command()
@handles_errors
def schema(
    game: Annotated[str, typer.Argument(help=N_("game (or schema provider) name, e.g. mitosz or maoqy"))],
    out: Annotated[Optional[Path], typer.Option("--out", help=N_("write one file per schema, GAME-NAME.schema.json, into this directory"))] = None,
    only: Annotated[Optional[str], typer.Option("--only", help=N_("print (or write) only this schema, e.g. card"))] = None,
):
    """Print the JSON Schemas of a game's data files (card sets, decks, level data), for editors and checks.

    Without --out: one JSON object, schema name -> JSON Schema (with --only: that schema alone).
    Works for games whose data exists before their rules (no game class needed).
    """
    from cardtable.engine.registry import schema_provider, schemas

    found = schemas(game)
    provider = schema_provider(game)
    if only is not None:
        if only not in found:
            raise CardtableError(_("{game} has no schema {only}; its schemas: {schemas}", game=repr(game),
                                   only=repr(only), schemas=", ".join(found)))
        found = {only: found[only]}
    dialect = "https://json-schema.org/draft/2020-12/schema"
    found = {name: {"$schema": dialect, **s} if "$schema" not in s else s for name, s in found.items()}
    if out is None:
        print(json.dumps(found[only] if only is not None else found, indent=2, ensure_ascii=False))
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, s in found.items():
            path = out / f"{provider}-{name}.schema.json"
            path.write_text(json.dumps(s, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            console.print(escape(_("wrote {path}", path=str(path))), highlight=False)
    except OSError as exc:
        raise CardtableError(_("cannot write the schemas into {folder}: {reason}", folder=str(out),
                               reason=exc.strerror or exc)) from None


@app.command()
@handles_errors
def rules(
    game: Annotated[str, typer.Argument(help=N_("game name, e.g. mojo or mitosz"))],
    find: Annotated[Optional[str], typer.Argument(help=N_("show only rules whose ID starts with this, or whose text "
                                                       "contains it, e.g. MIT-7.4 or 'spoils'"))] = None,
    coverage: Annotated[bool, typer.Option("--coverage", help=N_("list the tests that name each rule, and count the "
                                                              "rules without one (needs the source checkout)"))] = False,
    tests: Annotated[Optional[Path], typer.Option("--tests", help=N_("the tests folder for --coverage (default: the "
                                                                  "checkout's tests/)"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print one JSON object"))] = False,
):
    """List a game's rules with their IDs and text (the IDs rejected moves cite); --coverage shows which
    tests check each rule."""
    from cardtable.engine.i18n import current_language
    from cardtable.engine.rulebook import Rulebook, collect_tests

    book = Rulebook.for_game(game_class(game), current_language())
    if book is None:
        raise CardtableError(_("{game} ships no rulebook", game=game))
    chosen = book.find(find) if find else book.rules
    if find and not chosen:
        raise CardtableError(_("no rule of {game} starts with or mentions {find}", game=game, find=repr(find)))
    covered: dict[str, list[str]] = {}
    if coverage:
        folder = tests or Path(__file__).resolve().parents[3] / "tests"
        if not folder.is_dir():
            raise CardtableError(_("--coverage reads the tests of a source checkout; {folder} is not a folder "
                                   "(give --tests PATH)", folder=str(folder)))
        covered = book.coverage(collect_tests(folder))
    if as_json:
        out: dict[str, Any] = {"game": game, "rules": [{"id": r.id, "text": r.text, "section": r.section,
                                                        "departure": r.departure,
                                                        **({"tests": covered[r.id]} if coverage else {})}
                                                       for r in chosen]}
        if coverage:
            out["covered"] = sum(1 for r in chosen if covered[r.id])
            out["uncovered"] = [r.id for r in chosen if not covered[r.id]]
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return
    section = None
    for r in chosen:
        if r.section != section and not find:
            section = r.section
            console.print(f"\n[bold]{escape(str(section))}[/]", highlight=False)
        tail = ""
        if coverage:
            names = covered[r.id]
            tail = ("  [green]" + escape(_("{n} test(s):", n=len(names))) + "[/] "
                    + escape(", ".join(n.split("::")[-1] for n in names[:3]))
                    + (" …" if len(names) > 3 else "")) if names else "  [red]" + escape(_("no test")) + "[/]"
        mark = " [yellow]" + escape(_("(departs from the specification: docs)")) + "[/]" if r.departure else ""
        console.print(f"[bold cyan]{escape(r.id)}[/]{mark} {escape(r.text)}{tail}", highlight=False)  # i18n: no (markup)
    if coverage:
        missing = [r.id for r in chosen if not covered[r.id]]
        console.print("\n" + escape(_("{covered} of {n} rules covered, {missing} uncovered", covered=len(chosen) - len(missing),
                                      n=len(chosen), missing=len(missing)))
                      + (f": {escape(', '.join(missing))}" if missing else ""), highlight=False)


@app.command()
@handles_errors
def serve(
    host: Annotated[str, typer.Option(help=N_("address to listen on; 0.0.0.0 to let other machines join"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help=N_("port (1–65535)"))] = 8000,
    db: Annotated[Path, typer.Option(help=N_("SQLite database holding every table and action"))] = Path("cardtable.db"),
    bot_delay: Annotated[float, typer.Option(min=0, help=N_("seconds a bot waits before it moves, so people can follow"))] = 0.6,
    search_workers: Annotated[Optional[int], typer.Option(
        min=1, help=N_("worker processes the search bots (ismcts) think in; default: one per core but one"))] = None,
):
    """Run the web table: lobby, tables, bots; every game kept in the database across restarts."""
    from cardtable.server.app import serve as run

    writable_file(db)  # a clear line, not SQLite's traceback
    listenable(host, port)  # a clear line, not uvicorn's log: a host that does not resolve, a port in use
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(escape(_("cardtable is serving on {address} — open it in a browser (Ctrl+C stops; games are kept "
                           "in {db})", address="\x00", db=str(db))).replace(
        "\x00", f"[bold]http://{escape(shown)}:{port}/[/]"))

    run(host, port, str(db), bot_delay=bot_delay, search_workers=search_workers)


# Commands in their own modules; imported here, after the shared helpers above that they use.
from .balance import balance_command  # noqa: E402

app.command("balance")(handles_errors(balance_command))
app.add_typer(i18n_app, name="i18n")


def main(argv: list[str] | None = None) -> None:
    """``cardtable``: the language first (cardtable.cli.language), then the command."""
    from .language import run

    run(app, err, argv)


if __name__ == "__main__":
    main()
