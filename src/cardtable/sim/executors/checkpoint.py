"""The checkpoint of a run: its finished chunks as JSON lines, so that a rerun of the same job resumes
(the format is in :mod:`cardtable.sim.executors`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from cardtable.engine import CardtableError
from cardtable.engine.i18n import Translator

from .chunks import Chunk

_ = Translator("cardtable")


class Checkpoint:
    """The finished chunks of one run, as JSON lines (the format: :mod:`cardtable.sim.executors`)."""

    VERSION = 1

    def __init__(self, path: str | Path, run_key: Mapping[str, Any]):
        self.path = Path(path)
        self.run_key = json.loads(json.dumps(run_key))  # the form it takes in the file, so that they compare
        self.done: dict[Chunk, Any] = {}
        try:
            self._read()
            self._fh = self.path.open("a", encoding="utf-8")
            if self.path.stat().st_size == 0:
                self._write({"cardtable_checkpoint": self.VERSION, "run": self.run_key})
        except OSError as exc:
            raise CardtableError(_("cannot use the checkpoint {path}: {reason}", path=self.path,
                                   reason=exc.strerror or exc)) from None

    def _read(self) -> None:
        if not self.path.exists() or self.path.stat().st_size == 0:
            return
        try:
            text = self.path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise self._not_a_checkpoint() from None
        if not text.endswith("\n"):
            # A line cut short by a crash or a kill: drop it, so that the next line starts clean.
            cut = text.rfind("\n") + 1
            with self.path.open("r+", encoding="utf-8") as fh:
                fh.truncate(len(text[:cut].encode("utf-8")))
            text = text[:cut]
        lines = text.splitlines()
        if not lines:
            return
        try:
            header = json.loads(lines[0])
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("cardtable_checkpoint") != self.VERSION:
            raise self._not_a_checkpoint()
        if header.get("run") != self.run_key:
            theirs = header.get("run") or {}
            differ = sorted(k for k in set(theirs) | set(self.run_key) if theirs.get(k) != self.run_key.get(k))
            raise CardtableError(_("the checkpoint {path} belongs to another run (it differs in {keys}); rerun with "
                                   "that run's arguments to resume it, or give another --checkpoint file",
                                   path=self.path, keys=", ".join(differ)))
        for number, line in enumerate(lines[1:], 2):
            try:
                entry = json.loads(line)
                chunk = Chunk(int(entry["start"]), int(entry["stop"]))
                if not isinstance(entry["result"], list) or len(entry["result"]) != chunk.stop - chunk.start:
                    raise ValueError("a result per item of the chunk")  # i18n: no (caught below)  # else a run would count too few games
                self.done[chunk] = entry["result"]
            except (ValueError, KeyError, TypeError):
                raise CardtableError(_("{path}:{line}: not a finished chunk; the checkpoint is damaged (delete it to "
                                       "start again)", path=self.path, line=number)) from None

    def _not_a_checkpoint(self) -> CardtableError:
        return CardtableError(_("{path} is not a cardtable checkpoint; give another --checkpoint file (it is created "
                                "if it does not exist)", path=self.path))

    def _write(self, entry: dict[str, Any]) -> None:
        self._fh.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._fh.flush()

    def add(self, chunk: Chunk, result: Any) -> None:
        try:
            line = {"start": chunk.start, "stop": chunk.stop, "result": result}
            self._write(line)
        except TypeError as exc:
            raise CardtableError(_("a chunk's result cannot be checkpointed, it is not JSON-ready: {error}",
                                   error=exc)) from None
        self.done[chunk] = result

    def close(self) -> None:
        self._fh.close()
