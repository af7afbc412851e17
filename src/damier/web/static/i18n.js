// damier web: the page's languages. Every string the page shows comes from a message
// catalog, one ES module per language in i18n/ (`export default { "key": "text", ... }`,
// comments allowed). t(key, params) looks a key up in the chosen language, then in English;
// "{name}" in a text is replaced by params.name. translatePage() fills the elements marked
// data-i18n (text), data-i18n-title, data-i18n-placeholder, data-i18n-aria-label.
// The language is the one the user chose (remembered by the browser), else the first of the
// browser's languages (navigator.languages, what it sends as Accept-Language) we have, else
// English. Imports nothing.

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "cs", name: "Čeština" },
  { code: "hu", name: "Magyar" },
  { code: "sr-Latn", name: "Srpski (latinica)" },
  { code: "sr-Cyrl", name: "Српски (ћирилица)" },
  { code: "nl", name: "Nederlands" },
  { code: "fr", name: "Français" },
  { code: "ru", name: "Русский" },
  { code: "pl", name: "Polski" },
  { code: "pt", name: "Português" },
];

const STORAGE_KEY = "damier.lang";
let current = "en";
let catalog = {};
let english = {};

// the language to use for a saved choice and the browser's list (e.g. ["sr-RS", "en"]);
// Serbian without a script is shown in Cyrillic (the official script), sr-Latn* in Latin
export function pickLanguage(saved, browserLanguages) {
  const codes = LANGUAGES.map((l) => l.code);
  if (saved && codes.includes(saved)) return saved;
  for (const raw of browserLanguages || []) {
    const tag = String(raw).toLowerCase();
    if (tag.startsWith("sr")) return tag.includes("latn") ? "sr-Latn" : "sr-Cyrl";
    const base = tag.split("-")[0];
    if (codes.includes(base)) return base;
  }
  return "en";
}

export function language() { return current; }

// the message `key` in the current language (English when missing), with {params} filled in
export function t(key, params = {}) {
  let text = catalog[key];
  if (text === undefined) text = english[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// whether a message exists (e.g. a translated error code)
export function has(key) { return key in catalog || key in english; }

async function loadCatalog(code) {
  const module = await import(`./i18n/${code}.js`);
  return module.default;
}

// switch to language `code` (remembered when `remember`) and translate the page
export async function setLanguage(code, remember = false) {
  if (!Object.keys(english).length) english = await loadCatalog("en");
  catalog = code === "en" ? english : await loadCatalog(code);
  current = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem(STORAGE_KEY, code);
  translatePage();
}

// fill the language menu `select` and switch to the language the user picks there
// (remembered), then call `changed()` for what the page draws itself
export function languageMenu(select, changed) {
  for (const l of LANGUAGES) select.add(new Option(l.name, l.code));
  select.value = language();
  select.addEventListener("change", async () => {
    await setLanguage(select.value, true);
    changed();
  });
}

export async function startLanguage() {
  let saved = null;
  try { saved = localStorage.getItem(STORAGE_KEY); } catch (e) { saved = null; }
  await setLanguage(pickLanguage(saved, navigator.languages || [navigator.language]));
}

const ATTRIBUTES = { "data-i18n-title": "title", "data-i18n-placeholder": "placeholder",
  "data-i18n-aria-label": "aria-label" };

export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const [data, attr] of Object.entries(ATTRIBUTES)) {
    for (const el of root.querySelectorAll(`[${data}]`)) el.setAttribute(attr, t(el.getAttribute(data)));
  }
  if (root === document) document.title = t("page.title");
}
