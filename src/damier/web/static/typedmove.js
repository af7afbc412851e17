// damier web: a move typed in the move box, checked on the page first: a plain "from-to"
// (or "fromxto") that no legal move of the game's position fits is explained here, in the
// page's language and with the same reasons as a click (capture compulsory, no piece, not
// the side to move, no such move), without a request (so the console stays clean). Anything
// else — a legal move, the long forms, text the page does not read — goes to the server,
// which decides. Imports only the page's state.
import { app } from "./state.js";

const PLAIN = /^([a-z]?\d{1,3})\s*[-x:]\s*([a-z]?\d{1,3})$/i;

// null when the server should decide, else why `text` is not a legal move now, as the
// message's key and parameters (said again in another language if the language changes)
export function typedMoveProblem(text) {
  const g = app.game;
  const m = PLAIN.exec(text.trim());
  if (!g || !app.info || !m || g.status !== "playing" || app.viewPly !== g.ply || app.viewNode !== null) {
    return null;
  }
  const squares = new Map();
  app.info.squares.forEach((sq, index) => {
    const entry = { ...sq, index };
    squares.set(sq.label.toLowerCase(), entry);
    squares.set(String(sq.number), entry);
  });
  const from = squares.get(m[1].toLowerCase());
  const to = squares.get(m[2].toLowerCase());
  if (!from || !to) return null;
  const legal = g.legal_moves;
  if (legal.some((mv) => mv.from === from.number && (mv.to === to.number || mv.path.includes(to.number)))) {
    return null;
  }
  const args = { move: text.trim(), square: from.label, start: from.label, end: to.label };
  const piece = (g.positions[g.ply] || "")[from.index];
  if (!piece || piece === ".") return { key: "illegal.no_piece", args };
  if ((piece === "w" || piece === "W") !== (g.turn === "white")) return { key: "illegal.wrong_side", args };
  const captures = legal.filter((mv) => mv.captured.length);
  if (captures.length) {
    return { key: "illegal.capture_compulsory",
      args: { ...args, moves: captures.map((mv) => mv.notation).join(", ") } };
  }
  return { key: "illegal.no_route", args };
}
