// Injected by tests/web/test_direct_play.py (add_init_script): measures which legal moves the game's own
// drawing reaches by clicks, and in how many, without playing them.
//
// The page's WebSocket is wrapped. In probe mode an action the page sends is recorded instead of sent, and
// the last state message is handed back to the page at once (so table.js stops waiting and redraws the same
// position). window.__probe(maxDepth) then clicks through the table: every clickable [data-legal] element in
// #game (never the folded fallback list .bp-fallback, never the side panel's list), and after a click that
// sent nothing (a card picked) the elements that appeared with it, up to maxDepth clicks. It answers
// {legal: [action JSON], reached: {action JSON: [data-key, ...]}} — the shortest click path per action.
(() => {
  const Native = window.WebSocket;
  let probing = false;
  let captured = null;
  let lastState = null;
  const sockets = [];

  class ProbeSocket extends Native {
    constructor(...args) {
      super(...args);
      sockets.push(this);
      this.addEventListener("message", (event) => {
        try {
          if (JSON.parse(event.data).type === "state" && !event.__probe) lastState = event.data;
        } catch { /* not ours */ }
      });
    }

    send(data) {
      if (probing) {
        let msg = null;
        try { msg = JSON.parse(data); } catch { /* ignore */ }
        if (msg && msg.type === "action") {
          captured = JSON.stringify(msg.action);
          const ws = this;
          setTimeout(() => {
            const event = new MessageEvent("message", { data: lastState });
            event.__probe = true;
            ws.dispatchEvent(event);
          }, 0);
          return;
        }
        if (msg && msg.type === "ping") return super.send(data);
        return;
      }
      return super.send(data);
    }
  }
  window.WebSocket = ProbeSocket;

  const tick = () => new Promise((r) => setTimeout(r, 0));
  async function settle() {
    for (let i = 0; i < 4; i++) await tick();
  }

  function targets() {
    return [...document.querySelectorAll("#game [data-legal]")].filter((el) =>
      !el.closest(".bp-fallback") && !el.disabled && el.dataset.key && el.getClientRects().length);
  }
  const find = (key) => targets().find((el) => el.dataset.key === key) || null;

  async function reset() {
    for (let i = 0; i < 2; i++) {
      const game = document.getElementById("game");
      const el = document.activeElement && game.contains(document.activeElement) ? document.activeElement : game;
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
      await settle();
    }
  }

  window.__probe = async (maxDepth = 3) => {
    const m = window.cardtable && window.cardtable.message;
    const legal = m ? m.legal.map((e) => JSON.stringify(e.action)) : [];
    const reached = {};
    probing = true;
    try {
      await reset();
      const explore = async (path, known) => {
        const keys = targets().map((el) => el.dataset.key).filter((k) => !known.has(k));
        const seen = new Set([...known, ...keys]);
        for (const key of keys) {
          await reset();
          let ok = true;
          for (const step of path) {
            const el = find(step);
            if (!el) { ok = false; break; }
            el.click();
            await settle();
          }
          if (!ok) continue;
          const el = find(key);
          if (!el) continue;
          captured = null;
          el.click();
          await settle();
          if (captured !== null) {
            const p = [...path, key];
            if (!reached[captured] || reached[captured].length > p.length) reached[captured] = p;
            await settle();
          } else if (path.length + 1 < maxDepth) {
            await explore([...path, key], seen);
          }
        }
      };
      await explore([], new Set());
      await reset();
    } finally {
      probing = false;
      captured = null;
    }
    return { legal, reached };
  };

  // a state message that came while probing is the live one: let the page have it (it did)
  window.__probeSockets = sockets;
})();
