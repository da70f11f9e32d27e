"""What the opponents' passes tell a search bot about their hidden hands (opponent modelling by rejection).

A redeal (``agents/determinize.py``) gives another player a hand drawn uniformly from their unseen cards. A
player who has just passed, though, did not want to play any of the cards they hold: in Mítosz, three in four
such uniform hands would have made the heuristic player summon or use something in its own summon phase
instead of passing (measured over 20 heuristic games). A bot that remembers the pass can reject those hands.

:class:`PassBeliefs` keeps, for each pass it saw (a *belief*), a redeal of the moment of the pass, put back to
just before it (the game's ``before_pass``), and the ``hidden_key`` of the passer's hidden cards then. A later
redeal is *consistent* with the belief when the passer, modelled by the game's heuristic and given the redeal's
hand in the remembered moment, passes too. Beliefs hold only while the passer's hand has not changed
(``hidden_key``: the same size, the same unseen cards); a draw or a played card ends them.

Everything here comes from the bot's own information: the moments are redeals, made from its view, and the
only fact read about the pass is public (the game's ``passed_before``). The model is an assumption: against a
player who does not play like the heuristic, the rejected hands are not impossible, only unlikely under the
model, so :meth:`PassBeliefs.world` gives up after ``tries`` redeals and keeps the one that broke the fewest
beliefs.

A game takes part when its kit names a module (``Kit.inference``) with the four hooks ``passed_before(state,
player)``, ``before_pass(state, seat)``, ``hidden_key(state, seat)`` and ``with_hidden(base, seat, source)``.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import Game, State
from cardtable.engine.rng import Rng

from .base import Agent, Observation

HOOKS = ("passed_before", "before_pass", "hidden_key", "with_hidden")
#: beliefs kept (the latest passes); older ones are dropped first
MAX_BELIEFS = 6


def hooks_for(game: Game) -> Any | None:
    """The game's determinizer module when it has the inference hooks, else None."""
    if not game.kit.has("inference"):
        return None
    module = game.kit.load("inference")
    return module if all(hasattr(module, h) for h in HOOKS) else None


def supports(game: Game) -> bool:
    return hooks_for(game) is not None


class PassBeliefs:
    """Beliefs about the other players' hands from their passes, and redeals consistent with them."""

    def __init__(self, game: Game, policy: Agent, seed: int, tries: int):
        hooks = hooks_for(game)
        if hooks is None:
            raise ValueError(f"{game.info.name} has no inference hooks (agents/inference.py)")  # i18n: no (programmers: make_agent checks first)
        if tries < 1:
            raise ValueError("tries is a number of redeals, at least 1")  # i18n: no (programmers: make_agent checks first)
        self.hooks = hooks
        self.policy = policy  # the model of the other players: the game's heuristic
        self.tries = tries
        self.rng = Rng(seed, "ismcts-beliefs")
        self.items: list[tuple[State, int, Any]] = []  # (the moment before the pass, the passer, its hidden key)

    def observe(self, obs: Observation) -> None:
        """Called at every decision of the bot (one legal action or many): remember a pass that just happened,
        forget the beliefs that no longer hold."""
        hooks = self.hooks
        now = obs.determinize(self.rng)
        self.items = [b for b in self.items if hooks.hidden_key(now, b[1]) == b[2]]
        seat = hooks.passed_before(now, obs.player)
        if seat is None:
            return
        hooks.before_pass(now, seat)
        self.items.append((now, seat, hooks.hidden_key(now, seat)))
        del self.items[:-MAX_BELIEFS]

    def broken(self, world: State, limit: int | None = None) -> int:
        """How many beliefs ``world`` breaks (counting stops at ``limit``)."""
        hooks = self.hooks
        bad = 0
        for moment, seat, key in reversed(self.items):  # the latest first: it holds the most
            if hooks.hidden_key(world, seat) != key:
                continue
            probe = hooks.with_hidden(moment, seat, world)
            action = self.policy.act(Observation(probe, seat))
            if getattr(action, "type", None) != "pass":
                bad += 1
                if limit is not None and bad >= limit:
                    break
        return bad

    def world(self, obs: Observation, rng: Rng) -> State:
        """A redeal for ``obs.player`` that breaks no belief: up to ``tries`` redeals, else the one that broke the
        fewest."""
        best, fewest = None, None
        for _ in range(self.tries):
            world = obs.determinize(rng)
            if not self.items:
                return world
            bad = self.broken(world, fewest)
            if bad == 0:
                return world
            if fewest is None or bad < fewest:
                best, fewest = world, bad
        return best if best is not None else obs.determinize(rng)  # (tries is at least 1)
