// damier web: drawing the page from `app`: the board's view (pieces, marks, what is
// clickable), the players and clocks, the move list, the status line and the message line.
// It reads the state and changes no game; clicks are handled elsewhere (the move list's
// buttons carry data-ply for the listener in controls.js).
import { app, interactive, syncPicker } from "./state.js";

const $ = (id) => document.getElementById(id);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export function say(text, error = false) {
  const el = $("message");
  el.textContent = text || "";
  el.classList.toggle("error", error);
}

export function render() {
  const g = app.game;
  if (!g) return;
  renderBoard();
  renderPlayers();
  renderMoves();
  renderStatus();
  $("fen").textContent = app.viewPly === g.ply ? g.fen : "";
  renderClocks();
}

export function renderBoard() {
  const g = app.game;
  if (app.editor.active) { app.editor.render(); return; }
  syncPicker();
  const p = app.picker;
  const view = { pieces: g.positions[app.viewPly] };
  if (app.viewPly > 0) {
    const m = g.moves[app.viewPly - 1];
    view.last = { from: m.from, to: m.to, path: m.path };
  }
  if (interactive()) {
    view.movable = p.movable();
    view.selected = p.from;
    view.targets = p.from === null ? null : p.targets();
    if (p.from !== null) view.captured = new Set(p.candidates().flatMap((m) =>
      m.captured.slice(0, Math.max(p.steps.length, 0))));
    if (g.huffing && app.huffMode) {
      view.huffable = new Set(g.legal_moves.filter((m) => m.huff !== null).map((m) => m.huff));
      view.huffSel = app.huffSel;
    }
  }
  view.routeMarks = app.routeMarks;
  app.board.render(view);
}

function playerName(color) {
  const g = app.game;
  const who = g[color];
  const tagged = g.tags && g.tags[cap(color)];
  if (who === "engine") return `${cap(color)} — engine (level ${g.level})`;
  if (tagged) return `${cap(color)} — ${tagged}`;
  const humans = ["white", "black"].filter((c) => g[c] === "human").length;
  return humans === 1 ? `${cap(color)} — you` : cap(color);
}

function renderPlayers() {
  const g = app.game;
  const bottom = app.flipped ? "black" : "white";
  const top = app.flipped ? "white" : "black";
  for (const [id, color] of [["player-top", top], ["player-bottom", bottom]]) {
    const box = $(id);
    box.dataset.color = color;
    box.querySelector(".name").textContent = playerName(color);
    box.classList.toggle("to-move", g.status === "playing" && g.turn === color);
  }
}

function renderMoves() {
  const g = app.game;
  const ol = $("moves");
  ol.innerHTML = "";
  const first = app.info.first_player;
  let li = null;
  let number = 0;
  g.moves.forEach((m, i) => {
    if (!li || m.color === first) {
      number += 1;
      li = document.createElement("li");
      const num = document.createElement("span");
      num.className = "num";
      num.textContent = `${number}.`;
      li.appendChild(num);
      if (m.color !== first) li.appendChild(document.createElement("span"));
      ol.appendChild(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "mv" + (i + 1 === app.viewPly ? " current" : "");
    b.textContent = m.notation;
    b.dataset.ply = String(i + 1);
    li.appendChild(b);
    if (m.color !== first) li = null;
  });
  const cur = ol.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  $("nav-first").disabled = $("nav-prev").disabled = app.viewPly === 0;
  $("nav-next").disabled = $("nav-last").disabled = app.viewPly === g.ply;
}

function renderStatus() {
  const g = app.game;
  const banner = $("banner");
  if (g.status === "over") {
    banner.hidden = false;
    const head = g.winner ? `${cap(g.winner)} wins` : "Draw";
    banner.textContent = `${head}: ${g.reason} (${g.result})`;
  } else {
    banner.hidden = true;
  }
  let text = "";
  if (app.editor.active) text = "Editing a position: click squares to place pieces.";
  else if (app.viewPly !== g.ply) text = `Viewing after move ${app.viewPly} of ${g.ply} — press End to return.`;
  else if (g.status === "playing") {
    text = g.thinking ? "The engine is thinking…" : `${cap(g.turn)} to move`;
    if (g.draw_offer) text += ` — ${g.draw_offer} offers a draw`;
  }
  $("status").textContent = text;
  const humanTurn = g.status === "playing" && g[g.turn] === "human";
  const hasHumans = g.white === "human" || g.black === "human";
  $("btn-resign").disabled = g.status !== "playing" || !hasHumans;
  $("btn-draw").disabled = g.status !== "playing" || !hasHumans;
  $("btn-undo").disabled = g.ply === 0 || !hasHumans;
  const offerFromOther = g.draw_offer && g[g.draw_offer === "white" ? "black" : "white"] === "human";
  $("btn-draw").textContent = g.can_claim_draw ? "Claim draw" : offerFromOther ? "Accept draw" : "Offer draw";
  const huffable = g.huffing && humanTurn && g.legal_moves.some((m) => m.huff !== null);
  $("btn-huff").hidden = !huffable;
  $("move-form").hidden = g.status !== "playing";
  $("btn-huff").setAttribute("aria-pressed", String(app.huffMode));
}

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

// draws both clocks; true when the running one has reached zero (the server decides the flag)
export function renderClocks() {
  const c = app.clockBase;
  let fallen = false;
  for (const id of ["player-top", "player-bottom"]) {
    const box = $(id);
    const el = box.querySelector(".clock");
    if (!c) { el.textContent = ""; continue; }
    const color = box.dataset.color;
    let ms = c[color];
    const running = c.running === color;
    if (running) ms -= performance.now() - c.at;
    el.textContent = fmt(ms);
    el.classList.toggle("running", running);
    el.classList.toggle("low", ms < 10000);
    if (running && ms <= 0) fallen = true;
  }
  return fallen;
}
