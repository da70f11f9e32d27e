// "How to play": a folded panel in the side bar with the game's short how-to (web/help/<game>.html, a packaged
// HTML fragment: the goal, a turn, how it ends), fetched once the game is known.

/** createHowTo(details) → {update(game)} */
export function createHowTo(details) {
  const body = details.querySelector(".howto-body");
  const how = { game: null };
  how.update = async (game) => {
    if (!game || game === how.game) return;
    how.game = game;
    let text = null;
    try {
      const response = await fetch(`/static/help/${encodeURIComponent(game)}.html`);
      text = response.ok ? await response.text() : null;
    } catch {
      text = null;
    }
    if (how.game !== game) return;
    details.hidden = !text;
    if (text) body.innerHTML = text; // the project's own packaged fragment, never anything a player wrote
  };
  return how;
}
