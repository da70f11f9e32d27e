# Each test module skips itself when numpy, gymnasium or pettingzoo is absent (the `rl` or `test` extra).

#: (game, players, options) every environment test runs on: each registered game, and the option sets that
#: change an encoding's sizes (Mojo's two piles and hidden face-down rows, MAOQY with more seats)
GAMES = ["mojo", "maoqy", "mitosz", "muhq", "maoqy-oracle", "maoqy-ritual"]
CONFIGS = [
    ("mojo", None, None),
    ("mojo", 2, {"discard_piles": 2, "owner_sees_facedown": False}),
    ("mojo", 5, None),
    ("maoqy", None, None),
    ("maoqy", 3, {"known_draw": "any", "backs_show_kingdom": False}),
    ("mitosz", None, None),
    ("muhq", None, None),
]
