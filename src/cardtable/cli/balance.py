"""`cardtable balance`: a balance report a designer can read, and two reports compared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from cardtable.engine import CardtableError, game_class

from .figures import number_text
from .options import AddressArg, BackendArg, CheckpointArg, ChunkSizeArg, OptionArg, PlayersArg, WorkersArg
from .paths import writable_folder

# Not imported from .app: app imports this module at its end (and runs as __main__ under `python -m`).
console = Console()
err = Console(stderr=True)

#: the shorthand flags and the game options they set
SHORTHANDS = {"board": ("board",), "sets": ("sets",), "decks": ("deck_a", "deck_b", "deck_c", "deck_d")}


def shorthand_options(game: str, board: str | None, sets: str | None, decks: str | None) -> dict[str, Any]:
    """``--board``, ``--sets``, ``--decks a,b`` as the game options they stand for; a clear error for a game
    without such options."""
    declared = {o.name for o in game_class(game).declared_options}
    out: dict[str, Any] = {}
    for flag, value in (("board", board), ("sets", sets), ("decks", decks)):
        if value is None:
            continue
        keys = SHORTHANDS[flag]
        if keys[0] not in declared:
            raise CardtableError(f"--{flag} is for games with a {keys[0]!r} option; {game} has none "
                                 f"(`cardtable games {game}` lists its options)")
        if flag == "decks":
            names = [v.strip() for v in value.split(",") if v.strip()]
            if not names:
                raise CardtableError("--decks takes deck names separated by commas, one per seat")
            for key, name in zip(keys, names):
                out[key] = name
        else:
            out[keys[0]] = value.strip()
    return out


def _read_numbers(path: Path) -> dict[str, Any]:
    file = path / "balance.json" if path.is_dir() else path
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardtableError(f"{file}: no such file (give a report folder or its balance.json)") from None
    except json.JSONDecodeError as exc:
        raise CardtableError(f"{file}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except UnicodeDecodeError:
        raise CardtableError(f"{file}: not a text file (give a report folder or its balance.json)") from None
    except OSError as exc:
        raise CardtableError(f"{file}: cannot read: {exc.strerror or exc}") from None


def _write(out: Path, name: str, text: str) -> Path:
    try:
        out.mkdir(parents=True, exist_ok=True)
        target = out / name
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardtableError(f"cannot write {out / name}: {exc.strerror or exc}") from None
    return target


def balance_command(
    game: Annotated[Optional[str], typer.Argument(help="game name (not with --compare)")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help="number of games")] = 200,
    agents: Annotated[str, typer.Option(help="comma-separated agents, one per seat or one for all (seats rotate "
                                             "every game)")] = "heuristic",
    players: PlayersArg = None,
    seed: Annotated[int, typer.Option(min=0, help="seed of game 0; game i uses seed + i")] = 0,
    option: OptionArg = None,
    board: Annotated[Optional[str], typer.Option(help="the board (muhq): same as -o board=NAME")] = None,
    sets: Annotated[Optional[str], typer.Option(help="the card sets (muhq): same as -o sets=A,B")] = None,
    decks: Annotated[Optional[str], typer.Option(help="one deck per seat (mitosz), e.g. dawn-court,frost-clans")] = None,
    min_sample: Annotated[int, typer.Option(min=1, help="impact rows with fewer units on a side are flagged")] = 30,
    out: Annotated[Optional[Path], typer.Option("--out", help="folder for report.html, balance.json and "
                                                "games.jsonl (default: balance-GAME)")] = None,
    compare: Annotated[Optional[tuple[Path, Path]], typer.Option(
        "--compare", help="compare two reports (folders or balance.json files), A then B; writes compare.html "
        "to --out if given")] = None,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help="embed plots in the HTML (matplotlib)")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the numbers as one JSON object and nothing else")] = False,
    workers: WorkersArg = None,
    backend: BackendArg = None,
    address: AddressArg = None,
    chunk_size: ChunkSizeArg = None,
    checkpoint: CheckpointArg = None,
):
    """Play many games between bots and write a balance report: seat and first-move advantage, game length,
    margins, lead changes, and each card's (kingdom's, value's) impact on winning, all with 95 % intervals.
    Games run on every core (--workers, --backend ray); the same seed gives the same report on any of them.
    Ctrl-C stops early and reports the games finished so far (marked partial, exit code 130). A designer
    changes a card in a data file ($CARDTABLE_DATA_DIR), runs again, and compares: --compare A B."""
    from cardtable.sim.balance import BalanceRun, compare as compare_numbers, make_spec
    from cardtable.sim.executors import check_run

    from .app import parse_options
    from cardtable.sim.report import render, render_compare

    if compare is not None:
        if game is not None:
            raise CardtableError("--compare takes two reports and no game")
        result = compare_numbers(_read_numbers(compare[0]), _read_numbers(compare[1]))
        if out is not None:
            _write(out, "compare.json", json.dumps(result, ensure_ascii=False, indent=1))
            page = _write(out, "compare.html", render_compare(result))
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
            return
        _print_compare(result)
        if out is not None:
            console.print(f"Comparison written to {escape(str(page))}")
        return
    if game is None:
        raise CardtableError("give a game (e.g. `cardtable balance mojo`) or --compare A B")

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise CardtableError("--agents needs at least one agent name")
    opts = parse_options(option, game)
    opts.update(shorthand_options(game, board, sets, decks))
    spec = make_spec(game, names, players=players, options=opts, seed=seed)
    check_run(backend, address, workers)
    out = writable_folder(out or Path(f"balance-{game}"))  # before the games, not after them
    run = BalanceRun(spec, games)
    progress = None if as_json else Progress(
        TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeRemainingColumn(), console=err, transient=True)
    if progress is not None:
        progress.start()
        task = progress.add_task(f"{escape(game)}: {games} games (Ctrl-C stops, keeps results)", total=games)
    try:
        run.play(on_game=(lambda _: progress.advance(task)) if progress is not None else None, workers=workers,
                 backend=backend, address=address, chunk_size=chunk_size, checkpoint=checkpoint)
    finally:
        if progress is not None:
            progress.stop()
    numbers = run.numbers(min_sample=min_sample)
    _write(out, "games.jsonl", "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in run.facts))
    _write(out, "balance.json", json.dumps(numbers, ensure_ascii=False, indent=1))
    page = _write(out, "report.html", render(numbers, plots=plots))
    if as_json:
        print(json.dumps(numbers, ensure_ascii=False))
    else:
        _print_summary(numbers)
        console.print(f"Report written to {escape(str(page))} (numbers: {escape(str(out / 'balance.json'))})")
    if numbers["partial"]:
        err.print(f"[yellow]partial results:[/] stopped after {numbers['games_played']} of "
                  f"{numbers['games_planned']} games", highlight=False, soft_wrap=True)
        raise typer.Exit(130)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.1%}"


def _ci(pair: Any) -> str:
    return "—" if not pair else f"{pair[0]:.1%} – {pair[1]:.1%}"


def _print_summary(d: dict[str, Any]) -> None:
    spec = d["spec"]
    table = Table(title=f"{escape(str(spec['game']))}: {d['games_valid']} games, {spec['players']} players, agents "
                        f"{escape(', '.join(spec['agents']))}, seats rotated")
    for col in ("", "win rate", "95 % interval", "fair"):
        table.add_column(col)
    for s, row in enumerate(d["seats"]):
        table.add_row(f"seat {s}", _pct(row["rate"]), _ci(row["ci95"]), _pct(row["expected"]))
    table.add_row(escape(d.get("first_label", "first to act")), _pct(d["first_actor"]["rate"]), _ci(d["first_actor"]["ci95"]),
                  _pct(d["first_actor"]["expected"]))
    console.print(table)
    length = d["length"]["actions"]
    if length.get("n"):
        console.print(f"length: {number_text(length['mean'])} actions on average (median {number_text(length['median'])}, "
                      f"10–90 % {number_text(length['p10'])}–{number_text(length['p90'])}) · lead changes "
                      f"{number_text(d['drama']['lead_changes'].get('mean'), 2)} per game · "
                      f"comebacks {_pct(d['drama']['comeback']['rate'])}", soft_wrap=True)
    endings = d["results"].get("endings")
    if endings:
        console.print("how the games ended: " + ", ".join(f"{escape(rule)} {count}" for rule, count in endings.items()),
                      soft_wrap=True)
    rows = [r for r in d["impact"]["rows"] if r["clear"] and not r["small_sample"]]
    if rows:
        imp = Table(title=escape(f"clearest impact ({d['impact']['feature_label']}, per {d['impact']['unit_label']})"))
        for col in ("feature", "with", "without", "difference", "95 % interval"):
            imp.add_column(col)
        for r in sorted(rows, key=lambda r: -abs(r["difference"]))[:10]:
            imp.add_row(escape(str(r["feature"])), _pct(r["with"]["rate"]), _pct(r["without"]["rate"]), f"{r['difference']:+.1%}",
                        f"{r['difference_ci95'][0]:+.1%} … {r['difference_ci95'][1]:+.1%}")
        console.print(imp)
    for w in d["warnings"]:
        err.print(f"[yellow]note:[/] {escape(str(w))}", highlight=False, soft_wrap=True)


def _print_compare(c: dict[str, Any]) -> None:
    table = Table(title="A against B (bold: the 95 % intervals do not overlap)")
    for col in ("", "A", "B", "change"):
        table.add_column(col)
    for r in c["rates"]:
        style = "bold" if r["clear"] else None
        table.add_row(escape(str(r["metric"])), f"{_pct(r['a'])} ({_ci(r['a_ci95'])})", f"{_pct(r['b'])} ({_ci(r['b_ci95'])})",
                      f"{r['change']:+.1%}", style=style)
    for r in c["means"]:
        change = r["change"]
        table.add_row(escape(str(r["metric"])), number_text(r["a"]), number_text(r["b"]),
                      f"{'+' if isinstance(change, (int, float)) and change > 0 else ''}{number_text(change)}")
    console.print(table)
    changed = [r for r in c["impact"] if r["change"] is not None][:10]
    if changed:
        imp = Table(title="impact: largest changes (difference with − without)")
        for col in ("feature", "A", "B", "change"):
            imp.add_column(col)
        for r in changed:
            imp.add_row(escape(str(r["feature"])), f"{r['a']:+.1%}", f"{r['b']:+.1%}", f"{r['change']:+.1%}",
                        style="bold" if r["clear"] else None)
        console.print(imp)
