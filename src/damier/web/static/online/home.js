// damier web, games between people: the home view (a challenge to create, the lobby of open
// public challenges), the invite view (the link to send, waiting for the friend) and the
// challenge view (the terms of an invitation, accepted or declined). Polls the server while
// a view waits (the lobby every 3 s, an invitation every second).
import { api } from "../api.js";
import { t } from "../i18n.js";
import { $, rememberName, savedName, show, showError, termsText, variantName } from "./common.js";

let timer = null;
let wired = false;

export function stopHome() {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

function poll(fn, ms) {
  stopHome();
  fn();
  timer = setInterval(fn, ms);
}

async function fillVariants() {
  const sel = $("cf-variant");
  if (sel.options.length) return;
  const r = await api("GET", "/api/variants");
  if (!r.ok) { showError(r.data); return; }
  for (const v of r.data) sel.add(new Option(variantName(v.name), v.name));
  sel.value = "international";
}

function timeControl() {
  const choice = $("cf-clock").value;
  if (choice === "none") return null;
  if (choice !== "custom") return choice;
  return { initial: Number($("cf-minutes").value) * 60, increment: Number($("cf-increment").value),
    delay: Number($("cf-delay").value) };
}

function wire() {
  if (wired) return;
  wired = true;
  $("cf-clock").addEventListener("change", () => { $("cf-custom").hidden = $("cf-clock").value !== "custom"; });
  $("challenge-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    showError(null);
    const name = $("cf-name").value;
    const r = await api("POST", "/api/online/challenges", {
      name, variant: $("cf-variant").value, time_control: timeControl(),
      color: $("cf-color").value, rated: $("cf-rated").checked, public: $("cf-public").checked });
    if (!r.ok) { showError(r.data); return; }
    rememberName(name);
    openInvite(r.data.challenge, r.data.invite);
  });
  $("accept-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    showError(null);
    const name = $("af-name").value;
    const r = await api("POST", `/api/online/challenges/${encodeURIComponent($("accept-form").dataset.id)}/accept`, { name });
    if (!r.ok) { showError(r.data); return; }
    rememberName(name);
    location.hash = `g=${r.data.game}`;
  });
  $("af-decline").addEventListener("click", async () => {
    const r = await api("POST", `/api/online/challenges/${encodeURIComponent($("accept-form").dataset.id)}/decline`);
    if (!r.ok) { showError(r.data); return; }
    showClosed(r.data);
  });
  $("invite-copy").addEventListener("click", () => copy($("invite-link")));
}

export function copy(input) {
  input.select();
  if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => document.execCommand("copy"));
  else document.execCommand("copy");
}

export async function openHome() {
  wire();
  show("view-home");
  $("cf-name").value = $("cf-name").value || savedName();
  await fillVariants();
  poll(refreshLobby, 3000);
}

async function refreshLobby() {
  const r = await api("GET", "/api/online/challenges");
  if (!r.ok) return;
  const rows = $("lobby-rows");
  rows.replaceChildren();
  for (const c of r.data) {
    const tr = rows.insertRow();
    tr.dataset.challenge = c.id;
    tr.insertCell().textContent = c.by;
    tr.insertCell().textContent = termsText(c);
    const cell = tr.insertCell();
    const a = document.createElement("a");
    a.className = "button";
    a.href = `#c=${c.id}`;
    a.textContent = t(c.mine ? "online.lobby.yours" : "online.lobby.open");
    cell.appendChild(a);
  }
  $("lobby-table").hidden = r.data.length === 0;
  $("lobby-empty").hidden = r.data.length !== 0;
}

function openInvite(c, path) {
  show("view-invite");
  $("invite-terms").textContent = termsText(c);
  $("invite-link").value = location.origin + path;
  $("invite-status").textContent = t("online.invite.waiting");
  $("invite-cancel").onclick = async () => {
    const r = await api("POST", `/api/online/challenges/${encodeURIComponent(c.id)}/decline`);
    if (!r.ok) { showError(r.data); return; }
    stopHome();
    location.hash = "";
    openHome();
  };
  poll(async () => {
    const r = await api("GET", `/api/online/challenges/${encodeURIComponent(c.id)}`);
    if (!r.ok) return;
    if (r.data.status === "accepted") { stopHome(); location.hash = `g=${r.data.game}`; }
    else if (r.data.status !== "open") {
      stopHome();
      $("invite-status").textContent = t(`online.status.${r.data.status}`);
    }
  }, 1000);
}

function showClosed(c) {
  $("accept-form").hidden = true;
  const p = $("challenge-closed");
  p.hidden = false;
  p.textContent = t(`online.status.${c.status}`);
  if (c.status === "accepted" && c.game) {
    const a = document.createElement("a");
    a.href = `#g=${c.game}`;
    a.textContent = " " + t("online.challenge.watch");
    p.appendChild(a);
  }
}

export async function openChallenge(cid) {
  wire();
  show("view-challenge");
  $("accept-form").dataset.id = cid;
  $("accept-form").hidden = false;
  $("challenge-closed").hidden = true;
  $("af-name").value = $("af-name").value || savedName();
  const r = await api("GET", `/api/online/challenges/${encodeURIComponent(cid)}`);
  if (!r.ok) { showError(r.data); $("accept-form").hidden = true; $("challenge-terms").textContent = ""; return; }
  const c = r.data;
  $("challenge-terms").textContent = t("online.challenge.from", { name: c.by }) + " " + termsText(c);
  if (c.mine && c.status === "open") { openInvite(c, `/online#c=${c.id}`); return; }
  if (c.status !== "open") showClosed(c);
}
