// damier web: the Review panel. Asks the server to review the open game with the engine
// (POST /api/games/{id}/review), shows its progress and lets it be cancelled (DELETE), and
// once done (GET) draws the evaluation graph — each ply a point that can be clicked to go to
// that move — the marks of each side, and the marked moves with the better move. The review
// is kept in app.review, where the move list finds its marks. A stored review comes back at
// once when the panel is opened again. Imports the API client, the languages, the state and
// the game module (to go to a ply).
import { api } from "./api.js";
import { t } from "./i18n.js";
import { goTo } from "./game.js";
import { app, sidePanel } from "./state.js";
import { errorText, render } from "./view.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 400;
const MARKS = ["blunder", "mistake", "inaccuracy"];
const GLYPH = { inaccuracy: "?!", mistake: "?", blunder: "??" };

const panel = { open: false, key: "", polling: 0, failed: null };

// a game's review is of its moves: another move (or undo, or another game) asks again
function gameKey(g) {
  return g ? `${g.id}:${g.ply}:${g.ply ? g.moves[g.ply - 1].notation : ""}` : "";
}

// White's expected score after a ply (0 lost .. 1 won), as the review's marks count it
function whiteExpected(p) {
  if (p.win_in !== null && p.win_in !== undefined) return p.win_in > 0 ? 1 : 0;
  if (p.score === null || p.score === undefined) return 0.5;
  return 1 / (1 + Math.exp(-p.score / 200));
}

async function load() {
  const g = app.game;
  const key = gameKey(g);
  // "missing=ok": no review yet is an answer, not an error (nothing in the console)
  const r = await api("GET", `/api/games/${g.id}/review?missing=ok`);
  if (key !== gameKey(app.game)) return;
  take(r, key);
}

// an answer of the server about the review of the game `key` names
function take(r, key) {
  panel.failed = null;
  if (r.ok && r.data.status === "done") {
    app.review = { ...r.data, game: app.game.id, key };
  } else if (r.ok && r.data.status === "none") {
    app.review = null;
  } else if (r.ok) {
    app.review = { status: r.data.status, done: r.data.done, total: r.data.total,
      game: app.game.id, key };
    poll(key);
  } else {
    app.review = null;
    if (r.data.code !== "no_review") panel.failed = r.data;
  }
  show();
  render();
}

function poll(key) {
  clearTimeout(panel.polling);
  panel.polling = setTimeout(async () => {
    if (!panel.open || key !== gameKey(app.game)) return;
    const r = await api("GET", `/api/games/${app.game.id}/review`);
    if (key === gameKey(app.game)) take(r, key);
  }, POLL_MS);
}

async function start() {
  const g = app.game;
  const key = gameKey(g);
  const depth = Number($("review-depth").value);
  app.review = { status: "queued", done: 0, total: g.ply + 1, game: g.id, key };
  show();
  const r = await api("POST", `/api/games/${g.id}/review`, { depth });
  if (key === gameKey(app.game)) take(r, key);
}

async function cancel() {
  const g = app.game;
  clearTimeout(panel.polling);
  const r = await api("DELETE", `/api/games/${g.id}/review`);
  if (!r.ok) panel.failed = r.data;
  app.review = null;
  show();
  render();
}

// called whenever the page is drawn: follows the open game while the panel is open
export function updateReview() {
  $("review").hidden = !panel.open;
  if (!panel.open || !app.game) return;
  const key = gameKey(app.game);
  if (panel.key !== key) {
    panel.key = key;
    if (!app.review || app.review.key !== key) { app.review = null; load(); }
  }
  show();
}

function show() {
  const rv = app.review && app.review.key === gameKey(app.game) ? app.review : null;
  const running = !!rv && rv.status !== "done";
  $("review-start").hidden = running || (!!rv && rv.status === "done");
  $("review-start").disabled = !app.game || app.game.ply === 0;
  $("review-depth-row").hidden = $("review-start").hidden;
  $("review-cancel").hidden = !running;
  const bar = $("review-progress");
  bar.hidden = !running;
  if (running) { bar.max = rv.total || 1; bar.value = rv.done || 0; }
  let text = "";
  if (panel.failed) text = errorText(panel.failed);
  else if (running) text = t("review.running", { done: rv.done || 0, total: rv.total || "…" });
  else if (!rv) text = app.game && app.game.ply ? t("review.none") : t("error.nothing_to_review");
  $("review-status").textContent = text;
  drawGraph(rv && rv.status === "done" ? rv.plies : null);
  showSummary(rv && rv.status === "done" ? rv : null);
}

// "12." or "12..." for a reviewed ply, counted as the move list counts (the first player's
// move starts a number)
function moveNumber(p) {
  const g = app.game;
  const first = app.info.first_player_choice ? g.moves[0].color : app.info.first_player;
  let number = 0;
  for (let i = 0; i < p.ply && i < g.moves.length; i++) {
    if (i === 0 || g.moves[i].color === first) number += 1;
  }
  return `${number}${p.color === first ? "." : "..."}`;
}

function node(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// the evaluation after each ply from White's side, the start at 0.5; a column per ply that
// goes to it when clicked, the marked moves as dots, the ply on view as a line
function drawGraph(plies) {
  const svg = $("review-graph");
  svg.toggleAttribute("hidden", !plies);   // an SVG element has no .hidden property
  svg.innerHTML = "";
  if (!plies) return;
  const w = 300;
  const h = 80;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  // the graph fills its box (no letterbox bands, which looked like data)
  svg.setAttribute("preserveAspectRatio", "none");
  const step = w / Math.max(1, plies.length);
  const x = (ply) => ply * step;
  const y = (e) => h - e * h;
  svg.appendChild(node("line", { x1: 0, x2: w, y1: h / 2, y2: h / 2, class: "mid" }));
  const points = [[0, y(0.5)], ...plies.map((p) => [x(p.ply), y(whiteExpected(p))])];
  const area = `M0,${h} ` + points.map(([px, py]) => `L${px.toFixed(1)},${py.toFixed(1)}`).join(" ")
    + ` L${x(plies.length).toFixed(1)},${h} Z`;
  svg.appendChild(node("path", { d: area, class: "white-area" }));
  if (app.viewPly > 0 && app.viewNode === null) {
    svg.appendChild(node("line", { x1: x(app.viewPly), x2: x(app.viewPly), y1: 0, y2: h, class: "now" }));
  }
  for (const p of plies) {
    if (p.mark) {
      svg.appendChild(node("circle", { cx: x(p.ply), cy: y(whiteExpected(p)), r: 3,
        class: `mark-${p.mark}`, "vector-effect": "non-scaling-stroke" }));
    }
    const hit = node("rect", { x: x(p.ply) - step / 2, y: 0, width: step, height: h,
      class: "hit", "data-ply": p.ply });
    const title = node("title", {});
    title.textContent = `${p.ply}. ${p.move}${p.mark ? " " + GLYPH[p.mark] : ""}`;
    hit.appendChild(title);
    svg.appendChild(hit);
  }
}

// the marks of each side, and each marked move with the better one (a button to go there)
function showSummary(rv) {
  const table = $("review-summary");
  const list = $("review-marks");
  table.hidden = !rv;
  list.innerHTML = "";
  if (!rv) return;
  const body = table.querySelector("tbody");
  body.innerHTML = "";
  for (const side of ["white", "black"]) {
    const row = document.createElement("tr");
    const head = document.createElement("th");
    head.scope = "row";
    head.textContent = t(`side.${side}`);
    row.appendChild(head);
    for (const mark of MARKS) {
      const cell = document.createElement("td");
      cell.textContent = String(rv.summary[side][mark]);
      row.appendChild(cell);
    }
    body.appendChild(row);
  }
  for (const p of rv.plies) {
    if (!p.mark) continue;
    const item = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = `mv mark-${p.mark}`;
    b.dataset.ply = String(p.ply);
    b.textContent = `${moveNumber(p)} ${p.move} ${GLYPH[p.mark]}`;
    item.append(b, " ", t(`review.${p.mark}`));
    if (p.best) item.append(" — ", t("review.better", { move: p.best }));
    list.appendChild(item);
  }
  if (!list.children.length) {
    const item = document.createElement("li");
    item.textContent = t("review.clean");
    list.appendChild(item);
  }
}

export function setupReview() {
  sidePanel(panel, "btn-review", updateReview);
  $("review-start").addEventListener("click", start);
  $("review-cancel").addEventListener("click", cancel);
  const go = (e) => {
    const target = e.target.closest("[data-ply]");
    if (target) goTo(Number(target.dataset.ply));
  };
  $("review-graph").addEventListener("click", go);
  $("review-marks").addEventListener("click", go);
}
