"""Agents by name: ``random`` for every game, ``heuristic`` from the game's kit (``Kit.heuristic``), ``ismcts`` (and its
presets ``ismcts-fast``, ``ismcts-strong``, ``ismcts-N`` for N iterations, ``+h`` for heuristic rollouts,
``+hp`` for heuristic rollouts and the heuristic's move as a prior, ``+kK`` for the search over the heuristic's
K favourite moves, ``-dD`` for rollouts of D actions, ``-mM`` for the margin of ``+kK``; see
``ismcts.parse_name``) for every game with a determinizer (``agents/determinize.py``)."""

from __future__ import annotations

from cardtable.engine import Game, UnknownAgent
from cardtable.engine.i18n import N_, Translator

from .base import Agent
from .random_agent import RandomAgent


_ = Translator("cardtable")
#: a line of help per agent, in English: translate it where it is read (``_(AGENT_HELP[name])``)
AGENT_HELP = {
    "random": N_("uniform over the legal actions (every game)"),
    "heuristic": N_("the game's rule-of-thumb player (maoqy, mitosz, mojo, muhq)"),
    "ismcts": N_("information-set Monte Carlo tree search, 200 iterations a move (also ismcts-fast: 50, "
                 "ismcts-strong: 1000, or the pruned search in MAOQY, Mítosz and muhq, ismcts-N: N; +h rolls out "
                 "with the heuristic, +kK searches the heuristic's K favourite moves, e.g. ismcts-30+k3-d10-m3)"),
}
#: the search presets offered in seat lists (lobby, ``cardtable play -s``); ``ismcts-N`` works everywhere else
SEARCH_PRESETS = ("ismcts", "ismcts-fast", "ismcts-strong")


def agent_names(game: Game | None = None, search: bool = True) -> list[str]:
    """The agent names a seat may take. ``search=False`` leaves out the search bots (a tenth of a second to a few
    seconds a move), for a surface that cannot wait that long; the web server offers them, its search bots
    think in worker processes (``server/thinking.py``)."""
    from .determinize import supports

    names = ["random"]
    if game is None or game.kit.has("heuristic"):
        names.append("heuristic")
    if search and (game is None or supports(game)):
        names.extend(SEARCH_PRESETS)
    return names


def make_agent(name: str, game: Game, seed: int = 0) -> Agent:
    """The agent called ``name`` for ``game``; UnknownAgent when there is none."""
    if name == "random":
        return RandomAgent(game, seed)
    if name == "heuristic" and game.kit.has("heuristic"):
        heuristic: Agent = game.kit.load("heuristic")(game, seed)  # the game's own player (its kit)
        return heuristic
    if name.startswith("ismcts"):
        from .determinize import supports
        from .ismcts import make_ismcts, name_problem, parse_name

        params = parse_name(name)
        if params is None:
            raise UnknownAgent(name, agent_names(game), name_problem(name))
        if not supports(game):
            raise UnknownAgent(name, agent_names(game), _("{game} has no determinizer for a search bot",
                                                          game=game.info.name))
        if params.get("rollout") == "heuristic" and not game.kit.has("heuristic"):
            raise UnknownAgent(name, agent_names(game), _("heuristic rollouts need a heuristic, and {game} has none",
                                                          game=game.info.name))
        if params.get("infer"):  # -iI: only where the game gives the hooks of agents/inference.py
            from .inference import supports as infers

            if not infers(game):
                raise UnknownAgent(name, agent_names(game), _("-iI (inference from passes) is not available in {game}",
                                                              game=game.info.name))

        try:
            agent = make_ismcts(name, game, seed)
        except ValueError as exc:  # a setting this game cannot take, e.g. -tT in a game without turns
            raise UnknownAgent(name, agent_names(game), str(exc)) from None
        if agent is not None:  # (parse_name accepted the name above)
            return agent
    raise UnknownAgent(name, agent_names(game))
