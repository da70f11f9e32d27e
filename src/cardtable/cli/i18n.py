"""``cardtable i18n``: the translators' commands (update the catalogs from the sources, compile, check)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer
from rich.console import Console

from cardtable.engine.i18n import N_, Translator

if TYPE_CHECKING:
    from cardtable.i18n.domains import Domain

_ = Translator("cardtable")
_n = _.plural
i18n_app = typer.Typer(help=N_("Keep the translation catalogs: update them from the sources, compile, check."),
                       no_args_is_help=True)
console = Console()

DomainArg = Annotated[Optional[list[str]], typer.Argument(
    help=N_("domains (cardtable, web, click, mojo, maoqy, mitosz, muhq); all when none is named"))]


def _domains(names: list[str] | None) -> list[Domain]:
    from cardtable.i18n.catalogs import domains

    try:
        return domains(names)
    except ValueError as exc:
        console.print("[red]" + _("error:") + f"[/] {exc}")
        raise typer.Exit(2) from None


@i18n_app.command("update")
def update(names: DomainArg = None) -> None:
    """Merge the sources' messages into every language's .po (new ones untranslated, gone ones dropped)."""
    from cardtable.i18n.catalogs import update as update_domain

    for domain in _domains(names):
        missing = update_domain(domain)
        counts = ", ".join(_("{lang} lacks {n}", lang=lang, n=n) for lang, n in missing.items())
        console.print(_("{domain}: {counts}", domain=domain.name, counts=counts))


@i18n_app.command("compile")
def compile_(names: DomainArg = None) -> None:
    """Write the .mo files the program reads from the .po files."""
    from cardtable.i18n.catalogs import compile_all

    for path in compile_all(_domains(names)):
        console.print(str(path))


@i18n_app.command("check")
def check(names: DomainArg = None) -> None:
    """List every message without a translation, with other placeholders than its source, unused or stale;
    exit 1 if there is one."""
    from cardtable.i18n.catalogs import check as check_domain

    problems = [p for domain in _domains(names) for p in check_domain(domain)]
    for problem in problems:
        console.print(str(problem), highlight=False, markup=False)
    console.print(_n("{n} problem", "{n} problems", len(problems)) if problems else _("the catalogs are complete"))
    raise typer.Exit(1 if problems else 0)
