// damier web: the analysis panel and the evaluation bar. Asks the game's WebSocket for the
// engine's analysis of the position on the board — a ply of the game or a side variation —
// with 1 to 5 lines (and the engine chosen in the panel, when the server offers more than
// one) and shows what streams back: each line with its score and its moves numbered, each
// move a button that shows the position after it on the board (app.preview) until the
// player moves on. The search deepens for as long as the position stays on the board.
import { BUILTIN, externalEngine, fillEngines } from "./engines.js";
import { has, t } from "./i18n.js";
import { app } from "./state.js";
import { render } from "./view.js";

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

// Tell the server what to analyse: the game as it goes (ply null: the server follows it),
// the ply or the side-variation node on view, how many lines, with which engine. Sent only
// when that changes for this socket, so that a new state of the game does not restart it.
export function sendAnalysis() {
  const ws = app.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN || !app.game) return;
  const node = app.viewNode;
  const ply = node !== null || app.viewPly === app.game.ply ? null : app.viewPly;
  const multipv = Number($("an-lines").value) || 1;
  const engine = analysisEngine();
  const key = `${app.analysis}:${ply}:${node}:${multipv}:${engine}`;
  if (ws.analysisKey === key) return;
  ws.analysisKey = key;
  app.lines = new Map();
  app.preview = null;
  ws.send(JSON.stringify({ type: "analyse", on: app.analysis, ply, node, multipv, engine }));
}

export function setupAnalysis() {
  const restart = () => {
    $("an-score").textContent = "…";
    $("an-score").title = "";
    $("an-pv").textContent = "";
    sendAnalysis();
  };
  $("an-engine").addEventListener("change", restart);
  $("an-lines").addEventListener("change", restart);
  $("an-pv").addEventListener("click", (e) => {
    const b = e.target.closest("button.pv-move");
    if (!b) return;
    const line = app.lines && app.lines.get(Number(b.dataset.line));
    const move = line && line.line[Number(b.dataset.index)];
    if (!move) return;
    app.preview = { pieces: move.pieces, fen: move.fen, line: Number(b.dataset.line),
      index: Number(b.dataset.index),
      last: { from: move.from, to: move.to, path: move.path, captured: move.captured },
      turn: move.fen[0] === "W" ? "white" : "black" };
    showLines();
    render();
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
  if ((a.node === undefined ? null : a.node) !== app.viewNode) return;
  if (a.node === undefined && a.ply !== undefined && a.ply !== app.viewPly) return;
  if (a.over) { $("an-score").textContent = t("an.over"); $("an-pv").textContent = ""; return; }
  if (a.done && a.depth === undefined) return;
  if (a.line) {
    const k = a.multipv || 1;
    if (k === 1 && app.lines.size && [...app.lines.values()][0].depth !== a.depth) {
      // a new depth: the lines of the previous one stay until this one's come
      for (const [n, old] of app.lines) if (n > 1) old.stale = true;
    }
    app.lines.set(k, a);
    showLines();
    if (k !== 1) return;
  }
  let text = "…";
  let barText = "";
  let frac = 0.5;
  if (a.egdb) {                          // the endgame database knows the position
    const { result, plies } = a.egdb;
    text = result === "draw" ? t("an.egdb.draw")
      : `${t(`an.win_in.${result}`, { n: plies })} ${t("an.egdb")}`;
    barText = result === "draw" ? "=" : `#${plies}`;
    frac = result === "draw" ? 0.5 : (result === "white" ? 1 : 0);
  } else if (a.win_in !== null && a.win_in !== undefined) {
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
  if (!a.line) $("an-pv").textContent = (a.pv || []).join(" ");
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
  app.preview = null;
  if (app.ws && app.ws.readyState === WebSocket.OPEN) sendAnalysis();
}

// a line's score as text, from White's side ("+1.25", "White wins in 7")
function scoreText(a) {
  if (a.win_in !== null && a.win_in !== undefined) {
    const whiteWins = (a.win_in > 0) === (a.score_white === null ? true : a.score_white >= 0);
    return t(`an.win_in.${whiteWins ? "white" : "black"}`, { n: Math.abs(a.win_in) });
  }
  if (a.score_white === null || a.score_white === undefined) return "…";
  const men = a.score_white / 100;
  return (men >= 0 ? "+" : "") + men.toFixed(2);
}

// the engine's lines, best first: score, then the moves, numbered, each a button
function showLines() {
  const box = $("an-pv");
  box.innerHTML = "";
  const keys = [...app.lines.keys()].sort((x, y) => x - y);
  for (const k of keys) {
    const a = app.lines.get(k);
    const row = document.createElement("div");
    row.className = "pv-line" + (a.stale ? " stale" : "");
    const score = document.createElement("span");
    score.className = "pv-score";
    score.textContent = scoreText(a);
    row.appendChild(score);
    a.line.forEach((m, i) => {
      if (i === 0 || !m.number.endsWith("...")) {
        const num = document.createElement("span");
        num.className = "pv-number";
        num.textContent = m.number;
        row.appendChild(num);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pv-move";
      const shown = app.preview && app.preview.line === k && app.preview.index === i;
      if (shown) b.classList.add("current");
      b.dataset.line = String(k);
      b.dataset.index = String(i);
      b.textContent = m.notation;
      row.appendChild(b);
    });
    box.appendChild(row);
  }
}
