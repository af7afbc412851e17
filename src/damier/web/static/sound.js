// damier web: the sounds of moves and captures, made with the Web Audio API (no sound files):
// a short wooden knock for a move, a double knock for a capture. Muted by the "sound" option.
// The audio starts on the first click or key of the page (browsers allow no sound before).
// played(kind) is recorded in `log` (the last few) so that tests can see what was played.
import { options } from "./options.js";

let ctx = null;
export const log = [];

export function unlockAudio() {
  if (ctx || !(window.AudioContext || window.webkitAudioContext)) return;
  ctx = new (window.AudioContext || window.webkitAudioContext)();
}

function knock(at, pitch, gain) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(pitch, at);
  osc.frequency.exponentialRampToValueAtTime(pitch * 0.55, at + 0.08);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + 0.12);
}

// play the sound of a move ("move") or a capture ("capture")
export function playSound(kind) {
  if (!options.sound) return;
  log.push(kind);
  if (log.length > 20) log.shift();
  if (!ctx) return;
  const now = ctx.currentTime + 0.01;
  if (kind === "capture") {
    knock(now, 520, 0.35);
    knock(now + 0.07, 380, 0.3);
  } else {
    knock(now, 300, 0.3);
  }
}
