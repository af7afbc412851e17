// damier web: premoves. While the other side is to move (the engine, or a person playing
// from elsewhere) the player may choose a move in advance: a piece of his and the square it
// goes to. It is played as soon as it is his turn, if a legal move then goes from that
// square to that one; otherwise it is dropped with a note. A click on the board (or a
// right-click) cancels it. Games against the engine are handled here; other kinds of game
// (e.g. against a person online) say whom the page plays for through addPremoveSeat().
// Owns app.premove; draws nothing and sends nothing itself. Imports only the page's state.
import { app, browsing } from "./state.js";

const seats = [];

// seat: {side(game) -> "white" | "black" | null: the side this page plays in `game` when the
// other side moves elsewhere; send(move) (optional): how a premove is played in such a game}
export function addPremoveSeat(seat) { seats.push(seat); }

function seatOf(g) {
  for (const seat of seats) {
    const side = seat.side(g);
    if (side) return { side, send: seat.send || null };
  }
  const humans = ["white", "black"].filter((c) => g[c] === "human");
  if (humans.length !== 1) return null;
  const other = humans[0] === "white" ? "black" : "white";
  return g[other] === "engine" ? { side: humans[0], send: null } : null;
}

// the side the page may premove for now, or null (not in a finished game, nor while
// browsing, editing or solving a puzzle, nor on its own turn)
export function premoveSide() {
  const g = app.game;
  if (!g || g.status !== "playing" || app.editor.active || browsing() || app.preview) return null;
  if (app.puzzle && app.puzzle.active) return null;
  const seat = seatOf(g);
  if (!seat) return null;
  return g.turn !== seat.side || g.thinking ? seat.side : null;
}

// how a premove is played in the open game: the seat's own sender, or null (the usual one)
export function premoveSender() {
  const seat = app.game ? seatOf(app.game) : null;
  return seat ? seat.send : null;
}

export function ownPiece(piece, side) {
  return !!piece && piece !== "." && (piece === "w" || piece === "W") === (side === "white");
}

export function clearPremove() {
  const had = app.premove !== null;
  app.premove = null;
  return had;
}

// the legal moves of the new state that the premove names (from and to squares)
export function premoveCandidates(g) {
  const p = app.premove;
  if (!p || p.to === null) return [];
  return g.legal_moves.filter((m) => m.from === p.from && m.to === p.to && (m.huff === null || m.huff === undefined));
}
