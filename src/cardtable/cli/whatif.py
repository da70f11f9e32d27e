"""`cardtable balance GAME --compare A B`: a paired what-if of two versions of a game's data (workspaces,
``FOLDER@N`` versions, ``packaged``) and option sets (``--option-b``), played on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import typer
from rich.markup import escape
from rich.table import Table

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

from .figures import number_text, percent
from .options import parse_options
from .output import console, err, games_bar, stopped_early
from .paths import writable_folder

_ = Translator("cardtable")
_n = _.plural


def run_what_if(game: str, sides: Sequence[str], names: list[str], players: int | None, seed: int,
                options: dict[str, Any], options_b: list[str] | None, games: int, min_sample: int, out: Path | None,
                plots: bool, as_json: bool, run_args: dict[str, Any], write: Any) -> None:
    """Play the what-if and write whatif.json, pairs.jsonl and whatif.html to ``out`` (default whatif-GAME)."""
    from cardtable.sim.balance import make_spec
    from cardtable.sim.executors import check_run
    from cardtable.sim.whatif import WhatIf, WhatIfJob
    from cardtable.sim.whatif_report import render_whatif
    from cardtable.studio.workspace import resolve

    (label_a, data_a), (label_b, data_b) = (resolve(str(side)) for side in sides)
    b_options = {**options, **parse_options(options_b, game)}
    spec_a = make_spec(game, names, players=players, options=options, seed=seed, data=data_a)
    spec_b = make_spec(game, names, players=players, options=b_options, seed=seed, data=data_b)
    if options_b:
        label_b += " " + ", ".join(options_b)
    if spec_a == spec_b and data_a == data_b:
        err.print(escape(_("note: A and B are the same version: every pair will be the same game (a check of the "
                           "pairing)")), highlight=False)
    check_run(run_args.get("backend"), run_args.get("address"), run_args.get("workers"))
    folder = writable_folder(out or Path(f"whatif-{game}"))
    run = WhatIf(WhatIfJob(spec_a, spec_b, label_a, label_b), games)
    with games_bar(escape(_n("{game}: {n} paired game (Ctrl-C stops, keeps results)",
                             "{game}: {n} paired games (Ctrl-C stops, keeps results)", games, game=game,
                             n=number_text(games))), games, shown=not as_json) as tick:
        run.play(on_pair=(lambda _pair: tick()) if tick is not None else None, **run_args)
    numbers = run.numbers(min_sample=min_sample)
    write(folder, "pairs.jsonl", "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in run.pairs))
    write(folder, "whatif.json", json.dumps(numbers, ensure_ascii=False, indent=1))
    page = write(folder, "whatif.html", render_whatif(numbers, plots=plots))
    if as_json:
        print(json.dumps(numbers, ensure_ascii=False))
    else:
        print_what_if(numbers)
        console.print(escape(_("What-if written to {path}", path=str(page))))
    if numbers["partial"]:
        stopped_early(numbers["games_paired"], numbers["games_planned"], run_args.get("checkpoint"))
        raise typer.Exit(130)


def _signed(x: float | None, rate: bool) -> str:
    if x is None:
        return "—"
    if not rate:
        return ("+" if x > 0 else "") + number_text(round(x, 2))
    return ("+" if x >= 0 else "-") + percent(abs(x))


def print_what_if(d: dict[str, Any]) -> None:
    labels = d["labels"]
    table = Table(title=escape(_("B − A, paired game by game: A = {a}, B = {b} ({n} games, {same} unchanged)",
                                 a=labels["a"], b=labels["b"], n=number_text(d["games_paired"]),
                                 same=number_text(d["unchanged_games"]))))
    for col in ("", "A", "B", _("difference"), _("paired 95 %"), _("unpaired 95 %")):
        table.add_column(col)
    for r in d["paired"]:
        rate = r["key"] != "actions"
        def shown(x: float, rate: bool = rate) -> str:
            return percent(x) if rate else number_text(round(x, 2))

        def interval(pair: list[float | None], rate: bool = rate) -> str:
            return "—" if None in pair else f"{_signed(pair[0], rate)} … {_signed(pair[1], rate)}"

        table.add_row(escape(str(r["metric"])), shown(r["a"]), shown(r["b"]), _signed(r["difference"], rate),
                      interval(r["ci95"]), interval(r["unpaired_ci95"]), style="bold" if r["clear"] else None)
    console.print(table)
    for side in ("a", "b"):
        for w in d[side]["warnings"]:
            err.print(f"[yellow]" + escape(_("note:")) + f"[/] {side.upper()}: {escape(str(w))}", highlight=False,  # i18n: no (markup)
                      soft_wrap=True)


def check_sides(game: str | None, sides: Sequence[Path] | None) -> None:
    """``--compare`` with a game takes versions, without one two reports: a clear error for a mix-up."""
    if game is not None and sides is not None:
        for side in sides:
            if (side / "balance.json").is_file() or side.suffix == ".json":
                raise CardtableError(_("{side} is a report: with a game, --compare takes two versions to play "
                                       "(workspace folders, FOLDER@N or packaged); without a game, two reports",
                                       side=str(side)))
