"""GET /api/games/{game}/view-schema (what a seat's ``view`` holds, as JSON Schema), and the check of every view the
server sends against its game's view model (``CARDTABLE_CHECK_VIEWS``, which the tests set)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from cardtable.engine import game_names
from cardtable.engine.view_model import CHECK_VIEWS, check_view, view_schema


@pytest.mark.parametrize("game", ["mojo", "maoqy", "mitosz", "muhq"])
def test_the_view_schema_is_served_as_the_cli_prints_it(server, game):
    from typer.testing import CliRunner

    from cardtable.cli.app import app

    r = server.client.get(f"/api/games/{game}/view-schema")
    assert r.status_code == 200, r.text
    printed = json.loads(CliRunner().invoke(app, ["schema", game, "--views"]).output)["view"]
    assert r.json() == printed
    assert r.json()["type"] == "object" and r.json()["additionalProperties"] is False


def test_an_unknown_game_or_a_game_without_a_view_model_is_a_404(server):
    r = server.client.get("/api/games/chess/view-schema")
    assert r.status_code == 404 and "chess" in r.text
    unmodelled = [g for g in game_names() if view_schema(g) is None]
    for game in unmodelled:
        r = server.client.get(f"/api/games/{game}/view-schema")
        assert r.status_code == 404 and "no view model" in r.json()["error"], r.text


def test_the_tests_check_every_view_the_server_sends():
    import os

    assert os.environ.get(CHECK_VIEWS) == "1"


def test_a_view_that_does_not_fit_its_schema_is_refused_before_it_is_sent(server, monkeypatch):
    table = server.create(players=2, seats=["human", "human"], seed=1, options={"discard_piles": 1})
    token = server.join(table, 0)
    assert server.state(table, token)["view"]  # fits
    from cardtable.games.mojo.state import MojoState

    made = MojoState.view
    monkeypatch.setattr(MojoState, "view", lambda self, seat=None: {**made(self, seat), "secret_of_the_state": 1})
    other = server.create(players=2, seats=["human", "human"], seed=2, options={"discard_piles": 1})
    r = server.client.get(f"/api/tables/{other}", headers={"X-Seat-Token": server.join(other, 0)})
    assert r.status_code == 500 and "secret_of_the_state" not in r.text  # under the tests: a failure, not a leak


def test_check_view_refuses_a_wrong_type_and_passes_a_game_without_a_model():
    with pytest.raises(ValidationError):
        check_view("mojo", b'{"seats": "not a list"}')
    for game in game_names():
        if view_schema(game) is None:
            check_view(game, b'{"anything": 1}')
