"""MAOQY's options (spec section 4), each with the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Option, OptionError

from .cards import EXTRA_SETS, KINGDOMS


@dataclass(frozen=True)
class KingdomsOption(Option):
    """A list of colour kingdoms (a JSON list, or names separated by commas), each at most once (OP-16).

    The value is kept in seed order, so the same deck is always written the same way.
    """

    def allowed(self) -> str:
        return "a list of distinct colour kingdoms from " + ", ".join(KINGDOMS)

    def validate(self, value: Any) -> Any:
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, (list, tuple)) or not names:
            raise OptionError(f"option {self.name}={value!r} is not allowed ({self.rule}); use {self.allowed()}")
        names = [n.strip() if isinstance(n, str) else n for n in names]
        unknown = [n for n in names if n not in KINGDOMS]
        if unknown:
            raise OptionError(f"option {self.name}: {', '.join(map(repr, unknown))} is not a colour kingdom "
                              f"({self.rule}); use {self.allowed()}")
        twice = sorted({n for n in names if names.count(n) > 1}, key=KINGDOMS.index)
        if twice:
            raise OptionError(f"option {self.name}: {', '.join(twice)} given twice; each kingdom is in the deck "
                              f"at most once ({self.rule}, OP-16)")
        return [k for k in KINGDOMS if k in names]


OPTIONS = (
    KingdomsOption("kingdoms", list(KINGDOMS), "the colour kingdoms in the deck, each complete (17 cards)",
                   "spec 2.3"),
    Option("hand_limit", 12, "most cards a hidden hand may hold; a draw into a full hand is illegal", "MAOQY-5.1",
           integer=True, minimum=5, maximum=1000),
    Option("street_min", 5, "cards needed to open a street in one action", "MAOQY-6.4.3",
           integer=True, minimum=1, maximum=17),
    Option("street_start", "any", "'any': a street may start at any number; 'one': it starts with the Beggar (1)",
           "MAOQY-6.4.2", choices=("any", "one")),
    Option("max_streets", 1, "streets one player may have, each of its own kingdom", "MAOQY-6.4.4",
           integer=True, minimum=1, maximum=12),
    Option("extended_draw", True, "draws also from the Known and open hands; false: only the Unknown and "
           "one's own hiding place", "MAOQY-5.8", boolean=True),
    Option("known_draw", "top", "which card of the Known may be drawn: 'top' or 'any'", "MAOQY-5.3",
           choices=("top", "any")),
    Option("open_hand_access", "all", "whose open hands a player may draw from: 'all' or only the 'owner'",
           "MAOQY-5.4", choices=("all", "owner")),
    Option("hiding_place_size", 1, "cards a hiding place holds", "MAOQY-6.3", integer=True, minimum=1,
           maximum=1000),
    Option("backs_show_kingdom", True, "card backs show the kingdom (OP-10); false hides the kingdom of face-down "
           "cards", "spec section 7", boolean=True),
    Option("claimed_cards", "open", "'open': a card of a kingdom in another player's street is held face up in "
           "the open hand (a table rule, so that no street can be blocked for good); 'anywhere': also in the "
           "hidden hand and hiding place (the rulebook's text)", "MAOQY-6.6", choices=("open", "anywhere")),
    Option("turn_limit", 2000, "the game ends after this many turns (all players together)", "MAOQY-8.3",
           integer=True, minimum=1, maximum=10**6),
    Option("extra_cards", "none", "additional cards shuffled into the deck: 'none' or a named card list "
           "(" + ", ".join(sorted(EXTRA_SETS)) + ")", "MAOQY-9.1", choices=("none", *sorted(EXTRA_SETS))),
)
