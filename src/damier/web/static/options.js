// damier web: the board options, remembered by the browser (localStorage): coordinates
// around the board, square numbers, the board's colours (three themes), the piece set
// (pieces.js), dark mode (as the system, off, on), animated moves and sounds; and the flip of
// each game. applyOptions() sets them on the page (data-theme, data-dark on <html>); the
// board reads boardOptions(). Shared by the main page and the /online page (one key, so a
// choice made on one is seen on the other). Imports the piece sets' names.
import { DEFAULT_SET, PIECE_SETS } from "./pieces.js";

const KEY = "damier.options";
export const THEMES = ["wood", "green", "blue"];
export const DARK_MODES = ["auto", "off", "on"];
const DEFAULTS = { coords: true, numbers: true, theme: "wood", pieces: DEFAULT_SET, dark: "auto",
  animate: true, sound: true };

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "{}");
    const out = { ...DEFAULTS };
    for (const [k, v] of Object.entries(saved)) if (k in DEFAULTS && typeof v === typeof DEFAULTS[k]) out[k] = v;
    if (!THEMES.includes(out.theme)) out.theme = DEFAULTS.theme;
    if (!DARK_MODES.includes(out.dark)) out.dark = DEFAULTS.dark;
    if (!PIECE_SETS.includes(out.pieces)) out.pieces = DEFAULTS.pieces;
    return out;
  } catch (e) {
    return { ...DEFAULTS };
  }
}

export const options = load();

export function setOption(name, value) {
  options[name] = value;
  try { localStorage.setItem(KEY, JSON.stringify(options)); } catch (e) { /* private mode */ }
  applyOptions();
}

// what the board draws by: coordinates, square numbers, the piece set
export function boardOptions() {
  return { coords: options.coords, numbers: options.numbers, pieces: options.pieces };
}

export function applyOptions() {
  const root = document.documentElement;
  root.dataset.theme = options.theme;
  root.dataset.dark = options.dark;
}

// whether moves are animated: the option, unless the system asks for reduced motion
export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function animationsOn() { return options.animate && !reducedMotion(); }

// the time animations run on (ms): the document's timeline, so that an animation drawn again
// in its middle (a second copy of the same state) goes on where the first one was, even when
// the timeline runs slower than the clock (dev tools, tests)
export function animationTime() {
  const t = document.timeline && document.timeline.currentTime;
  return typeof t === "number" ? t : performance.now();
}

// the flip of game `id`: true, false, or null when never set
export function savedFlip(id) {
  try {
    const v = localStorage.getItem(`damier.flip.${id}`);
    return v === null ? null : v === "1";
  } catch (e) {
    return null;
  }
}

export function saveFlip(id, flipped) {
  try { localStorage.setItem(`damier.flip.${id}`, flipped ? "1" : "0"); } catch (e) { /* private mode */ }
}
