// damier web, games between people: the page's entry. It reads the address's fragment and
// shows one view: #c=<challenge> (an invitation), #g=<game> (a game, played or watched),
// #seat=<secret> (a seat link: the seat moves to this browser, and the secret is removed
// from the address at once), #p=<name> (a player), else the home view (create, lobby).
// Secrets live only in the fragment, which browsers never send to the server.
// Imports the shared i18n, the board options and the views of this folder.
import { languageMenu, startLanguage, t } from "../i18n.js";
import { api } from "../api.js";
import { applyOptions } from "../options.js";
import { openHome, openChallenge, stopHome } from "./home.js";
import { openPlayer } from "./player.js";
import { closeTable, openTable, redrawTable } from "./table.js";
import { $, showError } from "./common.js";

function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return Object.fromEntries(params.entries());
}

async function route() {
  showError(null);
  stopHome();
  closeTable();
  const f = readFragment();
  if (f.seat) {
    history.replaceState(null, "", location.pathname + location.search);
    const r = await api("POST", "/api/online/seat", { seat: f.seat });
    if (!r.ok) { showError(r.data); openHome(); return; }
    location.hash = `g=${r.data.game}`;
    return;
  }
  if (f.c) { openChallenge(f.c); return; }
  if (f.g && /^\d+$/.test(f.g)) { openTable(Number(f.g)); return; }
  if (f.p) { openPlayer(f.p); return; }
  openHome();
}

function setupLanguage() {
  languageMenu($("lang-select"), () => {
    document.title = t("online.page_title");
    redrawTable();
  });
}

async function start() {
  applyOptions();   // board colours, dark mode as chosen on the main page
  await startLanguage();
  document.title = t("online.page_title");
  setupLanguage();
  $("nav-play").addEventListener("click", (e) => { e.preventDefault(); location.hash = ""; route(); });
  window.addEventListener("hashchange", route);
  route();
}

start();
