// muhq's panels around the board: the info bar, the action stack, what is going on, the permanents in words.
import { h } from "../js/common.js";
import { t } from "../js/i18n.js";
import { MODE_WORDS, PHASE_WORDS, badge, cardTitle, permWords, seatCls, who, word, xy } from "./muhq-cards.js";

export function infoBar(msg, ui) {
  const v = msg.view;
  const toAct = v.to_act;
  const turn = v.phase === "draft" ? t("Draft")
    : v.max_turns ? t("Turn {turn} of {max}", { turn: v.turn, max: v.max_turns }) : t("Turn {turn}", { turn: v.turn });
  return h("div", { class: "round-info mh-info" },
    h("span", { class: "round-no" }, turn),
    h("span", { class: "mh-boardname" }, v.board.name),
    v.phase !== "draft" ? h("span", {}, v.active === msg.seat ? t("your turn") : t("{name}'s turn", { name: ui.seatName(v.active) })) : null,
    h("span", { class: "mh-phase" }, word(PHASE_WORDS, v.phase)),
    h("span", { class: `mh-mode mode-${v.mode}` }, word(MODE_WORDS, v.mode)),
    v.mode !== "over" && toAct >= 0 ? h("span", { class: "mh-toact" }, toAct === msg.seat ? t("your move") : t("{name} to act", { name: ui.seatName(toAct) })) : null);
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
    h("summary", {}, t("On the board ({n})", { n: v.permanents.length })),
    h("ul", {}, rows));
}

export function stack(c) {
  const v = c.view;
  if (!v.stack.length) return null;
  const n = v.stack.length;
  return h("section", { class: "mh-stack", "aria-label": t("The action stack, top last") },
    h("h3", {}, t("Action stack ({n}) — resolves from the top", { n })),
    h("ol", {}, v.stack.map((it, i) => {
      const targets = Object.entries(it.targets || {}).map(([k, val]) => {
        const p = c.byId.get(val);
        return `${k}: ${p ? `${p.name} #${p.id}` : val}`;
      });
      return h("li", { class: i === n - 1 ? "top" : "", title: it.card ? cardTitle(v, it.card) : it.text },
        h("span", { class: `mh-who ${seatCls(it.controller)}` }, who(it.controller)), " ",
        it.text || it.kind,
        targets.length ? h("span", { class: "muted" }, ` → ${targets.join(", ")}`) : null,
        i === n - 1 ? [" ", badge(t("top"), "turn")] : null);
    })));
}

export function waiting(c) {
  const v = c.view;
  const parts = [];
  if (v.triggers && v.triggers.length) {
    const triggers = v.triggers.map((tr) => `${tr.card} (${who(tr.controller)})`).join(", ");
    parts.push(h("li", {}, t("Triggers to declare: {triggers}", { triggers })));
  }
  if (v.mode === "upkeep" && (v.upkeep_todo || []).length) {
    const units = v.upkeep_todo.map((u) => c.byId.get(u)).filter(Boolean).map((u) => `${u.name} #${u.id} (${(v.cards[u.card] || {}).upkeep ?? "?"})`).join(", ");
    parts.push(h("li", {}, t("Upkeep to pay: {units}", { units })));
  }
  if (v.drop) {
    parts.push(h("li", {}, t("A pile is dropped around {field}: {seat} places {members}",
      { field: xy(v.drop.field), seat: who(v.drop.controller), members: v.drop.members.map((m) => `#${m}`).join(", ") }), " (MUHQ-PILE-4)"));
  }
  if (v.activation !== null && v.activation !== undefined) {
    const p = c.byId.get(v.activation);
    const unit = p ? `${p.name} #${p.id}` : null;
    if (p) parts.push(h("li", {}, v.ai ? t("Activated: {unit} — its AI acts for it", { unit }) : t("Activated: {unit}", { unit })));
  }
  return parts.length ? h("ul", { class: "mh-waiting", "aria-label": t("What is going on") }, parts) : null;
}
