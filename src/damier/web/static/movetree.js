// damier web: what the move list shows beside the moves of the game: NAGs and strength
// signs, the review's marks, comments, and the side variations (each move a button carrying
// data-node, each line with buttons to promote or delete it). Commands embedded in comments
// by other sites and programs ([%clock …] of lidraughts, [%clk …], [%emt …], [%eval …]) are
// not comments: the move's time and evaluation are shown beside it (the stored comment keeps
// them, so an export writes them back). Builds elements only; the move list (view.js) places
// them and controls.js handles their clicks.
import { t } from "./i18n.js";
import { app } from "./state.js";

const NAGS = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// "!" "?!" or "$12" for a move's NAGs and strength sign
export function glyphs(notes) {
  if (!notes) return "";
  const out = notes.strength ? [notes.strength] : [];
  for (const n of notes.nags || []) out.push(NAGS[n] || `$${n}`);
  return out.join(" ");
}

// the review's verdict on move `ply` of the game (1-based), if the game was reviewed
export function reviewOf(ply) {
  const r = app.review;
  if (!r || !r.plies || r.game !== (app.game && app.game.id)) return null;
  return r.plies[ply - 1] || null;
}

export function markGlyph(ply) {
  const v = reviewOf(ply);
  return v && v.mark ? MARKS[v.mark] : "";
}

// the annotations of move `i` (0-based) of the game's main line
export function notesOf(g, i) {
  return g.tree && g.tree.main[i] ? g.tree.main[i] : null;
}

const COMMAND = /\[%(\w+)\s+([^\]]*)\]/g;

// a comment without its embedded commands, and what they say about the move: {text,
// clock (the mover's time left, "1:29:46"), emt (time the move took), eval ("+0.17")};
// `color`: the side that made the move ([%clock w… B…] gives both sides' clocks)
export function readComment(comment, color) {
  const out = { text: comment.replace(COMMAND, "").replace(/\s+/g, " ").trim() };
  for (const [, name, value] of comment.matchAll(COMMAND)) {
    const v = value.trim();
    if (name === "clock") {
      const times = Object.fromEntries(v.split(/\s+/).map((p) => [p[0].toLowerCase(), p.slice(1)]));
      out.clock = times[color === "black" ? "b" : "w"] || Object.values(times)[0];
    } else if (name === "clk") out.clock = v;
    else if (name === "emt") out.emt = v;
    else if (name === "eval") {
      const n = Number(v);
      out.eval = Number.isFinite(n) ? (n > 0 ? "+" : "") + n.toFixed(2) : v;
    }
  }
  return out;
}

// the comments of a node as shown (commands taken out, empty ones dropped)
export function shownComments(comments) {
  return comments.map((c) => readComment(c).text).filter((c) => c);
}

// what the comments after move `i` say about it: {clock, emt, eval} (each may be missing)
export function moveFacts(g, i) {
  const n = notesOf(g, i);
  const facts = {};
  for (const c of n ? n.comments_after : []) {
    const { text, ...found } = readComment(c, g.moves[i].color);
    Object.assign(facts, found);
  }
  return facts;
}

// whether move `i` needs a row of its own below it (comments or variations)
export function hasNotes(g, i) {
  const n = notesOf(g, i);
  return !!n && (shownComments(n.comments_after).length > 0
    || shownComments(n.comments_before).length > 0 || n.alternatives.length > 0);
}

function comment(text) {
  const span = document.createElement("span");
  span.className = "comment";
  span.textContent = text;
  return span;
}

function moveButton(node) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "mv var" + (app.viewNode === node.id ? " current" : "");
  b.dataset.node = node.id;
  const sign = glyphs(node);
  b.textContent = node.setup ? t("tree.setup") : `${node.number} ${node.notation}${sign ? " " + sign : ""}`;
  return b;
}

function treeButton(action, id, label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "tree-action";
  b.dataset.treeAction = action;
  b.dataset.node = id;
  b.textContent = label;
  b.title = title;
  b.setAttribute("aria-label", title);
  return b;
}

// one side variation: "( ▲ ✕ 12... 18-22 {comment} 13. 37-32 (...) )"
function lineElement(line) {
  const box = document.createElement("span");
  box.className = "line";
  box.append("(");
  box.appendChild(treeButton("promote", line[0].id, "▲", t("tree.promote")));
  box.appendChild(treeButton("delete", line[0].id, "✕", t("tree.delete")));
  line.forEach((node) => {
    for (const c of shownComments(node.comments_before)) box.appendChild(comment(c));
    box.appendChild(moveButton(node));
    for (const c of shownComments(node.comments_after)) box.appendChild(comment(c));
    for (const alt of node.alternatives) box.appendChild(lineElement(alt));
  });
  box.append(")");
  return box;
}

// the row shown below move `i` of the game: its comments and the variations replacing it
export function notesRow(g, i) {
  const n = notesOf(g, i);
  const row = document.createElement("tr");
  row.className = "notes";
  const cell = document.createElement("td");
  cell.colSpan = 3;
  for (const c of shownComments(n.comments_before)) cell.appendChild(comment(c));
  for (const c of shownComments(n.comments_after)) cell.appendChild(comment(c));
  for (const alt of n.alternatives) cell.appendChild(lineElement(alt));
  row.appendChild(cell);
  return row;
}

// the comment before the game's first move, as a row of the move list (or null)
export function openingRow(g) {
  if (!g.tree || !g.tree.comments.length) return null;
  const row = document.createElement("tr");
  row.className = "notes";
  const cell = document.createElement("td");
  cell.colSpan = 3;
  for (const c of g.tree.comments) cell.appendChild(comment(c));
  row.appendChild(cell);
  return row;
}
