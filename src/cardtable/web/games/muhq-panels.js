// muhq's panels around the board: the info bar, the action stack, what is going on, the permanents in words.
import { h } from "../js/common.js";
import { MODE_WORDS, PHASE_WORDS, badge, cardTitle, permWords, seatCls, who, xy } from "./muhq-cards.js";

export function infoBar(msg, ui) {
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

export function permanentList(c) {
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

export function stack(c) {
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

export function waiting(c) {
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
