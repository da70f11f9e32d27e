// The lobby's words for the games' options: a plain label per option (the raw names are the engine's), a plain
// name for the cryptic values, and the presets (standard = the defaults; short and long) with what they change.
// Keyed by game and option name; an option not named here keeps its name (underscores as spaces) and its doc.
// The words are the lobby's own (the `web` catalog, N_ here and t() where they are read); an option's doc and
// the bots' descriptions come from /api/games, already in the reader's language.
import { N_, t } from "./i18n.js";

export const LABELS = {
  mojo: {
    hand_size: N_("Cards dealt to each player"),
    discard_piles: N_("Discard piles"),
    equal_value_replay: N_("After playing an equal card, the player…"),
    empty_draw_pile: N_("When the draw pile runs out"),
    mojo_threshold: N_("Hand size that triggers the Mojo moment"),
    mojo_card_to: N_("Who takes the Mojo card"),
    direction_mode: N_("Direction of play"),
    first_player: N_("Who starts round 1"),
    round_starter: N_("Who starts the later rounds"),
    target_score: N_("Points that end the game"),
    owner_sees_facedown: N_("Players may look at their own face-down cards"),
  },
  maoqy: {
    kingdoms: N_("Kingdoms in the deck"),
    hand_limit: N_("Most cards a hidden hand may hold"),
    street_min: N_("Cards needed to open a street"),
    street_start: N_("A street may start at"),
    max_streets: N_("Streets per player"),
    extended_draw: N_("Draw also from the Known and the open hands"),
    known_draw: N_("Which card of the Known may be drawn"),
    open_hand_access: N_("Whose open hands a player may draw from"),
    hiding_place_size: N_("Cards a hiding place holds"),
    backs_show_kingdom: N_("Card backs show the kingdom"),
    claimed_cards: N_("A card of a kingdom in another player's street is held"),
    turn_limit: N_("Turn limit (all players together)"),
    extra_cards: N_("Extra cards in the deck"),
  },
  mitosz: {
    deck_a: N_("Deck of the first seat"),
    deck_b: N_("Deck of the second seat"),
    deck_c: N_("Deck of the third seat"),
    deck_d: N_("Deck of the fourth seat"),
    win_target: N_("Power points needed to win"),
    deck_min_multiplier: N_("Smallest deck, in multiples of the win target"),
    deck_min_includes_high_god: N_("The high god counts towards the smallest deck"),
    max_copies: N_("Copies of one card a deck may hold"),
    hand_size: N_("Hand size (opening hand and end of turn)"),
    draws_per_turn: N_("Cards drawn each turn"),
    sphere_refill: N_("Sphere points regained at the end of a turn"),
    unrotate_per_turn: N_("Leaders unrotated at the end of a turn"),
    leader_limit_bonus: N_("Leaders allowed beyond one's number of nations"),
    intrigue_limit_bonus: N_("Intrigues allowed beyond the number of players"),
    pp_counts_for: N_("A card's power points count for"),
    simultaneous_hold: N_("When two holds complete at once"),
    deckout_mode: N_("The deck-out ending needs"),
    nation_placement_rule: N_("A new nation must match"),
    nation_copy_scope: N_("Copies of a nation are counted"),
    high_god_leader_loss: N_("Losing one's high god as a leader discards"),
    counter_prompting: N_("Ask for counters"),
    supply_mode_timing: N_("A supply chooses level or maneuvers"),
    fight_effect_scope: N_("During a fight's rounds, effects reach"),
    flying_restriction: N_("An attack led by a flying commander must fly"),
    fear_number_source: N_("Fear's lower bound is the number of"),
    fear_resist_sphere: N_("The sphere that resists fear"),
    fear_resist_amount: N_("Points of that sphere that resist fear"),
    mount_timing: N_("A mount may be attached"),
  },
  muhq: {
    board: N_("Board"),
    sets: N_("Card sets in the draft pool"),
    pack_size: N_("Cards in a draft pack"),
    draft_stop: N_("No new draft round once a player holds (cards)"),
    pad_pool: N_("Add copies of the pool until every player gets a pack"),
    first_player: N_("Who takes turn 1"),
    reshuffle_on_empty_draw: N_("Shuffle the discard pile in when the deck runs out"),
    upkeep_reshuffle: N_("Reshuffle an empty deck during the upkeep"),
    play_out_hand: N_("The action phase lasts while a card in hand can be played"),
    phase_end_priority: N_("A priority round closes the start, buy and end phases too"),
    auto_pass: N_("Pass automatically when there is no fast action"),
    lethal_rule: N_("A unit is defeated when its damage is"),
    ai_tiebreak: N_("The shy and aggressive behaviours break ties by"),
    max_turns: N_("Turn limit (then a draw; 0: none)"),
  },
};

/** Plain words for option values, by game and option (values not named read as themselves, "_" as " "). */
export const VALUES = {
  mojo: {
    equal_value_replay: { may: N_("may play again or stop"), must: N_("must play again") },
    empty_draw_pile: { reshuffle: N_("reshuffle the discard piles"), skip: N_("skip the draw") },
    mojo_card_to: { round_ender: N_("the player who ends the round"), first_trigger: N_("the first to reach the Mojo moment") },
    direction_mode: { mojo_card: N_("set by the Mojo card's side"), clockwise: N_("always clockwise") },
    round_starter: { after_mojo_holder: N_("the player after the Mojo holder"), mojo_holder: N_("the Mojo holder"), rotate: N_("each seat in turn") },
  },
  maoqy: {
    street_start: { any: N_("any number"), one: N_("the Beggar (1) only") },
    known_draw: { top: N_("the top card"), any: N_("any card") },
    open_hand_access: { all: N_("everyone's"), owner: N_("only one's own") },
    claimed_cards: { open: N_("face up in the open hand"), anywhere: N_("anywhere (the rulebook's text)") },
    extra_cards: { none: N_("none"), website: N_("the website's card list") },
  },
  mitosz: {
    pp_counts_for: { controller: N_("the player who controls it"), owner: N_("the player who owns it") },
    simultaneous_hold: { most_points: N_("the most points win"), draw: N_("the round is a draw") },
    deckout_mode: { all_players: N_("every player to fail a draw in a round"), any_player: N_("any player to fail a draw in a round") },
    nation_placement_rule: { one_match: N_("one facing road pair"), all_shared_edges_match: N_("every shared edge") },
    nation_copy_scope: { board: N_("on the whole board"), player: N_("per player") },
    high_god_leader_loss: { hand: N_("the hand"), hand_and_board: N_("the hand and the board") },
    counter_prompting: { always: N_("every player in every counter round"), skip_if_no_legal_response: N_("only players with a legal response") },
    supply_mode_timing: { on_entry: N_("when it enters"), on_first_use: N_("when it first uses a maneuver") },
    fight_effect_scope: { strict: N_("only the fight (strict)"), lenient: N_("anything (lenient)") },
    flying_restriction: { when_closed_road: N_("only through a closed road"), always: N_("always") },
    fear_number_source: { source_card: N_("the card that carries it"), each_creature: N_("each creature") },
    mount_timing: { any_window: N_("in any window its player has priority in"), summon_phases: N_("only in the active player's summon phases") },
  },
  muhq: {
    lethal_rule: { greater_than: N_("greater than its life"), at_least: N_("at least its life") },
    ai_tiebreak: { reading_order: N_("reading order"), random: N_("chance") },
  },
};

const FIRST_EIGHT = ["red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange"];

/** Presets per game: standard is every default; short and long set these options (the rest stay default). */
export const PRESETS = {
  mojo: {
    standard: N_("first to 50 points ends the game"),
    short: { options: { target_score: 25 }, note: N_("first to 25 points (about half the rounds)") },
    long: { options: { target_score: 100 }, note: N_("first to 100 points (about twice the rounds)") },
  },
  maoqy: {
    standard: N_("12 kingdoms (204 cards), at most 2000 turns"),
    short: { options: { kingdoms: FIRST_EIGHT, turn_limit: 500 }, note: N_("8 kingdoms (136 cards), at most 500 turns") },
    long: { options: { turn_limit: 5000 }, note: N_("12 kingdoms, at most 5000 turns (the limit almost never ends it)") },
  },
  mitosz: {
    standard: N_("12 power points to win"),
    short: { options: { win_target: 8 }, note: N_("8 power points to win") },
    long: { options: { win_target: 16, deck_min_multiplier: 3 }, note: N_("16 power points to win (the smallest deck lowered to 3 × 16 cards, so the decks still qualify)") },
  },
  muhq: {
    standard: N_("the river-crown board, at most 200 turns"),
    short: { options: { board: "arena-9", max_turns: 80 }, note: N_("the small arena-9 board, at most 80 turns") },
    long: { options: { draft_stop: 35, max_turns: 400 }, note: N_("a longer draft (35 cards), at most 400 turns") },
  },
};

/** The option's plain label; an option added without one reads as its name, in words ("Mount timing"). */
export function optionLabel(game, name) {
  const label = LABELS[game] && LABELS[game][name];
  if (label) return t(label);
  const words = name.replace(/_/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

export function valueLabel(game, name, value) {
  const words = VALUES[game] && VALUES[game][name];
  return words && words[value] ? t(words[value]) : String(value).replace(/_/g, " ");
}
