// Rules in the page: ui.ruleText(id) and ui.explain(action) for the renderers, and a small popover with a rule's
// text for anything that names a rule — an element with data-rule="MIT-7.4", or a rule ID in an alert or the
// log (decorateRules wraps those). Hover, keyboard focus or a tap shows it; Escape, leaving or a tap elsewhere
// hides it.
import { ApiError, api, h } from "./common.js";
import { t } from "./i18n.js";

const books = new Map(); // game -> Promise<{pattern: RegExp|null, texts: Map<id, text>}>
let currentGame = null;

/** The game the page shows (table.js sets it): rule IDs are looked up in its rulebook. */
export function setGame(game) {
  if (game && game !== currentGame) {
    currentGame = game;
    book(game); // fetched ahead, so that the first hover has its answer at once
  }
}

function book(game) {
  if (!books.has(game)) {
    books.set(game, api(`/api/games/${encodeURIComponent(game)}/rules`).then(
      (answer) => ({
        pattern: answer.pattern ? new RegExp(`(?<![\\w-])(?:${answer.pattern})(?![\\w-]*\\w)`, "g") : null,
        texts: new Map(answer.rules.map((r) => [r.id, r.text])),
        departures: new Set(answer.rules.filter((r) => r.departure).map((r) => r.id)),
      }),
      () => {
        books.delete(game); // asked again next time
        return { pattern: null, texts: new Map(), departures: new Set() };
      },
    ));
  }
  return books.get(game);
}

/** The rule's text, or null (unknown ID, or the rulebook could not be fetched). */
export async function ruleText(ruleId, game = currentGame) {
  if (!ruleId || !game) return null;
  const found = await book(game);
  return found.texts.get(ruleId) ?? null;
}

/**
 * Would `action` be legal for this seat now? {legal, rule?, message?, rule_text?}; never plays it.
 * A malformed action (422) answers as an illegal one; no seat (a spectator) answers legal: false too.
 */
export async function explain(tableId, token, action) {
  if (!token) return { legal: false, rule: null, message: t("spectators have no moves"), rule_text: null };
  try {
    return await api(`/api/tables/${encodeURIComponent(tableId)}/check`, { method: "POST", body: { action }, token });
  } catch (exc) {
    if (exc instanceof ApiError && exc.status === 422) {
      return { legal: false, rule: exc.rule, message: exc.message, rule_text: await ruleText(exc.rule) };
    }
    throw exc;
  }
}

/** Wrap every rule ID in the text of `el` into a focusable reference (once the game's rulebook is known). */
export function decorateRules(el) {
  if (!currentGame) return;
  book(currentGame).then((found) => wrap(el, found));
}

function wrap(el, found) {
  if (!found.pattern) return;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) if (!walker.currentNode.parentElement.closest("[data-rule]")) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const text = node.nodeValue;
    found.pattern.lastIndex = 0;
    if (!found.pattern.test(text)) continue;
    found.pattern.lastIndex = 0;
    const parts = [];
    let at = 0;
    for (const m of text.matchAll(found.pattern)) {
      if (!found.texts.has(m[0])) continue;
      parts.push(text.slice(at, m.index), h("span", { class: "rule-ref", tabindex: "0", dataset: { rule: m[0] } }, m[0]));
      at = m.index + m[0].length;
    }
    if (!parts.length) continue;
    parts.push(text.slice(at));
    node.replaceWith(...parts.filter((p) => p !== ""));
  }
}

// -- the popover ------------------------------------------------------------------------------------
let pop = null; // the one popover element
let shownFor = null; // the element whose rule it shows
let ask = 0;

export function wireRulePopovers() {
  pop = h("div", { id: "rule-pop", class: "rule-pop", role: "tooltip", hidden: true });
  document.body.append(pop);
  const target = (event) => (event.target instanceof Element ? event.target.closest("[data-rule]") : null);
  document.addEventListener("mouseover", (event) => {
    const el = target(event);
    if (el && el !== shownFor) show(el);
  });
  document.addEventListener("mouseout", (event) => {
    const el = target(event);
    if (el && el === shownFor && !(event.relatedTarget instanceof Node && (el.contains(event.relatedTarget) || pop.contains(event.relatedTarget)))) {
      if (document.activeElement !== el) hide();
    }
  });
  document.addEventListener("focusin", (event) => {
    const el = target(event);
    if (el) show(el);
    else if (shownFor) hide();
  });
  document.addEventListener("focusout", (event) => {
    if (target(event) === shownFor) hide();
  });
  // a tap (no hover on a touch screen) shows it, a tap elsewhere hides it
  document.addEventListener("click", (event) => {
    const el = target(event);
    if (el) {
      if (el.classList.contains("rule-ref")) show(el);
    } else if (shownFor && !pop.contains(event.target)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shownFor) {
      hide();
      event.stopPropagation();
    }
  }, true);
  window.addEventListener("scroll", () => shownFor && place(shownFor), { passive: true });
}

async function show(el) {
  const id = el.dataset.rule;
  shownFor = el;
  const mine = ++ask;
  const known = el.dataset.ruleText || (await ruleText(id));
  if (mine !== ask || shownFor !== el) return;
  pop.replaceChildren(h("strong", {}, id), " ", known || t("(no text for this rule in the game's rulebook)"));
  pop.hidden = false;
  el.setAttribute("aria-describedby", "rule-pop");
  place(el);
}

function hide() {
  ask++;
  if (shownFor) shownFor.removeAttribute("aria-describedby");
  shownFor = null;
  if (pop) pop.hidden = true;
}

function place(el) {
  if (!el.isConnected) return hide();
  const r = el.getBoundingClientRect();
  const width = Math.min(360, document.documentElement.clientWidth - 16);
  pop.style.maxWidth = `${width}px`;
  const left = Math.max(8, Math.min(r.left, document.documentElement.clientWidth - width - 8));
  pop.style.left = `${left + window.scrollX}px`;
  const below = r.bottom + 6;
  const height = pop.offsetHeight;
  const top = below + height > window.innerHeight && r.top - height - 6 > 0 ? r.top - height - 6 : below;
  pop.style.top = `${top + window.scrollY}px`;
}
