// The Mítosz board drawn for direct play: each player's god, spheres, power, nation grid (with the empty
// cells a nation may be placed on, while one is picked) and leaders; the shared intrigues, fates, lingering
// maneuvers and effects; the stack and the fight. Whatever can be clicked carries data-k (its key in
// mitosz-pick.js) through cx.target(); cards carry their whole text in data-tip (mitosz-tip.js).
import { h } from "../js/common.js";
import { CARDS } from "./mitosz-cards.js";

export const SPHERES = [["magic", "M"], ["influence", "I"], ["wealth", "W"], ["force", "F"]];
const TYPE_WORDS = { high_god: "high god", free_maneuver: "free maneuver" };

export const typeWord = (t) => TYPE_WORDS[t] || String(t || "card").replace(/_/g, " ");
export const info = (card) => (card && CARDS[card.card]) || null;

export function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

/** A card's whole text: name, type, cost, level, power points, its abilities, links (the tooltip's text). */
export function cardText(card) {
  const c = info(card);
  if (!c) return card.name;
  const parts = [`${card.name} — ${typeWord(c.type)}${c.subtypes.length ? ` (${c.subtypes.join(", ")})` : ""}`];
  const stats = [];
  if (c.cost_label) stats.push(`cost ${c.cost_label}`);
  if (c.level !== null && c.level !== undefined) stats.push(`level ${c.level}`);
  if (c.power_points) stats.push(`${c.power_points} power point${c.power_points === 1 ? "" : "s"}`);
  if (c.roads && Object.keys(c.roads).length) stats.push(`roads ${Object.entries(c.roads).map(([d, l]) => `${d}${l}`).join(" ")}`);
  if (c.sphere_max) stats.push(`spheres ${c.sphere_max.join("/")}`);
  if (stats.length) parts.push(stats.join(" · "));
  for (const t of c.text) parts.push(t);
  if (c.requirements && c.requirements.length) parts.push(`user: ${c.requirements.map((g) => g.join(" + ")).join(" or ")}`);
  if (c.duration) parts.push(`lasts ${c.duration} rounds`);
  if (c.links.length) parts.push(`links: ${c.links.join(", ")}`);
  if (c.flavor) parts.push(c.flavor);
  return parts.join("\n");
}

export function flags(card, cx) {
  const out = [];
  if (card.rotated) out.push("rotated");
  if (card.spent) out.push("spent");
  if (card.neutralized) out.push("neutralized");
  if (card.dormant) out.push("dormant");
  for (const [kind, n] of Object.entries(card.tokens || {})) out.push(`${n} ${kind} token${n === 1 ? "" : "s"}`);
  if (card.controller !== undefined && card.controller !== card.owner) out.push(`owned by ${cx.pn(card.owner)}`);
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
    card.level !== undefined && card.level !== null ? h("span", { class: "mz-level" }, `L${card.level}`) : null,
    pp ? h("span", { class: "mz-pp" }, `${pp} PP`) : null,
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
  const afterworld = p.afterworld.map((c) => c.name).join(", ") || "empty";
  return h("section", {
    class: `seat mz-seat${seat === me ? " me" : ""}${acting ? " to-play" : ""}${winners.includes(seat) ? " winner" : ""}`,
    "aria-label": `P${seat} · ${ui.seatName(seat, { long: true })}`,
    dataset: { seat },
  },
  h("div", { class: "seat-head" },
    h("span", { class: "seat-name" }, acting ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null,
      // the board's texts and the log call seats P0, P1 …: the head ties that number to the page's seat name
      `P${seat} · ${ui.seatName(seat)}`),
    table.kind && table.kind !== "human" ? badge(table.kind, "bot", `played by the ${table.kind} bot`) : null,
    table.takeover ? badge(`${table.takeover} bot stands in`, "bot") : null,
    v.active === seat && !v.result ? badge("active", "mz-active", "whose turn it is") : null,
    acting ? badge("to act", "turn") : null,
    winners.includes(seat) ? badge("winner", "winner") : null,
    h("span", { class: "mz-deckname" }, p.deck_name)),
  godRow(cx, p),
  h("div", { class: "mz-piles" },
    h("span", {}, `deck ${p.deck}`),
    h("span", { class: "mz-handcount" }, `hand ${p.hand_count}`, h("span", { class: "muted" }, ` (size ${p.hand_size})`)),
    h("span", { class: "mz-afterworld", "data-tip": `Afterworld (top first): ${afterworld}`, tabindex: p.afterworld.length ? 0 : null },
      `afterworld ${p.afterworld.length}`, p.afterworld.length ? h("span", { class: "mz-top" }, `, top ${p.afterworld[0].name}`) : null),
    p.oblivion.length ? h("span", { "data-tip": `Oblivion: ${p.oblivion.map((c) => c.name).join(", ")}`, tabindex: 0 }, `oblivion ${p.oblivion.length}`) : null),
  h("div", { class: "mz-area" },
    h("h3", {}, `Nations (${p.nations.length})`, p.nation_placed ? h("span", { class: "muted" }, " · one placed this turn") : null),
    grid(cx, p)),
  h("div", { class: "mz-area" },
    h("h3", {}, `Leaders (${p.leaders.length} of ${p.leader_limit})`),
    p.leaders.length
      ? h("div", { class: "mz-cards" }, p.leaders.map((c) => boardCard(c, cx)))
      : h("p", { class: "empty" }, "none")));
}

function godRow(cx, p) {
  const v = cx.msg.view;
  const pct = Math.min(100, Math.round((100 * p.power) / v.win_target));
  const god = p.god;
  return h("div", { class: "mz-god" },
    h("div", cx.target(`c:${god.id}`, { class: "mz-godcard", tip: cardText(god), id: god.id, label: `high god ${god.name}` }),
      h("span", { class: "mz-type" }, "high god"),
      h("strong", {}, god.name),
      (god.attached || []).length ? h("div", { class: "mz-attached" }, god.attached.map((a) => boardCard(a, cx, true))) : null),
    h("ul", { class: "mz-spheres", "aria-label": "spheres" },
      SPHERES.map(([name, letter], i) =>
        h("li", { class: `mz-sphere s-${name}${cx.changedSphere(p.seat, i) ? " mz-changed" : ""}`, title: `${name}: ${p.spheres[i]} of ${p.sphere_max[i]}` },
          h("span", { class: "mz-letter", "aria-hidden": "true" }, letter),
          h("span", { class: "mz-sname" }, name),
          h("span", { class: "mz-sval" }, `${p.spheres[i]}/${p.sphere_max[i]}`)))),
    h("div", { class: `mz-power${p.power >= v.win_target ? " reached" : ""}${cx.changedPower(p.seat) ? " mz-changed" : ""}`, role: "img", "aria-label": `${p.power} of ${v.win_target} power points` },
      h("span", { class: "mz-power-text", "aria-hidden": "true" }, h("span", { class: "mz-pw-word" }, "power "), `${p.power}/${v.win_target}`,
        h("span", { class: "mz-pw-unit" }, " PP")),
      h("span", { class: "mz-bar", "aria-hidden": "true" }, h("span", { style: `width:${pct}%` }))),
    p.hold
      ? h("p", { class: "mz-hold" }, `Holding since turn ${p.hold.since_turn}: wins at the start of ${cx.pn(p.hold.anchor)}'s next turn if still ${v.win_target}+ (MIT-1.1.1)`)
      : null);
}

// -- the nation grid --------------------------------------------------------------------------------
function road(cx, n, dir, r) {
  if (!r) return null;
  const words = `${dir} road of ${n.name}, level ${r.level}${r.closed ? ", closed" : ", free"}`;
  return h("span", cx.target(`road:${n.id}:${dir}`, {
    class: `mz-road r-${dir}${r.closed ? " closed" : ""}`, label: words, tip: words,
  }), `${r.closed ? "×" : ""}${r.level}`);
}

function grid(cx, p) {
  const nations = p.nations;
  const cells = p.seat === cx.msg.seat ? cx.cells() : []; // empty cells a picked nation may go to
  if (!nations.length && !cells.length) return h("p", { class: "empty" }, "no nations yet");
  const xs = nations.map((n) => n.x).concat(cells.map((c) => c[0]));
  const ys = nations.map((n) => n.y).concat(cells.map((c) => c[1]));
  const x0 = Math.min(...xs);
  const y1 = Math.max(...ys);
  const cols = Math.max(...xs) - x0 + 1;
  const rows = y1 - Math.min(...ys) + 1;
  return h("div", { class: "mz-gridwrap" },
    h("div", {
      class: "mz-grid", role: "group", "aria-label": `nation grid of P${p.seat}, ${cols} by ${rows} cells, north up`,
      style: `--cols: ${cols}`,
    },
    nations.map((n) => {
      const label = `${n.name} at (${n.x}, ${n.y}); roads: ${Object.entries(n.roads).map(([d, r]) => `${d} level ${r.level}${r.closed ? " closed" : ""}`).join(", ") || "none"}`;
      const c = info(n);
      return h("div", cx.target(`c:${n.id}`, {
        class: `mz-nation${n.rotated ? " rotated" : ""}`, label, tip: cardText(n), id: n.id,
        style: `grid-column: ${n.x - x0 + 1}; grid-row: ${y1 - n.y + 1}`,
      }),
      ["N", "E", "S", "W"].map((d) => road(cx, n, d, n.roads[d])),
      h("span", { class: "mz-xy" }, `${n.x},${n.y}`),
      h("strong", { class: "mz-cname" }, cx.nameOf(n)),
      h("span", { class: "mz-cstats" },
        n.level !== undefined && n.level !== null ? h("span", { class: "mz-level" }, `L${n.level}`) : null,
        c && c.power_points ? h("span", { class: "mz-pp" }, `${c.power_points} PP`) : null,
        flags(n, cx).length ? h("span", { class: "mz-flags" }, flags(n, cx).join(", ")) : null),
      (n.attached || []).map((a) => h("span", cx.target(`c:${a.id}`, { class: "mz-loc", tip: cardText(a), id: a.id, label: a.name }),
        "+ ", cx.nameOf(a), a.rotated ? " (rotated)" : "")));
    }),
    cells.map(([x, y]) => h("div", cx.target(`cell:${x},${y}`, {
      class: "mz-cell", label: `place it at (${x}, ${y})`, style: `grid-column: ${x - x0 + 1}; grid-row: ${y1 - y + 1}`,
    }), h("span", {}, `(${x}, ${y})`)))),
    // the road marks explained once, under the first grid (every grid had its own copy)
    cx.firstGrid() ? h("p", { class: "mz-legend" },
      h("span", { class: "mz-road-sample" }, "2"), " a free road and its level (attacks come through these) · ",
      h("span", { class: "mz-road-sample closed" }, "×2"), " a closed road: an own nation next to it, or an effect (MIT-3.2.2.a)") : null);
}

// -- shared areas -----------------------------------------------------------------------------------
export function shared(cx) {
  const v = cx.msg.view;
  const list = (cards) => cards.length
    ? h("div", { class: "mz-cards" }, cards.map((c) => h("div", { class: "mz-with-owner" },
      boardCard(c, cx), h("span", { class: "muted" }, ` ${cx.pn(c.controller ?? c.owner)}`))))
    : h("span", { class: "empty" }, "none");
  // an effect is listed once: a lasting fate's or lingering maneuver's effect sits with its card there
  const shown = new Set([...v.fates, ...v.lingering].map((c) => c.name));
  const effect = (e) => {
    const value = e.value === null || e.value === undefined || (Array.isArray(e.value) && !e.value.length) ? "" : ` ${Array.isArray(e.value) ? e.value.join(", ") : e.value}`;
    return `${e.kind.replace(/_/g, " ")}${value} on ${e.on}, ${e.ends}`;
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
  return h("section", { class: "mz-shared", "aria-label": "Intrigues, fates, lingering maneuvers and effects" },
    h("div", { class: "mz-area" }, h("h3", {}, `Intrigues (${v.intrigues.length} of ${v.intrigue_limit})`), list(v.intrigues)),
    v.fates.length ? h("div", { class: "mz-area" }, h("h3", {}, "Fates"), withCard(v.fates)) : null,
    v.lingering.length ? h("div", { class: "mz-area" }, h("h3", {}, "Lingering maneuvers"), withCard(v.lingering)) : null,
    own.length
      ? h("div", { class: "mz-area" }, h("h3", {}, "Effects"),
        h("ul", { class: "mz-effects" }, own.map((e) => h("li", {}, h("strong", {}, e.source), `: ${effect(e)}`))))
      : null);
}

// The fight in progress (MIT-7.4, MIT-7.6): both armies by row, their levels and supplies, the result.
export function fight(cx) {
  const { msg } = cx;
  const f = msg.view.fight;
  if (!f) return null;
  const mine = f.attacker === msg.seat;
  const attacker = mine ? "You" : `P${f.attacker}`;
  const verb = (word) => (mine ? word : `${word}s`); // "You attack", "P1 attacks"
  const title = f.kind === "battle"
    ? `Battle: ${attacker} ${verb("attack")} ${f.nation.name} through its ${f.road} road (level ${f.road_level})`
    : `Duel: ${attacker} ${verb("challenge")} ${cx.pn(f.defender)}`;
  const army = (side, label) => {
    const a = f.sides[side];
    return h("div", { class: `mz-army mz-army-${side}` },
      h("h4", {}, `${label} — ${cx.pn(a.player)} · level ${a.level}`),
      h("ul", {}, a.rows.filter((r) => r.leader || r.supplies.length).map((r) =>
        h("li", {}, h("b", {}, `${r.row}: `),
          r.leader ? `${r.leader.name} ${r.leader_level}` : "no leader",
          ...r.supplies.map((c) => ` + ${c.name} ${c.fight_level}${c.mode === "full" ? "" : ` (${c.mode})`}`),
          f.kind === "battle" ? h("span", { class: "muted" }, ` [${r.supplies.length}/${r.capacity}]`) : null))));
  };
  const result = f.compared
    ? h("p", { class: "mz-fight-result" }, `Compared ${f.compared[0]} against ${f.compared[1]}: ` +
      ({ att: "the attacker wins", def: "the defender wins" }[f.winner] || "a draw"))
    : null;
  return h("section", { class: "mz-fight", "aria-label": "The fight" },
    h("h3", {}, `${title} · ${f.stage === "rounds" ? "fight rounds" : f.stage.replace("_", " ")}`),
    army("att", f.kind === "battle" ? "Attacker" : "Challenger"),
    army("def", f.kind === "battle" ? "Defender" : "Challenged"),
    result);
}

// The stack, top last: "P1 uses …", "P0 (you) plays …" (the item's text names its player once).
export function stack(cx) {
  const v = cx.msg.view;
  if (!v.stack.length) return null;
  const n = v.stack.length;
  return h("section", { class: "mz-stack", "aria-label": "The stack, top last" },
    h("h3", {}, `The stack (${n}) — resolves from the top`),
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
      it.neutralized ? [" ", badge("neutralized", "mz-neut")] : null,
      i === n - 1 ? [" ", badge("top", "turn")] : null);
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
