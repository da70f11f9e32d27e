"""Mojo's options (spec section 4), each with the rule it changes. The help texts are marked for the catalog
(N_) and translated where they are read (MojoGame.describe)."""

from cardtable.engine import Option
from cardtable.engine.i18n import N_

OPTIONS = (
    Option("hand_size", 8, N_("cards dealt to each player; must exceed the Mojo threshold"), "MOJO-2.2",
           integer=True, minimum=1, maximum=39),
    Option("discard_piles", 1, N_("1, or 2 for the two-pile variant"), "MOJO-8", choices=(1, 2)),
    Option("equal_value_replay", "may", N_("after an equal play: 'may' play again or stop; 'must' play again"),
           "MOJO-4.4", choices=("may", "must")),
    Option("empty_draw_pile", "reshuffle", N_("when a draw finds the draw pile empty: 'reshuffle' the discard piles "
           "(all but their top cards) or 'skip' the draw"), "MOJO-4.6", choices=("reshuffle", "skip")),
    Option("mojo_threshold", "auto", N_("hand size that triggers the Mojo moment; 'auto' is 2 with 2 players, else 3"),
           "MOJO-5.1", choices=("auto",), integer=True, minimum=0, maximum=38),
    Option("mojo_card_to", "round_ender", N_("who takes the Mojo card: 'round_ender' or 'first_trigger'"), "MOJO-6.3",
           choices=("round_ender", "first_trigger")),
    Option("direction_mode", "mojo_card", N_("'mojo_card': its side sets the direction; 'clockwise': always clockwise"),
           "MOJO-3.2", choices=("mojo_card", "clockwise")),
    Option("first_player", "random", N_("first player of round 1: 'random' (seeded) or a seat number"), "MOJO-3.3",
           choices=("random",), integer=True, minimum=0, maximum=7),
    Option("round_starter", "after_mojo_holder", N_("first player of later rounds: 'after_mojo_holder', "
           "'mojo_holder' or 'rotate'"), "MOJO-3.4", choices=("after_mojo_holder", "mojo_holder", "rotate")),
    Option("target_score", 50, N_("the game ends after the round in which a total reaches this"), "MOJO-7.1",
           integer=True, minimum=1, maximum=10**9),
    Option("owner_sees_facedown", True, N_("may a player look at their own face-down cards (else they reveal by position)"),
           "MOJO-5.5", boolean=True),
)
