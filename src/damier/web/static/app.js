// damier web: the page. Talks to the JSON API and the game's WebSocket; the server is the
// only source of legal moves and results. No build step: plain ES modules.
import { BoardView } from "./board.js";
import { MovePicker } from "./play.js";
import { Editor } from "./editor.js";
import { setupDialogs } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export const app = {
  game: null, info: null, variants: [], infoCache: new Map(),
  viewPly: 0, flipped: false, ws: null, wsGame: null, analysis: false,
  picker: new MovePicker(), huffMode: false, huffSel: null, routeMarks: null,
  clockBase: null, flagAsked: false, pending: false, editor: null, board: null,
};

export async function api(method, url, body, type = "application/json") {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = type;
    opts.body = type === "application/json" ? JSON.stringify(body) : body;
  }
  let res;
  try {
    res = await fetch(url, opts);
  } catch (e) {
    return { ok: false, status: 0, data: { error: "the server cannot be reached" } };
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: res.statusText }; }
  return { ok: res.ok, status: res.status, data };
}

export function say(text, error = false) {
  const el = $("message");
  el.textContent = text || "";
  el.classList.toggle("error", error);
}

export async function variantInfo(name) {
  if (!app.infoCache.has(name)) {
    const r = await api("GET", `/api/variants/${encodeURIComponent(name)}`);
    if (!r.ok) throw new Error(r.data.error);
    app.infoCache.set(name, r.data);
  }
  return app.infoCache.get(name);
}

// -- game state ------------------------------------------------------------------------------

export async function openGame(id) {
  const r = await api("GET", `/api/games/${id}`);
  if (!r.ok) { say(r.data.error, true); return false; }
  await setGame(r.data, true);
  return true;
}

export async function setGame(state, fresh = false) {
  const old = app.game;
  if (!fresh && old && old.id === state.id && state.version < old.version) return;
  const newId = !old || old.id !== state.id;
  const atEnd = !old || app.viewPly >= old.ply || newId;
  if (newId || !app.info || app.info.name !== state.variant) {
    app.info = await variantInfo(state.variant);
    app.board.setVariant(app.info);
  }
  app.game = state;
  if (newId) {
    app.flipped = state.white === "engine" && state.black === "human";
    app.board.flipped = app.flipped;
    app.huffMode = false;
    location.hash = `game=${state.id}`;
    localStorage.setItem("damier.game", String(state.id));
    connect(state.id);
    $("btn-export").href = `/api/games/${state.id}/pdn`;
    $("btn-export").setAttribute("download", `damier-${state.id}.pdn`);
  }
  if (atEnd || app.viewPly > state.ply) app.viewPly = state.ply;
  app.huffSel = null;
  resetPicker();
  app.clockBase = state.clocks ? { ...state.clocks, at: performance.now() } : null;
  app.flagAsked = false;
  render();
  if (app.analysis) sendAnalysis();
}

function interactive() {
  const g = app.game;
  if (!g || app.editor.active || app.pending || g.status !== "playing" || g.thinking) return false;
  if (app.viewPly !== g.ply) return false;
  return g[g.turn] === "human";
}

function currentMoves() {
  if (!interactive()) return [];
  const moves = app.game.legal_moves;
  if (!app.game.huffing) return moves;
  return moves.filter((m) => (app.huffSel === null ? m.huff === null : m.huff === app.huffSel));
}

function resetPicker() { app.picker.reset(currentMoves()); app.routeMarks = null; }

// -- rendering -------------------------------------------------------------------------------

export function render() {
  const g = app.game;
  if (!g) return;
  renderBoard();
  renderPlayers();
  renderMoves();
  renderStatus();
  $("fen").textContent = app.viewPly === g.ply ? g.fen : "";
  tickClocks();
}

export function renderBoard() {
  const g = app.game;
  if (app.editor.active) { app.editor.render(); return; }
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
    b.addEventListener("click", () => goTo(i + 1));
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

function tickClocks() {
  const c = app.clockBase;
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
    if (running && ms <= 0 && !app.flagAsked) {
      app.flagAsked = true;
      openGame(app.game.id);
    }
  }
}

// -- moving ----------------------------------------------------------------------------------

async function sendMove(m) {
  const g = app.game;
  app.pending = true;
  app.picker.reset([]);
  render();
  let r;
  if (m.huff !== null && m.huff !== undefined) {
    const move = m.long.slice(m.long.indexOf(",") + 1);
    r = await api("POST", `/api/games/${g.id}/huff`, { square: m.huff, move, wait: false });
  } else {
    r = await api("POST", `/api/games/${g.id}/moves`, { move: m.long, wait: false });
  }
  app.pending = false;
  if (r.ok) { say(""); await setGame(r.data); } else { say(r.data.error, true); resetPicker(); render(); }
}

function outcomeOf(res) {
  if (res.play) { sendMove(res.play); return; }
  if (res.choose) { chooseRoute(res.choose); return; }
  renderBoard();
}

function chooseRoute(moves) {
  const dlg = $("dlg-route");
  const list = $("route-list");
  list.innerHTML = "";
  const label = (n) => app.info.squares.find((s) => s.number === n)?.label ?? String(n);
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "route";
    b.textContent = `${m.long} — takes ${m.captured.map(label).join(", ")}`;
    b.addEventListener("mouseenter", () => { app.routeMarks = new Set(m.captured); renderBoard(); });
    b.addEventListener("focus", () => { app.routeMarks = new Set(m.captured); renderBoard(); });
    b.addEventListener("click", () => { dlg.close(); app.routeMarks = null; sendMove(m); });
    list.appendChild(b);
  }
  app.routeMarks = new Set(moves[0].captured);
  renderBoard();
  dlg.showModal();
}

function onTap(sq) {
  if (app.editor.active) { app.editor.tap(sq); return; }
  if (!interactive()) return;
  const p = app.picker;
  const g = app.game;
  if (app.huffMode) {
    const huffable = new Set(g.legal_moves.filter((m) => m.huff !== null).map((m) => m.huff));
    if (huffable.has(sq)) {
      app.huffSel = app.huffSel === sq ? null : sq;
      resetPicker();
      renderBoard();
      return;
    }
  }
  if (p.from !== null && p.targets().has(sq)) { outcomeOf(p.click(sq)); return; }
  if (p.movable().has(sq)) {
    if (p.from === sq && p.steps.length === 0) { p.from = null; renderBoard(); return; }
    outcomeOf(p.select(sq));
    return;
  }
  const piece = (g.positions[app.viewPly] || "")[app.board.squares.get(sq)?.index];
  if (piece && piece.toLowerCase() === g.turn[0]) {
    const caps = currentMoves().filter((m) => m.captured.length);
    say(caps.length ? `capture is compulsory: ${caps.map((m) => m.notation).join(", ")}`
      : "that piece cannot move", true);
  }
  p.from = null;
  p.steps = [];
  renderBoard();
}

function onPress(sq) {
  if (app.editor.active || !interactive()) return false;
  return app.picker.movable().has(sq);
}

function onDrop(from, to) {
  if (app.editor.active || !interactive()) return;
  const p = app.picker;
  if (!p.movable().has(from)) return;
  const sel = p.select(from);
  if (sel.play) { if (sel.play.to === to || sel.play.path.includes(to)) sendMove(sel.play); return; }
  if (p.targets().has(to)) outcomeOf(p.click(to)); else renderBoard();
}

// -- navigation, analysis, socket ------------------------------------------------------------

export function goTo(ply) {
  const g = app.game;
  if (!g) return;
  app.viewPly = Math.max(0, Math.min(g.ply, ply));
  resetPicker();
  render();
  if (app.analysis) sendAnalysis();
}

function sendAnalysis() {
  if (!app.ws || app.ws.readyState !== WebSocket.OPEN) return;
  const ply = app.viewPly === app.game.ply ? null : app.viewPly;
  app.ws.send(JSON.stringify({ type: "analyse", on: app.analysis, ply }));
}

function showAnalysis(a) {
  if (!app.analysis || a.error) {
    if (a.error) $("an-score").textContent = a.error;
    return;
  }
  if (a.ply !== undefined && a.ply !== app.viewPly) return;
  if (a.over) { $("an-score").textContent = "game over"; $("an-pv").textContent = ""; return; }
  if (a.done && a.depth === undefined) return;
  let text = "…";
  let frac = 0.5;
  if (a.win_in !== null && a.win_in !== undefined) {
    const whiteWins = (a.win_in > 0) === (a.score_white === null ? true : a.score_white >= 0);
    text = `win in ${Math.abs(a.win_in)}`;
    frac = whiteWins ? 1 : 0;
  } else if (a.score_white !== null && a.score_white !== undefined) {
    const men = a.score_white / 100;
    text = (men >= 0 ? "+" : "") + men.toFixed(2);
    frac = 1 / (1 + Math.exp(-men * 0.8));
  }
  $("an-score").textContent = text;
  $("an-depth").textContent = a.depth ? `depth ${a.depth}` : "";
  $("an-pv").textContent = (a.pv || []).join(" ");
  $("evalbar-white").style.height = `${Math.round(frac * 100)}%`;
  $("evalbar-text").textContent = text;
}

function connect(id) {
  if (app.ws) { app.ws.onclose = null; app.ws.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/games/${id}`);
  app.ws = ws;
  app.wsGame = id;
  ws.onopen = () => { if (app.analysis) sendAnalysis(); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state" && app.game && msg.game.id === app.game.id) {
      setGame(msg.game);
      if (msg.message) say(msg.message);
    } else if (msg.type === "analysis") showAnalysis(msg);
  };
  ws.onclose = () => {
    if (app.wsGame === id) setTimeout(() => { if (app.wsGame === id) connect(id); }, 1500);
  };
}

function toggleAnalysis() {
  app.analysis = !app.analysis;
  $("btn-analysis").setAttribute("aria-pressed", String(app.analysis));
  $("analysis").hidden = !app.analysis;
  $("evalbar").hidden = !app.analysis;
  $("an-score").textContent = "…";
  $("an-pv").textContent = "";
  if (app.ws && app.ws.readyState === WebSocket.OPEN) sendAnalysis();
}

// -- buttons ---------------------------------------------------------------------------------

async function post(path, body) {
  const r = await api("POST", `/api/games/${app.game.id}/${path}`, body);
  if (r.ok) { say(r.data.message || ""); await setGame(r.data); } else say(r.data.error, true);
}

function confirmTwice(button, label, action) {
  if (button.dataset.armed === "1") {
    button.dataset.armed = "";
    button.textContent = label;
    action();
    return;
  }
  button.dataset.armed = "1";
  button.textContent = `Really ${label.toLowerCase()}?`;
  setTimeout(() => { button.dataset.armed = ""; button.textContent = label; }, 4000);
}

function setupControls() {
  $("btn-undo").addEventListener("click", () => post("undo", {}));
  $("btn-flip").addEventListener("click", () => {
    app.flipped = !app.flipped;
    app.board.flipped = app.flipped;
    render();
  });
  $("btn-resign").addEventListener("click", (e) =>
    confirmTwice(e.currentTarget, "Resign", () => post("resign", {})));
  $("btn-draw").addEventListener("click", () => {
    const g = app.game;
    const action = g.can_claim_draw ? "claim" : $("btn-draw").textContent === "Accept draw" ? "accept" : "offer";
    post("draw", { action });
  });
  $("btn-huff").addEventListener("click", () => {
    app.huffMode = !app.huffMode;
    app.huffSel = null;
    resetPicker();
    render();
  });
  $("btn-analysis").addEventListener("click", toggleAnalysis);
  $("move-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    if (!text || !app.game) return;
    const r = await api("POST", `/api/games/${app.game.id}/moves`, { move: text, wait: false });
    if (r.ok) { $("move-input").value = ""; say(""); await setGame(r.data); } else say(r.data.error, true);
  });
  $("nav-first").addEventListener("click", () => goTo(0));
  $("nav-prev").addEventListener("click", () => goTo(app.viewPly - 1));
  $("nav-next").addEventListener("click", () => goTo(app.viewPly + 1));
  $("nav-last").addEventListener("click", () => goTo(app.game.ply));
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return;
    if (document.querySelector("dialog[open]") || !app.game) return;
    const keys = { ArrowLeft: app.viewPly - 1, ArrowRight: app.viewPly + 1, Home: 0, End: app.game.ply,
      ArrowUp: app.viewPly - 2, ArrowDown: app.viewPly + 2 };
    if (e.key in keys) { e.preventDefault(); goTo(keys[e.key]); }
    else if (e.key === "Escape") { app.picker.from = null; app.picker.steps = []; renderBoard(); }
    else if (e.key === "f") $("btn-flip").click();
  });
  setInterval(tickClocks, 250);
}

async function start() {
  app.board = new BoardView($("board"), { onTap, onPress, onDrop });
  app.editor = new Editor(app);
  const r = await api("GET", "/api/variants");
  app.variants = r.ok ? r.data : [];
  setupControls();
  setupDialogs(app);
  window.addEventListener("hashchange", () => {
    const m = /game=(\d+)/.exec(location.hash);
    if (m && (!app.game || String(app.game.id) !== m[1])) openGame(m[1]);
  });
  const fromHash = /game=(\d+)/.exec(location.hash);
  const id = fromHash ? fromHash[1] : localStorage.getItem("damier.game");
  if (id && await openGame(id)) return;
  const created = await api("POST", "/api/games", { variant: "international", white: "human",
    black: "engine", level: 3, wait: false });
  if (created.ok) { say(""); await setGame(created.data, true); }
  else say(created.data.error, true);
}

window.damier = app;
start();
