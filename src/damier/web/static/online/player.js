// damier web, games between people: a player's page (#p=<name>): the ratings by variant and
// the games played on this server, each a link to the game.
import { api } from "../api.js";
import { t } from "../i18n.js";
import { $, show, showError, variantName } from "./common.js";

export async function openPlayer(name) {
  show("view-player");
  const r = await api("GET", `/api/online/players/${encodeURIComponent(name)}`);
  const ratings = $("player-ratings").tBodies[0];
  const games = $("player-games").tBodies[0];
  ratings.replaceChildren();
  games.replaceChildren();
  if (!r.ok) { showError(r.data); $("player-name").textContent = name; return; }
  const p = r.data;
  $("player-name").textContent = p.name;
  for (const [variant, rating] of Object.entries(p.ratings)) {
    const tr = ratings.insertRow();
    tr.insertCell().textContent = variantName(variant);
    tr.insertCell().textContent = `${rating.rating}${rating.provisional ? "?" : ""} ±${rating.deviation}`;
    tr.insertCell().textContent = t("online.player.rated_games", { n: rating.games });
  }
  for (const g of p.games) {
    const tr = games.insertRow();
    const a = document.createElement("a");
    a.href = `#g=${g.id}`;
    a.textContent = t("online.player.against", { name: g.opponent });
    tr.insertCell().appendChild(a);
    tr.insertCell().textContent = t(`side.${g.color}`);
    tr.insertCell().textContent = variantName(g.variant);
    tr.insertCell().textContent = g.result || t("online.player.playing");
    tr.insertCell().textContent = g.rating ? `${g.rating.before} → ${g.rating.after}` : t(g.rated ? "online.rated" : "online.casual");
  }
}
