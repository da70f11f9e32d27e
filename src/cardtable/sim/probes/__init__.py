"""Probes: what a balance run learns from one game besides its result.

A probe watches one game from its first to its last action. It may read the whole state: a balance run is a
designer's tool that sees every card after the fact, not a player's surface (no player, bot or client ever
gets what a probe returns while a game is running). Each game has one probe class, found by name and
imported only when asked for, as the heuristics are (``agents/registry.py``); a game without its own probe
gets :class:`Probe`, which uses ``State.scores()`` when those are numbers and no per-card features.

What a probe gives (all JSON-ready):

* ``standing(state)``: one number per seat, higher = ahead. Sampled after every action to find the leader;
  the lead changes, comebacks and margins of the report come from it.
* ``units(state, returns)``: the samples of the per-card (per-kingdom, per-value …) impact table, each
  ``{"seat": s, "features": [...], "outcome": x}`` with ``x`` in [0, 1], and an optional ``"group"``
  (Mítosz: the deck) within which a feature is compared (see ``balance._impact``). By default one unit per seat per
  game: the seat's ``features`` and its share of the win. A game whose natural unit is smaller (Mojo's
  rounds) gives its own.
* ``extra(state)``: a few game-specific counts for the length section (rounds, turns).
* ``first_player(state)``: the seat whose first-move advantage the report measures, read before the first
  action: by default the first to act; muhq's is the player of the first turn, as its draft comes first.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

from cardtable.engine.i18n import N_, SOURCE_LANGUAGE, Translator, current_language

_ = Translator("cardtable")

PROBES = {
    "mojo": "cardtable.sim.probes.mojo:MojoProbe",
    "maoqy": "cardtable.sim.probes.maoqy:MaoqyProbe",
    "mitosz": "cardtable.sim.probes.mitosz:MitoszProbe",
    "muhq": "cardtable.sim.probes.muhq:MuhqProbe",
}


class Probe:
    """The default probe: standing from numeric scores, no features, one unit per seat."""

    #: what the standing (and so the winning margin) counts
    standing_label = N_("score")
    #: what the features of the impact table are, in the report's words ("card played", "kingdom of the street")
    feature_label = N_("feature")
    #: what a unit of the impact table is ("game" or "round"; sim/report.py UNITS has their plurals)
    unit_label = N_("game")
    #: the report's row for ``first_player`` and the words of its warning (English in balance.json, read
    #: through the catalog where they are shown)
    first_label = N_("first to act")
    first_words = N_("the first player to act")


    def first_player(self, state: Any) -> int:
        """The seat that moves first, asked before the first action."""
        return state.current_player

    def start(self, state: Any) -> None:
        """Called once before the first action."""

    def after(self, state: Any, actor: int, action: Any) -> None:
        """Called after every action (``actor`` took ``action``)."""

    def standing(self, state: Any) -> list[float]:
        scores = state.scores()
        if all(isinstance(x, (int, float)) for x in scores):
            return [float(x) for x in scores]
        return [0.0] * len(scores)

    def features(self, state: Any) -> list[list[str]]:
        """Per seat, the features this seat had in the game (sorted, each once)."""
        return [[] for _ in range(state.game.num_players)]

    def units(self, state: Any, returns: list[float]) -> list[dict[str, Any]]:
        return [{"seat": seat, "features": feats, "outcome": returns[seat]}
                for seat, feats in enumerate(self.features(state))]

    def extra(self, state: Any) -> dict[str, float]:
        return {}


def probe_for(game_name: str) -> Probe:
    target = PROBES.get(game_name)
    if target is None:
        return Probe()
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)()


#: The probes' features are keys of balance.json, in English (a report is compared with another by them). A
#: person reads them in their language: each form a probe writes, with its name or number kept as it is.
FEATURE_FORMS = (
    (re.compile(r"value +(?P<value>\d+) in hand"), N_("value {value} in hand")),  # Mojo
    (re.compile(r"ended the round"), N_("ended the round")),
    (re.compile(r"street of (?P<kingdom>.+)"), N_("street of {kingdom}")),  # MAOQY
    (re.compile(r"played (?P<card>.+)"), N_("played {card}")),  # Mítosz
    (re.compile(r"deck (?P<deck>.+)"), N_("deck {deck}")),
    (re.compile(r"drafted (?P<card>.+)"), N_("drafted {card}")),  # muhq
    (re.compile(r"bought (?P<card>.+)"), N_("bought {card}")),
)


def feature_words(feature: str) -> str:
    """A feature of the impact table as the reader reads it (in English exactly as the probe wrote it)."""
    if current_language() == SOURCE_LANGUAGE:
        return feature
    for pattern, message in FEATURE_FORMS:
        found = pattern.fullmatch(feature)
        if found:
            return _(message, **found.groupdict())
    return feature
