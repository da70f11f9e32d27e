// Direct play in Mítosz (issue 34): every legal action becomes a path of clicks on the table.
//
// A step is a key: "c:ID" a card on the table (hand, board, god, intrigue, a stack item by its stack id),
// "cell:X,Y" an empty cell of your own grid, "road:NATION:DIR" a road of a nation, "o:…" a choice
// that has no place on the board (pass, a prompt's answer, a row, how to pay, which option) and is a button
// in the bar under the table. A pick is the keys clicked so far; the legal targets are the next keys of the
// actions whose path begins with the pick. When one action is left it is played; when every action left
// goes on the same way, that step is taken by itself (a summon onto the only host is one click). A "choose"
// answer (discards, sacrifices) takes its cards in any order.

// The words of the steps that have no place on the board come from the page, in its reader's language
// (mitosz.js calls setWords); this module imports nothing, so that node runs it too (tests/web/test_mitosz_direct.py).
const words = {
  pass: () => "pass",
  into: (row) => row,
  pay: (sphere, other) => `${sphere}/${other}`,
  unsummoned: () => "unsummoned",
  share: (subtype) => subtype,
  sacrifice: () => "sacrifice",
  maneuver: (id) => id,
  option: (n) => `#${n}`,
  attach: () => "attach",
  none: () => "none",
  regain: (spheres) => spheres.join(", "),
  steps: (n) => String(n),
};

/** The page's words for the steps (each a function of the step's values; see `words`). */
export function setWords(given) {
  Object.assign(words, given);
}

/** The path of clicks of one action: [{key, field, label}]. */
export function pathOf(a, label) {
  const c = (id, field) => ({ key: `c:${id}`, field, value: id });
  const o = (key, text, field = null) => ({ key: `o:${key}`, field, label: text });
  const p = [];
  const more = () => {
    (a.targets || []).forEach((t, i) => p.push(c(t, `targets.${i}`)));
    if (a.steps) p.push(o(`steps:${a.steps}`, words.steps(a.steps)));
    if (a.times) p.push(o(`times:${a.times}`, `×${a.times}`));
  };
  switch (a.type) {
    case "pass":
      return [o("pass", words.pass())];
    case "place_nation":
      return [c(a.card, "card"), { key: `cell:${a.x},${a.y}`, field: "cell", value: [a.x, a.y] }];
    case "summon":
    case "play_unsummoned":
      p.push(c(a.card, "card"));
      if (Number.isInteger(a.host)) p.push(c(a.host, "host"));
      if (a.row) p.push(o(`row:${a.row}`, words.into(a.row)));
      if (a.pay_from) p.push(o(`pay:${a.pay_from}:${a.pay_for}`, words.pay(a.pay_for, a.pay_from)));
      if (a.type === "play_unsummoned") p.push(o("unsummoned", words.unsummoned()));
      return p;
    case "declare_battle":
      return [c(a.commander, "commander"), c(a.nation, "nation"), { key: `road:${a.nation}:${a.road}`, field: "road", value: a.road }];
    case "declare_duel":
      return [c(a.challenger, "challenger"), c(a.challenged, "challenged")];
    case "attach_mount":
      p.push(c(a.mount, "mount"), c(a.host, "host"));
      if (a.share) p.push(o(`share:${a.share}`, words.share(a.share)));
      return p;
    case "use_maneuver":
      p.push(c(a.card, "card"), o(`m:${a.maneuver}`, a.maneuver === "sacrifice" ? words.sacrifice() : words.maneuver(a.maneuver)));
      more();
      return p;
    case "use_free_maneuver":
      p.push(c(a.card, "card"), c(a.user, "user"), o(`opt:${a.option}`, words.option(a.option)));
      more();
      if (a.attach) p.push(o("attach", words.attach()));
      return p;
    case "use_fate":
      p.push(c(a.card, "card"));
      if (Number.isInteger(a.via)) p.push(c(a.via, "via"));
      more();
      return p;
    case "choose":
      return a.cards.length ? a.cards.map((id, i) => c(id, `cards.${i}`)) : [o("none", label || words.none())];
    case "refill":
      return [o(`refill:${a.spheres.join(",")}`, label || words.regain(a.spheres))];
    case "option":
      return [o(`option:${a.index}`, label || words.option(a.index + 1))];
    default:
      return [o(JSON.stringify(a), label || a.type)];
  }
}

const unordered = (e) => e.action.type === "choose" && e.action.cards.length > 0;

/** The legal entries ({action, label}) with their paths. */
export function withPaths(legal) {
  return legal.map((e) => ({ ...e, path: pathOf(e.action, e.label), any: unordered(e) }));
}

function matches(e, pick) {
  if (pick.length > e.path.length) return false;
  if (e.any) {
    const keys = e.path.map((s) => s.key);
    return pick.every((k) => keys.includes(k)) && new Set(pick).size === pick.length;
  }
  return pick.every((k, i) => e.path[i].key === k);
}

function nextSteps(e, pick) {
  if (e.any) return e.path.filter((s) => !pick.includes(s.key));
  return e.path.length > pick.length ? [e.path[pick.length]] : [];
}

/** What the pick leaves: the entries, the ones it completes, and the next keys (each with its steps). */
export function options(entries, pick) {
  const left = entries.filter((e) => matches(e, pick));
  const exact = left.filter((e) => e.path.length === pick.length);
  const next = new Map(); // key -> {step, entries}
  for (const e of left) {
    for (const s of nextSteps(e, pick)) {
      if (!next.has(s.key)) next.set(s.key, { step: s, entries: [] });
      next.get(s.key).entries.push(e);
    }
  }
  // a road lights up with its nation: from the commander, one click on the road declares the attack
  const roads = new Map(); // road key -> nation key to take first
  for (const [key, { entries: es }] of next) {
    if (!key.startsWith("c:")) continue;
    for (const e of es) {
      if (e.any || e.action.type !== "declare_battle") continue;
      const s = e.path[pick.length + 1];
      if (s && s.key.startsWith("road:") && e.path[pick.length].key === key) roads.set(s.key, key);
    }
  }
  return { left, exact, next, roads };
}

/** The pick after clicking `key`: the steps every action left agrees on are taken too. Returns {pick, play}:
 *  `play` the one action left, if any. */
export function advance(entries, pick, key) {
  let now = options(entries, pick);
  if (!now.next.has(key) && now.roads.has(key)) pick = pick.concat([now.roads.get(key)]);
  pick = pick.concat([key]);
  for (let guard = 0; guard < 20; guard++) {
    now = options(entries, pick);
    if (now.left.length === 1) return { pick, play: now.left[0] };
    if (!now.left.length) return { pick: [], play: null };
    if (now.exact.length || now.next.size !== 1) break;
    const [only] = now.next.keys();
    pick = pick.concat([only]);
  }
  return { pick, play: null };
}

/** The clicks that play `action` from no pick: [{key, auto}] (auto: taken by itself); null if none does.
 *  Used to measure direct play and by the tests to click through a move. */
export function clicksFor(entries, action) {
  const want = JSON.stringify(action);
  const entry = entries.find((e) => JSON.stringify(e.action) === want);
  if (!entry) return null;
  let pick = [];
  const clicks = [];
  for (let guard = 0; guard < 20; guard++) {
    const { exact, next, roads } = options(entries, pick);
    if (exact.includes(entry)) {
      // the pick completes this action and others go on: its label is a button of the bar
      clicks.push({ key: `x:${want}` });
      return clicks;
    }
    const steps = nextSteps(entry, pick).filter((s) => next.has(s.key));
    if (!steps.length) return null;
    let key = steps[0].key;
    // a road after its nation: click the road at once
    const after = !entry.any && entry.path[pick.length + 1];
    if (after && roads.get(after.key) === key) key = after.key;
    clicks.push({ key });
    const step = advance(entries, pick, key);
    if (step.play) return step.play === entry ? clicks : null;
    pick = step.pick;
  }
  return null;
}

/** An action like those the pick leads to, with `key` in the place of the next step: what the server is asked
 *  about an illegal target (ui.explain). Null when no such action can be made. */
export function hypothetical(entries, pick, key) {
  const { left } = options(entries, pick);
  const e = left.find((x) => x.path.length > pick.length);
  if (!e) return null;
  const step = e.any ? e.path.find((s) => !pick.includes(s.key)) : e.path[pick.length];
  if (!step || !step.field) return null;
  const a = JSON.parse(JSON.stringify(e.action));
  const [kind, rest] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (step.field === "cell") {
    if (kind !== "cell") return null;
    [a.x, a.y] = rest.split(",").map(Number);
    return a;
  }
  if (step.field === "road") {
    if (kind !== "road") return null;
    const [nation, road] = rest.split(":");
    a.nation = Number(nation);
    a.road = road;
    return a;
  }
  if (kind === "road" && step.field === "nation") {
    const [nation, road] = rest.split(":");
    a.nation = Number(nation);
    a.road = road;
    return a;
  }
  if (kind !== "c") return null;
  const id = Number(rest);
  const [field, index] = step.field.split(".");
  if (index !== undefined) {
    a[field] = (a[field] || []).slice(0, Number(index)).concat([id]);
  } else a[field] = id;
  return a;
}

/** A hand card no legal action plays: the action the server is asked about (why can it not be played?). */
export function handTry(card, nations) {
  const type = card.type;
  if (type === "nation") {
    // next to the first own nation (or the centre of an empty grid)
    const taken = new Set(nations.map((n) => `${n.x},${n.y}`));
    const cells = nations.length ? nations.flatMap((n) => [[n.x + 1, n.y], [n.x - 1, n.y], [n.x, n.y + 1], [n.x, n.y - 1]]) : [[0, 0]];
    const cell = cells.find(([x, y]) => !taken.has(`${x},${y}`)) || [0, 0];
    return { type: "place_nation", card: card.id, x: cell[0], y: cell[1] };
  }
  if (type === "fate") return { type: "use_fate", card: card.id };
  return { type: "summon", card: card.id };
}
