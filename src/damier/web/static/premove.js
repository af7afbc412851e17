// damier web: premoves. While the other side is to move (the engine, or a person playing
// from elsewhere) the player may choose a move in advance: a piece of his and the square it
// goes to. It is played as soon as it is his turn, if a legal move then goes from that
// square to that one; otherwise it is dropped with a note. A click on the board (or a
// right-click) cancels it.
// Every function takes the page's own state as its first argument (the main page passes
// `app`, the /online page its table) and reads or writes only its `premove` field
// ({from, to}; `to` is null while only the piece is chosen); the rules of when a premove may
// be made and which moves it names live here, the drawing and sending with each page.
// Imports nothing.

// the side a page may premove for in `game`, or null: the side it plays there, while the
// other side is to move or the engine thinks. `seat(game)` says which side the page plays
// (the /online page knows its seats); without it, the human side of a game against the
// engine. `paused` (browsing, editing, solving a puzzle, ...) allows none.
export function premoveSide(game, { seat = null, paused = false } = {}) {
  if (!game || game.status !== "playing" || paused) return null;
  const side = seat ? seat(game) : engineOpponent(game);
  if (!side) return null;
  return game.turn !== side || game.thinking ? side : null;
}

function engineOpponent(g) {
  const humans = ["white", "black"].filter((c) => g[c] === "human");
  if (humans.length !== 1) return null;
  const other = humans[0] === "white" ? "black" : "white";
  return g[other] === "engine" ? humans[0] : null;
}

export function ownPiece(piece, side) {
  return !!piece && piece !== "." && (piece === "w" || piece === "W") === (side === "white");
}

// forgets the premove; true if there was one
export function clearPremove(state) {
  const had = state.premove !== null && state.premove !== undefined;
  state.premove = null;
  return had;
}

// a tap on square `sq` holding `piece` while `side` may premove: the first tap picks one of
// the side's pieces, the second names the square it goes to, a tap on the chosen piece or
// once the premove is complete cancels it. Answers what happened: "picked", "set",
// "cancelled", or null (a tap on nothing of use).
export function tapPremove(state, sq, piece, side) {
  const p = state.premove;
  if (p && (p.to !== null || sq === p.from)) { clearPremove(state); return "cancelled"; }
  if (p) { p.to = sq; return "set"; }
  if (!ownPiece(piece, side)) return null;
  state.premove = { from: sq, to: null };
  return "picked";
}

// a drag from `from` to `to` while the page may premove: the premove is set at once
export function dropPremove(state, from, to) { state.premove = { from, to }; }

// the page's turn has come in `game`: the premove is taken (and forgotten) and answered as
// {premove, moves}, the legal moves from its square to its square (none: it is dropped;
// more than one: the player chooses the route); null when there was no complete premove
export function takePremove(state, game) {
  const p = state.premove;
  if (!p) return null;
  clearPremove(state);
  if (p.to === null) return null;
  const moves = game.legal_moves.filter(
    (m) => m.from === p.from && m.to === p.to && (m.huff === null || m.huff === undefined));
  return { premove: p, moves };
}
