"""A toy game added as docs/engine.md's "How to add a game" says, to prove the walk-through and the kit boundary."""
