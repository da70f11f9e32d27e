// Mítosz at the table (docs/mitosz.md, docs/web.md): played by touching cards and board (issue 34).
// At the top the prompt (why you are to act), a line of what the others did since your last turn, the stack
// (top last) and the fight; then per player the high god with the four spheres, power points against the win
// target, the nation grid with its roads and the leader row; the shared intrigues, fates, lingering
// maneuvers and effects. At the foot (sticky on a phone) the bar: what is picked, the answers and choices
// that have no place on the board, pass; and your hand. Click a hand card or a glowing card of yours, then
// its target (mitosz-pick.js): the legal targets glow, an illegal one says why (ui.explain). Every move is
// also in a folded list. Cards that changed since your last turn are marked (mitosz-seen.js). The side
// panel's game log is the game's story in words (view.log). Seats are called P0, P1 … as in the game's own
// texts; each seat's head ties its number to the page's seat name ("P1 · Seat 1").
import { h } from "../js/common.js";
import { t, tn } from "../js/i18n.js";
import { CARDS } from "./mitosz-cards.js";
import { SPHERES, cardText, cardsName, roadList, roadWord, fight, info, namesSeen, playerPanel, requirementWords, shared, stack, subtypeWord, typeWord } from "./mitosz-board.js";
import { advance, clicksFor, handTry, hypothetical, options, setWords, withPaths } from "./mitosz-pick.js";
import { createMemory, fly, origins } from "./mitosz-seen.js";
import { createTips } from "./mitosz-tip.js";

const MODE_WORDS = { window: t("open window"), counter: t("counter round"), prompt: t("a decision"), over: t("game over") };
const SINCE_SHOWN = 4;
const sphereWord = (s) => (SPHERES.find(([name]) => name === s) || [s, s, s])[2];
// the words of the steps that have no place on the board (mitosz-pick.js), in the reader's language
setWords({
  pass: () => t("Pass"),
  into: (row) => ({ front: t("into the front"), auxiliary: t("into the auxiliary"), reserve: t("into the reserve") }[row] || row),
  pay: (sphere, other) => t("pay 1 {sphere} with {other}", { sphere: sphereWord(sphere), other: sphereWord(other) }),
  unsummoned: () => t("without summoning"),
  share: (subtype) => t("sharing its subtype {subtype}", { subtype: subtypeWord(subtype) }),
  sacrifice: () => t("sacrifice it"),
  maneuver: (id) => t("use its maneuver {id}", { id }),
  option: (n) => t("option {n}", { n }),
  attach: () => t("attach the rune to it"),
  none: () => t("choose none"),
  regain: (spheres) => t("regain {spheres}", { spheres: spheres.map(sphereWord).join(", ") }),
  steps: (n) => tn("{n} step", "{n} steps", n),
});
const GROUPS = [ // the folded list of every move, by kind
  ["nations", t("Nations"), ["place_nation"]],
  ["summons", t("Summons"), ["summon", "play_unsummoned"]],
  ["fights", t("Battles and duels"), ["declare_battle", "declare_duel"]],
  ["mounts", t("Mounts"), ["attach_mount"]],
  ["maneuvers", t("Maneuvers"), ["use_maneuver", "use_free_maneuver"]],
  ["fates", t("Fates"), ["use_fate"]],
  ["answers", t("Answers"), ["choose", "refill", "option"]],
  ["pass", t("Pass"), ["pass"]],
]; // log lines of the others shown in the "since your last turn" line before "more"

export function createRenderer(root, ui) {
  let pick = []; // the keys clicked so far (mitosz-pick.js)
  let fallbackOpen = false; // the folded list of every move
  let entries = [];
  let lastMsg = null;
  let lastView = null; // the previous message's view (what arrived since: the flights)
  const memory = createMemory();
  const explained = new Map(); // action JSON -> Promise<string>, for the current position
  let instances = null; // the table's instance -> card id (to name a card that is nowhere on the table)
  const box = h("div", { class: "mitosz" });
  root.append(box);
  const tips = createTips(box, { why: (el) => whyNot(el) });

  // The table's own catalogue adds the cards of sets a designer added (mitosz-cards.js holds the packaged ones).
  const tableId = decodeURIComponent(location.pathname.split("/").pop() || "");
  fetch(`/api/tables/${encodeURIComponent(tableId)}/catalogue`)
    .then((r) => (r.ok ? r.json() : null))
    .then((cat) => {
      if (cat && cat.cards) {
        for (const [id, card] of Object.entries(cat.cards)) if (!CARDS[id]) CARDS[id] = card;
        instances = cat.instances || null;
        ui.rerender();
      }
    })
    .catch(() => {});

  function repick(next) {
    pick = next;
    tips.hide();
    ui.rerender();
  }

  function press(key) {
    const step = advance(entries, pick, key);
    if (step.play) {
      pick = [];
      tips.hide();
      ui.act(step.play.action);
    } else repick(step.pick);
  }

  // one listener for every target: a glowing one is picked, an illegal one says why
  box.addEventListener("click", (event) => {
    const el = event.target.closest("[data-k]");
    if (!el || !box.contains(el)) return;
    if (tips.longPressed()) return;
    const key = el.dataset.k;
    if (el.dataset.x) return act(el.dataset.x);
    if (el.classList.contains("mz-lit")) return press(key);
    if (pick.length && pick[pick.length - 1] === key) return repick([]); // the pick clicked again: let go
    if (whyNot(el)) tips.show(el);
  });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && pick.length) {
      event.stopPropagation();
      repick([]);
      return;
    }
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-k]:not(button)")) {
      event.preventDefault();
      event.target.click();
    }
  });

  function act(json) {
    const entry = entries.find((e) => JSON.stringify(e.action) === json);
    pick = [];
    if (entry) ui.act(entry.action);
  }

  /** Why the element cannot be picked now (a Promise of words), or null when it can or there is nothing to ask. */
  function whyNot(el) {
    if (!lastMsg || !entries.length || !el.dataset.k || el.classList.contains("mz-lit")) return null;
    const key = el.dataset.k;
    let action = null;
    if (pick.length) action = hypothetical(entries, pick, key);
    else if (el.classList.contains("mz-handcard")) {
      const me = lastMsg.view.players[lastMsg.seat];
      const card = me && (me.hand || []).find((c) => `c:${c.id}` === key);
      if (card) action = handTry(card, me.nations);
    } else return null; // nothing picked: a card on the board is only read (its text), not asked about
    if (!action) return Promise.resolve(pick.length ? t("Not a legal target for what you picked.") : t("No move of yours uses this card now."));
    const json = JSON.stringify(action);
    if (!explained.has(json)) explained.set(json, explain(action));
    return explained.get(json);
  }

  async function explain(action) {
    if (typeof ui.explain !== "function") return t("Not a legal choice now.");
    try {
      const r = await ui.explain(action);
      if (r.legal) return t("Legal — but not as this pick; use the list of all moves.");
      let text = r.rule ? t("Not legal — {rule}", { rule: r.rule }) : t("Not legal");
      if (r.message) text += `: ${r.message}`;
      let rule = r.rule_text || null;
      if (!rule && r.rule && typeof ui.ruleText === "function") rule = await ui.ruleText(r.rule).catch(() => null);
      if (rule) text += `\n${r.rule}: ${rule}`;
      return text;
    } catch (exc) {
      const rule = exc && exc.rule;
      return rule ? t("Not legal — {rule}", { rule }) : t("Not a legal choice now.");
    }
  }

  // -- drawing --------------------------------------------------------------------------------------
  function update(msg, ctx) {
    const view = msg.view;
    const me = msg.seat;
    const fresh = msg !== lastMsg;
    if (fresh) {
      explained.clear();
      memory.see(msg);
    }
    entries = withPaths(ctx.legal);
    if (pick.length && !options(entries, pick).left.length) pick = [];
    const opts = options(entries, pick);
    const dup = namesSeen(view);
    let legendShown = false;
    const changes = memory.changes;
    const cx = {
      msg, ui, dup,
      pn: (seat) => (seat === me ? t("P{seat} (you)", { seat }) : `P${seat}`),
      nameOf: (card) => nameOf(card, dup),
      changedSphere: (seat, i) => !!(changes && changes.spheres.has(`${seat}:${i}`)),
      changedPower: (seat) => !!(changes && changes.power.has(seat)),
      cells: () => [...opts.next.keys()].filter((k) => k.startsWith("cell:")).map((k) => k.slice(5).split(",").map(Number)),
      target: (key, props) => target(key, props, opts, changes),
      firstGrid: () => !legendShown && (legendShown = true),
    };
    const players = view.players;
    const order = players.filter((p) => p.seat !== me).concat(players.filter((p) => p.seat === me));
    const felt = h("div", { class: `felt mz-felt${view.result ? " over" : ""}${pick.length ? " picking" : ""}` },
      msg.returns || view.result ? scoreboard(msg) : null,
      infoBar(msg, cx),
      // why you are asked, what happened, what is on the stack and the fight come first (in sight at 1366x768)
      prompt(msg, ctx.legal, cx),
      sinceLine(msg),
      stack(cx),
      fight(cx),
      h("div", { class: "mz-players" }, order.map((p) => playerPanel(cx, p))),
      shared(cx),
      fallback(msg, ctx.legal));
    const hand = me !== null && players[me] && players[me].hand ? handPanel(msg, players[me].hand, cx) : null;
    const onTable = new Set([felt, hand].filter(Boolean).flatMap((el) => [...el.querySelectorAll("[data-k]")]).map((el) => el.dataset.k));
    felt.append(dock(msg, cx, opts, onTable, hand));
    const at = fresh ? origins(box) : null;
    box.replaceChildren(felt, tips.element);
    if (fresh) {
      fly(box, at, lastView, view);
      lastView = view;
      lastMsg = msg;
    }
    tips.redrawn(box);
    box.dataset.pick = pick.join(" ");
  }

  function nameOf(card, dup) {
    // (a stack entry whose card went back to a hand or deck names no copy: its id is null)
    const many = card.id != null && dup && dup.get(card.name) && dup.get(card.name).size > 1;
    return many ? `${card.name} #${card.id}` : card.name;
  }

  /** The attributes of something that can be clicked: its key, whether it glows, is picked, changed. */
  function target(key, { class: cls, tip, id, label, style }, opts, changes) {
    const lit = opts.next.has(key) || opts.roads.has(key);
    const picked = pick.includes(key);
    const isCard = key.startsWith("c:");
    const changed = (isCard && changes && changes.cards.get(Number(key.slice(2)))) || null;
    return {
      class: `${cls || ""} mz-t${lit ? " mz-lit" : ""}${picked ? " mz-picked" : ""}${changed ? " mz-changed" : ""}`,
      "data-k": key, "data-key": `mzk:${key}`, "data-changed": changed, "data-tip": tip || null, "data-id": id ?? null, "data-legal": lit || null,
      tabindex: lit || isCard ? 0 : null, role: lit ? "button" : null, style: style || null,
      "aria-label": label ? `${label}${lit ? (pick.length ? t(" — a legal target") : t(" — can be played")) : ""}${changed ? ` ${changed === "new" ? t("(new since your last turn)") : t("(changed since your last turn)")}` : ""}` : null,
      "aria-pressed": picked ? "true" : null,
    };
  }

  // -- the top line ---------------------------------------------------------------------------------
  function infoBar(msg, cx) {
    const v = msg.view;
    return h("div", { class: "round-info mz-info" },
      h("span", { class: "round-no" }, t("Turn {turn}", { turn: v.turn })),
      h("span", {}, v.active === msg.seat ? t("your turn") : t("{player}'s turn", { player: cx.pn(v.active) })),
      h("span", { class: "mz-phase" }, v.phase_title),
      h("span", { class: `mz-mode mode-${v.mode}` }, MODE_WORDS[v.mode] || v.mode),
      v.result ? null : h("span", { class: "mz-toact" }, v.to_act === msg.seat ? t("your move") : t("{player} to act", { player: cx.pn(v.to_act) })),
      h("span", { class: "mz-target", title: `MIT-1.1.1: ${t("hold this many power points for a round")}` }, t("win: {n} power points", { n: v.win_target })));
  }

  function prompt(msg, legal, cx) {
    return h("div", { class: `prompt mz-prompt${legal.length ? " mine" : ""}`, "aria-live": "polite" }, h("p", {}, promptText(msg, legal, cx)));
  }

  function promptText(msg, legal, cx) {
    const v = msg.view;
    const me = msg.seat;
    if (v.result) return resultText(msg);
    if (v.prompt) {
      const mine = v.prompt.player === me;
      return mine ? t("Your decision: {text}", { text: v.prompt.text })
        : t("{player} decides: {text}", { player: cx.pn(v.prompt.player), text: v.prompt.text });
    }
    if (v.mode === "counter") {
      const top = v.stack.length ? v.stack[v.stack.length - 1] : null;
      const params = top ? { player: cx.pn(top.player), card: top.card ? top.card.name : top.kind, actor: cx.pn(v.to_act) } : { actor: cx.pn(v.to_act) };
      if (v.to_act === me) {
        return top ? t("Counter round: answer {player}'s {card} with a counter maneuver, or pass to let the stack resolve.", params)
          : t("Counter round: answer with a counter maneuver, or pass to let the stack resolve.");
      }
      return top ? t("Counter round: {actor} may answer {player}'s {card}.", params) : t("Counter round: {actor} may answer.", params);
    }
    if (v.to_act === me && legal.length) {
      return legal.length === 1 ? t("Your move in the {phase}: only pass.", { phase: v.phase_title })
        : t("Your move in the {phase}: pick a glowing card, or pass.", { phase: v.phase_title });
    }
    return t("{player} is acting ({phase}).", { player: cx.pn(v.to_act), phase: v.phase_title });
  }

  // "Since your last turn: P1 summons …" — the log lines of the others between your last turn and this one
  function sinceLine(msg) {
    const since = memory.since;
    if (!since) return null;
    // the others' lines: not your own ("P0 …", "P0's turn ends"), not the turn separators ("— Turn 3: P1 —")
    const mine = new RegExp(`^P${msg.seat}\\b`);
    const lines = since.lines.filter((t) => !mine.test(t) && !/^—.*—$/.test(t.trim()));
    if (!lines.length) return h("p", { class: "mz-since" }, h("b", {}, t("Since your last turn:"), " "), t("the others did nothing you can see."));
    const head = lines.slice(0, SINCE_SHOWN);
    const rest = lines.slice(SINCE_SHOWN);
    return h("div", { class: "mz-since", "aria-label": t("Since your last turn") },
      h("b", {}, t("Since your last turn:"), " "), head.join(" · "),
      rest.length || since.missed
        ? h("details", { class: "mz-since-more" }, h("summary", {}, since.missed
          ? tn("{n} more (and {older} older, in the log)", "{n} more (and {older} older, in the log)", rest.length, { older: since.missed })
          : tn("{n} more", "{n} more", rest.length)),
          h("ul", {}, rest.map((t) => h("li", {}, t))))
        : null);
  }

  // -- the bar and the hand ---------------------------------------------------------------------------
  function dock(msg, cx, opts, onTable, hand) {
    const buttons = [];
    const label = (key) => keyName(key, msg, cx);
    for (const [key, { step, entries: es }] of opts.next) {
      if (key.startsWith("o:")) {
        // a choice with no place on the board: its words (an answer's label when it is one action's last step)
        const text = key.startsWith("o:m:") && es[0].action.type === "use_maneuver" ? maneuverWords(es[0].action, step.label)
          : es.length === 1 && es[0].path.length === pick.length + 1 ? es[0].label : step.label;
        buttons.push(h("button", { type: "button", class: `btn mz-choice${key === "o:pass" ? " mz-pass" : " primary"} mz-t mz-lit`, "data-k": key, "data-key": `mzk:${key}`, "data-legal": true }, text));
      } else if (!onTable.has(key)) {
        // a target that is nowhere on the table (a searched card, one in an afterworld): a chip here
        buttons.push(h("button", { type: "button", class: "btn mz-choice mz-chip mz-t mz-lit", "data-k": key, "data-key": `mzk:${key}`, "data-legal": true }, label(key)));
      }
    }
    for (const e of opts.exact) {
      const json = JSON.stringify(e.action);
      buttons.push(h("button", { type: "button", class: "btn mz-choice primary mz-t", "data-k": `x:${json}`, "data-x": json, "data-key": `mzx:${json}` }, e.label));
    }
    buttons.sort((a, b) => a.classList.contains("mz-pass") - b.classList.contains("mz-pass"));
    const lines = [];
    if (pick.length) {
      lines.push(h("p", { class: "mz-picked-line" }, h("b", {}, t("Picked:"), " "), pick.map(label).join(" → "),
        h("span", { class: "muted" }, opts.next.size ? t(" — now click a glowing target") : "")));
    } else if (entries.length) {
      const sources = [...opts.next.keys()].filter((k) => !k.startsWith("o:")).length;
      lines.push(h("p", { class: "mz-picked-line mz-idle" }, sources ? t("Pick a glowing card to play it, or choose here.") : t("Choose:")));
    }
    // on a phone the question itself is here, in sight (the top one is hidden there)
    if (!pick.length) lines.unshift(h("p", { class: "mz-dock-prompt" }, promptText(msg, entries, cx)));
    const cancel = pick.length
      ? h("button", { type: "button", class: "btn small ghost mz-cancel", "data-key": "mz-cancel", onclick: () => repick([]) }, t("Cancel (Esc)"))
      : null;
    return h("section", { class: `mz-dock${entries.length ? " mine" : ""}`, "aria-label": t("Your choices and your hand") },
      entries.length ? h("div", { class: "mz-bar-row" }, lines, h("div", { class: "mz-choices" }, buttons, cancel))
        : h("div", { class: "mz-bar-row" }, h("p", { class: "mz-dock-prompt" }, promptText(msg, entries, cx))),
      hand);
  }

  /** Which of a card's maneuvers: its text (the card's own words), not its id in the data file. */
  function maneuverWords(a, fallback) {
    if (a.maneuver === "sacrifice") return fallback;
    const words = instances && CARDS[instances[a.card]] && (CARDS[instances[a.card]].maneuvers || {})[a.maneuver];
    return words ? t("use: {maneuver}", { maneuver: words }) : fallback;
  }

  function keyName(key, msg, cx) {
    if (key.startsWith("cell:")) return `(${key.slice(5)})`;
    if (key.startsWith("road:")) {
      const [, nation, dir] = key.split(":");
      return t("{card}'s {dir} road", { card: cardName(Number(nation), msg, cx), dir: roadWord(dir) });
    }
    if (key.startsWith("c:")) return cardName(Number(key.slice(2)), msg, cx);
    const step = entries.flatMap((e) => e.path).find((s) => s.key === key);
    return step ? step.label : key;
  }

  function cardName(id, msg, cx) {
    const v = msg.view;
    const item = v.stack.find((s) => s.id === id);
    if (item) return t("{player}'s {card} on the stack", { player: cx.pn(item.player), card: item.card ? item.card.name : item.kind });
    for (const p of v.players) {
      for (const g of ["hand", "nations", "leaders", "afterworld", "oblivion"]) {
        const c = (p[g] || []).find((x) => x.id === id) || (p[g] || []).flatMap((x) => x.attached || []).find((x) => x.id === id);
        if (c) {
          if (g === "afterworld") return t("{card} ({player}'s afterworld)", { card: c.name, player: cx.pn(p.seat) });
          if (g === "oblivion") return t("{card} ({player}'s oblivion)", { card: c.name, player: cx.pn(p.seat) });
          return cx.nameOf(c);
        }
      }
      if (p.god.id === id) return p.god.name;
    }
    for (const g of ["intrigues", "fates", "lingering"]) {
      const c = v[g].find((x) => x.id === id);
      if (c) return cx.nameOf(c);
    }
    const cid = instances && instances[id];
    return cid && CARDS[cid] ? cardsName(cid) : t("card #{id}", { id });
  }

  function handPanel(msg, hand, cx) {
    const cards = [...hand].sort((a, b) => (a.type || "").localeCompare(b.type || "") || a.name.localeCompare(b.name) || a.id - b.id);
    const p = msg.view.players[msg.seat];
    return h("div", { class: "mz-hand", role: "group", "aria-label": t("Your hand") },
      h("h3", {}, t("Your hand ({n}, hand size {size})", { n: hand.length, size: p.hand_size })),
      cards.length
        ? h("div", { class: "mz-handcards" }, cards.map((card) => handCard(card, cx)))
        : h("p", { class: "empty" }, t("empty")));
  }

  function handCard(card, cx) {
    const c = info(card) || { type: card.type, subtypes: [], text: [], links: [], requirements: [] };
    const stats = [];
    if (c.cost_label) stats.push(t("cost {cost}", { cost: c.cost_label }));
    if (c.level !== null && c.level !== undefined) stats.push(t("L{level}", { level: c.level }));
    if (c.power_points) stats.push(t("{n} PP", { n: c.power_points }));
    if (c.roads && Object.keys(c.roads).length) stats.push(t("roads {roads}", { roads: roadList(c.roads) }));
    const props = cx.target(`c:${card.id}`, { class: `mz-handcard t-${c.type}`, tip: cardText(card), id: card.id, label: `${cx.nameOf(card)}, ${typeWord(c.type)}` });
    if (props["data-legal"]) props.class += " playable";
    if (props["aria-pressed"]) props.class += " selected";
    props.role = null;
    props["aria-pressed"] = props["aria-pressed"] || "false";
    return h("button", { type: "button", ...props },
      h("span", { class: "mz-type" }, typeWord(c.type), c.subtypes.length ? ` · ${c.subtypes.map(subtypeWord).join(", ")}` : ""),
      h("strong", { class: "mz-cname" }, cx.nameOf(card)),
      stats.length ? h("span", { class: "mz-cstats" }, stats.join(" · ")) : null,
      c.text.length ? h("ul", { class: "mz-text" }, c.text.map((t) => h("li", {}, t))) : null,
      c.requirements && c.requirements.length ? h("span", { class: "mz-req" }, t("user: {groups}", { groups: requirementWords(c.requirements) })) : null);
  }

  // -- the folded list of every move ---------------------------------------------------------------------
  function fallback(msg, legal) {
    if (!legal.length) return null;
    const counts = new Map();
    for (const e of legal) counts.set(e.label, (counts.get(e.label) || 0) + 1);
    // every legal move gets a button, grouped; a type no group names goes under "Other"
    const grouped = new Set(GROUPS.flatMap(([, , types]) => types));
    const groups = [...GROUPS, ["other", t("Other"), null]]
      .map(([key, title, types]) => [key, title, legal.filter((e) => (types ? types.includes(e.action.type) : !grouped.has(e.action.type)))])
      .filter(([, , es]) => es.length);
    const button = (e) => {
      const a = e.action;
      const ids = ["card", "host", "user", "via", "commander", "nation", "challenger", "challenged", "mount"]
        .filter((k) => Number.isInteger(a[k])).map((k) => a[k]).concat(a.targets || [], a.cards || []).filter((i) => i < 100000);
      const label = counts.get(e.label) > 1 && ids.length ? `${e.label} [${ids.map((i) => `#${i}`).join(", ")}]` : e.label;
      return h("button", {
        type: "button", class: `btn mz-move${a.type === "pass" ? "" : " primary"}`,
        dataset: { key: `mz:${JSON.stringify(a)}`, type: a.type }, onclick: () => { pick = []; ui.act(a); },
      }, label);
    };
    const details = h("details", { class: "mz-moves mz-fallback", open: fallbackOpen },
      h("summary", { "data-key": "mz-fallback" }, tn("All {n} moves as a list", "All {n} moves as a list", legal.length)),
      groups.map(([key, title, es]) => h("div", { class: `mz-group g-${key}`, role: "group", "aria-label": title },
        h("span", { class: "mz-group-title" }, title), h("div", { class: "mz-buttons" }, es.map(button)))));
    details.addEventListener("toggle", () => { fallbackOpen = details.open; });
    return details;
  }

  // -- the story and the end ---------------------------------------------------------------------------
  /** The side panel's game log: the story of the game in words (view.log), numbered as the story counts. */
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
    const names = w.map((s) => (s === msg.seat ? t("you") : `P${s}`));
    const head = !w.length ? t("No winner") : w.length === 1 ? (w[0] === msg.seat ? t("You win") : t("{player} wins", { player: names[0] }))
      : t("Shared win: {players}", { players: names.join(t(" and ")) });
    const rule = msg.end_rule || r.rule;
    return rule ? t("{head}: {reason} ({rule}).", { head, reason: r.reason, rule }) : t("{head}: {reason}.", { head, reason: r.reason });
  }

  /** The end screen's part (table-core draws the screen, with why it ended): each seat's power points against
   *  the target, the winner(s), and the rule that ended the game. */
  function endSummary(msg) {
    const v = msg.view;
    const r = v.result || { winners: [], totals: [] };
    const totals = r.totals && r.totals.length ? r.totals : v.players.map((p) => p.power);
    const rule = msg.end_rule || r.rule || null;
    return h("div", { class: "mz-end" },
      h("table", { class: "score-table mz-end-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col", class: "num" }, t("Power points")),
          h("th", { scope: "col", class: "num" }, t("Target")))),
        h("tbody", {}, v.players.map((p) => {
          const won = (r.winners || []).includes(p.seat);
          return h("tr", { class: `${won ? "winner" : ""}${p.seat === msg.seat ? " me" : ""}` },
            h("th", { scope: "row" }, won ? h("span", { class: "trophy", "aria-hidden": "true" }, "★ ") : null,
              `P${p.seat} · ${ui.seatName(p.seat, { long: true })}`, won ? t(" — winner") : ""),
            h("td", { class: "num" }, String(totals[p.seat] ?? p.power)),
            h("td", { class: "num" }, String(v.win_target)));
        }))),
      rule ? h("p", { class: "mz-end-why" }, t("Ended by"), " ", h("code", { class: "rule" }, rule), r.reason ? `: ${r.reason}` : "") : null);
  }

  // the felt's own line at the end (the table's end screen above holds the scoring, record, rematch and replay)
  function scoreboard(msg) {
    return h("section", { id: "scoreboard", class: "mz-scoreboard", "aria-labelledby": "scoreboard-title" },
      h("h2", { id: "scoreboard-title" }, t("Game over — "), resultText(msg) || t("no result")));
  }

  // for tests and measurements: the clicks that play an action directly (null: only through the list)
  const direct = (action) => clicksFor(entries, action);
  box.mzDirect = direct;
  box.mzCount = (key) => options(entries, [key]).left.length; // how many moves a click on `key` leaves
  return { update, logEntries, endSummary, direct };
}
