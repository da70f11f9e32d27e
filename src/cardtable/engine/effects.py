"""Effects as data, run by one interpreter: a game's effect vocabulary is a set of primitives, one class each.

A card game that writes its cards as data (Mítosz's ``{draw: {n: 1}}``, muhq's ``{do: damage, to: T1,
amount: 2}``) needs the same three things for every verb of that language: the parameters a data file may
give it (a pydantic model, checked by the loader), what it does to a state when it resolves, and how it
reads to a player. A :class:`Primitive` holds all of them, with its flags (what the game's rules ask of it:
"continuous", "fight only", …), and a :class:`Vocabulary` registers a game's primitives by name::

    VOCABULARY = Vocabulary("toy", parts=lambda call: (call["do"], call))

    @VOCABULARY.register
    class Draw(Primitive["ToyState", DrawStep, "Ctx"]):
        name = "draw"
        params = DrawStep
        template = N_("draw {n}")

        def resolve(self, state, p, ctx):
            state.draw(ctx.you, p["n"])
            return GO_ON

Resolving is one loop (:meth:`Vocabulary.run`): the calls still to run are a list, taken from the front,
each dispatched to its primitive. A primitive that needs a player's choice first (a card to discard, a field
for a token) asks for it and returns :data:`SUSPEND`; the loop stops and leaves the rest of the list where the
game keeps it (on its stack item, in its pending resolution). The answer resumes the resolution: the game
calls :meth:`~Vocabulary.run` again on the same list. A primitive that must itself carry on after the answer
puts a continuation at the front of the list before it suspends (Mítosz's ``choose_one`` puts itself back,
and the answer replaces it by the chosen calls).

The engine knows no game's primitives, parameters or words: a game subclasses :class:`Primitive` once to
fix the types of its state, parameters and context, and its rules register their primitives where the
rules live.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final, Generic, TypeVar

#: A primitive's answer: carry on with the next call.
GO_ON: Final = True
#: A primitive's answer: stop here until a player answers; the calls left stay on the list (resume by running it).
SUSPEND: Final = False
#: The flag of a primitive that may return SUSPEND (it asks a player first)
ASKS: Final = frozenset({"asks"})

S = TypeVar("S")  # the game's state
P = TypeVar("P")  # the primitive's parameters, as the rules read them
C = TypeVar("C")  # who resolves the effect (a stack item, a context): its source, its user, its targets


class Primitive(Generic[S, P, C]):
    """One verb of a game's effect language: its name, its parameter model, its resolution, its text, its flags.

    A subclass sets the class attributes and overrides :meth:`resolve` (and :meth:`text` where a template is
    not enough). Instances are made once, by :meth:`Vocabulary.register`, and hold no state of a game.
    """

    #: the primitive's name in the data files (``draw``, ``add_marker``)
    name: ClassVar[str]
    #: the pydantic model a call's parameters are checked against when a data file is loaded
    params: ClassVar[type[Any]]
    #: what the game's rules ask of the primitive (``"continuous"``, ``"fight"``, ``"asks"`` …)
    flags: ClassVar[frozenset[str]] = frozenset()
    #: how a call reads (a message marked for translation, filled from the parameters by the game's text
    #: function); None: the game names it by its name
    template: ClassVar[str | None] = None

    def resolve(self, state: S, p: P, ctx: C) -> bool:
        """Do it: change ``state`` as the call says. :data:`GO_ON`, or :data:`SUSPEND` after asking a player."""
        raise NotImplementedError(f"the primitive {self.name} does nothing when it resolves")  # i18n: no

    def text(self, p: P, fill: Callable[[str, P], str]) -> str:
        """How a call with parameters ``p`` reads: the template filled by the game's ``fill``, or the name."""
        if self.template is None:
            return self.name.replace("_", " ")
        return fill(self.template, p)

    def has(self, flag: str) -> bool:
        return flag in self.flags

    def __repr__(self) -> str:
        return f"<primitive {self.name}>"  # i18n: no (a developer's repr)


class UnknownPrimitive(KeyError):
    """A call names a primitive the vocabulary has not registered (a rules bug: the loader checks data files)."""


class Vocabulary(Generic[S, C]):
    """A game's primitives by name, and the one loop that resolves a list of calls with them.

    ``parts(call)`` splits a call as the rules hold it into (primitive name, parameters); ``missing(state,
    name, ctx)``, if given, is what a call of a primitive without a resolution does (say so in the log);
    without it such a call is an error.
    """

    def __init__(self, game: str, parts: Callable[[Any], tuple[str, Any]],
                 missing: Callable[[S, str, C], None] | None = None) -> None:
        self.game = game
        self.parts = parts
        self.missing = missing
        self._by_name: dict[str, Primitive[S, Any, C]] = {}

    # -- registering -----------------------------------------------------------------------------------
    def register(self, cls: type[Primitive[S, Any, C]]) -> type[Primitive[S, Any, C]]:
        """Add a primitive class (a decorator). Its name must be new and it must say its parameter model."""
        name = getattr(cls, "name", None)
        if not isinstance(name, str) or not name:
            raise TypeError(f"{cls.__qualname__} has no primitive name")  # i18n: no (a developer's error)
        if name in self._by_name:
            raise TypeError(f"{self.game} registers the primitive {name!r} twice: "  # i18n: no
                            f"{type(self._by_name[name]).__qualname__} and {cls.__qualname__}")
        if not isinstance(getattr(cls, "params", None), type):
            raise TypeError(f"the primitive {name!r} names no parameter model")  # i18n: no
        self._by_name[name] = cls()
        return cls

    def check(self, params: dict[str, type[Any]]) -> None:
        """Fail unless the vocabulary is the data contract ``params`` (name -> parameter model) exactly: every
        primitive a data file may call resolves, and each is checked against the model its rule reads."""
        missing = sorted(set(params) - set(self._by_name))
        extra = sorted(set(self._by_name) - set(params))
        wrong = sorted(n for n in set(params) & set(self._by_name) if self._by_name[n].params is not params[n])
        if missing or extra or wrong:
            raise TypeError(f"{self.game}'s vocabulary and its data schema differ: without a class "  # i18n: no
                            f"{missing}, not in the schema {extra}, another parameter model {wrong}")

    # -- reading ---------------------------------------------------------------------------------------
    def __getitem__(self, name: str) -> Primitive[S, Any, C]:
        try:
            return self._by_name[name]
        except KeyError:
            raise UnknownPrimitive(f"{self.game} has no primitive {name!r}") from None  # i18n: no

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Primitive[S, Any, C]]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def flagged(self, flag: str) -> tuple[str, ...]:
        """The names of the primitives with ``flag``, in registration order."""
        return tuple(n for n, prim in self._by_name.items() if flag in prim.flags)

    def text(self, call: Any, fill: Callable[[str, Any], str]) -> str:
        name, p = self.parts(call)
        return self[name].text(p, fill)

    # -- resolving -------------------------------------------------------------------------------------
    def run_one(self, state: S, call: Any, ctx: C) -> bool:
        """Resolve one call: :data:`GO_ON` or :data:`SUSPEND`."""
        name, p = self.parts(call)
        prim = self._by_name.get(name)
        if prim is None:
            if self.missing is None:
                raise UnknownPrimitive(f"{self.game} has no primitive {name!r}")  # i18n: no
            self.missing(state, name, ctx)
            return GO_ON
        return prim.resolve(state, p, ctx)

    def run(self, state: S, queue: list[Any], ctx: C) -> bool:
        """Resolve the calls of ``queue`` from the front, each taken off before it runs. :data:`GO_ON` when the
        list is empty; :data:`SUSPEND` as soon as a primitive suspends, with the calls after it still on the
        list (run it again to resume)."""
        by_name, parts = self._by_name, self.parts
        while queue:
            name, p = parts(queue.pop(0))
            prim = by_name.get(name)
            if prim is None:
                if self.missing is None:
                    raise UnknownPrimitive(f"{self.game} has no primitive {name!r}")  # i18n: no
                self.missing(state, name, ctx)
                continue
            if prim.resolve(state, p, ctx) is SUSPEND:
                return SUSPEND
        return GO_ON


__all__ = ["ASKS", "GO_ON", "SUSPEND", "Primitive", "UnknownPrimitive", "Vocabulary"]
