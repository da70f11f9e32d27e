"""Every game's view is a typed model (issue 36, item 2): the pydantic model its kit names describes, field for
field, what ``State.view(seat)`` returns for every seat and for a spectator, at every stage of random games;
extra fields are forbidden, so a field added to a view without its model fails here. Views go out as JSON, so
the JSON form is what is validated (strictly: no string for a number, no number for a flag)."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import BaseModel, ValidationError

from cardtable.engine import OptionError, game_names, load
from cardtable.engine.kit import kit_of
from cardtable.engine.view_model import ViewModel

MODELLED = [name for name in game_names() if kit_of(name).has("view_model")]
GAMES = 3  # random games per game and player count
EVERY = 7  # a view of every seat every EVERY actions, and at the end


def _players(name: str) -> list[int]:
    """The fewest players and up to four, where the game's default options allow them (muhq's boards are for two)."""
    info = load(name).info
    counts = []
    for players in sorted({info.min_players, min(info.max_players, 4)}):
        try:
            load(name, players=players)
        except OptionError:
            continue
        counts.append(players)
    return counts


def _views(name: str, players: int, seed: int):
    game = load(name, players=players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal() and step < 3000:
        if step % EVERY == 0:
            yield step, state
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    yield step, state


def test_the_four_games_have_view_models():
    assert {"mojo", "maoqy", "mitosz", "muhq"} <= set(MODELLED)


@pytest.mark.parametrize("name", MODELLED)
def test_every_view_of_random_games_fits_the_model(name):
    model: type[BaseModel] = kit_of(name).load("view_model")
    assert issubclass(model, ViewModel), "a view model derives from cardtable.engine.view_model.ViewModel"
    assert model.model_config.get("extra") == "forbid", "a view model forbids extra fields, so it stays complete"
    checked = 0
    for players in _players(name):
        for seed in range(GAMES):
            for step, state in _views(name, players, seed):
                for seat in [*range(players), None]:
                    text = json.dumps(state.view(seat))
                    try:
                        model.model_validate_json(text, strict=True)
                    except ValidationError as exc:
                        raise AssertionError(f"{name}, {players} players, seed {seed}, action {step}, seat {seat}: "
                                             f"{exc}") from None
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", MODELLED)
def test_a_view_with_a_field_the_model_does_not_know_is_refused(name):
    """The check above can fail: an unknown field, or a field of the wrong type, does not fit."""
    model: type[BaseModel] = kit_of(name).load("view_model")
    state = load(name, players=_players(name)[0]).new_initial_state(seed=0)
    view = json.loads(json.dumps(state.view(0)))
    model.model_validate(view, strict=True)
    with pytest.raises(ValidationError):
        model.model_validate({**view, "secret_of_the_state": 1}, strict=True)
    first = next(iter(view))
    with pytest.raises(ValidationError):
        model.model_validate({**view, first: object()}, strict=True)


@pytest.mark.parametrize("name", MODELLED)
def test_schema_views_prints_the_models_json_schema(name):
    from typer.testing import CliRunner

    from cardtable.cli.app import app

    result = CliRunner().invoke(app, ["schema", name, "--views"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.output)
    assert set(printed) == {"view"}
    assert printed["view"]["type"] == "object" and printed["view"]["additionalProperties"] is False
    assert printed["view"]["$schema"].startswith("https://json-schema.org/")
