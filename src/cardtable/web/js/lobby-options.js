// The lobby's words for the games' options: a plain label per option (the raw names are the engine's), a plain
// name for the cryptic values, and the presets (standard = the defaults; short and long) with what they change.
// Keyed by game and option name; an option not named here keeps its name (underscores as spaces) and its doc.

export const LABELS = {
  mojo: {
    hand_size: "Cards dealt to each player",
    discard_piles: "Discard piles",
    equal_value_replay: "After playing an equal card, the player…",
    empty_draw_pile: "When the draw pile runs out",
    mojo_threshold: "Hand size that triggers the Mojo moment",
    mojo_card_to: "Who takes the Mojo card",
    direction_mode: "Direction of play",
    first_player: "Who starts round 1",
    round_starter: "Who starts the later rounds",
    target_score: "Points that end the game",
    owner_sees_facedown: "Players may look at their own face-down cards",
  },
  maoqy: {
    kingdoms: "Kingdoms in the deck",
    hand_limit: "Most cards a hidden hand may hold",
    street_min: "Cards needed to open a street",
    street_start: "A street may start at",
    max_streets: "Streets per player",
    extended_draw: "Draw also from the Known and the open hands",
    known_draw: "Which card of the Known may be drawn",
    open_hand_access: "Whose open hands a player may draw from",
    hiding_place_size: "Cards a hiding place holds",
    backs_show_kingdom: "Card backs show the kingdom",
    claimed_cards: "A card of a kingdom in another player's street is held",
    turn_limit: "Turn limit (all players together)",
    extra_cards: "Extra cards in the deck",
  },
  mitosz: {
    deck_a: "Deck of the first seat",
    deck_b: "Deck of the second seat",
    deck_c: "Deck of the third seat",
    deck_d: "Deck of the fourth seat",
    win_target: "Power points needed to win",
    deck_min_multiplier: "Smallest deck, in multiples of the win target",
    deck_min_includes_high_god: "The high god counts towards the smallest deck",
    max_copies: "Copies of one card a deck may hold",
    hand_size: "Hand size (opening hand and end of turn)",
    draws_per_turn: "Cards drawn each turn",
    sphere_refill: "Sphere points regained at the end of a turn",
    unrotate_per_turn: "Leaders unrotated at the end of a turn",
    leader_limit_bonus: "Leaders allowed beyond one's number of nations",
    intrigue_limit_bonus: "Intrigues allowed beyond the number of players",
    pp_counts_for: "A card's power points count for",
    simultaneous_hold: "When two holds complete at once",
    deckout_mode: "The deck-out ending needs",
    nation_placement_rule: "A new nation must match",
    nation_copy_scope: "Copies of a nation are counted",
    high_god_leader_loss: "Losing one's high god as a leader discards",
    counter_prompting: "Ask for counters",
    supply_mode_timing: "A supply chooses level or maneuvers",
    fight_effect_scope: "During a fight's rounds, effects reach",
    flying_restriction: "An attack led by a flying commander must fly",
    fear_number_source: "Fear's lower bound is the number of",
    fear_resist_sphere: "The sphere that resists fear",
    fear_resist_amount: "Points of that sphere that resist fear",
    mount_timing: "A mount may be attached",
  },
  muhq: {
    board: "Board",
    sets: "Card sets in the draft pool",
    pack_size: "Cards in a draft pack",
    draft_stop: "No new draft round once a player holds (cards)",
    pad_pool: "Add copies of the pool until every player gets a pack",
    first_player: "Who takes turn 1",
    reshuffle_on_empty_draw: "Shuffle the discard pile in when the deck runs out",
    upkeep_reshuffle: "Reshuffle an empty deck during the upkeep",
    play_out_hand: "The action phase lasts while a card in hand can be played",
    phase_end_priority: "A priority round closes the start, buy and end phases too",
    auto_pass: "Pass automatically when there is no fast action",
    lethal_rule: "A unit is defeated when its damage is",
    ai_tiebreak: "The shy and aggressive behaviours break ties by",
    max_turns: "Turn limit (then a draw; 0: none)",
  },
};

/** Plain words for option values, by game and option (values not named read as themselves, "_" as " "). */
export const VALUES = {
  mojo: {
    equal_value_replay: { may: "may play again or stop", must: "must play again" },
    empty_draw_pile: { reshuffle: "reshuffle the discard piles", skip: "skip the draw" },
    mojo_card_to: { round_ender: "the player who ends the round", first_trigger: "the first to reach the Mojo moment" },
    direction_mode: { mojo_card: "set by the Mojo card's side", clockwise: "always clockwise" },
    round_starter: { after_mojo_holder: "the player after the Mojo holder", mojo_holder: "the Mojo holder", rotate: "each seat in turn" },
  },
  maoqy: {
    street_start: { any: "any number", one: "the Beggar (1) only" },
    known_draw: { top: "the top card", any: "any card" },
    open_hand_access: { all: "everyone's", owner: "only one's own" },
    claimed_cards: { open: "face up in the open hand", anywhere: "anywhere (the rulebook's text)" },
    extra_cards: { none: "none", website: "the website's card list" },
  },
  mitosz: {
    pp_counts_for: { controller: "the player who controls it", owner: "the player who owns it" },
    simultaneous_hold: { most_points: "the most points win", draw: "the round is a draw" },
    deckout_mode: { all_players: "every player to fail a draw in a round", any_player: "any player to fail a draw in a round" },
    nation_placement_rule: { one_match: "one facing road pair", all_shared_edges_match: "every shared edge" },
    nation_copy_scope: { board: "on the whole board", player: "per player" },
    high_god_leader_loss: { hand: "the hand", hand_and_board: "the hand and the board" },
    counter_prompting: { always: "every player in every counter round", skip_if_no_legal_response: "only players with a legal response" },
    supply_mode_timing: { on_entry: "when it enters", on_first_use: "when it first uses a maneuver" },
    fight_effect_scope: { strict: "only the fight (strict)", lenient: "anything (lenient)" },
    flying_restriction: { when_closed_road: "only through a closed road", always: "always" },
    fear_number_source: { source_card: "the card that carries it", each_creature: "each creature" },
    mount_timing: { any_window: "in any window its player has priority in", summon_phases: "only in the active player's summon phases" },
  },
  muhq: {
    lethal_rule: { greater_than: "greater than its life", at_least: "at least its life" },
    ai_tiebreak: { reading_order: "reading order", random: "chance" },
  },
};

const FIRST_EIGHT = ["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange"];

/** Presets per game: standard is every default; short and long set these options (the rest stay default). */
export const PRESETS = {
  mojo: {
    standard: "first to 50 points ends the game",
    short: { options: { target_score: 25 }, note: "first to 25 points (about half the rounds)" },
    long: { options: { target_score: 100 }, note: "first to 100 points (about twice the rounds)" },
  },
  maoqy: {
    standard: "12 kingdoms (204 cards), at most 2000 turns",
    short: { options: { kingdoms: FIRST_EIGHT, turn_limit: 500 }, note: "8 kingdoms (136 cards), at most 500 turns" },
    long: { options: { turn_limit: 5000 }, note: "12 kingdoms, at most 5000 turns (the limit almost never ends it)" },
  },
  mitosz: {
    standard: "12 power points to win",
    short: { options: { win_target: 8 }, note: "8 power points to win" },
    long: { options: { win_target: 16, deck_min_multiplier: 3 }, note: "16 power points to win (the smallest deck lowered to 3 × 16 cards, so the decks still qualify)" },
  },
  muhq: {
    standard: "the river-crown board, at most 200 turns",
    short: { options: { board: "arena-9", max_turns: 80 }, note: "the small arena-9 board, at most 80 turns" },
    long: { options: { draft_stop: 35, max_turns: 400 }, note: "a longer draft (35 cards), at most 400 turns" },
  },
};

/** The option's plain label; an option added without one reads as its name, in words ("Mount timing"). */
export function optionLabel(game, name) {
  const label = LABELS[game] && LABELS[game][name];
  if (label) return label;
  const words = name.replace(/_/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

export function valueLabel(game, name, value) {
  const words = VALUES[game] && VALUES[game][name];
  return (words && words[value]) || String(value).replace(/_/g, " ");
}
