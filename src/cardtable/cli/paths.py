"""Output paths are checked before a long run starts, so a bad path costs one line, not a finished game or run."""

from __future__ import annotations

from pathlib import Path

from cardtable.engine import CardtableError


def writable_file(path: Path) -> Path:
    """``path`` if a file can be written there (a folder, a missing folder or no permission is refused). An
    existing file is left as it is, and a probe file is removed again."""
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise CardtableError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not existed:
        path.unlink(missing_ok=True)
    return path


def writable_folder(folder: Path) -> Path:
    """``folder``, created if missing, if files can be written into it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CardtableError(f"cannot write {folder}: {exc.strerror or exc}") from None
    writable_file(folder / ".cardtable-write-check")
    return folder
