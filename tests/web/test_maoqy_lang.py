"""A MAOQY table in the browser in German and Hungarian: the renderer's own words come from the `maoqy-ui` catalog
(the Unknown and the Known, the kingdoms panel, the prompt), the kingdoms carry their names in the reader's
language, a move can be played by clicking, nothing raises in the page and no text runs out of its box on a phone."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .helpers import LIST_LEGAL  # noqa: E402
from .test_lang_pages import in_language, overflowing  # noqa: E402

SHORT = {"kingdoms": "red,blue", "street_min": 4, "turn_limit": 40}
WORDS = {
    "de": {"unknown": "Das Unbekannte", "known": "Das Bekannte", "kingdoms": "Königreiche im Spiel", "red": "Rot",
           "turn": "Du bist am Zug"},
    "hu": {"unknown": "Az Ismeretlen", "known": "Az Ismert", "kingdoms": "Királyságok a pakliban", "red": "piros",
           "turn": "Te következel"},
}


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_maoqy_table_reads_in_the_language(new_context, server, lang):
    table = server.request("POST", "/api/tables", {"game": "maoqy", "players": 2, "seats": ["human", "random"],
                                                   "options": SHORT, "seed": 4})["table"]["id"]
    page = in_language(new_context, server, lang).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(LIST_LEGAL).first).to_be_attached(timeout=15_000)
    words = WORDS[lang]
    expect(page.locator(".mq-unknown .stack-caption")).to_have_text(words["unknown"])
    expect(page.locator(".mq-known .stack-caption")).to_have_text(words["known"])
    expect(page.locator("#mq-kingdoms-title")).to_have_text(words["kingdoms"])
    expect(page.locator(".mq-kingdom-list")).to_contain_text(words["red"])
    for _ in range(6):  # a few moves by clicking the listed legal moves; the bot answers
        page.wait_for_function("() => window.cardtable && window.cardtable.message && "
                               "(window.cardtable.message.returns || window.cardtable.message.legal.length > 0)",
                               timeout=20_000)
        if page.evaluate("window.cardtable.message.returns"):
            break
        page.locator(LIST_LEGAL).first.click()
        page.wait_for_timeout(200)
    text = page.locator("body").inner_text()
    for english in ("The Unknown", "Kingdoms in the deck", "Your turn", "hidden hand"):
        assert english not in text, (lang, english)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_text_overflows_a_maoqy_table_on_a_phone(new_context, server, lang):
    table = server.request("POST", "/api/tables", {"game": "maoqy", "players": 3, "seats": ["human", "random", "random"],
                                                   "options": {**SHORT, "kingdoms": "red,blue,gold"}, "seed": 2})["table"]["id"]
    page = in_language(new_context, server, lang, PHONE).new_page()
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(LIST_LEGAL).first).to_be_attached(timeout=15_000)
    page.wait_for_timeout(300)
    assert overflowing(page) == [], lang
