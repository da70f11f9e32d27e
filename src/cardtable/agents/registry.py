"""Agents by name: ``random`` for every game, ``heuristic`` through the per-game registry."""

from __future__ import annotations

import importlib

from cardtable.engine import Game, UnknownAgent

from .base import Agent
from .random_agent import RandomAgent

# game name -> "module:Class" of its heuristic; imported only when asked for.
HEURISTICS = {
    "mojo": "cardtable.agents.heuristics.mojo:MojoHeuristic",
    "maoqy": "cardtable.agents.heuristics.maoqy:MaoqyHeuristic",
    "mitosz": "cardtable.agents.heuristics.mitosz:MitoszHeuristic",
    "muhq": "cardtable.agents.heuristics.muhq:MuhqHeuristic",
}

AGENT_HELP = {
    "random": "uniform over the legal actions (every game)",
    "heuristic": "the game's rule-of-thumb player (" + ", ".join(sorted(HEURISTICS)) + ")",
}


def agent_names(game: Game | None = None) -> list[str]:
    names = ["random"]
    if game is None or game.info.name in HEURISTICS:
        names.append("heuristic")
    return names


def make_agent(name: str, game: Game, seed: int = 0) -> Agent:
    """The agent called ``name`` for ``game``; UnknownAgent when there is none."""
    if name == "random":
        return RandomAgent(game, seed)
    if name == "heuristic" and game.info.name in HEURISTICS:
        module, cls = HEURISTICS[game.info.name].split(":")
        return getattr(importlib.import_module(module), cls)(game, seed)
    raise UnknownAgent(name, agent_names(game))
