// damier web: the Rules panel: a short summary of the rules of the variant on the board
// (board, men, kings, capturing, promotion, end of the game, draws), from rules/<code>.js
// (one file per language that has them: "variant.section" keys, like the message catalogs).
// A section missing in the page's language is shown in English, with a note saying so.
// Imports only the languages module.
import { language, t } from "./i18n.js";

export const SECTIONS = ["board", "men", "kings", "capture", "promotion", "end", "draws"];
const RULE_LANGUAGES = ["en", "cs", "hu", "sr-Latn", "sr-Cyrl", "nl", "fr", "ru", "pl", "pt"];
const loaded = new Map();

async function rulesIn(code) {
  if (!RULE_LANGUAGES.includes(code)) return {};
  if (!loaded.has(code)) loaded.set(code, import(`./rules/${code}.js`).then((m) => m.default));
  return loaded.get(code);
}

let shown = "";
let latest = 0;

// fill the panel for `variant` (its name shown as `title`); what another variant or language
// left in it goes at once, and only the latest call writes (the texts load asynchronously)
export async function showRules(variant, title) {
  const lang = language();
  const body = document.getElementById("rules-body");
  if (shown !== `${variant}:${lang}`) body.innerHTML = "";
  const call = ++latest;
  const [local, english] = await Promise.all([rulesIn(lang), rulesIn("en")]);
  if (call !== latest) return;
  shown = `${variant}:${lang}`;
  body.innerHTML = "";
  let fallback = false;
  for (const section of SECTIONS) {
    const key = `${variant}.${section}`;
    const text = local[key] || english[key];
    if (!text) continue;
    if (!local[key]) fallback = true;
    const h = document.createElement("h3");
    h.textContent = t(`rules.${section}`);
    const p = document.createElement("p");
    p.textContent = text;
    p.dataset.section = section;
    if (!local[key]) p.lang = "en";
    body.append(h, p);
  }
  document.getElementById("rules-title").textContent = t("rules.title", { variant: title });
  document.getElementById("rules-note").hidden = !(fallback && lang !== "en");
}
