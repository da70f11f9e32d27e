// "Your turn" outside the table: the tab's title and a badge on its icon, an optional short beep (off until
// switched on; remembered), and opt-in browser notifications while the tab is hidden.
import { h } from "./common.js";
import { t } from "./i18n.js";

const SOUND_KEY = "cardtable.turnSound";
const NOTIFY_KEY = "cardtable.turnNotify";
const ICON = "/static/img/icon.svg";

const stored = (key) => {
  try {
    return localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
};
const store = (key, on) => {
  try {
    localStorage.setItem(key, on ? "1" : "0");
  } catch {
    /* private mode: for this page only */
  }
};

// The page's icon with a gold dot at its top right: the tab says "your turn" even when its title is cut short.
let badgeUrl = null;
async function badgeIcon() {
  if (badgeUrl) return badgeUrl;
  let svg = "";
  try {
    svg = await (await fetch(ICON)).text();
  } catch {
    svg = "";
  }
  const dot = '<circle cx="50" cy="14" r="13" fill="#ffcc33" stroke="#1a1a1a" stroke-width="3"/>';
  svg = svg.includes("</svg>") ? svg.replace("</svg>", `${dot}</svg>`)
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${dot}</svg>`;
  badgeUrl = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  return badgeUrl;
}

function beep() {
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return false;
    const ctx = beep.ctx || (beep.ctx = new Context());
    if (ctx.state === "suspended") ctx.resume();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = 880;
    const now = ctx.currentTime;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now);
    osc.stop(now + 0.2);
    return true;
  } catch {
    return false;
  }
}

/** createAttention(box) → {update({myTurn, title, what})}; `box` gets the sound and notification switches. */
export function createAttention(box) {
  const att = { myTurn: false, sound: stored(SOUND_KEY), beeps: 0, notified: 0 };
  const sound = h("button", { type: "button", class: "btn small", id: "turn-sound", onclick: () => {
    att.sound = !att.sound;
    store(SOUND_KEY, att.sound);
    drawSwitches();
    if (att.sound) beep(); // what it will sound like (and the click lets the browser play sound at all)
  } });
  const notify = h("button", { type: "button", class: "btn small", id: "turn-notify", onclick: async () => {
    if (!("Notification" in window)) return;
    if (stored(NOTIFY_KEY)) store(NOTIFY_KEY, false);
    else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      store(NOTIFY_KEY, answer === "granted");
    }
    drawSwitches();
  } });
  const hint = h("span", { class: "hint", id: "turn-notify-hint" });
  box.replaceChildren(h("span", { class: "turn-tools-label" }, t("On my turn:")), sound, notify, hint);

  function drawSwitches() {
    sound.textContent = att.sound ? t("Sound: on") : t("Sound: off");
    sound.setAttribute("aria-pressed", String(att.sound));
    const can = "Notification" in window;
    const on = can && stored(NOTIFY_KEY) && Notification.permission === "granted";
    notify.hidden = !can;
    notify.textContent = on ? t("Notifications: on") : t("Notify me");
    notify.setAttribute("aria-pressed", String(on));
    hint.textContent = can && Notification.permission === "denied" ? t("(notifications are blocked for this site)") : "";
  }
  drawSwitches();

  /** Called at every drawing: `myTurn` now, the page's plain title, and what is asked (for a notification). */
  att.update = async ({ myTurn, title, what }) => {
    const began = myTurn && !att.myTurn;
    att.myTurn = myTurn;
    document.title = myTurn ? t("● Your turn — {title}", { title }) : title;
    const icon = document.querySelector('link[rel="icon"]');
    document.body.dataset.turnBadge = String(myTurn);
    if (icon) {
      const want = myTurn ? await badgeIcon() : ICON;
      if (att.myTurn === myTurn && icon.getAttribute("href") !== want) {
        icon.setAttribute("href", want);
        icon.setAttribute("type", "image/svg+xml");
      }
    }
    if (!began) return;
    if (att.sound && beep()) att.beeps += 1;
    if (stored(NOTIFY_KEY) && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try {
        const note = new Notification(t("Your turn"), { body: `${title}${what ? ` — ${what}` : ""}`, tag: "cardtable-turn", icon: ICON });
        note.onclick = () => {
          window.focus();
          note.close();
        };
        att.notified += 1;
      } catch {
        /* a browser that takes notifications only from a service worker */
      }
    }
  };
  return att;
}
