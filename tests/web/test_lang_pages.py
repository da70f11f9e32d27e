"""The pages in German and Hungarian (issue 35): the lobby and a table read in the language of the
``cardtable_lang`` cookie, else of the browser (``Accept-Language`` from its locale); the header's switch changes
it and the choice survives a reload; from the keyboard the switch waits for Enter instead of loading the page at
every arrow press; and no text runs out of its box at phone size, where German compounds and Hungarian are long.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE
from .helpers import LIST_LEGAL

# Texts that only the catalog's translation gives (the lobby's own words, the table shell's, a script's)
LOBBY = {
    "de": {"title": "Neuer Tisch", "create": "Tisch anlegen und Platz nehmen", "label": "Punkte, die das Spiel beenden",
           "switch": "Sprache", "lang": "de", "page": "cardtable — Lobby"},
    "hu": {"title": "Új asztal", "create": "Asztal létrehozása és leülés", "label": "A játszmát lezáró pontszám",
           "switch": "Nyelv", "lang": "hu", "page": "cardtable — lobbi"},
}
TABLE = {"de": {"moves": "Züge", "log": "Spielprotokoll", "who": "Platz 0", "turn": "Du bist dran"},
         "hu": {"moves": "Lépések", "log": "Játéknapló", "who": "hely 0", "turn": "Te jössz"}}

# Every element with text whose content is wider than its box (scrollWidth > clientWidth), beyond a pixel or
# two of rounding; a box that scrolls or clips on purpose (overflow other than visible) is not counted, nor
# anything hidden. Also the page itself: no sideways scrolling.
OVERFLOW_JS = """(tolerance) => {
  const out = [];
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + tolerance) out.push(`the page: ${page.scrollWidth} > ${page.clientWidth}`);
  for (const el of document.body.querySelectorAll("*")) {
    if (["SCRIPT", "STYLE", "OPTION", "SELECT", "INPUT", "TEXTAREA", "svg"].includes(el.tagName)) continue;
    if (el.closest("[hidden], .visually-hidden, svg")) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.display === "contents" || style.visibility === "hidden") continue;
    if (style.display.startsWith("inline") && !style.display.includes("block") && !style.display.includes("flex")
        && !style.display.includes("grid")) continue;  // an inline box has no width of its own: its block has
    if (!el.clientWidth || !el.textContent.trim()) continue;
    if (style.overflowX !== "visible") continue;  // a box that scrolls or clips (ellipsis) on purpose
    if (el.scrollWidth > el.clientWidth + tolerance) {
      const name = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") + (el.className && typeof el.className === "string"
        ? `.${el.className.trim().split(/\\s+/).join(".")}` : "");
      out.push(`${name}: ${el.scrollWidth} > ${el.clientWidth}: ${el.textContent.trim().slice(0, 60)}`);
    }
  }
  return out;
}"""
TOLERANCE = 2


def overflowing(page: Page) -> list[str]:
    return page.evaluate(OVERFLOW_JS, TOLERANCE)


def in_language(new_context, server, lang: str, viewport=None, locale: str | None = None):
    """A fresh browser (its own cookies) that reads cardtable in ``lang`` through the switch's cookie."""
    context = new_context(viewport) if viewport else new_context()
    if lang:
        context.add_cookies([{"name": "cardtable_lang", "value": lang, "url": server.url}])
    return context


def open_lobby(page: Page, game: str = "mojo") -> None:
    page.goto(f"/?game={game}")
    page.locator("#option-list .option").first.wait_for(state="attached")


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_lobby_in_the_cookies_language(new_context, server, lang):
    words = LOBBY[lang]
    page = in_language(new_context, server, lang).new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_lobby(page)
    expect(page.locator("html")).to_have_attribute("lang", words["lang"])
    expect(page.locator("#create-title")).to_have_text(words["title"])  # the template's words
    expect(page.locator("#create")).to_have_text(words["create"])
    expect(page.locator('[data-option="target_score"] .option-name')).to_have_text(words["label"])  # a script's
    expect(page.get_by_label(words["switch"])).to_have_value(lang)  # the switch is labelled, and shows the language
    expect(page).to_have_title(words["page"])
    assert not errors, errors


def test_browser_locale_gives_german_without_a_cookie(browser, server):
    context = browser.new_context(locale="de-DE", base_url=server.url)
    try:
        page = context.new_page()
        open_lobby(page)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("#create")).to_have_text(LOBBY["de"]["create"])
        expect(page.locator("#lang-switch")).to_have_value("de")
    finally:
        context.close()


def test_english_stays_the_default(page, server):
    open_lobby(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#create")).to_have_text("Create table and sit down")
    expect(page.get_by_label("Language")).to_have_value("en")


def test_the_switch_changes_the_language_and_keeps_it_across_a_reload(page, server):
    open_lobby(page)
    with page.expect_navigation():
        page.get_by_label("Language").select_option("hu")
    page.locator("#option-list .option").first.wait_for(state="attached")
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.locator("#create")).to_have_text(LOBBY["hu"]["create"])
    page.reload()
    page.locator("#option-list .option").first.wait_for(state="attached")
    expect(page.locator("#create")).to_have_text(LOBBY["hu"]["create"])
    # and back again, now with the switch's Hungarian name
    with page.expect_navigation():
        page.get_by_label("Nyelv").select_option("en")
    expect(page.locator("#create")).to_have_text("Create table and sit down")


def test_the_switch_from_the_keyboard_waits_for_enter(page, server):
    open_lobby(page)
    switch = page.get_by_label("Language")
    switch.focus()
    expect(switch).to_be_focused()  # reachable by keyboard
    page.keyboard.press("ArrowDown")  # English -> Deutsch: not yet (Magyar is one more press away)
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(300)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(switch).to_have_value("hu")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", "hu")


def test_a_table_in_german_and_the_switch_on_it(new_context, server):
    table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0})["table"]["id"]
    page = in_language(new_context, server, "de").new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator("#who")).to_have_text(TABLE["de"]["who"])
    expect(page.locator(LIST_LEGAL).first).to_be_attached()
    expect(page.locator("#moves-title")).to_have_text(TABLE["de"]["moves"])
    expect(page.locator("#log-title")).to_have_text(TABLE["de"]["log"])
    expect(page.locator("#turn")).to_contain_text(TABLE["de"]["turn"])
    expect(page.locator("#conn")).to_have_text("verbunden")
    with page.expect_navigation():
        page.locator("#lang-switch").select_option("hu")
    expect(page.locator("#who")).to_have_text(TABLE["hu"]["who"])
    expect(page.locator("#log-title")).to_have_text(TABLE["hu"]["log"])
    expect(page.locator("#turn")).to_contain_text(TABLE["hu"]["turn"])
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_text_overflows_the_lobby_on_a_phone(new_context, server, lang):
    server.create(players=2, seats=["human", "heuristic"], options={"target_score": 30})  # a table in the list
    server.create(players=3, seats=["human", "human", "heuristic"])  # ... with free seats to join
    page = in_language(new_context, server, lang, PHONE).new_page()
    for game in ("mojo", "maoqy", "mitosz", "muhq"):
        open_lobby(page, game)
        page.locator("#tables .table-item").first.wait_for()
        page.locator("#options > summary").click()
        page.locator("#settings > summary").click()
        page.locator("#clock-on").check()
        page.locator('#option-list input[type="number"]').first.fill("-99999")  # an error message, in words
        page.locator("#create").click()  # ... and the form's summary of what to fix
        expect(page.locator("#create-error")).not_to_be_empty()
        assert overflowing(page) == [], (lang, game)


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_text_overflows_a_mojo_table_on_a_phone(new_context, server, lang):
    table = server.create(players=3, seats=["human", "human", "heuristic"], seed=5,
                          options={"first_player": 0}, clock={"per_move": 60, "bank": 300})["table"]["id"]
    page = in_language(new_context, server, lang, PHONE).new_page()
    page.goto(f"/table/{table}?seat=0")
    expect(page.locator(LIST_LEGAL).first).to_be_attached()
    expect(page.locator("#invite")).to_be_visible()  # the free seat's invitation, with its copy field
    page.wait_for_timeout(300)
    assert overflowing(page) == [], lang
    page.locator("#list-toggle").click()  # the phone's bar opens its list of moves
    assert overflowing(page) == [], lang


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_no_text_overflows_a_finished_mojo_table_on_a_phone(new_context, server, lang):
    table = server.create(players=2, seats=["heuristic", "heuristic"], seed=3, options={"target_score": 1})["table"]["id"]
    page = in_language(new_context, server, lang, PHONE).new_page()
    page.goto(f"/table/{table}")
    page.wait_for_function("() => window.cardtable && window.cardtable.message && window.cardtable.message.returns",
                           timeout=60_000)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#replay")).to_be_visible()
    page.wait_for_timeout(300)
    assert overflowing(page) == [], lang


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_axe_finds_nothing_serious_in_german_and_hungarian(new_context, server, lang):
    pytest.importorskip("axe_playwright_python.sync_playwright", reason="needs axe-playwright-python")
    from .test_axe import serious_violations

    server.create(players=2, seats=["human", "heuristic"])  # the table list has a table to show
    for viewport in (None, PHONE):
        table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0})["table"]["id"]
        page = in_language(new_context, server, lang, viewport).new_page()
        open_lobby(page)
        page.locator("#tables .table-item").first.wait_for()
        page.locator("#options > summary").click()
        page.locator("#settings > summary").click()
        assert serious_violations(page) == [], (lang, "lobby")
        page.goto(f"/table/{table}?seat=0")
        expect(page.locator(LIST_LEGAL).first).to_be_attached()
        page.wait_for_timeout(300)
        assert serious_violations(page) == [], (lang, "table")


HELP = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "web" / "help"


def first_heading(path: Path) -> str:
    return re.search(r"<h3[^>]*>(.*?)</h3>", path.read_text(encoding="utf-8"), re.S).group(1).strip()


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_how_to_play_in_the_readers_language_and_english_while_it_is_missing(new_context, server, lang):
    own = HELP / f"mojo.{lang}.html"
    if not own.exists():
        pytest.skip(f"{own.name} is not written yet")
    table = server.create(players=2, seats=["heuristic", "heuristic"], seed=1)["table"]["id"]
    page = in_language(new_context, server, lang).new_page()
    page.goto(f"/table/{table}")
    howto = page.locator("#howto")
    expect(howto).to_be_visible()
    howto.locator("summary").click()
    expect(howto.locator(".howto-body h3").first).to_have_text(first_heading(own))
    # a language whose page is missing (a 404) reads the English one
    other = in_language(new_context, server, lang).new_page()
    other.route(f"**/static/help/mojo.{lang}.html", lambda route: route.fulfill(status=404, body="not found"))
    other.goto(f"/table/{table}")
    other.locator("#howto summary").click()
    expect(other.locator("#howto .howto-body h3").first).to_have_text(first_heading(HELP / "mojo.html"))
