// damier web: the open game. Loads a game, takes each new state (from an HTTP answer or the
// game's WebSocket), keeps the socket open and the clocks ticking, and moves through the
// move list (goTo).
import { announce } from "./access.js";
import { api } from "./api.js";
import { sendAnalysis, showAnalysis } from "./analysis.js";
import { loadBrowse } from "./browse.js";
import { t } from "./i18n.js";
import { animationTime, savedFlip } from "./options.js";
import { playSound } from "./sound.js";
import { app, isStale, resetPicker, syncPicker, variantInfo } from "./state.js";
import { isMainId } from "./tree.js";
import { clearError, render, renderClocks, say, sayError, sayNote } from "./view.js";

const $ = (id) => document.getElementById(id);

export async function openGame(id) {
  const r = await api("GET", `/api/games/${id}`);
  if (!r.ok) { sayError(r.data); return false; }
  await setGame(r.data, "open");
  return true;
}

// Take a state of a game: `how` is "open" (a game opened: always taken), "socket" (a message
// of the game's WebSocket) or "answer" (the answer to a request). A state older than the one
// the page has is dropped, but the page is drawn again either way, so what is clickable
// always follows the newest state (issue 16: the board froze when an answer came late).
export async function setGame(state, how = "answer") {
  const fresh = how === "open";
  if (!fresh && isStale(state, how === "socket")) { render(); return; }
  const newVariant = !app.info || app.info.name !== state.variant;
  if (newVariant || !app.game || app.game.id !== state.id) {
    const info = await variantInfo(state.variant);
    // another state may have come in while the variant loaded
    if (!fresh && isStale(state, how === "socket")) { render(); return; }
    app.info = info;
    app.board.setVariant(info);
  }
  const old = app.game;
  const newId = !old || old.id !== state.id;
  const atEnd = !old || app.viewPly >= old.ply || newId;
  app.game = state;
  if (newId) {
    if (old) say(""); // a message about another game goes
    const flip = savedFlip(state.id);
    app.flipped = flip !== null ? flip : state.white === "engine" && state.black === "human";
    app.board.flipped = app.flipped;
    app.huffMode = false;
    location.hash = `game=${state.id}`;
    localStorage.setItem("damier.game", String(state.id));
    connect(state.id);
    $("btn-export").href = `/api/games/${state.id}/pdn`;
    $("btn-export").setAttribute("download", `damier-${state.id}.pdn`);
  }
  if (newId) { app.viewNode = null; app.browse = null; }
  if ((atEnd && app.viewNode === null) || app.viewPly > state.ply) {
    app.viewPly = state.ply;
    app.viewNode = null;
  }
  if (!newId && atEnd) announceMoves(old, state);
  if (!old || old.version !== state.version || newId) app.huffSel = null;
  syncPicker();
  app.clockBase = state.clocks ? { ...state.clocks, at: performance.now() } : null;
  app.flagAsked = false;
  if (app.premove && (newId || state.status !== "playing")) app.premove = null;
  render();
  if (app.analysis) sendAnalysis();
  loadBrowse();
  for (const hook of app.stateHooks) hook(state);
}

// the moves that came with a new state of the open game: the last one is animated and heard,
// a huff is said and marked, a stale error message goes
function announceMoves(old, state) {
  if (state.ply <= old.ply) return;
  const prev = old.ply ? old.moves[old.ply - 1] : null;
  if (prev && state.moves[old.ply - 1].long !== prev.long) return; // not a continuation
  const last = state.moves[state.ply - 1];
  // a move dropped by drag is already where it goes: no animation for it
  if (app.draggedPly !== state.ply) app.animation = { ply: state.ply, started: animationTime() };
  app.draggedPly = null;
  playSound(last.captured.length ? "capture" : "move");
  announce(state.moves.slice(old.ply).map((m) => t("a11y.moved", { side: t(`side.${m.color}`),
    move: m.notation })).join(". "));
  clearError();
  for (const m of state.moves.slice(old.ply)) if (m.huff !== null && m.huff !== undefined) sayHuff(state, m);
}

function sayHuff(g, m) {
  const victim = m.color === "white" ? "black" : "white";
  const label = (app.info.squares.find((s) => s.number === m.huff) || {}).label || String(m.huff);
  const yours = g[victim] === "human" && g[m.color] !== "human";
  say(() => t(`huff.${yours ? "by_opponent" : "done"}.${m.color}`, { square: label }));
}

export function goTo(ply) {
  const g = app.game;
  if (!g) return;
  const target = Math.max(0, Math.min(g.ply, ply));
  if (target === app.viewPly + 1) {
    app.animation = { ply: target, started: animationTime() };
    playSound(g.moves[target - 1].captured.length ? "capture" : "move");
  }
  app.viewPly = target;
  app.viewNode = null;
  showView();
}

// show a node of the game's tree: a main-line ply ("12") or a side variation ("4:1/6")
export function goToNode(id) {
  if (id === null || id === undefined) return;
  if (isMainId(id)) { goTo(Number(id)); return; }
  app.viewNode = id;
  showView();
}

// another position is on view: draw it, analyse it, fetch its moves
function showView() {
  app.preview = null;
  resetPicker();
  render();
  if (app.analysis) sendAnalysis();
  loadBrowse();
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
      setGame(msg.game, "socket");
      if (msg.message) sayNote(msg);
    } else if (msg.type === "analysis") showAnalysis(msg);
  };
  ws.onclose = () => {
    if (app.wsGame === id) setTimeout(() => { if (app.wsGame === id) connect(id); }, 1500);
  };
}

// the clocks tick on the page; when one reaches zero the server is asked for the game
// (the server decides whether the flag fell)
export function startClocks() {
  setInterval(() => {
    if (renderClocks() && !app.flagAsked && app.game) {
      app.flagAsked = true;
      openGame(app.game.id);
    }
  }, 250);
}
