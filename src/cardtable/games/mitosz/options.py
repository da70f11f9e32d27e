"""Mítosz's options: spec Appendix A, each with the rule or open point it changes.

Fights, three or more players and the options that only concern them come with Mítosz II.
"""

from __future__ import annotations

from cardtable.engine import Option
from cardtable.engine.i18n import N_

from .data import deck_names

OPTIONS = (
    Option("deck_a", "dawn-court", N_("the first seat's deck, by name (add one as a file in "
           "$CARDTABLE_DATA_DIR/mitosz/)"), "MIT-1.3.1.a", text=True, max_length=64,
           known=deck_names),
    Option("deck_b", "frost-clans", N_("the second seat's deck, by name"), "MIT-1.3.1.a", text=True, max_length=64,
           known=deck_names),
    Option("deck_c", "dawn-court", N_("the third seat's deck, by name (three or more players)"), "MIT-1.3.1.a", text=True,
           max_length=64, known=deck_names),
    Option("deck_d", "frost-clans", N_("the fourth seat's deck, by name (four players)"), "MIT-1.3.1.a", text=True,
           max_length=64, known=deck_names),
    Option("win_target", 12, N_("power points a player must hold for a round to win"), "MIT-1.1.1", integer=True,
           minimum=1, maximum=60),
    Option("deck_min_multiplier", 5, N_("a deck holds at least this many times the win target"), "MIT-1.3.1.b",
           integer=True, minimum=1, maximum=20),
    # MIT-1.3.1.b: "A pakliban minden lapból maximum négy lehet; főisten lapból csak egy" — the high god is a card
    # of the deck, so by the rulebook it counts towards the minimum (docs/mitosz.md, departures)
    Option("deck_min_includes_high_god", True, N_("the deck minimum counts the high god"), "OP-03", boolean=True),
    Option("max_copies", 4, N_("copies of one card a deck may hold"), "MIT-1.3.1.c", integer=True, minimum=1, maximum=60),
    Option("hand_size", 7, N_("cards in hand at the end of one's turn, and the opening hand"), "MIT-1.5.2", integer=True,
           minimum=1, maximum=30),
    Option("draws_per_turn", 2, N_("cards drawn in the draw phase"), "MIT-6.2.2.1", integer=True, minimum=0, maximum=10),
    Option("sphere_refill", 3, N_("sphere points regained at the end of one's turn"), "MIT-6.2.4.3", integer=True,
           minimum=0, maximum=24),
    Option("unrotate_per_turn", 2, N_("leaders unrotated at the end of one's turn"), "MIT-6.2.4.4", integer=True,
           minimum=0, maximum=20),
    Option("leader_limit_bonus", 2, N_("leaders allowed beyond one's number of nations"), "MIT-3.4.2.b", integer=True,
           minimum=0, maximum=20),
    Option("intrigue_limit_bonus", 1, N_("intrigues allowed on the board beyond the number of players"), "MIT-3.6.b",
           integer=True, minimum=0, maximum=20),
    Option("pp_counts_for", "controller", N_("whose power points a card counts for"), "OP-01",
           choices=("controller", "owner")),
    Option("simultaneous_hold", "most_points", N_("two holds completing at once: the most points win, or a draw"),
           "OP-02", choices=("most_points", "draw")),
    Option("deckout_mode", "all_players", N_("the deck-out ending needs every player, or any player, to fail a draw "
           "in a round"), "OP-04", choices=("all_players", "any_player")),
    Option("nation_placement_rule", "one_match", N_("a new nation needs one facing road pair, or every shared edge "
           "must match"), "OP-12", choices=("one_match", "all_shared_edges_match")),
    Option("nation_copy_scope", "board", N_("the nation copy limit counts copies on the whole board, or one player's"),
           "OP-13", choices=("board", "player")),
    Option("high_god_leader_loss", "hand", N_("losing one's high god as a leader discards the hand, or also the board"),
           "OP-15", choices=("hand", "hand_and_board")),
    Option("counter_prompting", "always", N_("ask every player in every counter round, or skip players without a "
           "legal response (for simulations)"), "OP-43", choices=("always", "skip_if_no_legal_response")),
    Option("supply_mode_timing", "on_entry", N_("a supply in the auxiliaries or the reserve chooses level or maneuvers "
           "when it enters, or fights with its level until it first uses a maneuver"), "OP-20",
           choices=("on_entry", "on_first_use")),
    Option("fight_effect_scope", "strict", N_("in a fight's rounds, effects reach only the fight and no player (strict), "
           "or anything (lenient)"), "OP-44", choices=("strict", "lenient")),
    # MIT-8.flying: the rulebook's second sentence has no condition, so every attack a flying commander leads is
    # flying only by default (docs/mitosz.md, departures); OP-59's reading is the other choice
    Option("flying_restriction", "always", N_("every army leader and supply of an attack led by a flying "
           "commander must fly: always, or only through a closed road"), "OP-59",
           choices=("when_closed_road", "always")),
    # MIT-8.mount: the rulebook sets no time for attaching a mount (docs/mitosz.md, departures)
    Option("mount_timing", "any_window", N_("a mount is attached in any open window its player has priority in (but "
           "the battle phase's), or only in the active player's summon phases"), "OP-57",
           choices=("any_window", "summon_phases")),
    Option("fear_number_source", "source_card", N_("the lower bound of fear: the number of the card that carries it, "
           "or of each creature"), "OP-46", choices=("source_card", "each_creature")),
    Option("fear_resist_sphere", "influence", N_("the sphere whose points keep a creature from fleeing fear"),
           "OP-46", choices=("magic", "influence", "wealth", "force")),
    Option("fear_resist_amount", 1, N_("how many points of that sphere keep a creature from fleeing fear (0: free)"),
           "OP-46", integer=True, minimum=0, maximum=12),
)
