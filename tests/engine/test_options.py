import pytest

from cardtable.engine import Option, OptionError
from cardtable.engine.options import parse_option_value, resolve_options

DECLARED = (
    Option("size", 8, "", "R-1", integer=True, minimum=1, maximum=10),
    Option("mode", "a", "", "R-2", choices=("a", "b")),
    Option("limit", "auto", "", "R-3", choices=("auto",), integer=True, minimum=0),
    Option("flag", True, "", "R-4", boolean=True),
)


def test_defaults_and_given_values():
    assert resolve_options(DECLARED, None) == {"size": 8, "mode": "a", "limit": "auto", "flag": True}
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
