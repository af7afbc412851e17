// damier web: PDN import: the dialog (text or file, and the variant of games without a
// GameType) and the report that stays beside the board afterwards: how many games were
// stored, which one is open, and each game's problems with their line numbers, in the page's
// language (from the codes of the PDN reader, see docs/pdn.md), each game a button away.
import { api } from "./api.js";
import { openGame } from "./game.js";
import { has, t } from "./i18n.js";
import { app } from "./state.js";
import { errorText, variantName } from "./view.js";

const $ = (id) => document.getElementById(id);

let report = null; // {imported, ids, titles: Map id -> title, problems: [...]}

// one problem of the reader, in the page's language ("line 14: 28-22: capture is compulsory")
export function problemText(p) {
  const args = { ...(p.args || {}) };
  if (args.variant) args.variant = variantName(args.variant);
  let text = p.message || p.error || "";
  if (p.code === "illegal_move" && args.reason && has(`illegal.${args.reason}`)) {
    text = t(`illegal.${args.reason}`, args);
  } else if (p.code === "no_gametype_guess") text = t("import.no_gametype_guess", args);
  else if (p.code && has(`pdn.${p.code}`)) text = t(`pdn.${p.code}`, args);
  const line = p.line ? t("pdn.at_line", { line: p.line, text }) : text;
  return p.severity === "warning" ? `${line} (${t("pdn.warning")})` : line;
}

function titleOf(state) {
  const tags = state.tags || {};
  return tags.White || tags.Black ? `${tags.White || "?"} – ${tags.Black || "?"}` : `#${state.id}`;
}

async function submitImport(e) {
  e.preventDefault();
  const text = $("import-text").value;
  if (!text.trim()) { $("import-msg").textContent = t("import.empty"); return; }
  const variant = $("import-variant").value;
  const url = "/api/games/import" + (variant ? `?variant=${encodeURIComponent(variant)}` : "");
  const r = await api("POST", url, text, "text/plain; charset=utf-8");
  if (!r.ok) {
    const first = (r.data.errors && r.data.errors[0]) ? ` (${problemText(r.data.errors[0])})` : "";
    $("import-msg").textContent = (r.data.code || r.data.error ? errorText(r.data) : t("import.nothing")) + first;
    return;
  }
  $("dlg-import").close();
  report = { imported: r.data.imported, ids: r.data.ids,
    titles: new Map(r.data.games.map((g) => [g.id, titleOf(g)])),
    problems: [...r.data.errors, ...(r.data.warnings || [])].sort((a, b) => a.line - b.line) };
  await openGame(r.data.ids[0]);
  renderReport();
  $("import-report").scrollIntoView({ block: "nearest" });
}

function renderReport() {
  const box = $("import-report");
  box.hidden = !report;
  if (!report) return;
  const body = $("import-report-body");
  body.innerHTML = "";
  const summary = document.createElement("p");
  summary.textContent = t("import.stored", { n: report.imported, open: 1 });
  body.appendChild(summary);
  if (!report.problems.length) {
    const clean = document.createElement("p");
    clean.textContent = t("import.clean");
    body.appendChild(clean);
    return;
  }
  const byGame = new Map();
  for (const p of report.problems) {
    if (!byGame.has(p.game)) byGame.set(p.game, []);
    byGame.get(p.game).push(p);
  }
  for (const [number, problems] of [...byGame].sort((a, b) => a[0] - b[0])) {
    const id = problems[0].id;
    const head = document.createElement("p");
    head.className = "import-game";
    head.textContent = t("import.game", { n: number, title: report.titles.get(id) || `#${id}` }) + " ";
    const open = document.createElement("button");
    open.type = "button";
    open.className = "link";
    open.textContent = t("import.open");
    open.setAttribute("aria-label", t("import.open_game", { n: number }));
    open.addEventListener("click", () => openGame(id));
    head.appendChild(open);
    const list = document.createElement("ul");
    for (const p of problems) {
      const item = document.createElement("li");
      item.className = p.severity;
      item.textContent = problemText(p);
      list.appendChild(item);
    }
    body.append(head, list);
  }
}

export function setupImport(fillVariants) {
  app.panels.push(renderReport);
  $("btn-import").addEventListener("click", () => {
    $("import-msg").textContent = "";
    const sel = $("import-variant");
    const chosen = sel.value;
    fillVariants(sel, app.variants);
    sel.insertBefore(new Option(t("import.variant_guess"), ""), sel.firstChild);
    sel.value = chosen;
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
  $("import-report-close").addEventListener("click", () => { report = null; renderReport(); });
}
