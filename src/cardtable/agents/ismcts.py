"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Generic over the engine interface (``legal_actions``, ``apply``, ``clone``, ``current_player``,
``is_terminal``, ``returns``): it plays every game that has a determinizer (``agents/determinize.py``).

One tree per decision, its root the bot's information set. Each iteration

1. **determinizes**: asks the Observation for a copy of the game in which everything hidden from the bot is
   redealt at random (``Observation.determinize``); this is the bot's only way to a state, and the copy
   depends on the bot's view and the random stream alone;
2. **selects** down the tree with UCT over the actions available *in that determinization*: a child's
   exploration term counts the iterations in which it was available (``avail``), not its parent's visits;
3. **expands** one untried available action;
4. **rolls out** with the random policy (or the game's heuristic, ``rollout="heuristic"``) to the end of
   the game or for ``rollout_depth`` actions, where a per-game evaluation stands in for the result;
5. **backpropagates** the returns: each node keeps the reward of the seat that chose its action.

Per game (``GAME_DEFAULTS``): MAOQY evaluates at once (``rollout_depth = 0``: random play lays no street and
passes into deadlocks, so its rollouts say nothing; ``EVALUATORS["maoqy"]`` counts street cards and what the
held cards promise); Mítosz and muhq roll out 60 actions (a random game is about a thousand). Mojo rolls out
to the end of the match.

The move is the root's most visited action. The budget is ``iterations`` (deterministic: a seed and the same
observations give the same moves) and/or ``seconds`` (wall clock, so not reproducible). A decision with one
legal action is answered at once.

Measured (``cardtable tournament GAME -p 2 --agents A,heuristic``, mirrored deals, score rate with Wilson 95 %):
Mojo, 50 iterations 0.18 [0.12, 0.26] (120 games), 200 iterations 0.46 [0.37, 0.55] (120 games), 500
iterations 0.68 [0.57, 0.77] (80 games, two runs of 20 deals, seeds 0 and 20); 200 iterations against random 0.98
[0.91, 1.00] (60 games). MAOQY with ``-o turn_limit=400`` (the default 2000 turns is some 100 s a game), 100
iterations: 0.19 [0.12, 0.27] (100 games, 27 draws): the heuristic's planning beats a shallow search there.

Names in the agent registry: ``ismcts`` (200 iterations), ``ismcts-fast`` (50), ``ismcts-strong`` (1000),
``ismcts-N`` (N iterations), each with ``+h`` for heuristic rollouts (``ismcts-fast+h``).
"""

from __future__ import annotations

import math
import re
import time
from typing import Any, Callable

from cardtable.engine import Action, Game, State
from cardtable.engine.rng import Rng

from .base import Agent, Observation


class Node:
    __slots__ = ("action", "player", "children", "visits", "reward", "avail")

    def __init__(self, action: Action | None, player: int):
        self.action = action
        self.player = player  # the seat that chose ``action``
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


# -- evaluations at the rollout's depth cap: each seat's share, from a determinized state ----------------
def _shares(values: list[float], best: Callable[[list[float]], float]) -> list[float]:
    top = best(values)
    winners = [i for i, v in enumerate(values) if v == top]
    return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(values))]


def _eval_mojo(s) -> list[float]:
    from cardtable.games.mojo import cards as C

    # totals so far plus what each seat would score if the round ended now; the lowest wins
    return _shares([s.totals[i] + C.raw_score(s.hands[i] + s.down[i] + s.up[i]) for i in range(s.n)], min)


def _softmax(values: list[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _eval_maoqy(s) -> list[float]:
    """Cards in streets (MAOQY-8.4) plus what each seat's own cards promise: the cards that would extend its
    street now, and its best window of ``street_min`` numbers in a kingdom it may still open."""
    from cardtable.games.maoqy.cards import PER_KINGDOM
    from cardtable.games.maoqy.state import BIT, STREET_KINGDOM

    need = s.street_min
    claimed = s.claimed
    values = []
    for i in range(s.n):
        masks: dict[int, int] = {}
        for zone in (s.hands[i], s.opened[i], s.hiding[i]):
            for c in zone:
                k = STREET_KINGDOM[c]
                if k >= 0:
                    masks[k] = masks.get(k, 0) | BIT[c]
        streets = s.streets[i]
        value = float(sum(len(street) for street in streets))
        can_open = len(streets) < s.max_streets
        best_window = 0
        for k, mask in masks.items():
            owner = claimed[k]
            if owner == i:
                street = next(st for st in streets if st[0] // PER_KINGDOM == k)
                lo, hi = street[0] % PER_KINGDOM + 1, street[-1] % PER_KINGDOM + 1
                x = lo - 1
                while x >= 1 and mask >> x & 1:
                    value += 1
                    x -= 1
                x = hi + 1
                while x <= PER_KINGDOM and mask >> x & 1:
                    value += 1
                    x += 1
            elif owner < 0 and can_open:
                starts = range(1, 2) if s.start_one else range(1, PER_KINGDOM - need + 2)
                for start in starts:
                    held = (mask >> start & ((1 << need) - 1)).bit_count()
                    if held > best_window:
                        best_window = held
        values.append(value + (best_window * best_window / need if can_open else 0.0))
    return _softmax(values, 1.5)


def _eval_scores_max(s) -> list[float]:
    return _shares([float(x) for x in s.scores()], max)


def _eval_muhq(s) -> list[float]:
    return _shares([x["vp"] * 1000 + x["resource"] for x in s.scores()], max)


EVALUATORS: dict[str, Callable[[State], list[float]]] = {
    "mojo": _eval_mojo,
    "maoqy": _eval_maoqy,
    "mitosz": _eval_scores_max,  # power points
    "muhq": _eval_muhq,  # victory points, then resource
}

#: per game, defaults that differ from the general ones: long games roll out only so far
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "maoqy": {"rollout_depth": 0},  # random play lays no streets and passes into deadlocks: evaluate at once
    "mitosz": {"rollout_depth": 60},
    "muhq": {"rollout_depth": 60},
}


def _neutral(s) -> list[float]:
    n = s.game.num_players
    return [1.0 / n] * n


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game: Game, seed: int = 0, *, iterations: int | None = 200, seconds: float | None = None,
                 c: float = 0.7, rollout: str = "random", rollout_depth: int | None = None, name: str | None = None):
        super().__init__(game, seed)
        if iterations is None and seconds is None:
            raise ValueError("give ISMCTS a budget: iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout is 'random' or 'heuristic', not {rollout!r}")
        defaults = GAME_DEFAULTS.get(game.info.name, {})
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.rollout_depth = rollout_depth if rollout_depth is not None else defaults.get("rollout_depth")
        self.evaluate = EVALUATORS.get(game.info.name, _neutral)
        if name is not None:
            self.name = name
        self._policy = None
        if rollout == "heuristic":
            from .registry import make_agent

            self._policy = make_agent("heuristic", game, seed)
        #: statistics of the last decision: iterations run, seconds, and per root action (visits, mean reward)
        self.last_search: dict[str, Any] | None = None

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "actions": {}}
            return legal[0]
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        budget = self.iterations
        rng = self.rng
        det_rng = Rng(rng.getrandbits(62), "ismcts-determinize")
        me = obs.player
        root = Node(None, -1)
        done = 0
        while (budget is None or done < budget) and (deadline is None or done == 0 or time.perf_counter() < deadline):
            self._iterate(root, obs.determinize(det_rng), rng)
            done += 1
        children = root.children
        best = max(legal, key=lambda a: (children[a].visits, children[a].reward / children[a].visits)
                   if a in children else (-1, 0.0))
        self.last_search = {
            "player": me,
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "actions": {a: (n.visits, n.reward / n.visits if n.visits else 0.0) for a, n in children.items()},
        }
        return best

    # -- one iteration ---------------------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, rng) -> None:
        node = root
        path = [root]
        c = self.c
        log = math.log
        sqrt = math.sqrt
        while not state.is_terminal():
            legal = state.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = Node(action, state.current_player)
                child.avail = 1
                children[action] = child
                state.apply(action)
                path.append(child)
                break
            best_child = None
            best_value = -math.inf
            for a in legal:
                child = children[a]
                value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best_child = value, child
            state.apply(best_child.action)
            node = best_child
            path.append(node)
        rewards = self._rollout(state, rng)
        for node in path[1:]:
            node.visits += 1
            node.reward += rewards[node.player]

    def _rollout(self, state: State, rng) -> list[float]:
        depth = self.rollout_depth
        policy = self._policy
        is_terminal, legal_actions, apply = state.is_terminal, state.legal_actions, state.apply
        random = rng.random
        steps = 0
        while not is_terminal():
            if depth is not None and steps >= depth:
                return self.evaluate(state)
            if policy is None:
                legal = legal_actions()
                apply(legal[int(random() * len(legal))])
            else:
                apply(policy.act(Observation(state, state.current_player)))
            steps += 1
        return state.returns()


# -- names in the registry ----------------------------------------------------------------------------------
PRESETS: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 200},
    "ismcts-fast": {"iterations": 50},
    "ismcts-strong": {"iterations": 1000},
}
PRESET_HELP = {
    "ismcts": "information-set Monte Carlo tree search, 200 determinized iterations a move",
    "ismcts-fast": "the same search with 50 iterations a move",
    "ismcts-strong": "the same search with 1,000 iterations a move",
}
_NAME = re.compile(r"ismcts(?:-(fast|strong|\d+))?(\+h)?")


def parse_name(name: str) -> dict[str, Any] | None:
    """The parameters an agent name stands for (``ismcts``, ``ismcts-fast``, ``ismcts-500``, ``ismcts+h``), or
    None when it is not an ISMCTS name."""
    m = _NAME.fullmatch(name)
    if m is None:
        return None
    preset, heuristic = m.groups()
    if preset is None:
        params = dict(PRESETS["ismcts"])
    elif preset.isdigit():
        if int(preset) < 1:
            return None
        params = {"iterations": int(preset)}
    else:
        params = dict(PRESETS[f"ismcts-{preset}"])
    if heuristic:
        params["rollout"] = "heuristic"
    return params


def make_ismcts(name: str, game: Game, seed: int = 0) -> ISMCTSAgent | None:
    params = parse_name(name)
    if params is None:
        return None
    return ISMCTSAgent(game, seed, name=name, **params)
