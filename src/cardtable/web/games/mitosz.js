// Mítosz at the table (docs/mitosz.md): first the prompt, the stack (top last) and the fight in progress;
// then per player the high god with the four spheres (current/max), power points against the win target
// and the hold, the nation grid with its roads (level; closed ones marked ×) and attached locations, the
// leader row (level, rotation, attachments); the shared intrigues, fates, lingering maneuvers and effects;
// your hand with each card's text. Every legal move is a button, grouped (nations, summons, battles and
// duels, mounts, maneuvers, fates, answers, pass, other); clicking a card in your hand shows only its moves.
// The side panel's game log tells the story of the game in words (view.log), the table's only log.
// The server sends card ids and names; types, costs and texts come from mitosz-cards.js (the engine's
// catalogue of the packaged sets). An opponent's hand is a count only: the view holds nothing more.
import { h } from "../js/common.js";
import { CARDS } from "./mitosz-cards.js";

const SPHERES = [["magic", "M"], ["influence", "I"], ["wealth", "W"], ["force", "F"]];
const TYPE_WORDS = { high_god: "high god", free_maneuver: "free maneuver" };
const MODE_WORDS = { window: "open window", counter: "counter round", prompt: "a decision", over: "game over" };
const GROUPS = [
  ["nations", "Nations", ["place_nation"]],
  ["summons", "Summons", ["summon", "play_unsummoned"]],
  ["fights", "Battles and duels", ["declare_battle", "declare_duel"]],
  ["mounts", "Mounts", ["attach_mount"]],
  ["maneuvers", "Maneuvers", ["use_maneuver", "use_free_maneuver"]],
  ["fates", "Fates", ["use_fate"]],
  ["answers", "Answers", ["choose", "refill", "option"]],
  ["pass", "Pass", ["pass"]],
];

const typeWord = (t) => TYPE_WORDS[t] || String(t || "card").replace(/_/g, " ");
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;
const info = (card) => (card && CARDS[card.card]) || null;

/** The card ids an action names (the card played, its host, user, targets, chosen cards). */
function actionCards(a) {
  const ids = [];
  for (const k of ["card", "host", "user", "via"]) if (Number.isInteger(a[k])) ids.push(a[k]);
  for (const k of ["targets", "cards"]) for (const i of a[k] || []) if (Number.isInteger(i)) ids.push(i);
  return ids;
}

function badge(text, cls, title = null) {
  return h("span", { class: `badge ${cls}`, title }, text);
}

export function createRenderer(root, ui) {
  let filter = null; // a card id in hand: only the moves that play it are listed
  const box = h("div", { class: "mitosz" });
  root.append(box);

  // The table's own catalogue adds the cards of sets a designer added (mitosz-cards.js holds the packaged ones).
  const tableId = decodeURIComponent(location.pathname.split("/").pop() || "");
  fetch(`/api/tables/${encodeURIComponent(tableId)}/catalogue`)
    .then((r) => (r.ok ? r.json() : null))
    .then((cat) => {
      if (cat && cat.cards) {
        for (const [id, card] of Object.entries(cat.cards)) if (!CARDS[id]) CARDS[id] = card;
        ui.rerender();
      }
    })
    .catch(() => {});

  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && filter !== null) {
      filter = null;
      ui.rerender();
    }
  });

  function update(msg, ctx) {
    const view = msg.view;
    const me = msg.seat;
    const dup = namesSeen(view);
    const legal = ctx.legal;
    if (filter !== null && !legal.some((e) => actionCards(e.action).includes(filter))) filter = null;
    const players = view.players;
    const order = players.filter((p) => p.seat !== me).concat(players.filter((p) => p.seat === me));
    const felt = h("div", { class: `felt mz-felt${view.result ? " over" : ""}` },
      msg.returns || view.result ? scoreboard(msg) : null,
      infoBar(msg),
      // why you are asked, what is on the stack and the fight come first: at 1366x768 they were
      // below the seat panels, out of sight in a counter round
      prompt(msg, legal),
      stack(msg, dup),
      fight(msg),
      h("div", { class: "mz-players" }, order.map((p) => playerPanel(msg, p, dup))),
      shared(msg, dup),
      movesPanel(msg, legal, dup),
      me !== null && players[me] && players[me].hand ? handPanel(msg, players[me], legal, dup) : null,
    );
    box.replaceChildren(felt);
  }

  // -- names ----------------------------------------------------------------------------------------
  /** name -> Set of instance ids in view, to tell two copies apart (#id). */
  function namesSeen(view) {
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

  function nameOf(card, dup) {
    // (a stack entry whose card went back to a hand or deck names no copy: its id is null)
    const many = card.id != null && dup && dup.get(card.name) && dup.get(card.name).size > 1;
    return many ? `${card.name} #${card.id}` : card.name;
  }

  // -- the top line ---------------------------------------------------------------------------------
  function infoBar(msg) {
    const v = msg.view;
    const toAct = v.to_act;
    return h("div", { class: "round-info mz-info" },
      h("span", { class: "round-no" }, `Turn ${v.turn}`),
      h("span", {}, v.active === msg.seat ? "your turn" : `${ui.seatName(v.active)}'s turn`),
      h("span", { class: "mz-phase" }, v.phase_title),
      h("span", { class: `mz-mode mode-${v.mode}` }, MODE_WORDS[v.mode] || v.mode),
      v.result ? null : h("span", { class: "mz-toact" }, toAct === msg.seat ? "your move" : `${ui.seatName(toAct)} to act`),
      h("span", { class: "mz-target", title: "MIT-1.1.1: hold this many power points for a round" }, `win: ${v.win_target} power points`));
  }

  // -- a player ---------------------------------------------------------------------------------------
  function playerPanel(msg, p, dup) {
    const v = msg.view;
    const me = msg.seat;
    const seat = p.seat;
    const table = msg.table.seats[seat] || {};
    const winners = v.result ? v.result.winners || [] : [];
    const acting = v.to_act === seat && !v.result;
    return h("section", {
      class: `seat mz-seat${seat === me ? " me" : ""}${acting ? " to-play" : ""}${winners.includes(seat) ? " winner" : ""}`,
      "aria-label": `${ui.seatName(seat, { long: true })}${seat === me ? " (you)" : ""}`,
      dataset: { seat },
    },
    h("div", { class: "seat-head" },
      h("span", { class: "seat-name" }, acting ? h("span", { class: "turn-dot", "aria-hidden": "true" }) : null, `P${seat} · ${ui.seatName(seat)}`),
      table.kind && table.kind !== "human" ? badge(table.kind, "bot", `played by the ${table.kind} bot`) : null,
      table.takeover ? badge(`${table.takeover} bot stands in`, "bot") : null,
      v.active === seat && !v.result ? badge("active", "mz-active", "whose turn it is") : null,
      acting ? badge("to act", "turn") : null,
      winners.includes(seat) ? badge("winner", "winner") : null,
      h("span", { class: "mz-deckname" }, p.deck_name)),
    godRow(msg, p, dup),
    h("div", { class: "mz-piles" },
      h("span", {}, `deck ${p.deck}`),
      h("span", { class: "mz-handcount" }, `hand ${p.hand_count}`, h("span", { class: "muted" }, ` (size ${p.hand_size})`)),
      h("span", { title: p.afterworld.map((c) => c.name).join(", ") || "empty" },
        `afterworld ${p.afterworld.length}${p.afterworld.length ? `, top ${p.afterworld[0].name}` : ""}`),
      p.oblivion.length ? h("span", { title: p.oblivion.map((c) => c.name).join(", ") }, `oblivion ${p.oblivion.length}`) : null),
    h("div", { class: "mz-area" },
      h("h3", {}, `Nations (${p.nations.length})`, p.nation_placed ? h("span", { class: "muted" }, " · one placed this turn") : null),
      grid(p.nations, dup)),
    h("div", { class: "mz-area" },
      h("h3", {}, `Leaders (${p.leaders.length} of ${p.leader_limit})`),
      p.leaders.length
        ? h("div", { class: "mz-cards" }, p.leaders.map((c) => boardCard(c, dup)))
        : h("p", { class: "empty" }, "none")));
  }

  function godRow(msg, p, dup) {
    const v = msg.view;
    const pct = Math.min(100, Math.round((100 * p.power) / v.win_target));
    return h("div", { class: "mz-god" },
      h("div", { class: "mz-godcard", title: cardTitle(p.god) },
        h("span", { class: "mz-type" }, "high god"),
        h("strong", {}, p.god.name),
        (p.god.attached || []).length ? h("span", { class: "mz-att" }, "+ ", p.god.attached.map((a) => nameOf(a, dup)).join(", ")) : null),
      h("ul", { class: "mz-spheres", "aria-label": "spheres" },
        SPHERES.map(([name, letter], i) =>
          h("li", { class: `mz-sphere s-${name}`, title: `${name}: ${p.spheres[i]} of ${p.sphere_max[i]}` },
            h("span", { class: "mz-letter", "aria-hidden": "true" }, letter),
            h("span", { class: "mz-sname" }, name),
            h("span", { class: "mz-sval" }, `${p.spheres[i]}/${p.sphere_max[i]}`)))),
      h("div", { class: `mz-power${p.power >= v.win_target ? " reached" : ""}`, role: "img", "aria-label": `${p.power} of ${v.win_target} power points` },
        h("span", { class: "mz-power-text", "aria-hidden": "true" }, `power ${p.power}/${v.win_target}`),
        h("span", { class: "mz-bar", "aria-hidden": "true" }, h("span", { style: `width:${pct}%` }))),
      p.hold
        ? h("p", { class: "mz-hold" }, `Holding since turn ${p.hold.since_turn}: wins at the start of ${ui.seatName(p.hold.anchor)}'s next turn if still ${v.win_target}+ (MIT-1.1.1)`)
        : null);
  }

  function flags(card) {
    const out = [];
    if (card.rotated) out.push("rotated");
    if (card.spent) out.push("spent");
    if (card.neutralized) out.push("neutralized");
    for (const [kind, n] of Object.entries(card.tokens || {})) out.push(`${n} ${kind} token${n === 1 ? "" : "s"}`);
    if (card.controller !== undefined && card.controller !== card.owner) out.push(`owned by P${card.owner}`);
    return out;
  }

  function cardTitle(card) {
    const c = info(card);
    if (!c) return card.name;
    const parts = [`${card.name} — ${typeWord(c.type)}${c.subtypes.length ? ` (${c.subtypes.join(", ")})` : ""}`];
    if (c.cost_label) parts.push(`cost ${c.cost_label}`);
    if (c.level !== null && c.level !== undefined) parts.push(`level ${c.level}`);
    if (c.power_points) parts.push(`${c.power_points} power point${c.power_points === 1 ? "" : "s"}`);
    for (const t of c.text) parts.push(t);
    if (c.links.length) parts.push(`links: ${c.links.join(", ")}`);
    return parts.join("\n");
  }

  /** A card on the board: name, level, power points, flags, what is attached. */
  function boardCard(card, dup, small = false) {
    const c = info(card);
    const f = flags(card);
    const pp = c && c.power_points;
    return h("div", {
      class: `mz-card t-${card.type}${card.rotated ? " rotated" : ""}${card.neutralized ? " neutralized" : ""}${small ? " small" : ""}`,
      title: cardTitle(card), dataset: { id: card.id },
    },
    h("span", { class: "mz-cname" }, nameOf(card, dup)),
    h("span", { class: "mz-cstats" },
      card.level !== undefined && card.level !== null ? h("span", { class: "mz-level" }, `L${card.level}`) : null,
      pp ? h("span", { class: "mz-pp" }, `${pp} PP`) : null,
      f.length ? h("span", { class: "mz-flags" }, f.join(", ")) : null),
    (card.attached || []).length
      ? h("div", { class: "mz-attached" }, card.attached.map((a) => boardCard(a, dup, true)))
      : null);
  }

  // -- the nation grid --------------------------------------------------------------------------------
  function road(dir, r) {
    if (!r) return null;
    return h("span", {
      class: `mz-road r-${dir}${r.closed ? " closed" : ""}`,
      title: `${dir} road, level ${r.level}${r.closed ? ", closed" : ", free"}`,
    }, `${r.closed ? "×" : ""}${r.level}`);
  }

  function grid(nations, dup) {
    if (!nations.length) return h("p", { class: "empty" }, "no nations yet");
    const xs = nations.map((n) => n.x);
    const ys = nations.map((n) => n.y);
    const x0 = Math.min(...xs);
    const y1 = Math.max(...ys);
    const cols = Math.max(...xs) - x0 + 1;
    const rows = y1 - Math.min(...ys) + 1;
    return h("div", { class: "mz-gridwrap" },
      h("div", {
        class: "mz-grid", role: "list", "aria-label": `nation grid, ${cols} by ${rows} cells, north up`,
        style: `grid-template-columns: repeat(${cols}, minmax(6.8rem, 8.5rem)); grid-template-rows: repeat(${rows}, auto)`,
      },
      nations.map((n) => {
        const label = `${n.name} at (${n.x}, ${n.y}); roads: ${Object.entries(n.roads).map(([d, r]) => `${d} level ${r.level}${r.closed ? " closed" : ""}`).join(", ") || "none"}`;
        return h("div", {
          class: `mz-nation${n.rotated ? " rotated" : ""}`, role: "listitem", "aria-label": label, title: cardTitle(n),
          style: `grid-column: ${n.x - x0 + 1}; grid-row: ${y1 - n.y + 1}`, dataset: { id: n.id },
        },
        ["N", "E", "S", "W"].map((d) => road(d, n.roads[d])),
        h("span", { class: "mz-xy" }, `${n.x},${n.y}`),
        h("strong", { class: "mz-cname" }, nameOf(n, dup)),
        h("span", { class: "mz-cstats" },
          n.level !== undefined && n.level !== null ? h("span", { class: "mz-level" }, `L${n.level}`) : null,
          info(n) && info(n).power_points ? h("span", { class: "mz-pp" }, `${info(n).power_points} PP`) : null,
          flags(n).length ? h("span", { class: "mz-flags" }, flags(n).join(", ")) : null),
        (n.attached || []).map((a) => h("span", { class: "mz-loc", title: cardTitle(a) }, "+ ", nameOf(a, dup), a.rotated ? " (rotated)" : "")));
      })),
      // the road marks said what they mean only in a tooltip
      h("p", { class: "mz-legend" },
        h("span", { class: "mz-road-sample" }, "2"), " a free road and its level (attacks come through these) · ",
        h("span", { class: "mz-road-sample closed" }, "×2"), " a closed road: an own nation next to it, or an effect (MIT-3.2.2.a)"));
  }

  // -- shared areas -----------------------------------------------------------------------------------
  function shared(msg, dup) {
    const v = msg.view;
    const list = (cards, withOwner = true) => cards.length
      ? h("div", { class: "mz-cards" }, cards.map((c) => h("div", { class: "mz-with-owner" },
        boardCard(c, dup), withOwner ? h("span", { class: "muted" }, ` P${c.controller ?? c.owner}`) : null)))
      : h("span", { class: "empty" }, "none");
    return h("section", { class: "mz-shared", "aria-label": "Intrigues, fates, lingering maneuvers and effects" },
      h("div", { class: "mz-area" }, h("h3", {}, `Intrigues (${v.intrigues.length} of ${v.intrigue_limit})`), list(v.intrigues)),
      v.fates.length ? h("div", { class: "mz-area" }, h("h3", {}, "Fates"), list(v.fates)) : null,
      v.lingering.length ? h("div", { class: "mz-area" }, h("h3", {}, "Lingering maneuvers"), list(v.lingering)) : null,
      v.effects.length
        ? h("div", { class: "mz-area" }, h("h3", {}, "Effects"),
          h("ul", { class: "mz-effects" }, v.effects.map((e) => {
            const value = e.value === null || e.value === undefined || (Array.isArray(e.value) && !e.value.length) ? "" : ` ${Array.isArray(e.value) ? e.value.join(", ") : e.value}`;
            return h("li", {}, h("strong", {}, e.source), `: ${e.kind.replace(/_/g, " ")}${value} on ${e.on}, ${e.ends}`);
          })))
        : null);
  }

  // The fight in progress (MIT-7.4, MIT-7.6): both armies by row, their levels and supplies, the result.
  function fight(msg) {
    const f = msg.view.fight;
    if (!f) return null;
    const attacker = ui.seatName(f.attacker);
    const verb = (word) => (f.attacker === msg.seat ? word : `${word}s`);  // "You attack", "Seat 1 attacks"
    const title = f.kind === "battle"
      ? `Battle: ${attacker} ${verb("attack")} ${f.nation.name} through its ${f.road} road (level ${f.road_level})`
      : `Duel: ${attacker} ${verb("challenge")} ${ui.seatName(f.defender)}`;
    const army = (side, label) => {
      const a = f.sides[side];
      return h("div", { class: `mz-army mz-army-${side}` },
        h("h4", {}, `${label} — ${ui.seatName(a.player)} · level ${a.level}`),
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

  function stack(msg, dup) {
    const v = msg.view;
    if (!v.stack.length) return null;
    const n = v.stack.length;
    return h("section", { class: "mz-stack", "aria-label": "The stack, top last" },
      h("h3", {}, `The stack (${n}) — resolves from the top`),
      h("ol", {}, v.stack.map((it, i) => {
        let text = it.text || `${it.kind} ${it.card.name}`;
        if (!text.startsWith(`P${it.player} `)) text = `P${it.player} ${text}`;
        return h("li", { class: `${i === n - 1 ? "top" : ""}${it.neutralized ? " neutralized" : ""}`, title: it.card ? cardTitle(it.card) : text },
          h("span", { class: "mz-who" }, ui.seatName(it.player)),
          " ", text,
          it.kind === "summon" || it.kind === "nation" ? h("span", { class: "muted" }, ` (${typeWord(it.card.type)})`) : null,
          it.neutralized ? [" ", badge("neutralized", "mz-neut")] : null,
          i === n - 1 ? [" ", badge("top", "turn")] : null);
      })));
  }

  function prompt(msg, legal) {
    const v = msg.view;
    const me = msg.seat;
    let text;
    if (v.result) text = resultText(msg);
    else if (v.prompt) {
      const mine = v.prompt.player === me;
      text = `${mine ? "Your decision" : `${ui.seatName(v.prompt.player)} decides`}: ${v.prompt.text}`;
    } else if (v.mode === "counter") {
      text = v.to_act === me
        ? "Counter round: answer with a counter maneuver, or pass to let the stack resolve."
        : `Counter round: ${ui.seatName(v.to_act)} may answer.`;
    } else if (v.to_act === me && legal.length) {
      text = `Your move in the ${v.phase_title}: ${legal.length === 1 ? "only pass" : "choose below, or pass"}.`;
    } else text = `${ui.seatName(v.to_act, { long: true })} is acting (${v.phase_title}).`;
    return h("div", { class: `prompt mz-prompt${legal.length ? " mine" : ""}`, "aria-live": "polite" }, h("p", {}, text));
  }

  // -- the moves ---------------------------------------------------------------------------------------
  function movesPanel(msg, legal, dup) {
    if (!legal.length) return null;
    const shown = filter === null ? legal : legal.filter((e) => actionCards(e.action).includes(filter));
    const counts = new Map();
    for (const e of legal) counts.set(e.label, (counts.get(e.label) || 0) + 1);
    // every legal move gets a button here: a type no group names goes under "Other" (battles were missing once)
    const grouped = new Set(GROUPS.flatMap(([, , types]) => types));
    const groups = [...GROUPS, ["other", "Other", null]]
      .map(([key, title, types]) => [key, title, shown.filter((e) => (types ? types.includes(e.action.type) : !grouped.has(e.action.type)))])
      .filter(([, , entries]) => entries.length);
    const hand = (msg.view.players[msg.seat] || {}).hand || [];
    const filtered = filter !== null ? hand.find((c) => c.id === filter) : null;
    return h("section", { class: "mz-moves", "aria-label": "Your moves" },
      h("h3", {}, "Your moves",
        filtered ? [h("span", { class: "muted" }, ` — only ${nameOf(filtered, dup)}`), " ",
          h("button", { type: "button", class: "btn small ghost", dataset: { key: "mz-unfilter" }, onclick: () => { filter = null; ui.rerender(); } }, "show all")] : null),
      groups.map(([key, title, entries]) =>
        h("div", { class: `mz-group g-${key}`, role: "group", "aria-label": title },
          h("span", { class: "mz-group-title" }, title),
          h("div", { class: "mz-buttons" }, entries.map((e) => {
            const ids = actionCards(e.action).filter((i) => i < 100000);
            const label = counts.get(e.label) > 1 && ids.length ? `${e.label} [${ids.map((i) => `#${i}`).join(", ")}]` : e.label;
            return h("button", {
              type: "button", class: `btn legal mz-move${key === "pass" ? "" : " primary"}`, "data-legal": true,
              dataset: { key: `mz:${JSON.stringify(e.action)}`, type: e.action.type },
              onclick: () => { filter = null; ui.act(e.action); },
            }, label);
          })))));
  }

  // -- my hand -----------------------------------------------------------------------------------------
  function handPanel(msg, p, legal, dup) {
    const playable = new Set();
    for (const e of legal) if (e.action.type !== "pass") for (const i of actionCards(e.action)) playable.add(i);
    const cards = [...p.hand].sort((a, b) => (a.type || "").localeCompare(b.type || "") || a.name.localeCompare(b.name) || a.id - b.id);
    return h("section", { class: "mz-hand", "aria-label": "Your hand" },
      h("h3", {}, `Your hand (${p.hand.length}, hand size ${p.hand_size})`,
        playable.size ? h("span", { class: "muted" }, " — click a glowing card to see only its moves") : null),
      cards.length
        ? h("div", { class: "mz-handcards" }, cards.map((card) => handCard(card, playable.has(card.id), dup)))
        : h("p", { class: "empty" }, "empty"));
  }

  function handCard(card, playable, dup) {
    const c = info(card) || { type: card.type, subtypes: [], text: [], links: [], requirements: [] };
    const stats = [];
    if (c.cost_label) stats.push(`cost ${c.cost_label}`);
    if (c.level !== null && c.level !== undefined) stats.push(`L${c.level}`);
    if (c.power_points) stats.push(`${c.power_points} PP`);
    if (c.roads && Object.keys(c.roads).length) stats.push(`roads ${Object.entries(c.roads).map(([d, l]) => `${d}${l}`).join(" ")}`);
    const body = [
      h("span", { class: "mz-type" }, typeWord(c.type), c.subtypes.length ? ` · ${c.subtypes.join(", ")}` : ""),
      h("strong", { class: "mz-cname" }, nameOf(card, dup)),
      stats.length ? h("span", { class: "mz-cstats" }, stats.join(" · ")) : null,
      c.text.length ? h("ul", { class: "mz-text" }, c.text.map((t) => h("li", {}, t))) : null,
      c.requirements && c.requirements.length ? h("span", { class: "mz-req" }, `user: ${c.requirements.map((g) => g.join(" + ")).join(" or ")}`) : null,
    ];
    const cls = `mz-handcard t-${c.type}${playable ? " playable" : ""}${filter === card.id ? " selected" : ""}`;
    if (!playable) return h("div", { class: cls, dataset: { id: card.id }, title: cardTitle(card) }, body);
    return h("button", {
      type: "button", class: cls, "aria-pressed": filter === card.id ? "true" : "false", title: cardTitle(card),
      dataset: { key: `mz-hand:${card.id}`, id: card.id },
      onclick: () => { filter = filter === card.id ? null : card.id; ui.rerender(); },
    }, body);
  }

  // -- the story and the end ---------------------------------------------------------------------------
  /** The side panel's game log: the story of the game in words (view.log: the setup, draws and
   *  resolutions as well as the moves), numbered as the story counts its lines; the only log of the table. */
  function logEntries(msg) {
    const v = msg.view;
    const first = v.log_size - v.log.length;
    const mine = msg.seat === null ? null : `P${msg.seat} `;
    return v.log.map((text, i) => ({ n: first + i, text, mine: mine !== null && text.startsWith(mine) }));
  }

  function resultText(msg) {
    const r = msg.view.result;
    if (!r) return "";
    const w = r.winners || [];
    const names = w.map((s) => ui.seatName(s));
    const head = !w.length ? "No winner" : w.length === 1 ? (w[0] === msg.seat ? "You win" : `${names[0]} wins`) : `Shared win: ${names.join(" and ")}`;
    return `${head}: ${r.reason}${r.rule ? ` (${r.rule})` : ""}.`;
  }

  function scoreboard(msg) {
    const v = msg.view;
    const r = v.result || { winners: [], totals: msg.scores || [] };
    const totals = r.totals || v.players.map((p) => p.power);
    return h("section", { id: "scoreboard", class: "scoreboard mz-scoreboard", "aria-labelledby": "scoreboard-title" },
      h("h2", { id: "scoreboard-title" }, "Game over — ", resultText(msg) || "no result"),
      h("table", { class: "score-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Power points"),
          h("th", { scope: "col", class: "num" }, "Win share"))),
        h("tbody", {}, v.players.map((p) => {
          const won = (r.winners || []).includes(p.seat);
          const share = msg.returns ? msg.returns[p.seat] : (won ? 1 : 0);
          return h("tr", { class: `${won ? "winner" : ""}${p.seat === msg.seat ? " me" : ""}` },
            h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null, ui.seatName(p.seat, { long: true })),
            h("td", { class: "num" }, totals[p.seat]),
            h("td", { class: "num" }, String(Math.round(share * 100) / 100)));
        }))),
      h("p", { class: "score-links" },
        h("a", { class: "btn primary", href: `/api/tables/${encodeURIComponent(msg.table.id)}/record`, download: `${msg.table.id}.jsonl` }, "Download record"),
        " ",
        h("a", { class: "btn", href: "/?game=mitosz" }, "Back to the lobby")));
  }

  return { update, logEntries };
}
