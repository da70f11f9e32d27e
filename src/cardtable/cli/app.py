"""`cardtable`: list games, play in the terminal, simulate bots, run tournaments and balance reports, replay records,
export data schemas, list rules.

This module builds the Typer app and names its commands; each command lives in the module of its job
(``listing``: games, rules · ``tables``: play, serve · ``runs``: simulate, tournament · ``balance`` · ``records``:
replay · ``schema`` · ``studio`` · ``i18n``). The order of the commands here is the order ``cardtable --help`` lists them in."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from cardtable.engine.i18n import N_

from .balance import balance_command
from .i18n import i18n_app
from .listing import games, rules
from .output import err, handles_errors
from .records import replay
from .runs import simulate, tournament
from .schema import schema
from .studio import studio
from .tables import play, serve

app = typer.Typer(
    help=N_("cardtable: play, simulate and study card games on one engine. Start with `cardtable games`."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)


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


app.command()(handles_errors(games))
app.command()(handles_errors(play))
app.command()(handles_errors(simulate))
app.command()(handles_errors(tournament))
app.command()(handles_errors(replay))
app.command()(handles_errors(schema))
app.command()(handles_errors(rules))
app.command()(handles_errors(serve))
app.command("balance")(handles_errors(balance_command))
app.command()(handles_errors(studio))
app.add_typer(i18n_app, name="i18n")


def main(argv: list[str] | None = None) -> None:
    """``cardtable``: the language first (cardtable.cli.language), then the command."""
    from .language import run

    run(app, err, argv)


if __name__ == "__main__":
    main()
