"""The lobby's options: plain labels and a line of help each, presets (standard, short, long) that say what they
change, inline validation that names the field, real choices for known names (Mítosz decks, muhq sets) and
the move clock setting."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import PHONE


def open_lobby(page: Page, game: str) -> None:
    page.goto(f"/?game={game}")  # (the lobby opens on the game named in its address)
    page.locator("#option-list .option").first.wait_for(state="attached")
    page.locator("#options > summary").click()


def create(page: Page) -> str:
    page.get_by_role("button", name="Create table and sit down").click()
    page.wait_for_url("**/table/*")
    return page.url.split("/table/")[1].split("?")[0]


@pytest.mark.parametrize("game", ["mojo", "maoqy", "mitosz", "muhq"])
def test_every_option_has_a_plain_label_and_help(page, server, game):
    open_lobby(page, game)
    options = page.locator("#option-list .option")
    assert options.count() > 3
    for i in range(options.count()):
        option = options.nth(i)
        name = option.get_attribute("data-option")
        label = option.locator(".option-name").inner_text()
        assert "_" not in label and label.strip(), (name, label)
        assert label[0].isupper(), (name, label)
        assert option.locator(".hint").inner_text().strip(), name
        # the label names its control for assistive technology
        control = option.locator("input, select").first
        assert control.evaluate("e => e.labels.length > 0 || e.hasAttribute('aria-label') "
                                "|| !!e.closest('[aria-labelledby]')"), name


CRYPTIC = {
    "mojo": {"equal_value_replay": "After playing an equal card, the player…", "mojo_card_to": "Who takes the Mojo card",
             "target_score": "Points that end the game"},
    "maoqy": {"street_min": "Cards needed to open a street", "claimed_cards": "A card of a kingdom in another player's street is held"},
    "mitosz": {"pp_counts_for": "A card's power points count for", "deckout_mode": "The deck-out ending needs",
               "win_target": "Power points needed to win"},
    "muhq": {"draft_stop": "No new draft round once a player holds (cards)", "lethal_rule": "A unit is defeated when its damage is"},
}


@pytest.mark.parametrize("game", sorted(CRYPTIC))
def test_cryptic_option_names_have_labels(page, server, game):
    open_lobby(page, game)
    for name, label in CRYPTIC[game].items():
        expect(page.locator(f'[data-option="{name}"] .option-name')).to_have_text(label)


def test_cryptic_names_read_as_sentences_and_send_the_raw_value(page, server):
    open_lobby(page, "mitosz")
    field = page.locator('[data-option="pp_counts_for"]')
    expect(field.locator(".option-name")).to_have_text("A card's power points count for")
    select = page.get_by_label("A card's power points count for")
    expect(select.locator("option")).to_have_text(["the player who controls it", "the player who owns it"])
    select.select_option(label="the player who owns it")
    table_id = create(page)
    assert server.table(table_id)["table"]["options"]["pp_counts_for"] == "owner"


def test_mitosz_decks_are_a_select_and_muhq_sets_checkboxes(page, server):
    open_lobby(page, "mitosz")
    deck = page.get_by_label("Deck of the first seat")
    assert deck.evaluate("e => e.tagName") == "SELECT"
    expect(deck.locator("option")).to_have_text(["dawn-court", "frost-clans"])
    expect(deck).to_have_value("dawn-court")

    open_lobby(page, "muhq")
    assert page.get_by_label("Board", exact=True).evaluate("e => e.tagName") == "SELECT"
    sets = page.get_by_role("group", name="Card sets in the draft pool")
    expect(sets.get_by_role("checkbox")).to_have_count(3)
    expect(sets.get_by_label("vanguard")).to_be_checked()
    expect(sets.get_by_label("tide")).to_be_checked()
    expect(sets.get_by_label("core")).not_to_be_checked()
    sets.get_by_label("tide").uncheck()
    sets.get_by_label("core").check()
    table_id = create(page)
    assert server.table(table_id)["table"]["options"]["sets"] in ("vanguard,core", "core,vanguard")


def test_presets_set_options_and_say_what_they_change(page, server):
    open_lobby(page, "mojo")
    presets = page.get_by_role("group", name="Length")
    expect(presets.get_by_role("radio", name=re.compile("^Standard"))).to_be_checked()
    expect(presets).to_contain_text("first to 25 points")
    presets.get_by_text("Short", exact=True).click()
    expect(page.get_by_label("Points that end the game")).to_have_value("25")
    expect(page.locator("#options-changed")).to_have_text("(1 changed)")
    presets.get_by_text("Long", exact=True).click()
    expect(page.get_by_label("Points that end the game")).to_have_value("100")
    # a change by hand: no preset is chosen any more, and the lobby says what differs
    page.get_by_label("Points that end the game").fill("70")
    expect(presets.get_by_role("radio", name=re.compile("^Long"))).not_to_be_checked()
    expect(page.locator("#preset-custom")).to_contain_text("Points that end the game")
    presets.get_by_text("Standard", exact=True).click()
    expect(page.get_by_label("Points that end the game")).to_have_value("50")

    open_lobby(page, "maoqy")
    page.get_by_role("group", name="Length").get_by_text("Short", exact=True).click()
    kingdoms = page.get_by_role("group", name="Kingdoms in the deck")
    expect(kingdoms.locator("input:checked")).to_have_count(8)
    expect(page.get_by_label("Turn limit (all players together)")).to_have_value("500")
    players = page.get_by_label("Players", exact=True)
    players.fill("10")
    players.dispatch_event("change")  # 10 players need 10 kingdoms: the short preset's 8 are marked at once
    expect(page.locator('[data-option="kingdoms"] .field-error')).to_contain_text("10 players need at least 10")
    page.get_by_role("group", name="Length").get_by_text("Standard", exact=True).click()
    expect(page.locator('[data-option="kingdoms"] .field-error')).to_have_text("")

    open_lobby(page, "mitosz")
    page.get_by_role("group", name="Length").get_by_text("Long", exact=True).click()
    expect(page.get_by_label("Power points needed to win")).to_have_value("16")
    table_id = create(page)  # the long preset is a game the server accepts (its decks still qualify)
    options = server.table(table_id)["table"]["options"]
    assert options["win_target"] == 16 and options["deck_min_multiplier"] == 3


def test_inline_validation_marks_at_once_and_create_names_the_field(page, server):
    open_lobby(page, "mojo")
    score = page.get_by_label("Points that end the game")
    score.fill("0")
    error = page.locator('[data-option="target_score"] .field-error')
    expect(error).to_contain_text("too small")
    expect(score).to_have_attribute("aria-invalid", "")
    page.get_by_role("button", name="Create table and sit down").click()
    expect(page.locator("#create-error")).to_contain_text("Points that end the game")
    expect(score).to_be_focused()
    assert "/table/" not in page.url
    score.fill("30")
    expect(error).to_have_text("")
    expect(score).not_to_have_attribute("aria-invalid", "")


def test_move_clock_setting(page, server):
    open_lobby(page, "mojo")
    page.locator("#settings > summary").click()
    clock = page.get_by_label("Move clock")
    expect(clock).not_to_be_checked()  # off by default
    expect(page.get_by_label("Time per move")).to_be_hidden()
    clock.check()
    per_move = page.get_by_label("Time per move")
    per_move.fill("0")
    expect(page.locator("#clock-per-move-error")).to_contain_text("too small")
    page.get_by_role("button", name="Create table and sit down").click()
    expect(page.locator("#create-error")).to_contain_text("Time per move")
    per_move.fill("45")
    page.get_by_label("Time bank per player").fill("120")
    table_id = create(page)
    clock = server.table(table_id)["clock"]
    assert clock["per_move"] == 45 and set(clock["bank"]) == {120} and clock["policy"] == "bot"
    assert server.table(table_id)["table"]["clock"] == {"per_move": 45, "bank": 120, "on_expiry": "bot"}
    page.goto("/")  # the table list says the table has a clock
    expect(page.locator(f'[data-table="{table_id}"] .table-options')).to_contain_text("move clock: 45 s a move, 2 min bank")


def test_a_turn_based_clock_counts_in_days(page, server):
    open_lobby(page, "mojo")
    page.locator("#settings > summary").click()
    page.get_by_label("Move clock").check()
    page.get_by_label("Counted in").select_option("86400")
    page.get_by_label("Time per move").fill("15")  # more than the two weeks a move the server allows
    expect(page.locator("#clock-per-move-error")).to_contain_text("too large")
    page.get_by_label("Time per move").fill("2")
    page.get_by_label("Time bank per player").fill("3")
    table_id = create(page)
    assert server.table(table_id)["table"]["clock"] == {"per_move": 2 * 86400, "bank": 3 * 86400, "on_expiry": "bot"}
    page.goto("/")
    expect(page.locator(f'[data-table="{table_id}"] .table-options')).to_contain_text("move clock: 2 d a move, 3 d bank")


def test_phone_lobby_does_not_scroll_sideways(new_context, server):
    page = new_context(viewport=PHONE).new_page()
    for game in ("mojo", "maoqy", "mitosz", "muhq"):
        open_lobby(page, game)
        page.locator("#settings > summary").click()
        page.get_by_label("Move clock").check()
        page.get_by_label("Time per move").fill("99999")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), game
