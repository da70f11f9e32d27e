"""The commands that seat people at a table: `cardtable play` (in the terminal, against bots or hot-seat) and
`cardtable serve` (the web table)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.markup import escape

from cardtable.engine import load
from cardtable.engine.i18n import N_, Translator

from .options import DataArg, ForcedMoves, OptionArg, PlayersArg, parse_options, use_data
from .output import console
from .paths import listenable, reachable_database, writable_file

_ = Translator("cardtable")


def play(
    game: Annotated[str, typer.Argument(help=N_("game name, e.g. mojo"))],
    players: PlayersArg = None,
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help=N_("seat 0, 1, … in order: human, random, heuristic, ismcts-fast, ismcts, ismcts-strong or another ismcts name (repeatable); missing seats are the heuristic bot"))] = None,
    option: OptionArg = None,
    seed: Annotated[Optional[int], typer.Option(help=N_("seed (a random one is chosen and shown if omitted)"))] = None,
    record: Annotated[Optional[Path], typer.Option(help=N_("write the game's record to this file"))] = None,
    forced: Annotated[Optional[ForcedMoves], typer.Option(help=N_("a move that is your only legal one: take it without asking, or ask for it anyway (default: take with one human against bots; ask in hot-seat and alone)"))] = None,
    data: DataArg = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with several humans."""
    from .play import parse_seats, play_terminal

    workspace = use_data(data)
    g = load(game, players=players, options=parse_options(option, game))
    seats = parse_seats(g, seat or [])
    if record:
        writable_file(record)  # before the game, not after it
    from cardtable.engine.game import fresh_seed

    state = play_terminal(console, g, seats, fresh_seed(seed), read=lambda prompt: console.input(prompt),
                          take_forced=None if forced is None else forced is ForcedMoves.take)
    if record:
        rec = state.record()
        if workspace is not None:  # replaying it needs the same files: ``replay --data`` checks their digest
            from cardtable.engine.data_roots import workspace_stamp

            rec.meta["data"] = workspace_stamp(game, workspace)
        with record.open("w", encoding="utf-8") as fh:
            rec.write(fh)
        console.print(escape(_("Record written to {path}", path=str(record))))


def serve(
    host: Annotated[str, typer.Option(help=N_("address to listen on; 0.0.0.0 to let other machines join"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help=N_("port (1–65535)"))] = 8000,
    db: Annotated[str, typer.Option(help=N_("where every table and action is kept: an SQLite file, or a "
                                            "postgresql://USER@HOST/DATABASE address that several server "
                                            "processes share"))] = "cardtable.db",
    bot_delay: Annotated[float, typer.Option(min=0, help=N_("seconds a bot waits before it moves, so people can follow"))] = 0.6,
    search_workers: Annotated[Optional[int], typer.Option(
        min=1, help=N_("worker processes the search bots (ismcts) think in; default: one per core but one"))] = None,
    smtp: Annotated[Optional[str], typer.Option(
        help=N_("HOST:PORT of an SMTP server for the e-mails telling players it is their turn; default: no e-mail"))] = None,
    smtp_from: Annotated[str, typer.Option(help=N_("the sender address of those e-mails"))] = "cardtable@localhost",
    public_url: Annotated[Optional[str], typer.Option(
        help=N_("the address players reach this server at, for the links in notifications; default: http://HOST:PORT"))] = None,
    allow_local_webhooks: Annotated[bool, typer.Option(
        help=N_("let accounts name loopback and private addresses as webhooks (a LAN); default: public only"))] = False,
    lease_seconds: Annotated[float, typer.Option(min=1, help=N_(
        "with PostgreSQL: seconds a server process that stopped answering still holds the tables whose bots and "
        "clocks it runs, before another takes them over"))] = 10.0,
) -> None:
    """Run the web table: lobby, tables, bots; every game kept in the database across restarts."""
    from cardtable.server.app import serve as run
    from cardtable.server.notify import Smtp

    mail = None
    if smtp is not None:
        smtp_host, _sep, smtp_port = smtp.rpartition(":")
        if not smtp_host or not smtp_port.isdigit() or not 1 <= int(smtp_port) <= 65535:
            raise typer.BadParameter(_("HOST:PORT (a port from 1 to 65535), not {value}", value=repr(smtp)),
                                     param_hint="--smtp")
        mail = Smtp(smtp_host, int(smtp_port), smtp_from)

    if db.startswith(("postgresql://", "postgres://")):
        reachable_database(db)  # a clear line, not psycopg's traceback
    else:
        writable_file(Path(db))  # a clear line, not SQLite's traceback
    listenable(host, port)  # a clear line, not uvicorn's log: a host that does not resolve, a port in use
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(escape(_("cardtable is serving on {address} — open it in a browser (Ctrl+C stops; games are kept "
                           "in {db})", address="\x00", db=str(db))).replace(
        "\x00", f"[bold]http://{escape(shown)}:{port}/[/]"))

    run(host, port, db, bot_delay=bot_delay, search_workers=search_workers, smtp=mail,
        base_url=public_url or f"http://{shown}:{port}", allow_local_webhooks=allow_local_webhooks,
        lease_seconds=lease_seconds)
