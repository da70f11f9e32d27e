"""The Mítosz table in German and Hungarian (issue 35): the renderer's own words (the board, the bar, the
hand, a card's tooltip, the fight and the stack) read in the page's language, the card data the page carries
(mitosz-cards.js) gives the cards' names in it, and a pick and an illegal target explain themselves in it;
no JavaScript error, nothing spills sideways on a phone."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import PHONE  # noqa: E402

READY = """() => {
  const m = window.cardtable && window.cardtable.message;
  if (!m) return false;
  if (m.returns) return true;
  return m.legal.length > 0 && document.body.dataset.myTurn === "true" && !document.body.classList.contains("busy")
    && document.querySelector('#game .mz-felt') !== null;
}"""
WORDS = {
    "de": {"felt": ["Hauptgott", "Magie", "Streitmacht", "Völker (", "Anführer (", "Intrigen (", "Deine Hand (",
                    "Zug 1", "Sieg: 12 Machtpunkte"],
           "types": ["Volk", "Anführer", "Ort", "Gegenstand", "Intrige", "Schicksal", "Nachschub", "freies Manöver"],
           "picked": "Gewählt:", "orren": "Hauptmann Orren", "pass": "Passen"},
    "hu": {"felt": ["főisten", "mágia", "haderő", "Népek (", "Vezérek (", "Intrikák (", "A kezed (", "1. kör",
                    "győzelem: 12 hatalompont"],
           "types": ["nép", "vezér", "helyszín", "tárgy", "intrika", "fátum", "hadtáp", "szabad manőver"],
           "picked": "Kiválasztva:", "orren": "Orren kapitány", "pass": "Passz"},
}
ENGLISH = ["high god", "Nations (", "Leaders (", "Intrigues (", "Your hand (", "win: 12 power points"]


def mitosz_table(server) -> str:
    return server.request("POST", "/api/tables", {"game": "mitosz", "players": 2, "seats": ["human", "random"],
                                                  "seed": 5})["table"]["id"]


def open_in(new_context, server, lang: str, viewport=None) -> Page:
    context = new_context(viewport) if viewport else new_context()
    context.add_cookies([{"name": "cardtable_lang", "value": lang, "url": server.url}])
    return context.new_page()


def wait_ready(page: Page) -> dict:
    page.wait_for_function(READY, timeout=20_000)
    return page.evaluate("window.cardtable.message")


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_table_reads_in_the_pages_language(new_context, server, lang):
    words = WORDS[lang]
    page = open_in(new_context, server, lang)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/table/{mitosz_table(server)}?seat=0")
    wait_ready(page)
    felt = page.evaluate("document.querySelector('#game .mz-felt').textContent")  # (not as CSS capitalizes it)
    missing = [w for w in words["felt"] if w not in felt]
    assert not missing, (missing, felt[:1500])
    left = [w for w in ENGLISH if w in felt]
    assert not left, left
    # a hand card's whole text (its tooltip): the type line and the stats in the language
    tip = page.locator("#game .mz-handcard[data-tip]").first.get_attribute("data-tip")
    head = tip.split("\n")[0].split(" — ")[-1]
    assert any(head.startswith(w) for w in words["types"]), tip
    # the card data in the page's language (the names come from the data files' translations)
    name = page.evaluate("import('/static/games/mitosz-cards.js').then((m) => m.CARDS['SMP-012'].name)")
    assert name == words["orren"]
    # a pick: the bar says what is picked, in the language
    lit = page.locator("#game .mz-handcard.mz-lit").first
    if lit.count():
        lit.click()
        bar = page.evaluate("document.querySelector('#game .mz-dock').textContent")
        assert words["picked"] in bar or page.evaluate("window.cardtable.message.legal.length") == 0, bar
    # (the pass button reads the server's label of the move, "passen" / "passz", or the bar's own word)
    assert words["pass"].lower() in page.evaluate("document.querySelector('#game .mz-dock').textContent").lower()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_sideways_scrolling_on_a_phone(new_context, server, lang):
    page = open_in(new_context, server, lang, PHONE)
    page.goto(f"/table/{mitosz_table(server)}?seat=0")
    wait_ready(page)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
