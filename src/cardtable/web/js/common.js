// Shared helpers of the lobby and the table page: DOM building, the JSON API, seat tokens, names.
import { lang, t } from "./i18n.js"; // (also the header's language switch) t() and tn() for every script

/**
 * h("button", {class: "x", onclick: fn, "aria-label": "…"}, "text", child, [more])
 * Props: class, text, dataset (object), on<event> (listener), booleans set/omit an attribute,
 * null/undefined/false are skipped. Children may be nodes, strings, numbers or nested arrays.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** An error the API answered with: `status`, `message` and the `rule` it cites (or null). */
export class ApiError extends Error {
  constructor(status, message, rule, data = null) {
    super(message);
    this.status = status;
    this.rule = rule ?? null;
    this.data = data; // the whole answer (a data file's problems, say)
  }
}

/** fetch JSON; a 4xx/5xx becomes an ApiError carrying the server's {error, rule}. */
export async function api(path, { method = "GET", body, token } = {}) {
  // the server's words (refusals, labels) in the page's language, also when it came from ?lang= and no cookie
  const headers = { Accept: "application/json", "Accept-Language": lang };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  if (method !== "GET") {
    // A signed-in browser sends its session cookie with every request: a changing one repeats the CSRF cookie.
    const csrf = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    if (csrf) headers["X-CSRFToken"] = decodeURIComponent(csrf.slice("csrftoken=".length));
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (exc) {
    throw new ApiError(0, t("the server cannot be reached ({reason})", { reason: exc.message }), null);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data && data.rule, data);
  }
  return data;
}

// -- seat tokens ----------------------------------------------------------------------------------
// The server hands out a seat's token exactly once, so it lives in localStorage, keyed by table and
// seat: a reload (or a later visit from the lobby) finds it again.
const PREFIX = "cardtable:token:";

export const tokens = {
  key: (table, seat) => `${PREFIX}${table}:${seat}`,
  get(table, seat) {
    try {
      return localStorage.getItem(this.key(table, seat));
    } catch {
      return null;
    }
  },
  set(table, seat, token) {
    try {
      localStorage.setItem(this.key(table, seat), token);
    } catch {
      /* private mode: the seat lasts as long as the page */
    }
  },
  remove(table, seat) {
    try {
      localStorage.removeItem(this.key(table, seat));
    } catch {
      /* ignore */
    }
  },
  /** The seats of `table` this browser holds a token for, ascending. */
  seats(table) {
    const found = [];
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key && key.startsWith(`${PREFIX}${table}:`)) found.push(Number(key.slice(`${PREFIX}${table}:`.length)));
      }
    } catch {
      /* ignore */
    }
    return found.filter(Number.isInteger).sort((a, b) => a - b);
  },
};

/** Join `seat` of `table` and keep its token. Throws ApiError (409 when taken or a bot's seat). */
export async function joinSeat(table, seat) {
  const answer = await api(`/api/tables/${encodeURIComponent(table)}/join`, { method: "POST", body: { seat } });
  tokens.set(table, seat, answer.token);
  return answer.token;
}

// -- names ----------------------------------------------------------------------------------------
/** "Seat 2", "You (seat 0)", "Seat 1 · heuristic bot" — how a seat is called on screen. */
export function seatName(summary, seat, mySeat, { long = false } = {}) {
  if (seat === mySeat) return long ? t("You (seat {seat})", { seat }) : t("You");
  const info = summary && summary.seats ? summary.seats[seat] : null;
  if (!long || !info) return t("Seat {seat}", { seat });
  return t("Seat {seat} · {kind}", { seat, kind: seatKind(info) });
}

export function seatKind(info) {
  if (info.kind !== "human") return t("{bot} bot", { bot: info.kind });
  if (info.takeover) return t("away — {bot} bot plays", { bot: info.takeover });
  if (!info.taken) return t("free");
  return info.connected ? t("player") : t("player (away)");
}

export function tableLink(table, seat) {
  return seat === null || seat === undefined ? `/table/${table}` : `/table/${table}?seat=${seat}`;
}

export function absoluteUrl(path) {
  return new URL(path, location.origin).href;
}

/** Copy text; falls back to selecting it in a prompt-free way when the clipboard API is refused. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}

/** A read-only field with a link and a Copy button (invite links). */
export function copyField(label, url) {
  const input = h("input", { type: "text", readonly: true, value: url, class: "copy-input", "aria-label": label });
  const status = h("span", { class: "copy-status", "aria-live": "polite" });
  const button = h(
    "button",
    {
      type: "button",
      class: "btn small",
      onclick: async () => {
        const ok = await copyText(url, input);
        status.textContent = ok ? t("copied") : t("select and copy");
        setTimeout(() => (status.textContent = ""), 2000);
      },
    },
    t("Copy"),
  );
  input.addEventListener("focus", () => input.select());
  return h("div", { class: "copy-field" }, h("span", { class: "copy-label" }, label), input, button, status);
}
