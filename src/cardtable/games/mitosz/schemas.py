"""The JSON Schemas of Mítosz's data files (``cardtable schema mitosz``): a card set, one card, a deck.

Found by the engine's registry by its module name (``cardtable.games.<name>.schemas``), so it works
before there is a Mítosz game class; imported only when the schemas are asked for.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine.datafiles import json_schemas


def schemas() -> dict[str, dict[str, Any]]:
    from .schema.cards import Card
    from .schema.sets import CardSet
    from .schema.decks import Deck

    return json_schemas(("set", CardSet, "Mítosz card set (a file <code>.yaml)"),  # i18n: no
                        ("card", Card, "Mítosz card definition (spec 5.2)"),  # i18n: no
                        ("deck", Deck, "Mítosz deck (a file deck-<name>.yaml, MIT-1.3.1)"))  # i18n: no
