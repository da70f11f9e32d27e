"""The workbench in the browser (``cardtable studio``): edit a card, see the loader's reason at the field, fix it,
save a version, run a 50-game what-if and read its result page; on a phone too, and in every language.

With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/ (studio-desktop.png, studio-phone.png,
studio-phone-de.png, studio-phone-hu.png, shown in docs/balance.md); otherwise to a temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import LAPTOP, PHONE, _free_port

DOCS_IMG = Path(__file__).resolve().parents[2] / "docs" / "img"


def shot_path(tmp_path: Path, name: str) -> Path:
    return (DOCS_IMG if os.environ.get("CARDTABLE_SCREENSHOTS") else tmp_path) / name


@pytest.fixture(scope="module")
def studio_url(tmp_path_factory):
    port = _free_port()
    folder = tmp_path_factory.mktemp("studio")
    log = (folder / "server.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", "studio", "--workspace", str(folder / "ws"),
                             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT, cwd=str(folder))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            pytest.fail(f"the workbench exited with {proc.returncode}:\n{(folder / 'server.log').read_text()}")
        try:
            with urllib.request.urlopen(url + "/api/studio", timeout=1):
                break
        except (urllib.error.URLError, ConnectionError, OSError):
            if time.monotonic() > deadline:
                proc.kill()
                pytest.fail("the workbench did not answer within 30 s")
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)
    log.close()


def open_page(browser, url, viewport=LAPTOP, lang="en"):
    context = browser.new_context(viewport=viewport, base_url=url, locale=lang, reduced_motion="reduce")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def choose_cityfolk(page):
    page.goto("/studio?game=mitosz")
    page.get_by_role("button", name="smp.yaml").click()
    page.wait_for_selector("#entry-form label")
    # (the card's name is in the reader's language: found by its id)
    value = page.eval_on_selector("#entry-choice", "s => [...s.options].find(o => o.text.startsWith('SMP-031 ·')).value")
    page.select_option("#entry-choice", value=value)
    page.wait_for_selector("input[data-path='power_points']")


def set_points(page, value: str):
    field = page.locator("input[data-path='power_points']")
    field.fill(value)
    field.dispatch_event("change")


def test_edit_a_card_see_the_error_fix_it_save_and_read_a_what_if(browser, studio_url, tmp_path):
    context, page, errors = open_page(browser, studio_url)
    choose_cityfolk(page)
    set_points(page, "-1")
    error = page.locator(".bad .field-error")
    error.wait_for()
    assert "greater than or equal to 0" in error.inner_text()
    assert page.locator("input[data-path='power_points']").get_attribute("aria-invalid") == "true"
    assert page.locator("#save").is_disabled()
    assert "not saved" in page.locator("#check-result").inner_text()

    set_points(page, "6")
    page.locator("#check-result .ok").wait_for()
    page.locator(".field-error").wait_for(state="detached")
    assert page.locator("#save").is_enabled()
    page.fill("#save-message", "Cityfolk worth 6")
    page.click("#save")
    page.locator("#version-list li").first.wait_for()
    assert "Cityfolk worth 6" in page.locator("#version-list").inner_text()
    assert page.get_by_role("button", name="smp.yaml").inner_text().endswith("yours")
    assert page.locator("#side-a").input_value() == "packaged" and page.locator("#side-b").input_value() == "v1"

    page.fill("#whatif-games", "50")
    page.click("#whatif-run")
    page.locator(".whatif-result table").wait_for(timeout=180_000)
    status = page.locator("#whatif-status").inner_text()
    assert status.startswith("done: 50 paired games")
    rows = page.locator(".whatif-result tbody tr")
    assert rows.count() == 5 and "seat 0 wins" in rows.first.inner_text()
    page.screenshot(path=str(shot_path(tmp_path, "studio-desktop.png")))
    with context.expect_page() as opened:
        page.get_by_role("link", name="Open the full result (plots, both reports)").click()
    result = opened.value
    result.wait_for_load_state()
    assert result.title() == "What-if: A against B, paired"
    text = result.locator("body").inner_text()
    assert "Paired differences (B − A)" in text and "A: packaged. B: v1." in text
    assert result.locator("img").count() >= 1
    assert not errors
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "hu"])
def test_the_workbench_on_a_phone_in_every_language(browser, studio_url, lang, tmp_path):
    context, page, errors = open_page(browser, studio_url, viewport=PHONE, lang=lang)
    choose_cityfolk(page)
    assert page.locator("html").get_attribute("lang") == lang
    cityfolk = {"en": "Gilded Cityfolk", "de": "Vergoldetes Stadtvolk", "hu": "Aranyló városnép"}[lang]
    assert page.locator("#entry-choice option:checked").inner_text() == f"SMP-031 · {cityfolk}"
    words = [page.locator(selector).inner_text() for selector in ("h1", "#files-title", "#whatif-run", "#save")]
    english = ["Workbench", "Data files", "Run", "Save a version"]
    if lang == "en":
        assert words == english
    else:  # every word of the page is in the reader's language
        assert all(w and w != e for w, e in zip(words, english)), words
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shot_path(tmp_path, "studio-phone.png" if lang == "en" else f"studio-phone-{lang}.png")))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a {PHONE['width']}px phone"
    box = page.locator("input[data-path='power_points']").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert not errors
    context.close()


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_the_workbench_has_no_serious_accessibility_violation(browser, studio_url, viewport):
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from .test_axe import serious_violations

    context, page, errors = open_page(browser, studio_url, viewport=LAPTOP if viewport == "desktop" else PHONE)
    choose_cityfolk(page)
    set_points(page, "-1")  # a field marked invalid, with its reason
    page.locator(".bad .field-error").wait_for()
    assert serious_violations(page) == []
    context.close()


def test_a_deck_shows_its_statistics_and_another_sample_hand(browser, studio_url, tmp_path):
    context, page, errors = open_page(browser, studio_url)
    page.goto("/studio?game=mitosz")
    page.get_by_role("button", name="deck-dawn-court.yaml").click()
    stats = page.locator("#deck-stats")
    stats.wait_for()
    assert "Dawn Court: 60 cards and the high god Solvane, Dawn Sovereign" in page.locator("#stats-summary").inner_text()
    assert page.locator("#stats-types li").count() == 8 and page.locator("#stats-hand li").count() == 7
    first = page.locator("#stats-odds tbody tr").first.inner_text()
    assert "40.0%" in first and "74.7%" in first  # 4 copies of 60: 39.95 % by turn 1, 74.7 % by turn 6
    hand = page.locator("#stats-hand").inner_text()
    page.click("#stats-another")
    page.wait_for_function("(before) => document.getElementById('stats-hand').innerText !== before", arg=hand)
    stats.scroll_into_view_if_needed()
    page.screenshot(path=str(shot_path(tmp_path, "studio-deck.png")))
    page.goto("/studio?game=mitosz")
    page.get_by_role("button", name="smp.yaml").click()
    page.wait_for_selector("#entry-form label")
    assert page.locator("#deck-stats").is_hidden()  # a set has none
    assert not errors
    context.close()
