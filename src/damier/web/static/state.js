// damier web: the page's state (the `app` object) and what follows from it: whether the
// board takes clicks now and which legal moves it offers. The position on view is a ply of
// the game (viewPly) or a node of its side variations (viewNode); away from the game's
// current position the board offers that position's moves, which add side variations
// (browse), and in puzzle mode the puzzle's. Everything else reads and writes
// `app`; this module draws nothing. Imports only the API client and the move picker.
import { api } from "./api.js";
import { MovePicker } from "./play.js";

export const app = {
  game: null, info: null, variants: [], engines: [], infoCache: new Map(),
  viewPly: 0, viewNode: null, browse: null, puzzle: null, review: null, lines: new Map(),
  preview: null, flipped: false,
  ws: null, wsGame: null, analysis: false,
  picker: new MovePicker(), pickerKey: null, huffMode: false, huffSel: null, routeMarks: null,
  routeChoice: null, routeLine: null, animation: null, draggedPly: null, rulesOpen: false,
  clockBase: null, flagAsked: false, pending: false, editor: null, board: null,
  panels: [],   // functions called each time the page is drawn (review, explorer)
  stateHooks: [], // functions called with each new state of the open game (premove)
  premove: null,  // {from, to} chosen while the other side is to move (premove.js)
};

// a side panel (review, explorer): `update` draws it each time the page is drawn, and the
// button `buttonId` opens and closes it (pressed while open; `panel.key` cleared so that
// the panel asks again for what it shows)
export function sidePanel(panel, buttonId, update) {
  app.panels.push(update);
  const button = document.getElementById(buttonId);
  button.addEventListener("click", () => {
    panel.open = !panel.open;
    button.setAttribute("aria-pressed", String(panel.open));
    panel.key = "";
    update();
  });
}

export async function variantInfo(name) {
  if (!app.infoCache.has(name)) {
    const r = await api("GET", `/api/variants/${encodeURIComponent(name)}`);
    if (!r.ok) throw new Error(r.data.error);
    app.infoCache.set(name, r.data);
  }
  return app.infoCache.get(name);
}

// the id of the position on view in the game's tree ("12": after the 12th move; "4:1/6": a
// side variation)
export function viewedId() {
  return app.viewNode !== null ? app.viewNode : String(app.viewPly);
}

// whether the position on view is not the game's current one: moves made there add side
// variations (the game itself never changes by browsing)
export function browsing() {
  const g = app.game;
  return !!g && (app.viewNode !== null || app.viewPly !== g.ply);
}

// whether the player may move on the board now
export function interactive() {
  const g = app.game;
  if (app.puzzle && app.puzzle.active) return !app.pending && app.puzzle.interactive();
  if (!g || app.editor.active || app.pending || app.preview) return false;
  if (browsing()) return !!app.browse && app.browse.id === viewedId() && app.browse.moves.length > 0;
  if (g.status !== "playing" || g.thinking) return false;
  return g[g.turn] === "human";
}

// the legal moves the board offers now (in huff mode: those with the chosen huff)
export function currentMoves() {
  if (!interactive()) return [];
  if (app.puzzle && app.puzzle.active) return app.puzzle.moves();
  const moves = browsing() ? app.browse.moves : app.game.legal_moves;
  if (!app.game.huffing) return moves;
  return moves.filter((m) => (app.huffSel === null ? m.huff === null : m.huff === app.huffSel));
}

// The picker offers the moves of the newest state the page has: it is derived again whenever
// what it depends on changes (the game and its version, the ply on view, huff mode, whether
// the board takes clicks now), whichever order HTTP answers and socket messages came in.
// The same state seen twice (e.g. an answer after the socket's copy) keeps the selection.
function pickerKey() {
  const g = app.game;
  if (!g) return "";
  const puzzle = app.puzzle && app.puzzle.active ? app.puzzle.key() : "";
  return [g.id, g.version, app.viewPly, app.viewNode, app.browse && app.browse.key, puzzle,
    app.preview ? app.preview.fen : "",
    app.huffMode, app.huffSel, interactive()].join(":");
}

export function syncPicker() {
  const key = pickerKey();
  if (key === app.pickerKey) return;
  app.pickerKey = key;
  app.picker.reset(currentMoves());
  app.routeMarks = null;
  app.routeChoice = null;
  app.routeLine = null;
}

export function resetPicker() { app.pickerKey = null; syncPicker(); }

// whether a state of the open game is older than the one the page has; at equal versions
// the socket's copy wins (its messages come in the server's order, an HTTP answer may not)
export function isStale(state, fromSocket) {
  const old = app.game;
  if (!old || old.id !== state.id) return false;
  return state.version < old.version || (state.version === old.version && !fromSocket);
}
