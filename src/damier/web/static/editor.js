// damier web: the position editor. Place and remove pieces on the board of any variant,
// choose the side to move, copy or paste a FEN, then start a game from the position.
// The FEN is written from the square labels; the server checks it (POST /api/position).
import { api } from "./api.js";
import { fillVariants, openNewGame } from "./dialogs.js";
import { t } from "./i18n.js";
import { options } from "./options.js";
import { pieceIcon } from "./pieces.js";
import { variantInfo } from "./state.js";
import { errorText, render } from "./view.js";

const $ = (id) => document.getElementById(id);

export class Editor {
  constructor(app) {
    this.app = app;
    this.active = false;
    this.info = null;
    this.pieces = "";
    $("btn-editor").addEventListener("click", () => (this.active ? this.close() : this.open()));
    $("editor-done").addEventListener("click", () => this.close());
    $("editor-clear").addEventListener("click", () => { this.pieces = ".".repeat(this.info.squares.length); this.update(); });
    $("editor-start").addEventListener("click", () => { this.pieces = this.info.start_pieces; $("editor-turn").value = this.info.first_player === "white" ? "W" : "B"; this.update(); });
    $("editor-turn").addEventListener("change", () => this.update());
    $("editor-variant").addEventListener("change", async (e) => {
      await this.load(e.target.value);
      this.pieces = this.info.start_pieces;
      this.update();
    });
    $("editor-apply").addEventListener("click", () => this.applyFen($("editor-fen").value));
    $("editor-copy").addEventListener("click", () => this.copy());
    $("editor-play").addEventListener("click", () => this.play());
    this.drawPalette();
  }

  // a picture of each piece beside its name in the palette, in the chosen piece set
  drawPalette() {
    for (const input of document.querySelectorAll('#palette input[name="tool"]')) {
      const label = input.parentElement;
      label.querySelector(".piece-icon")?.remove();
      if (input.value !== ".") input.after(pieceIcon(input.value, options.pieces));
    }
  }

  async load(name) {
    this.info = await variantInfo(name);
    this.app.board.setVariant(this.info);
  }

  async open() {
    const app = this.app;
    const g = app.game;
    this.active = true;
    $("btn-editor").setAttribute("aria-pressed", "true");
    $("editor").hidden = false;
    document.body.classList.add("editing");
    const sel = $("editor-variant");
    fillVariants(sel, app.variants);
    const variant = g ? g.variant : "international";
    sel.value = variant;
    await this.load(variant);
    this.pieces = g ? g.positions[app.viewPly] : this.info.start_pieces;
    const turn = g ? ((app.viewPly % 2 === 0) === (g.start_fen[0] === "W") ? "W" : "B") : "W";
    $("editor-turn").value = turn;
    this.update();
    render();
  }

  close() {
    this.active = false;
    $("btn-editor").setAttribute("aria-pressed", "false");
    $("editor").hidden = true;
    document.body.classList.remove("editing");
    const app = this.app;
    if (app.game) {
      variantInfo(app.game.variant).then((info) => {
        app.info = info;
        app.board.setVariant(info);
        render();
      });
    }
  }

  tool() {
    return document.querySelector('input[name="tool"]:checked').value;
  }

  // the row on which a man of `color` ("w" or "b") is crowned: the edge row on the side
  // where the other colour's men start
  crowningRow(color) {
    const rows = (c) => this.info.squares.filter((_, i) => this.info.start_pieces[i] === c)
      .map((s) => s.row);
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const own = mean(rows(color));
    const other = mean(rows(color === "w" ? "b" : "w"));
    return own > other ? 0 : this.info.size - 1;
  }

  tap(number) {
    const sq = this.app.board.squares.get(number);
    if (!sq) return;
    let tool = this.tool();
    const cur = this.pieces[sq.index];
    // a man cannot stand on its own crowning row: placed there, it is a king
    const crowned = (tool === "w" || tool === "b") && sq.row === this.crowningRow(tool);
    if (crowned) tool = tool.toUpperCase();
    const next = cur === tool && !crowned ? "." : tool;
    this.pieces = this.pieces.slice(0, sq.index) + next + this.pieces.slice(sq.index + 1);
    this.update();
    if (crowned) $("editor-msg").textContent = t("editor.crowned", { square: sq.label });
  }

  fen() {
    const white = [];
    const black = [];
    this.info.squares.forEach((sq, i) => {
      const p = this.pieces[i];
      if (p === "w") white.push(sq.label);
      else if (p === "W") white.push("K" + sq.label);
      else if (p === "b") black.push(sq.label);
      else if (p === "B") black.push("K" + sq.label);
    });
    return `${$("editor-turn").value}:W${white.join(",")}:B${black.join(",")}`;
  }

  update() {
    $("editor-fen").value = this.fen();
    $("editor-msg").textContent = "";
    this.render();
  }

  render() {
    this.app.board.render({ pieces: this.pieces });
  }

  async applyFen(text) {
    const r = await api("POST", "/api/position", { variant: this.info.name, fen: text });
    if (!r.ok) { $("editor-msg").textContent = errorText(r.data); return; }
    this.pieces = r.data.pieces;
    $("editor-turn").value = r.data.turn === "white" ? "W" : "B";
    this.update();
  }

  async copy() {
    const input = $("editor-fen");
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
      $("editor-msg").textContent = t("editor.copied");
    } catch (e) {
      document.execCommand && document.execCommand("copy");
    }
  }

  async play() {
    const fen = this.fen();
    const check = await api("POST", "/api/position", { variant: this.info.name, fen });
    if (!check.ok) { $("editor-msg").textContent = errorText(check.data); return; }
    const variant = this.info.name;
    this.close();
    openNewGame({ variant, fen: check.data.fen });
  }
}
