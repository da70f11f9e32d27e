// The lobby's account corner: sign up, sign in and out (a dialog), and "My tables" — every seat of the account,
// on any device, with whose turn it is. Guests never see more than the "Sign in" button: seat links work as
// before. Names are put on the page as text only (h() sets textContent), never as markup.
import { ApiError, api, h, tokens } from "./common.js";
import { t, tn } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let me = null; // {name} of the signed-in account, or null
let mine = []; // the account's seats as last listed: their tokens are kept in this browser while signed in

async function whoAmI() {
  try {
    const answer = await api("/api/me");
    me = answer.signed_in ? answer : null;
  } catch (exc) {
    console.warn(exc);
    me = null;
  }
  renderCorner();
  await refreshMine();
}

function renderCorner() {
  const box = $("account");
  if (!box) return;
  if (!me) {
    box.replaceChildren(h("button", { type: "button", class: "btn small", id: "sign-in-open", onclick: openDialog }, t("Sign in")));
    return;
  }
  box.replaceChildren(
    h("span", { class: "account-name", title: t("Signed in as {name}", { name: me.name }) }, me.name),
    h("button", { type: "button", class: "btn small ghost", id: "notify-open", onclick: openNotify }, t("Notifications")),
    h("button", { type: "button", class: "btn small ghost", id: "sign-out", onclick: signOut }, t("Sign out")),
  );
}

async function openNotify() {
  const status = $("notify-status");
  status.textContent = "";
  status.classList.remove("ok");
  try {
    const where = await api("/api/me/notifications");
    $("notify-webhook").value = where.webhook || "";
    $("notify-email").value = where.email || "";
    $("notify-email").disabled = !where.email_offered;
    $("notify-no-mail").hidden = where.email_offered;
  } catch (exc) {
    status.textContent = exc.message;
  }
  $("notify-dialog").showModal();
  $("notify-webhook").focus();
}

async function saveNotify() {
  const status = $("notify-status");
  status.classList.remove("ok");
  status.textContent = "";
  const body = { webhook: $("notify-webhook").value.trim() || null };
  if (!$("notify-email").disabled) body.email = $("notify-email").value.trim() || null;
  try {
    await api("/api/me/notifications", { method: "PUT", body });
  } catch (exc) {
    status.textContent = exc.message;
    return;
  }
  status.classList.add("ok");
  status.textContent = t("Saved.");
}

function openDialog() {
  const dialog = $("account-dialog");
  $("account-error").textContent = "";
  dialog.showModal();
  $("account-name").focus();
}

async function submit(path) {
  const name = $("account-name").value.trim();
  const password = $("account-password").value;
  const error = $("account-error");
  error.textContent = "";
  if (!name) {
    error.textContent = t("Enter a name.");
    $("account-name").focus();
    return;
  }
  if (password.length < 8) {
    error.textContent = t("A password has at least 8 characters.");
    $("account-password").focus();
    return;
  }
  try {
    me = await api(path, { method: "POST", body: { name, password } });
  } catch (exc) {
    error.textContent = exc.message;
    return;
  }
  $("account-password").value = "";
  $("account-dialog").close();
  renderCorner();
  await refreshMine();
}

async function signOut() {
  try {
    await api("/api/session", { method: "DELETE" });
  } catch (exc) {
    console.warn(exc);
  }
  for (const row of mine) tokens.remove(row.table.id, row.seat); // a shared computer keeps no seat of the account
  mine = [];
  me = null;
  renderCorner();
  await refreshMine();
}

function status(row) {
  if (row.over) return h("span", { class: "badge finished" }, t("finished"));
  if (row.your_turn) return h("span", { class: "badge your-turn" }, t("your turn"));
  return h("span", { class: "badge" }, t("seat {seat} to move", { seat: row.to_move }));
}

/** The account's seats; their tokens are kept in this browser (as joining does) until signing out. */
export async function refreshMine() {
  const panel = $("mine-panel");
  if (!panel) return;
  if (!me) {
    panel.hidden = true;
    return;
  }
  let answer;
  try {
    answer = await api("/api/me/tables");
  } catch (exc) {
    if (exc instanceof ApiError && exc.status === 401) {
      me = null;
      renderCorner();
      panel.hidden = true;
      return;
    }
    $("mine").replaceChildren(h("p", { class: "form-error" }, exc.message));
    panel.hidden = false;
    return;
  }
  panel.hidden = false;
  const rows = answer.tables;
  mine = rows;
  for (const row of rows) tokens.set(row.table.id, row.seat, row.token); // the lobby's list says "back to seat"
  if (!rows.length) {
    $("mine").replaceChildren(h("p", { class: "empty" }, t("No tables yet: a seat you take while signed in appears here, on every device.")));
    return;
  }
  const waiting = rows.filter((r) => r.your_turn).length;
  $("mine-count").textContent = waiting ? tn("{n} table waits for you", "{n} tables wait for you", waiting) : "";
  $("mine").replaceChildren(
    h("ul", { class: "cards-list mine-list" },
      rows.map((row) =>
        h("li", { class: `mine-row${row.your_turn ? " your-turn" : ""}` },
          h("span", { class: "mine-game" }, row.table.title || row.table.game),
          h("span", { class: "muted" }, t("table {id} · seat {seat}", { id: row.table.id, seat: row.seat })),
          status(row),
          h("a", { class: `btn small${row.your_turn ? " primary" : ""}`, href: row.link,
                   "aria-label": t("Open table {id}, seat {seat}", { id: row.table.id, seat: row.seat }) }, t("Open"))))),
  );
}

/** The leaderboard of the game chosen in the form: accounts and bots by ordinal (mu − 3σ). */
export async function refreshBoard(gameName, title) {
  const box = $("board");
  if (!box) return;
  $("board-game").textContent = title;
  let answer;
  try {
    answer = await api(`/api/ratings/${encodeURIComponent(gameName)}?limit=10`);
  } catch (exc) {
    box.replaceChildren(h("p", { class: "form-error" }, exc.message));
    return;
  }
  if (!answer.players.length) {
    box.replaceChildren(h("p", { class: "empty" }, t("No rated games of {game} yet.", { game: title })));
    return;
  }
  box.replaceChildren(
    h("ol", { class: "board-list" },
      answer.players.map((p) =>
        h("li", { class: `board-row ${p.kind}` },
          h("span", { class: "board-rank" }, `${p.rank}.`),
          h("span", { class: "board-name" }, p.kind === "bot" ? t("{bot} bot", { bot: p.name }) : p.name),
          h("span", { class: "board-score", title: t("mu {mu}, sigma {sigma}", { mu: p.mu, sigma: p.sigma }) }, p.ordinal.toFixed(1)),
          h("span", { class: "muted" }, tn("{n} game", "{n} games", p.games))))),
  );
}

export function signedIn() {
  return me !== null;
}

export function setUpAccount() {
  const form = $("account-form");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit(event.submitter && event.submitter.value === "up" ? "/api/accounts" : "/api/session");
  });
  $("account-cancel").addEventListener("click", () => $("account-dialog").close());
  $("notify-form").addEventListener("submit", (event) => {
    event.preventDefault();
    saveNotify();
  });
  $("notify-cancel").addEventListener("click", () => $("notify-dialog").close());
  whoAmI();
}
