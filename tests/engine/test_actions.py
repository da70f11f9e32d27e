import pytest

from cardtable.engine import Action, ActionCodec, IllegalAction, action


@action("move")
class Move(Action):
    to: int
    path: tuple[int, ...] = ()
    note: str | None = None


@action("pass")
class Pass(Action):
    pass


CODEC = ActionCodec(Move, Pass)


def test_json_round_trip_is_stable():
    a = Move(3, (1, 2))
    assert a.to_json() == {"type": "move", "to": 3, "path": [1, 2]}
    assert CODEC.parse(a.to_json()) == a
    assert hash(CODEC.parse(a.to_json())) == hash(a)
    assert CODEC.parse({"type": "pass"}) == Pass()


def test_actions_are_immutable():
    a = Move(3)
    with pytest.raises(AttributeError):
        a.to = 4


@pytest.mark.parametrize(
    "data, rule, words",
    [
        ({"type": "jump"}, "ACTION-1", "unknown action type 'jump'"),
        ({"to": 1}, "ACTION-1", "unknown action type None"),
        ([1, 2], "ACTION-2", "JSON object"),
        ({"type": "move"}, "ACTION-2", "needs the field 'to'"),
        ({"type": "move", "to": "3"}, "ACTION-2", "must be an integer"),
        ({"type": "move", "to": True}, "ACTION-2", "must be an integer"),
        ({"type": "move", "to": 1, "path": [1, "x"]}, "ACTION-2", "list of an integer"),
        ({"type": "move", "to": 1, "speed": 2}, "ACTION-2", "no field 'speed'"),
    ],
)
def test_malformed_actions_are_rejected_with_engine_rules(data, rule, words):
    with pytest.raises(IllegalAction) as exc:
        CODEC.parse(data)
    assert exc.value.rule == rule
    assert words in exc.value.message
