"""muhq's options: the board and the card sets (MUHQ-SETUP-1, 2) and every parameter of spec Appendix B."""

from __future__ import annotations

from cardtable.engine import Option

from .words import N_

from .data import board_names, set_names

OPTIONS = (
    Option("board", "river-crown", N_("the board, by name (add one as a file in "
           "$CARDTABLE_DATA_DIR/muhq/)"), "MUHQ-SETUP-1", text=True, max_length=64, known=board_names),
    Option("sets", "vanguard,tide", N_("the card sets of the draft pool, by name, separated by commas"),
           "MUHQ-SETUP-2", text=True, max_length=200, known=set_names,
           several=True),
    Option("pack_size", 10, N_("cards in a draft pack"), "MUHQ-DRAFT-1", integer=True, minimum=1, maximum=60),
    Option("draft_stop", 25, N_("no new draft round once a player holds this many cards"), "MUHQ-DRAFT-2",
           integer=True, minimum=1, maximum=500),
    Option("pad_pool", False, N_("add copies of the pool until every player gets a pack"), "MUHQ-DRAFT-8", boolean=True),
    Option("first_player", "random", N_("the seat that takes turn 1"), "MUHQ-SETUP-8", choices=("random",),
           integer=True, minimum=0, maximum=15),
    Option("reshuffle_on_empty_draw", False, N_("shuffle the discard pile in when a draw finds the deck empty"),
           "MUHQ-DECK-2", boolean=True),
    Option("upkeep_reshuffle", True, N_("an empty deck during the upkeep is replaced by the shuffled discard pile (the "
           "rulebook's deck section); false: only in the start phase"), "MUHQ-DECK-4", boolean=True),
    Option("play_out_hand", True, N_("the action phase cannot end while a card in hand can be played (the rulebook's "
           "loop); false: it may end at any time"), "MUHQ-APHASE-1", boolean=True),
    Option("phase_end_priority", True, N_("a priority round closes the start, buy and end phases too"), "MUHQ-TURN-8",
           boolean=True),
    Option("auto_pass", True, N_("pass automatically for a player with no fast action"), "MUHQ-STACK-10", boolean=True),
    Option("lethal_rule", "greater_than", N_("a unit is defeated when damage is greater than (or at least) its life"),
           "MUHQ-UNIT-2", choices=("greater_than", "at_least")),
    Option("ai_tiebreak", "reading_order", N_("how the shy and aggressive behaviours break ties"), "MUHQ-AI-4",
           choices=("reading_order", "random")),
    Option("max_turns", 200, N_("the game is a draw after this many turns (0: no limit; the spec's default is none, "
           "cardtable stops endless games)"), "MUHQ-WIN-10", integer=True, minimum=0, maximum=100_000),
)
