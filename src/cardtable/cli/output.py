"""Where the commands write: the terminal (stdout) and the error stream (stderr), and the one line a cardtable
error becomes. Kept apart from ``app`` so that every command module can import them: under ``python -m
cardtable.cli.app`` the app module runs as ``__main__``, and a command that imported ``.app`` would build a
second app."""

from __future__ import annotations

import functools
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

from .figures import number_text

console = Console()
err = Console(stderr=True)
_ = Translator("cardtable")

P = ParamSpec("P")
R = TypeVar("R")


def handles_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn every cardtable error into one clear line on stderr and exit code 2; no traceback."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except CardtableError as exc:
            err.print(f"[red]" + escape(_("error:")) + f"[/] {escape(str(exc))}", highlight=False, soft_wrap=True)  # one line, however long
            raise typer.Exit(2) from None

    return wrapper


def stopped_early(played: int, planned: int, checkpoint: Path | None) -> None:
    """The line a run stopped by Ctrl-C ends with."""
    if checkpoint:
        text = _("stopped after {played} of {planned} games; rerun the same command to resume from {checkpoint}",
                 played=number_text(played), planned=number_text(planned), checkpoint=str(checkpoint))
    else:
        text = _("stopped after {played} of {planned} games", played=number_text(played), planned=number_text(planned))
    err.print(f"[yellow]" + escape(_("partial results:")) + f"[/] {escape(text)}", highlight=False, soft_wrap=True)


@contextmanager
def games_bar(description: str, total: int, shown: bool = True) -> Iterator[Callable[[], None] | None]:
    """A progress bar of games on stderr while the block runs, gone when it ends; yields the call that counts one
    game finished, or None when no bar is ``shown`` (``--json`` prints one object and nothing else)."""
    if not shown:
        yield None
        return
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err, transient=True)
    progress.start()
    task = progress.add_task(description, total=total)
    try:
        yield lambda: progress.advance(task)
    finally:
        progress.stop()
