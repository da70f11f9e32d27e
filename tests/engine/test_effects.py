"""The engine's effect primitives and their one resolution loop (engine/effects.py), on a vocabulary of its own:
registration, the check against a data schema, dispatch in order, suspend and resume, text and flags."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine.effects import GO_ON, SUSPEND, Primitive, UnknownPrimitive, Vocabulary


class Board:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.answer: int | None = None


class Add:  # parameter models (any class will do for the engine)
    pass


class Ask:
    pass


def _vocabulary(missing: Any = None) -> Vocabulary[Board, list[str]]:
    vocabulary: Vocabulary[Board, list[str]] = Vocabulary("test", parts=lambda call: (call[0], call[1]),
                                                          missing=missing)

    @vocabulary.register
    class Say(Primitive[Board, str, list[str]]):
        name = "say"
        params = Add
        template = "say {0}"

        def resolve(self, state: Board, p: str, ctx: list[str]) -> bool:
            state.log.append(p)
            return GO_ON

    @vocabulary.register
    class Choose(Primitive[Board, tuple[str, str], list[str]]):
        name = "choose"
        params = Ask
        flags = frozenset({"asks"})

        def resolve(self, state: Board, p: tuple[str, str], ctx: list[str]) -> bool:
            if state.answer is None:
                ctx.append("asked")
                return SUSPEND
            state.log.append(p[state.answer])
            state.answer = None
            return GO_ON

    return vocabulary


def test_calls_resolve_in_order_and_a_suspension_keeps_the_rest_for_the_resume():
    vocabulary, board, asked = _vocabulary(), Board(), []
    queue = [("say", "a"), ("choose", ("x", "y")), ("say", "b")]
    assert vocabulary.run(board, queue, asked) is SUSPEND
    assert board.log == ["a"] and asked == ["asked"] and queue == [("say", "b")]
    # the primitive that asked puts itself back where the answer finds it, as a game does
    board.answer = 1
    queue.insert(0, ("choose", ("x", "y")))
    assert vocabulary.run(board, queue, asked) is GO_ON
    assert board.log == ["a", "y", "b"] and queue == []


def test_a_primitive_is_registered_once_with_a_parameter_model():
    vocabulary = _vocabulary()

    class Again(Primitive[Board, Any, Any]):
        name = "say"
        params = Add

    with pytest.raises(TypeError, match="twice"):
        vocabulary.register(Again)

    class NoModel(Primitive[Board, Any, Any]):
        name = "shout"

    with pytest.raises(TypeError, match="no parameter model"):
        vocabulary.register(NoModel)

    class Nameless(Primitive[Board, Any, Any]):
        params = Add

    with pytest.raises(TypeError, match="no primitive name"):
        vocabulary.register(Nameless)
    assert vocabulary.names() == ("say", "choose") and len(vocabulary) == 2


def test_the_check_names_what_the_vocabulary_and_the_schema_disagree_on():
    vocabulary = _vocabulary()
    vocabulary.check({"say": Add, "choose": Ask})
    with pytest.raises(TypeError) as e:
        vocabulary.check({"say": Ask, "wait": Add})
    assert "['wait']" in str(e.value) and "['choose']" in str(e.value) and "['say']" in str(e.value)


def test_an_unknown_primitive_is_an_error_unless_the_game_says_what_it_does():
    with pytest.raises(UnknownPrimitive, match="shout"):
        _vocabulary().run(Board(), [("shout", "!")], [])
    with pytest.raises(UnknownPrimitive):
        _vocabulary()["shout"]
    noted: list[str] = []
    vocabulary = _vocabulary(missing=lambda state, name, ctx: noted.append(name))
    board = Board()
    assert vocabulary.run(board, [("shout", "!"), ("say", "a")], []) is GO_ON
    assert noted == ["shout"] and board.log == ["a"]
    assert vocabulary.run_one(board, ("shout", "?"), []) is GO_ON and noted == ["shout", "shout"]


def test_text_fills_the_template_or_names_the_primitive_and_flags_are_listed():
    vocabulary = _vocabulary()
    assert vocabulary.text(("say", "hi"), lambda template, p: template.format(p)) == "say hi"
    assert vocabulary.text(("choose", ("x", "y")), lambda template, p: "never") == "choose"
    assert vocabulary.flagged("asks") == ("choose",) and vocabulary["choose"].has("asks")
    assert "say" in vocabulary and "shout" not in vocabulary
    assert [repr(p) for p in vocabulary] == ["<primitive say>", "<primitive choose>"]
