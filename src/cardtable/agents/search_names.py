"""The search bots' names: ``ismcts``, its presets and the suffixes that set its parameters (docs/bots.md).

Parsing a name needs no search: the registry and the lobby read names here without loading the search itself.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.engine.i18n import N_, Translator, number

_ = Translator("cardtable")


PRESETS: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": 200},
    "ismcts-fast": {"iterations": 50},
    "ismcts-strong": {"iterations": 1000},
}
#: a line of help per preset, in English: translate it where it is read (``_(PRESET_HELP[name])``)
PRESET_HELP = {
    "ismcts": N_("information-set Monte Carlo tree search, 200 determinized iterations a move"),
    "ismcts-fast": N_("the same search with 50 iterations a move"),
    "ismcts-strong": N_("the strongest search for the game: 1,000 iterations a move, or in MAOQY, Mítosz and muhq "
                        "the search over the heuristic's favourite moves (docs/bots.md)"),
}
#: The largest number a search name may hold (a million iterations already take hours a move).
MAX_NAME_NUMBER = 1_000_000
_NAME = re.compile(r"ismcts(?:-(fast|strong|\d+))?(\+hp?|\+k\d+)?(?:-d(\d+))?(?:-t(\d+))?(?:-m(\d+))?(?:-z(\d+))?"
                   r"(?:-x(\d+))?(?:-i(\d+))?")
#: weight of the progressive bias towards the heuristic's move in the guided search (``+hp``)
PRIOR = 1.0


def parse_name(name: str) -> dict[str, Any] | None:
    """The parameters an agent name stands for, or None when it is not an ISMCTS name:

    ``ismcts``, ``ismcts-fast``, ``ismcts-strong``, ``ismcts-500`` (iterations); then optionally ``+h``
    (heuristic rollouts), ``+hp`` (heuristic rollouts and the heuristic's move as a progressive bias) or
    ``+kK`` (the pruned search over the heuristic's K favourite moves, heuristic rollouts); then ``-dD``
    (rollouts of D actions before the evaluation), ``-tT`` (rollouts until T more turns have begun, at most D
    actions; games with turns), ``-mM`` (the margin, in hundredths of a reward, by which another candidate
    must beat the heuristic's move; ``+kK`` only), ``-zZ`` (and by Z tenths of a standard error of the
    paired gain; ``+kK`` only) and ``-xX`` (while a candidate leads but the paired test has not settled it,
    go on up to X times the budget; with ``-z`` only) and ``-iI`` (redeals must agree with the other players'
    passes, the heuristic as their model: up to I redeals a world; with heuristic rollouts, in games with the
    hooks of ``agents/inference.py``)."""
    try:
        return _parse(name)
    except ValueError:
        return None


def name_problem(name: str) -> str | None:
    """Why ``name`` is not a search bot's name (in words, for an error message), or None when it is one."""
    try:
        _parse(name)
    except ValueError as exc:
        return str(exc)
    return None


NAME_FORMS = N_("search bots are named ismcts, ismcts-fast, ismcts-strong or ismcts-N, then optionally +h, +hp or "
                "+kK, -dD, -tT, -mM, -zZ, -xX, -iI in that order (see docs/bots.md)")


def _parse(name: str) -> dict[str, Any]:
    m = _NAME.fullmatch(name)
    if m is None:
        raise ValueError(_(NAME_FORMS))
    if any(int(n) > MAX_NAME_NUMBER for n in re.findall(r"\d+", name)):
        # (a bigger number would only make a bot that never moves)
        raise ValueError(_("every number in a search name is at most {most}", most=number(MAX_NAME_NUMBER)))
    preset, mode, depth, turns, margin, z, extend, infer = m.groups()
    if preset is None:
        params = dict(PRESETS["ismcts"])
    elif preset.isdigit():
        if int(preset) < 1:
            raise ValueError(_("a search needs at least 1 iteration (ismcts-N, N ≥ 1)"))
        params = {"iterations": int(preset)}
    else:
        params = dict(PRESETS[f"ismcts-{preset}"])
    if mode:
        params["rollout"] = "heuristic"
    if mode == "+hp":
        params["prior"] = PRIOR
    elif mode and mode.startswith("+k"):
        if int(mode[2:]) < 2:
            raise ValueError(_("+kK compares at least 2 candidates"))
        params["candidates"] = int(mode[2:])
    if depth is not None:
        params["rollout_depth"] = int(depth)
    if turns is not None:
        if int(turns) < 1:
            raise ValueError(_("-tT needs at least 1 turn"))
        params["rollout_turns"] = int(turns)
    if margin is not None:
        if "candidates" not in params:
            raise ValueError(_("-mM (a margin) goes with +kK only"))
        params["margin"] = int(margin) / 100
    if z is not None:
        if "candidates" not in params:
            raise ValueError(_("-zZ (the paired test) goes with +kK only"))
        params["z"] = int(z) / 10
    if extend is not None:
        if z is None or int(extend) < 2:
            raise ValueError(_("-xX goes with -zZ and is at least 2"))
        params["extend"] = int(extend)
    if infer is not None:
        if not mode or int(infer) < 1:
            raise ValueError(_("-iI needs heuristic rollouts (+h, +hp or +kK) and at least 1 redeal"))
        params["infer"] = int(infer)
    return params
