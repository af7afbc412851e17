// damier web: the piece sets. A piece is drawn in a cell of 100×100 SVG units as a group
// <g class="piece white|black [king] set-<name>" data-piece="w|b|W|B">; the colours are the
// style sheet's (style.css, "piece sets"), the shapes are here. Three sets:
//   flat     — a flat disc with one ring; a king carries a gold crown;
//   classic  — a turned disc seen a little from the side, with grooves; a king is two discs
//              stacked, as over the board, with a crown on top;
//   contrast — for low vision: pure white and pure black discs with a thick border of the
//              other colour; a king carries a large crown of the other colour.
// Every set has one circle.body (the top face) that tests and the drag ghost may look for.
// Imports nothing.

const NS = "http://www.w3.org/2000/svg";
export const PIECE_SETS = ["flat", "classic", "contrast"];
export const DEFAULT_SET = "flat";

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

export function isWhite(piece) { return piece === "w" || piece === "W"; }
export function isKing(piece) { return piece === "W" || piece === "B"; }

// a crown `w` units wide whose base is at (cx, base): three points over a band
function crown(parent, cx, base, w, cls) {
  const h = w * 0.62;
  const s = w / 2;
  const d = `M${cx - s} ${base} L${cx - s * 1.08} ${base - h * 0.95} L${cx - s * 0.45} ${base - h * 0.5}` +
    ` L${cx} ${base - h} L${cx + s * 0.45} ${base - h * 0.5} L${cx + s * 1.08} ${base - h * 0.95}` +
    ` L${cx + s} ${base} Z`;
  el("path", { d, class: cls }, parent);
}

function flat(g, x, y, king) {
  el("circle", { cx: x + 50, cy: y + 54, r: 38, class: "rim" }, g);
  el("circle", { cx: x + 50, cy: y + 50, r: 38, class: "body" }, g);
  el("circle", { cx: x + 50, cy: y + 50, r: 26, class: "inner" }, g);
  if (king) crown(g, x + 50, y + 60, 40, "crown");
}

// one turned disc whose top face is centred at (cx, cy)
function disc(g, cx, cy) {
  el("circle", { cx, cy: cy + 7, r: 36, class: "side" }, g);
  el("circle", { cx, cy, r: 36, class: "body" }, g);
  el("circle", { cx, cy, r: 28, class: "groove" }, g);
  el("circle", { cx, cy, r: 18, class: "groove" }, g);
}

function classic(g, x, y, king) {
  if (!king) { disc(g, x + 50, y + 48); return; }
  disc(g, x + 50, y + 56);    // the lower disc shows below the upper one
  disc(g, x + 50, y + 41);
  crown(g, x + 50, y + 52, 32, "crown");
}

function contrast(g, x, y, king) {
  el("circle", { cx: x + 50, cy: y + 50, r: 44, class: "halo" }, g);
  el("circle", { cx: x + 50, cy: y + 50, r: 36, class: "body" }, g);
  if (king) crown(g, x + 50, y + 68, 52, "crown");
}

const DRAW = { flat, classic, contrast };

// draws `piece` (w b W B) of set `set` in the cell whose top-left corner is (x, y) under
// `parent`; answers the piece's group
export function drawPiece(parent, piece, x, y, set = DEFAULT_SET) {
  const name = PIECE_SETS.includes(set) ? set : DEFAULT_SET;
  const cls = ["piece", isWhite(piece) ? "white" : "black"];
  if (isKing(piece)) cls.push("king");
  cls.push(`set-${name}`);
  const g = el("g", { class: cls.join(" "), "data-piece": piece }, parent);
  DRAW[name](g, x, y, isKing(piece));
  return g;
}

// a small picture of `piece` (an <svg> of one cell) for labels, lists and previews; hidden
// from screen readers: the text beside it names the piece
export function pieceIcon(piece, set = DEFAULT_SET) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "piece-icon");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  drawPiece(svg, piece, 0, 0, set);
  return svg;
}
