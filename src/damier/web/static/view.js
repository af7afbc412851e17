// damier web: drawing the page from `app`: the board's view (pieces, marks, what is
// clickable), the players and clocks, the move list, the status line and the message line.
// It reads the state and changes no game; clicks are handled elsewhere (the move list's
// buttons carry data-ply for the listener in controls.js).
import { engineNote, externalEngine } from "./engines.js";
import { has, t } from "./i18n.js";
import { glyphs, hasNotes, markGlyph, moveFacts, notesOf, notesRow, openingRow } from "./movetree.js";
import { animationTime, animationsOn } from "./options.js";
import { showRules } from "./rules.js";
import { app, browsing, interactive, syncPicker } from "./state.js";
import { nextId, viewedNode, viewedPosition } from "./tree.js";

const $ = (id) => document.getElementById(id);

// The message line. A message is kept as a function that writes it, so that it is written
// again in the new language when the language changes.
let message = { write: () => "", error: false };

export function say(text, error = false) {
  message = { write: typeof text === "function" ? text : () => text || "", error };
  renderMessage();
}

export function renderMessage() {
  const el = $("message");
  el.textContent = message.write();
  el.classList.toggle("error", message.error);
}

// the message of a failed request in the page's language: its stable code when the catalog
// has it (with the error body's fields as parameters), else the server's English text
export function errorText(data) {
  // an illegal move or a bad FEN says why, when the server names the reason
  if (data && data.reason && data.code === "illegal_move" && has(`illegal.${data.reason}`)) {
    return t(`illegal.${data.reason}`, data);
  }
  if (data && data.reason && data.code === "bad_fen" && has(`fen.${data.reason}`)) {
    return `${t("error.bad_fen")}: ${t(`fen.${data.reason}`, data)}`;
  }
  if (data && data.code && has(`error.${data.code}`)) return t(`error.${data.code}`, data);
  return (data && data.error) || t("error.unknown");
}

export function sayError(data) { say(() => errorText(data), true); }

// an error message goes once the player does something else (a note stays)
export function clearError() {
  if (message.error) say("");
}

// a note from the server (e.g. "draw agreed") in the page's language, by its code
export function sayNote(data) { say(() => noteText(data)); }

export function noteText(data) {
  if (data && data.message_code && has(`note.${data.message_code}`)) {
    return t(`note.${data.message_code}`, data.message_args || {});
  }
  return (data && data.message) || "";
}

export function variantName(name, title) {
  return has(`variant.${name}`) ? t(`variant.${name}`) : title || name;
}

// why a game ended, in the page's language (the server's English text if the code is new)
export function reasonText(g) {
  const key = g.reason_code ? `reason.${g.reason_code}` : null;
  return key && has(key) ? t(key, g.reason_args || {}) : g.reason;
}

export function render() {
  const g = app.game;
  if (!g) return;
  renderBoard();
  renderPlayers();
  renderMoves();
  renderStatus();
  const pos = viewedPosition();
  showFen(pos.fen || (app.browse && app.browse.fen) || "");
  renderClocks();
  renderRules();
  renderMessage();
  for (const update of app.panels) update();
}

// the FEN under the board, wrapped after its commas rather than inside a square number
// (<wbr> adds nothing to the text a player copies)
function showFen(fen) {
  const el = $("fen");
  el.textContent = "";
  fen.split(",").forEach((part, i) => {
    if (i) el.append(",", document.createElement("wbr"));
    el.append(part);
  });
}

// the Rules panel, when open, follows the variant on the board and the page's language
export function renderRules() {
  $("rules").hidden = !app.rulesOpen;
  if (!app.rulesOpen || !app.info) return;
  showRules(app.info.name, variantName(app.info.name, app.info.title));
}

export function renderBoard() {
  const g = app.game;
  if (app.editor.active) { app.editor.render(); return; }
  syncPicker();
  const p = app.picker;
  const puzzle = app.puzzle && app.puzzle.active;
  const pos = puzzle ? app.puzzle.position() : app.preview || viewedPosition();
  const view = { pieces: pos.pieces };
  if (pos.last) {
    const m = pos.last;
    view.last = { from: m.from, to: m.to, path: m.path, captured: m.captured };
  }
  if (!puzzle && !app.preview && app.viewNode === null && app.viewPly > 0) {
    const m = g.moves[app.viewPly - 1];
    if (m.huff !== null && m.huff !== undefined) {
      view.huffed = m.huff;
      view.huffedPiece = g.positions[app.viewPly - 1][app.board.squares.get(m.huff).index];
    }
    const a = app.animation;
    if (a && a.ply === app.viewPly && animationsOn()) {
      view.animate = { from: m.from, path: m.path, captured: m.captured,
        before: g.positions[app.viewPly - 1], elapsed: animationTime() - a.started };
    }
  }
  if (interactive()) {
    view.movable = p.movable();
    view.selected = p.from;
    view.targets = p.from === null ? null : p.targets();
    if (p.from !== null) view.captured = new Set(p.candidates().flatMap((m) =>
      m.captured.slice(0, Math.max(p.steps.length, 0))));
    if (p.from !== null && p.steps.length) {
      // a capture clicked square by square: the piece stands on the last square landed on
      const at = app.board.squares;
      const from = at.get(p.from).index;
      const here = p.steps[p.steps.length - 1];
      const chars = [...view.pieces];
      chars[at.get(here).index] = chars[from];
      chars[from] = ".";
      view.pieces = chars.join("");
      view.origin = p.from;
      view.landed = p.steps;
      view.selected = here;
    }
    if (g.huffing && app.huffMode && !puzzle) {
      const offered = browsing() ? app.browse.moves : g.legal_moves;
      view.huffable = new Set(offered.filter((m) => m.huff !== null).map((m) => m.huff));
      view.huffSel = app.huffSel;
    }
  }
  if (app.premove && !interactive()) {
    view.premove = app.premove;
    if (app.premove.to === null) view.selected = app.premove.from;
  }
  view.routeMarks = app.routeMarks;
  view.route = app.routeLine;
  app.board.render(view);
  $("route-box").hidden = !app.routeChoice;
}

function playerName(color) {
  const g = app.game;
  const tagged = g.tags && g.tags[color === "white" ? "White" : "Black"];
  let who = "";
  const external = externalEngine(g);
  if (g[color] === "engine") {
    who = external ? t("player.engine_named", { engine: external, level: g.level })
      : t("player.engine", { level: g.level });
  }
  else if (tagged) who = tagged;
  else if (["white", "black"].filter((c) => g[c] === "human").length === 1) who = t("player.you");
  return who ? t("player.line", { side: t(`side.${color}`), who }) : t(`side.${color}`);
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

// one row per move number, the columns in the order the sides play (the variant's first
// player on the left, with its colour in the header); a game that starts with the second
// player to move (from a FEN) begins with "…" in the first column. Where the players choose
// who starts (Thai, Malaysian, Old French), the side that started this game is on the left.
function renderMoves() {
  const g = app.game;
  const first = app.info.first_player_choice ? (g.moves.length ? g.moves[0].color : g.turn)
    : app.info.first_player;
  const second = first === "white" ? "black" : "white";
  $("moves-first").textContent = t(`side.${first}`);
  $("moves-second").textContent = t(`side.${second}`);
  const body = $("moves").querySelector("tbody");
  body.innerHTML = "";
  const opening = openingRow(g);
  if (opening) body.appendChild(opening);
  let row = null;
  let number = 0;
  g.moves.forEach((m, i) => {
    if (!row || m.color === first) {
      number += 1;
      row = document.createElement("tr");
      const num = document.createElement("th");
      num.className = "num";
      num.scope = "row";
      num.textContent = `${number}.`;
      row.appendChild(num);
      if (m.color !== first) {
        const gap = document.createElement("td");
        gap.className = "gap";
        gap.textContent = "…";
        row.appendChild(gap);
      }
      body.appendChild(row);
    }
    const cell = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    const mark = markGlyph(i + 1);
    b.className = "mv" + (i + 1 === app.viewPly && app.viewNode === null ? " current" : "")
      + (mark ? ` mark-${app.review.plies[i].mark}` : "");
    const sign = glyphs(notesOf(g, i));
    b.textContent = m.notation + (sign ? ` ${sign}` : "") + (mark ? ` ${mark}` : "");
    b.dataset.ply = String(i + 1);
    cell.appendChild(b);
    const facts = moveFacts(g, i);
    if (facts.clock || facts.emt || facts.eval) {
      cell.classList.add("has-facts");
      cell.appendChild(factsOf(facts));
    }
    row.appendChild(cell);
    if (hasNotes(g, i)) {
      body.appendChild(notesRow(g, i));
      // the row goes on after the notes: the other side's move starts a row of its own
      if (m.color === first && i + 1 < g.moves.length) {
        row = document.createElement("tr");
        const num = document.createElement("th");
        num.className = "num";
        num.scope = "row";
        num.textContent = `${number}.`;
        const gap = document.createElement("td");
        gap.className = "gap";
        gap.textContent = "…";
        row.append(num, gap);
        body.appendChild(row);
        return;
      }
      row = null;
      return;
    }
    if (m.color !== first) row = null;
  });
  const cur = body.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  const atNode = app.viewNode !== null;
  $("nav-first").disabled = $("nav-prev").disabled = !atNode && app.viewPly === 0;
  $("nav-next").disabled = atNode ? nextId(app.viewNode) === null : app.viewPly === g.ply;
  $("nav-last").disabled = !atNode && app.viewPly === g.ply;
}

// a move's time left on its clock (or the time it took) and its evaluation, from the
// commands of an imported game's comments
function factsOf(facts) {
  const span = document.createElement("span");
  span.className = "mv-facts";
  if (facts.clock || facts.emt) {
    const time = document.createElement("span");
    time.className = "mv-time";
    time.textContent = facts.clock || facts.emt;
    time.title = t(facts.clock ? "moves.clock" : "moves.emt");
    span.appendChild(time);
  }
  if (facts.eval) {
    const ev = document.createElement("span");
    ev.className = "mv-eval";
    ev.textContent = facts.eval;
    ev.title = t("moves.eval");
    span.appendChild(ev);
  }
  return span;
}

function renderStatus() {
  const g = app.game;
  const banner = $("banner");
  if (g.status === "over") {
    banner.hidden = false;
    const head = g.winner ? t(`banner.win.${g.winner}`) : t("banner.draw");
    banner.textContent = t("banner.line", { head, reason: reasonText(g), result: g.result });
  } else {
    banner.hidden = true;
  }
  // a finished game (or a side line) can go on as a new game from the position on view
  $("btn-continue").hidden = app.editor.active || !(g.status === "over" || app.viewNode !== null);
  let text = "";
  const node = viewedNode();
  if (app.editor.active) text = t("status.editing");
  else if (app.preview) text = t("status.preview");
  else if (node) text = t("status.variation", { move: `${node.number || ""} ${node.notation || ""}`.trim() });
  else if (app.viewPly !== g.ply) text = t("status.viewing", { ply: app.viewPly, total: g.ply });
  else if (g.status === "playing") {
    text = g.thinking ? t("status.thinking") : t(`status.turn.${g.turn}`);
    if (g.draw_offer) text += " — " + t(`status.offer.${g.draw_offer}`);
  }
  if (!app.editor.active && !app.preview && browsing()) text += " " + t("status.browse_hint");
  $("status").textContent = text;
  const note = engineNote(g);
  $("engine-note").hidden = !note;
  $("engine-note-text").textContent = note ? note.text : "";
  $("engine-note-reason").textContent = note ? note.reason : "";
  const humanTurn = g.status === "playing" && g[g.turn] === "human";
  const hasHumans = g.white === "human" || g.black === "human";
  $("btn-resign").disabled = g.status !== "playing" || !hasHumans;
  $("btn-draw").disabled = g.status !== "playing" || !hasHumans;
  // a finished game is read-only: "Continue from here" starts a new game instead
  $("btn-undo").disabled = g.ply === 0 || !hasHumans || g.status !== "playing";
  const offerFromOther = g.draw_offer && g[g.draw_offer === "white" ? "black" : "white"] === "human";
  const drawAction = g.can_claim_draw ? "claim" : offerFromOther ? "accept" : "offer";
  $("btn-draw").dataset.action = drawAction;
  $("btn-draw").textContent = t(`ctl.draw_${drawAction}`);
  const huffable = g.huffing && humanTurn && g.legal_moves.some((m) => m.huff !== null);
  $("btn-huff").hidden = !huffable;
  $("move-form").hidden = g.status !== "playing";
  // the example in the move box is written in the variant's notation (a move legal here)
  const example = g.legal_moves.length ? g.legal_moves[0].notation : "";
  $("move-input").placeholder = example ? t("move.placeholder", { example }) : t("move.aria");
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
