"""The MAOQY heuristic's weights: what a card is worth in each use, and the thresholds of its choices."""

from __future__ import annotations

B = 4  # weight base of the cards held in one window
JUNK = 0.2  # a card worth less is never drawn from the Known or an open hand
KEEP_MIN = 0.2  # a hidden card worth less is discarded; a better one is kept (opened or hidden) when room is needed
MARGIN = 0.05  # a card drawn into a hand that is then full beats the least useful held card by this much
PLACE = 0.3  # bonus for a card that can go into a street right after it is drawn
DENY = 0.45  # weight of an opponent's need when choosing what to draw
KEEP_DENY = 0.6  # weight of an opponent's need when choosing what to give up
BLOCK = 0.5  # an opponent's need from which a card is hidden rather than shown (discarded or opened)
#: An opponent's need of a card of their street's kingdom at distance 1, 2, 3 from an end; further out.
NEAR = (1.5, 0.8, 0.5, 0.25)
TARGET_FLOOR = 0.3  # least worth of a card of the target kingdom (less for less promising kingdoms)
SECOND_STREET = 0.5  # worth of run progress once the bot has a street (further streets, max_streets > 1)
