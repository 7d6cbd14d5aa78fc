// Sounds, off by default (the #sound box): one short tone for a move, a
// lower one for a capture, a high double one for a check. The page makes
// one AudioContext, on the first user gesture once sound is on (browsers
// keep a context made without a gesture silent), and reuses it.
"use strict";

const Sounds = (() => {
  let audio = null;
  // The state seen at the last move, to find the move just played among
  // its moves (their `captures` and `gives_check`).
  let previous = null;
  // The kind of the last sound asked for ("move", "capture", "check"), for
  // scripts.
  let last = null;

  const TONES = {
    move: [{ frequency: 520, duration: 0.06, type: "sine" }],
    capture: [{ frequency: 300, duration: 0.11, type: "triangle" }],
    check: [{ frequency: 880, duration: 0.06, type: "square" },
            { frequency: 1175, duration: 0.08, type: "square", delay: 0.09 }],
  };

  const box = () => document.getElementById("sound");
  const on = () => Boolean(box() && box().checked);

  // The page's one AudioContext (made when first needed, with sound on).
  function context() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
    return audio;
  }

  function gesture() {
    if (on()) context();
  }
  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, gesture, { capture: true, passive: true });
  }
  if (box()) box().addEventListener("change", gesture);

  // The move text without an Enochian roll ("4:h8h6Q" -> "h8h6Q").
  const bare = (text) => text.replace(/^\d:/, "");

  // What the step from `before` to `after` sounds like: "check", "capture",
  // "move", or null when it is not one move played.
  function kindOf(before, after) {
    if (!after || !after.board) return null;
    const moves = (after.moves || []).filter((m) => !m.endsWith(":"));
    const earlier = before ? (before.moves || []).filter((m) => !m.endsWith(":")) : null;
    if (!moves.length || (earlier && earlier.length >= moves.length)) return null;
    const played = bare(moves[moves.length - 1]);
    const info = earlier && earlier.length === moves.length - 1 && before.board
      ? (before.board.moves || []).find((m) => m.text === played) : null;
    const check = (after.board.check && after.board.check.length > 0) || Boolean(info && info.gives_check);
    if (check) return "check";
    const fewer = before && before.board && after.board.pieces.length < before.board.pieces.length;
    if ((info && info.captures && info.captures.length) || fewer) return "capture";
    return "move";
  }

  function tone(spec) {
    const start = audio.currentTime + (spec.delay || 0);
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = spec.type;
    oscillator.frequency.value = spec.frequency;
    gain.gain.setValueAtTime(0.06, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + spec.duration);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(start + spec.duration + 0.02);
  }

  // A new state whose move list changed: sounds its last move.
  function moved(current) {
    const kind = kindOf(previous, current);
    previous = current;
    if (!kind) return;
    last = kind;
    if (!on() || !context()) return;
    for (const spec of TONES[kind]) tone(spec);
  }

  // A state drawn (every state, moved or not): the one the next move
  // starts from.
  function observe(current) {
    previous = current;
  }

  return { moved, observe, kindOf, get last() { return last; } };
})();
