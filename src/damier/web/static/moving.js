// damier web: making a move on the board: clicks and drags on the board (through the move
// picker), the choice between two capture routes, premoves (premove.js) chosen and played,
// and sending the move to the server.
import { announce } from "./access.js";
import { api } from "./api.js";
import { t } from "./i18n.js";
import { setGame } from "./game.js";
import { clearPremove, dropPremove, ownPiece, premoveSide, takePremove, tapPremove } from "./premove.js";
import { app, browsing, currentMoves, interactive, resetPicker } from "./state.js";
import { viewedPosition } from "./tree.js";
import { sendTreeMove } from "./variations.js";
import { clearError, render, renderBoard, say, sayError } from "./view.js";

const $ = (id) => document.getElementById(id);

// a move chosen on the board goes to the puzzle, to the game's side variations (while
// browsing), or to the game
export async function sendMove(m) {
  if (app.puzzle && app.puzzle.active) { app.puzzle.send(m); return; }
  if (browsing()) { sendTreeMove(m); return; }
  const g = app.game;
  app.pending = true;
  app.picker.reset([]);
  render();
  let r;
  if (m.huff !== null && m.huff !== undefined) {
    const move = m.long.slice(m.long.indexOf(",") + 1);
    r = await api("POST", `/api/games/${g.id}/huff`, { square: m.huff, move, wait: false });
  } else {
    r = await api("POST", `/api/games/${g.id}/moves`, { move: m.long, wait: false });
  }
  app.pending = false;
  if (r.ok) { clearError(); await setGame(r.data); } else { sayError(r.data); resetPicker(); render(); }
}

function outcomeOf(res) {
  if (res.play) { sendMove(res.play); return; }
  if (res.choose) { chooseRoute(res.choose); return; }
  renderBoard();
}

// Two captures share start and end: the routes are listed beside the board (never over
// it); the one pointed at or focused is drawn on the board with the pieces it takes.
function chooseRoute(moves) {
  const list = $("route-list");
  list.innerHTML = "";
  const label = (n) => app.info.squares.find((s) => s.number === n)?.label ?? String(n);
  const show = (m) => {
    app.routeMarks = new Set(m.captured);
    app.routeLine = [m.from, ...m.path];
    renderBoard();
  };
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "route";
    b.textContent = t("route.takes", { move: m.long, squares: m.captured.map(label).join(", ") });
    b.addEventListener("mouseenter", () => show(m));
    b.addEventListener("focus", () => show(m));
    b.addEventListener("click", () => { app.routeChoice = null; sendMove(m); });
    list.appendChild(b);
  }
  app.routeChoice = moves;
  show(moves[0]);
  list.querySelector("button").focus({ preventScroll: true });
  $("route-box").scrollIntoView({ block: "nearest" });
}

export function setupMoving() {
  $("route-cancel").addEventListener("click", cancelRoute);
  app.stateHooks.push(playPremove);
}

const squareLabel = (n) => app.info.squares.find((s) => s.number === n)?.label ?? String(n);

function premoveText(p) { return `${squareLabel(p.from)}–${squareLabel(p.to)}`; }

// the side the player may premove for now (never while browsing, editing, previewing or
// solving a puzzle)
function mayPremove() {
  const paused = app.editor.active || browsing() || !!app.preview || !!(app.puzzle && app.puzzle.active);
  return premoveSide(app.game, { paused });
}

// a tap while the other side is to move chooses (or cancels) a premove
function premoveTap(sq, side) {
  const piece = (viewedPosition().pieces || "")[app.board.squares.get(sq)?.index];
  const done = tapPremove(app, sq, piece, side);
  if (done === "cancelled") announce(t("a11y.premove_cancelled"));
  if (done === "set") announce(t("a11y.premove_set", { move: premoveText(app.premove) }));
  if (done) renderBoard();
}

export function cancelPremove() {
  if (!clearPremove(app)) return false;
  announce(t("a11y.premove_cancelled"));
  renderBoard();
  return true;
}

// a new state of the game: the premove is played when it is the player's turn
function playPremove(state) {
  if (!app.premove || !app.game || state.id !== app.game.id || !interactive()) return;
  const taken = takePremove(app, app.game);
  if (!taken || taken.moves.length === 0) {
    if (taken) say(() => t("msg.premove_illegal", { move: premoveText(taken.premove) }), true);
    renderBoard();
    return;
  }
  if (taken.moves.length > 1) { app.picker.select(taken.premove.from); chooseRoute(taken.moves); return; }
  sendMove(taken.moves[0]);
}

export function cancelRoute() {
  app.routeChoice = null;
  app.routeMarks = null;
  app.routeLine = null;
  renderBoard();
}

export function onTap(sq) {
  if (app.editor.active) { app.editor.tap(sq); return; }
  const side = mayPremove();
  if (side && !interactive()) { premoveTap(sq, side); return; }
  if (!interactive()) return;
  clearError();
  if (app.routeChoice) { cancelRoute(); }
  const p = app.picker;
  if (app.huffMode) {
    const offered = browsing() ? app.browse.moves : app.game.legal_moves;
    const huffable = new Set(offered.filter((m) => m.huff !== null).map((m) => m.huff));
    if (huffable.has(sq)) {
      app.huffSel = app.huffSel === sq ? null : sq;
      resetPicker();
      renderBoard();
      return;
    }
  }
  if (p.from !== null && p.targets().has(sq)) { outcomeOf(p.click(sq)); return; }
  if (p.movable().has(sq)) {
    if (p.from === sq && p.steps.length === 0) { p.from = null; renderBoard(); return; }
    outcomeOf(p.select(sq));
    return;
  }
  const pos = app.puzzle && app.puzzle.active ? app.puzzle.position() : viewedPosition();
  const piece = (pos.pieces || "")[app.board.squares.get(sq)?.index];
  if (piece && piece.toLowerCase() === pos.turn[0]) {
    const caps = currentMoves().filter((m) => m.captured.length);
    const moves = caps.map((m) => m.notation).join(", ");
    say(() => (moves ? t("msg.capture_compulsory", { moves }) : t("msg.cannot_move")), true);
  }
  p.from = null;
  p.steps = [];
  renderBoard();
}

export function onPress(sq) {
  const side = mayPremove();
  if (side && !interactive() && !app.premove) {
    return ownPiece((viewedPosition().pieces || "")[app.board.squares.get(sq)?.index], side);
  }
  if (app.editor.active || !interactive()) return false;
  return app.picker.movable().has(sq);
}

export function onDrop(from, to) {
  if (!app.editor.active && !interactive() && mayPremove()) {
    dropPremove(app, from, to);
    announce(t("a11y.premove_set", { move: premoveText(app.premove) }));
    renderBoard();
    return;
  }
  if (app.editor.active || !interactive()) return;
  const p = app.picker;
  if (!p.movable().has(from)) return;
  clearError();
  const sel = p.select(from);
  app.draggedPly = app.game.ply + 1;
  if (sel.play) { if (sel.play.to === to || sel.play.path.includes(to)) sendMove(sel.play); return; }
  if (p.targets().has(to)) outcomeOf(p.click(to)); else renderBoard();
}
