import pytest

import cardtable
from cardtable.engine import UnknownGame, game_names


def test_mojo_is_registered_and_loads():
    assert "mojo" in game_names()
    game = cardtable.load("mojo", players=4, options={"discard_piles": 2})
    assert game.num_players == 4 and game.options["discard_piles"] == 2


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGame) as exc:
        cardtable.load("chess")
    assert "unknown game 'chess'" in str(exc.value) and "mojo" in str(exc.value)


@pytest.mark.parametrize("players", [1, 9, "3", 2.5])
def test_player_count_is_validated(players):
    with pytest.raises(cardtable.OptionError):
        cardtable.load("mojo", players=players)


def test_seed_must_be_a_non_negative_integer():
    game = cardtable.load("mojo")
    for bad in (-1, "7", 1.5):
        with pytest.raises(cardtable.OptionError):
            game.new_initial_state(seed=bad)
