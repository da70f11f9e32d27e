// muhq's game at the table (docs/muhq.md, spec rules/muhq.md sections 1-3, 8, 9): the board as a CSS grid
// with its coordinates and field types (deep water, high ground, wall, spawns, income, areas); permanents as
// tokens in their controller's colour (a ring in the owner's when they differ) with damage, marker, tapped
// and pile badges; the victory conditions; per player resource, VP, hand and deck counts, the store with
// buy costs, the discard pile; the action stack; in the draft the pack you hold and your picks; your hand
// with each card's costs and text. The side panel's game log tells the story of the game in words
// (view.log), the table's only log.
//
// Playing by clicking, every move on the thing it concerns: a glowing unit of yours activates; while it is
// activated, the fields it can reach and the units it can attack light up. A permanent with several moves
// (activate, a free action, equip, upkeep…) opens a choice of them next to the board. A card in your hand
// selects it: its spawn fields light up and its other uses (a spell, a discard for resource) are buttons.
// Store cards are bought, pack cards picked by clicking them; moves that concern no card (pass, end the
// activation, buy nothing) are buttons under the prompt. The list of every move stays, folded, below.
// Everything is drawn from the view only: an opponent's hand is a count, a pack only its holder's (section 9).
import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";
import { createChanges, createSince, explainOn, fallbackMoves, flyFrom, straightPath, fullText, bringIntoView } from "./board-kit.js";
import {
  TERRAIN_WORDS, ROLE_WORDS, TYPE_ICON, abbr, badge, cardFace, cardTitle, findCard, info,
  legend, markerBadges, permWords, seatCls, victory, who, word,
} from "./muhq-cards.js";
import { infoBar, permanentList, stack, waiting } from "./muhq-panels.js";
import { orderPlayers, permOf, targetWord } from "./muhq-moves.js";
import { endSummary as summary, logEntries, resultText, scoreboard } from "./muhq-end.js";

export function createRenderer(root, ui) {
  let selected = null; // a hand card id: its spawn fields light up, its other actions are listed
  let picked = null; // a permanent id with several moves: they are offered next to the board
  let fallbackOpen = false; // the folded list of every move, opened by the reader
  let onBoard = null; // the permanents on the board at the last drawing (null before the first)
  const since = createSince(ui);
  const changes = createChanges();
  const box = h("div", { class: "muhq" });
  root.append(box);

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && (selected !== null || picked !== null)) {
      const back = picked !== null ? `[data-id="${picked}"][data-legal]` : `[data-key="mh-hand:${selected}"]`;
      selected = null;
      picked = null;
      Promise.resolve(ui.rerender()).then(() => {
        const el = box.querySelector(back);
        if (el) el.focus({ preventScroll: true });
      });
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
    if (picked !== null && tokenOptions(ctxt, picked).length < 2) picked = null;
    changes.begin(msg);
    ctxt.changed = changes.changed;
    const { line } = since.line(msg);

    const felt = h("div", { class: `felt mh-felt${msg.returns ? " over" : ""}` },
      msg.returns ? scoreboard(msg, ui) : null,
      infoBar(msg, ui),
      victory(view),
      prompt(ctxt),
      view.phase === "draft" && me !== null ? draftPanel(ctxt) : null,
      h("div", { class: "mh-main" },
        boardPanel(ctxt),
        h("div", { class: "mh-aside" },
          line, // beside the board, not above it: above, it pushed the board's last row below a laptop's fold
          stack(ctxt),
          waiting(ctxt),
          selectedPanel(ctxt),
          pickedPanel(ctxt),
          // beside the board on a laptop, before the moves (the page's own list has them too): below the
          // board, the hand was out of the first screen at 1366x768
          mine && mine.hand && view.phase !== "draft" ? handPanel(ctxt, mine) : null,
          fallbackMoves(legal, (e) => act(e)(), { open: fallbackOpen, onToggle: (o) => { fallbackOpen = o; } }))),
      h("div", { class: "mh-players" }, orderPlayers(view, me).map((p) => playerPanel(ctxt, p))),
      permanentList(ctxt));
    box.replaceChildren(felt);
    changes.end();
    // a permanent new on the board flies in from its controller's panel
    for (const p of view.permanents) if (p.field && onBoard && !onBoard.has(p.id)) flyFrom(box, box.querySelector(`.mh-board [data-id="${p.id}"]`), p.controller);
    onBoard = new Set(view.permanents.filter((p) => p.field).map((p) => p.id));
    const choices = box.querySelector(".mh-picked");
    if (choices) bringIntoView(choices);
  }

  // -- cards and names -------------------------------------------------------------------------------------
  /** A card as a small face: type, name, costs, stats, text. */
  // -- legal actions ---------------------------------------------------------------------------------------
  const act = (entry) => () => {
    selected = null;
    picked = null;
    ui.act(entry.action);
  };

  /** The actions that play or use the card `card` (any copy of its definition: equal cards have one). */
  function cardActions(c, card) {
    const ids = new Set(((c.view.players[c.me] || {}).hand || []).filter((x) => x.card === card.card).map((x) => x.id));
    return c.legal.filter((e) => {
      const a = e.action;
      if (a.type === "play_permanent" || a.type === "play_spell") return ids.has(a.card);
      if ((a.type === "universal_free_action" || a.type === "end_discard") && Array.isArray(a.cards)) return a.cards.some((x) => ids.has(x));
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

  /** The permanent an action is done with (its token is where it is clicked), or null. */
  /** Every move done with the permanent `id`: [{kind, entry}] (an attack on it first, then activating it). */
  function tokenOptions(c, id) {
    const out = [];
    for (const e of c.legal) if (permOf(c, e.action) === id) out.push({ kind: e.action.type === "attack" ? "attack" : e.action.type === "activate" ? "activate" : "other", entry: e });
    return out.sort((x, y) => ["attack", "activate", "other"].indexOf(x.kind) - ["attack", "activate", "other"].indexOf(y.kind));
  }

  /** Per permanent id: what clicking its token does — its one move, or (several) offer them. */
  function tokenTargets(c) {
    const out = new Map();
    for (const p of c.view.permanents) {
      const options = tokenOptions(c, p.id);
      if (options.length === 1) out.set(p.id, options[0]);
      else if (options.length > 1) out.set(p.id, { kind: options[0].kind === "attack" ? "attack" : "choose", options, entry: { label: tn("{n} move: choose one", "{n} moves: choose one", options.length), action: { type: "choose", permanent: p.id } } });
    }
    return out;
  }

  /** The moves done with no card or token: pass, end the activation or the action phase, buy nothing. */
  function looseMoves(c) {
    return c.legal.filter((e) => {
      const a = e.action;
      if (["move", "buy", "draft_pick", "drop_place", "place_token"].includes(a.type)) return false;
      if (a.type === "play_permanent" || a.type === "play_spell") return false;
      if ((a.type === "universal_free_action" || a.type === "end_discard") && a.cards && a.cards.length) return false;
      return permOf(c, a) === null;
    });
  }

  /** The moves of a picked permanent, next to the board. */
  function pickedPanel(c) {
    if (picked === null) return null;
    const p = c.byId.get(picked);
    const options = tokenOptions(c, picked);
    return h("section", { class: "mh-selected mh-picked bp-choices", "aria-label": t("Moves of {unit}", { unit: `${p.name} #${p.id}` }) },
      h("h3", {}, `${p.name} #${p.id}`, " ",
        h("button", { type: "button", class: "btn small ghost", dataset: { key: "mh-unpick" }, onclick: () => { picked = null; ui.rerender(); } }, t("cancel"))),
      h("div", { class: "mh-buttons" }, options.map((o) => moveButton(o.entry, "pick-perm", true))));
  }

  // -- the top ------------------------------------------------------------------------------------------
  function prompt(c) {
    const { view: v, me, legal } = c;
    let text;
    if (v.mode === "over") text = resultText(c.msg, ui);
    else if (v.to_act !== me || !legal.length) text = `${ui.seatName(v.to_act, { long: true })}: ${v.prompt}.`;
    else {
      const hints = {
        draft: () => t("pick a card from the pack you hold: click it."),
        open: () => (v.activation !== null
          ? t("click a glowing field to move there, a red-ringed unit to attack it, or end the activation.")
          : t("your action phase: click a glowing unit of yours to activate it, a card in your hand to play it, or end the action phase.")),
        closing: () => t("the action phase ends: choose which of your permanents is activated next (click it)."),
        buy: () => t("buy one card from your store (click it), or buy nothing."),
        drop: () => t("place the members of the dropped pile: click a glowing field."),
        place_token: () => t("click a glowing field for the token."),
      };
      text = t("Your decision: {what}", { what: respondTo(c) || (hints[v.mode] ? hints[v.mode]() : `${v.prompt}.`) });
    }
    const loose = v.to_act === me ? looseMoves(c) : [];
    return h("div", { class: `prompt mh-prompt${legal.length ? " mine" : ""}`, "aria-live": "polite" }, h("p", {}, text),
      loose.length ? h("div", { class: "prompt-buttons mh-buttons" }, loose.map((e) => moveButton(e, "loose", false))) : null);
  }

  /** In a priority window: what is on the stack that you answer (or that nothing is). */
  function respondTo(c) {
    const v = c.view;
    if (!["priority", "open", "closing"].includes(v.mode) || !v.stack) return null;
    if (!v.stack.length) return v.mode === "priority" ? t("nothing is on the stack: act, or pass to let the game go on.") : null;
    const top = v.stack[v.stack.length - 1];
    const what = (top.card && top.card.name) || top.text || top.kind;
    const below = v.stack.length - 1;
    if (top.controller === c.me) {
      return below ? tn("respond to your own {what} on the stack ({n} more below it): add an answer, or pass to let it resolve.",
        "respond to your own {what} on the stack ({n} more below it): add an answer, or pass to let it resolve.", below, { what })
        : t("respond to your own {what} on the stack: add an answer, or pass to let it resolve.", { what });
    }
    const seat = who(top.controller);
    return below ? tn("respond to {seat}'s {what} on the stack ({n} more below it): add an answer, or pass to let it resolve.",
      "respond to {seat}'s {what} on the stack ({n} more below it): add an answer, or pass to let it resolve.", below, { seat, what })
      : t("respond to {seat}'s {what} on the stack: add an answer, or pass to let it resolve.", { seat, what });
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
    // an activated unit that may still move: an empty field out of its reach says why on hover or tap
    const mover = c.legal.some((e) => e.action.type === "move" && e.action.unit === v.activation)
      ? v.permanents.find((p) => p.id === v.activation && p.field) : null;
    const cells = [];
    cells.push(h("span", { class: "mh-axis corner", "aria-hidden": "true" }, "y\\x"));
    for (let x = 0; x < b.width; x++) cells.push(h("span", { class: "mh-axis col", "aria-hidden": "true" }, x));
    for (let y = 0; y < b.height; y++) {
      cells.push(h("span", { class: "mh-axis row", "aria-hidden": "true" }, y));
      for (let x = 0; x < b.width; x++) {
        const f = b.fields[y * b.width + x];
        const here = fields.get(`${x},${y}`) || [];
        const cell = fieldCell(c, x, y, f, occ.get(`${x},${y}`), here, tokens, upkeep);
        if (mover && !here.length && !occ.has(`${x},${y}`)) {
          explainOn(cell, ui, { type: "move", unit: mover.id, path: straightPath(mover.field, [x, y]) }, t("out of reach of {unit} now", { unit: mover.name }));
        }
        cells.push(cell);
      }
    }
    return h("section", { class: "mh-boardpanel", "aria-label": t("The board {name}, {width} by {height} fields", { name: b.name, width: b.width, height: b.height }) },
      h("div", { class: "mh-boardwrap" },
        h("div", {
          class: "mh-board", role: "group", "aria-label": t("{name}: x = column from the left, y = row from the top", { name: b.name }),
          style: `--w: ${b.width}; --h: ${b.height}; grid-template-columns: 1.4em repeat(${b.width}, minmax(0, 1fr))`, // i18n: no
        }, cells)),
      legend(v));
  }

  function fieldCell(c, x, y, f, perm, targets, tokens, upkeep) {
    const tags = [];
    if (f.spawn) for (const s of f.spawn) tags.push(h("span", { class: `mh-tag spawn ${seatCls(s)}`, title: t("spawn field of {seat}", { seat: `P${s}` }) }, `S${s}`));
    if (f.income) tags.push(h("span", { class: "mh-tag income", title: t("income +{n} for a unit standing here", { n: f.income }) }, `$${f.income}`));
    if (f.area) tags.push(h("span", { class: "mh-tag area", title: t("area {area}", { area: f.area }) }, f.area.replace(/_/g, " ")));
    const words = [`(${x}, ${y})`, word(TERRAIN_WORDS, f.type)];
    if (f.spawn) words.push(t("spawn of {seats}", { seats: f.spawn.map((s) => `P${s}`).join(", ") }));
    if (f.income) words.push(t("income {n}", { n: f.income }));
    if (f.area) words.push(t("area {area}", { area: f.area }));
    const fieldWords = words.join(", ");
    const kinds = new Set(targets.map((x) => x.kind));
    const spawnCls = f.spawn ? f.spawn.map((s) => ` spawn-${s % 6}`).join("") : "";
    const target = targets.length ? targets[0] : null;
    const targetLabel = target ? `${target.entry.label} — ${fieldWords}` : null;
    const targetButton = target
      ? h("button", {
        type: "button", class: `mh-target ${target.kind}${perm ? " mini" : ""}`, "data-legal": true, "aria-label": targetLabel, title: targetLabel,
        dataset: { key: `mh-field:${JSON.stringify(target.entry.action)}`, kind: target.kind, x, y },
        onclick: act(target.entry),
      }, perm ? "⇣" : h("span", { class: "mh-target-text", "aria-hidden": "true" }, targetWord(target.kind)))
      : null;
    return h("div", {
      class: `mh-field t-${f.type}${spawnCls}${targets.length ? " has-target" : ""}${[...kinds].map((k) => ` k-${k}`).join("")}`,
      role: "group", "aria-label": perm ? null : fieldWords, title: fieldWords, dataset: { x, y },
    },
    h("span", { class: "mh-xy", "aria-hidden": "true" }, `${x},${y}`),
    tags.length ? h("span", { class: "mh-tags" }, tags) : null,
    perm ? occupant(c, perm, tokens, upkeep, fieldWords) : null,
    targetButton);
  }

  function token(c, p, tokens, upkeep, extra = "", small = false) {
    const tg = tokens.get(p.id);
    const hp = p.type === "unit" ? p.life : p.solid;
    const words = permWords(c, p);
    const cls = `mh-token ${seatCls(p.controller)} own-${seatCls(p.owner)} ty-${p.type}${p.tapped ? " tapped" : ""}` +
      `${p.id === c.view.activation ? " active" : ""}${p.controller !== p.owner ? " foreign" : ""}${small ? " small" : ""}` +
      `${tg ? ` legal k-${tg.kind}` : ""}${tg && tg.kind === "attack" && p.controller === c.me ? " own-target" : ""}` +
      `${upkeep.has(p.id) ? " upkeep" : ""}${p.role ? ` role-${p.role}` : ""}${picked === p.id ? " selected" : ""}` +
      `${c.changed(`perm:${p.id}`, [p.field, p.damage, p.tapped, p.controller, p.markers, p.base]) ? " bp-changed" : ""}`;
    const text = [words, (c.view.cards[p.card] || {}).text].filter(Boolean).join("\n");
    const body = [
      h("span", { class: "mh-icon", "aria-hidden": "true" }, TYPE_ICON[p.type] || "?"),
      h("span", { class: "mh-abbr", "aria-hidden": "true" }, abbr(p.name)),
      h("span", { class: "mh-tname", "aria-hidden": "true" }, p.name),
      h("span", { class: "mh-id", "aria-hidden": "true" }, `#${p.id}`),
      h("span", { class: "mh-badges", "aria-hidden": "true" },
        hp !== undefined && (p.type === "unit" || p.damage) ? badge(`${p.damage || 0}/${hp}`, `mh-hp${p.damage ? " hurt" : ""}`, t("damage / life")) : null,
        p.durability !== undefined ? badge(t("D{n}", { n: p.durability }), "mh-dur", t("durability")) : null,
        p.role ? badge(word(ROLE_WORDS, p.role), "mh-role") : null,
        ...markerBadges(p),
        p.veiled ? badge(t("veiled"), "mh-veiled") : null,
        p.tapped ? badge(t("tapped"), "mh-tapped") : null),
    ];
    if (!tg) return fullText(h("div", { class: cls, role: "img", tabindex: "-1", "aria-label": words + extra, dataset: { id: p.id } }, body), text);
    const label = `${tg.entry.label} — ${words}${extra}`;
    const choose = (event) => {
      picked = picked === p.id ? null : p.id;
      const keyboard = event.detail === 0;
      Promise.resolve(ui.rerender()).then(() => {
        const first = keyboard && picked !== null ? box.querySelector(".mh-picked button[data-legal]") : null;
        if (first) first.focus();
      });
    };
    return fullText(h("button", {
      type: "button", class: cls, "aria-label": label, "data-legal": true,
      dataset: { key: `mh-token:${JSON.stringify(tg.entry.action)}`, id: p.id, kind: tg.kind },
      onclick: tg.options ? choose : act(tg.entry),
    }, body), `${tg.entry.label}\n${text}`);
  }

  function occupant(c, p, tokens, upkeep, fieldWords) {
    const pile = (p.pile || []).map((m) => c.byId.get(m)).filter(Boolean);
    return h("div", { class: "mh-occ" },
      token(c, p, tokens, upkeep, ` — ${fieldWords}`),
      pile.length ? h("div", { class: "mh-pile", "aria-label": t("pile of {name}", { name: p.name }) },
        pile.map((m) => token(c, m, tokens, upkeep, " — " + t("in the pile of {unit}", { unit: `${p.name} #${p.id}` }), true))) : null);
  }

  // -- stack, waiting decisions ---------------------------------------------------------------------------
  // -- moves -------------------------------------------------------------------------------------------------
  function selectedPanel(c) {
    if (!c.sel) return null;
    const entries = cardActions(c, c.sel).filter((e) => !(e.action.type === "play_permanent" && e.action.field));
    const fields = cardActions(c, c.sel).length - entries.length;
    return h("section", { class: "mh-selected", "aria-label": t("Playing {card}", { card: c.sel.name }) },
      h("h3", {}, t("Play {card}", { card: c.sel.name }), " ",
        h("button", { type: "button", class: "btn small ghost", dataset: { key: "mh-unselect" }, onclick: () => { selected = null; ui.rerender(); } }, t("cancel"))),
      fields ? h("p", { class: "hint" }, tn("Click one of the {n} glowing spawn field on the board.", "Click one of the {n} glowing spawn fields on the board.", fields)) : null,
      entries.length ? h("div", { class: "mh-buttons" }, entries.map((e) => moveButton(e, "sel", true))) : null);
  }

  function moveButton(e, key, primary = false) {
    return h("button", {
      type: "button", class: `btn legal mh-move${primary ? " primary" : ""}`, "data-legal": true,
      dataset: { key: `mh-${key}:${JSON.stringify(e.action)}`, type: e.action.type },
      onclick: act(e),
    }, e.label);
  }

  // -- draft, hand, players --------------------------------------------------------------------------------
  function draftPanel(c) {
    const v = c.view;
    const me = v.players[c.me];
    const pack = v.pack || [];
    const picks = c.legal.filter((e) => e.action.type === "draft_pick");
    const pickFor = (card) => picks.find((e) => e.action.card === card.id) ||
      picks.find((e) => { const x = findCard(v, e.action.card); return x && x.card === card.card; });
    return h("section", { class: "mh-draft", "aria-label": t("The draft") },
      h("h3", {}, tn("The pack you hold ({n} card)", "The pack you hold ({n} cards)", pack.length),
        h("span", { class: "muted" }, ` — ${t("picks are hidden until the draft ends")} (MUHQ-DRAFT-7)`)),
      pack.length ? h("div", { class: "mh-cards mh-pack" }, pack.map((card) => cardButton(v, card, pickFor(card), "pick"))) : h("p", { class: "empty" }, t("none: wait for the pack")),
      h("h3", {}, t("Your picks ({n})", { n: Array.isArray(me.drafted) ? me.drafted.length : 0 })),
      Array.isArray(me.drafted) && me.drafted.length
        ? h("p", { class: "mh-picks" }, me.drafted.map((x) => `${x.name} (${(info(v, x).buy ?? "–")})`).join(", "))
        : h("p", { class: "empty" }, t("none yet")));
  }

  function cardButton(view, card, entry, kind, extraCls = "") {
    const cls = `mh-card t-${info(view, card).type}${entry ? " playable" : ""}${extraCls}`;
    if (!entry) return fullText(h("div", { class: cls, tabindex: "0", dataset: { id: card.id } }, cardFace(view, card)), cardTitle(view, card));
    return fullText(h("button", {
      type: "button", class: cls, "data-legal": true,
      dataset: { key: `mh-${kind}:${JSON.stringify(entry.action)}`, id: card.id, type: entry.action.type },
      onclick: act(entry),
    }, cardFace(view, card)), `${entry.label}\n${cardTitle(view, card)}`);
  }

  /** A store card as one chip: type icon, name, buy cost (everything else in its title). */
  function storeChip(view, card, entry) {
    const i = info(view, card);
    const body = [
      h("span", { class: "mh-icon", "aria-hidden": "true" }, TYPE_ICON[i.type] || "✦"),
      h("span", { class: "mh-chipname" }, card.name),
      h("span", { class: "mh-cost c-buy", title: t("buy cost") }, i.buy ?? "–"),
    ];
    const cls = `mh-chip t-${i.type}${entry ? " playable" : ""}`;
    if (!entry) return fullText(h("span", { class: cls, tabindex: "0", dataset: { id: card.id } }, body), cardTitle(view, card));
    return fullText(h("button", {
      type: "button", class: cls, "aria-label": `${entry.label} (${t("buy cost {n}", { n: i.buy })})`, "data-legal": true,
      dataset: { key: `mh-buy:${JSON.stringify(entry.action)}`, id: card.id, type: entry.action.type },
      onclick: act(entry),
    }, body), `${entry.label}\n${cardTitle(view, card)}`);
  }

  function handPanel(c, mine) {
    const v = c.view;
    const cards = [...mine.hand].sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.id - b.id);
    return h("section", { class: "mh-hand", "aria-label": t("Your hand") },
      h("h3", {}, t("Your hand ({n}, refilled to {size} each turn)", { n: cards.length, size: v.board.hand_size }),
        cards.some((x) => cardActions(c, x).length) ? h("span", { class: "muted" }, ` — ${t("click a glowing card to play it")}`) : null),
      cards.length ? h("div", { class: "mh-cards" }, cards.map((card) => {
        const can = cardActions(c, card).length > 0;
        const cls = `mh-card mh-handcard t-${info(v, card).type}${can ? " playable" : ""}${selected === card.id ? " selected" : ""}`; // i18n: no
        if (!can) {
          const el = fullText(h("div", { class: cls, tabindex: c.legal.length ? "0" : null, dataset: { id: card.id } }, cardFace(v, card, { buy: false })), cardTitle(v, card));
          const kind = info(v, card).type;
          if (c.legal.length) explainOn(el, ui, kind === "unit" || kind === "artifact" || kind === "equipment" ? { type: "play_permanent", card: card.id } : { type: "play_spell", card: card.id, targets: [], costs: [] });
          return el;
        }
        return fullText(h("button", {
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
        }, cardFace(v, card, { buy: false })), cardTitle(v, card));
      })) : h("p", { class: "empty" }, t("empty")));
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
      "aria-label": seat === me ? t("{name} (you)", { name: ui.seatName(seat, { long: true }) }) : ui.seatName(seat, { long: true }), dataset: { seat },
    },
    h("div", { class: "seat-head" },
      h("span", { class: `mh-dot ${seatCls(seat)}`, "aria-hidden": "true" }),
      h("span", { class: "seat-name" }, acting ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, `P${seat} · ${ui.seatName(seat)}`),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", t("played by the {kind} bot", { kind: table.kind })) : null,
      v.active === seat && !draft && v.mode !== "over" ? badge(t("active"), "mh-active", t("whose turn it is")) : null,
      acting ? badge(t("to act"), "turn") : null,
      winners.includes(seat) ? badge(t("winner"), "winner") : null,
      p.alive ? null : badge(t("eliminated"), "mh-out")),
    h("div", { class: "mh-counters" },
      h("span", { class: "mh-res", title: `${t("resource")} (MUHQ-RES)` }, h("b", {}, p.resource), " ", t("resource")),
      h("span", { class: "mh-vp", title: t("victory points") }, h("b", {}, p.vp), " ", t("VP")),
      h("span", { class: "mh-handcount" }, t("hand {n}", { n: p.hand_count })),
      h("span", {}, t("deck {n}", { n: p.deck })),
      draft ? h("span", {}, Array.isArray(p.drafted) ? t("picked {n}", { n: p.drafted.length }) : t("picked {n} (hidden)", { n: p.drafted ?? 0 })) : h("span", {}, t("discard {n}", { n: p.discard.length })),
      p.bought ? h("span", { class: "muted" }, t("bought this turn")) : null),
    draft ? null : h("div", { class: "mh-area" },
      h("h4", {}, t("Store ({n})", { n: store.length }), h("span", { class: "muted" }, ` — ${t("buy costs")}`),
        buys.length ? h("span", { class: "mh-buyhint" }, ` — ${t("click a glowing card to buy it")}`) : null),
      store.length ? h("div", { class: "mh-store" }, store.map((card) => storeChip(v, card, buyFor(card))))
        : h("p", { class: "empty" }, t("empty"))),
    draft ? null : h("p", { class: "mh-discard" }, h("b", {}, `${t("Discard pile:")} `), p.discard.length ? grouped(p.discard) : h("span", { class: "empty" }, t("empty"))),
    p.pending.length ? h("p", { class: "mh-discard" }, h("b", {}, `${t("Pending equipment (to the next unit):")} `), grouped(p.pending)) : null);
  }

  // -- the story and the end -------------------------------------------------------------------------------
  /** The side panel's game log: the story of the game in words (view.log: declarations and resolutions on
   *  the stack as well as the moves), numbered as the story counts its lines; the only log of the table. */
  /** Why the game ended, with the rule (the view has the winners; the reason follows from the position). */
  return { update, logEntries, endSummary: (msg) => summary(msg, ui) };
}
