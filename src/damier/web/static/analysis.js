// damier web: the analysis panel and the evaluation bar. Asks the game's WebSocket for the
// engine's analysis of the position on the board (with the engine chosen in the panel, when
// the server offers more than one) and shows what streams back.
import { BUILTIN, externalEngine, fillEngines } from "./engines.js";
import { has, t } from "./i18n.js";
import { app } from "./state.js";

const $ = (id) => document.getElementById(id);

// the engine to analyse with: the panel's choice, offered again for each game (by default
// the game's own engine when it can analyse, else damier's)
function analysisEngine() {
  const sel = $("an-engine");
  const key = `${app.game.id}:${app.game.variant}`;
  if (sel.dataset.game !== key) {
    sel.dataset.game = key;
    const wanted = externalEngine(app.game) || BUILTIN;
    $("an-engine-row").hidden = !fillEngines(sel, app.game.variant, wanted, true);
  }
  return sel.value || BUILTIN;
}

// Tell the server what to analyse: the game as it goes (ply null: the server follows it by
// itself) or the ply on view, with which engine. Sent only when that changes for this
// socket, so that a new state of the game does not restart the search (each restart used
// to leave a search running on the server until its time was up, and the pool ran out).
export function sendAnalysis() {
  const ws = app.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN || !app.game) return;
  const ply = app.viewPly === app.game.ply ? null : app.viewPly;
  const engine = analysisEngine();
  const key = `${app.analysis}:${ply}:${engine}`;
  if (ws.analysisKey === key) return;
  ws.analysisKey = key;
  ws.send(JSON.stringify({ type: "analyse", on: app.analysis, ply, engine }));
}

export function setupAnalysis() {
  $("an-engine").addEventListener("change", () => {
    $("an-score").textContent = "…";
    $("an-score").title = "";
    $("an-pv").textContent = "";
    sendAnalysis();
  });
}

// the analysis could not run: the engine cannot be used here, or it failed (its reason as
// the tooltip)
function analysisError(a) {
  if (a.code === "engine_failed") return t("an.engine_failed", { engine: a.engine });
  if (a.code && has(`error.${a.code}`)) return t(`error.${a.code}`, a);
  return t("an.unavailable");
}

export function showAnalysis(a) {
  if (!app.analysis || a.error) {
    if (a.error) {
      $("an-score").textContent = analysisError(a);
      $("an-score").title = a.reason || a.error;
    }
    return;
  }
  if (a.engine && a.engine !== $("an-engine").value) return;   // a line of the engine before
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
