import pytest

from cardtable.engine import Option, OptionError
from cardtable.engine.options import parse_option_value, resolve_options

DECLARED = (
    Option("size", 8, "", "R-1", integer=True, minimum=1, maximum=10),
    Option("mode", "a", "", "R-2", choices=("a", "b")),
    Option("limit", "auto", "", "R-3", choices=("auto",), integer=True, minimum=0),
    Option("flag", True, "", "R-4", boolean=True),
    Option("piles", 1, "", "R-5", choices=(1, 2)),
)


def test_defaults_and_given_values():
    assert resolve_options(DECLARED, None) == {"size": 8, "mode": "a", "limit": "auto", "flag": True, "piles": 1}
    assert resolve_options(DECLARED, {"size": 10, "limit": 0, "flag": False})["limit"] == 0


@pytest.mark.parametrize(
    "given, words",
    [
        ({"colour": 1}, "unknown option colour"),
        ({"size": 11}, "size=11 is not allowed (R-1); use an integer from 1 to 10"),
        ({"size": True}, "size=True"),
        ({"mode": "c"}, "use 'a' or 'b'"),
        ({"limit": -1}, "'auto' or an integer ≥ 0"),
        ({"flag": 1}, "true or false"),
        ({"piles": 2.0}, "piles=2.0 is not allowed (R-5); use 1 or 2"),  # 2.0 == 2, but a game counts piles
        ({"piles": True}, "piles=True"),  # True == 1
        ({"size": 8.0}, "size=8.0"),
    ],
)
def test_bad_options_name_the_option_and_what_is_allowed(given, words):
    with pytest.raises(OptionError) as exc:
        resolve_options(DECLARED, given)
    assert words in str(exc.value)


def test_command_line_values_parse_as_json_where_they_can():
    assert parse_option_value("2") == 2
    assert parse_option_value("false") is False
    assert parse_option_value("must") == "must"


def test_every_integer_option_of_every_game_is_bounded():
    # An unbounded integer reached the server as 2**64 and broke the table's JSON (a 500); every game declares
    # both bounds, so a value a player may choose always fits 64 bits.
    from cardtable.engine.registry import game_names, load

    checked = 0
    for name in game_names():
        for option in type(load(name)).declared_options:
            if option.integer:
                assert option.minimum is not None and option.maximum is not None, (name, option.name)
                assert -2**63 <= option.minimum <= option.maximum < 2**63, (name, option.name)
                checked += 1
    assert checked >= 10
