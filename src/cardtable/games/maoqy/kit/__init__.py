"""MAOQY's kit: the parts around its rules that bots, simulations, learners and screens use (engine/kit.py).

Each part is imported only when a surface first asks for it.
"""

from cardtable.engine.kit import Kit

_HERE = __name__

KIT = Kit(
    heuristic=f"{_HERE}.heuristic:MaoqyHeuristic",
    resample=f"{_HERE}.resample:determinize",
    search=f"{_HERE}.search:PROFILE",
    probe=f"{_HERE}.probe:MaoqyProbe",
    encoder=f"{_HERE}.encoder:MaoqyEncoder",
    terminal=f"{_HERE}.terminal",
    web="games/maoqy.js",
    ui_domain="maoqy-ui",
    view_model="cardtable.games.maoqy.view_model:MaoqyView",
)
