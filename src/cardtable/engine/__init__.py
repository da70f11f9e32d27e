"""The game-agnostic core: interface, actions, options, randomness, records, registry."""

from .actions import Action, ActionCodec, action
from .errors import CardtableError, IllegalAction, OptionError, RecordError, UnknownAgent, UnknownGame
from .game import GAME_OVER, Game, GameInfo, State
from .options import Option
from .record import Record, load_records, read_records
from .registry import game_class, game_names, load, register

__all__ = [
    "Action", "ActionCodec", "action", "CardtableError", "IllegalAction", "OptionError", "RecordError",
    "UnknownAgent", "UnknownGame", "GAME_OVER", "Game", "GameInfo", "State", "Option", "Record",
    "load_records", "read_records", "game_class", "game_names", "load", "register",
]
