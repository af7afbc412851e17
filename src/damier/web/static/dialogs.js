// damier web: the dialogs: new game, saved games list, board options (PDN import: importing.js).
import { api } from "./api.js";
import { fillEngines } from "./engines.js";
import { openGame, setGame } from "./game.js";
import { setupImport } from "./importing.js";
import { app } from "./state.js";
import { language, t } from "./i18n.js";
import { boardOptions, options, reducedMotion, setOption } from "./options.js";
import { pieceIcon } from "./pieces.js";
import { errorText, render, say, variantName } from "./view.js";

const $ = (id) => document.getElementById(id);

// the variants as options of a select, in the page's language, sorted by their shown name
export function fillVariants(sel, variants) {
  sel.innerHTML = "";
  const named = variants.map((v) => [variantName(v.name, v.title), v.name]);
  named.sort((a, b) => a[0].localeCompare(b[0]));
  for (const [title, name] of named) sel.add(new Option(title, name));
}

let levels = null; // GET /api/levels: what each level plays like and its measured strength

// what the chosen level plays like, and how it scored against the next one (docs/engine.md)
async function describeLevel() {
  if (!levels) {
    const r = await api("GET", "/api/levels");
    levels = r.ok ? r.data.levels : [];
  }
  const n = parseInt($("new-level").value, 10);
  const lv = levels.find((x) => x.level === n);
  let text = lv ? t(`level.desc.${n}`) : "";
  if (lv && lv.against_next) {
    text += " " + t("level.vs_next", { next: n + 1, score: Math.round(lv.against_next.score * 100),
      wins: lv.against_next.wins, draws: lv.against_next.draws, losses: lv.against_next.losses });
  }
  $("new-level-note").textContent = text;
}

export function openNewGame(preset = {}) {
  const sel = $("new-variant");
  fillVariants(sel, app.variants);
  sel.value = preset.variant || (app.game ? app.game.variant : "international");
  offerEngines(app.game ? app.game.engine : null);
  $("new-fen").value = preset.fen || "";
  offerFirstPlayer(true);
  $("new-msg").textContent = "";
  describeLevel();
  $("dlg-new").showModal();
}

// the engines for the chosen variant (the row is shown when there is a choice)
function offerEngines(wanted) {
  $("new-engine-row").hidden = !fillEngines($("new-engine"), $("new-variant").value, wanted);
}

// who moves first, where the rules let the players choose (Thai, Malaysian, Old French) and
// no FEN is given (a FEN says who is to move); `reset`: back to the rules' default side
function offerFirstPlayer(reset) {
  const v = app.variants.find((x) => x.name === $("new-variant").value);
  const row = $("new-first-row");
  row.hidden = !(v && v.first_player_choice) || $("new-fen").value.trim() !== "";
  if (v && (reset || row.hidden)) $("new-first").value = v.first_player;
}

async function submitNew(e) {
  e.preventDefault();
  const color = $("new-color").value;
  const level = parseInt($("new-level").value, 10) || 3;
  const body = {
    variant: $("new-variant").value,
    white: color === "white" || color === "both" ? "human" : "engine",
    black: color === "black" || color === "both" ? "human" : "engine",
    level: Math.max(1, Math.min(10, level)),
    time_control: $("new-tc").value || null,
    wait: false,
  };
  const fen = $("new-fen").value.trim();
  if (fen) body.fen = fen;
  if (!$("new-engine-row").hidden) body.engine = $("new-engine").value;
  if (!$("new-first-row").hidden) body.first_player = $("new-first").value;
  const r = await api("POST", "/api/games", body);
  if (!r.ok) { $("new-msg").textContent = errorText(r.data); return; }
  $("dlg-new").close();
  say("");
  await setGame(r.data, "open");
}

// the saved games, newest first; a game with nothing in it is not listed (but the open one
// is). Each row opens with its first cell's button (or a click anywhere on it) and is deleted
// with a button that asks twice.
async function showGames() {
  const r = await api("GET", "/api/games?limit=200");
  const body = $("games-table").querySelector("tbody");
  body.innerHTML = "";
  const open = app.game ? app.game.id : null;
  for (const g of r.ok ? r.data.games.filter((x) => !x.untouched || x.id === open) : []) {
    const tr = document.createElement("tr");
    tr.dataset.id = String(g.id);
    const when = new Date(g.updated * 1000).toLocaleString(language(),
      { dateStyle: "short", timeStyle: "short" });
    const who = (p) => (p === "human" || p === "engine" ? t(`games.${p}`) : p);
    const variant = variantName(g.variant, (app.variants.find((v) => v.name === g.variant) || {}).title);
    const go = () => { $("dlg-games").close(); openGame(g.id); };
    const first = document.createElement("td");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = String(g.id);
    button.setAttribute("aria-label", t("games.open", { id: g.id }));
    button.addEventListener("click", go);
    first.appendChild(button);
    tr.appendChild(first);
    const cells = [[variant, ""], [who(g.white), ""], [who(g.black), ""], [g.moves, "num"],
      [g.result || "…", ""], [when, "wide"]];
    for (const [v, cls] of cells) {
      const td = document.createElement("td");
      td.textContent = String(v);
      if (cls) td.className = cls;
      tr.appendChild(td);
    }
    const last = document.createElement("td");
    const del = document.createElement("button");
    del.type = "button";
    del.className = "icon";
    del.innerHTML = TRASH;
    del.setAttribute("aria-label", t("games.delete", { id: g.id }));
    del.title = del.getAttribute("aria-label");
    del.addEventListener("click", (e) => { e.stopPropagation(); deleteGame(g.id, del, tr); });
    last.appendChild(del);
    tr.appendChild(last);
    tr.addEventListener("click", (e) => { if (!e.target.closest("button")) go(); });
    body.appendChild(tr);
  }
  $("dlg-games").showModal();
}

// a waste bin drawn in SVG (an emoji may be missing from the system's fonts)
const TRASH = '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M4 7h16M10 7V4h4v3' +
  'M6 7l1 13h10l1-13M10 11v6M14 11v6" fill="none" stroke="currentColor" stroke-width="2"' +
  ' stroke-linecap="round" stroke-linejoin="round"/></svg>';

// the first press arms the button (its name says "really?"), the second deletes
async function deleteGame(id, button, row) {
  if (button.dataset.armed !== "1") {
    button.dataset.armed = "1";
    button.setAttribute("aria-label", t("games.delete_really", { id }));
    button.title = button.getAttribute("aria-label");
    button.classList.add("armed");
    return;
  }
  const r = await api("DELETE", `/api/games/${id}`);
  if (!r.ok && r.status !== 404) { say(() => errorText(r.data), true); return; }
  row.remove();
  if (app.game && app.game.id === id) {
    $("dlg-games").close();
    localStorage.removeItem("damier.game");
    await openNewGame();
  }
}

// the four pieces of the chosen set, beside its select
function showPieceSet() {
  $("opt-pieces-preview").replaceChildren(...["w", "W", "b", "B"].map((p) => pieceIcon(p, options.pieces)));
}

// the board options dialog: each control writes its option (remembered) and redraws
function setupOptions() {
  const boxes = { "opt-coords": "coords", "opt-numbers": "numbers", "opt-animate": "animate",
    "opt-sound": "sound" };
  const selects = { "opt-theme": "theme", "opt-pieces": "pieces", "opt-dark": "dark" };
  const changed = () => {
    app.board.setOptions(boardOptions());
    showPieceSet();
    app.editor.drawPalette();
    render();
    $("btn-sound").dispatchEvent(new Event("refresh"));
  };
  for (const [id, name] of Object.entries(boxes)) {
    $(id).addEventListener("change", (e) => { setOption(name, e.target.checked); changed(); });
  }
  for (const [id, name] of Object.entries(selects)) {
    $(id).addEventListener("change", (e) => { setOption(name, e.target.value); changed(); });
  }
  $("btn-options").addEventListener("click", () => {
    for (const [id, name] of Object.entries(boxes)) $(id).checked = options[name];
    for (const [id, name] of Object.entries(selects)) $(id).value = options[name];
    $("opt-reduced").hidden = !reducedMotion();
    showPieceSet();
    $("dlg-options").showModal();
  });
}

export function setupDialogs() {
  setupOptions();
  $("btn-new").addEventListener("click", () => openNewGame());
  $("new-variant").addEventListener("change", () => {
    offerEngines($("new-engine").value);
    offerFirstPlayer(true);
  });
  $("new-fen").addEventListener("input", () => offerFirstPlayer(false));
  $("new-level").addEventListener("input", describeLevel);
  $("form-new").addEventListener("submit", submitNew);
  $("new-cancel").addEventListener("click", () => $("dlg-new").close());
  setupImport(fillVariants);
  $("btn-games").addEventListener("click", showGames);
  $("games-close").addEventListener("click", () => $("dlg-games").close());
}
