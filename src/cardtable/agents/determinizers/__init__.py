"""One determinizer per game (see ``cardtable.agents.determinize``): ``determinize(state, player, rng)``."""
