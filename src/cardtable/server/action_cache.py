"""What the tables of one kind of game (name, players, options) share about actions: an action parsed from its
JSON, and its encoded entry in a list of legal moves. A move puts the same few actions in every seat's message,
and every table of a kind parses the same JSON, so both are made once per kind."""

from __future__ import annotations

from typing import Any, ClassVar

import orjson

from cardtable.engine import Action, Game
from cardtable.engine.i18n import current_language

ACTION_CACHE_SIZE = 20_000  # actions whose JSON and legal-move entry are kept, per kind of game
ACTION_CACHE_KEY_BYTES = 512  # the longest action JSON kept (a legal one is far shorter)


class ActionCache:
    """What depends on an action and the kind of game (name, players, options) alone, kept for the tables of that
    kind: an action parsed from its JSON, and its encoded entry in a list of legal moves (JSON and label)."""

    kinds: ClassVar[dict[tuple[str, int, bytes], "ActionCache"]] = {}

    def __init__(self, game: Game):
        self.game = game
        self.parsed: dict[bytes, Action] = {}  # the action's JSON, keys sorted -> the action
        self.legal: dict[tuple[str, Action], orjson.Fragment] = {}  # (language, action) -> {"action", "label"} as JSON

    @classmethod
    def of(cls, game: Game) -> "ActionCache":
        key = (game.info.name, game.num_players, orjson.dumps(game.options, option=orjson.OPT_SORT_KEYS))
        cache = cls.kinds.get(key)
        if cache is None:
            if len(cls.kinds) >= 256:  # many kinds of game (options chosen per table): start again
                cls.kinds.clear()
            cache = cls.kinds[key] = cls(game)
        return cache

    def parse(self, data: Any) -> Action:
        """``game.parse_action(data)`` (IllegalAction for a malformed action), parsed once per JSON."""
        if not isinstance(data, dict):
            return self.game.parse_action(data)
        try:
            key = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        except TypeError:
            return self.game.parse_action(data)
        action = self.parsed.get(key)
        if action is None:
            action = self.game.parse_action(data)
            if len(key) <= ACTION_CACHE_KEY_BYTES:  # a long action (an illegal one, at that) is not kept: sent
                # again and again with other contents, it would fill the memory with 20,000 entries of 64 KB
                if len(self.parsed) >= ACTION_CACHE_SIZE:
                    self.parsed.clear()
                self.parsed[key] = action
        return action

    def legal_entry(self, action: Action) -> orjson.Fragment:
        key = (current_language(), action)  # the label is in the reader's language
        entry = self.legal.get(key)
        if entry is None:
            if len(self.legal) >= ACTION_CACHE_SIZE:
                self.legal.clear()
            entry = self.legal[key] = orjson.Fragment(orjson.dumps(
                {"action": action.to_json(), "label": self.game.action_label(action)}))
        return entry
