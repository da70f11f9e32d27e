"""The positions of Level 1's table and the spreads a reading may take (P2.1): read by the data loader
(``levels_data``) and the schemas (``levels_schema``) alike, so neither imports the other for them."""

from __future__ import annotations

#: Level 1's positions (spec 2.4), as a ritual names them (P3.4). The user is the one player.
POSITIONS = ("unknown", "known", "hand", "open", "street", "hiding")
SPREADS = (1, 3, 5)  # P2.1
