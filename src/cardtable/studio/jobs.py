"""What-ifs the workbench runs in the background: one thread each driving a :class:`cardtable.sim.whatif.WhatIf`
on the local worker pool (or Ray), with its progress, a stop button and the numbers when done.

A side is ``packaged`` or a version ``vN`` of the workspace, never "the files as they are now": a version's
folder never changes, so a save made while a what-if runs cannot change the games still to play.
"""

from __future__ import annotations

import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from cardtable.engine.i18n import Translator

from .workspace import Workspace, WorkspaceError

_ = Translator("cardtable")

MAX_GAMES = 100_000
MAX_JOBS = 20  # kept at once (the oldest finished ones are forgotten first)


@dataclass
class Job:
    id: str
    game: str
    a: str
    b: str
    planned: int
    started: float = field(default_factory=time.time)
    done: int = 0
    state: str = "running"  # running, done, stopped, failed
    error: str | None = None
    numbers: dict[str, Any] | None = None
    stop: threading.Event = field(default_factory=threading.Event)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "a": self.a, "b": self.b, "planned": self.planned, "done": self.done,
                "state": self.state, "error": self.error, "seconds": round(time.time() - self.started, 1),
                "numbers": self.numbers}


class WhatIfJobs:
    """The workspace's background what-ifs."""

    def __init__(self, workspace: Workspace, workers: int | None = None, backend: str | None = None):
        self.workspace = workspace
        self.workers = workers
        self.backend = backend
        self.jobs: dict[str, Job] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def side(self, text: Any) -> tuple[str, str | None]:
        """``packaged`` or ``vN`` as (label, folder)."""
        if text == "packaged":
            return "packaged", None
        if isinstance(text, str) and text.startswith("v") and text[1:].isdigit():
            n = int(text[1:])
            return text, str(self.workspace.version_root(n)) if n else None
        raise WorkspaceError(_("a side is 'packaged' or a version such as 'v3', not {side}", side=repr(text)))

    def start(self, game: Any, a: Any, b: Any, games: Any, agents: Any = "heuristic", seed: Any = 0) -> Job:
        """Check everything (game, sides, counts, agents) before anything runs; then play in a thread."""
        from cardtable.sim.balance import make_spec
        from cardtable.sim.whatif import WhatIf, WhatIfJob

        if not isinstance(game, str) or game not in self.workspace.games():
            raise WorkspaceError(_("no game {game} in the workbench; games: {games}", game=repr(game),
                                   games=", ".join(self.workspace.games())))
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise WorkspaceError(_("games must be a whole number from 1 to {most}", most=MAX_GAMES))
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise WorkspaceError(_("seed must be a whole number, 0 or more"))
        if not isinstance(agents, str) or not agents.strip():
            raise WorkspaceError(_("agents are names separated by commas, e.g. heuristic"))
        names = [x.strip() for x in agents.split(",") if x.strip()]
        (label_a, data_a), (label_b, data_b) = self.side(a), self.side(b)
        spec_a = make_spec(game, names, seed=seed, data=data_a)
        spec_b = make_spec(game, names, seed=seed, data=data_b)
        with self._lock:
            job = Job(str(next(self._ids)), game, label_a, label_b, games)
            self.jobs[job.id] = job
            self._forget_old()
        run = WhatIf(WhatIfJob(spec_a, spec_b, label_a, label_b), games)

        def counted(_pair: dict[str, Any]) -> None:
            job.done += 1

        def play() -> None:
            try:
                run.play(on_pair=counted, should_stop=job.stop.is_set, workers=self.workers, backend=self.backend)
                job.numbers = run.numbers()
                job.state = "stopped" if run.partial else "done"
            except Exception as exc:  # shown on the page; the server goes on
                job.error = str(exc)
                job.state = "failed"

        threading.Thread(target=play, name=f"whatif-{job.id}", daemon=True).start()
        return job

    def get(self, job_id: str) -> Job:
        job = self.jobs.get(job_id)
        if job is None:
            raise KeyError(job_id)
        return job

    def _forget_old(self) -> None:
        finished = [j for j in self.jobs.values() if j.state != "running"]
        while len(self.jobs) > MAX_JOBS and finished:
            self.jobs.pop(finished.pop(0).id, None)
