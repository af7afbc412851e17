// damier web: the dialogs: new game, PDN import, saved games list, board options.
import { api } from "./api.js";
import { fillEngines } from "./engines.js";
import { openGame, setGame } from "./game.js";
import { app } from "./state.js";
import { language, t } from "./i18n.js";
import { options, reducedMotion, setOption } from "./options.js";
import { errorText, render, say, variantName } from "./view.js";

const $ = (id) => document.getElementById(id);

// the variants as options of a select, in the page's language, sorted by their shown name
export function fillVariants(sel, variants) {
  sel.innerHTML = "";
  const named = variants.map((v) => [variantName(v.name, v.title), v.name]);
  named.sort((a, b) => a[0].localeCompare(b[0]));
  for (const [title, name] of named) sel.add(new Option(title, name));
}

export function openNewGame(preset = {}) {
  const sel = $("new-variant");
  fillVariants(sel, app.variants);
  sel.value = preset.variant || (app.game ? app.game.variant : "international");
  offerEngines(app.game ? app.game.engine : null);
  $("new-fen").value = preset.fen || "";
  offerFirstPlayer(true);
  $("new-msg").textContent = "";
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

async function submitImport(e) {
  e.preventDefault();
  const text = $("import-text").value;
  if (!text.trim()) { $("import-msg").textContent = t("import.empty"); return; }
  const r = await api("POST", "/api/games/import", text, "text/plain; charset=utf-8");
  if (!r.ok) {
    const first = (r.data.errors && r.data.errors[0]) ? ` (${r.data.errors[0].error})` : "";
    $("import-msg").textContent = (r.data.code || r.data.error ? errorText(r.data) : t("import.nothing")) + first;
    return;
  }
  $("dlg-import").close();
  const imported = r.data.imported;
  const problems = r.data.errors;
  say(() => t("import.done", { n: imported }) + (problems.length
    ? " " + t("import.problems", { n: problems.length, error: problems[0].error }) : ""));
  await openGame(r.data.ids[0]);
}

async function showGames() {
  const r = await api("GET", "/api/games?limit=200");
  const body = $("games-table").querySelector("tbody");
  body.innerHTML = "";
  for (const g of r.ok ? r.data.games : []) {
    const tr = document.createElement("tr");
    tr.tabIndex = 0;
    tr.dataset.id = String(g.id);
    const when = new Date(g.updated * 1000).toLocaleString(language());
    const who = (p) => (p === "human" || p === "engine" ? t(`games.${p}`) : p);
    const variant = variantName(g.variant, (app.variants.find((v) => v.name === g.variant) || {}).title);
    for (const v of [g.id, variant, who(g.white), who(g.black), g.ply, g.result || "…", when]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.appendChild(td);
    }
    const open = () => { $("dlg-games").close(); openGame(g.id); };
    tr.addEventListener("click", open);
    tr.addEventListener("keydown", (e) => { if (e.key === "Enter") open(); });
    body.appendChild(tr);
  }
  $("dlg-games").showModal();
}

// the board options dialog: each control writes its option (remembered) and redraws
function setupOptions() {
  const boxes = { "opt-coords": "coords", "opt-numbers": "numbers", "opt-animate": "animate",
    "opt-sound": "sound" };
  const selects = { "opt-theme": "theme", "opt-dark": "dark" };
  const changed = () => {
    app.board.setOptions({ coords: options.coords, numbers: options.numbers });
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
  $("form-new").addEventListener("submit", submitNew);
  $("new-cancel").addEventListener("click", () => $("dlg-new").close());
  $("btn-import").addEventListener("click", () => {
    $("import-msg").textContent = "";
    $("dlg-import").showModal();
  });
  $("import-file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    if (f.size > 5 * 1024 * 1024) { $("import-msg").textContent = t("import.too_big"); return; }
    $("import-text").value = await f.text();
  });
  $("form-import").addEventListener("submit", submitImport);
  $("import-cancel").addEventListener("click", () => $("dlg-import").close());
  $("btn-games").addEventListener("click", showGames);
  $("games-close").addEventListener("click", () => $("dlg-games").close());
}
