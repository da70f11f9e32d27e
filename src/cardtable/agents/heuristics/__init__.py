"""Rule-of-thumb players, one module per game, found through cardtable.agents.registry.HEURISTICS."""
