// The page's language: its translations come with the page (the server puts the catalogs its scripts use in
// <script id="ct-i18n">, in the language of the cookie set by the header's switch, else of the browser).
// t("text {name}", {name}) and tn(singular, plural, n, params) are the scripts' gettext; the texts are
// extracted into the same catalogs as the server's (cardtable i18n update).

const data = (() => {
  const el = document.getElementById("ct-i18n");
  try {
    return el ? JSON.parse(el.textContent) : { lang: "en", messages: {} };
  } catch {
    return { lang: "en", messages: {} };
  }
})();

export const lang = data.lang || "en";
const plurals = new Intl.PluralRules(lang);
const numbers = new Intl.NumberFormat(lang);

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in params)) return whole;
    const value = params[key];
    return typeof value === "number" && !Number.isInteger(value) ? numbers.format(value) : String(value);
  });
}

export function t(message, params) {
  const found = data.messages[message];
  return fill(typeof found === "string" ? found : message, params);
}

export function tn(singular, plural, n, params = {}) {
  const forms = data.messages[singular];
  let text;
  if (Array.isArray(forms)) text = forms[plurals.select(n) === "one" ? 0 : 1] ?? forms[forms.length - 1];
  else text = n === 1 ? singular : plural;
  return fill(text, { n, ...params });
}

// A text kept in a table, marked for the catalog and translated where it is read: LABEL = N_("…"); t(LABEL).
export const N_ = (message) => message;

// A number as the reader writes it (1.234,5 in German, 1 234,5 in Hungarian).
export function num(value, digits) {
  if (digits === undefined) return numbers.format(value);
  return new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

// The header's switch: the choice is kept per browser (a cookie the server reads) and the page reloads in it.
export function setLanguage(code) {
  document.cookie = `cardtable_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; SameSite=Lax`;
  location.reload();
}

// A pick with the mouse, a finger or the open list applies at once. The arrow keys change a closed select
// at every press, though: from the keyboard the choice waits for Enter or for leaving the switch, so that
// "English" -> "Magyar" does not load the page in German on the way.
function wireSwitch(select) {
  let keyed = -Infinity;
  const apply = () => {
    if (select.value && select.value !== lang) setLanguage(select.value);
  };
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      apply();
    } else if (!event.altKey) keyed = performance.now();
  });
  select.addEventListener("change", () => {
    if (performance.now() - keyed > 100) apply();
  });
  select.addEventListener("blur", apply);
}

const languageSwitch = document.getElementById("lang-switch");
if (languageSwitch) wireSwitch(languageSwitch);

// Words the style sheets write themselves (a changed row's "• new"), in the reader's language.
document.documentElement.style.setProperty("--ct-new", JSON.stringify(t("new")));
