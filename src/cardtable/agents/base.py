"""What a computer player is (:class:`Agent`) and what it may know (:class:`Observation`).

Both live in the engine (``cardtable.engine.agent``), because a game's kit defines its own heuristic player
and a game imports nothing but the engine; agents, the simulator and the surfaces read them from here.
"""

from cardtable.engine.agent import Agent, Observation

__all__ = ["Agent", "Observation"]
