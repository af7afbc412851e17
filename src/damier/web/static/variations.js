// damier web: editing the game's side variations from the page, and continuing a game as a
// new one. A move made while browsing is added as a side variation
// (POST /api/games/{id}/variations, the game itself never changes); a variation is promoted
// or deleted from the move list; "Continue from here" starts a new game from the position on
// view (POST /api/games/{id}/continue).
import { api } from "./api.js";
import { goToNode, setGame } from "./game.js";
import { app, resetPicker, viewedId } from "./state.js";
import { clearError, render, sayError } from "./view.js";

async function edit(body) {
  const g = app.game;
  const r = await api("POST", `/api/games/${g.id}/variations`, body);
  if (!r.ok) { sayError(r.data); return null; }
  clearError();
  await setGame(r.data);
  return r.data.node;
}

// a move made on the board away from the game's current position
export async function sendTreeMove(m) {
  app.pending = true;
  app.picker.reset([]);
  render();
  const node = await edit({ action: "add", node: viewedId(), move: m.long });
  app.pending = false;
  if (node) goToNode(node); else { resetPicker(); render(); }
}

// the ▲ and ✕ buttons of a variation in the move list
export async function treeAction(action, id) {
  const shown = app.viewNode;
  const node = await edit({ action, node: id });
  if (node === null) return;
  // a deleted line that was on view gives way to the position it branched from
  const branch = id.split("/")[0];
  const inside = shown && (shown.startsWith(`${branch}/`) || shown.startsWith(`${branch},`));
  if (action === "delete" && inside) goToNode(node);
  else if (action === "promote" && shown === id) goToNode(node);
  else render();
}

export async function continueHere() {
  const g = app.game;
  const r = await api("POST", `/api/games/${g.id}/continue`, { node: viewedId() });
  if (r.ok) await setGame(r.data, "open"); else sayError(r.data);
}
