"""muhq's kit: the parts around its rules that bots, simulations, learners and screens use (engine/kit.py).

Each part is imported only when a surface first asks for it.
"""

from cardtable.engine.kit import Kit

_HERE = __name__

KIT = Kit(
    heuristic=f"{_HERE}.heuristic:MuhqHeuristic",
    resample=f"{_HERE}.resample:determinize",
    search=f"{_HERE}.search:PROFILE",
    probe=f"{_HERE}.probe:MuhqProbe",
    encoder=f"{_HERE}.encoder:MuhqEncoder",
    view_model="cardtable.games.muhq.view_model:MuhqView",
    terminal=f"{_HERE}.terminal",
    web="games/muhq.js",
    ui_domain="muhq-ui",
)
