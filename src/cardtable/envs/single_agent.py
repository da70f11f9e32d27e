"""A single-agent Gymnasium environment: one seat learns, cardtable's bots play the other seats.

The learner's observation is the encoder's vector (``Box(0, 1)``, float32) built from its own view; its
action space is ``Discrete(encoder.num_actions)``. The mask of its legal actions is given by
:meth:`CardtableGymEnv.action_masks` (the convention of sb3-contrib's ``MaskablePPO``) and in ``info``
(``info["action_mask"]``, int8). Gymnasium requires every action of the action space to be accepted, so an
index the mask does not allow ends the episode by default (``illegal="lose"``: reward ``illegal_reward``, -1 by
default, and ``info["illegal_action"] = True``); ``illegal="random"`` plays a random legal action instead and
``illegal="raise"`` raises ``IllegalAction`` (useful to catch a masking bug).

The opponents are cardtable agents by name (``"random"``, ``"heuristic"``, ``"ismcts-fast"``…, see
``cardtable.agents``): one name for every other seat or a list with one per other seat. They act through
``agent.act(Observation(state, seat))``, like every bot of cardtable, and see only their own views.

Reward: 0 until the game ends, then ``state.returns()[seat]`` (1 for a win, 1/k for a k-way tie, else 0).
``reset(seed=s)`` plays the game ``new_initial_state(s)`` with opponents seeded from ``s``; without a seed,
the next seed comes from the generator Gymnasium seeded at the last seeded reset.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import cardtable
from cardtable.agents import Agent, Observation, make_agent
from cardtable.engine import Game, IllegalAction, State
from cardtable.engine.i18n import Translator
from cardtable.engine.rng import derive_seed

from .encoders import encoder_for
from .live import live
from cardtable.engine.encoding import NOT_IN_MASK, ActionMap

_ = Translator("cardtable")


class CardtableGymEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str | Game, seat: int = 0, opponents: str | Sequence[str] = "random",
                 players: int | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, slots: int | None = None,
                 illegal: str = "lose", illegal_reward: float = -1.0) -> None:
        super().__init__()
        self.game = cardtable.load(game, players, options) if isinstance(game, str) else game
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of {self.game.info.title} with {n} players (0 to {n - 1})")  # i18n: no (programmers: the Python API)
        if illegal not in ("raise", "lose", "random"):
            raise ValueError(f"illegal must be 'raise', 'lose' or 'random', not {illegal!r}")  # i18n: no (programmers: the Python API)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")  # i18n: no (programmers: the Python API)
        self.seat = seat
        others = [s for s in range(n) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"{len(others)} other seats need {len(others)} opponent names, not {len(names)}: {names}")  # i18n: no (programmers: the Python API)
        self.opponent_names = dict(zip(others, names))
        for name in set(names):  # fail now, with the agent registry's message, not at the first reset
            make_agent(name, self.game, 0)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.encoder = encoder_for(self.game, **({} if slots is None else {"slots": slots}))
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.state: State | None = None
        self._legal: ActionMap = {}

    # -- Gymnasium API -------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**62))
        self.game_seed = game_seed
        self.state = self.game.new_initial_state(game_seed)
        self.opponents: dict[int, Agent] = {s: make_agent(name, self.game, derive_seed(game_seed, f"envs-opponent-{s}"))
                          for s, name in self.opponent_names.items()}
        self.steps = 0
        self._advance()
        return self._obs(), self._info()

    def step(self, action: int | np.integer[Any]
             ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        state = live(self.state)
        chosen = self._legal.get(int(action))
        if chosen is None:
            if self.illegal == "raise":
                raise IllegalAction(NOT_IN_MASK, f"action {action!r} is not allowed by the action mask (legal indices: "  # i18n: no (programmers: the Python API)
                                    f"{sorted(self._legal)}); use action_masks() or info['action_mask']")
            if self.illegal == "lose" or not self._legal:
                return self._obs(), self.illegal_reward, True, False, {**self._info(), "illegal_action": True}
            chosen = self._legal[sorted(self._legal)[int(self.np_random.integers(len(self._legal)))]]
        state.apply(chosen, self.seat)
        self.steps += 1
        self._advance()
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, truncated, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self.encoder.mask(self._legal).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.state
        if state is None:
            text = _("(no game: call reset)")
        elif state.is_terminal():
            text = _("{game}: game over, returns {returns}, scores {scores}", game=self.game.info.title,
                     returns=state.returns(), scores=state.scores())
        else:
            acts = ", ".join(f"{i}: {self.game.action_label(a)}" for i, a in sorted(self._legal.items())[:20])
            text = _("{game}, step {step}: seat {seat} to act; {moves}", game=self.game.info.title, step=self.steps,
                     seat=self.seat, moves=acts)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    # -- helpers -------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Let the bots play until the learner is to act or the game is over."""
        state = live(self.state)
        while not state.is_terminal() and state.current_player != self.seat:
            p = state.current_player
            state.apply(self.opponents[p].act(Observation(state, p)), p)
        self._view: dict[str, Any] = state.view(self.seat)  # one view per decision: the mask and the observation share it
        if state.is_terminal():
            self._legal = {}
        else:
            self._legal = self.encoder.action_map(state.legal_actions(), self._view, self.seat)

    def _obs(self) -> npt.NDArray[np.float32]:
        return self.encoder.observe(self._view, self.seat, self._legal)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoder.mask(self._legal), "game_seed": self.game_seed}


def gym_env(game: str | Game, seat: int = 0, opponents: str | Sequence[str] = "random", players: int | None = None,
            options: Mapping[str, Any] | None = None, render_mode: str | None = None, **kw: Any) -> CardtableGymEnv:
    """A Gymnasium environment in which seat ``seat`` of ``game`` learns against cardtable bots (``opponents``:
    an agent name for every other seat, or one name per other seat in seat order).

    Keyword arguments: ``max_steps`` (truncate), ``slots`` (a slot-encoded game's cap), ``illegal`` ('raise',
    'lose' or 'random': what an action outside the mask does) and ``illegal_reward``."""
    return CardtableGymEnv(game, seat, opponents, players, options, render_mode=render_mode, **kw)
