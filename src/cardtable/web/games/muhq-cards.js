// muhq's cards and words: what a card costs and does, a permanent in words, the victory conditions and the
// legend. Shared by muhq.js (the table) and muhq-end.js (the story and the end).
import { h } from "../js/common.js";

export const PHASE_WORDS = { draft: "draft", start: "start phase", upkeep: "upkeep", action: "action phase", buy: "buy phase", end: "end phase" };
export const MODE_WORDS = {
  draft: "draft pick", drop: "dropping a pile", place_token: "placing a token", trigger: "declaring a trigger",
  priority: "priority", open: "open priority", upkeep: "paying upkeep", closing: "last activations",
  buy: "buying", discard: "discarding", over: "game over",
};
export const TERRAIN_WORDS = { normal: "normal field", deep_water: "deep water", high_ground: "high ground", wall: "wall" };
export const MARKERS = { paralysis: "para", poison: "poison", panic: "panic", rage: "rage", protection: "prot" };
export const ROLE_WORDS = { vip: "VIP", building: "building", victory_item: "victory item" };
export const TYPE_ICON = { unit: "●", artifact: "◆", equipment: "⚒" };
export const GROUPS = [
  ["turn", "Turn", ["end_activation", "end_action_phase", "skip_buy", "pass"]],
  ["upkeep", "Upkeep", ["pay_upkeep", "decline_upkeep"]],
  ["place", "Place", ["drop_place", "place_token"]],
  ["triggers", "Triggers", ["declare_trigger"]],
  ["units", "Unit actions", ["full_action", "equip", "swap", "carry", "clear_paralysis", "activate", "move", "attack"]],
  ["cards", "Cards", ["play_spell", "play_permanent"]],
  ["free", "Free actions", ["free_action", "universal_free_action"]],
  ["discard", "End of turn", ["end_discard"]],
];

export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
export const xy = (f) => `(${f[0]}, ${f[1]})`;
export const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

export function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

export function abbr(name) {
  const words = name.replace(/[^A-Za-z0-9 ]/g, "").split(/\s+/).filter(Boolean);
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

export function costWords(i, { buy = true } = {}) {
  const out = [];
  if (buy && i.buy !== undefined) out.push(`buy ${i.buy}`);
  if (i.play !== undefined) out.push(`play ${i.play}`);
  else if (i.type && !i.token) out.push("not playable");
  if (i.type === "unit") out.push(`upkeep ${i.upkeep ?? 0}`);
  return out;
}

export function attackWords(attack) {
  return attack && attack.length ? attack.map(([v, r]) => `${v}@R${r}`).join(" + ") : "none";
}

export function statWords(i) {
  const out = [];
  if (i.type === "unit") out.push(`life ${i.life}`, `move ${i.movement}`, `attack ${attackWords(i.attack)}`);
  if (i.solid !== undefined) out.push(`solid ${i.solid}`);
  if (i.durability) out.push(`durability ${i.durability}`);
  return out;
}

export function cardTitle(view, card) {
  const i = info(view, card);
  return [`${card.name} — ${i.type || "card"}`, [...costWords(i), ...statWords(i)].join(" · "), i.text || ""]
    .filter(Boolean).join("\n");
}

export function cardFace(view, card, { buy = true, text = true } = {}) {
  const i = info(view, card);
  return [
    h("span", { class: "mh-ctype" }, TYPE_ICON[i.type] ? `${TYPE_ICON[i.type]} ` : "", i.type || "card"),
    h("strong", { class: "mh-cname" }, card.name),
    h("span", { class: "mh-costs" }, costWords(i, { buy }).map((w) => h("span", { class: `mh-cost c-${w.split(" ")[0]}` }, w))),
    statWords(i).length ? h("span", { class: "mh-stats" }, statWords(i).join(" · ")) : null,
    text && i.text ? h("span", { class: "mh-text" }, i.text) : null,
  ];
}

export function seatCls(seat) {
  return seat === null || seat === undefined || seat < 0 ? "seat-n" : `seat-${seat % 6}`;
}

export function who(seat) {
  return seat === null || seat === undefined || seat < 0 ? "neutral" : `P${seat}`;
}

export function markerBadges(p) {
  return Object.entries(p.markers || {}).map(([m, n]) => badge(`${MARKERS[m] || m} ${n}`, `mh-marker m-${m}`, `${n} ${m} marker${n === 1 ? "" : "s"}`));
}

export function permWords(c, p) {
  const parts = [`${p.name} #${p.id}`, p.type];
  parts.push(p.controller === p.owner ? `of ${who(p.controller)}` : `controlled by ${who(p.controller)}, owned by ${who(p.owner)}`);
  if (p.field) parts.push(`at ${xy(p.field)}`);
  else if (p.base !== null && p.base !== undefined) parts.push(p.type === "equipment" ? `equipped to #${p.base}` : `crew of #${p.base}`);
  if (p.role) parts.push(ROLE_WORDS[p.role] || p.role);
  if (p.type === "unit") {
    parts.push(`damage ${p.damage || 0} of life ${p.life}`, `move ${p.movement}`, `attack ${attackWords(p.attack)}`);
    if (p.armor) parts.push(`armor ${p.armor}`);
    const i = c.view.cards[p.card];
    if (i && i.upkeep) parts.push(`upkeep ${i.upkeep}`);
  } else if (p.solid !== undefined) parts.push(`solid: damage ${p.damage || 0} of ${p.solid}`);
  if (p.durability !== undefined) parts.push(`durability ${p.durability}`);
  if (p.crew) parts.push(`crew ${p.pile.filter((m) => (c.byId.get(m) || {}).type === "unit").length}/${p.crew}`);
  for (const k of ["swimming", "veiled", "landmark"]) if (p[k]) parts.push(k);
  for (const [m, n] of Object.entries(p.markers || {})) parts.push(`${n} ${m}`);
  if (p.id === c.view.activation) parts.push("activated");
  if (p.tapped) parts.push("tapped");
  if (p.type === "unit") {
    const used = [p.move_used ? "move" : null, p.attack_used ? "attack" : null].filter(Boolean);
    if (used.length) parts.push(`${used.join(" and ")} used`);
  }
  return parts.join(" · ");
}

export function legend(v) {
  const kinds = new Set(v.board.fields.map((f) => f.type));
  const item = (cls, text) => h("li", {}, h("span", { class: `mh-swatch ${cls}`, "aria-hidden": "true" }), text);
  return h("ul", { class: "mh-legend", "aria-label": "Legend" },
    kinds.has("deep_water") ? item("t-deep_water", "deep water (swimming only)") : null,
    kinds.has("high_ground") ? item("t-high_ground", "high ground (+1 range for ranged)") : null,
    kinds.has("wall") ? item("t-wall", "wall") : null,
    h("li", {}, h("span", { class: "mh-tag spawn seat-0" }, "S0"), " spawn of P0"),
    v.board.fields.some((f) => f.income) ? h("li", {}, h("span", { class: "mh-tag income" }, "$1"), " income") : null,
    h("li", {}, h("span", { class: "badge mh-hp hurt" }, "1/2"), " damage/life"),
    h("li", {}, "● unit ◆ artifact ⚒ equipment; ★ on a small token: VIP; a tilted token is tapped"));
}

export function victory(view) {
  const perms = view.permanents;
  const role = (r) => perms.filter((p) => p.role === r);
  const items = view.victory.map((v) => {
    switch (v.kind) {
      case "vip":
        return [h("b", {}, "VIP"), `: lose your VIP (${role("vip").map((p) => `${p.name} of ${who(p.controller)}`).join(", ") || "gone"}) and you lose`, " (MUHQ-WIN-3)"];
      case "resource_race":
        return [h("b", {}, "Resource race"), `: ${v.target} resource wins; combat damage to an enemy unit steals ${v.combat_steal ?? 1}`, " (MUHQ-WIN-4)"];
      case "capture_points":
        return [h("b", {}, "Capture points"), `: ${v.target} VP win; each upkeep, score the areas where you have the most units (${Object.entries(view.board.areas || {}).map(([a, p]) => `${a.replace(/_/g, " ")} ${p}`).join(", ")})`, " (MUHQ-WIN-5)"];
      case "destroy_buildings":
        return [h("b", {}, "Buildings"), `: lose when all your buildings are gone (${role("building").map((p) => `${who(p.controller)} #${p.id}`).join(", ") || "none left"})`, " (MUHQ-WIN-6)"];
      case "victory_item":
        return [h("b", {}, "Victory item"), `: equip ${role("victory_item").map((p) => p.name).join("") || "the victory item"} and hold it until your next upkeep to win`, " (MUHQ-WIN-7)"];
      default:
        return [h("b", {}, v.kind)];
    }
  });
  if (!items.length) items.push([h("b", {}, "No victory condition"), " on this board"]);
  if (view.max_turns) items.push([h("b", {}, "Turn limit"), `: a draw after turn ${view.max_turns} (MUHQ-WIN-10)`]);
  const inc = view.board.income;
  return h("section", { class: "mh-victory", "aria-label": "Victory conditions" },
    h("ul", {}, items.map((parts) => h("li", {}, parts)),
      h("li", { class: "muted" }, `income ${inc.base} per upkeep${inc.per_unit ? ` + ${inc.per_unit} per unit` : ""} · hand size ${view.board.hand_size}`)));
}
