"""Where a game's data files are looked for besides its packaged folder: a designer's **workspace** and the
user data directory.

A workspace (``cardtable play|simulate|balance GAME --data DIR``, ``cardtable studio --workspace DIR``) is a
folder of data files laid out like ``$CARDTABLE_DATA_DIR``: a game's files in its ``<game>/`` folder. Its files
come *first*, before the packaged ones, so a workspace copy of ``smp.yaml`` or ``core.yaml`` is the set that is
played while the workspace is in use: that is how a designer changes a packaged card without touching the
package. Without a workspace a packaged name means the packaged file everywhere, as before.

The workspace in use is the one :func:`using_workspace` set in this context (a paired what-if plays two of them in
one process, one after the other), else ``$CARDTABLE_WORKSPACE`` (what the command line sets, so worker processes
started afterwards see it too), else none.
"""

from __future__ import annotations

import hashlib
import os
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

#: Environment variable naming the user data directory; a game's files live in its ``<game>/`` folder.
DATA_DIR_ENV = "CARDTABLE_DATA_DIR"
#: Environment variable naming the workspace in use (set by ``--data DIR``); its files come first.
WORKSPACE_ENV = "CARDTABLE_WORKSPACE"

# "" means "no workspace here", whatever the environment says; None means "not set in this context"
_WORKSPACE: ContextVar[str | None] = ContextVar("cardtable_workspace", default=None)


def workspace_root() -> Path | None:
    """The workspace in use, or None."""
    root = _WORKSPACE.get()
    if root is None:
        root = os.environ.get(WORKSPACE_ENV, "")
    return Path(root) if root else None


@contextmanager
def using_workspace(root: str | os.PathLike[str] | None) -> Iterator[None]:
    """Use the workspace ``root`` (None: none, not even the environment's) while the block runs."""
    token = _WORKSPACE.set(os.fspath(root) if root else "")
    try:
        yield
    finally:
        _WORKSPACE.reset(token)


def user_root() -> Path | None:
    """The user data directory, ``$CARDTABLE_DATA_DIR``, or None."""
    root = os.environ.get(DATA_DIR_ENV)
    return Path(root) if root else None


def search_folders(game: str, packaged: Path) -> list[tuple[Path, str]]:
    """The folders a game's files are looked for in, first first, with where each comes from: the workspace's
    ``<game>/`` folder ("workspace"), the packaged folder ("packaged"), the user directory's ("user")."""
    out: list[tuple[Path, str]] = []
    workspace = workspace_root()
    if workspace is not None:
        out.append((workspace / game, "workspace"))
    out.append((packaged, "packaged"))
    user = user_root()
    if user is not None:
        out.append((user / game, "user"))
    return out


def workspace_stamp(game: str, root: Path) -> dict[str, str]:
    """What a record made with the workspace ``root`` notes about it: the folder, and a digest of the game's files
    in it (names and contents), so that a replay can tell whether it has the same files."""
    return {"workspace": str(root), "digest": workspace_digest(game, root)}


def workspace_digest(game: str, root: Path) -> str:
    """SHA-256 over the names and contents of the workspace's ``<game>/*.yaml`` files, in name order."""
    h = hashlib.sha256()
    folder = root / game
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()
