"""MAOQY's options (spec section 4), each with the rule it changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.engine import Option, OptionError
from cardtable.engine.i18n import N_, Translator, current_language, language

from .cards import EXTRA_SETS, KINGDOMS

_ = Translator("maoqy")


@dataclass(frozen=True)
class KingdomsOption(Option):
    """A list of colour kingdoms (a JSON list, or names separated by commas), each at most once (OP-16).

    The value is kept in seed order, so the same deck is always written the same way.
    """

    def allowed(self, translated: bool = False) -> str:
        """In English for ``to_json`` (the web lobby reads it), in the reader's language when ``translated``."""
        with language(current_language() if translated else None):
            return _("a list of distinct colour kingdoms from {kingdoms}", kingdoms=", ".join(KINGDOMS))

    def validate(self, value: Any) -> Any:
        names = value.split(",") if isinstance(value, str) else value
        if not isinstance(names, (list, tuple)) or not names:
            raise OptionError(_("option {name}={value} is not allowed ({rule}); use {allowed}", name=self.name,
                                value=repr(value), rule=self.rule, allowed=self.allowed(translated=True)))
        names = [n.strip() if isinstance(n, str) else n for n in names]
        unknown = [n for n in names if n not in KINGDOMS]
        if unknown:
            raise OptionError(_("option {name}: {unknown} is not a colour kingdom ({rule}); use {allowed}",
                                name=self.name, unknown=", ".join(map(repr, unknown)), rule=self.rule,
                                allowed=self.allowed(translated=True)))
        twice = sorted({n for n in names if names.count(n) > 1}, key=KINGDOMS.index)
        if twice:
            raise OptionError(_("option {name}: {twice} given twice; each kingdom is in the deck at most once "
                                "({rule}, OP-16)", name=self.name, twice=", ".join(twice), rule=self.rule))
        return [k for k in KINGDOMS if k in names]


OPTIONS = (
    KingdomsOption("kingdoms", list(KINGDOMS), N_("the colour kingdoms in the deck, each complete (17 cards)"),
                   "spec 2.3"),
    Option("hand_limit", 12, N_("most cards a hidden hand may hold; a draw into a full hand is illegal"), "MAOQY-5.1",
           integer=True, minimum=5, maximum=1000),
    Option("street_min", 5, N_("cards needed to open a street in one action"), "MAOQY-6.4.3",
           integer=True, minimum=1, maximum=17),
    Option("street_start", "any", N_("'any': a street may start at any number; 'one': it starts with the Beggar (1)"),
           "MAOQY-6.4.2", choices=("any", "one")),
    Option("max_streets", 1, N_("streets one player may have, each of its own kingdom"), "MAOQY-6.4.4",
           integer=True, minimum=1, maximum=12),
    Option("extended_draw", True, N_("draws also from the Known and open hands; false: only the Unknown and "
                                     "one's own hiding place"), "MAOQY-5.8", boolean=True),
    Option("known_draw", "top", N_("which card of the Known may be drawn: 'top' or 'any'"), "MAOQY-5.3",
           choices=("top", "any")),
    Option("open_hand_access", "all", N_("whose open hands a player may draw from: 'all' or only the 'owner'"),
           "MAOQY-5.4", choices=("all", "owner")),
    Option("hiding_place_size", 1, N_("cards a hiding place holds"), "MAOQY-6.3", integer=True, minimum=1,
           maximum=1000),
    Option("backs_show_kingdom", True, N_("card backs show the kingdom (OP-10); false hides the kingdom of "
                                          "face-down cards"), "spec section 7", boolean=True),  # i18n: no
    Option("claimed_cards", "open", N_("'open': a card of a kingdom in another player's street is held face up in "
                                       "the open hand (a table rule, so that no street can be blocked for good); "
                                       "'anywhere': also in the hidden hand and hiding place (the rulebook's text)"),
           "MAOQY-6.6", choices=("open", "anywhere")),
    Option("turn_limit", 2000, N_("the game ends after this many turns (all players together)"), "MAOQY-8.3",
           integer=True, minimum=1, maximum=10**6),
    Option("extra_cards", "none", N_("additional cards shuffled into the deck: 'none' or a named card list "
                                     "(website)"), "MAOQY-9.1", choices=("none", *sorted(EXTRA_SETS))),
)
