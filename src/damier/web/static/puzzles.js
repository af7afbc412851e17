// damier web: puzzle mode. The Puzzles panel asks the server for a puzzle of the chosen
// variant that this browser's player has not met (GET /api/puzzles/next), puts its position
// on the board (turned to the solver's side; the game's move list and controls step aside),
// and sends each move the player makes there to be judged (POST /api/puzzles/{id}/moves):
// a right move brings the reply, a wrong one leaves the position for another try, an equally
// winning move is accepted. Hints name the piece, then the move; "Show solution" gives up
// (POST /api/puzzles/{id}/solution: a failure) and plays the rest of the solution on the
// board, one move after another, with the line written out. The score and streak are the
// server's (SQLite); the player is a name kept in this browser. Leaving puzzle mode gives
// the board back to the game. Imports the API client, the languages, the state and drawing.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { app, resetPicker, variantInfo } from "./state.js";
import { errorText, render, variantName } from "./view.js";

const $ = (id) => document.getElementById(id);
const PLAYER_KEY = "damier.player";
const SOLUTION_STEP_MS = 700;   // between the moves of a solution shown on the board

let open = false;

// this browser's player name for the puzzle scores (made up once, kept in localStorage)
function player() {
  let name = null;
  try { name = localStorage.getItem(PLAYER_KEY); } catch (e) { name = null; }
  if (!name) {
    name = `player-${Math.random().toString(36).slice(2, 10)}`;
    try { localStorage.setItem(PLAYER_KEY, name); } catch (e) { /* private mode: this visit only */ }
  }
  return name;
}

// what the page's other modules ask of the puzzle on the board (state.js, view.js, moving.js)
class Puzzle {
  constructor(data) {
    this.active = true;
    this.data = data;
    this.step = 0;
    this.pos = data.position;
    this.last = null;
    this.solved = false;
    this.waiting = false;
    this.hints = 0;
    this.wrong = false;
  }

  position() { return { pieces: this.pos.pieces, last: this.last, turn: this.pos.turn, fen: this.pos.fen }; }
  moves() { return this.pos.legal_moves; }
  interactive() { return !this.solved && !this.waiting; }
  key() { return `${this.data.id}:${this.step}:${this.pos.fen}:${this.solved}:${this.waiting}`; }
  send(m) { sendMove(this, m); }
}

function feedback(write, kind = "") {
  const el = $("puzzle-feedback");
  el.textContent = typeof write === "function" ? write() : write;
  el.className = kind;
}

// a Glicko-2 rating as shown: whole points, "?" while it is provisional (deviation > 110)
function ratingText(r) { return r ? `${r.rating}${r.provisional ? "?" : ""}` : "…"; }

let puzzleRating = null; // the rating of the puzzle on the board

function showStats(stats) {
  if (!stats) return;
  $("puzzle-stats").textContent = t("puzzle.stats", { score: stats.score, streak: stats.streak,
    best: stats.best_streak, solved: stats.solved, failed: stats.failed });
  $("puzzle-rating").textContent = puzzleRating
    ? t("puzzle.ratings", { mine: ratingText(stats.rating), puzzle: ratingText(puzzleRating) })
    : t("puzzle.rating", { mine: ratingText(stats.rating) });
}

// where a puzzle comes from: its game's players and event, without the "? - ?" of a game
// whose players are unknown (then the file and place it was mined from)
export function puzzleSource(data) {
  const title = (data.title || "").replace(/^\?\s*-\s*\?(,\s*)?/, "").trim();
  return title || data.source || "";
}

async function sendMove(p, m) {
  p.waiting = true;
  feedback(t("puzzle.checking"));
  render();
  const r = await api("POST", `/api/puzzles/${p.data.id}/moves`,
    { move: m.long, step: p.step, player: player(), hints: p.hints });
  p.waiting = false;
  if (app.puzzle !== p) return;   // another puzzle meanwhile
  if (!r.ok) { feedback(errorText(r.data), "error"); resetPicker(); render(); return; }
  const a = r.data;
  showStats(a.stats);
  if (a.result === "wrong") {
    p.wrong = true;
    feedback(t("puzzle.wrong", { move: a.move }), "error");
  } else {
    p.pos = a.position;
    p.step = a.step;
    p.last = { from: m.from, to: m.to, path: m.path, captured: m.captured };
    if (a.solved) {
      p.solved = true;
      $("puzzle-solution").disabled = true;
      feedback(t(a.alternative ? "puzzle.solved_other" : "puzzle.solved", { move: a.move }), "good");
    } else {
      p.last = null;
      feedback(t("puzzle.right", { move: a.move, reply: a.reply }), "good");
    }
  }
  resetPicker();
  render();
}

async function nextPuzzle() {
  const variant = $("puzzle-variant").value || "international";
  const r = await api("GET", `/api/puzzles/next?variant=${encodeURIComponent(variant)}`
    + `&player=${encodeURIComponent(player())}`);
  if (!r.ok) { feedback(errorText(r.data), "error"); return; }
  const info = await variantInfo(r.data.variant);
  const p = new Puzzle(r.data);
  app.puzzle = p;
  app.board.setVariant(info);
  app.board.flipped = r.data.side === "black";
  document.body.classList.add("puzzle-mode");
  $("puzzle-prompt").dataset.i18n = `puzzle.prompt.${r.data.side}`;
  $("puzzle-prompt").textContent = t(`puzzle.prompt.${r.data.side}`);
  $("puzzle-source").textContent = puzzleSource(r.data);
  puzzleRating = r.data.rating || null;
  $("puzzle-hint").disabled = false;
  $("puzzle-solution").disabled = false;
  $("puzzle-exit").hidden = false;
  feedback("");
  showStats(r.data.stats);
  resetPicker();
  render();
}

async function hint() {
  const p = app.puzzle;
  if (!p || p.solved) return;
  const level = Math.min(2, p.hints + 1);
  const r = await api("GET", `/api/puzzles/${p.data.id}/hint?step=${p.step}&level=${level}`);
  if (app.puzzle !== p) return;
  if (!r.ok) { feedback(errorText(r.data), "error"); return; }
  p.hints = level;
  // the square as the board names it ("f4" on an algebraic board, "35" on a numbered one)
  const sq = app.board.squares.get(r.data.from);
  feedback(level === 1 ? t("puzzle.hint_piece", { square: sq ? sq.label : r.data.from })
    : t("puzzle.hint_move", { move: r.data.move }));
  $("puzzle-hint").disabled = level >= 2;
}

// give up: the rest of the solution, written out and played on the board move by move
async function showSolution() {
  const p = app.puzzle;
  if (!p || p.solved || p.waiting) return;
  p.waiting = true;
  render();
  const r = await api("POST", `/api/puzzles/${p.data.id}/solution`,
    { step: p.step, player: player() });
  p.waiting = false;
  if (app.puzzle !== p) return;
  if (!r.ok) { feedback(errorText(r.data), "error"); render(); return; }
  p.solved = true;   // nothing more to play in it
  $("puzzle-hint").disabled = true;
  $("puzzle-solution").disabled = true;
  showStats(r.data.stats);
  const line = r.data.moves.map((m) => m.notation).join(" ");
  feedback(t("puzzle.solution", { line }));
  resetPicker();
  render();
  for (const m of r.data.moves) {
    await new Promise((done) => setTimeout(done, SOLUTION_STEP_MS));
    if (app.puzzle !== p) return;   // left, or the next puzzle meanwhile
    p.pos = m.position;
    p.last = { from: m.from, to: m.to, path: m.path, captured: m.captured };
    render();
  }
}

// back to the game: its variant, its side of the board
function leave() {
  if (!app.puzzle) return;
  app.puzzle = null;
  document.body.classList.remove("puzzle-mode");
  if (app.info) app.board.setVariant(app.info);
  app.board.flipped = app.flipped;
  $("puzzle-exit").hidden = true;
  delete $("puzzle-prompt").dataset.i18n;
  $("puzzle-prompt").textContent = "";
  $("puzzle-source").textContent = "";
  feedback("");
  resetPicker();
  render();
}

// the variants that have puzzles, with their counts (the game's variant chosen if it has some)
async function fillVariants() {
  const r = await api("GET", `/api/puzzles/stats?player=${encodeURIComponent(player())}`);
  if (!r.ok) { feedback(errorText(r.data), "error"); return; }
  showStats(r.data);
  const sel = $("puzzle-variant");
  const before = sel.value;
  sel.innerHTML = "";
  for (const [name, count] of Object.entries(r.data.puzzles || {})) {
    const o = document.createElement("option");
    o.value = name;
    const title = (app.variants.find((v) => v.name === name) || {}).title;
    o.textContent = `${variantName(name, title)} (${count})`;
    sel.appendChild(o);
  }
  const wanted = before || (app.game && app.game.variant);
  if ([...sel.options].some((o) => o.value === wanted)) sel.value = wanted;
}

export function setupPuzzles() {
  $("btn-puzzles").addEventListener("click", async () => {
    open = !open;
    $("btn-puzzles").setAttribute("aria-pressed", String(open));
    $("puzzles").hidden = !open;
    if (open) await fillVariants(); else leave();
  });
  $("puzzle-next").addEventListener("click", nextPuzzle);
  $("puzzle-hint").addEventListener("click", hint);
  $("puzzle-solution").addEventListener("click", showSolution);
  $("puzzle-exit").addEventListener("click", leave);
}
