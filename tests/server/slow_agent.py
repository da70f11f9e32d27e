"""A bot that thinks until the test lets it: it marks each decision it starts (a file per decision) and waits for
the gate file. It runs in the server's worker process, so files are how the test and it talk."""

from __future__ import annotations

import time
from pathlib import Path

from cardtable.agents import Agent


class SlowAgent(Agent):
    name = "slow"

    def __init__(self, game, seed: int = 0, *, folder: Path):
        super().__init__(game, seed)
        self.folder = Path(folder)
        self.decisions = 0

    def act(self, obs):
        self.decisions += 1
        (self.folder / f"thinking-{obs.player}-{self.decisions}-{time.monotonic_ns()}").touch()
        deadline = time.monotonic() + 60  # never hang a test run: give up after a minute
        while not (self.folder / "go").exists():
            if time.monotonic() > deadline:
                raise TimeoutError("the test never opened the gate")
            time.sleep(0.005)
        return obs.legal_actions[self.rng.randrange(len(obs.legal_actions))]


def thinking(folder: Path) -> int:
    """How many decisions the slow agents of ``folder`` have started."""
    return len(list(Path(folder).glob("thinking-*")))


class DyingAgent(Agent):
    """A bot whose worker process dies in the middle of its search (as if the machine killed it)."""

    name = "dies"

    def act(self, obs):
        import os

        os._exit(3)
