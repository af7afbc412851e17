// damier web: the SVG board. Draws any variant from the server's square list
// ({number, label, row, col}) and a pieces string (one char per square: w b W B .).
// It knows no rules: the app tells it what to highlight and reacts to its events
// (onPress(square) on pointer down, onTap(square) for a click, onDrop(from, to) after a drag).

const NS = "http://www.w3.org/2000/svg";
const CELL = 100;

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

export class BoardView {
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.info = null;
    this.flipped = false;
    this.squares = new Map(); // number -> {index, row, col, label}
    this.drag = null;
    svg.addEventListener("pointerdown", (e) => this._down(e));
    svg.addEventListener("pointermove", (e) => this._move(e));
    svg.addEventListener("pointerup", (e) => this._up(e));
    svg.addEventListener("pointercancel", () => this._cancel());
  }

  setVariant(info) {
    this.info = info;
    this.squares.clear();
    info.squares.forEach((sq, index) => this.squares.set(sq.number, { ...sq, index }));
    const size = info.size * CELL;
    this.svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
    this.svg.dataset.variant = info.name;
  }

  xy(sq) {
    const n = this.info.size - 1;
    const row = this.flipped ? n - sq.row : sq.row;
    const col = this.flipped ? n - sq.col : sq.col;
    return [col * CELL, row * CELL];
  }

  // view: {pieces, selected, targets:Set, last:{from,to,path}, captured:Set, huffable:Set,
  //        huffSel, movable:Set, routeMarks:Set}
  render(view) {
    if (!this.info) return;
    this.view = view;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const size = this.info.size;
    const full = this.info.squares.length === size * size;
    el("rect", { x: 0, y: 0, width: size * CELL, height: size * CELL, class: "light" }, svg);
    const pieces = view.pieces || "";
    const lastSquares = new Set();
    if (view.last) {
      lastSquares.add(view.last.from);
      for (const p of view.last.path || [view.last.to]) lastSquares.add(p);
    }
    for (const [number, sq] of this.squares) {
      const [x, y] = this.xy(sq);
      const dark = !full || (sq.row + sq.col) % 2 === 1;
      const classes = ["sq", dark ? "dark" : "dark alt"];
      if (lastSquares.has(number)) classes.push("last");
      if (view.selected === number) classes.push("selected");
      const g = el("g", { class: "square", "data-square": number, "data-label": sq.label }, svg);
      el("rect", { x, y, width: CELL, height: CELL, class: classes.join(" ") }, g);
      el("text", { x: x + 6, y: y + 22, class: "label" }, g).textContent = sq.label;
      const piece = pieces[sq.index];
      if (piece && piece !== ".") this._piece(g, x, y, piece, number, view);
      if (view.targets && view.targets.has(number)) {
        el("circle", { cx: x + 50, cy: y + 50, r: piece && piece !== "." ? 44 : 16,
          class: piece && piece !== "." ? "target ring" : "target" }, g);
      }
      if (view.routeMarks && view.routeMarks.has(number)) {
        el("circle", { cx: x + 50, cy: y + 50, r: 46, class: "route-mark" }, g);
      }
    }
  }

  _piece(g, x, y, piece, number, view) {
    const white = piece === "w" || piece === "W";
    const king = piece === "W" || piece === "B";
    const cls = ["piece", white ? "white" : "black"];
    if (king) cls.push("king");
    if (view.captured && view.captured.has(number)) cls.push("captured");
    if (view.movable && view.movable.has(number)) cls.push("movable");
    const pg = el("g", { class: cls.join(" "), "data-piece": piece }, g);
    if (this.drag && this.drag.moved && this.drag.from === number) pg.classList.add("lifted");
    el("circle", { cx: x + 50, cy: y + 54, r: 38, class: "rim" }, pg);
    el("circle", { cx: x + 50, cy: y + 50, r: 38, class: "body" }, pg);
    el("circle", { cx: x + 50, cy: y + 50, r: 26, class: "inner" }, pg);
    if (king) {
      el("path", {
        d: `M${x + 30} ${y + 60} L${x + 27} ${y + 38} L${x + 40} ${y + 48} L${x + 50} ${y + 33}` +
           ` L${x + 60} ${y + 48} L${x + 73} ${y + 38} L${x + 70} ${y + 60} Z`,
        class: "crown",
      }, pg);
    }
    if (view.huffable && view.huffable.has(number)) {
      el("circle", { cx: x + 50, cy: y + 50, r: 45,
        class: view.huffSel === number ? "huff chosen" : "huff" }, g);
    }
  }

  squareAt(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const ctm = this.svg.getScreenCTM();
    if (!ctm || !this.info) return null;
    const p = pt.matrixTransform(ctm.inverse());
    const n = this.info.size - 1;
    let col = Math.floor(p.x / CELL);
    let row = Math.floor(p.y / CELL);
    if (this.flipped) { col = n - col; row = n - row; }
    for (const [number, sq] of this.squares) if (sq.row === row && sq.col === col) return number;
    return null;
  }

  _down(e) {
    const sq = this.squareAt(e);
    if (sq === null || e.button > 0) return;
    const draggable = this.handlers.onPress ? this.handlers.onPress(sq) : false;
    this.drag = { from: sq, x: e.clientX, y: e.clientY, moved: false, draggable, ghost: null };
    if (draggable) this.svg.setPointerCapture?.(e.pointerId);
  }

  _move(e) {
    const d = this.drag;
    if (!d || !d.draggable) return;
    if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.moved) {
      d.moved = true;
      const sq = this.squares.get(d.from);
      const piece = (this.view.pieces || "")[sq.index];
      d.ghost = el("g", { class: `piece ghost ${piece === "w" || piece === "W" ? "white" : "black"}` },
        this.svg);
      el("circle", { cx: 0, cy: 0, r: 40, class: "body" }, d.ghost);
      el("circle", { cx: 0, cy: 0, r: 27, class: "inner" }, d.ghost);
    }
    const pt = this.svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    d.ghost.setAttribute("transform", `translate(${p.x} ${p.y})`);
  }

  _up(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.ghost) d.ghost.remove();
    const sq = this.squareAt(e);
    if (d.moved && sq !== null && sq !== d.from) {
      this.handlers.onDrop && this.handlers.onDrop(d.from, sq);
    } else if (sq !== null) {
      this.handlers.onTap && this.handlers.onTap(sq);
    }
  }

  _cancel() {
    if (this.drag && this.drag.ghost) this.drag.ghost.remove();
    this.drag = null;
  }
}
