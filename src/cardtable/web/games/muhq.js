// muhq's game at the table (docs/muhq.md, spec rules/muhq.md sections 1-3, 8, 9): the board as a CSS grid
// with its coordinates and field types (deep water, high ground, wall, spawns, income, areas); permanents as
// tokens in their controller's colour (a ring in the owner's when they differ) with damage, marker, tapped
// and pile badges; the victory conditions; per player resource, VP, hand and deck counts, the store with
// buy costs, the discard pile; the action stack; in the draft the pack you hold and your picks; your hand
// with each card's costs and text. The side panel's game log tells the story of the game in words
// (view.log), the table's only log.
//
// Playing by clicking: a glowing unit of yours activates; while it is activated, the fields it can reach
// (the last field of each legal move) and the units it can attack light up and are clickable. A card in
// your hand selects it and lights up the spawn fields it can be played on. Store cards are bought, pack
// cards picked by clicking them. Every other legal action is a button under "Your moves" (the table's own
// list beside the game holds all of them, for the keyboard). Everything is drawn from the view only: an
// opponent's hand is a count, a pack is shown only to its holder (spec section 9).
import { h } from "../js/common.js";

const PHASE_WORDS = { draft: "draft", start: "start phase", upkeep: "upkeep", action: "action phase", buy: "buy phase", end: "end phase" };
const MODE_WORDS = {
  draft: "draft pick", drop: "dropping a pile", place_token: "placing a token", trigger: "declaring a trigger",
  priority: "priority", open: "open priority", upkeep: "paying upkeep", closing: "last activations",
  buy: "buying", discard: "discarding", over: "game over",
};
const TERRAIN_WORDS = { normal: "normal field", deep_water: "deep water", high_ground: "high ground", wall: "wall" };
const MARKERS = { paralysis: "para", poison: "poison", panic: "panic", rage: "rage", protection: "prot" };
const ROLE_WORDS = { vip: "VIP", building: "building", victory_item: "victory item" };
const TYPE_ICON = { unit: "●", artifact: "◆", equipment: "⚒" };
const GROUPS = [
  ["turn", "Turn", ["end_activation", "end_action_phase", "skip_buy", "pass"]],
  ["upkeep", "Upkeep", ["pay_upkeep", "decline_upkeep"]],
  ["place", "Place", ["drop_place", "place_token"]],
  ["triggers", "Triggers", ["declare_trigger"]],
  ["units", "Unit actions", ["full_action", "equip", "swap", "carry", "clear_paralysis", "activate", "move", "attack"]],
  ["cards", "Cards", ["play_spell", "play_permanent"]],
  ["free", "Free actions", ["free_action", "universal_free_action"]],
  ["discard", "End of turn", ["end_discard"]],
];

const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const xy = (f) => `(${f[0]}, ${f[1]})`;
const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

function abbr(name) {
  const words = name.replace(/[^A-Za-z0-9 ]/g, "").split(/\s+/).filter(Boolean);
  if (words.length > 1) return words.slice(0, 3).map((w) => w[0]).join("").toUpperCase();
  return (words[0] || name).slice(0, 3);
}

export function createRenderer(root, ui) {
  let selected = null; // a hand card id: its spawn fields light up, its other actions are listed
  const box = h("div", { class: "muhq" });
  root.append(box);

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && selected !== null) {
      selected = null;
      ui.rerender();
    }
  });

  function update(msg, ctx) {
    const view = msg.view;
    const me = msg.seat;
    const legal = ctx.legal;
    const byId = new Map(view.permanents.map((p) => [p.id, p]));
    // a hand card is selected by its definition: the engine lists one copy of equal cards (representatives)
    const mine = me !== null && view.players[me] ? view.players[me] : null;
    const hand = (mine && mine.hand) || [];
    if (selected !== null && !hand.some((c) => c.id === selected)) selected = null;
    const ctxt = { msg, view, me, legal, byId, sel: null };
    const sel = selected !== null ? hand.find((c) => c.id === selected) : null;
    if (sel && cardActions(ctxt, sel).length) ctxt.sel = sel;
    else selected = null;

    const felt = h("div", { class: `felt mh-felt${msg.returns ? " over" : ""}` },
      msg.returns ? scoreboard(msg) : null,
      infoBar(msg),
      victory(view),
      prompt(ctxt),
      view.phase === "draft" && me !== null ? draftPanel(ctxt) : null,
      h("div", { class: "mh-main" },
        boardPanel(ctxt),
        h("div", { class: "mh-aside" },
          stack(ctxt),
          waiting(ctxt),
          selectedPanel(ctxt),
          // beside the board on a laptop, before the moves (the page's own list has them too): below the
          // board, the hand was out of the first screen at 1366x768
          mine && mine.hand && view.phase !== "draft" ? handPanel(ctxt, mine) : null,
          movesPanel(ctxt))),
      h("div", { class: "mh-players" }, orderPlayers(view, me).map((p) => playerPanel(ctxt, p))),
      permanentList(ctxt));
    box.replaceChildren(felt);
  }

  // -- cards and names -------------------------------------------------------------------------------------
  function info(view, card) {
    return (view.cards && view.cards[card.card]) || { name: card.name, type: card.type };
  }

  function findCard(view, id) {
    for (const p of view.players) {
      for (const zone of ["hand", "store", "discard", "pending", "drafted"]) {
        const c = Array.isArray(p[zone]) ? p[zone].find((x) => x.id === id) : null;
        if (c) return c;
      }
    }
    return (view.pack || []).find((x) => x.id === id) || view.permanents.find((x) => x.id === id) || null;
  }

  function costWords(i, { buy = true } = {}) {
    const out = [];
    if (buy && i.buy !== undefined) out.push(`buy ${i.buy}`);
    if (i.play !== undefined) out.push(`play ${i.play}`);
    else if (i.type && !i.token) out.push("not playable");
    if (i.type === "unit") out.push(`upkeep ${i.upkeep ?? 0}`);
    return out;
  }

  function attackWords(attack) {
    return attack && attack.length ? attack.map(([v, r]) => `${v}@R${r}`).join(" + ") : "none";
  }

  function statWords(i) {
    const out = [];
    if (i.type === "unit") out.push(`life ${i.life}`, `move ${i.movement}`, `attack ${attackWords(i.attack)}`);
    if (i.solid !== undefined) out.push(`solid ${i.solid}`);
    if (i.durability) out.push(`durability ${i.durability}`);
    return out;
  }

  function cardTitle(view, card) {
    const i = info(view, card);
    return [`${card.name} — ${i.type || "card"}`, [...costWords(i), ...statWords(i)].join(" · "), i.text || ""]
      .filter(Boolean).join("\n");
  }

  /** A card as a small face: type, name, costs, stats, text. */
  function cardFace(view, card, { buy = true, text = true } = {}) {
    const i = info(view, card);
    return [
      h("span", { class: "mh-ctype" }, TYPE_ICON[i.type] ? `${TYPE_ICON[i.type]} ` : "", i.type || "card"),
      h("strong", { class: "mh-cname" }, card.name),
      h("span", { class: "mh-costs" }, costWords(i, { buy }).map((w) => h("span", { class: `mh-cost c-${w.split(" ")[0]}` }, w))),
      statWords(i).length ? h("span", { class: "mh-stats" }, statWords(i).join(" · ")) : null,
      text && i.text ? h("span", { class: "mh-text" }, i.text) : null,
    ];
  }

  function seatCls(seat) {
    return seat === null || seat === undefined || seat < 0 ? "seat-n" : `seat-${seat % 6}`;
  }

  function who(seat) {
    return seat === null || seat === undefined || seat < 0 ? "neutral" : `P${seat}`;
  }

  function orderPlayers(view, me) {
    return view.players.filter((p) => p.seat !== me).concat(view.players.filter((p) => p.seat === me));
  }

  // -- legal actions ---------------------------------------------------------------------------------------
  const act = (entry) => () => {
    selected = null;
    ui.act(entry.action);
  };

  /** The actions that play or use the card `card` (any copy of its definition: equal cards have one). */
  function cardActions(c, card) {
    const ids = new Set(((c.view.players[c.me] || {}).hand || []).filter((x) => x.card === card.card).map((x) => x.id));
    return c.legal.filter((e) => {
      const a = e.action;
      if (a.type === "play_permanent" || a.type === "play_spell") return ids.has(a.card);
      return false;
    });
  }

  /** Per field (x,y key): what clicking it does. */
  function fieldTargets(c) {
    const out = new Map();
    const add = (f, kind, entry) => {
      const key = `${f[0]},${f[1]}`;
      if (!out.has(key)) out.set(key, []);
      out.get(key).push({ kind, entry });
    };
    const activated = c.view.activation;
    for (const e of c.legal) {
      const a = e.action;
      if (a.type === "move" && a.unit === activated) add(a.path.slice(-2), "move", e);
      else if (a.type === "play_permanent" && a.field && c.sel && cardActions(c, c.sel).includes(e)) add(a.field, "play", e);
      else if (a.type === "place_token") add(a.field, "token", e);
    }
    // a pile being dropped: the first member still to place, unless a card was chosen
    const drops = c.legal.filter((e) => e.action.type === "drop_place");
    if (drops.length) {
      const member = drops[0].action.member;
      for (const e of drops) if (e.action.member === member) add(e.action.field, "drop", e);
    }
    return out;
  }

  /** Per permanent id: what clicking its token does (activate it, or attack it with the activated unit). */
  function tokenTargets(c) {
    const out = new Map();
    for (const e of c.legal) {
      const a = e.action;
      if (a.type === "activate") out.set(a.permanent, { kind: "activate", entry: e });
      else if (a.type === "attack" && a.unit === c.view.activation) out.set(a.defender, { kind: "attack", entry: e });
    }
    return out;
  }

  // -- the top ------------------------------------------------------------------------------------------
  function infoBar(msg) {
    const v = msg.view;
    const toAct = v.to_act;
    const turn = v.phase === "draft" ? "Draft" : `Turn ${v.turn}${v.max_turns ? ` of ${v.max_turns}` : ""}`;
    return h("div", { class: "round-info mh-info" },
      h("span", { class: "round-no" }, turn),
      h("span", { class: "mh-boardname" }, v.board.name),
      v.phase !== "draft" ? h("span", {}, v.active === msg.seat ? "your turn" : `${ui.seatName(v.active)}'s turn`) : null,
      h("span", { class: "mh-phase" }, PHASE_WORDS[v.phase] || v.phase),
      h("span", { class: `mh-mode mode-${v.mode}` }, MODE_WORDS[v.mode] || v.mode),
      v.mode !== "over" && toAct >= 0 ? h("span", { class: "mh-toact" }, toAct === msg.seat ? "your move" : `${ui.seatName(toAct)} to act`) : null);
  }

  function victory(view) {
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

  function prompt(c) {
    const { view: v, me, legal } = c;
    let text;
    if (v.mode === "over") text = resultText(c.msg);
    else if (v.to_act !== me || !legal.length) text = `${ui.seatName(v.to_act, { long: true })}: ${v.prompt}.`;
    else {
      const hints = {
        draft: "pick a card from the pack you hold: click it.",
        open: v.activation !== null
          ? "click a glowing field to move there, a red-ringed unit to attack it, or end the activation."
          : "your action phase: click a glowing unit of yours to activate it, a card in your hand to play it, or end the action phase.",
        closing: "the action phase ends: choose which of your permanents is activated next (click it).",
        buy: "buy one card from your store (click it), or buy nothing.",
        drop: "place the members of the dropped pile: click a glowing field.",
        place_token: "click a glowing field for the token.",
      };
      text = `Your decision: ${hints[v.mode] || `${v.prompt}.`}`;
    }
    return h("div", { class: `prompt mh-prompt${legal.length ? " mine" : ""}`, "aria-live": "polite" }, h("p", {}, text));
  }

  // -- the board ------------------------------------------------------------------------------------------
  function boardPanel(c) {
    const v = c.view;
    const b = v.board;
    const fields = fieldTargets(c);
    const tokens = tokenTargets(c);
    const occ = new Map();
    for (const p of v.permanents) if (p.field) occ.set(`${p.field[0]},${p.field[1]}`, p);
    const upkeep = new Set(v.mode === "upkeep" ? v.upkeep_todo || [] : []);
    const cells = [];
    cells.push(h("span", { class: "mh-axis corner", "aria-hidden": "true" }, "y\\x"));
    for (let x = 0; x < b.width; x++) cells.push(h("span", { class: "mh-axis col", "aria-hidden": "true" }, x));
    for (let y = 0; y < b.height; y++) {
      cells.push(h("span", { class: "mh-axis row", "aria-hidden": "true" }, y));
      for (let x = 0; x < b.width; x++) {
        const f = b.fields[y * b.width + x];
        cells.push(fieldCell(c, x, y, f, occ.get(`${x},${y}`), fields.get(`${x},${y}`) || [], tokens, upkeep));
      }
    }
    return h("section", { class: "mh-boardpanel", "aria-label": `The board ${b.name}, ${b.width} by ${b.height} fields` },
      h("div", { class: "mh-boardwrap" },
        h("div", {
          class: "mh-board", role: "grid", "aria-label": `${b.name}: x = column from the left, y = row from the top`,
          style: `--w: ${b.width}; --h: ${b.height}; grid-template-columns: 1.4em repeat(${b.width}, minmax(0, 1fr))`,
        }, cells)),
      legend(v));
  }

  function fieldCell(c, x, y, f, perm, targets, tokens, upkeep) {
    const tags = [];
    if (f.spawn) for (const s of f.spawn) tags.push(h("span", { class: `mh-tag spawn ${seatCls(s)}`, title: `spawn field of P${s}` }, `S${s}`));
    if (f.income) tags.push(h("span", { class: "mh-tag income", title: `income +${f.income} for a unit standing here` }, `$${f.income}`));
    if (f.area) tags.push(h("span", { class: "mh-tag area", title: `area ${f.area}` }, f.area.replace(/_/g, " ")));
    const words = [`(${x}, ${y})`, TERRAIN_WORDS[f.type] || f.type];
    if (f.spawn) words.push(`spawn of ${f.spawn.map((s) => `P${s}`).join(", ")}`);
    if (f.income) words.push(`income ${f.income}`);
    if (f.area) words.push(`area ${f.area}`);
    const fieldWords = words.join(", ");
    const kinds = new Set(targets.map((t) => t.kind));
    const spawnCls = f.spawn ? f.spawn.map((s) => ` spawn-${s % 6}`).join("") : "";
    const target = targets.length ? targets[0] : null;
    const targetLabel = target ? `${target.entry.label} — ${fieldWords}` : null;
    const targetButton = target
      ? h("button", {
        type: "button", class: `mh-target ${target.kind}${perm ? " mini" : ""}`, "data-legal": true, "aria-label": targetLabel, title: targetLabel,
        dataset: { key: `mh-field:${JSON.stringify(target.entry.action)}`, kind: target.kind, x, y },
        onclick: act(target.entry),
      }, perm ? "⇣" : h("span", { class: "mh-target-text", "aria-hidden": "true" }, { move: "move", play: "play", drop: "drop", token: "token" }[target.kind] || "here"))
      : null;
    return h("div", {
      class: `mh-field t-${f.type}${spawnCls}${targets.length ? " has-target" : ""}${[...kinds].map((k) => ` k-${k}`).join("")}`,
      role: "gridcell", "aria-label": perm ? null : fieldWords, title: fieldWords, dataset: { x, y },
    },
    h("span", { class: "mh-xy", "aria-hidden": "true" }, `${x},${y}`),
    tags.length ? h("span", { class: "mh-tags" }, tags) : null,
    perm ? occupant(c, perm, tokens, upkeep, fieldWords) : null,
    targetButton);
  }

  function markerBadges(p) {
    return Object.entries(p.markers || {}).map(([m, n]) => badge(`${MARKERS[m] || m} ${n}`, `mh-marker m-${m}`, `${n} ${m} marker${n === 1 ? "" : "s"}`));
  }

  function permWords(c, p) {
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

  function token(c, p, tokens, upkeep, extra = "", small = false) {
    const t = tokens.get(p.id);
    const hp = p.type === "unit" ? p.life : p.solid;
    const words = permWords(c, p);
    const cls = `mh-token ${seatCls(p.controller)} own-${seatCls(p.owner)} ty-${p.type}${p.tapped ? " tapped" : ""}` +
      `${p.id === c.view.activation ? " active" : ""}${p.controller !== p.owner ? " foreign" : ""}${small ? " small" : ""}` +
      `${t ? ` legal k-${t.kind}` : ""}${t && t.kind === "attack" && p.controller === c.me ? " own-target" : ""}` +
      `${upkeep.has(p.id) ? " upkeep" : ""}${p.role ? ` role-${p.role}` : ""}`;
    const body = [
      h("span", { class: "mh-icon", "aria-hidden": "true" }, TYPE_ICON[p.type] || "?"),
      h("span", { class: "mh-abbr", "aria-hidden": "true" }, abbr(p.name)),
      h("span", { class: "mh-tname", "aria-hidden": "true" }, p.name),
      h("span", { class: "mh-id", "aria-hidden": "true" }, `#${p.id}`),
      h("span", { class: "mh-badges", "aria-hidden": "true" },
        hp !== undefined && (p.type === "unit" || p.damage) ? badge(`${p.damage || 0}/${hp}`, `mh-hp${p.damage ? " hurt" : ""}`, "damage / life") : null,
        p.durability !== undefined ? badge(`D${p.durability}`, "mh-dur", "durability") : null,
        p.role ? badge(ROLE_WORDS[p.role], "mh-role") : null,
        ...markerBadges(p),
        p.veiled ? badge("veiled", "mh-veiled") : null,
        p.tapped ? badge("tapped", "mh-tapped") : null),
    ];
    if (!t) return h("div", { class: cls, title: words, role: "img", "aria-label": words + extra, dataset: { id: p.id } }, body);
    const label = `${t.entry.label} — ${words}${extra}`;
    return h("button", {
      type: "button", class: cls, title: label, "aria-label": label, "data-legal": true,
      dataset: { key: `mh-token:${JSON.stringify(t.entry.action)}`, id: p.id, kind: t.kind },
      onclick: act(t.entry),
    }, body);
  }

  function occupant(c, p, tokens, upkeep, fieldWords) {
    const pile = (p.pile || []).map((m) => c.byId.get(m)).filter(Boolean);
    return h("div", { class: "mh-occ" },
      token(c, p, tokens, upkeep, ` — ${fieldWords}`),
      pile.length ? h("div", { class: "mh-pile", "aria-label": `pile of ${p.name}` }, pile.map((m) => token(c, m, tokens, upkeep, ` — in the pile of ${p.name} #${p.id}`, true))) : null);
  }

  function legend(v) {
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

  function permanentList(c) {
    const v = c.view;
    if (!v.permanents.length) return null;
    const rows = [];
    const add = (p, depth) => {
      rows.push(h("li", { class: `${seatCls(p.controller)}${depth ? " in-pile" : ""}`, style: depth ? `margin-left:${depth * 1.2}rem` : null },
        h("span", { class: `mh-dot ${seatCls(p.controller)}`, "aria-hidden": "true" }), permWords(c, p)));
      for (const m of p.pile || []) if (c.byId.get(m)) add(c.byId.get(m), depth + 1);
    };
    for (const p of v.permanents) if (p.base === null || p.base === undefined) add(p, 0);
    return h("details", { class: "mh-perms", open: true },
      h("summary", {}, `On the board (${v.permanents.length})`),
      h("ul", {}, rows));
  }

  // -- stack, waiting decisions ---------------------------------------------------------------------------
  function stack(c) {
    const v = c.view;
    if (!v.stack.length) return null;
    const n = v.stack.length;
    return h("section", { class: "mh-stack", "aria-label": "The action stack, top last" },
      h("h3", {}, `Action stack (${n}) — resolves from the top`),
      h("ol", {}, v.stack.map((it, i) => {
        const targets = Object.entries(it.targets || {}).map(([k, val]) => {
          const p = c.byId.get(val);
          return `${k}: ${p ? `${p.name} #${p.id}` : val}`;
        });
        return h("li", { class: i === n - 1 ? "top" : "", title: it.card ? cardTitle(v, it.card) : it.text },
          h("span", { class: `mh-who ${seatCls(it.controller)}` }, who(it.controller)), " ",
          it.text || it.kind,
          targets.length ? h("span", { class: "muted" }, ` → ${targets.join(", ")}`) : null,
          i === n - 1 ? [" ", badge("top", "turn")] : null);
      })));
  }

  function waiting(c) {
    const v = c.view;
    const parts = [];
    if (v.triggers && v.triggers.length) parts.push(h("li", {}, `Triggers to declare: ${v.triggers.map((t) => `${t.card} (${who(t.controller)})`).join(", ")}`));
    if (v.mode === "upkeep" && (v.upkeep_todo || []).length) {
      parts.push(h("li", {}, `Upkeep to pay: ${v.upkeep_todo.map((u) => c.byId.get(u)).filter(Boolean).map((u) => `${u.name} #${u.id} (${(v.cards[u.card] || {}).upkeep ?? "?"})`).join(", ")}`));
    }
    if (v.drop) parts.push(h("li", {}, `A pile is dropped around ${xy(v.drop.field)}: ${who(v.drop.controller)} places ${v.drop.members.map((m) => `#${m}`).join(", ")} (MUHQ-PILE-4)`));
    if (v.activation !== null && v.activation !== undefined) {
      const p = c.byId.get(v.activation);
      if (p) parts.push(h("li", {}, `Activated: ${p.name} #${p.id}${v.ai ? " — its AI acts for it" : ""}`));
    }
    return parts.length ? h("ul", { class: "mh-waiting", "aria-label": "What is going on" }, parts) : null;
  }

  // -- moves -------------------------------------------------------------------------------------------------
  function selectedPanel(c) {
    if (!c.sel) return null;
    const entries = cardActions(c, c.sel).filter((e) => !(e.action.type === "play_permanent" && e.action.field));
    const fields = cardActions(c, c.sel).length - entries.length;
    return h("section", { class: "mh-selected", "aria-label": `Playing ${c.sel.name}` },
      h("h3", {}, `Play ${c.sel.name}`, " ",
        h("button", { type: "button", class: "btn small ghost", dataset: { key: "mh-unselect" }, onclick: () => { selected = null; ui.rerender(); } }, "cancel")),
      fields ? h("p", { class: "hint" }, `Click one of the ${plural(fields, "glowing spawn field")} on the board.`) : null,
      entries.length ? h("div", { class: "mh-buttons" }, entries.map((e) => moveButton(e, "sel", true))) : null);
  }

  function moveButton(e, key, primary = false) {
    return h("button", {
      type: "button", class: `btn legal mh-move${primary ? " primary" : ""}`, "data-legal": true,
      dataset: { key: `mh-${key}:${JSON.stringify(e.action)}`, type: e.action.type },
      onclick: act(e),
    }, e.label);
  }

  function movesPanel(c) {
    const { legal, view } = c;
    if (!legal.length) return null;
    // what the board, the hand, the store and the pack already offer by a click
    const handled = (e) => {
      const a = e.action;
      if (a.type === "activate" || a.type === "buy" || a.type === "draft_pick") return true;
      if (a.type === "move" || a.type === "attack") return a.unit === view.activation;
      if (a.type === "play_permanent" && a.field) return true;
      if ((a.type === "play_spell" || a.type === "play_permanent") && c.sel) return cardActions(c, c.sel).includes(e);
      return false;
    };
    const rest = legal.filter((e) => !handled(e));
    const onBoard = legal.length - rest.length;
    const groups = GROUPS.map(([key, title, types]) => [key, title, rest.filter((e) => types.includes(e.action.type))]).filter(([, , es]) => es.length);
    const known = new Set(GROUPS.flatMap(([, , t]) => t));
    const others = rest.filter((e) => !known.has(e.action.type));
    if (others.length) groups.push(["other", "Other", others]);
    if (!groups.length) return null;
    return h("section", { class: "mh-moves", "aria-label": "Your moves" },
      h("h3", {}, "Your moves", onBoard ? h("span", { class: "muted" }, ` — and ${plural(onBoard, "move")} by clicking the board, your hand, the store or the pack`) : null),
      groups.map(([key, title, entries]) =>
        h("div", { class: `mh-group g-${key}`, role: "group", "aria-label": title },
          h("span", { class: "mh-group-title" }, title),
          h("div", { class: "mh-buttons" }, entries.map((e) => moveButton(e, key, key !== "turn"))))));
  }

  // -- draft, hand, players --------------------------------------------------------------------------------
  function draftPanel(c) {
    const v = c.view;
    const me = v.players[c.me];
    const pack = v.pack || [];
    const picks = c.legal.filter((e) => e.action.type === "draft_pick");
    const pickFor = (card) => picks.find((e) => e.action.card === card.id) ||
      picks.find((e) => { const x = findCard(v, e.action.card); return x && x.card === card.card; });
    return h("section", { class: "mh-draft", "aria-label": "The draft" },
      h("h3", {}, `The pack you hold (${plural(pack.length, "card")})`, h("span", { class: "muted" }, " — picks are hidden until the draft ends (MUHQ-DRAFT-7)")),
      pack.length ? h("div", { class: "mh-cards mh-pack" }, pack.map((card) => cardButton(v, card, pickFor(card), "pick"))) : h("p", { class: "empty" }, "none: wait for the pack"),
      h("h3", {}, `Your picks (${Array.isArray(me.drafted) ? me.drafted.length : 0})`),
      Array.isArray(me.drafted) && me.drafted.length
        ? h("p", { class: "mh-picks" }, me.drafted.map((x) => `${x.name} (${(info(v, x).buy ?? "–")})`).join(", "))
        : h("p", { class: "empty" }, "none yet"));
  }

  function cardButton(view, card, entry, kind, extraCls = "") {
    const cls = `mh-card t-${info(view, card).type}${entry ? " playable" : ""}${extraCls}`;
    if (!entry) return h("div", { class: cls, title: cardTitle(view, card), dataset: { id: card.id } }, cardFace(view, card));
    return h("button", {
      type: "button", class: cls, title: `${entry.label}\n${cardTitle(view, card)}`, "data-legal": true,
      dataset: { key: `mh-${kind}:${JSON.stringify(entry.action)}`, id: card.id, type: entry.action.type },
      onclick: act(entry),
    }, cardFace(view, card));
  }

  /** A store card as one chip: type icon, name, buy cost (everything else in its title). */
  function storeChip(view, card, entry) {
    const i = info(view, card);
    const body = [
      h("span", { class: "mh-icon", "aria-hidden": "true" }, TYPE_ICON[i.type] || "✦"),
      h("span", { class: "mh-chipname" }, card.name),
      h("span", { class: "mh-cost c-buy", title: "buy cost" }, i.buy ?? "–"),
    ];
    const cls = `mh-chip t-${i.type}${entry ? " playable" : ""}`;
    if (!entry) return h("span", { class: cls, title: cardTitle(view, card), dataset: { id: card.id } }, body);
    return h("button", {
      type: "button", class: cls, title: `${entry.label}\n${cardTitle(view, card)}`, "aria-label": `${entry.label} (buy cost ${i.buy})`, "data-legal": true,
      dataset: { key: `mh-buy:${JSON.stringify(entry.action)}`, id: card.id, type: entry.action.type },
      onclick: act(entry),
    }, body);
  }

  function handPanel(c, mine) {
    const v = c.view;
    const cards = [...mine.hand].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.id - b.id);
    return h("section", { class: "mh-hand", "aria-label": "Your hand" },
      h("h3", {}, `Your hand (${cards.length}, refilled to ${v.board.hand_size} each turn)`,
        cards.some((x) => cardActions(c, x).length) ? h("span", { class: "muted" }, " — click a glowing card to play it") : null),
      cards.length ? h("div", { class: "mh-cards" }, cards.map((card) => {
        const can = cardActions(c, card).length > 0;
        const cls = `mh-card mh-handcard t-${info(v, card).type}${can ? " playable" : ""}${selected === card.id ? " selected" : ""}`;
        if (!can) return h("div", { class: cls, title: cardTitle(v, card), dataset: { id: card.id } }, cardFace(v, card, { buy: false }));
        return h("button", {
          type: "button", class: cls, "aria-pressed": selected === card.id ? "true" : "false", title: cardTitle(v, card), "data-legal": true,
          dataset: { key: `mh-hand:${card.id}`, id: card.id },
          onclick: (event) => {
            selected = selected === card.id ? null : card.id;
            const keyboard = event.detail === 0; // Enter or Space: take the keyboard on to the first spawn field
            Promise.resolve(ui.rerender()).then(() => {
              const first = keyboard && selected !== null ? root.querySelector("button.mh-target.play, .mh-selected button[data-legal]") : null;
              if (first) first.focus();
            });
          },
        }, cardFace(v, card, { buy: false }));
      })) : h("p", { class: "empty" }, "empty"));
  }

  function playerPanel(c, p) {
    const v = c.view;
    const seat = p.seat;
    const me = c.me;
    const table = c.msg.table.seats[seat] || {};
    const winners = v.winners || [];
    const acting = v.to_act === seat && v.mode !== "over";
    const buys = seat === me ? c.legal.filter((e) => e.action.type === "buy") : [];
    const buyFor = (card) => buys.find((e) => e.action.card === card.id) ||
      buys.find((e) => { const x = findCard(v, e.action.card); return x && x.card === card.card; });
    const store = [...p.store].sort((a, b) => (info(v, a).buy ?? 0) - (info(v, b).buy ?? 0) || a.name.localeCompare(b.name) || a.id - b.id);
    const grouped = (cards) => {
      const counts = new Map();
      for (const x of cards) counts.set(x.name, (counts.get(x.name) || 0) + 1);
      return [...counts].map(([n, k]) => (k > 1 ? `${n} ×${k}` : n)).join(", ");
    };
    const draft = v.phase === "draft";
    return h("section", {
      class: `seat mh-seat ${seatCls(seat)}${seat === me ? " me" : ""}${acting ? " to-play" : ""}${winners.includes(seat) ? " winner" : ""}${p.alive ? "" : " out"}`,
      "aria-label": `${ui.seatName(seat, { long: true })}${seat === me ? " (you)" : ""}`, dataset: { seat },
    },
    h("div", { class: "seat-head" },
      h("span", { class: `mh-dot ${seatCls(seat)}`, "aria-hidden": "true" }),
      h("span", { class: "seat-name" }, acting ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, `P${seat} · ${ui.seatName(seat)}`),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", `played by the ${table.kind} bot`) : null,
      v.active === seat && !draft && v.mode !== "over" ? badge("active", "mh-active", "whose turn it is") : null,
      acting ? badge("to act", "turn") : null,
      winners.includes(seat) ? badge("winner", "winner") : null,
      p.alive ? null : badge("eliminated", "mh-out")),
    h("div", { class: "mh-counters" },
      h("span", { class: "mh-res", title: "resource (MUHQ-RES)" }, h("b", {}, p.resource), " resource"),
      h("span", { class: "mh-vp", title: "victory points" }, h("b", {}, p.vp), " VP"),
      h("span", { class: "mh-handcount" }, `hand ${p.hand_count}`),
      h("span", {}, `deck ${p.deck}`),
      draft ? h("span", {}, Array.isArray(p.drafted) ? `picked ${p.drafted.length}` : `picked ${p.drafted ?? 0} (hidden)`) : h("span", {}, `discard ${p.discard.length}`),
      p.bought ? h("span", { class: "muted" }, "bought this turn") : null),
    draft ? null : h("div", { class: "mh-area" },
      h("h4", {}, `Store (${store.length})`, h("span", { class: "muted" }, " — buy costs"),
        buys.length ? h("span", { class: "mh-buyhint" }, " — click a glowing card to buy it") : null),
      store.length ? h("div", { class: "mh-store" }, store.map((card) => storeChip(v, card, buyFor(card))))
        : h("p", { class: "empty" }, "empty")),
    draft ? null : h("p", { class: "mh-discard" }, h("b", {}, "Discard pile: "), p.discard.length ? grouped(p.discard) : h("span", { class: "empty" }, "empty")),
    p.pending.length ? h("p", { class: "mh-discard" }, h("b", {}, "Pending equipment (to the next unit): "), grouped(p.pending)) : null);
  }

  // -- the story and the end -------------------------------------------------------------------------------
  function logText(e) {
    const p = e.player !== null && e.player !== undefined && e.player >= 0 ? `P${e.player} ` : "";
    if (e.kind === "declare") return `${p}declares: ${e.text}`;
    if (e.kind === "resolve") return `resolves: ${e.text}`;
    return `${p}${e.text}`;
  }

  /** The side panel's game log: the story of the game in words (view.log: declarations and resolutions on
   *  the stack as well as the moves), numbered as the story counts its lines; the only log of the table. */
  function logEntries(msg) {
    const v = msg.view;
    const first = (v.log_size ?? v.log.length) - v.log.length;
    return v.log.map((e, i) => ({ n: first + i, text: logText(e), mine: msg.seat !== null && e.player === msg.seat }));
  }

  /** Why the game ended, with the rule (the view has the winners; the reason follows from the position). */
  function resultText(msg) {
    const v = msg.view;
    const w = v.winners;
    if (w === null || w === undefined) return "";
    if (!w.length) return v.max_turns && v.turn >= v.max_turns ? "A draw: the turn limit was reached (MUHQ-WIN-10)." : "A draw (MUHQ-WIN-9).";
    const names = w.map((s) => (s === msg.seat ? "You" : ui.seatName(s)));
    const head = w.length === 1 ? `${names[0]} ${w[0] === msg.seat ? "win" : "wins"}` : `Shared win: ${names.join(" and ")}`;
    return `${head}: ${winReason(v)}.`;
  }

  function winReason(v) {
    const kinds = Object.fromEntries(v.victory.map((x) => [x.kind, x]));
    const w = v.winners;
    const losers = v.players.filter((p) => !w.includes(p.seat));
    if (losers.length && losers.every((p) => !p.alive)) {
      if (kinds.vip) return "every other player lost their VIP (MUHQ-WIN-3, MUHQ-WIN-8)";
      if (kinds.destroy_buildings) return "every other player lost all their buildings (MUHQ-WIN-6, MUHQ-WIN-8)";
      return "every other player was eliminated (MUHQ-WIN-8)";
    }
    const win = v.players.filter((p) => w.includes(p.seat));
    if (kinds.capture_points && win.every((p) => p.vp >= kinds.capture_points.target)) return `${kinds.capture_points.target} VP reached (MUHQ-WIN-5)`;
    if (kinds.resource_race && win.every((p) => p.resource >= kinds.resource_race.target)) return `${kinds.resource_race.target} resource reached (MUHQ-WIN-4)`;
    if (kinds.victory_item) return "the victory item was held (MUHQ-WIN-7)";
    return "a victory condition was met (MUHQ-WIN-1)";
  }

  function scoreboard(msg) {
    const v = msg.view;
    const winners = v.winners || [];
    return h("section", { id: "scoreboard", class: "scoreboard mh-scoreboard", "aria-labelledby": "scoreboard-title" },
      h("h2", { id: "scoreboard-title" }, "Game over — ", resultText(msg) || "no result"),
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Resource"),
          h("th", { scope: "col", class: "num" }, "VP"), h("th", { scope: "col", class: "num" }, "Win share"))),
        h("tbody", {}, v.players.map((p) => {
          const won = winners.includes(p.seat);
          const share = msg.returns ? msg.returns[p.seat] : 0;
          return h("tr", { class: `${won ? "winner" : ""}${p.seat === msg.seat ? " me" : ""}` },
            h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(p.seat, { long: true })),
            h("td", { class: "num" }, p.resource),
            h("td", { class: "num" }, p.vp),
            h("td", { class: "num" }, String(Math.round(share * 100) / 100)));
        }))),
      h("p", { class: "score-links" },
        h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, "Download record"),
        " ",
        h("a", { class: "btn", href: "/?game=muhq" }, "Back to the lobby")));
  }

  return { update, logEntries };
}
