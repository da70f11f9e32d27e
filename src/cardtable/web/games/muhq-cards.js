// muhq's cards and words: what a card costs and does, a permanent in words, the victory conditions and the
// legend. Shared by muhq.js (the table) and muhq-end.js (the story and the end). Card names and texts come
// from the server's view, already in the reader's language; the words here go through the page's catalog.
import { h } from "../js/common.js";
import { t, tn, N_ } from "../js/i18n.js";

export const PHASE_WORDS = {
  draft: N_("draft"), start: N_("start phase"), upkeep: N_("upkeep"), action: N_("action phase"), buy: N_("buy phase"),
  end: N_("end phase"),
};
export const MODE_WORDS = {
  draft: N_("draft pick"), drop: N_("dropping a pile"), place_token: N_("placing a token"), trigger: N_("declaring a trigger"),
  priority: N_("priority"), open: N_("open priority"), upkeep: N_("paying upkeep"), closing: N_("last activations"),
  buy: N_("buying"), discard: N_("discarding"), over: N_("game over"),
};
export const TERRAIN_WORDS = { normal: N_("normal field"), deep_water: N_("deep water"), high_ground: N_("high ground"), wall: N_("wall") };
// the short words on a token's marker badges, and the marker's full name for its title
export const MARKERS = { paralysis: N_("para"), poison: N_("poison"), panic: N_("panic"), rage: N_("rage"), protection: N_("prot") };
export const MARKER_NAMES = { paralysis: N_("paralysis"), poison: N_("poison"), panic: N_("panic"), rage: N_("rage"), protection: N_("protection") };
export const ROLE_WORDS = { vip: N_("VIP"), building: N_("building"), victory_item: N_("victory item") };
export const TYPE_WORDS = { unit: N_("unit"), artifact: N_("artifact"), equipment: N_("equipment"), spell: N_("spell") };
export const TYPE_ICON = { unit: "●", artifact: "◆", equipment: "⚒" };
export const GROUPS = [
  ["turn", N_("Turn"), ["end_activation", "end_action_phase", "skip_buy", "pass"]],
  ["upkeep", N_("Upkeep"), ["pay_upkeep", "decline_upkeep"]],
  ["place", N_("Place"), ["drop_place", "place_token"]],
  ["triggers", N_("Triggers"), ["declare_trigger"]],
  ["units", N_("Unit actions"), ["full_action", "equip", "swap", "carry", "clear_paralysis", "activate", "move", "attack"]],
  ["cards", N_("Cards"), ["play_spell", "play_permanent"]],
  ["free", N_("Free actions"), ["free_action", "universal_free_action"]],
  ["discard", N_("End of turn"), ["end_discard"]],
];

/** A key's word from one of the tables above in the reader's language (an unknown key as it is). */
export const word = (table, key) => (key in table ? t(table[key]) : String(key));
export const typeWord = (type) => (type ? word(TYPE_WORDS, type) : t("card"));
export const xy = (f) => `(${f[0]}, ${f[1]})`;
export const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

export function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

export function abbr(name) {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, "").split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 3).map((w) => w[0]).join("").toUpperCase();
  return (words[0] || name).slice(0, 3);
}

export function info(view, card) {
  return (view.cards && view.cards[card.card]) || { name: card.name, type: card.type };
}

export function findCard(view, id) {
  for (const p of view.players) {
    for (const zone of ["hand", "store", "discard", "pending", "drafted"]) {
      const c = Array.isArray(p[zone]) ? p[zone].find((x) => x.id === id) : null;
      if (c) return c;
    }
  }
  return (view.pack || []).find((x) => x.id === id) || view.permanents.find((x) => x.id === id) || null;
}

/** A card's costs as [kind, words] (the kind is its CSS class: c-buy, c-play, c-not, c-upkeep). */
export function costParts(i, { buy = true } = {}) {
  const out = [];
  if (buy && i.buy !== undefined) out.push(["buy", t("buy {n}", { n: i.buy })]);
  if (i.play !== undefined) out.push(["play", t("play {n}", { n: i.play })]);
  else if (i.type && !i.token) out.push(["not", t("not playable")]);
  if (i.type === "unit") out.push(["upkeep", t("upkeep {n}", { n: i.upkeep ?? 0 })]);
  return out;
}

export function costWords(i, options) {
  return costParts(i, options).map(([, w]) => w);
}

export function attackWords(attack) {
  return attack && attack.length ? attack.map(([v, r]) => `${v}@R${r}`).join(" + ") : t("none");
}

export function statWords(i) {
  const out = [];
  if (i.type === "unit") out.push(t("life {n}", { n: i.life }), t("move {n}", { n: i.movement }), t("attack {attack}", { attack: attackWords(i.attack) }));
  if (i.solid !== undefined) out.push(t("solid {n}", { n: i.solid }));
  if (i.durability) out.push(t("durability {n}", { n: i.durability }));
  return out;
}

export function cardTitle(view, card) {
  const i = info(view, card);
  return [`${card.name} — ${typeWord(i.type)}`, [...costWords(i), ...statWords(i)].join(" · "), i.text || ""]
    .filter(Boolean).join("\n");
}

export function cardFace(view, card, { buy = true, text = true } = {}) {
  const i = info(view, card);
  return [
    h("span", { class: "mh-ctype" }, TYPE_ICON[i.type] ? `${TYPE_ICON[i.type]} ` : "", typeWord(i.type)),
    h("strong", { class: "mh-cname" }, card.name),
    h("span", { class: "mh-costs" }, costParts(i, { buy }).map(([kind, w]) => h("span", { class: `mh-cost c-${kind}` }, w))),
    statWords(i).length ? h("span", { class: "mh-stats" }, statWords(i).join(" · ")) : null,
    text && i.text ? h("span", { class: "mh-text" }, i.text) : null,
  ];
}

export function seatCls(seat) {
  return seat === null || seat === undefined || seat < 0 ? "seat-n" : `seat-${seat % 6}`;
}

export function who(seat) {
  return seat === null || seat === undefined || seat < 0 ? t("neutral") : `P${seat}`;
}

/** 'P0 and P1', 'P0, P1 and P2' in the reader's language. */
export function andList(names) {
  if (names.length < 2) return names.join("");
  return t("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

export function markerBadges(p) {
  return Object.entries(p.markers || {}).map(([m, n]) => badge(`${word(MARKERS, m)} ${n}`, `mh-marker m-${m}`,
    tn("{n} {marker} marker", "{n} {marker} markers", n, { marker: word(MARKER_NAMES, m) })));
}

export function permWords(c, p) {
  const parts = [`${p.name} #${p.id}`, typeWord(p.type)];
  parts.push(p.controller === p.owner ? t("of {seat}", { seat: who(p.controller) })
    : t("controlled by {controller}, owned by {owner}", { controller: who(p.controller), owner: who(p.owner) }));
  if (p.field) parts.push(t("at {field}", { field: xy(p.field) }));
  else if (p.base !== null && p.base !== undefined) parts.push(p.type === "equipment" ? t("equipped to #{id}", { id: p.base }) : t("crew of #{id}", { id: p.base }));
  if (p.role) parts.push(word(ROLE_WORDS, p.role));
  if (p.type === "unit") {
    parts.push(t("damage {damage} of life {life}", { damage: p.damage || 0, life: p.life }), t("move {n}", { n: p.movement }),
      t("attack {attack}", { attack: attackWords(p.attack) }));
    if (p.armor) parts.push(t("armor {n}", { n: p.armor }));
    const i = c.view.cards[p.card];
    if (i && i.upkeep) parts.push(t("upkeep {n}", { n: i.upkeep }));
  } else if (p.solid !== undefined) parts.push(t("solid: damage {damage} of {solid}", { damage: p.damage || 0, solid: p.solid }));
  if (p.durability !== undefined) parts.push(t("durability {n}", { n: p.durability }));
  if (p.crew) parts.push(t("crew {crew}/{places}", { crew: p.pile.filter((m) => (c.byId.get(m) || {}).type === "unit").length, places: p.crew }));
  if (p.swimming) parts.push(t("swimming"));
  if (p.veiled) parts.push(t("veiled"));
  if (p.landmark) parts.push(t("landmark"));
  for (const [m, n] of Object.entries(p.markers || {})) parts.push(t("{n} {marker}", { n, marker: word(MARKER_NAMES, m) }));
  if (p.id === c.view.activation) parts.push(t("activated"));
  if (p.tapped) parts.push(t("tapped"));
  if (p.type === "unit") {
    if (p.move_used && p.attack_used) parts.push(t("move and attack used"));
    else if (p.move_used) parts.push(t("move used"));
    else if (p.attack_used) parts.push(t("attack used"));
  }
  return parts.join(" · ");
}

export function legend(v) {
  const kinds = new Set(v.board.fields.map((f) => f.type));
  const item = (cls, text) => h("li", {}, h("span", { class: `mh-swatch ${cls}`, "aria-hidden": "true" }), text);
  return h("ul", { class: "mh-legend", "aria-label": t("Legend") },
    kinds.has("deep_water") ? item("t-deep_water", t("deep water (swimming only)")) : null,
    kinds.has("high_ground") ? item("t-high_ground", t("high ground (+1 range for ranged)")) : null,
    kinds.has("wall") ? item("t-wall", t("wall")) : null,
    h("li", {}, h("span", { class: "mh-tag spawn seat-0" }, "S0"), " ", t("spawn of P0")),
    v.board.fields.some((f) => f.income) ? h("li", {}, h("span", { class: "mh-tag income" }, "$1"), " ", t("income")) : null,
    h("li", {}, h("span", { class: "badge mh-hp hurt" }, "1/2"), " ", t("damage/life")),
    h("li", {}, t("● unit ◆ artifact ⚒ equipment; ★ on a small token: VIP; a tilted token is tapped")));
}

export function victory(view) {
  const perms = view.permanents;
  const role = (r) => perms.filter((p) => p.role === r);
  const items = view.victory.map((v) => {
    switch (v.kind) {
      case "vip": {
        const vips = role("vip").map((p) => t("{name} of {seat}", { name: p.name, seat: who(p.controller) })).join(", ") || t("gone");
        return [h("b", {}, t("VIP")), ": ", t("lose your VIP ({vips}) and you lose", { vips }), " (MUHQ-WIN-3)"];
      }
      case "resource_race":
        return [h("b", {}, t("Resource race")), ": ", t("{target} resource wins; combat damage to an enemy unit steals {steal}", { target: v.target, steal: v.combat_steal ?? 1 }), " (MUHQ-WIN-4)"];
      case "capture_points": {
        const areas = Object.entries(view.board.areas || {}).map(([a, p]) => `${a.replace(/_/g, " ")} ${p}`).join(", ");
        return [h("b", {}, t("Capture points")), ": ", t("{target} VP win; each upkeep, score the areas where you have the most units ({areas})", { target: v.target, areas }), " (MUHQ-WIN-5)"];
      }
      case "destroy_buildings": {
        const buildings = role("building").map((p) => `${who(p.controller)} #${p.id}`).join(", ") || t("none left");
        return [h("b", {}, t("Buildings")), ": ", t("lose when all your buildings are gone ({buildings})", { buildings }), " (MUHQ-WIN-6)"];
      }
      case "victory_item": {
        const item = role("victory_item").map((p) => p.name).join("") || t("the victory item");
        return [h("b", {}, t("Victory item")), ": ", t("equip {item} and hold it until your next upkeep to win", { item }), " (MUHQ-WIN-7)"];
      }
      default:
        return [h("b", {}, v.kind)];
    }
  });
  if (!items.length) items.push([h("b", {}, t("No victory condition")), " ", t("on this board")]);
  if (view.max_turns) items.push([h("b", {}, t("Turn limit")), ": ", t("a draw after turn {turn}", { turn: view.max_turns }), " (MUHQ-WIN-10)"]);
  const inc = view.board.income;
  const income = inc.per_unit ? t("income {base} per upkeep + {per_unit} per unit", { base: inc.base, per_unit: inc.per_unit })
    : t("income {base} per upkeep", { base: inc.base });
  return h("section", { class: "mh-victory", "aria-label": t("Victory conditions") },
    h("ul", {}, items.map((parts) => h("li", {}, parts)),
      h("li", { class: "muted" }, `${income} · ${t("hand size {n}", { n: view.board.hand_size })}`)));
}
