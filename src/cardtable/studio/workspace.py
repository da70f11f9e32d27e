"""A designer's workspace: ordinary data files in a folder, every save a version, a diff between any two versions.

The folder is laid out as ``$CARDTABLE_DATA_DIR`` is — a game's files in its ``<game>/`` folder — so
``cardtable play|simulate|balance GAME --data DIR`` plays with them (``engine.data_roots``: a workspace's files
come before the packaged ones of the same name). The packaged files are only ever read: to change a packaged
set, the workspace takes a copy of it (:meth:`Workspace.read` gives the packaged text until then) and saves its
own.

Every save is checked before anything is written: the new text is put into a scratch copy of the workspace and
the file is loaded by name as a game loads it (the game's ``workbench.check``), so a bad value is refused naming
the file, the entry, the field and the reason, and the workspace is left as it was. A save that passes writes
the file and then a **version**: a full copy of the workspace's game folders in ``.cardtable/versions/<n>/``
(data files are small) and a line in ``.cardtable/versions.jsonl`` (number, time, game, file, message, digest).
A version's folder is itself a workspace, which is how ``DIR@3`` names version 3 for a what-if
(:func:`resolve`). Version 0 is the packaged files alone.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import CardtableError, DataError
from cardtable.engine.data_roots import using_workspace
from cardtable.engine.i18n import Translator
from cardtable.engine.registry import game_names, workbench

_ = Translator("cardtable")

META = ".cardtable"
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,80}\.yaml")
MAX_TEXT = 2_000_000  # bytes: the data loaders' own limit
MAX_MESSAGE = 500


class WorkspaceError(CardtableError):
    """A request the workspace refuses (an unknown game or file name, a missing version); nothing was written."""


@dataclass(frozen=True)
class Version:
    """A saved state of the workspace."""

    n: int
    time: str
    game: str
    file: str
    message: str
    action: str  # "save", "remove" (back to the packaged file) or "restore" (an earlier version made current)
    digest: str  # SHA-256 of the workspace's files at this version

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Saved:
    """What a save did: the version it made, the loader's summary of the file, and the other files it breaks."""

    version: Version
    summary: str
    warnings: list[str]


class Workspace:
    """The workspace in the folder ``root`` (made if missing)."""

    def __init__(self, root: str | os.PathLike[str]):
        self.root = Path(root).resolve()
        if self.root.exists() and not self.root.is_dir():
            raise WorkspaceError(_("{path} is not a folder: a workspace is a folder", path=str(self.root)))
        self.root.mkdir(parents=True, exist_ok=True)
        self.meta = self.root / META

    # -- games and files
    def games(self) -> list[str]:
        """The games whose data files a workspace can hold (those with a workbench module), one per data folder
        (a variant such as ``maoqy-ritual`` reads its base game's files)."""
        out = []
        for g in game_names():
            bench = workbench(g)
            if bench is not None and bench.FOLDER == g:
                out.append(g)
        return out

    def _bench(self, game: str) -> Any:
        if game not in game_names():
            raise WorkspaceError(_("no game {game}; games with data files: {games}", game=repr(game),
                                   games=", ".join(self.games())))
        bench = workbench(game)
        if bench is None:
            raise WorkspaceError(_("{game} reads no data files: only its options can be changed (cardtable games "
                                   "{game})", game=game))
        return bench

    def _name(self, game: str, filename: Any) -> tuple[Any, str]:
        bench = self._bench(game)
        if not isinstance(filename, str) or not FILE_NAME.fullmatch(filename):
            raise WorkspaceError(_("{name} is not a data file name: letters, digits, '-' and '_', ending in .yaml "
                                   "(never a path)", name=repr(filename)))
        with using_workspace(self.root):
            kind = bench.kind_of(filename)
        if kind is None:
            raise WorkspaceError(_("{game} reads no file called {name}", game=game, name=filename))
        return bench, kind

    def packaged_dir(self, game: str) -> Path:
        bench = self._bench(game)
        return Path(bench.__file__).resolve().parent / "data"

    def files(self, game: str) -> list[dict[str, Any]]:
        """The game's data files: the packaged ones and the workspace's, each with its kind and where the text in
        use comes from ("workspace" for the workspace's own copy, else "packaged")."""
        bench = self._bench(game)
        own = self.root / bench.FOLDER
        names = sorted({p.name for folder in (self.packaged_dir(game), own) if folder.is_dir()
                        for p in folder.glob("*.yaml") if FILE_NAME.fullmatch(p.name)})
        out = []
        with using_workspace(self.root):
            for name in names:
                kind = bench.kind_of(name)
                if kind is None:
                    continue
                out.append({"name": name, "kind": kind,
                            "source": "workspace" if (own / name).is_file() else "packaged",
                            "packaged": (self.packaged_dir(game) / name).is_file()})
        return out

    def read(self, game: str, filename: str) -> str:
        """The text in use: the workspace's copy, else the packaged file."""
        bench, _kind = self._name(game, filename)
        for path in (self.root / bench.FOLDER / filename, self.packaged_dir(game) / filename):
            if path.is_file():
                return path.read_text(encoding="utf-8")
        raise WorkspaceError(_("no file {name} for {game} in the workspace or the packaged files", name=filename,
                               game=game))

    # -- saving
    def check(self, game: str, filename: str, text: Any) -> tuple[str, list[str]]:
        """Check ``text`` as the file ``filename`` without writing anything: the loader's summary and the problems
        it makes for other files. Raises the game's DataError (file, entry, field, line, reason)."""
        checked: tuple[str, list[str]] = self._in_scratch(game, filename, text, lambda bench: bench.check(filename))
        return checked

    def stats(self, game: str, filename: str, text: Any, seed: int = 0) -> dict[str, Any] | None:
        """The game's statistics of ``text`` as the file ``filename`` (a Mítosz deck's breakdowns, curve, sample hand
        and draw odds), from the same scratch copy as :meth:`check`; None where the game has none for it. A text the
        game cannot load has no statistics: its DataError says why."""
        bench, _kind = self._name(game, filename)
        if not hasattr(bench, "stats"):
            return None

        def read(bench: Any) -> dict[str, Any] | None:
            bench.check(filename)
            found: dict[str, Any] | None = bench.stats(filename, seed=seed)
            return found

        return self._in_scratch(game, filename, text, read)  # type: ignore[no-any-return]

    def _in_scratch(self, game: str, filename: str, text: Any, read: Any) -> Any:
        """``read(bench)`` with ``text`` as the file ``filename`` of a scratch copy of the workspace in use: nothing of
        the workspace is written. A DataError names the file as the designer knows it (GAME/FILE)."""
        bench, _kind = self._name(game, filename)
        if not isinstance(text, str):
            raise WorkspaceError(_("the text of a data file must be text"))
        if len(text.encode("utf-8")) > MAX_TEXT:
            raise WorkspaceError(_("the file is larger than {n} bytes", n=MAX_TEXT))
        with tempfile.TemporaryDirectory(prefix="cardtable-check-") as scratch:
            copy = Path(scratch)
            self._copy_games(self.root, copy)
            folder = copy / bench.FOLDER
            folder.mkdir(exist_ok=True)
            (folder / filename).write_text(text, encoding="utf-8")
            scratch_folder = str(folder) + os.sep
            try:
                with using_workspace(copy):
                    found = read(bench)
            except DataError as exc:
                exc.problems = [(e, f, line, reason.replace(scratch_folder, f"{bench.FOLDER}/"))
                                for e, f, line, reason in exc.problems]
                exc.entry, exc.field, exc.line, exc.reason = exc.problems[0]
                exc.file = f"{bench.FOLDER}/{filename}" if exc.file is None or exc.file.startswith(str(copy)) \
                    or exc.file == filename else exc.file
                exc.args = (exc._message(),)
                raise
        if isinstance(found, tuple):  # check's (summary, warnings): the warnings without the scratch folder
            return found[0], [w.replace(scratch_folder, "") for w in found[1]]
        return found

    def save(self, game: str, filename: str, text: Any, message: str = "") -> Saved:
        """Check ``text``, then write it as the workspace's ``filename`` and make a version. A text that fails the
        check raises (the game's DataError) and writes nothing."""
        summary, warnings = self.check(game, filename, text)
        bench = self._bench(game)
        folder = self.root / bench.FOLDER
        folder.mkdir(exist_ok=True)
        _write_atomically(folder / filename, text)
        version = self._version(game, filename, message, "save")
        return Saved(version, summary, warnings)

    def remove(self, game: str, filename: str, message: str = "") -> Version:
        """Drop the workspace's copy of ``filename`` (the packaged file, if there is one, is used again)."""
        bench, _kind = self._name(game, filename)
        path = self.root / bench.FOLDER / filename
        if not path.is_file():
            raise WorkspaceError(_("the workspace has no copy of {name}", name=filename))
        path.unlink()
        return self._version(game, filename, message, "remove")

    def restore(self, n: int, message: str = "") -> Version:
        """Make version ``n`` the current files again (as a new version: nothing is ever lost)."""
        source = self.version_root(n)
        for game in self.games():
            folder = self.root / self._bench(game).FOLDER
            if folder.is_dir():
                shutil.rmtree(folder)
        self._copy_games(source, self.root)
        return self._version("", "", message or _("restored version {n}", n=n), "restore")

    # -- versions
    def versions(self) -> list[Version]:
        log = self.meta / "versions.jsonl"
        if not log.is_file():
            return []
        out = []
        for line in log.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(Version(**json.loads(line)))
        return out

    def version_root(self, n: int) -> Path:
        """The folder holding version ``n`` (0: an empty workspace, the packaged files alone)."""
        if n == 0:
            empty = self.meta / "versions" / "0"
            empty.mkdir(parents=True, exist_ok=True)
            return empty
        folder = self.meta / "versions" / str(n)
        if not isinstance(n, int) or n < 0 or not folder.is_dir():
            last = len(self.versions())
            raise WorkspaceError(_("no version {n} in {path}: it has versions 0 to {last}", n=n, path=str(self.root),
                                   last=last))
        return folder

    def diff(self, a: int, b: int | None = None) -> str:
        """A unified diff of every data file from version ``a`` to version ``b`` (None: the current files)."""
        old = self.version_root(a)
        new = self.root if b is None else self.version_root(b)
        label_b = _("current") if b is None else f"v{b}"
        out: list[str] = []
        for game in self.games():
            folder = self._bench(game).FOLDER
            names = sorted({p.name for root in (old, new) if (root / folder).is_dir()
                            for p in (root / folder).glob("*.yaml")})
            for name in names:
                before = self._text_at(old, game, folder, name)
                after = self._text_at(new, game, folder, name)
                if before != after:
                    out += difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                                f"v{a}/{folder}/{name}", f"{label_b}/{folder}/{name}")
        return "".join(line if line.endswith("\n") else line + "\n" for line in out)

    def _text_at(self, root: Path, game: str, folder: str, name: str) -> str:
        path = root / folder / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
        packaged = self.packaged_dir(game) / name
        return packaged.read_text(encoding="utf-8") if packaged.is_file() else ""

    def _version(self, game: str, filename: str, message: str, action: str) -> Version:
        n = len(self.versions()) + 1
        folder = self.meta / "versions" / str(n)
        if folder.exists():  # a version folder written by a save that did not finish its log line
            shutil.rmtree(folder)
        folder.mkdir(parents=True)
        self._copy_games(self.root, folder)
        version = Version(n=n, time=_dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"), game=game,
                          file=filename, message=str(message)[:MAX_MESSAGE], action=action,
                          digest=self.digest(folder))
        with (self.meta / "versions.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(version.to_json(), ensure_ascii=False) + "\n")
        return version

    def digest(self, root: Path | None = None) -> str:
        """SHA-256 over the names and contents of the data files under ``root`` (default: the current files)."""
        root = self.root if root is None else root
        h = hashlib.sha256()
        for game in self.games():
            folder = root / self._bench(game).FOLDER
            for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
                h.update(f"{folder.name}/{path.name}".encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()

    def _copy_games(self, source: Path, target: Path) -> None:
        for game in self.games():
            folder = self._bench(game).FOLDER
            if (source / folder).is_dir():
                shutil.copytree(source / folder, target / folder, dirs_exist_ok=True)


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def resolve(text: str) -> tuple[str, str | None]:
    """A side of a what-if as written on the command line: ``packaged`` (no workspace), ``DIR`` (a workspace's
    current files) or ``DIR@N`` (its version N). Returns the label and the folder to use (None: packaged)."""
    if text == "packaged":
        return text, None
    folder, at, number = text.rpartition("@")
    if at and number.isdigit() and folder:
        root = Path(folder)
        if not (root / META).is_dir():
            raise WorkspaceError(_("{path} is not a workspace with versions (no {meta} folder)", path=folder,
                                   meta=META))
        return text, str(Workspace(root).version_root(int(number)))
    root = Path(text)
    if not root.is_dir():
        raise WorkspaceError(_("{side}: no such folder; a side is 'packaged', a workspace folder or FOLDER@N (its "
                               "version N)", side=text))
    return text, str(root.resolve())
