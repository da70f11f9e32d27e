"""Reinforcement-learning environments for every cardtable game (``pip install cardtable[rl]``).

* :func:`pettingzoo_env` — a PettingZoo AEC environment: every seat an agent (``player_0`` …), observations
  ``{"observation": Box vector, "action_mask": int8 vector}`` built from each player's own view.
* :func:`gym_env` — a Gymnasium environment: one seat learns, cardtable bots (by agent name) play the others;
  ``action_masks()`` for sb3-contrib's MaskablePPO.
* :func:`encoder_for` — a game's encoder (views -> vectors, actions <-> integers), usable without either
  library (it needs numpy only).

The game encodings and what the fallback loses are described in docs/envs.md. PettingZoo and Gymnasium are
imported only when an environment is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from cardtable.engine import Game
    from cardtable.engine.encoding import Encoder

    from .single_agent import CardtableGymEnv
    from .aec import CardtableAECEnv


def pettingzoo_env(game: str | Game, players: int | None = None, options: Mapping[str, Any] | None = None,
                   render_mode: str | None = None, **kw: Any) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game``; see :mod:`cardtable.envs.aec`."""
    from .aec import pettingzoo_env as make

    return make(game, players, options, render_mode, **kw)


def gym_env(game: str | Game, seat: int = 0, opponents: str | Sequence[str] = "random", players: int | None = None,
            options: Mapping[str, Any] | None = None, render_mode: str | None = None, **kw: Any) -> CardtableGymEnv:
    """A single-agent Gymnasium environment of ``game``; see :mod:`cardtable.envs.single_agent`."""
    from .single_agent import gym_env as make

    return make(game, seat, opponents, players, options, render_mode, **kw)


def encoder_for(game: Game, **kw: Any) -> Encoder:
    """The encoder of a loaded game; see :mod:`cardtable.envs.encoding`."""
    from .encoders import encoder_for as make

    return make(game, **kw)


__all__ = ["pettingzoo_env", "gym_env", "encoder_for"]
