// damier web: the SVG board. Draws any variant from the server's square list
// ({number, label, row, col}) and a pieces string (one char per square: w b W B .).
// It knows no rules: the app tells it what to show and reacts to its events
// (onPress(square) on pointer down, onTap(square) for a click, onDrop(from, to) after a drag).
// Options: coordinates around the edge (file letters and rank digits, or the numbers of the
// edge squares on a numbered board), the square labels on the squares, the piece set. A move can be
// animated along its whole route, the pieces it takes fading out as they are jumped.
// For keyboards and screen readers the board is a grid of rows of focusable squares, each
// named by handlers.describe(label, piece, flags) ("c3, white man"); one square at a time
// is in the tab order; the arrow keys move the focus (in the direction drawn), Enter or
// Space is a tap on it. Pieces are drawn in the piece set of options.pieces (pieces.js).
// Imports the piece sets.

import { DEFAULT_SET, drawPiece } from "./pieces.js";

const NS = "http://www.w3.org/2000/svg";
const CELL = 100;
const MARGIN = 34; // room for the coordinates around the board
const LEG_MS = 170; // time per leg of an animated move (a quiet move is one leg)

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
    this.options = { coords: true, numbers: true, pieces: DEFAULT_SET };
    this.squares = new Map(); // number -> {index, row, col, label}
    this.drag = null;
    this.anim = null;
    svg.addEventListener("pointerdown", (e) => this._down(e));
    svg.addEventListener("pointermove", (e) => this._move(e));
    svg.addEventListener("pointerup", (e) => this._up(e));
    svg.addEventListener("pointercancel", () => this._cancel());
    svg.addEventListener("keydown", (e) => this._key(e));
    // a right-click cancels what the app has in hand (a premove); the menu stays away then
    svg.addEventListener("contextmenu", (e) => {
      if (this.handlers.onContext && this.handlers.onContext()) e.preventDefault();
    });
    svg.addEventListener("focusin", (e) => {
      const g = e.target.closest && e.target.closest("g.square");
      if (g) this.focused = Number(g.dataset.square);
    });
    svg.setAttribute("role", "grid");
    this.focused = null; // the square in the tab order (the one last focused)
  }

  setVariant(info) {
    this.info = info;
    this.squares.clear();
    info.squares.forEach((sq, index) => this.squares.set(sq.number, { ...sq, index }));
    this.svg.dataset.variant = info.name;
    this._viewBox();
  }

  setOptions(options) {
    this.options = { ...this.options, ...options };
    this._viewBox();
  }

  get margin() { return this.options.coords ? MARGIN : 0; }

  _viewBox() {
    if (!this.info) return;
    const m = this.margin;
    const size = this.info.size * CELL + 2 * m;
    this.svg.setAttribute("viewBox", `${-m} ${-m} ${size} ${size}`);
    this.svg.classList.toggle("with-coords", this.options.coords);
    this.svg.dataset.pieces = this.options.pieces;
  }

  // top-left corner of square `sq` as drawn (the board is flipped for Black at the bottom)
  xy(sq) {
    const n = this.info.size - 1;
    const row = this.flipped ? n - sq.row : sq.row;
    const col = this.flipped ? n - sq.col : sq.col;
    return [col * CELL, row * CELL];
  }

  centre(number) {
    const [x, y] = this.xy(this.squares.get(number));
    return [x + CELL / 2, y + CELL / 2];
  }

  // view: {pieces, selected, targets:Set, movable:Set, captured:Set (taken so far, dimmed),
  //   last:{from, to, path, captured}, huffed (square), huffedPiece, huffable:Set, huffSel,
  //   routeMarks:Set, route:[squares], landed:[squares], origin (square),
  //   animate:{from, path, captured, before (pieces string before the move), elapsed (ms)}}
  render(view) {
    if (!this.info) return;
    this._stopAnimation();
    this.view = view;
    const svg = this.svg;
    // a square had the focus: the same square (drawn anew) gets it back
    const hadFocus = svg.contains(document.activeElement) && document.activeElement !== svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const size = this.info.size;
    const full = this.info.squares.length === size * size;
    el("rect", { x: 0, y: 0, width: size * CELL, height: size * CELL, class: "light", "aria-hidden": "true" }, svg);
    if (this.options.coords) this._coordinates(svg);
    const pieces = view.pieces || "";
    const last = view.last;
    const lastPath = new Set(last ? last.path.slice(0, -1) : []);
    const lastTaken = new Set(last ? last.captured || [] : []);
    const landed = new Set(view.landed || []);
    const squareLayer = el("g", { class: "squares" }, svg);
    const markLayer = el("g", { class: "marks", "aria-hidden": "true" }, svg); // over every square
    const rows = this._rows(squareLayer);
    if (!this.squares.has(this.focused)) this.focused = this._firstSquare(view);
    for (const [number, sq] of this.squares) {
      const [x, y] = this.xy(sq);
      const dark = !full || (sq.row + sq.col) % 2 === 1;
      const classes = ["sq", dark ? "dark" : "dark alt"];
      if (last && (number === last.from || number === last.to)) classes.push("last");
      if (lastPath.has(number)) classes.push("last-path");
      if (view.selected === number) classes.push("selected");
      if (view.origin === number) classes.push("origin");
      if (view.premove && (view.premove.from === number || view.premove.to === number)) classes.push("premove");
      const piece = pieces[sq.index];
      const target = !!(view.targets && view.targets.has(number));
      const g = el("g", { class: "square", "data-square": number, "data-label": sq.label, role: "gridcell",
        tabindex: number === this.focused ? "0" : "-1" }, rows.get(y));
      const flags = { selected: view.selected === number, target,
        movable: !!(view.movable && view.movable.has(number)),
        premove: !!(view.premove && (view.premove.from === number || view.premove.to === number)) };
      const name = this.handlers.describe ? this.handlers.describe(sq.label, piece || ".", flags) : sq.label;
      g.setAttribute("aria-label", name);
      if (flags.selected) g.setAttribute("aria-selected", "true");
      el("rect", { x, y, width: CELL, height: CELL, class: classes.join(" ") }, g);
      if (this.options.numbers) {
        el("text", { x: x + 6, y: y + 22, class: "label", "aria-hidden": "true" }, g).textContent = sq.label;
      }
      if (piece && piece !== ".") this._piece(g, x, y, piece, number, view);
      if (landed.has(number)) el("circle", { cx: x + 50, cy: y + 50, r: 12, class: "landed" }, markLayer);
      if (lastTaken.has(number) && (!piece || piece === ".")) this._cross(g, x, y, "last-taken");
      if (view.huffed === number) this._huffed(g, x, y, piece, view.huffedPiece);
      if (target) {
        const occupied = piece && piece !== ".";
        el("circle", { cx: x + 50, cy: y + 50, r: occupied ? 44 : 16,
          class: occupied ? "target ring" : "target" }, g);
      }
      if (view.routeMarks && view.routeMarks.has(number)) {
        el("circle", { cx: x + 50, cy: y + 50, r: 46, class: "route-mark" }, g);
      }
    }
    if (hadFocus) this.focusSquare(this.focused);
    if (view.route && view.route.length > 1) {
      const points = view.route.map((n) => this.centre(n).join(",")).join(" ");
      el("polyline", { points, class: "route-line" }, markLayer);
    }
    if (view.animate) this._animate(view.animate, pieces);
  }

  // one <g role="row"> per drawn row, top to bottom, its squares left to right (the order a
  // screen reader reads them in); keyed by the row's y
  _rows(layer) {
    const ys = [...new Set([...this.squares.values()].map((sq) => this.xy(sq)[1]))].sort((a, b) => a - b);
    const rows = new Map(ys.map((y) => [y, el("g", { role: "row" }, layer)]));
    // squares are appended in drawing order: sort them by their x within each row first
    const order = [...this.squares.entries()].sort((a, b) => {
      const [xa, ya] = this.xy(a[1]);
      const [xb, yb] = this.xy(b[1]);
      return ya - yb || xa - xb;
    });
    this.squares = new Map(order);
    return rows;
  }

  // the square that takes the focus first: a movable piece, else the first square
  _firstSquare(view) {
    if (view.movable && view.movable.size) return [...view.movable][0];
    return this.squares.keys().next().value;
  }

  focusSquare(number) {
    const g = this.svg.querySelector(`g.square[data-square="${number}"]`);
    if (!g) return;
    for (const other of this.svg.querySelectorAll('g.square[tabindex="0"]')) other.setAttribute("tabindex", "-1");
    g.setAttribute("tabindex", "0");
    this.focused = number;
    g.focus({ preventScroll: true });
  }

  // the square beside `number` in a drawn direction: left and right along its row (the next
  // playable square), up and down to the nearest playable square of the next row
  neighbour(number, key) {
    const sq = this.squares.get(number);
    if (!sq) return null;
    const [x, y] = this.xy(sq);
    const all = [...this.squares.entries()].map(([n, s]) => [n, ...this.xy(s)]);
    let pool;
    if (key === "ArrowLeft") pool = all.filter(([, sx, sy]) => sy === y && sx < x);
    else if (key === "ArrowRight") pool = all.filter(([, sx, sy]) => sy === y && sx > x);
    else {
      const rowsY = [...new Set(all.map(([, , sy]) => sy))].sort((a, b) => a - b);
      const next = rowsY[rowsY.indexOf(y) + (key === "ArrowUp" ? -1 : 1)];
      pool = next === undefined ? [] : all.filter(([, , sy]) => sy === next);
    }
    if (!pool.length) return null;
    // nearest by x; between two at the same distance, the one on the right
    pool.sort((a, b) => Math.abs(a[1] - x) - Math.abs(b[1] - x) || b[1] - a[1]);
    return pool[0][0];
  }

  _key(e) {
    const g = e.target.closest && e.target.closest("g.square");
    if (!g) return;
    const number = Number(g.dataset.square);
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)) {
      e.preventDefault();
      e.stopPropagation(); // the page's own arrow keys step through the moves
      const next = this.neighbour(number, e.key);
      if (next !== null) this.focusSquare(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      this.focused = number;
      if (this.handlers.onTap) this.handlers.onTap(number);
    }
  }

  _coordinates(svg) {
    const size = this.info.size;
    const g = el("g", { class: "coords", "aria-hidden": "true" }, svg);
    const text = (x, y, value) => { el("text", { x, y }, g).textContent = value; };
    const numbered = /^\d+$/.test(this.info.squares[0].label);
    if (!numbered) {
      // algebraic labels: the file letters below, the rank digits on the left
      const files = new Map();
      const ranks = new Map();
      for (const sq of this.squares.values()) {
        const m = /^([a-z]+)(\d+)$/.exec(sq.label);
        if (!m) continue;
        const [x, y] = this.xy(sq);
        files.set(x, m[1]);
        ranks.set(y, m[2]);
      }
      for (const [x, f] of files) text(x + CELL / 2, size * CELL + MARGIN * 0.72, f);
      for (const [y, r] of ranks) text(-MARGIN / 2, y + CELL / 2 + 8, r);
      return;
    }
    // a numbered board: the numbers of the edge squares, outside the edge they touch
    const n = size - 1;
    for (const sq of this.squares.values()) {
      const [x, y] = this.xy(sq);
      const row = y / CELL;
      const col = x / CELL;
      if (row === 0) text(x + CELL / 2, -MARGIN * 0.3, sq.label);
      if (row === n) text(x + CELL / 2, size * CELL + MARGIN * 0.72, sq.label);
      if (col === 0 && row !== 0 && row !== n) text(-MARGIN / 2, y + CELL / 2 + 8, sq.label);
      if (col === n && row !== 0 && row !== n) text(size * CELL + MARGIN / 2, y + CELL / 2 + 8, sq.label);
    }
  }

  _cross(parent, x, y, cls) {
    el("path", { d: `M${x + 30} ${y + 30} L${x + 70} ${y + 70} M${x + 70} ${y + 30} L${x + 30} ${y + 70}`,
      class: cls }, parent);
  }

  // the square of a piece huffed by the last move: a dashed outline and a cross in its corner;
  // the huffed piece itself, faded, when the square is empty again
  _huffed(g, x, y, piece, huffedPiece) {
    if ((!piece || piece === ".") && huffedPiece && huffedPiece !== ".") {
      // not a "piece": the square is empty (tests and the page look for g.piece)
      const ghost = this._glyph(g, huffedPiece, x, y);
      ghost.setAttribute("class", ghost.getAttribute("class").replace(/^piece /, "huffed-piece "));
      ghost.removeAttribute("data-piece");
    }
    el("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "huffed-outline" }, g);
    el("path", { d: `M${x + 70} ${y + 8} L${x + 92} ${y + 30} M${x + 92} ${y + 8} L${x + 70} ${y + 30}`,
      class: "huffed" }, g);
  }

  _glyph(parent, piece, x, y) { return drawPiece(parent, piece, x, y, this.options.pieces); }

  _piece(g, x, y, piece, number, view) {
    const pg = this._glyph(g, piece, x, y);
    if (view.captured && view.captured.has(number)) pg.classList.add("captured");
    if (view.movable && view.movable.has(number)) pg.classList.add("movable");
    if (this.drag && this.drag.moved && this.drag.from === number) pg.classList.add("lifted");
    if (view.huffable && view.huffable.has(number)) {
      el("circle", { cx: x + 50, cy: y + 50, r: 45,
        class: view.huffSel === number ? "huff chosen" : "huff" }, g);
    }
  }

  // the move's piece travels its route (from, then each landing square) over the final
  // position; each piece it takes fades out as it is jumped. The real piece on the last
  // square is hidden until the piece arrives.
  _animate(move, pieces) {
    const before = move.before || "";
    const start = this.squares.get(move.from);
    const end = this.squares.get(move.path[move.path.length - 1]);
    if (!start || !end) return;
    const moving = before[start.index];
    if (!moving || moving === ".") return;
    const finalPiece = this.svg.querySelector(`g.square[data-square="${end.number}"] g.piece`);
    const overlay = el("g", { class: "anim", "pointer-events": "none", "aria-hidden": "true" }, this.svg);
    const points = [move.from, ...move.path].map((n) => this.centre(n));
    const legs = points.length - 1;
    const total = LEG_MS * legs;
    const elapsed = Math.max(0, move.elapsed || 0); // a redraw in the middle goes on from there
    if (elapsed >= total) return;
    const animations = [];
    (move.captured || []).forEach((number, i) => {
      const sq = this.squares.get(number);
      const taken = sq && before[sq.index];
      if (!taken || taken === ".") return;
      const [x, y] = this.xy(sq);
      const ghost = this._glyph(overlay, taken, x, y);
      ghost.classList.add("taken");
      // the i-th piece taken is jumped in the middle of leg i: it fades out then
      const from = Math.min(1, (i + 0.35) / legs);
      const to = Math.min(1, (i + 0.85) / legs);
      animations.push(ghost.animate([{ opacity: 1 }, { opacity: 1, offset: from },
        { opacity: 0, offset: to }, { opacity: 0 }], { duration: total, fill: "forwards" }));
    });
    const [x0, y0] = points[0];
    const runner = this._glyph(overlay, moving, x0 - CELL / 2, y0 - CELL / 2);
    // each leg eases in and out on its own: at the end of leg k the piece is on square k
    const frames = points.map(([x, y]) => ({ transform: `translate(${x - x0}px, ${y - y0}px)`,
      easing: "ease-in-out" }));
    animations.push(runner.animate(frames, { duration: total, easing: "linear", fill: "forwards" }));
    for (const a of animations) a.currentTime = elapsed;
    if (finalPiece) finalPiece.style.opacity = "0";
    this.svg.dataset.animating = "1";
    const done = () => {
      if (this.anim !== state) return;
      this.anim = null;
      overlay.remove();
      if (finalPiece) finalPiece.style.opacity = "";
      delete this.svg.dataset.animating;
    };
    const state = { animations, done };
    this.anim = state;
    animations[animations.length - 1].finished.then(done, done);
  }

  _stopAnimation() {
    const a = this.anim;
    if (!a) return;
    for (const anim of a.animations) anim.cancel();
    a.done();
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
      d.ghost = el("g", { class: "drag-ghost", "aria-hidden": "true" }, this.svg);
      this._glyph(d.ghost, piece, -50, -50).classList.add("ghost");
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
