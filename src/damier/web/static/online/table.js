// damier web, games between people: the game view. It follows /ws/online/<id> (the state
// after every change; this browser's seats in online.you), lets a seat move on the board and
// act with the buttons (draw, takeback, resign, claims, rematch), and shows spectators the
// game live without them. The clocks are the server's, shown corrected for latency: a
// running clock is the value the server sent, less the time since it arrived and half the
// measured round trip (pings every 5 s). A dropped connection is retried with back-off; a
// move sent again after a reconnect is recognised by the server (it carries the ply it was
// made at) and never played twice. Premoves follow the rules of premove.js, on this page's
// own state (tbl.premove) and seats. Imports the board, the move picker, premoves, i18n and
// the API; the board options (piece set, coordinates) are the ones remembered by the main page.
import { api } from "../api.js";
import { BoardView } from "../board.js";
import { has, t } from "../i18n.js";
import { boardOptions } from "../options.js";
import { MovePicker } from "../play.js";
import { clearPremove, premoveSide, takePremove, tapPremove } from "../premove.js";
import { $, clockText, show, showError, variantName } from "./common.js";
import { copy } from "./home.js";

const PING_MS = 5000;
// tbl is also window.damierOnline, for the browser tests to read
const tbl = {
  gid: null, ws: null, game: null, online: null, board: null, info: null, picker: new MovePicker(),
  seq: 0, rtt: 0, stamp: 0, tick: null, pinger: null, retry: 0, closing: false, note: "",
  pickerKey: null, sent: null, claimable: false, premove: null,
};

window.damierOnline = tbl;
// the side this browser plays in the game shown, when it holds one seat only
const seat = (g) => (g.id === tbl.gid && mine().length === 1 ? mine()[0] : null);

async function variantInfo(name) {
  if (tbl.info && tbl.info.name === name) return tbl.info;
  const r = await api("GET", `/api/variants/${encodeURIComponent(name)}`);
  if (!r.ok) throw new Error(r.data.error);
  return r.data;
}

export function closeTable() {
  clearPremove(tbl);
  tbl.closing = true;
  if (tbl.ws) tbl.ws.close();
  tbl.ws = null;
  clearInterval(tbl.tick);
  clearInterval(tbl.pinger);
  tbl.tick = tbl.pinger = null;
  tbl.gid = tbl.game = tbl.online = null;
}

export function openTable(gid) {
  closeTable();
  show("view-game");
  tbl.gid = gid;
  tbl.closing = false;
  tbl.retry = 0;
  tbl.note = "";
  if (!tbl.board) {
    tbl.board = new BoardView($("board"), { onTap, onPress, onDrop,
      onContext: () => { const had = clearPremove(tbl); if (had) renderBoard(); return had; } });
    tbl.board.setOptions(boardOptions());   // the piece set and coordinates chosen on the main page
  }
  connect();
  tbl.tick = setInterval(renderClocks, 100);
  tbl.pinger = setInterval(ping, PING_MS);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/online/${tbl.gid}`);
  tbl.ws = ws;
  ws.onopen = () => { tbl.retry = 0; $("table-connection").hidden = true; ping(); resend(); };
  ws.onmessage = (e) => receive(JSON.parse(e.data));
  ws.onclose = (e) => {
    if (tbl.ws !== ws || tbl.closing) return;
    if (e.code >= 4400 && e.code < 4500) return;   // refused: the error is shown already
    $("table-connection").hidden = false;
    $("table-connection").textContent = t("online.reconnecting");
    tbl.retry = Math.min(tbl.retry + 1, 6);
    setTimeout(() => { if (tbl.ws === ws && !tbl.closing) connect(); }, 250 * 2 ** tbl.retry);
  };
}

function ping() {
  if (tbl.ws && tbl.ws.readyState === WebSocket.OPEN) tbl.ws.send(JSON.stringify({ type: "ping", t: performance.now() }));
}

function send(action, extra = {}) {
  if (!tbl.ws || tbl.ws.readyState !== WebSocket.OPEN) { showError({ code: "unreachable", error: t("online.reconnecting") }); return; }
  tbl.seq += 1;
  tbl.ws.send(JSON.stringify({ type: "act", seq: tbl.seq, action, ...extra }));
}

// a move sent just before the connection dropped is sent again (the server plays it once)
function resend() {
  if (tbl.sent && tbl.game && tbl.sent.ply === tbl.game.ply) send("move", tbl.sent);
}

async function receive(msg) {
  if (msg.type === "pong") {
    if (typeof msg.t === "number") tbl.rtt = tbl.rtt ? 0.7 * tbl.rtt + 0.3 * (performance.now() - msg.t) : performance.now() - msg.t;
    return;
  }
  if (msg.type === "error") { showError(msg); return; }
  if (msg.type === "refused") { tbl.sent = null; showError(msg); render(); return; }
  if (msg.type === "ack") {   // (a move's ack comes just before its state, which clears `sent`)
    if (msg.game && msg.game !== tbl.gid) location.hash = `g=${msg.game}`;
    return;
  }
  if (msg.type !== "state") return;
  if (msg.online.rematch_game && msg.online.you.length && msg.game.id === tbl.gid) {
    location.hash = `g=${msg.online.rematch_game}`;   // the players go on to the rematch
    return;
  }
  const first = !tbl.game;
  tbl.game = msg.game;
  tbl.online = msg.online;
  tbl.stamp = performance.now();
  if (tbl.sent && tbl.game.ply !== tbl.sent.ply) tbl.sent = null;
  if (msg.message_code) tbl.note = has(`note.${msg.message_code}`) ? t(`note.${msg.message_code}`) : msg.message;
  tbl.info = await variantInfo(msg.game.variant);
  if (first || tbl.board.info !== tbl.info) tbl.board.setVariant(tbl.info);
  tbl.board.flipped = mine().length === 1 && mine()[0] === "black";
  render();
  playPremove();
}

// the new state makes it this page's turn: a premove waiting is played, if legal
function playPremove() {
  if (!tbl.premove || !myTurn()) return;
  const taken = takePremove(tbl, tbl.game);
  const found = taken ? taken.moves : [];
  if (found.length === 1) play(found[0]);
  else if (found.length > 1) { tbl.picker.select(taken.premove.from); choose(found); }
  else if (taken) {
    const label = (n) => tbl.board.squares.get(n)?.label ?? String(n);
    tbl.note = t("msg.premove_illegal", { move: `${label(taken.premove.from)}–${label(taken.premove.to)}` });
    renderStatus();
  }
  renderBoard();
}

// a tap while the other side is to move chooses (or cancels) a premove
function premoveTap(sq, side) {
  const piece = tbl.game.positions[tbl.game.positions.length - 1][tbl.board.squares.get(sq)?.index];
  if (tapPremove(tbl, sq, piece, side)) renderBoard();
}

function mine() { return tbl.online ? tbl.online.you : []; }
function over() { return tbl.game && tbl.game.status === "over"; }
function myTurn() { return !!tbl.game && !over() && mine().includes(tbl.game.turn) && !tbl.sent; }
function other(color) { return color === "white" ? "black" : "white"; }

export function redrawTable() { if (tbl.game) render(); }

function render() {
  const g = tbl.game;
  if (!g) return;
  const key = `${g.version}:${myTurn()}`;
  if (key !== tbl.pickerKey) { tbl.picker.reset(myTurn() ? g.legal_moves : []); tbl.pickerKey = key; }
  renderBoard();
  renderPlayers();
  renderStatus();
  renderActions();
  renderMoves();
  renderLinks();
  renderClocks();
}

function renderBoard() {
  const g = tbl.game;
  const p = tbl.picker;
  const view = { pieces: g.positions[g.positions.length - 1], last: g.moves[g.moves.length - 1] || null,
    premove: tbl.premove };
  if (p.from !== null) { view.selected = p.from; view.targets = p.targets(); view.landed = p.steps; }
  tbl.board.render(view);
}

function playerLine(color) {
  const seat = tbl.online.players[color];
  const name = seat ? seat.name : "?";
  const rating = seat ? `${seat.rating}${seat.provisional ? "?" : ""}` : "";
  const you = mine().includes(color) && mine().length === 1 ? ` (${t("player.you")})` : "";
  return { text: t("player.line", { side: t(`side.${color}`), who: name + you }), rating, seat };
}

function renderPlayers() {
  const bottom = tbl.board.flipped ? "black" : "white";
  for (const [id, color] of [["player-bottom", bottom], ["player-top", other(bottom)]]) {
    const box = $(id);
    box.dataset.color = color;
    box.classList.toggle("to-move", !over() && tbl.game.turn === color);
    const line = playerLine(color);
    const name = box.querySelector(".name");
    name.textContent = line.text;
    const r = document.createElement("a");   // the rating links to the player's page
    r.className = "rating";
    r.textContent = line.rating;
    if (line.seat) r.href = `#p=${encodeURIComponent(line.seat.name)}`;
    name.appendChild(r);
    if (line.seat && !line.seat.connected) {
      const away = document.createElement("span");
      away.className = "away";
      away.textContent = t("online.away");
      name.appendChild(away);
    }
  }
}

function renderStatus() {
  const g = tbl.game;
  const o = tbl.online;
  let status;
  if (over()) {
    const reason = g.reason_code && has(`reason.${g.reason_code}`) ? t(`reason.${g.reason_code}`, g.reason_args) : g.reason;
    status = `${g.result} — ${reason}`;
    if (o.ratings && o.ratings.white) {
      status += " · " + ["white", "black"].map((c) => `${o.players[c].name} ${o.ratings[c].before} → ${o.ratings[c].after}`).join(", ");
    }
  } else if (!mine().length) status = t("online.watching");
  else status = mine().includes(g.turn) ? t("online.your_turn") : t("online.their_turn");
  $("table-status").textContent = `${variantName(g.variant)} · ${clockText(g.time_control)} · ${t(o.rated ? "online.rated" : "online.casual")} — ${status}`;
  $("table-note").textContent = tbl.note;
}

function button(key, action, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  b.textContent = t(key);
  if (primary) b.className = "primary";
  b.addEventListener("click", () => {
    // resigning takes a second click within 4 s (the first arms the button)
    if (action === "resign" && b.dataset.armed !== "1") {
      b.dataset.armed = "1";
      b.textContent = t("online.confirm_resign");
      setTimeout(() => { b.dataset.armed = ""; b.textContent = t(key); }, 4000);
      return;
    }
    if (action === "goto") { location.hash = `g=${tbl.online.rematch_game}`; return; }
    showError(null);
    send(action);
  });
  return b;
}

function renderActions() {
  const box = $("table-actions");
  box.replaceChildren();
  const me = mine();
  if (!me.length) return;
  const g = tbl.game;
  const o = tbl.online;
  const c = me.length === 1 ? me[0] : g.turn;
  const add = (...args) => box.appendChild(button(...args));
  if (over()) {
    if (o.rematch_game) add("online.act.goto_rematch", "goto", true);
    else if (o.rematch && o.rematch !== c) { add("online.act.rematch_accept", "rematch_accept", true); add("online.act.rematch_decline", "rematch_decline"); }
    else if (!o.rematch) add("online.act.rematch", "rematch_offer");
    else box.appendChild(document.createTextNode(t("online.rematch_waiting")));
    return;
  }
  if (g.draw_offer === other(c)) { add("online.act.draw_accept", "draw_accept", true); add("online.act.draw_decline", "draw_decline"); }
  else if (g.draw_offer !== c) add("online.act.draw_offer", "draw_offer");
  if (o.takeback === other(c)) { add("online.act.takeback_accept", "takeback_accept", true); add("online.act.takeback_decline", "takeback_decline"); }
  else if (!o.takeback && g.ply > 0) add("online.act.takeback", "takeback_request");
  if (g.can_claim_draw) add("online.act.claim_rule", "draw_claim");
  tbl.claimable = claimable();
  if (tbl.claimable) {
    add("online.act.claim_win", "claim_win", true);
    add("online.act.claim_draw", "claim_draw");
  }
  add("online.act.resign", "resign");
}

// whether the other player has been away long enough during their turn to claim
function claimable() {
  const g = tbl.game;
  const o = tbl.online;
  const me = mine();
  if (!g || !o || !me.length || over()) return false;
  const c = me.length === 1 ? me[0] : g.turn;
  const away = o.players[other(c)];
  return !!away && !away.connected && g.turn === other(c)
    && away.away_ms + (performance.now() - tbl.stamp) >= o.absence_ms;
}

function renderMoves() {
  const list = $("table-moves");
  list.replaceChildren();
  const moves = tbl.game.moves;
  for (let i = 0; i < moves.length; i += 2) {
    const li = document.createElement("li");
    li.textContent = moves.slice(i, i + 2).map((m) => m.notation).join("  ");
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

function renderLinks() {
  $("watch-link").value = `${location.origin}/online#g=${tbl.gid}`;
  const links = tbl.online.seat_links || {};
  const colors = Object.keys(links);
  $("seat-link-box").hidden = colors.length === 0;
  if (colors.length) $("seat-link").value = `${location.origin}/online#seat=${links[colors[0]]}`;
  $("seat-link").onclick = () => copy($("seat-link"));
  $("watch-link").onclick = () => copy($("watch-link"));
}

function format(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const whole = Math.floor(s);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const sec = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// the clocks as the server sent them, the running one less the time since (and half the
// round trip: the state was that old when it arrived), past the delay if there is one
function renderClocks() {
  const g = tbl.game;
  if (!g) return;
  for (const id of ["player-top", "player-bottom"]) {
    const box = $(id);
    const el = box.querySelector(".clock");
    const color = box.dataset.color;
    if (!g.clocks || !color) { el.textContent = ""; continue; }
    let ms = g.clocks[color];
    const running = g.clocks.running === color && !over();
    if (running) {
      // the time since the state was made; a delay's free seconds are not counted
      const since = performance.now() - tbl.stamp + tbl.rtt / 2;
      const delay = 1000 * ((g.time_control && g.time_control.delay) || 0);
      const turn = tbl.online.turn_ms || 0;
      ms -= Math.max(0, turn + since - delay) - Math.max(0, turn - delay);
    }
    el.textContent = format(ms);
    el.classList.toggle("running", running);
    el.classList.toggle("low", running && ms < 10000);
  }
  if (claimable() !== tbl.claimable) renderActions();
}

// -- moving on the board ------------------------------------------------------------------

function play(m) {
  tbl.sent = { move: m.notation, ply: tbl.game.ply };
  tbl.picker.reset([]);
  send("move", tbl.sent);
  renderBoard();
}

function outcome(r) {
  if (r.play) { play(r.play); return; }
  if (r.choose) { choose(r.choose); return; }
  if (r.none) tbl.picker.from = null;
  renderBoard();
}

function choose(moves) {
  const box = $("table-choice");
  box.replaceChildren();
  box.hidden = false;
  box.appendChild(document.createTextNode(t("online.choose_route")));
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.long;
    b.addEventListener("click", () => { box.hidden = true; play(m); });
    box.appendChild(b);
  }
}

function onTap(sq) {
  if (!myTurn()) {
    const side = premoveSide(tbl.game, { seat });
    if (side && !tbl.sent) premoveTap(sq, side);
    return;
  }
  const p = tbl.picker;
  if (p.from !== null && p.targets().has(sq)) { outcome(p.click(sq)); return; }
  if (p.movable().has(sq)) { outcome(p.select(sq)); return; }
  p.from = null;
  p.steps = [];
  renderBoard();
}

function onPress(sq) { return myTurn() && tbl.picker.movable().has(sq); }

function onDrop(from, to) {
  if (!myTurn()) return;
  const p = tbl.picker;
  const sel = p.select(from);
  if (sel.play) { if (sel.play.to === to || sel.play.path.includes(to)) play(sel.play); return; }
  if (p.targets().has(to)) outcome(p.click(to)); else renderBoard();
}
