"""Resolving the stack: cards entering the board (MIT-6.3.6) and the effect interpreter (spec 6.4).

A maneuver's effect is a queue of primitive calls kept on its stack item, so that a call that needs a
player's choice (a discard, a searched card) can stop the resolution with a prompt and the next
action carries on from there.

The rules are in its modules, one job each: ``stack`` (resolving
one stack item), ``conditions`` (a maneuver's conditions), ``triggers`` (spec 6.6), ``lasting`` (effects with a
duration), ``targets`` (references and selectors), ``interpreter`` (the dispatch and branching), ``zones``,
``board``, ``attach`` and ``play`` (the primitives); ``common`` holds what they share. (This package imports nothing: importing one of its modules costs no other;
``all_primitives`` imports every module that registers primitives.)
"""
