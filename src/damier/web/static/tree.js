// damier web: the game's tree as the page sees it: the side variations, comments and NAGs the
// server sends (state.tree), the node on view, and what the board draws for it. Reads the
// state only; imports nothing but the state module.
import { app, viewedId } from "./state.js";

// side-line nodes by id, for one state of the game (kept on the state object)
export function nodeMap(g) {
  if (g.nodeMap) return g.nodeMap;
  const map = new Map();
  const walk = (lines) => {
    for (const line of lines) {
      for (const node of line) {
        map.set(node.id, node);
        walk(node.alternatives || []);
      }
    }
  };
  if (g.tree) for (const entry of g.tree.main) walk(entry.alternatives || []);
  Object.defineProperty(g, "nodeMap", { value: map, enumerable: false });
  return map;
}

// the side-line node on view, or null (a main-line ply is on view; an id that names no node
// any more, e.g. after a deletion, falls back to the main line)
export function viewedNode() {
  const g = app.game;
  if (!g || app.viewNode === null) return null;
  const node = nodeMap(g).get(app.viewNode);
  if (!node) app.viewNode = null;
  return node || null;
}

// what the board draws for the position on view: pieces, the move that led there, the side
// to move
export function viewedPosition() {
  const g = app.game;
  const node = viewedNode();
  if (node) {
    const last = node.setup ? null
      : { from: node.from, to: node.to, path: node.path, captured: node.captured, huff: node.huff };
    return { pieces: node.pieces, last, turn: node.fen[0] === "W" ? "white" : "black",
      fen: node.fen, id: node.id };
  }
  const m = app.viewPly > 0 ? g.moves[app.viewPly - 1] : null;
  const turn = app.viewPly < g.ply ? g.moves[app.viewPly].color : g.turn;
  return { pieces: g.positions[app.viewPly], last: m, turn, fen: app.viewPly === g.ply ? g.fen : null,
    id: viewedId() };
}

// an id names a main-line node ("12") or a side-line one ("4:1/6")
export function isMainId(id) { return /^\d+$/.test(id); }

// the node before `id` on its line ("4:1/4" -> "3"; "4:1/6" -> "4:1/5"), and the one after
// it when it exists ("4:1/5" -> "4:1/6"); main-line ids are plies
export function prevId(id) {
  if (isMainId(id)) return String(Math.max(0, Number(id) - 1));
  const [branches, end] = id.split("/");
  const depth = Number(end) - 1;
  const kept = branches.split(",").filter((b) => Number(b.split(":")[0]) <= depth);
  if (!kept.length) return String(depth);
  return `${kept.join(",")}/${depth}`;
}

export function nextId(id) {
  if (isMainId(id)) return String(Number(id) + 1);
  const [branches, end] = id.split("/");
  const next = `${branches}/${Number(end) + 1}`;
  return nodeMap(app.game).has(next) ? next : null;
}
