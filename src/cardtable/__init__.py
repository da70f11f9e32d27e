"""cardtable: play, simulate and study card games on one engine.

    >>> import cardtable
    >>> game = cardtable.load("mojo", players=3)
    >>> state = game.new_initial_state(seed=7)
    >>> state.apply(state.legal_actions()[0])
"""

from .engine import (
    Action,
    CardtableError,
    Game,
    IllegalAction,
    OptionError,
    Record,
    RecordError,
    State,
    UnknownGame,
    game_names,
    load,
    load_records,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "CardtableError", "Game", "IllegalAction", "OptionError", "Record", "RecordError", "State",
    "UnknownGame", "game_names", "load", "load_records", "__version__",
]
