"""A PettingZoo AEC environment for any cardtable game (the turn-based API of PettingZoo's classic envs).

Agents are ``player_0`` … ``player_{n-1}`` (the game's seats). Each agent's observation is a dict, as in
PettingZoo's classic environments::

    {"observation": float32 vector in [0, 1] (Box), "action_mask": int8 vector (1 = legal)}

built by the game's encoder (``cardtable.envs.encoders``) from ``state.view(player)`` only, and, for the
agent to act, from its own legal actions. An agent not to act has an all-zero mask. Actions are integers of
``Discrete(encoder.num_actions)``; an index the mask does not allow raises ``IllegalAction`` (PettingZoo's
``TerminateIllegalWrapper`` can turn that into a lost game instead).

Rewards: 0 on every step, and when the game ends, each seat's ``state.returns()`` (its share of the win: 1
for a sole winner, 1/k for k tied winners, 0 for the others). ``reset(seed=s)`` starts the game
``game.new_initial_state(s)`` (the same game the CLI and the records call seed ``s``); a reset without a seed
draws the next game's seed from the generator of the last seeded reset, so a seeded sequence of episodes
repeats. ``max_steps`` (optional) truncates an episode after that many actions.

``info`` of each agent holds ``action_mask`` too (for wrappers that read the mask from infos); of the agent
to act also ``legal_labels`` when ``info_labels=True`` (slower: the labels of the legal actions by index).
"""

from __future__ import annotations

import random
from typing import Any, Mapping, TypedDict

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

import cardtable
from cardtable.engine import Game, IllegalAction, State
from cardtable.engine.i18n import Translator

from .encoders import encoder_for
from cardtable.engine.encoding import NOT_IN_MASK, ActionMap
from .live import live

_ = Translator("cardtable")


class AECObservation(TypedDict):
    """What :meth:`CardtableAECEnv.observe` gives (a plain dict at run time)."""

    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]


class CardtableAECEnv(AECEnv):
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False,
                                "render_fps": 1}

    def __init__(self, game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, max_steps: int | None = None, slots: int | None = None,
                 info_labels: bool = False) -> None:
        super().__init__()
        self.game = cardtable.load(game, players, options) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")  # i18n: no (programmers: the Python API)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.info_labels = info_labels
        self.encoder = encoder_for(self.game, **({} if slots is None else {"slots": slots}))
        self.metadata = {**self.metadata, "name": f"cardtable_{self.game.info.name}_v0"}
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        enc = self.encoder
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (enc.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
        })
        act_space = spaces.Discrete(enc.num_actions)
        # one space object per agent, made once (PettingZoo's API test checks they are the same objects)
        self.observation_spaces = {a: obs_space if i == 0 else _copy_dict_space(obs_space)
                                   for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(enc.num_actions) if i else act_space
                              for i, a in enumerate(self.possible_agents)}
        self._seeds = random.Random()
        self.state_: State | None = None
        self.agents: list[str] = []

    # -- PettingZoo API ------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(62)
        self.state_ = self.game.new_initial_state(game_seed)
        self.game_seed = game_seed
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = {a: 0 for a in self.agents}
        self._cumulative_rewards: dict[str, float] = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._legal: ActionMap | None = None
        self._select()
        self._refresh_infos()

    def observe(self, agent: str) -> AECObservation:
        state = live(self.state_)
        player = self.agent_name_mapping[agent]
        if self._acting(player):
            actions = self._legal_map()
            view = self._view  # the view the legal map was made from: one view per decision
        else:
            actions = {}
            view = state.view(player)
        return {"observation": self.encoder.observe(view, player, actions),
                "action_mask": self.encoder.mask(actions)}

    def last(self, observe: bool = True) -> tuple[AECObservation | None, float, bool, bool, dict[str, Any]]:
        live(self.state_)
        last: tuple[AECObservation | None, float, bool, bool, dict[str, Any]] = super().last(observe)
        return last

    def step(self, action: int | np.integer[Any] | None) -> None:
        state = live(self.state_)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self.agent_name_mapping[agent]
        chosen = self._legal_map().get(int(action)) if action is not None else None
        if chosen is None:
            raise IllegalAction(NOT_IN_MASK, f"action {action!r} is not allowed by {agent}'s action mask "  # i18n: no (programmers: the Python API)
                                f"(legal indices: {sorted(self._legal_map())}); sample from obs['action_mask']")
        state.apply(chosen, player)
        self._cumulative_rewards[agent] = 0
        self._legal = None
        self.steps += 1
        self._clear_rewards()
        if state.is_terminal():
            returns = state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._select()
        self._refresh_infos()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None

    def set_state(self, state: State) -> None:
        """Continue the episode from ``state``, a cardtable State of this env's game (a recorded or a
        constructed position, or a determinization in tests). Rewards and flags restart as after a reset."""
        if state.game is not self.game and state.game.info.name != self.game.info.name:
            raise ValueError(f"a state of {state.game.info.name} cannot run in the {self.game.info.name} env")  # i18n: no (programmers: the Python API)
        seed = getattr(state, "seed", None)
        self.reset(seed=seed if isinstance(seed, int) else None)
        self.state_ = state
        self._legal = None
        if state.is_terminal():
            for a in self.agents:
                self.terminations[a] = True
        self._select()
        self._refresh_infos()

    # -- helpers -------------------------------------------------------------------------------
    @property
    def state_object(self) -> State | None:
        """The cardtable State of the current game (for tests and tools; never part of an observation)."""
        return self.state_

    def _acting(self, player: int) -> bool:
        state = self.state_
        return (state is not None and not state.is_terminal() and state.current_player == player
                and not self.truncations.get(self.possible_agents[player], False))

    def _legal_map(self) -> ActionMap:
        if self._legal is None:
            state = live(self.state_)  # (every caller has checked there is a game)
            player = state.current_player
            if state.is_terminal() or player < 0:
                self._legal = {}
            else:
                self._view: dict[str, Any] = state.view(player)
                self._legal = self.encoder.action_map(state.legal_actions(), self._view, player)
        return self._legal

    def _select(self) -> None:
        state = live(self.state_)
        if not state.is_terminal() and not any(self.truncations.values()):
            self.agent_selection = self.possible_agents[state.current_player]
        elif self.agents and getattr(self, "agent_selection", None) not in self.agents:
            # the episode is over for everyone: each agent still listed then steps once with None
            self.agent_selection = self.agents[0]

    def _refresh_infos(self) -> None:
        for a in self.agents:
            self.infos[a] = {}
        if self.agents and self._acting(self.agent_name_mapping.get(self.agent_selection, -1)):
            legal = self._legal_map()
            info = self.infos[self.agent_selection]
            info["action_mask"] = self.encoder.mask(legal)
            if self.info_labels:
                info["legal_labels"] = {i: self.game.action_label(a) for i, a in legal.items()}

    def _text(self) -> str:
        state = self.state_
        if state is None:
            return _("(no game: call reset)")
        if state.is_terminal():
            return _("{game}: game over, returns {returns}, scores {scores}", game=self.game.info.title,
                     returns=state.returns(), scores=state.scores())
        p = state.current_player
        legal = self._legal_map()
        acts = ", ".join(f"{i}: {self.game.action_label(a)}" for i, a in sorted(legal.items())[:20])
        more = " …" if len(legal) > 20 else ""
        return _("{game}, step {step}: player_{seat} to act; {moves}", game=self.game.info.title, step=self.steps,
                 seat=p, moves=acts + more)


def _copy_dict_space(space: spaces.Dict) -> spaces.Dict:
    boxes: dict[str, Any] = dict(space.spaces)  # (every part of an observation space is a Box)
    return spaces.Dict({k: spaces.Box(v.low, v.high, v.shape, v.dtype) for k, v in boxes.items()})


def pettingzoo_env(game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
                   render_mode: str | None = None, **kw: Any) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game`` (a name, as ``cardtable.load``, or a loaded Game).

    Keyword arguments: ``max_steps`` (truncate after that many actions), ``slots`` (the cap of a slot-encoded
    game's actions), ``info_labels`` (labels of the legal actions in the acting agent's info)."""
    return CardtableAECEnv(game, players, options, render_mode=render_mode, **kw)

