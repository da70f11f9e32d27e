"""What the CLI tests share: the command run as a user runs it, in a process of its own."""

from __future__ import annotations

import subprocess
import sys


def cardtable(*args, input=None, columns=120, data_dir=None):
    """``cardtable ARGS`` in a fresh process (a clean environment: a dumb terminal ``columns`` wide, the user's
    data folder ``data_dir`` when given); the finished process, its output captured as text."""
    env = {"COLUMNS": str(columns), "PATH": "/usr/bin:/bin", "TERM": "dumb"}
    if data_dir is not None:
        env["CARDTABLE_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "cardtable.cli.app", *args],
        input=input, capture_output=True, text=True, timeout=300, env=env,
    )


def rendered(game, view: dict, width: int, names=("human", "heuristic")) -> str:
    """The terminal's picture of ``view``, as plain text ``width`` columns wide."""
    import io

    from rich.console import Console

    from cardtable.cli.render import render_view

    console = Console(file=io.StringIO(), width=width, color_system=None)
    render_view(console, game, view, list(names))
    return console.file.getvalue()
