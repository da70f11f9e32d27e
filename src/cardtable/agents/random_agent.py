from cardtable.engine import Action

from .base import Agent, Observation


class RandomAgent(Agent):
    """Uniform over the legal actions, from the agent's own seeded generator. Works for every game."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)
