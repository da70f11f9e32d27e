// Which renderer draws which game. A game without one gets the generic renderer (its view as JSON
// plus the legal moves). A renderer module exports createRenderer(root, ui) → {update(msg, ctx)};
// ui = {act(action), rerender(), seatName(seat, {long})}, ctx = {legal, busy, first}.
const RENDERERS = {
  mojo: () => import("./mojo.js"),
  maoqy: () => import("./maoqy.js"),
  mitosz: () => import("./mitosz.js"),
  muhq: () => import("./muhq.js"),
};

export async function loadRenderer(game) {
  const load = RENDERERS[game] || (() => import("./generic.js"));
  try {
    return (await load()).createRenderer;
  } catch (exc) {
    console.error(`the ${game} renderer failed to load; using the generic one`, exc);
    return (await import("./generic.js")).createRenderer;
  }
}
