from .base import Agent, Observation


class RandomAgent(Agent):
    """Uniform over the legal actions, from the agent's own seeded generator. Works for every game."""

    name = "random"

    def act(self, obs: Observation):
        return self.rng.choice(obs.legal_actions)
