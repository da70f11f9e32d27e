"""The web table draws a game with the renderer its kit names (issue 36, item 5): the table's summary carries
``renderer``, the same in the HTTP message and in the cached summary the WebSocket sends, and a game whose kit
names none (MAOQY's oracle variant) gets None, which the browser answers with the generic renderer."""

from __future__ import annotations

import orjson
import pytest

from cardtable.engine.kit import kit_of
from cardtable.server.pages import WEB


@pytest.mark.parametrize("game", ["mojo", "maoqy", "mitosz", "muhq"])
def test_a_table_names_the_renderer_of_its_kit(server, game):
    table_id = server.create(game=game, players=2, seats=["human", "human"])
    renderer = kit_of(game).web
    assert renderer == f"games/{game}.js" and (WEB / renderer).is_file()
    assert server.state(table_id)["table"]["renderer"] == renderer
    assert orjson.loads(server.table(table_id).encoded_summary())["renderer"] == renderer


def test_a_game_without_a_web_renderer_names_none(server):
    table_id = server.create(game="maoqy-oracle", players=1, seats=["human"])
    assert kit_of("maoqy-oracle").web is None
    assert server.state(table_id)["table"]["renderer"] is None
    assert orjson.loads(server.table(table_id).encoded_summary())["renderer"] is None
