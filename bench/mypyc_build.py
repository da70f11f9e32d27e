#!/usr/bin/env python3
"""Build (or remove) a mypyc-compiled cardtable in place: the .so files sit beside the .py (issue 37, item 2).

    cd src && python ../bench/mypyc_build.py build_ext --inplace      # compile the modules listed below
    python bench/mypyc_build.py --list                                # print the module files it would compile
    python bench/mypyc_build.py --clean                               # remove every compiled .so from src/

An experiment, not a build cardtable ships: measured against the pure build (docs/benchmarks.md, "A compiled
build, measured"), it gained too little to keep, so ``dev.py`` never builds it and CI does not test it. This script
repeats the measurement. Run it in a separate worktree (``git worktree add /tmp/compiled HEAD``): Python imports a
module's .so before its .py, so a compiled module shadows every later edit of its source until ``--clean``.

Which modules: every .py under the packages in PACKAGES, minus EXCLUDED (each with the reason it is left out).
CARDTABLE_MYPYC_ONLY / CARDTABLE_MYPYC_EXCLUDE (comma-separated path fragments) narrow it for experiments;
CARDTABLE_MYPYC_OPT (default 3) is the C optimisation level, CARDTABLE_MYPYC_MULTI=1 one C file per module (then
``build_ext -j 2`` compiles them in parallel).

The source changes it needed, behaviour-neutral and kept (e535528): ``ROW_INDEX`` (fights/fight.py) and ``SPHERE_INDEX`` (cards.py)
annotated, because in this build mypy checks the modules in another order and reads them as ``Any`` where it
narrows ``x in ROW_INDEX``; ``acts_info.Bad`` defined once (mypyc compiles ``if TYPE_CHECKING: … else: …`` so
that the ``else`` raises "Reached allegedly unreachable code!" at import); ``_host_problem`` given the card
itself rather than an ``_Off`` stand-in (it reads only ``.d``, and compiled code checks that the argument is an
``Inst``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGES = ["cardtable/games/mitosz", "cardtable/games/muhq", "cardtable/engine"]
EXCLUDED: dict[str, str] = {
    # Bases of classes that mypyc makes non-native (a decorator it does not know: @record, @action,
    # @VOCABULARY.register): "Non-extension classes may not inherit from extension classes".
    "cardtable/engine/game.py": "State: base of the @record states",
    "cardtable/engine/actions.py": "Action: base of the @action actions",
    "cardtable/engine/effects.py": "Primitive: base of the registered primitives; UnknownPrimitive(KeyError)",
    "cardtable/games/mitosz/effect_vocabulary.py": "MitoszPrimitive: base of the registered primitives",
    "cardtable/games/muhq/effect_vocabulary.py": "MuhqPrimitive: base of the registered steps",
    # "Inheriting from most builtin types is unimplemented"
    "cardtable/engine/errors.py": "UnknownGame/UnknownSchemas/UnknownAgent(CardtableError, KeyError)",
    "cardtable/games/mitosz/words.py": "Said(str)",
    "cardtable/games/muhq/words.py": "Text(str), CardName(Text)",
    "cardtable/games/muhq/objects.py": "Item(NamedTuple subclass)",
    # mypyc crashes (AssertionError in irbuild/context.py curr_env_reg, mypy 1.20.2): a nested function (a closure)
    # inside a method of a non-native class
    "cardtable/games/mitosz/effects/zones.py": "mypyc AssertionError: closure in Mill.resolve (non-native class)",
    "cardtable/games/mitosz/effects/board.py": "mypyc AssertionError: closure in a method of a non-native primitive",
    # other compile errors
    "cardtable/games/mitosz/fights/fight.py": "`Fight.__slots__`: Cannot access instance attribute \"__slots__\" through class object",
    "cardtable/engine/agent.py": "`cls.__dict__`: Cannot access instance attribute \"__dict__\" through class object",
    "cardtable/games/muhq/kit/heuristic.py": "class _Legal(Action) inside a function: Nested class definitions not supported",
    "cardtable/games/mitosz/kit/heuristic_battles.py": "`level: float = max(0, <int>)`: Incompatible value representations",
    "cardtable/games/mitosz/kit/heuristic_armies.py": "`level: float = max(0, <int>)`: Incompatible value representations",
    # gcc: 'CPyModule_pydantic___main' undeclared (mypyc's code for a class deriving from pydantic's BaseModel)
    "cardtable/engine/view_model.py": "pydantic models: C error CPyModule_pydantic___main undeclared",
    # at import: "TypeError: interpreted classes cannot inherit from compiled" (bases of the other games' classes)
    "cardtable/engine/options.py": "Option: base of MAOQY's options (maoqy/options.py, levels_data.py)",
    "cardtable/engine/encoding.py": "TableEncoder, SlotEncoder: bases of every game's kit encoder",
    "cardtable/engine/probe.py": "Probe: base of every game's kit probe",
    # at import: KeyError: 'Card' (a native dataclass's field annotated with a name imported under TYPE_CHECKING only)
    "cardtable/games/mitosz/data.py": "DeckList.high_god: \"Card\" (TYPE_CHECKING import): KeyError at import",
    "cardtable/games/mitosz/prompts/cards.py": "a dataclass field typed with Mode, imported under TYPE_CHECKING only",
    # at import: "TypeError: non-default argument 'options' follows default argument" (native frozen dataclasses
    # with ClassVar defaults: Numbered(Prompt) redeclares `numbered: ClassVar[bool] = True` after Prompt's fields);
    # the subclasses in questions.py and fights.py cannot be native once their base is interpreted
    "cardtable/games/mitosz/prompts/base.py": "Prompt/Numbered: ClassVar defaults of native dataclasses",
    "cardtable/games/mitosz/prompts/questions.py": "subclasses of prompts/base.py's Prompt/Numbered",
    "cardtable/games/mitosz/prompts/fights.py": "subclasses of prompts/base.py's Prompt/Numbered",
    # at import: "TypeError: MitoszState.layout_changed is written by hand, but its caches name it: record() makes it
    # from them": in a non-native class mypyc puts the annotation-only `layout_changed: ClassVar[Callable[...]]` into
    # the class namespace, so record() finds a method "written by hand"
    "cardtable/games/mitosz/state.py": "MitoszState: ClassVar[Callable] declarations land in the class dict",
    "cardtable/games/muhq/state.py": "MuhqState: the same (changed, touched, priority_changed)",
    # at run time: "RuntimeError: upcalls._push is not bound": assembly.py rebinds upcalls' functions as module
    # attributes, but compiled callers call the compiled stubs directly; left interpreted, the slots work
    "cardtable/games/mitosz/upcalls.py": "slots rebound at import by assembly.py (compiled calls bypass the rebinding)",
    # at run time: "snapshot() missing required argument 'self'": a compiled function is a builtin function, which does
    # not bind as a method, so a module's functions set on a class (`view = _view.view` in the class body) must stay
    # interpreted, and so must the classes that bind them (a native class keeps them as plain attributes)
    "cardtable/games/mitosz/view.py": "MitoszState.view/.snapshot = view's functions",
    "cardtable/games/muhq/view.py": "MuhqState.view = view.view",
    "cardtable/games/muhq/legal.py": "MuhqState.legal_actions = legal.legal_actions",
    "cardtable/games/muhq/declare.py": "MuhqState._apply = declare._apply",
    "cardtable/games/muhq/grid.py": "Grid binds grid_move's and grid_search's functions as methods",
    "cardtable/games/muhq/grid_move.py": "functions bound as Grid's methods",
    "cardtable/games/muhq/grid_search.py": "functions bound as Grid's methods",
    # at run time: "TypeError: __init__() missing required argument 'd'": `Stats.__new__(Stats)` on a native class
    # runs its constructor
    "cardtable/games/muhq/stats.py": "Stats.copy: Stats.__new__(Stats) on a native class",
    "cardtable/engine/rng.py": "Rng.copy: Rng.__new__(Rng) on a native class (the same pattern)",
    # at run time: "IllegalAction: ACTION-2: field 'host' of 'summon' must be <class 'type'>, not 20": in a non-native
    # class mypyc stores `__annotations__` as runtime types, `int | None` as `type`, so the action codec (which reads
    # them with typing.get_type_hints) refuses every JSON action with such a field
    "cardtable/games/mitosz/actions.py": "the @action classes' annotations (the JSON codec reads them)",
    "cardtable/games/muhq/actions.py": "the @action classes' annotations (the JSON codec reads them)",
    # at run time: "AttributeError: 'Inst' object attribute 'copy' is read-only": mypyc writes the annotation-only
    # `copy: ClassVar[Callable[...]]` into the non-native class's __annotations__ without its ClassVar, so
    # dataclasses (in record()) takes `copy` for a field and makes it a slot
    "cardtable/games/mitosz/core.py": "the @record classes Inst, Player, Eff, Item (ClassVar read as a field)",
    # at run time: "TypeError: __init__() missing required argument 'card'" in copy.deepcopy (and pickle) of a
    # snapshot: a native class is rebuilt through cls.__new__(cls), which runs its __init__
    "cardtable/games/mitosz/cards.py": "CardDef: native, so deepcopy/pickle of a snapshot that holds one fails",
    "cardtable/games/mitosz/acts_info.py": "MInfo (kept on a CardDef): the same, \"missing required argument 'm'\"",
    # at run time: "TypeError: argument for __call__() given by name ('message') and position (1)": mypyc does not let
    # **params take the name of a positional-only parameter (`def __call__(self, message, /, **params)`)
    "cardtable/engine/i18n.py": "Translator.__call__/plural: positional-only parameter names reused in **params",
    # at run time: "TypeError: str object expected; got None" where the loaders refuse a bad name with their own
    # error (tests/games/muhq/test_data.py::test_names_not_paths): compiled code checks argument types first
    "cardtable/games/muhq/data.py": "load_set(None) raises TypeError instead of the loader's own error",
    # "Type of \"type_order\" is incompatible with definition in class \"SlotEncoder\"" (a tuple of another length)
    "cardtable/games/mitosz/kit/encoder.py": "type_order: a tuple type other than SlotEncoder's",
    "cardtable/games/muhq/kit/encoder.py": "type_order: a tuple type other than SlotEncoder's",
}
EXCLUDED_DIRS = [
    "cardtable/games/mitosz/kit/heuristic", "cardtable/games/muhq/kit/heuristic",  # _Decision binds their functions
    # pydantic models (BaseModel subclasses: loaded once at start, not on the play path)
    "cardtable/games/mitosz/view_model.py", "cardtable/games/muhq/view_model.py",
    "cardtable/games/mitosz/schema/", "cardtable/games/muhq/schema/",
]


def modules() -> list[str]:
    only = [s for s in os.environ.get("CARDTABLE_MYPYC_ONLY", "").split(",") if s]
    skip = [s for s in os.environ.get("CARDTABLE_MYPYC_EXCLUDE", "").split(",") if s]
    found = []
    for package in PACKAGES:
        for path in sorted((SRC / package).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            if rel in EXCLUDED or any(rel.startswith(d) for d in EXCLUDED_DIRS) or any(s in rel for s in skip):
                continue
            if only and not any(s in rel for s in only):
                continue
            found.append(rel)
    return found


def clean() -> None:
    for so in sorted(SRC.rglob("*.so")):
        so.unlink()
        print("removed", so.relative_to(SRC))


if __name__ == "__main__":
    if "--list" in sys.argv:
        print("\n".join(modules()))
    elif "--clean" in sys.argv:
        clean()
    else:
        from mypyc.build import mypycify
        from setuptools import setup

        os.chdir(SRC)
        level = os.environ.get("CARDTABLE_MYPYC_OPT", "3")
        setup(name="cardtable-mypyc", packages=[],
              ext_modules=mypycify(modules(), opt_level=level, multi_file=os.environ.get("CARDTABLE_MYPYC_MULTI") == "1"))
