"""The game-agnostic core: interface, actions, options, randomness, records, registry."""

from .actions import Action, ActionCodec, action
from .errors import (CardtableError, DataError, IllegalAction, OptionError, RecordError, UnknownAgent, UnknownGame,
                     UnknownSchemas)
from .game import GAME_OVER, Game, GameInfo, State
from .options import Option
from .record import Record, load_records, read_records
from .registry import game_class, game_names, load, register, schema_names, schema_provider, schemas

__all__ = [
    "Action", "ActionCodec", "action", "CardtableError", "DataError", "IllegalAction", "OptionError", "RecordError",
    "UnknownAgent", "UnknownGame", "UnknownSchemas", "GAME_OVER", "Game", "GameInfo", "State", "Option", "Record",
    "load_records", "read_records", "game_class", "game_names", "load", "register", "schema_names", "schema_provider",
    "schemas",
]
