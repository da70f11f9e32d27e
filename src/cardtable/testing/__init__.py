"""Tools for testing games: golden playthroughs."""
