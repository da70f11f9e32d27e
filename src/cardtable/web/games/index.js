// Which renderer draws which game: the one its kit names (the table's "renderer", a script under the static
// root such as "games/mojo.js"). A game without one gets the generic renderer (its view as JSON plus the legal
// moves). A renderer module exports createRenderer(root, ui) → {update(msg, ctx)};
// ui = {act(action), rerender(), seatName(seat, {long})}, ctx = {legal, busy, first}.
const SAFE = /^games\/[a-z0-9][a-z0-9-]*\.js$/;  // only our own scripts, never another origin

export async function loadRenderer(game, renderer) {
  const load = renderer && SAFE.test(renderer)
    ? () => import(new URL(`../${renderer}`, import.meta.url).href)
    : () => import("./generic.js");
  try {
    return (await load()).createRenderer;
  } catch (exc) {
    console.error(`the ${game} renderer failed to load; using the generic one`, exc);
    return (await import("./generic.js")).createRenderer;
  }
}
