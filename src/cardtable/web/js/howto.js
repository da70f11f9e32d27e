// "How to play": a folded panel in the side bar with the game's short how-to (web/help/<game>.html, a packaged
// HTML fragment: the goal, a turn, how it ends), fetched once the game is known. A reader of German or
// Hungarian gets web/help/<game>.<lang>.html, or the English one while that translation is missing (a 404).
import { lang } from "./i18n.js";

async function fragment(path) {
  try {
    const response = await fetch(path);
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/** createHowTo(details) → {update(game)} */
export function createHowTo(details) {
  const body = details.querySelector(".howto-body");
  const how = { game: null };
  how.update = async (game) => {
    if (!game || game === how.game) return;
    how.game = game;
    const name = encodeURIComponent(game);
    let text = lang !== "en" ? await fragment(`/static/help/${name}.${encodeURIComponent(lang)}.html`) : null;
    if (text === null) text = await fragment(`/static/help/${name}.html`);
    if (how.game !== game) return;
    details.hidden = !text;
    if (text) body.innerHTML = text; // the project's own packaged fragment, never anything a player wrote
  };
  return how;
}
