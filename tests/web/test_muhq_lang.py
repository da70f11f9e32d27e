"""muhq's table in German and Hungarian (issue 35): the renderer's own words come from the page's catalog and
the cards', the board's and the server's words from the server in the same language; the draft, the turn with
the hand, the store and the board, and the end read in the language; no script error; at phone size no text
runs out of its box."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import Page, expect  # noqa: E402

from .conftest import PHONE  # noqa: E402
from .test_lang_pages import in_language, overflowing  # noqa: E402

OPTIONS = {"board": "river-crown", "max_turns": 6, "draft_stop": 10}
WORDS = {
    "de": {"board": "Flusskrone", "pack": "Dein Draft-Stapel (10 Karten)", "victory": "Siegbedingungen", "legend": "Legende",
           "vip": "VIP", "draft": "Draft", "sovereign": "Herrscher", "hand": "Deine Hand", "store": "Store (",
           "over": "Spiel vorbei", "result": "Ergebnis", "player": "Spieler", "resource": "Ressource"},
    "hu": {"board": "Folyami korona", "pack": "A nálad lévő csomag (10 kártya)", "victory": "Győzelmi feltételek",
           "legend": "Jelmagyarázat", "vip": "VIP", "draft": "Draft", "sovereign": "Uralkodó", "hand": "A kezed",
           "store": "Bolt (", "over": "Vége a játéknak", "result": "Eredmény", "player": "Játékos",
           "resource": "Erőforrás"},
}


def table(server, seats, seed=4) -> str:
    return server.create(game="muhq", players=2, seats=seats, seed=seed, options=OPTIONS)["table"]["id"]


def pick_until_the_turn(page: Page) -> None:
    """Pick the first card of each pack until the draft is over (the bot picks at once)."""
    for _ in range(40):
        message = page.evaluate("window.cardtable.message")
        if message["view"]["phase"] != "draft":
            return
        button = page.locator(".mh-pack button[data-legal]").first
        if button.count():
            button.click()
        page.wait_for_timeout(150)
    raise AssertionError("the draft did not end")


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_muhq_table_reads_in_the_language(new_context, server, lang):
    words = WORDS[lang]
    page = in_language(new_context, server, lang).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/table/{table(server, ['human', 'random'])}?seat=0")
    expect(page.locator(".mh-draft h3").first).to_contain_text(words["pack"])
    expect(page.locator(".mh-boardname")).to_have_text(words["board"])
    expect(page.locator(".round-no")).to_have_text(words["draft"])
    expect(page.locator(".mh-victory")).to_have_attribute("aria-label", words["victory"])
    expect(page.locator(".mh-legend")).to_have_attribute("aria-label", words["legend"])
    expect(page.locator(".mh-board")).to_contain_text(words["sovereign"])
    pick_until_the_turn(page)
    expect(page.locator(".mh-hand h3")).to_contain_text(words["hand"])
    expect(page.locator(".mh-area h4").first).to_contain_text(words["store"])
    page.wait_for_timeout(300)
    text = page.locator(".mh-felt").inner_text()
    for english in ("Your hand", "On the board", "Victory conditions", "refilled to", "buy costs", "Discard pile"):
        assert english not in text, english
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_end_reads_in_the_language(new_context, server, lang):
    words = WORDS[lang]
    page = in_language(new_context, server, lang).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/table/{table(server, ['random', 'random'], seed=2)}")
    page.wait_for_function("() => window.cardtable && window.cardtable.message && window.cardtable.message.returns",
                           timeout=90_000)
    expect(page.locator("#scoreboard-title")).to_contain_text(words["over"])
    expect(page.locator("#scoreboard th").first).to_have_text(words["player"])
    expect(page.locator(".mh-end .bp-end-kinds")).to_contain_text(words["board"])
    expect(page.locator(".mh-end th").nth(3)).to_have_text(words["result"])
    assert "MUHQ-WIN-" in page.locator(".mh-end .bp-end-why").inner_text()
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_text_overflows_a_muhq_table_on_a_phone(new_context, server, lang):
    page = in_language(new_context, server, lang, PHONE).new_page()
    page.goto(f"/table/{table(server, ['human', 'random'])}?seat=0")
    expect(page.locator(".mh-draft")).to_be_visible()
    page.wait_for_timeout(300)
    assert overflowing(page) == [], lang
    pick_until_the_turn(page)
    expect(page.locator(".mh-hand")).to_be_attached()
    page.wait_for_timeout(300)
    assert overflowing(page) == [], lang
