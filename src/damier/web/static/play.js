// damier web: choosing a move on the board from the server's legal moves.
// A legal move is {notation, long, from, to, path (landing squares), captured, huff}.
// The picker keeps the selected piece and the landing squares clicked so far; it answers
// which squares to highlight and, when the clicks name one move, that move.

export class MovePicker {
  constructor() {
    this.reset([]);
  }

  reset(moves) {
    this.moves = moves;
    this.from = null;
    this.steps = [];
  }

  movable() {
    return new Set(this.moves.map((m) => m.from));
  }

  movesFrom(sq) {
    return this.moves.filter((m) => m.from === sq);
  }

  // moves consistent with the selection and the landing squares clicked so far
  candidates() {
    if (this.from === null) return [];
    return this.movesFrom(this.from).filter((m) =>
      this.steps.every((s, i) => m.path[i] === s));
  }

  targets() {
    const out = new Set();
    const k = this.steps.length;
    for (const m of this.candidates()) {
      if (m.path.length > k) out.add(m.path[k]);
      out.add(m.to);
    }
    // a finished route can be closed by clicking its last landing square again
    if (k && this.candidates().some((m) => m.path.length === k)) out.add(this.steps[k - 1]);
    return out;
  }

  select(sq) {
    this.from = sq;
    this.steps = [];
    const ms = this.movesFrom(sq);
    // a piece with one legal move which is a capture plays at once
    if (ms.length === 1 && ms[0].captured.length > 0) return { play: ms[0] };
    return {};
  }

  // the player clicked (or dropped on) square sq while a piece is selected:
  // returns {play: move} | {choose: [moves]} | {wait: true} | {none: true}
  click(sq) {
    const cands = this.candidates();
    const k = this.steps.length;
    if (k && sq === this.steps[k - 1]) {
      const done = dedupe(cands.filter((m) => m.path.length === k));
      if (done.length === 1) return { play: done[0] };
      if (done.length > 1) return { choose: done };
    }
    const continuing = cands.filter((m) => m.path.length > k + 1 && m.path[k] === sq);
    const finishing = dedupe(cands.filter((m) =>
      (m.path.length === k + 1 && m.path[k] === sq) || (m.to === sq && m.path[k] !== sq)));
    if (continuing.length === 0) {
      if (finishing.length === 1) return { play: finishing[0] };
      if (finishing.length > 1) return { choose: finishing };
      return { none: true };
    }
    // sq is a landing square on the way: step there and wait for the next click
    this.steps.push(sq);
    return { wait: true };
  }
}

function dedupe(moves) {
  const seen = new Set();
  const out = [];
  for (const m of moves) {
    if (!seen.has(m.long)) {
      seen.add(m.long);
      out.push(m);
    }
  }
  return out;
}
