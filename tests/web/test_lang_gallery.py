"""Every game in German and Hungarian (issue 35): in the middle of a game at laptop and phone size, and at its
end on a phone. The page is in the reader's language (its own words, and the moves and log lines, which the
server makes in that language), nothing reaches past the screen's edge and no text overflows its box. Two seats
of one table in two languages each read their own.

With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/gallery/GAME-middle-SIZE-LANG.jpg and
GAME-end-phone-LANG.jpg (docs/web.md, "Gallery"); otherwise to a temporary folder."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from .conftest import LAPTOP, PHONE  # noqa: E402
from .test_gallery import GAMES, WIDE, play, shoot  # noqa: E402
from .test_layout import two_humans  # noqa: E402

# text that does not fit its box: a leaf with text whose content is wider than the box (cut or spilling)
OVERFLOW = """() => [...document.querySelectorAll('body *')].filter(e => e.getClientRects().length
  && e.children.length === 0 && e.textContent.trim().length > 1 && e.clientWidth > 2  // (1 px: hidden but read out)
  && e.scrollWidth > e.clientWidth + 2 && getComputedStyle(e).overflowX !== 'auto'
  && getComputedStyle(e).overflowX !== 'scroll' && getComputedStyle(e).textOverflow !== 'ellipsis'
  && !e.closest('.visually-hidden, .skip-link, #bp-tip, .mz-tip, select, option, pre, code, input')).slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' "' + e.textContent.trim().slice(0, 30) + '" ' + e.scrollWidth + '>' + e.clientWidth)"""


def open_seat(new_context, server, table: str, token: str, seat: int, lang: str, viewport=LAPTOP):
    context = new_context(viewport)
    context.add_cookies([{"name": "cardtable_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('cardtable:token:{table}:{seat}', '{token}')")
    page.goto(f"/table/{table}?seat={seat}")
    page.locator("#game .felt").first.wait_for()
    return page


def labels_in(server, table: str, token: str, lang: str) -> tuple[list[str], list[str]]:
    state = server.request("GET", f"/api/tables/{table}?lang={lang}", token=token)
    return [e["label"] for e in state["legal"]], [e["text"] for e in state["log"]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_in_german_and_hungarian_middle_and_end(new_context, server, game, tmp_path):
    options, middle = GAMES[game]
    table, tokens = two_humans(server, game, seed=7, options=options)
    play(server, table, tokens, random.Random(11), middle)
    english, _log = labels_in(server, table, tokens[0], "en")
    for lang in ("de", "hu"):
        wanted, log = labels_in(server, table, tokens[0], lang)
        assert wanted != english, f"{game}: the moves are still English in {lang}"
        for size, viewport in (("desktop", LAPTOP), ("phone", PHONE)):
            page = open_seat(new_context, server, table, tokens[0], 0, lang, viewport)
            assert page.evaluate("document.documentElement.lang") == lang
            page.wait_for_function("() => window.cardtable.message && window.cardtable.message.legal.length > 0",
                                   timeout=15_000)
            page.wait_for_timeout(300)
            message = page.evaluate("window.cardtable.message")
            assert [e["label"] for e in message["legal"]] == wanted
            assert [e["text"] for e in message["log"]][-len(log):] == log[-len(message["log"]):]
            assert not page.evaluate(WIDE), (lang, size, page.evaluate(WIDE))
            assert not page.evaluate(OVERFLOW), (lang, size, page.evaluate(OVERFLOW))
            shoot(page, f"{game}-middle-{size}-{lang}", tmp_path)
            page.context.close()
    # on to the end: the end panel in each language, on a phone
    play(server, table, tokens, random.Random(11), None)
    for lang in ("de", "hu"):
        page = open_seat(new_context, server, table, tokens[0], 0, lang, PHONE)
        expect(page.locator("#end")).to_be_visible()
        assert page.evaluate("document.documentElement.lang") == lang
        page.wait_for_timeout(300)
        _labels, log = labels_in(server, table, tokens[0], lang)
        shown = page.evaluate("window.cardtable.message.log.map(e => e.text)")
        assert shown[-len(log):] == log[-len(shown):]
        assert not page.evaluate(WIDE), (lang, "end", page.evaluate(WIDE))
        assert not page.evaluate(OVERFLOW), (lang, "end", page.evaluate(OVERFLOW))
        shoot(page, f"{game}-end-phone-{lang}", tmp_path)
        page.context.close()


def test_two_seats_in_two_languages(new_context, server):
    table, tokens = two_humans(server, "mojo", seed=7, options={"target_score": 20})
    pages = {seat: open_seat(new_context, server, table, tokens[seat], seat, lang)
             for seat, lang in ((0, "de"), (1, "hu"))}
    state = server.table(table, tokens[0])
    mover = state["view"].get("to_act", state["view"].get("current_player"))
    legal = server.table(table, tokens[mover])["legal"]
    server.request("POST", f"/api/tables/{table}/actions", {"action": legal[0]["action"]}, token=tokens[mover])
    texts = {}
    for seat, lang in ((0, "de"), (1, "hu")):
        page = pages[seat]
        assert page.evaluate("document.documentElement.lang") == lang
        page.wait_for_function("() => window.cardtable.message && window.cardtable.message.log_size >= 1")
        _labels, log = labels_in(server, table, tokens[seat], lang)
        expect(page.locator("#log")).to_contain_text(log[-1])
        texts[seat] = log[-1]
        # the same game: the same view data on both pages
        assert page.evaluate("window.cardtable.message.view") == server.table(table, tokens[seat])["view"]
    assert texts[0] != texts[1], texts
