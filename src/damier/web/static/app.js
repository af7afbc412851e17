// damier web: the page's entry module. Builds the board, the editor, the controls and the
// dialogs, then opens the game named in the address (or the last one, or a new one against
// the engine). The server is the only source of legal moves and results. No build step:
// plain ES modules, imported one way (this module imports; none imports it):
//   app -> controls, dialogs, editor, review, puzzles, explorer, gamesearch, moving -> game -> analysis,
//   view -> engines -> state -> api, play
//   board (the SVG board) and access (its spoken names) are imported by app only (moving and
//   game use access to announce); premove (premoves) by moving; i18n by any of them.
import { describeSquare } from "./access.js";
import { setupAnalysis } from "./analysis.js";
import { api } from "./api.js";
import { BoardView } from "./board.js";
import { setupControls } from "./controls.js";
import { setupDialogs } from "./dialogs.js";
import { setupExplorer } from "./explorer.js";
import { setupGameSearch } from "./gamesearch.js";
import { Editor } from "./editor.js";
import { loadEngines } from "./engines.js";
import { startLanguage } from "./i18n.js";
import { openGame, setGame, startClocks } from "./game.js";
import { cancelPremove, onDrop, onPress, onTap, setupMoving } from "./moving.js";
import { applyOptions, boardOptions } from "./options.js";
import { setupPuzzles } from "./puzzles.js";
import { setupReview } from "./review.js";
import { unlockAudio } from "./sound.js";
import { app } from "./state.js";
import { sayError } from "./view.js";

async function start() {
  applyOptions();
  await startLanguage();
  app.board = new BoardView(document.getElementById("board"),
    { onTap, onPress, onDrop, onContext: cancelPremove, describe: describeSquare });
  app.board.setOptions(boardOptions());
  for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, unlockAudio, { once: true });
  app.editor = new Editor(app);
  const r = await api("GET", "/api/variants");
  app.variants = r.ok ? r.data : [];
  await loadEngines();
  setupAnalysis();
  setupControls();
  setupDialogs();
  setupMoving();
  setupReview();
  setupPuzzles();
  setupExplorer();
  setupGameSearch();
  startClocks();
  window.addEventListener("hashchange", () => {
    const m = /game=(\d+)/.exec(location.hash);
    if (m && (!app.game || String(app.game.id) !== m[1])) openGame(m[1]);
  });
  const fromHash = /game=(\d+)/.exec(location.hash);
  const id = fromHash ? fromHash[1] : localStorage.getItem("damier.game");
  if (id && await openGame(id)) return;
  // a first visit opens the newest game with nothing in it, if there is one, rather than
  // saving yet another empty game
  const recent = await api("GET", "/api/games?limit=20");
  const empty = recent.ok && recent.data.games.find((g) => g.untouched && g.status === "playing"
    && g.variant === "international" && g.white === "human" && g.black === "engine");
  if (empty && await openGame(empty.id)) return;
  const created = await api("POST", "/api/games", { variant: "international", white: "human",
    black: "engine", level: 3, wait: false });
  if (created.ok) await setGame(created.data, "open");
  else sayError(created.data);
}

window.damier = app;
start();
