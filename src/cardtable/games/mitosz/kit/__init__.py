"""Mítosz's kit: the parts around its rules that bots, simulations, learners and screens use (engine/kit.py).

Each part is imported only when a surface first asks for it.
"""

from cardtable.engine.kit import Kit

_HERE = __name__

KIT = Kit(
    heuristic=f"{_HERE}.heuristic:MitoszHeuristic",
    resample=f"{_HERE}.resample:determinize",
    inference=f"{_HERE}.resample",
    search=f"{_HERE}.search:PROFILE",
    probe=f"{_HERE}.probe:MitoszProbe",
    encoder=f"{_HERE}.encoder:MitoszEncoder",
    terminal=f"{_HERE}.terminal",
    web="games/mitosz.js",
    ui_domain="mitosz-ui",
    view_model="cardtable.games.mitosz.view_model:MitoszView",
)
