"""The Mítosz card data the browser carries (web/games/mitosz-cards.js) is the engine's catalogue of every
packaged set: the server sends views with card ids and names only, the page adds types, costs and texts.
It carries the catalogue in each language (names, maneuver texts …): the English entries whole, and per other
language the fields that read differently; the page takes its reader's language (``lang`` of js/i18n.js).

With CARDTABLE_WRITE_CARDS=1 this test writes the file afresh instead of comparing."""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import SimpleNamespace

from cardtable.engine.i18n import LANGUAGES, SOURCE_LANGUAGE, language

CARDS_JS = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "games" / "mitosz-cards.js"
FIELDS = ("name", "type", "subtypes", "mythology", "unique", "magical", "cursed", "level", "cost_label",
          "power_points", "links", "roads", "sphere_max", "requirements", "duration", "text", "flavor",
          "maneuvers")


def packaged_catalogue(lang: str = SOURCE_LANGUAGE) -> dict:
    """The catalogue entries (MitoszGame.catalogue) of every card in the packaged sets, read in ``lang``."""
    from cardtable.games.mitosz.cards import build_defs
    from cardtable.games.mitosz.data import catalogue
    from cardtable.games.mitosz.game import MitoszGame

    with language(lang):
        cards = MitoszGame.catalogue(SimpleNamespace(defs=build_defs(catalogue()), layout=[], decks=[]))["cards"]
        return {cid: {k: c[k] for k in FIELDS} for cid, c in sorted(cards.items())}


def _entry(cid: str, card: dict) -> str:
    # the data's own words in each language, not the catalog's: the scanner skips these lines
    return f"  {json.dumps(cid)}: {json.dumps(card, ensure_ascii=False, separators=(',', ':'))}, // i18n: no"


def source() -> str:
    english = packaged_catalogue()
    body = "{\n" + "\n".join(_entry(cid, card) for cid, card in english.items()) + "\n}"
    others = []
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        read = packaged_catalogue(lang)
        changed = {cid: {k: v for k, v in card.items() if v != english[cid][k]} for cid, card in read.items()}
        lines = "\n".join("  " + _entry(cid, fields) for cid, fields in changed.items() if fields)
        others.append(f"  {json.dumps(lang)}: {{\n{lines}\n  }}," if lines else f"  {json.dumps(lang)}: {{}},")
    return ("// Generated from the engine's catalogue of the packaged Mítosz sets by tests/web/test_mitosz_cards.py\n"
            "// (CARDTABLE_WRITE_CARDS=1 python -m pytest tests/web/test_mitosz_cards.py). Do not edit by hand.\n"
            "// CARDS: the English entries, with the fields of the reader's language put over them.\n"
            'import { lang } from "../js/i18n.js";\n\n'
            f"export const CARDS = {body};\n\n"
            "const LANGUAGES = {\n" + "\n".join(others) + "\n};\n\n"
            "const BY_NAME = new Map(Object.entries(CARDS).map(([id, c]) => [c.name, id])); // English name -> id\n"
            "for (const [id, fields] of Object.entries(LANGUAGES[lang] || {})) Object.assign(CARDS[id], fields);\n\n"
            "/** A card a link names (links name cards by their English name): its name in the reader's language. */\n"
            "export const linkName = (name) => (BY_NAME.has(name) ? CARDS[BY_NAME.get(name)].name : name);\n")


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
