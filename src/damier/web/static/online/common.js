// damier web, games between people: small helpers the views share (element lookup, the
// error line, what a time control and a challenge's terms read like). Imports i18n only.
import { has, t } from "../i18n.js";

export const $ = (id) => document.getElementById(id);

// show an API error (data: {error, code, ...}) in the page's language, or hide the line
export function showError(data) {
  const line = $("online-error");
  if (!data) { line.hidden = true; line.textContent = ""; return; }
  const key = `error.${data.code}`;
  line.textContent = has(key) ? t(key, data) : data.error;
  line.hidden = false;
}

export function clockText(tc) {
  if (!tc) return t("online.create.no_clock");
  const minutes = Math.round((tc.initial / 60) * 100) / 100;
  let text = `${minutes}+${tc.increment}`;
  if (tc.delay) text += " " + t("online.delay_short", { seconds: tc.delay });
  return text;
}

export function variantName(name) {
  const key = `variant.${name}`;
  return has(key) ? t(key) : name;
}

// "Ann · International draughts · 5+3 · rated · Ann plays white"
export function termsText(c) {
  const parts = [variantName(c.variant), clockText(c.time_control),
    t(c.rated ? "online.rated" : "online.casual")];
  if (c.color !== "random") parts.push(t(`online.plays_${c.color}`, { name: c.by }));
  else parts.push(t("online.color.random"));
  return parts.join(" · ");
}

export function rememberName(name) {
  try { localStorage.setItem("damier.online.name", name); } catch (e) { /* private mode */ }
}

export function savedName() {
  try { return localStorage.getItem("damier.online.name") || ""; } catch (e) { return ""; }
}

export function show(view) {
  for (const el of document.querySelectorAll(".online-view")) el.hidden = el.id !== view;
}
