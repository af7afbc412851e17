// damier web: the buttons beside the board (undo, flip, draw, resign, huff, analysis), the
// typed-move box, the move list's navigation and the keyboard.
import { api } from "./api.js";
import { languageMenu, t } from "./i18n.js";
import { options, saveFlip, setOption } from "./options.js";
import { toggleAnalysis } from "./analysis.js";
import { goTo, goToNode, setGame } from "./game.js";
import { app, resetPicker, viewedId } from "./state.js";
import { nextId, prevId } from "./tree.js";
import { typedMoveProblem } from "./typedmove.js";
import { continueHere, treeAction } from "./variations.js";
import { render, renderBoard, renderRules, say, sayError, sayNote } from "./view.js";

const $ = (id) => document.getElementById(id);

async function post(path, body) {
  const r = await api("POST", `/api/games/${app.game.id}/${path}`, body);
  if (r.ok) { sayNote(r.data); await setGame(r.data); } else sayError(r.data);
}

function confirmTwice(button, key, action) {
  if (button.dataset.armed === "1") {
    button.dataset.armed = "";
    button.textContent = t(key);
    action();
    return;
  }
  button.dataset.armed = "1";
  button.textContent = t(`${key}_really`);
  setTimeout(() => { button.dataset.armed = ""; button.textContent = t(key); }, 4000);
}

const SPEAKER = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
const SPEAKER_ON = `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">${SPEAKER}` +
  '<path d="M15 8.5a4.5 4.5 0 0 1 0 7M17.5 6a8 8 0 0 1 0 12" fill="none" stroke="currentColor"' +
  ' stroke-width="2" stroke-linecap="round"/></svg>';
const SPEAKER_OFF = `<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">${SPEAKER}` +
  '<path d="M15.5 9.5l5 5m0-5l-5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

// the sound switch in the header (the same option as in the board options)
function setupSound() {
  const button = $("btn-sound");
  const show = () => {
    button.innerHTML = options.sound ? SPEAKER_ON : SPEAKER_OFF;
    button.setAttribute("aria-pressed", String(options.sound));
    const label = t(options.sound ? "nav.sound_on" : "nav.sound_off");
    button.title = label;
    button.setAttribute("aria-label", label);
  };
  button.addEventListener("click", () => { setOption("sound", !options.sound); show(); });
  button.addEventListener("refresh", show);
  show();
}

// on a phone the header's buttons fold into a menu (style.css); a choice folds it again
function setupMenu() {
  const header = document.querySelector("header");
  const button = $("btn-menu");
  const show = (open) => {
    header.classList.toggle("menu-open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => show(!header.classList.contains("menu-open")));
  $("main-nav").addEventListener("click", (e) => { if (e.target.closest("button, a")) show(false); });
}

function setupLanguages() {
  languageMenu($("lang-select"), () => {
    $("btn-sound").dispatchEvent(new Event("refresh"));
    render();
  });
}

export function setupControls() {
  setupLanguages();
  setupSound();
  setupMenu();
  $("btn-undo").addEventListener("click", () => post("undo", {}));
  $("btn-flip").addEventListener("click", () => {
    app.flipped = !app.flipped;
    app.board.flipped = app.flipped;
    if (app.game) saveFlip(app.game.id, app.flipped);
    render();
  });
  $("btn-resign").addEventListener("click", (e) =>
    confirmTwice(e.currentTarget, "ctl.resign", () => post("resign", {})));
  $("btn-draw").addEventListener("click", () => {
    post("draw", { action: $("btn-draw").dataset.action });
  });
  $("btn-huff").addEventListener("click", () => {
    app.huffMode = !app.huffMode;
    app.huffSel = null;
    resetPicker();
    render();
  });
  $("btn-analysis").addEventListener("click", toggleAnalysis);
  $("btn-rules").addEventListener("click", () => {
    app.rulesOpen = !app.rulesOpen;
    $("btn-rules").setAttribute("aria-pressed", String(app.rulesOpen));
    renderRules();
  });
  $("move-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("move-input").value.trim();
    if (!text || !app.game) return;
    const problem = typedMoveProblem(text);
    if (problem) { say(() => t(problem.key, problem.args), true); return; }
    const r = await api("POST", `/api/games/${app.game.id}/moves`, { move: text, wait: false });
    if (r.ok) { $("move-input").value = ""; say(""); await setGame(r.data); } else sayError(r.data);
  });
  $("moves").addEventListener("click", (e) => {
    const action = e.target.closest("button[data-tree-action]");
    if (action) { treeAction(action.dataset.treeAction, action.dataset.node); return; }
    const b = e.target.closest("button.mv[data-ply]");
    if (b) { goTo(Number(b.dataset.ply)); return; }
    const v = e.target.closest("button.mv[data-node]");
    if (v) goToNode(v.dataset.node);
  });
  $("btn-continue").addEventListener("click", continueHere);
  // one step back or on along the line on view (a side variation or the game)
  const step = (back) => {
    const next = back ? prevId(viewedId()) : nextId(viewedId());
    if (next !== null) goToNode(next);
  };
  $("nav-first").addEventListener("click", () => goTo(0));
  $("nav-prev").addEventListener("click", () => step(true));
  $("nav-next").addEventListener("click", () => step(false));
  $("nav-last").addEventListener("click", () => goTo(app.game.ply));
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return;
    if (document.querySelector("dialog[open]") || !app.game) return;
    const keys = { ArrowLeft: app.viewPly - 1, ArrowRight: app.viewPly + 1, Home: 0, End: app.game.ply,
      ArrowUp: app.viewPly - 2, ArrowDown: app.viewPly + 2 };
    if (app.viewNode !== null && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      e.preventDefault();
      step(e.key === "ArrowLeft");
    } else if (e.key in keys) { e.preventDefault(); goTo(keys[e.key]); }
    else if (e.key === "Escape") {
      app.picker.from = null;
      app.picker.steps = [];
      if (app.preview) { app.preview = null; render(); } else renderBoard();
    }
    else if (e.key === "f") $("btn-flip").click();
  });
}
