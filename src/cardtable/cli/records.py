"""`cardtable replay`: replay recorded games, check them, draw the table at any step, walk through a game in the
terminal or open it in the web table."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from cardtable.engine import CardtableError, Record, State, load_records
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.record import other_rules

from .options import DataArg, use_data
from .output import console, err
from .paths import listenable, writable_file
from .replaying import draw_step, replay_label, step_through, store_for_web

_ = Translator("cardtable")


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
    data: DataArg = None,
) -> None:
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
        _warn_other_rules(file, [rec for _index, rec in chosen])
    _warn_other_data(file, chosen, use_data(data))
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

        def told(st: State, p: int, a: Any) -> None:
            labels.append((p, replay_label(st, p, a)))

        try:
            state = rec.replay(check=check and at is None, source=source, strict=check and at is None,
                               before_each=told if verbose else None, upto=at)
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


def _serve_replay(rec: Record, source: str, port: int, db: Path | None) -> None:
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


def _warn_other_rules(file: Path, records: list[Record]) -> None:
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


def _warn_other_data(file: Path, chosen: list[tuple[int, Record]], workspace: Path | None) -> None:
    """A warning for each record made with a workspace's files (``play --data``) that this replay does not have:
    its final state would differ, and the reason is the files, not the rules."""
    from cardtable.engine.data_roots import workspace_digest

    for index, rec in chosen:
        stamp = rec.meta.get("data")
        if not isinstance(stamp, dict) or not isinstance(stamp.get("digest"), str):
            continue
        if workspace is not None and workspace_digest(rec.game, workspace) == stamp["digest"]:
            continue
        where = _("{file} record {number}", file=str(file), number=index + 1)
        err.print(f"[yellow]" + escape(_("warning:")) + f"[/] " + escape(_(  # i18n: no (markup)
            "{where} was played with the files of the workspace {folder}; replay it with --data and those same "
            "files (this replay has {what})", where=where, folder=str(stamp.get("workspace")),
            what=_("other files") if workspace is not None else _("no workspace"))), highlight=False, soft_wrap=True)
