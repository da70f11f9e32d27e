// The Mítosz board drawn for direct play: each player's god, spheres, power, nation grid (with the empty
// cells a nation may be placed on, while one is picked) and leaders; the shared intrigues, fates, lingering
// maneuvers and effects; the stack and the fight. Whatever can be clicked carries data-k (its key in
// mitosz-pick.js) through cx.target(); cards carry their whole text in data-tip (mitosz-tip.js).
import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";
import { CARDS, linkName } from "./mitosz-cards.js";

// [class name, letter as the costs write it, the word]
// (the letter as the costs write it: the same "M{n}" as the engine's catalog, the cards' notation)
export const SPHERES = [["magic", t("M{n}", { n: "" }), t("magic")], ["influence", t("I{n}", { n: "" }), t("influence")],
  ["wealth", t("W{n}", { n: "" }), t("wealth")], ["force", t("F{n}", { n: "" }), t("force")]];
// a road's edge in a sentence ("Weg N", "N oldali út"), as the engine's catalog writes it
const ROAD_WORDS = { N: t("N"), E: t("E"), S: t("S"), W: t("W") };
export const roadWord = (d) => ROAD_WORDS[d] || d;
// a road with its level in a list of roads ("N1 E2"; the board's letters in every language so far)
const ROAD_MARKS = { N: (level) => t("N{level}", { level }), E: (level) => t("E{level}", { level }),
  S: (level) => t("S{level}", { level }), W: (level) => t("W{level}", { level }) };
export const roadList = (roads) => Object.entries(roads).map(([d, l]) => (ROAD_MARKS[d] ? ROAD_MARKS[d](l) : `${d}${l}`)).join(" ");
const TYPE_WORDS = {
  high_god: t("high god"), nation: t("nation"), location: t("location"), leader: t("leader"), item: t("item"),
  intrigue: t("intrigue"), fate: t("fate"), supply: t("supply"), free_maneuver: t("free maneuver"), card: t("card"),
};
// the subtypes as the rulebook's section 8 names them
const SUBTYPE_WORDS = {
  forest: t("forest"), mountain: t("mountain"), deep: t("deep"), swamp: t("swamp"), steppe: t("steppe"),
  polar: t("polar"), desert: t("desert"), urban: t("urban"), aquatic: t("aquatic"), shapeshifter: t("shapeshifter"),
  demon: t("demon"), undead: t("undead"), sprite: t("sprite"), giant: t("giant"), dragon: t("dragon"), dwarf: t("dwarf"),
  elf: t("elf"), region: t("region"), building: t("building"), shrine: t("shrine"), fortress: t("fortress"),
  warlord: t("warlord"), mount: t("mount"), hero: t("hero"), god: t("god"), monster: t("monster"), ruler: t("ruler"),
  relic: t("relic"), weapon: t("weapon"), potion: t("potion"), armor: t("armor"), strike: t("strike"), beast: t("beast"),
  troop: t("troop"), war_machine: t("war machine"), sage: t("sage"), charm: t("charm"), enchanter: t("enchanter"),
  song: t("song"), bard: t("bard"), life: t("life"), healer: t("healer"), earth: t("earth"), death: t("death"),
  necromancer: t("necromancer"), priest: t("priest"), prophecy: t("prophecy"), seer: t("seer"), craft: t("craft"),
  air: t("air"), flying: t("flying"), rune: t("rune"), scribe: t("scribe"), fire: t("fire"), spell: t("spell"),
  wizard: t("wizard"), water: t("water"),
};
const ROW_WORDS = { front: t("front"), auxiliary: t("auxiliary"), reserve: t("reserve") };
const SUPPLY_MODES = { level: t("level"), maneuvers: t("maneuvers") };
const STAGE_WORDS = {
  rounds: t("fight rounds"), commander: t("naming the defending commander"), monsters: t("monsters return"),
  outcome: t("the outcome"), compare: t("comparing the armies"),
};
const EFFECT_WORDS = {
  modify_level: t("level"), modify_base_level: t("base level"), modify_road: t("road level"), close_road: t("closed road"),
  grant_immunity: t("immunity"), grant_subtype: t("subtype"), grant_fate_use: t("may use a fate"), modify_army: t("army level"),
  modify_cost: t("cost"), modify_hand_size: t("hand size"), modify_power_points: t("power points"),
  neutralize_ability: t("ability neutralized"), restrict: t("restriction"), set_card_type: t("card type"), steal: t("stolen"),
};

export const typeWord = (x) => TYPE_WORDS[x || "card"] || String(x).replace(/_/g, " ");
export const subtypeWord = (x) => SUBTYPE_WORDS[x] || String(x).replace(/_/g, " ");
export const info = (card) => (card && CARDS[card.card]) || null;
export const cardsName = (cid) => CARDS[cid].name;
/** A card's user requirements: "hero + wizard or priest". */
export const requirementWords = (groups) => groups.map((g) => g.map(subtypeWord).join(" + ")).join(t(" or "));

export function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

/** A card's whole text: name, type, cost, level, power points, its abilities, links (the tooltip's text). */
export function cardText(card) {
  const c = info(card);
  if (!c) return card.name;
  const parts = [`${card.name} — ${typeWord(c.type)}${c.subtypes.length ? ` (${c.subtypes.map(subtypeWord).join(", ")})` : ""}`];
  const stats = [];
  if (c.cost_label) stats.push(t("cost {cost}", { cost: c.cost_label }));
  if (c.level !== null && c.level !== undefined) stats.push(t("level {level}", { level: c.level }));
  if (c.power_points) stats.push(tn("{n} power point", "{n} power points", c.power_points));
  if (c.roads && Object.keys(c.roads).length) stats.push(t("roads {roads}", { roads: roadList(c.roads) }));
  if (c.sphere_max) stats.push(t("spheres {max}", { max: c.sphere_max.join("/") }));
  if (stats.length) parts.push(stats.join(" · "));
  for (const line of c.text) parts.push(line);
  if (c.requirements && c.requirements.length) parts.push(t("user: {groups}", { groups: requirementWords(c.requirements) }));
  if (c.duration) parts.push(tn("lasts {n} round", "lasts {n} rounds", c.duration));
  if (c.links.length) parts.push(t("links: {cards}", { cards: c.links.map(linkName).join(", ") }));
  if (c.flavor) parts.push(c.flavor);
  return parts.join("\n");
}

export function flags(card, cx) {
  const out = [];
  if (card.rotated) out.push(t("rotated"));
  if (card.spent) out.push(t("spent"));
  if (card.neutralized) out.push(t("neutralized"));
  if (card.dormant) out.push(t("dormant"));
  for (const [kind, n] of Object.entries(card.tokens || {})) out.push(tn("{n} {kind} token", "{n} {kind} tokens", n, { kind }));
  if (card.controller !== undefined && card.controller !== card.owner) out.push(t("owned by {player}", { player: cx.pn(card.owner) }));
  return out;
}

/** A card on the board: name, level, power points, flags, what is attached. */
export function boardCard(card, cx, small = false) {
  const c = info(card);
  const f = flags(card, cx);
  const pp = c && c.power_points;
  return h("div", cx.target(`c:${card.id}`, {
    class: `mz-card t-${card.type}${card.rotated ? " rotated" : ""}${card.neutralized ? " neutralized" : ""}${small ? " small" : ""}`,
    tip: cardText(card), id: card.id, label: cx.nameOf(card),
  }),
  h("span", { class: "mz-cname" }, cx.nameOf(card)),
  h("span", { class: "mz-cstats" },
    card.level !== undefined && card.level !== null ? h("span", { class: "mz-level" }, t("L{level}", { level: card.level })) : null,
    pp ? h("span", { class: "mz-pp" }, t("{n} PP", { n: pp })) : null,
    f.length ? h("span", { class: "mz-flags" }, f.join(", ")) : null),
  (card.attached || []).length
    ? h("div", { class: "mz-attached" }, card.attached.map((a) => boardCard(a, cx, true)))
    : null);
}

// -- a player ---------------------------------------------------------------------------------------
export function playerPanel(cx, p) {
  const { msg, ui } = cx;
  const v = msg.view;
  const me = msg.seat;
  const seat = p.seat;
  const table = msg.table.seats[seat] || {};
  const winners = v.result ? v.result.winners || [] : [];
  const acting = v.to_act === seat && !v.result;
  const afterworld = p.afterworld.map((c) => c.name).join(", ") || t("empty");
  return h("section", {
    class: `seat mz-seat${seat === me ? " me" : ""}${acting ? " to-play" : ""}${winners.includes(seat) ? " winner" : ""}`,
    "aria-label": `P${seat} · ${ui.seatName(seat, { long: true })}`,
    dataset: { seat },
  },
  h("div", { class: "seat-head" },
    h("span", { class: "seat-name" }, acting ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null,
      // the board's texts and the log call seats P0, P1 …: the head ties that number to the page's seat name
      `P${seat} · ${ui.seatName(seat)}`),
    table.kind && table.kind !== "human" ? badge(table.kind, "bot", t("played by the {bot} bot", { bot: table.kind })) : null,
    table.takeover ? badge(t("{bot} bot stands in", { bot: table.takeover }), "bot") : null,
    v.active === seat && !v.result ? badge(t("active"), "mz-active", t("whose turn it is")) : null,
    acting ? badge(t("to act"), "turn") : null,
    winners.includes(seat) ? badge(t("winner"), "winner") : null,
    h("span", { class: "mz-deckname", title: p.deck_name }, p.deck_title || p.deck_name)),
  godRow(cx, p),
  h("div", { class: "mz-piles" },
    h("span", {}, t("deck {n}", { n: p.deck })),
    h("span", { class: "mz-handcount" }, t("hand {n}", { n: p.hand_count }), h("span", { class: "muted" }, " ", t("(size {n})", { n: p.hand_size }))),
    h("span", { class: "mz-afterworld", "data-tip": t("Afterworld (top first): {cards}", { cards: afterworld }), tabindex: p.afterworld.length ? 0 : null },
      t("afterworld {n}", { n: p.afterworld.length }), p.afterworld.length ? h("span", { class: "mz-top" }, ", ", t("top {card}", { card: p.afterworld[0].name })) : null),
    p.oblivion.length ? h("span", { "data-tip": t("Oblivion: {cards}", { cards: p.oblivion.map((c) => c.name).join(", ") }), tabindex: 0 }, t("oblivion {n}", { n: p.oblivion.length })) : null),
  h("div", { class: "mz-area" },
    h("h3", {}, t("Nations ({n})", { n: p.nations.length }), p.nation_placed ? h("span", { class: "muted" }, " · ", t("one placed this turn")) : null),
    grid(cx, p)),
  h("div", { class: "mz-area" },
    h("h3", {}, t("Leaders ({n} of {limit})", { n: p.leaders.length, limit: p.leader_limit })),
    p.leaders.length
      ? h("div", { class: "mz-cards" }, p.leaders.map((c) => boardCard(c, cx)))
      : h("p", { class: "empty" }, t("none"))));
}

function godRow(cx, p) {
  const v = cx.msg.view;
  const pct = Math.min(100, Math.round((100 * p.power) / v.win_target));
  const god = p.god;
  return h("div", { class: "mz-god" },
    h("div", cx.target(`c:${god.id}`, { class: "mz-godcard", tip: cardText(god), id: god.id, label: t("high god {card}", { card: god.name }) }),
      h("span", { class: "mz-type" }, t("high god")),
      h("strong", {}, god.name),
      (god.attached || []).length ? h("div", { class: "mz-attached" }, god.attached.map((a) => boardCard(a, cx, true))) : null),
    h("ul", { class: "mz-spheres", "aria-label": t("spheres") },
      SPHERES.map(([name, letter, word], i) =>
        h("li", { class: `mz-sphere s-${name}${cx.changedSphere(p.seat, i) ? " mz-changed" : ""}`, title: t("{sphere}: {n} of {max}", { sphere: word, n: p.spheres[i], max: p.sphere_max[i] }) },
          h("span", { class: "mz-letter", "aria-hidden": "true" }, letter),
          h("span", { class: "mz-sname" }, word),
          h("span", { class: "mz-sval" }, `${p.spheres[i]}/${p.sphere_max[i]}`)))),
    h("div", { class: `mz-power${p.power >= v.win_target ? " reached" : ""}${cx.changedPower(p.seat) ? " mz-changed" : ""}`, role: "img", "aria-label": t("{n} of {target} power points", { n: p.power, target: v.win_target }) },
      h("span", { class: "mz-power-text", "aria-hidden": "true" }, h("span", { class: "mz-pw-word" }, t("power"), " "), `${p.power}/${v.win_target}`,
        h("span", { class: "mz-pw-unit" }, " ", t("PP"))),
      h("span", { class: "mz-bar", "aria-hidden": "true" }, h("span", { style: `width:${pct}%` }))),
    p.hold
      ? h("p", { class: "mz-hold" }, t("Holding since turn {turn}: wins at the start of {player}'s next turn if still {target}+", { turn: p.hold.since_turn, player: cx.pn(p.hold.anchor), target: v.win_target }), " (MIT-1.1.1)")
      : null);
}

// -- the nation grid --------------------------------------------------------------------------------
function road(cx, n, dir, r) {
  if (!r) return null;
  const words = r.closed ? t("{dir} road of {card}, level {level}, closed", { dir: roadWord(dir), card: n.name, level: r.level })
    : t("{dir} road of {card}, level {level}, free", { dir: roadWord(dir), card: n.name, level: r.level });
  return h("span", cx.target(`road:${n.id}:${dir}`, {
    class: `mz-road r-${dir}${r.closed ? " closed" : ""}`, label: words, tip: words,
  }), `${r.closed ? "×" : ""}${r.level}`);
}

function grid(cx, p) {
  const nations = p.nations;
  const cells = p.seat === cx.msg.seat ? cx.cells() : []; // empty cells a picked nation may go to
  if (!nations.length && !cells.length) return h("p", { class: "empty" }, t("no nations yet"));
  const xs = nations.map((n) => n.x).concat(cells.map((c) => c[0]));
  const ys = nations.map((n) => n.y).concat(cells.map((c) => c[1]));
  const x0 = Math.min(...xs);
  const y1 = Math.max(...ys);
  const cols = Math.max(...xs) - x0 + 1;
  const rows = y1 - Math.min(...ys) + 1;
  return h("div", { class: "mz-gridwrap" },
    h("div", {
      class: "mz-grid", role: "group", "aria-label": t("nation grid of P{seat}, {cols} by {rows} cells, north up", { seat: p.seat, cols, rows }),
      style: `--cols: ${cols}`,
    },
    nations.map((n) => {
      const roads = Object.entries(n.roads).map(([d, r]) => (r.closed ? t("{dir} level {level} closed", { dir: roadWord(d), level: r.level }) : t("{dir} level {level}", { dir: roadWord(d), level: r.level }))).join(", ");
      const label = t("{card} at ({x}, {y}); roads: {roads}", { card: n.name, x: n.x, y: n.y, roads: roads || t("none") });
      const c = info(n);
      return h("div", cx.target(`c:${n.id}`, {
        class: `mz-nation${n.rotated ? " rotated" : ""}`, label, tip: cardText(n), id: n.id,
        style: `grid-column: ${n.x - x0 + 1}; grid-row: ${y1 - n.y + 1}`,
      }),
      ["N", "E", "S", "W"].map((d) => road(cx, n, d, n.roads[d])),
      h("span", { class: "mz-xy" }, `${n.x},${n.y}`),
      h("strong", { class: "mz-cname" }, cx.nameOf(n)),
      h("span", { class: "mz-cstats" },
        n.level !== undefined && n.level !== null ? h("span", { class: "mz-level" }, t("L{level}", { level: n.level })) : null,
        c && c.power_points ? h("span", { class: "mz-pp" }, t("{n} PP", { n: c.power_points })) : null,
        flags(n, cx).length ? h("span", { class: "mz-flags" }, flags(n, cx).join(", ")) : null),
      (n.attached || []).map((a) => h("span", cx.target(`c:${a.id}`, { class: "mz-loc", tip: cardText(a), id: a.id, label: a.name }),
        "+ ", cx.nameOf(a), a.rotated ? ` (${t("rotated")})` : "")));
    }),
    cells.map(([x, y]) => h("div", cx.target(`cell:${x},${y}`, {
      class: "mz-cell", label: t("place it at ({x}, {y})", { x, y }), style: `grid-column: ${x - x0 + 1}; grid-row: ${y1 - y + 1}`,
    }), h("span", {}, `(${x}, ${y})`)))),
    // the road marks explained once, under the first grid (every grid had its own copy)
    cx.firstGrid() ? h("p", { class: "mz-legend" },
      h("span", { class: "mz-road-sample" }, "2"), " ", t("a free road and its level (attacks come through these)"), " · ",
      h("span", { class: "mz-road-sample closed" }, "×2"), " ", t("a closed road: an own nation next to it, or an effect"), " (MIT-3.2.2.a)") : null);
}

// -- shared areas -----------------------------------------------------------------------------------
export function shared(cx) {
  const v = cx.msg.view;
  const list = (cards) => cards.length
    ? h("div", { class: "mz-cards" }, cards.map((c) => h("div", { class: "mz-with-owner" },
      boardCard(c, cx), h("span", { class: "muted" }, ` ${cx.pn(c.controller ?? c.owner)}`))))
    : h("span", { class: "empty" }, t("none"));
  // an effect is listed once: a lasting fate's or lingering maneuver's effect sits with its card there
  const shown = new Set([...v.fates, ...v.lingering].map((c) => c.name));
  const effect = (e) => {
    const value = e.value === null || e.value === undefined || (Array.isArray(e.value) && !e.value.length) ? "" : ` ${Array.isArray(e.value) ? e.value.join(", ") : e.value}`;
    return t("{effect} on {on}, {ends}", { effect: `${EFFECT_WORDS[e.kind] || e.kind.replace(/_/g, " ")}${value}`, on: e.on, ends: e.ends });
  };
  const seen = new Set();
  const effects = v.effects.filter((e) => {
    const key = `${e.source}|${effect(e)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const own = effects.filter((e) => !shown.has(e.source));
  const withCard = (cards) => cards.length
    ? h("div", { class: "mz-cards" }, cards.map((c) => h("div", { class: "mz-with-owner" },
      boardCard(c, cx), h("span", { class: "muted" }, ` ${cx.pn(c.controller ?? c.owner)}`),
      effects.filter((e) => e.source === c.name).map((e) => h("span", { class: "mz-effect-note" }, effect(e))))))
    : null;
  return h("section", { class: "mz-shared", "aria-label": t("Intrigues, fates, lingering maneuvers and effects") },
    h("div", { class: "mz-area" }, h("h3", {}, t("Intrigues ({n} of {limit})", { n: v.intrigues.length, limit: v.intrigue_limit })), list(v.intrigues)),
    v.fates.length ? h("div", { class: "mz-area" }, h("h3", {}, t("Fates")), withCard(v.fates)) : null,
    v.lingering.length ? h("div", { class: "mz-area" }, h("h3", {}, t("Lingering maneuvers")), withCard(v.lingering)) : null,
    own.length
      ? h("div", { class: "mz-area" }, h("h3", {}, t("Effects")),
        h("ul", { class: "mz-effects" }, own.map((e) => h("li", {}, h("strong", {}, e.source), `: ${effect(e)}`))))
      : null);
}

// The fight in progress (MIT-7.4, MIT-7.6): both armies by row, their levels and supplies, the result.
export function fight(cx) {
  const { msg } = cx;
  const f = msg.view.fight;
  if (!f) return null;
  const mine = f.attacker === msg.seat;
  const params = { attacker: `P${f.attacker}`, nation: f.nation ? f.nation.name : "", road: roadWord(f.road), level: f.road_level, defender: cx.pn(f.defender) };
  const title = f.kind === "battle"
    ? (mine ? t("Battle: You attack {nation} through its {road} road (level {level})", params)
      : t("Battle: {attacker} attacks {nation} through its {road} road (level {level})", params))
    : (mine ? t("Duel: You challenge {defender}", params) : t("Duel: {attacker} challenges {defender}", params));
  const army = (side, label) => {
    const a = f.sides[side];
    return h("div", { class: `mz-army mz-army-${side}` },
      h("h4", {}, t("{side} — {player} · level {level}", { side: label, player: cx.pn(a.player), level: a.level })),
      h("ul", {}, a.rows.filter((r) => r.leader || r.supplies.length).map((r) =>
        h("li", {}, h("b", {}, `${ROW_WORDS[r.row] || r.row}: `),
          r.leader ? `${r.leader.name} ${r.leader_level}` : t("no leader"),
          ...r.supplies.map((c) => ` + ${c.name} ${c.fight_level}${c.mode === "full" ? "" : ` (${SUPPLY_MODES[c.mode] || c.mode})`}`),
          f.kind === "battle" ? h("span", { class: "muted" }, ` [${r.supplies.length}/${r.capacity}]`) : null))));
  };
  const result = f.compared
    ? h("p", { class: "mz-fight-result" }, t("Compared {a} against {b}: {winner}", {
      a: f.compared[0], b: f.compared[1],
      winner: { att: t("the attacker wins"), def: t("the defender wins") }[f.winner] || t("a draw"),
    }))
    : null;
  return h("section", { class: "mz-fight", "aria-label": t("The fight") },
    h("h3", {}, `${title} · ${STAGE_WORDS[f.stage] || f.stage.replace(/_/g, " ")}`),
    army("att", f.kind === "battle" ? t("Attacker") : t("Challenger")),
    army("def", f.kind === "battle" ? t("Defender") : t("Challenged")),
    result);
}

// The stack, top last: "P1 uses …", "P0 (you) plays …" (the item's text names its player once).
export function stack(cx) {
  const v = cx.msg.view;
  if (!v.stack.length) return null;
  const n = v.stack.length;
  return h("section", { class: "mz-stack", "aria-label": t("The stack, top last") },
    h("h3", {}, t("The stack ({n}) — resolves from the top", { n })),
    h("ol", {}, v.stack.map((it, i) => {
      let text = it.text || `${it.kind} ${it.card ? it.card.name : ""}`;
      const prefix = `P${it.player} `;
      if (text.startsWith(prefix)) text = text.slice(prefix.length);
      return h("li", cx.target(`c:${it.id}`, {
        class: `${i === n - 1 ? "top" : ""}${it.neutralized ? " neutralized" : ""}`,
        tip: it.card ? cardText(it.card) : text, label: `${cx.pn(it.player)} ${text}`,
      }),
      h("span", { class: "mz-who" }, cx.pn(it.player)),
      " ", text,
      it.kind === "summon" || it.kind === "nation" ? h("span", { class: "muted" }, ` (${typeWord(it.card.type)})`) : null,
      it.neutralized ? [" ", badge(t("neutralized"), "mz-neut")] : null,
      i === n - 1 ? [" ", badge(t("top"), "turn")] : null);
    })));
}

/** name -> Set of instance ids in view, to tell two copies apart (#id). */
export function namesSeen(view) {
  const seen = new Map();
  const add = (c) => {
    if (!c) return;
    if (!seen.has(c.name)) seen.set(c.name, new Set());
    seen.get(c.name).add(c.id);
    for (const a of c.attached || []) add(a);
  };
  for (const p of view.players) {
    add(p.god);
    for (const g of ["nations", "leaders", "hand", "afterworld", "oblivion"]) for (const c of p[g] || []) add(c);
  }
  for (const g of ["intrigues", "fates", "lingering"]) for (const c of view[g]) add(c);
  for (const it of view.stack) {
    add(it.card);
    add(it.user);
  }
  return seen;
}
