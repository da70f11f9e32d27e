"""`cardtable balance`: a balance report a designer can read, and two reports compared."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.table import Table

from cardtable.engine import CardtableError, game_class

from cardtable.engine.i18n import N_, Translator
from cardtable.sim.probes import feature_words

from .figures import number_text, percent
from .options import (AddressArg, BackendArg, CheckpointArg, ChunkSizeArg, DataArg, OptionArg, PlayersArg,
                      WorkersArg, parse_options, use_data)
from .output import console, err, games_bar, stopped_early
from .paths import writable_folder

_ = Translator("cardtable")
_n = _.plural

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
            raise CardtableError(_("--{flag} is for games with a {option} option; {game} has none "
                                   "(`cardtable games {game}` lists its options)", flag=flag, option=repr(keys[0]),
                                   game=game))
        if flag == "decks":
            names = [v.strip() for v in value.split(",") if v.strip()]
            if not names:
                raise CardtableError(_("--decks takes deck names separated by commas, one per seat"))
            for key, name in zip(keys, names):
                out[key] = name
        else:
            out[keys[0]] = value.strip()
    return out


def _read_numbers(path: Path) -> dict[str, Any]:
    file = path / "balance.json" if path.is_dir() else path
    try:
        numbers: dict[str, Any] = json.loads(file.read_text(encoding="utf-8"))
        return numbers
    except FileNotFoundError:
        raise CardtableError(_("{file}: no such file (give a report folder or its balance.json)", file=str(file))) from None
    except json.JSONDecodeError as exc:
        raise CardtableError(_("{file}: not JSON ({reason} at line {line})", file=str(file), reason=exc.msg,
                               line=exc.lineno)) from None
    except UnicodeDecodeError:
        raise CardtableError(_("{file}: not a text file (give a report folder or its balance.json)",
                               file=str(file))) from None
    except OSError as exc:
        raise CardtableError(_("{file}: cannot read: {reason}", file=str(file), reason=exc.strerror or exc)) from None


def _write(out: Path, name: str, text: str) -> Path:
    try:
        out.mkdir(parents=True, exist_ok=True)
        target = out / name
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CardtableError(_("cannot write {path}: {reason}", path=str(out / name), reason=exc.strerror or exc)) from None
    return target


def balance_command(
    game: Annotated[Optional[str], typer.Argument(help=N_("game name (not with --compare)"))] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=10_000_000, help=N_("number of games"))] = 200,
    agents: Annotated[str, typer.Option(help=N_("comma-separated agents, one per seat or one for all (seats rotate "
                                             "every game)"))] = "heuristic",
    players: PlayersArg = None,
    seed: Annotated[int, typer.Option(min=0, help=N_("seed of game 0; game i uses seed + i"))] = 0,
    option: OptionArg = None,
    board: Annotated[Optional[str], typer.Option(help=N_("the board (muhq): same as -o board=NAME"))] = None,
    sets: Annotated[Optional[str], typer.Option(help=N_("the card sets (muhq): same as -o sets=A,B"))] = None,
    decks: Annotated[Optional[str], typer.Option(help=N_("one deck per seat (mitosz), e.g. dawn-court,frost-clans"))] = None,
    min_sample: Annotated[int, typer.Option(min=1, help=N_("impact rows with fewer units on a side are flagged"))] = 30,
    out: Annotated[Optional[Path], typer.Option("--out", help=N_("folder for report.html, balance.json and "
                                                "games.jsonl (default: balance-GAME)"))] = None,
    compare: Annotated[Optional[tuple[Path, Path]], typer.Option(
        "--compare", help=N_("without a game: compare two reports (folders or balance.json files), A then B; writes "
        "compare.html to --out if given. With a game: a paired what-if of two versions A and B (a workspace "
        "folder, FOLDER@N for its version N, or packaged), the same seeds for both"))] = None,
    option_b: Annotated[Optional[list[str]], typer.Option(
        "--option-b", "-b", help=N_("with a game: a what-if of option sets: key=value for side B only (repeatable), "
        "e.g. -b board=river-crown; the sides default to --data (or packaged)"))] = None,
    plots: Annotated[bool, typer.Option("--plots/--no-plots", help=N_("embed plots in the HTML (matplotlib)"))] = True,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print the numbers as one JSON object and nothing else"))] = False,
    workers: WorkersArg = None,
    backend: BackendArg = None,
    address: AddressArg = None,
    chunk_size: ChunkSizeArg = None,
    checkpoint: CheckpointArg = None,
    data: DataArg = None,
) -> None:
    """Play many games between bots and write a balance report: seat and first-move advantage, game length,
    margins, lead changes, and each card's (kingdom's, value's) impact on winning, all with 95 % intervals.
    Games run on every core (--workers, --backend ray); the same seed gives the same report on any of them.
    Ctrl-C stops early and reports the games finished so far (marked partial, exit code 130). A designer
    changes a card in a workspace (--data DIR) and plays both versions on the same seeds: GAME --compare
    packaged DIR; or compares two reports: --compare A B."""
    from cardtable.sim.balance import BalanceRun, compare as compare_numbers, make_spec
    from cardtable.sim.executors import check_run
    from cardtable.sim.report import render, render_compare

    from .whatif import check_sides, run_what_if

    check_sides(game, compare)
    if game is not None and (compare is not None or option_b):
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if not names:
            raise CardtableError(_("--agents needs at least one agent name"))
        opts = parse_options(option, game)
        opts.update(shorthand_options(game, board, sets, decks))
        base = str(data) if data is not None else "packaged"
        sides = [str(x) for x in compare] if compare is not None else [base, base]
        run_what_if(game, sides, names, players, seed, opts, option_b, games, min_sample, out, plots, as_json,
                    {"workers": workers, "backend": backend, "address": address, "chunk_size": chunk_size,
                     "checkpoint": checkpoint}, _write)
        return
    if option_b:
        raise CardtableError(_("--option-b is for a what-if: give a game"))
    if compare is not None:
        result = compare_numbers(_read_numbers(compare[0]), _read_numbers(compare[1]))
        if out is not None:
            _write(out, "compare.json", json.dumps(result, ensure_ascii=False, indent=1))
            page = _write(out, "compare.html", render_compare(result))
        if as_json:
            print(json.dumps(result, ensure_ascii=False))
            return
        _print_compare(result)
        if out is not None:
            console.print(escape(_("Comparison written to {path}", path=str(page))))
        return
    if game is None:
        raise CardtableError(_("give a game (e.g. `cardtable balance mojo`) or --compare A B"))

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise CardtableError(_("--agents needs at least one agent name"))
    workspace = use_data(data)
    opts = parse_options(option, game)
    opts.update(shorthand_options(game, board, sets, decks))
    spec = make_spec(game, names, players=players, options=opts, seed=seed,
                     data=str(workspace) if workspace is not None else None)
    check_run(backend, address, workers)
    out = writable_folder(out or Path(f"balance-{game}"))  # before the games, not after them
    run = BalanceRun(spec, games)
    with games_bar(escape(_n("{game}: {n} game (Ctrl-C stops, keeps results)",
                             "{game}: {n} games (Ctrl-C stops, keeps results)", games, game=game,
                             n=number_text(games))), games, shown=not as_json) as tick:
        run.play(on_game=(lambda _game: tick()) if tick is not None else None, workers=workers,
                 backend=backend, address=address, chunk_size=chunk_size, checkpoint=checkpoint)
    numbers = run.numbers(min_sample=min_sample)
    _write(out, "games.jsonl", "".join(json.dumps(f, ensure_ascii=False) + "\n" for f in run.facts))
    _write(out, "balance.json", json.dumps(numbers, ensure_ascii=False, indent=1))
    page = _write(out, "report.html", render(numbers, plots=plots))
    if as_json:
        print(json.dumps(numbers, ensure_ascii=False))
    else:
        _print_summary(numbers)
        console.print(escape(_("Report written to {path} (numbers: {numbers})", path=str(page),
                               numbers=str(out / 'balance.json'))))
    if numbers["partial"]:
        stopped_early(numbers['games_played'], numbers['games_planned'], None)  # without the hint to resume: balance has never given it
        raise typer.Exit(130)


def _pct(x: float | None) -> str:
    return percent(x)


def _signed(x: float | None) -> str:
    return "—" if x is None else ("+" if x >= 0 else "-") + percent(abs(x))


def _ci(pair: Any) -> str:
    return "—" if not pair else f"{percent(pair[0])} – {percent(pair[1])}"


def _print_summary(d: dict[str, Any]) -> None:
    spec = d["spec"]
    table = Table(title=escape(_("{game}: {n} games, {players} players, agents {agents}, seats rotated",
                                 game=str(spec['game']), n=number_text(d['games_valid']), players=spec['players'],
                                 agents=", ".join(spec['agents']))))
    for col in ("", _("win rate"), _("95 % interval"), _("fair")):
        table.add_column(col)
    for s, row in enumerate(d["seats"]):
        table.add_row(escape(_("seat {seat}", seat=s)), _pct(row["rate"]), _ci(row["ci95"]), _pct(row["expected"]))
    table.add_row(escape(_(d.get("first_label", N_("first to act")))), _pct(d["first_actor"]["rate"]),
                  _ci(d["first_actor"]["ci95"]), _pct(d["first_actor"]["expected"]))
    console.print(table)
    length = d["length"]["actions"]
    if length.get("n"):
        console.print(escape(_(
            "length: {mean} actions on average (median {median}, 10–90 % {p10}–{p90}) · lead changes {changes} per "
            "game · comebacks {comebacks}", mean=number_text(length['mean']), median=number_text(length['median']),
            p10=number_text(length['p10']), p90=number_text(length['p90']),
            changes=number_text(d['drama']['lead_changes'].get('mean'), 2),
            comebacks=_pct(d['drama']['comeback']['rate']))), soft_wrap=True)
    endings = d["results"].get("endings")
    if endings:
        console.print(escape(_("how the games ended: {endings}", endings=", ".join(
            f"{rule} {number_text(count)}" for rule, count in endings.items()))), soft_wrap=True)
    rows = [r for r in d["impact"]["rows"] if r["clear"] and not r["small_sample"]]
    if rows:
        imp = Table(title=escape(_("clearest impact ({features}, per {unit})", features=_(d['impact']['feature_label']),
                                   unit=_(d['impact']['unit_label']))))
        for col in (_("feature"), _("with"), _("without"), _("difference"), _("95 % interval")):
            imp.add_column(col)
        for r in sorted(rows, key=lambda r: -abs(r["difference"]))[:10]:
            imp.add_row(escape(feature_words(str(r["feature"]))), _pct(r["with"]["rate"]), _pct(r["without"]["rate"]),
                        _signed(r['difference']),
                        f"{_signed(r['difference_ci95'][0])} … {_signed(r['difference_ci95'][1])}")
        console.print(imp)
    for w in d["warnings"]:
        err.print(f"[yellow]" + escape(_("note:")) + f"[/] {escape(str(w))}", highlight=False, soft_wrap=True)


def _print_compare(c: dict[str, Any]) -> None:
    table = Table(title=_("A against B (bold: the 95 % intervals do not overlap)"))
    for col in ("", "A", "B", _("change")):
        table.add_column(col)
    for r in c["rates"]:
        style = "bold" if r["clear"] else None
        table.add_row(escape(str(r["metric"])), f"{_pct(r['a'])} ({_ci(r['a_ci95'])})", f"{_pct(r['b'])} ({_ci(r['b_ci95'])})",
                      _signed(r['change']), style=style)
    for r in c["means"]:
        change = r["change"]
        table.add_row(escape(str(r["metric"])), number_text(r["a"]), number_text(r["b"]),
                      f"{'+' if isinstance(change, (int, float)) and change > 0 else ''}{number_text(change)}")
    console.print(table)
    changed = [r for r in c["impact"] if r["change"] is not None][:10]
    if changed:
        imp = Table(title=_("impact: largest changes (difference with − without)"))
        for col in (_("feature"), "A", "B", _("change")):
            imp.add_column(col)
        for r in changed:
            imp.add_row(escape(feature_words(str(r["feature"]))), _signed(r['a']), _signed(r['b']), _signed(r['change']),

                        style="bold" if r["clear"] else None)
        console.print(imp)
