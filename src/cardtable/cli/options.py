"""Command-line option types shared by several commands, and how ``--option key=value`` is read (kept apart so
that every command module can import them without importing ``app``)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.options import parse_option_value
from cardtable.engine.registry import game_class

_ = Translator("cardtable")


class ForcedMoves(str, Enum):
    """``play --forced``: what the terminal does with a move that is a person's only legal one."""

    take = "take"
    ask = "ask"


OptionArg = Annotated[Optional[list[str]], typer.Option(
    "--option", "-o", help=N_("game option key=value (repeatable); `cardtable games GAME` lists them, "
    "e.g. -o deck_a=frost-clans for mitosz"))]
PlayersArg = Annotated[Optional[int], typer.Option(
    "--players", "-p", help=N_("number of players (default: the game's usual number; `cardtable games` shows each "
    "game's range)"))]
# How a many-game command runs its games (cardtable.sim.executors); the results are the same with every choice.
WorkersArg = Annotated[Optional[int], typer.Option(
    "--workers", "-w", min=1, help=N_("processes playing at once (default: every core; with --backend ray and "
    "--address: every CPU of the cluster); 1 plays in this process"))]
BackendArg = Annotated[Optional[str], typer.Option(
    "--backend", help=N_("local (processes on this machine) or ray (default: ray if --address is given, else local)"))]
AddressArg = Annotated[Optional[str], typer.Option(
    "--address", help=N_("Ray cluster to join, e.g. auto, HEAD:6379 or ray://HEAD:10001 (default with --backend ray: "
    "start a private local Ray)"))]
ChunkSizeArg = Annotated[Optional[int], typer.Option(
    "--chunk-size", min=1, help=N_("games per chunk, the unit sent to a worker, retried and checkpointed "
    "(default: 1 % of the games, at most 250)"))]
DataArg = Annotated[Optional[Path], typer.Option(
    "--data", help=N_("a workspace folder (DIR/GAME/*.yaml, as cardtable studio saves it): its cards, decks, boards "
    "and sets are used before the packaged ones of the same name; the packaged files are never changed"))]
CheckpointArg = Annotated[Optional[Path], typer.Option(
    "--checkpoint", help=N_("keep finished chunks in this file (JSON lines); rerunning the same command with it "
    "skips them and gives the same result"))]


def parse_options(pairs: list[str] | None, game: str | None = None) -> dict[str, Any]:
    """``key=value`` pairs: a value is read as JSON where it parses, else as text; a free-text option of
    ``game`` (such as Mítosz's deck names) always takes the text as typed."""
    text: set[str] = set()
    if game is not None:
        try:
            text = {o.name for o in game_class(game).declared_options if o.text}
        except CardtableError:
            pass  # an unknown game: load() says so
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CardtableError(_("--option takes key=value, not {pair}", pair=repr(pair)))
        key = key.strip()
        options[key] = value.strip() if key in text else parse_option_value(value.strip())
    return options


def use_data(folder: Path | None) -> Path | None:
    """Use the workspace ``folder`` (``--data``) for the rest of the command, worker processes included (they are
    started later and read it from the environment); a clear error if it is not a folder."""
    import os

    from cardtable.engine.data_roots import WORKSPACE_ENV

    if folder is None:
        return None
    if not folder.is_dir():
        raise CardtableError(_("--data {folder}: no such folder (a workspace is a folder holding GAME/*.yaml files, "
                               "as cardtable studio --workspace saves them)", folder=str(folder)))
    root = folder.resolve()
    os.environ[WORKSPACE_ENV] = str(root)
    return root
