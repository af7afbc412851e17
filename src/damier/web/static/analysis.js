// damier web: the analysis panel and the evaluation bar. Asks the game's WebSocket for the
// engine's analysis of the position on the board and shows what streams back.
import { t } from "./i18n.js";
import { app } from "./state.js";

const $ = (id) => document.getElementById(id);

export function sendAnalysis() {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) return;
  const ply = app.viewPly === app.game.ply ? null : app.viewPly;
  app.ws.send(JSON.stringify({ type: "analyse", on: app.analysis, ply }));
}

export function showAnalysis(a) {
  if (!app.analysis || a.error) {
    if (a.error) $("an-score").textContent = t("an.unavailable");
    return;
  }
  if (a.ply !== undefined && a.ply !== app.viewPly) return;
  if (a.over) { $("an-score").textContent = t("an.over"); $("an-pv").textContent = ""; return; }
  if (a.done && a.depth === undefined) return;
  let text = "…";
  let barText = "";
  let frac = 0.5;
  if (a.win_in !== null && a.win_in !== undefined) {
    const whiteWins = (a.win_in > 0) === (a.score_white === null ? true : a.score_white >= 0);
    text = t(`an.win_in.${whiteWins ? "white" : "black"}`, { n: Math.abs(a.win_in) });
    barText = `#${Math.abs(a.win_in)}`;
    frac = whiteWins ? 1 : 0;
  } else if (a.score_white !== null && a.score_white !== undefined) {
    const men = a.score_white / 100;
    text = (men >= 0 ? "+" : "") + men.toFixed(2);
    barText = text;
    frac = 1 / (1 + Math.exp(-men * 0.8));
  }
  $("an-score").textContent = text;
  $("an-depth").textContent = a.depth ? t("an.depth", { n: a.depth }) : "";
  $("an-pv").textContent = (a.pv || []).join(" ");
  $("evalbar-white").style.height = `${Math.round(frac * 100)}%`;
  $("evalbar-text").textContent = barText;
}

export function toggleAnalysis() {
  app.analysis = !app.analysis;
  $("btn-analysis").setAttribute("aria-pressed", String(app.analysis));
  $("analysis").hidden = !app.analysis;
  $("evalbar").hidden = !app.analysis;
  $("an-score").textContent = "…";
  $("an-pv").textContent = "";
  if (app.ws && app.ws.readyState === WebSocket.OPEN) sendAnalysis();
}
