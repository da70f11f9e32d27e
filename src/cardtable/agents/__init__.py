"""Computer players. They see a game only through an Observation (a per-player view)."""

from .base import Agent, Observation
from .random_agent import RandomAgent
from .registry import agent_names, make_agent

__all__ = ["Agent", "Observation", "RandomAgent", "agent_names", "make_agent"]
