"""The Mítosz card data the browser carries (web/games/mitosz-cards.js) is the engine's catalogue of every
packaged set: the server sends views with card ids and names only, the page adds types, costs and texts.

With CARDTABLE_WRITE_CARDS=1 this test writes the file afresh instead of comparing."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

CARDS_JS = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "games" / "mitosz-cards.js"
FIELDS = ("name", "type", "subtypes", "mythology", "unique", "magical", "cursed", "level", "cost_label",
          "power_points", "links", "roads", "sphere_max", "requirements", "duration", "text", "flavor",
          "maneuvers")


def packaged_catalogue() -> dict:
    """The catalogue entries (MitoszGame.catalogue) of every card in the packaged sets."""
    from cardtable.games.mitosz.cards import build_defs
    from cardtable.games.mitosz.data import catalogue
    from cardtable.games.mitosz.game import MitoszGame

    cards = MitoszGame.catalogue(SimpleNamespace(defs=build_defs(catalogue()), layout=[], decks=[]))["cards"]
    return {cid: {k: c[k] for k in FIELDS} for cid, c in sorted(cards.items())}


def source() -> str:
    lines = [f"  {json.dumps(cid)}: {json.dumps(card, ensure_ascii=False, separators=(',', ':'))},"
             for cid, card in packaged_catalogue().items()]
    body = "{\n" + "\n".join(lines) + "\n}"
    return ("// Generated from the engine's catalogue of the packaged Mítosz sets by tests/web/test_mitosz_cards.py\n"
            "// (CARDTABLE_WRITE_CARDS=1 python -m pytest tests/web/test_mitosz_cards.py). Do not edit by hand.\n"
            f"export const CARDS = {body};\n")


def test_the_page_carries_the_engines_card_data():
    text = source()
    if os.environ.get("CARDTABLE_WRITE_CARDS") == "1":
        CARDS_JS.write_text(text, encoding="utf-8")
    assert CARDS_JS.read_text(encoding="utf-8") == text, \
        "mitosz-cards.js is out of date: CARDTABLE_WRITE_CARDS=1 python -m pytest tests/web/test_mitosz_cards.py"


def test_the_default_game_uses_only_packaged_cards():
    from cardtable.engine import load

    game = load("mitosz")
    assert set(game.catalogue()["cards"]) <= set(packaged_catalogue())
