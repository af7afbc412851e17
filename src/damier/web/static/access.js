// damier web: what the board says to a screen reader: the name of each square in the
// variant's notation ("c3, white man, can move") and the announcements of an aria-live
// region (each move played, a premove set or cancelled). Draws nothing else and changes no
// state. Imports only the languages module.
import { t } from "./i18n.js";

const PIECES = { w: "a11y.white_man", W: "a11y.white_king", b: "a11y.black_man", B: "a11y.black_king" };

// the accessible name of a square: its label, what stands on it, and what a tap on it does
export function describeSquare(label, piece, flags) {
  const parts = [label, t(PIECES[piece] || "a11y.empty")];
  if (flags.selected) parts.push(t("a11y.selected"));
  else if (flags.target) parts.push(t("a11y.target"));
  else if (flags.movable) parts.push(t("a11y.movable"));
  if (flags.premove) parts.push(t("a11y.premove"));
  return parts.join(", ");
}

// say `text` through the polite live region under the board (the same text twice is said
// twice: the region is emptied first)
export function announce(text) {
  const region = document.getElementById("board-live");
  if (!region) return;
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 30);
}
