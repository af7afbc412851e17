// damier web: the buttons beside the board (undo, flip, draw, resign, huff, analysis), the
// typed-move box, the move list's navigation and the keyboard.
import { api } from "./api.js";
import { toggleAnalysis } from "./analysis.js";
import { goTo, setGame } from "./game.js";
import { app, resetPicker } from "./state.js";
import { render, renderBoard, say } from "./view.js";

const $ = (id) => document.getElementById(id);

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

export function setupControls() {
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
  $("moves").addEventListener("click", (e) => {
    const b = e.target.closest("button.mv[data-ply]");
    if (b) goTo(Number(b.dataset.ply));
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
}
