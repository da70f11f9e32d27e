// muhq at the table: small pure helpers of the renderer (muhq.js) — the permanent an action is done with, the
// order of the player panels, the word a lit field shows.
import { t } from "../js/i18n.js";

// the fields of an action that name a permanent it is done with (the token it sits on)
const PERM_FIELDS = ["permanent", "source", "unit", "carrier", "base", "equipment", "target"];

/** The player panels' order: the others first, the reader's own last (nearest its hand). */
export function orderPlayers(view, me) {
  return view.players.filter((p) => p.seat !== me).concat(view.players.filter((p) => p.seat === me));
}

/** The permanent on the board the action `a` is done with (the token it is played on), or null. */
export function permOf(c, a) {
  if (a.type === "attack") return a.unit === c.view.activation ? a.defender : null;
  if (a.type === "move" || a.type === "buy" || a.type === "draft_pick") return null;
  if (a.type === "play_permanent" || a.type === "play_spell" || a.type === "universal_free_action" || a.type === "end_discard") return null;
  for (const k of PERM_FIELDS) if (Number.isInteger(a[k]) && c.byId.has(a[k])) return a[k];
  return null;
}

/** The word a lit field shows for a move of kind `kind`. */
export function targetWord(kind) {
  return { move: () => t("move"), play: () => t("play"), drop: () => t("drop"), token: () => t("token") }[kind]?.() || t("here");
}
