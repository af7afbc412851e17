// damier web: the Explorer panel. For the position on view (a ply of the game or a side
// variation) it shows the moves played from it in the explorer's game database
// (GET /api/explorer), most played first, with how many games and how they ended, and the
// newest games that went through it. A move of the table is played on the board like a
// click would (in the game, or as a side variation while browsing); a game opens as a
// finished record (POST /api/explorer/games/{id}/open). While the server still builds its
// default database the panel says so and asks again. Imports the API client, the
// languages, the state, the tree, the game and the move modules.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { setGame } from "./game.js";
import { sendMove } from "./moving.js";
import { app, browsing, interactive, sidePanel } from "./state.js";
import { viewedPosition } from "./tree.js";
import { errorText, sayError } from "./view.js";

const $ = (id) => document.getElementById(id);
const BUILDING_POLL_MS = 1000;

const panel = { open: false, key: "", answer: null, failed: null, timer: 0 };

// the FEN of the position on view, once the page knows it (a browsed ply's comes from the
// server)
function viewedFen() {
  const pos = viewedPosition();
  if (pos.fen) return pos.fen;
  const b = app.browse;
  return b && b.id === pos.id && b.fen ? b.fen : null;
}

async function lookup(variant, fen, key) {
  clearTimeout(panel.timer);
  const r = await api("GET", `/api/explorer?variant=${encodeURIComponent(variant)}`
    + `&fen=${encodeURIComponent(fen)}`);
  if (panel.key !== key) return;   // the view moved on meanwhile
  panel.answer = r.ok ? r.data : null;
  panel.failed = r.ok ? null : r.data;
  show();
  if (r.ok && r.data.building) {
    panel.timer = setTimeout(() => { if (panel.key === key) lookup(variant, fen, key); },
      BUILDING_POLL_MS);
  }
}

// called whenever the page is drawn: follows the position on view while the panel is open
export function updateExplorer() {
  $("explorer").hidden = !panel.open;
  if (!panel.open || !app.game) return;
  const fen = viewedFen();
  if (fen === null) return;
  const key = `${app.game.variant}:${fen}`;
  if (key !== panel.key) {
    panel.key = key;
    panel.answer = null;
    panel.failed = null;
    show();
    lookup(app.game.variant, fen, key);
    return;
  }
  show();
}

// the legal move of the position on view that the explorer's move names, if the board
// takes it now
function playable(notation) {
  if (!interactive()) return null;
  const moves = browsing() ? app.browse.moves : app.game.legal_moves;
  return moves.find((m) => m.notation === notation || m.long === notation) || null;
}

function percent(n, total) {
  return total ? `${Math.round((100 * n) / total)}%` : "–";
}

function show() {
  const a = panel.answer;
  let status = "";
  if (panel.failed) status = errorText(panel.failed);
  else if (!a) status = t("explorer.loading");
  else if (a.building) status = t("explorer.building", { done: a.building.done, total: a.building.total });
  else if (!a.moves.length) status = t("explorer.none");
  $("explorer-status").textContent = status;
  const body = $("explorer-moves").querySelector("tbody");
  body.innerHTML = "";
  $("explorer-moves").hidden = !a || !a.moves.length;
  for (const m of a ? a.moves : []) {
    const row = document.createElement("tr");
    const cell = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mv";
    b.dataset.move = m.move;
    b.textContent = m.move;
    b.disabled = !playable(m.move);
    cell.appendChild(b);
    const games = document.createElement("td");
    games.textContent = String(m.games);
    const results = document.createElement("td");
    const decided = m.white + m.draws + m.black;
    results.className = "results";
    results.title = t("explorer.results_title", { white: m.white, draws: m.draws, black: m.black });
    results.textContent = `${percent(m.white, decided)} / ${percent(m.draws, decided)} / `
      + `${percent(m.black, decided)}`;
    row.append(cell, games, results);
    body.appendChild(row);
  }
  const list = $("explorer-games");
  list.innerHTML = "";
  $("explorer-games-title").hidden = !a || !a.games.length;
  for (const game of a ? a.games : []) {
    const item = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.dataset.game = String(game.id);
    b.textContent = `${game.white} – ${game.black} ${game.result}`;
    item.appendChild(b);
    const where = [game.event, game.date].filter((x) => x && x !== "?").join(", ");
    if (where) item.append(` (${where})`);
    list.appendChild(item);
  }
}

async function openExample(id) {
  const r = await api("POST", `/api/explorer/games/${id}/open`);
  if (r.ok) await setGame(r.data, "open"); else sayError(r.data);
}

export function setupExplorer() {
  sidePanel(panel, "btn-explorer", updateExplorer);
  $("explorer-moves").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-move]");
    const m = b && playable(b.dataset.move);
    if (m) sendMove(m);
  });
  $("explorer-games").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-game]");
    if (b) openExample(b.dataset.game);
  });
}
