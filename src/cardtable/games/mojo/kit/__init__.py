"""Mojo's kit: the parts around its rules that bots, simulations, learners and screens use (engine/kit.py).

Each part is imported only when a surface first asks for it.
"""

from cardtable.engine.kit import Kit

_HERE = __name__

KIT = Kit(
    heuristic=f"{_HERE}.heuristic:MojoHeuristic",
    resample=f"{_HERE}.resample:determinize",
    search=f"{_HERE}.search:PROFILE",
    probe=f"{_HERE}.probe:MojoProbe",
    encoder=f"{_HERE}.encoder:MojoEncoder",
    terminal=f"{_HERE}.terminal",
    web="games/mojo.js",
    ui_domain="mojo-ui",
    view_model="cardtable.games.mojo.view_model:MojoView",
)
