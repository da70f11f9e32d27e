"""Probes: what a balance run learns from one game besides its result.

A probe watches one game from its first to its last action. It may read the whole state: a balance run is a
designer's tool that sees every card after the fact, not a player's surface (no player, bot or client ever
gets what a probe returns while a game is running). Each game's kit names its probe class
(``games/<game>/kit/probe.py``, a subclass of :class:`cardtable.engine.probe.Probe`), imported only when asked
for; a game without its own probe gets :class:`Probe`, which uses ``State.scores()`` when those are numbers and no per-card features.

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

import re
from typing import Any

from cardtable.engine.i18n import N_, SOURCE_LANGUAGE, Translator, current_language
from cardtable.engine.kit import kit_of
from cardtable.engine.probe import Probe

_ = Translator("cardtable")



def probe_for(game_name: str) -> Probe:
    """A new probe for one game of ``game_name``: its kit's, else the default :class:`Probe`."""
    kit = kit_of(game_name)
    probe: Probe = kit.load("probe")() if kit.has("probe") else Probe()
    return probe


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
