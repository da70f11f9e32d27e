"""`cardtable studio`: the designer's workbench in the browser, on a workspace folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from cardtable.engine.i18n import N_, Translator

from .output import console
from .paths import listenable, writable_file

_ = Translator("cardtable")


def studio(
    workspace: Annotated[Path, typer.Option(help=N_("the workspace folder: your data files (GAME/*.yaml) and their "
                                                  "versions; made if missing"))] = Path("cardtable-workspace"),
    host: Annotated[str, typer.Option(help=N_("address to listen on (the workbench writes files: keep it on this "
                                              "machine unless you trust the network)"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help=N_("port (1–65535)"))] = 8000,
) -> None:
    """Edit cards, decks, boards and sets in the browser (at /studio), every save checked and kept as a version,
    and play two versions against each other on the same seeds (a what-if). The lobby and the tables run too."""
    from cardtable.server.app import serve as run
    from cardtable.studio.workspace import Workspace

    root = Workspace(workspace).root  # made, or a clear error for a file in the way
    db = root / ".cardtable" / "tables.db"
    db.parent.mkdir(exist_ok=True)
    writable_file(db)
    listenable(host, port)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(escape(_("the workbench for {folder} is at {address} (Ctrl+C stops)", folder=str(root),
                           address="\x00")).replace("\x00", f"[bold]http://{escape(shown)}:{port}/studio[/]"),
                  soft_wrap=True)
    run(host, port, str(db), workspace=str(root))
