"""A move clock whose expiry forfeits (issue 40, item 2): chosen in the lobby's table settings and said in the table
list; at the table the player who runs out of time loses, the end panel says why, in every language, and nothing
more can be played. With CARDTABLE_SCREENSHOTS=1 the pictures go to docs/img/gallery (forfeit-*.jpg)."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import PHONE

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "img" / "gallery"
WHY = {"en": "ran out of time and forfeited", "de": "hat die Zeit überschritten und damit verloren",
       "hu": "lejárt az idő, így feladta a játszmát"}


def shot(page: Page, tmp_path: Path, name: str) -> None:
    out = GALLERY if os.environ.get("CARDTABLE_SCREENSHOTS") == "1" else tmp_path
    page.screenshot(path=str(out / f"{name}.jpg"), type="jpeg", quality=60)


def test_the_lobby_offers_the_forfeit_policy_and_the_table_list_says_it(page, server, tmp_path):
    page.goto("/?game=mojo")
    page.locator("#option-list .option").first.wait_for(state="attached")
    page.locator("#settings > summary").click()
    page.get_by_label("Move clock").check()
    policy = page.get_by_label("When time runs out")
    expect(policy).to_have_value("bot")  # a bot plays the move unless the table says otherwise
    policy.select_option("forfeit")
    page.get_by_label("Time per move").fill("30")
    page.get_by_label("Time bank per player").fill("0")
    page.locator("#clock-fields").scroll_into_view_if_needed()
    shot(page, tmp_path, "forfeit-lobby-laptop")
    page.get_by_role("button", name="Create table and sit down").click()
    page.wait_for_url("**/table/*")
    table_id = page.url.split("/table/")[1].split("?")[0]
    assert server.table(table_id)["table"]["clock"] == {"per_move": 30, "bank": 0, "on_expiry": "forfeit"}
    expect(page.locator("#clock .hint")).to_contain_text("forfeits the game")
    page.goto("/")
    expect(page.locator(f'[data-table="{table_id}"] .table-options')).to_contain_text("out of time forfeits")


def test_a_player_out_of_time_forfeits_and_the_end_panel_says_why(new_context, server, tmp_path):
    for lang, viewport in (("en", None), ("de", PHONE), ("hu", None), ("en", PHONE)):
        table = server.create(players=2, seats=["human", "heuristic"], seed=5, options={"first_player": 0},
                              clock={"per_move": 1, "bank": 0, "on_expiry": "forfeit"})["table"]["id"]
        context = new_context(viewport) if viewport else new_context()
        context.add_cookies([{"name": "cardtable_lang", "value": lang, "url": server.url}])
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/table/{table}?seat=0")
        # we do nothing: after a second our time is up, and the game is over
        why = page.locator("#end-why")
        expect(why).to_contain_text(WHY[lang], timeout=20_000)
        expect(page.locator("#end .winner")).to_have_count(1)  # the bot's seat wins
        message = page.evaluate("window.cardtable.message")
        assert message["forfeit"] == 0 and message["legal"] == [] and message["table"]["status"] == "finished"
        assert not message["table"]["actions"]  # nobody moved for us
        shot(page, tmp_path, f"forfeit-end-{'phone' if viewport else 'laptop'}-{lang}")
        assert not errors, errors
