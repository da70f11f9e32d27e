"""Command-line option types shared by several commands (kept apart so that every command module can import
them without importing ``app``)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardtable.engine.i18n import N_

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
CheckpointArg = Annotated[Optional[Path], typer.Option(
    "--checkpoint", help=N_("keep finished chunks in this file (JSON lines); rerunning the same command with it "
    "skips them and gives the same result"))]
