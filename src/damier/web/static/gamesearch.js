// damier web: game search, inside the Explorer panel. A form asks the explorer's game
// database for games by player, event, dates and result (GET /api/explorer/search), or for
// the games that reached the position on view; the answer is a page of games, newest first,
// with "more" for the next page. A game opens as a finished record on the board at the ply
// where it matches (POST /api/explorer/games/{id}/open?ply=N, then goTo). Imports the API
// client, the languages, the state, the tree and the game modules.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { goTo, setGame } from "./game.js";
import { app } from "./state.js";
import { viewedPosition } from "./tree.js";
import { errorText, sayError } from "./view.js";

const $ = (id) => document.getElementById(id);
const PER_PAGE = 20;

const search = { query: null, page: 1, games: [], total: 0, building: null };

function formQuery() {
  const q = {};
  for (const name of ["player", "event", "from", "to", "result"]) {
    const value = $(`search-${name}`).value.trim();
    if (value) q[name] = value;
  }
  return q;
}

async function run(query, page) {
  const params = new URLSearchParams({ ...query, page: String(page), per_page: String(PER_PAGE) });
  if (app.game) params.set("variant", app.game.variant);
  $("search-status").textContent = t("search.loading");
  const r = await api("GET", `/api/explorer/search?${params}`);
  if (!r.ok) {
    $("search-status").textContent = errorText(r.data);
    return;
  }
  search.query = query;
  search.page = page;
  search.total = r.data.total;
  search.building = r.data.building || null;   // the default games still being imported
  search.games = page === 1 ? r.data.games : search.games.concat(r.data.games);
  show();
}

function show() {
  const count = search.total ? t("search.count", { total: search.total }) : t("search.none");
  // while the default games import, a count is partial: the page says so beside it
  const b = search.building;
  $("search-status").textContent = b
    ? `${count} · ${t("explorer.building", { done: b.done, total: b.total })}` : count;
  const list = $("search-games");
  list.innerHTML = "";
  for (const game of search.games) {
    const item = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "link";
    b.dataset.game = String(game.id);
    if (game.ply !== null && game.ply !== undefined) b.dataset.ply = String(game.ply);
    b.textContent = `${game.white} – ${game.black} ${game.result}`;
    item.appendChild(b);
    const where = [game.event, game.date].filter((x) => x && x !== "?").join(", ");
    if (where) item.append(` (${where})`);
    list.appendChild(item);
  }
  $("search-more").hidden = search.games.length >= search.total;
}

// the FEN of the position on view, if the page knows it
function viewedFen() {
  const pos = viewedPosition();
  if (pos.fen) return pos.fen;
  const b = app.browse;
  return b && b.id === pos.id && b.fen ? b.fen : null;
}

async function openAt(id, ply) {
  const query = ply === undefined ? "" : `?ply=${encodeURIComponent(ply)}`;
  const r = await api("POST", `/api/explorer/games/${id}/open${query}`);
  if (!r.ok) { sayError(r.data); return; }
  await setGame(r.data, "open");
  if (r.data.view_ply !== undefined) goTo(r.data.view_ply);
}

export function setupGameSearch() {
  $("search-form").addEventListener("submit", (e) => {
    e.preventDefault();
    run(formQuery(), 1);
  });
  $("search-position").addEventListener("click", () => {
    const fen = viewedFen();
    if (fen) run({ ...formQuery(), fen }, 1);
  });
  $("search-more").addEventListener("click", () => {
    if (search.query) run(search.query, search.page + 1);
  });
  $("search-games").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-game]");
    if (b) openAt(b.dataset.game, b.dataset.ply);
  });
}
