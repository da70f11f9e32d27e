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

**The heuristic inside the search.** The plain search loses to the rule-of-thumb players of the long games
(MAOQY, Mítosz, muhq): its rollouts are random or end at once, and it spreads a small budget over dozens of
moves. Two ways to let the heuristic (the kit's ``heuristic``, run on determinizations, whose view for
the bot is the real one) guide it:

* ``candidates = K`` (names ``+kK``), the *pruned search*: the root's children are the heuristic's K favourite
  moves (its choice, then its choice with that move taken away, and so on); each round redeals the hidden
  cards once and plays every candidate in that same world, each followed by the same heuristic rollout of
  ``rollout_depth`` actions (same generators: common random numbers) and the evaluation. An iteration is one
  rollout. The heuristic's own move stands unless another candidate's mean reward beats it by ``margin``:
  the search starts from the heuristic and improves on it where the look-ahead says so (a rollout algorithm in
  Bertsekas's sense, on determinizations). When the heuristic offers only one move, nothing is searched.
* ``prior > 0`` (names ``+hp``): the tree search with heuristic rollouts, the heuristic's move at each node
  expanded first and favoured by a progressive bias ``prior / (visits + 1)``. With budgets of a few dozen
  iterations it spreads them over dozens of moves as the plain search does; kept for larger budgets.

Both use ``GUIDED_DEFAULTS`` (rollouts of 20 actions in the long games) and ``GUIDED_EVALUATORS``: graded
evaluations for Mítosz (power points, softmax) and muhq (VIP life, units on the board, points and resource).

Measured (``cardtable tournament GAME -p 2 --agents A,heuristic``, mirrored deals, score rate with Wilson 95 %):
Mojo, 50 iterations 0.18 [0.12, 0.26] (120 games), 200 iterations 0.46 [0.37, 0.55] (120 games), 500
iterations 0.68 [0.57, 0.77] (80 games, two runs of 20 deals, seeds 0 and 20); 200 iterations against random 0.98
[0.91, 1.00] (60 games). MAOQY with ``-o turn_limit=400`` (the default 2000 turns is some 100 s a game), 100
iterations: 0.19 [0.12, 0.27] (100 games, 27 draws): the heuristic's planning beats a shallow search there.
Issue 9, part 3 (200 games each, two players, seats swapped by mirrored deals):
Mojo ``ismcts-500`` 0.66 [0.59, 0.72] (``--seed 0 -n 100``: 132 wins, 68 losses; 150 ms a move on a quiet
machine). MAOQY ``ismcts-30+k3-d10-m3`` with ``-o turn_limit=400`` 0.635 [0.57, 0.70] (``--seed 1000 -n 100``:
110 wins, 34 draws, 56 losses; 28 ms a move on a quiet machine): the pruned search mostly plays the heuristic's
move and deviates about one decision in ten, often laying a card into its open hand instead of drawing. The
turn limit is an option of the game (MAOQY-8.3); heuristic mirrors settle their streets by turn 400-700 of
2000 and then only cycle cards, so 400 shortens, and may cut, some games. muhq and Mítosz: the
pruned search loses or draws with fixed 20-action rollouts and the margin alone (``ismcts-15+k3-d20-m3``: 0.50 and
0.33); with rollouts to the start of the turn after next (``-t2``) and the paired test (``-z15``) it wins about
two games in three (docs/bots.md has the figures).

Names in the agent registry: ``ismcts`` (200 iterations), ``ismcts-fast`` (50), ``ismcts-strong`` (1000; in
MAOQY, Mítosz and muhq the pruned search of ``STRONG_BY_GAME``),
``ismcts-N`` (N iterations), each with ``+h`` for heuristic rollouts (``ismcts-fast+h``), ``+hp`` or ``+kK``
(above), then ``-dD`` (rollout depth), ``-tT`` (rollouts until T more turns have begun), ``-mM`` (margin in
hundredths, ``+kK`` only), ``-zZ`` (Z tenths of a standard error, ``+kK`` only), ``-xX`` (more rounds while a
lead is unsettled) and ``-iI`` (redeals that agree with the other players' passes, ``agents/inference.py``):
``ismcts-30+k3-d10-m3``.
"""

from __future__ import annotations

import math
import random as random_module
import re
import time
from typing import Any, Callable

from cardtable.engine import Action, Game, State
from cardtable.engine.i18n import N_, Translator, number
from cardtable.engine.rng import Rng
from cardtable.engine.search import SearchProfile

from .base import Agent, Observation
from .search_names import PRESET_HELP, PRESETS, name_problem, parse_name

_ = Translator("cardtable")


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



#: with ``rollout_turns``, the longest rollout (a turn that never ends, e.g. a draft): then it is evaluated
TURN_ROLLOUT_CAP = 300




def search_profile(game: Game) -> SearchProfile:
    """The game's search profile (its kit's ``search``), or the general one."""
    profile: SearchProfile = game.kit.load("search") if game.kit.has("search") else GENERAL
    return profile


GENERAL = SearchProfile()


def _neutral(s: State) -> list[float]:
    n = s.game.num_players
    return [1.0 / n] * n


class ISMCTSAgent(Agent):
    name = "ismcts"

    def __init__(self, game: Game, seed: int = 0, *, iterations: int | None = 200, seconds: float | None = None,
                 c: float = 0.7, rollout: str = "random", rollout_depth: int | None = None, prior: float = 0.0,
                 candidates: int = 0, margin: float = 0.0, rollout_turns: int | None = None, z: float = 0.0,
                 extend: int = 1, infer: int = 0, name: str | None = None):
        super().__init__(game, seed)
        profile = search_profile(game)
        if iterations is None and seconds is None:
            raise ValueError(_("give ISMCTS a budget: iterations, seconds or both"))
        if iterations is not None and iterations < 1:
            raise ValueError(_("iterations must be at least 1"))
        if rollout not in ("random", "heuristic"):
            raise ValueError(_("rollout is 'random' or 'heuristic', not {rollout}", rollout=repr(rollout)))
        if prior < 0:
            raise ValueError(_("prior is a weight, at least 0"))
        if (prior or candidates) and rollout != "heuristic":
            raise ValueError(_("the heuristic prior and candidates come with heuristic rollouts (rollout='heuristic')"))
        if candidates < 0 or (prior and candidates):
            raise ValueError(_("candidates is a count, at least 0, and excludes the prior"))
        if z < 0 or (z and not candidates):
            raise ValueError(_("z is a number of standard errors, at least 0, for the pruned search (candidates)"))
        if extend < 1 or (extend > 1 and not z):
            raise ValueError(_("extend is a factor of the budget, at least 1, for the paired test (z)"))
        if infer < 0 or (infer and rollout != "heuristic"):
            raise ValueError(_("infer is a number of redeals, at least 0, and comes with heuristic rollouts (the "
                               "heuristic models the other players)"))
        if rollout_turns is not None:
            if rollout_turns < 1:
                raise ValueError(_("rollout_turns is a count of turns, at least 1"))
            if profile.turn is None:
                raise ValueError(_("{game} has no turns to align rollouts with: give rollout_depth instead",
                                   game=game.info.name))
        defaults = dict(profile.defaults)
        if prior or candidates:
            defaults.update(profile.guided_defaults)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.rollout_depth = rollout_depth if rollout_depth is not None else defaults.get("rollout_depth")
        #: roll out until this many turns have begun, then evaluate: every rollout of a decision then ends at
        #: the same point of the turn order, where a fixed depth may stop one in the middle of a fight and
        #: another after it (``rollout_depth``, if given, still caps the length; else ``TURN_ROLLOUT_CAP``)
        self.rollout_turns = rollout_turns
        self._turn = profile.turn if rollout_turns is not None else None
        if rollout_turns is not None and rollout_depth is None:
            self.rollout_depth = TURN_ROLLOUT_CAP
        self.evaluate = profile.evaluate or _neutral
        if (prior or candidates) and profile.guided_evaluate is not None:
            self.evaluate = profile.guided_evaluate
        #: progressive bias towards the heuristic's choice at every tree node: ``prior / (visits + 1)``
        self.prior = float(prior)
        #: > 0: the search ranks the heuristic's ``candidates`` best moves (``_pruned``) instead of growing a tree
        self.candidates = candidates
        #: how much better (mean reward) than the heuristic's move another candidate must be to be played
        self.margin = margin
        #: > 0: another candidate must also beat the heuristic's move by ``z`` standard errors of the paired gain
        self.z = float(z)
        #: > 1: while a candidate leads the heuristic's move by more than the margin but the paired test has not
        #: settled it, rounds go on, up to ``extend`` times the budget (a clear decision costs no more)
        self.extend = extend
        if name is not None:
            self.name = name
        self._policy: Agent | None = None
        if rollout == "heuristic":
            from .registry import make_agent

            self._policy = make_agent("heuristic", game, seed)
        #: ``infer`` > 0: redeals must agree with the other players' passes (``agents/inference.py``), up to
        #: ``infer`` redeals per world
        self._beliefs = None
        if infer:
            from .inference import PassBeliefs

            assert self._policy is not None, "infer comes with heuristic rollouts (checked above)"
            self._beliefs = PassBeliefs(game, self._policy, seed, infer)
        #: statistics of the last decision: iterations run, seconds, and per root action (visits, mean reward)
        self.last_search: dict[str, Any] | None = None

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if self._beliefs is not None:
            self._beliefs.observe(obs)  # at every decision: a pass may have just happened
        if len(legal) == 1:
            self.last_search = {"iterations": 0, "seconds": 0.0, "actions": {}}
            return legal[0]
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else None
        budget = self.iterations
        rng = self.rng
        det_rng = Rng(rng.getrandbits(62), "ismcts-determinize")
        me = obs.player
        if self.candidates:
            return self._pruned(obs, legal, start, deadline, budget, det_rng)
        root = Node(None, -1)
        done = 0
        while (budget is None or done < budget) and (deadline is None or done == 0 or time.perf_counter() < deadline):
            self._iterate(root, self._world(obs, det_rng), rng)
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

    def _world(self, obs: Observation, det_rng: Rng) -> State:
        """A redeal of what the bot cannot see (with ``infer``: one the other players' passes agree with)."""
        if self._beliefs is None:
            return obs.determinize(det_rng)
        return self._beliefs.world(obs, det_rng)

    # -- the pruned search: the heuristic's best few moves, compared on shared determinizations -------------
    def _ranked(self, state: State, player: int, legal: list[Action], k: int) -> list[Action]:
        """The heuristic's ``k`` favourite moves, best first: its choice, then its choice with that move taken
        away, and so on. ``state`` is a determinization, whose view for ``player`` is the real one."""
        policy = self._policy
        assert policy is not None, "the pruned search comes with heuristic rollouts (checked in __init__)"
        remaining = list(legal)
        ranked: list[Action] = []
        while remaining and len(ranked) < k:
            obs = Observation(state, player)
            obs.legal_actions = remaining
            try:  # a heuristic may not expect its favourite moves to be missing: the ranking then ends
                action = policy.act(obs)
            except Exception:  # noqa: BLE001
                break
            if action not in remaining:
                break
            ranked.append(action)
            remaining = [a for a in remaining if a != action]
        return ranked

    def _pruned(self, obs: Observation, legal: list[Action], start: float, deadline: float | None,
                budget: int | None, det_rng: Rng) -> Action:
        """Policy improvement over the heuristic (a rollout algorithm on determinizations): the root's children
        are the heuristic's ``candidates`` favourite moves; each round redeals the hidden cards once and plays
        every candidate in that same world, each followed by the same heuristic rollout (same generators), so
        that the candidates are compared on common random numbers. An iteration is one rollout, so the budget
        buys ``iterations // candidates`` rounds. The heuristic's own move is kept unless another candidate's
        mean reward beats it by more than ``margin``."""
        me = obs.player
        rng = self.rng
        policy = self._policy
        assert policy is not None, "the pruned search comes with heuristic rollouts (checked in __init__)"
        world = self._world(obs, det_rng)
        cands = self._ranked(world, me, legal, self.candidates)
        if len(cands) <= 1:
            self.last_search = {"player": me, "iterations": 0, "seconds": time.perf_counter() - start,
                                "actions": {}}
            return cands[0] if cands else legal[0]
        totals = dict.fromkeys(cands, 0.0)
        # every round's reward, for the paired test
        paired: dict[Action, list[float]] | None = {a: [] for a in cands} if self.z else None
        done = rounds = 0
        per = len(cands)
        extend = self.extend
        while (budget is None or done + per <= budget or rounds == 0) and (
                deadline is None or rounds == 0 or time.perf_counter() < deadline) or (
                extend > 1 and (budget is None or done + per <= budget * extend)
                and (deadline is None or time.perf_counter() < start + (deadline - start) * extend)
                and self._unsettled(cands, paired)):
            if rounds:
                world = self._world(obs, det_rng)
            seed = rng.getrandbits(62)
            for a in cands:
                state = world.clone()
                state.apply(a)
                policy.rng.seed(seed)
                reward = self._rollout(state, random_module.Random(seed))[me]
                totals[a] += reward
                if paired is not None:
                    paired[a].append(reward)
            done += per
            rounds += 1
        means = {a: totals[a] / rounds for a in cands}
        hint = cands[0]
        if paired is None:
            best = max(cands, key=lambda a: (means[a], a == hint))
            if means[best] - means[hint] <= self.margin:
                best = hint
        else:
            best = self._significant(cands, paired)
        self.last_search = {
            "player": me,
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "actions": {a: (rounds, means[a]) for a in cands},
        }
        return best

    def _unsettled(self, cands: list[Action], paired: dict[Action, list[float]] | None) -> bool:
        """Does a candidate lead the heuristic's move by more than the margin without the paired test having
        settled it yet? (Then more rounds may settle it, either way.) Without the test (no ``z``) nothing is."""
        if paired is None:
            return False
        base = paired[cands[0]]
        n = len(base)
        leads = any(sum(paired[a]) / n - sum(base) / n > self.margin for a in cands[1:])
        return leads and self._significant(cands, paired) is cands[0]

    def _significant(self, cands: list[Action], paired: dict[Action, list[float]]) -> Action:
        """The candidate whose mean gain over the heuristic's move (round by round: both were played in the same
        world after the same rollout seed) exceeds ``margin`` and ``z`` standard errors of that gain, the largest
        such gain first; the heuristic's move when none does. A lucky streak of a few rounds then no longer
        overrides the heuristic, which the margin alone cannot tell from a real improvement."""
        hint = cands[0]
        base = paired[hint]
        n = len(base)
        if n < 2:
            return hint
        best, best_gain = hint, 0.0
        for a in cands[1:]:
            gains = [x - y for x, y in zip(paired[a], base)]
            mean = sum(gains) / n
            if mean <= self.margin or mean <= best_gain:
                continue
            spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
            if mean > self.z * spread / math.sqrt(n):
                best, best_gain = a, mean
        return best

    # -- one iteration ---------------------------------------------------------------------------------
    def _iterate(self, root: Node, state: State, rng: random_module.Random) -> None:
        if self.prior:
            return self._iterate_guided(root, state, rng)
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
            best_action = legal[0]  # (the first value below beats -inf: UCT values are finite)
            best_child = children[best_action]
            best_value = -math.inf
            for a in legal:
                child = children[a]
                value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if value > best_value:
                    best_value, best_child, best_action = value, child, a
            state.apply(best_action)
            node = best_child
            path.append(node)
        rewards = self._rollout(state, rng)
        for node in path[1:]:
            node.visits += 1
            node.reward += rewards[node.player]

    def _iterate_guided(self, root: Node, state: State, rng: random_module.Random) -> None:
        """As ``_iterate``, with the heuristic's choice in this determinization (for whoever is to move) expanded
        first and favoured by a progressive bias ``prior / (visits + 1)``: the search starts out as the
        heuristic and leaves it where the rollouts say another move is better."""
        node = root
        path = [root]
        c = self.c
        bias = self.prior
        policy = self._policy
        assert policy is not None, "the guided search comes with heuristic rollouts (checked in __init__)"
        log = math.log
        sqrt = math.sqrt
        while not state.is_terminal():
            legal = state.legal_actions()
            player = state.current_player
            hint = legal[0] if len(legal) == 1 else policy.act(Observation(state, player))
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                action = hint if hint in untried else untried[int(rng.random() * len(untried))]
                child = Node(action, player)
                child.avail = 1
                children[action] = child
                state.apply(action)
                path.append(child)
                break
            best_action = legal[0]  # (the first value below beats -inf: UCT values are finite)
            best_child = children[best_action]
            best_value = -math.inf
            for a in legal:
                child = children[a]
                value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if a == hint:
                    value += bias / (child.visits + 1)
                if value > best_value:
                    best_value, best_child, best_action = value, child, a
            state.apply(best_action)
            node = best_child
            path.append(node)
        rewards = self._rollout(state, rng)
        for node in path[1:]:
            node.visits += 1
            node.reward += rewards[node.player]

    def _rollout(self, state: State, rng: random_module.Random) -> list[float]:
        depth = self.rollout_depth
        policy = self._policy
        is_terminal, legal_actions, apply = state.is_terminal, state.legal_actions, state.apply
        random = rng.random
        steps = 0
        turn = self._turn
        if turn is not None:
            until = turn(state) + (self.rollout_turns or 0)  # (set whenever ``turn`` is)
        while not is_terminal():
            if depth is not None and steps >= depth or turn is not None and turn(state) >= until:
                return self.evaluate(state)
            if policy is None:
                legal = legal_actions()
                apply(legal[int(random() * len(legal))])
            else:
                apply(policy.act(Observation(state, state.current_player)))
            steps += 1
        return state.returns()


def make_ismcts(name: str, game: Game, seed: int = 0) -> ISMCTSAgent | None:
    strong = search_profile(game).strong
    params = parse_name(strong or name if name == "ismcts-strong" else name)
    if params is None:
        return None
    return ISMCTSAgent(game, seed, name=name, **params)


__all__ = ["ISMCTSAgent", "Node", "PRESETS", "PRESET_HELP", "make_ismcts", "name_problem", "parse_name", "search_profile"]
