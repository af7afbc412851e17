// damier web: browsing the game on the analysis board. Away from the game's current position
// (an earlier move, a side variation, the end of a finished game) the board offers the
// moves of the position on view, asked of the server with the history that leads there
// (GET /api/games/{id}/position?node=): a move made there adds a side variation. Imports
// the API client, the state, the tree and the drawing.
import { api } from "./api.js";
import { app, browsing, resetPicker, viewedId } from "./state.js";
import { viewedPosition } from "./tree.js";
import { render } from "./view.js";

// fetch the moves of the position on view when it changed (nothing is offered meanwhile)
export async function loadBrowse() {
  const g = app.game;
  if (!g || !browsing()) { app.browse = null; return; }
  const id = viewedId();
  const pos = viewedPosition();
  const key = `${g.id}:${id}:${pos.pieces}:${pos.turn}`;
  if (app.browse && app.browse.key === key) return;
  app.browse = { key, id, moves: [], fen: pos.fen };
  const r = await api("GET", `/api/games/${g.id}/position?node=${encodeURIComponent(id)}`);
  if (!app.browse || app.browse.key !== key) return;   // the view moved on meanwhile
  app.browse = { key, id, moves: r.ok ? r.data.legal_moves : [], fen: r.ok ? r.data.fen : pos.fen };
  resetPicker();
  render();
}
