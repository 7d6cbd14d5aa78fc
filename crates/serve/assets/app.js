// Augur's board page. The server (augur serve) owns the game: it sends the
// position, the legal moves (move text) and the result; this page draws
// them, highlights the targets of a picked piece among the legal moves, and
// never decides legality itself.
"use strict";

const GLYPHS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙",
                 k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
// Ultima: one distinct glyph per kind (the position string's letters).
const ULTIMA = { k: ["♚", "King"], q: ["⇠", "Withdrawer"], r: ["✚", "Coordinator"],
                 n: ["↟", "Long leaper"], b: ["◈", "Chameleon"], p: ["●", "Pincer"],
                 m: ["⊗", "Immobilizer"] };
// What each field of a game's position string says (protocol.md), shown
// beside the board: Oracle chess's earth and underworld pools, Enochian
// chess's direction, frozen armies, control and die, and so on.
const FIELDS = {
  chess: ["Board", "To move", "Castling", "En passant", "Half-moves", "Move"],
  ultima: ["Board", "To move", "Plies"],
  oracle: ["Board", "Earth", "Underworld", "To move", "Quiet plies", "Round"],
  enochian: ["Board", "Army to move", "Direction", "Frozen armies", "Control", "Die"],
};
// Where the pointer was last (a drag may end over a square redrawn since).
const lastPointer = { x: 0, y: 0 };
document.addEventListener("pointermove", (event) => {
  lastPointer.x = event.clientX;
  lastPointer.y = event.clientY;
});
document.addEventListener("pointerdown", (event) => {
  lastPointer.x = event.clientX;
  lastPointer.y = event.clientY;
});

// Enochian chess: each army's throne (its King's home square).
const THRONES = { a8: "y", h8: "b", h1: "r", a1: "k" };
const $ = (id) => document.getElementById(id);
let socket = null;
let state = null;
let picked = null;
let flipped = false;
let busy = false;
// Set when the person moves: the engine answers the next state.
let answerNext = false;
// Watching: the engine plays both sides, the first side at "Engine level",
// the second at "Second engine".
let watching = false;
// The person resigned this game (the page's own record; the engine's game
// goes on only if a new one is not started).
let resigned = false;
let previousPieces = new Map();

// A short click for each move, when sound is on.
function beep() {
  if (!$("sound").checked || !window.AudioContext) return;
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  gain.gain.value = 0.05;
  tone.frequency.value = 660;
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.06);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => { $("status").textContent = "disconnected from the engine"; };
}

// The squares a move text names, in order (e.g. "e2e4" -> ["e2", "e4"]).
function squaresOf(text) {
  return text.match(/[a-h][1-8]/g) || [];
}

function receive(message) {
  if (message.type === "state") {
    const grew = state && message.moves.length !== state.moves.length;
    state = message;
    if (grew) beep();
    busy = false;
    picked = null;
    render();
    const over = state.board.result || resigned;
    const enginesTurn = $("engine-plays").checked && !personSides().includes(state.board.to_move);
    if (watching && !over) {
      answerNext = false;
      engineMove(state.moves.length % 2 === 1 ? $("level-b").value : $("level").value);
    } else if ((answerNext || enginesTurn) && !over) {
      answerNext = false;
      engineMove();
    }
    answerNext = false;
  } else if (message.type === "engine_move") {
    $("status").textContent = "";
  } else if (message.type === "analysis") {
    const match = / score (cp -?\d+|mate -?\d+)/.exec(message.info);
    $("score").textContent = match ? match[1] : "-";
    showEvaluation(match ? match[1] : null);
    showArrow(message.bestmove);
    $("lines").replaceChildren(...(message.lines || []).map((line) => {
      const item = document.createElement("li");
      item.textContent = `${line.score}: ${line.pv}`;
      return item;
    }));
    busy = false;
  } else if (message.type === "export") {
    $("pgn").value = message.pgn;
  } else if (message.type === "error") {
    $("status").textContent = `error: ${message.message}`;
    busy = false;
    answerNext = false;
  }
}

function engineMove(levelOverride) {
  if (busy) {
    answerNext = true; // Asked while a reply is pending: move after it.
    return;
  }
  busy = true;
  $("status").textContent = "engine thinking…";
  const level = typeof levelOverride === "string" ? levelOverride : $("level").value;
  send({ type: "engine", movetime: Number($("movetime").value) || 500,
         elo: level === "" ? null : Number(level) });
}

function render() {
  const board = state.board;
  const pieces = new Map(board.pieces.map((p) => [p.square, p.piece]));
  const frozen = new Set(board.frozen || []);
  const grid = $("board");
  grid.replaceChildren();
  const lastSquares = state.moves.length ? squaresOf(state.moves[state.moves.length - 1]) : [];
  // Pieces gone since the last drawing (captures, Ultima's removals) get a
  // short visible cue on their squares.
  const vanished = new Set([...previousPieces.keys()].filter((sq) => !pieces.has(sq)
    && !lastSquares.includes(sq)));
  const targets = new Set(picked ? board.legal.filter((m) => squaresOf(m)[0] === picked)
    .map((m) => squaresOf(m)[1]).filter(Boolean) : []);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const file = flipped ? 7 - col : col;
      const rank = flipped ? row : 7 - row;
      const name = "abcdefgh"[file] + (rank + 1);
      const cell = document.createElement("div");
      cell.className = `square ${(file + rank) % 2 ? "light" : "dark"}`;
      cell.dataset.square = name;
      if (name === picked) cell.classList.add("picked");
      if (targets.has(name)) cell.classList.add("target");
      if (lastSquares.includes(name)) cell.classList.add("last");
      if (frozen.has(name)) cell.classList.add("frozen");
      if (vanished.has(name)) cell.classList.add("captured");
      if (state.variant === "enochian" && THRONES[name]) {
        cell.classList.add("throne", `throne-${THRONES[name]}`);
        cell.title = "throne";
      }
      const piece = pieces.get(name);
      if (piece) {
        const span = document.createElement("span");
        span.dataset.piece = piece;
        const ultima = state.variant === "ultima" ? ULTIMA[piece.toLowerCase()] : null;
        const glyph = state.variant === "chess" ? GLYPHS[piece] : ultima ? ultima[0] : null;
        if (ultima) span.title = ultima[1];
        if (glyph) {
          span.className = `piece ${piece === piece.toUpperCase() ? "white" : "black"}`;
        } else if (state.variant === "enochian") {
          // Army letter first: y(ellow), b(lue), r(ed), k (black).
          span.className = `piece other army-${piece[0]}`;
        } else {
          span.className = `piece other ${piece[0] === piece[0].toUpperCase() ? "white" : "black"}`;
        }
        span.textContent = glyph || (state.variant === "enochian" ? piece.slice(1) : piece);
        cell.appendChild(span);
      }
      // Click-click (press and release on one square, then on another) and
      // drag (press on a piece, release on a target) both end in clicked().
      cell.addEventListener("pointerdown", (event) => {
        event.preventDefault();
        clicked(name);
      });
      cell.addEventListener("pointerup", () => {
        const over = document.elementFromPoint(lastPointer.x, lastPointer.y);
        const target = over && over.closest("[data-square]");
        if (picked && target && target.dataset.square !== picked) clicked(target.dataset.square);
      });
      grid.appendChild(cell);
    }
  }
  previousPieces = pieces;
  showArrow(null);
  const listed = board.pieces.length > 0;
  $("diagram").hidden = listed;
  $("diagram").textContent = listed ? "" : board.diagram;
  $("to-move").textContent = board.to_move;
  const labels = FIELDS[state.variant] || [];
  $("fields").replaceChildren(...board.position.split(" ").slice(1).flatMap((value, i) => {
    const term = document.createElement("dt");
    term.textContent = labels[i + 1] || `Field ${i + 2}`;
    const detail = document.createElement("dd");
    detail.textContent = value;
    detail.dataset.field = term.textContent;
    return [term, detail];
  }));
  $("legend").hidden = state.variant !== "ultima";
  $("legend").replaceChildren(...Object.values(ULTIMA).map(([g, n]) => {
    const item = document.createElement("li");
    item.textContent = `${g} ${n}`;
    return item;
  }));
  const moves = $("moves");
  moves.replaceChildren(...state.moves.map((m) => {
    const li = document.createElement("li");
    li.textContent = m;
    return li;
  }));
  const legal = $("legal");
  legal.replaceChildren(...board.legal.map((m) => {
    const option = document.createElement("option");
    option.value = m;
    option.textContent = m;
    return option;
  }));
  $("status").textContent = board.result
    ? `${board.result.winner ? board.result.winner + " wins" : "Draw"} (${board.result.reason})`
    : resigned ? "You resigned" : "";
  $("position-text").value = state.start || "";
  $("moves-text").value = state.moves.join(" ");
  $("chooser").hidden = true;
}

// The eval bar: the side to move's share, 50% for equality (a logistic
// curve of the centipawn score; a mate fills or empties it).
function showEvaluation(score) {
  let share = 50;
  if (score) {
    const [kind, value] = score.split(" ");
    const n = Number(value);
    share = kind === "mate" ? (n > 0 ? 100 : 0) : 100 / (1 + Math.exp(-n / 250));
  }
  $("eval-fill").style.width = `${share.toFixed(1)}%`;
}

// The best move as an arrow over the board (cleared by the next drawing).
function showArrow(move) {
  const squares = squaresOf(move || "");
  $("arrows").querySelectorAll("line").forEach((line) => line.remove());
  if (squares.length < 2) return;
  const point = (sq) => {
    const file = sq.charCodeAt(0) - 97;
    const rank = Number(sq[1]) - 1;
    return flipped ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
  };
  const [x1, y1] = point(squares[0]);
  const [x2, y2] = point(squares[1]);
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.id = "best-arrow";
  line.dataset.move = move;
  for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, v);
  line.setAttribute("stroke", "rgba(30,120,40,.75)");
  line.setAttribute("stroke-width", "0.15");
  line.setAttribute("marker-end", "url(#head)");
  $("arrows").appendChild(line);
}

function clicked(square) {
  if (!state || busy || state.board.result || resigned) return;
  const legal = state.board.legal;
  if (picked) {
    const matches = legal.filter((m) => {
      const s = squaresOf(m);
      return s[0] === picked && s[1] === square;
    });
    if (matches.length === 1) return play(matches[0]);
    if (matches.length > 1) return choose(matches);
  }
  picked = legal.some((m) => squaresOf(m)[0] === square) ? square : null;
  render();
}

// Several moves share one pair of squares (promotions, Oracle's kinds of
// move): a small chooser lists them by their move text.
function choose(moves) {
  const chooser = $("chooser");
  chooser.replaceChildren(...moves.map((m) => {
    const button = document.createElement("button");
    button.textContent = m;
    button.dataset.move = m;
    button.addEventListener("click", () => play(m));
    return button;
  }));
  chooser.hidden = false;
}

// The sides the person plays: a team (White or Black), or in Enochian
// chess the team's two armies (Blue and Black move first, then Yellow and
// Red).
function personSides() {
  return $("side").value === "first" ? ["White", "blue", "black"] : ["Black", "yellow", "red"];
}

function play(move) {
  picked = null;
  busy = true;
  send({ type: "move", move });
}

function newGame() {
  busy = true;
  resigned = false;
  previousPieces = new Map();
  send({ type: "new", variant: $("variant").value });
}

$("new-game").addEventListener("click", newGame);
$("resign").addEventListener("click", () => {
  if (!state || state.board.result) return;
  resigned = true;
  watching = false;
  $("status").textContent = "You resigned";
});
$("variant").addEventListener("change", newGame);
$("undo").addEventListener("click", () => {
  // With the engine answering, take back its move and the person's.
  const plies = $("engine-plays").checked && state && state.moves.length >= 2 ? 2 : 1;
  send({ type: "undo", plies });
});
$("engine-move").addEventListener("click", () => engineMove());
$("watch").addEventListener("click", () => {
  watching = !watching;
  $("watch").textContent = watching ? "Stop watching" : "Watch";
  if (watching && state && !state.board.result) {
    engineMove(state.moves.length % 2 === 1 ? $("level-b").value : $("level").value);
  }
});
$("analyse").addEventListener("click", () => {
  busy = true;
  $("score").textContent = "-";
  send({ type: "analyse", depth: 12 });
});
$("flip").addEventListener("click", () => { flipped = !flipped; if (state) render(); });
$("play-selected").addEventListener("click", () => { const m = $("legal").value; if (m) play(m); });
$("export").addEventListener("click", () => {
  $("pgn").value = "";
  send({ type: "export" });
});
$("load").addEventListener("click", () => {
  const position = $("position-text").value.trim();
  const moves = $("moves-text").value.trim().split(/\s+/).filter(Boolean);
  previousPieces = new Map(); // A loaded game is not a capture.
  send({ type: "new", variant: $("variant").value, position: position || null, moves });
});
connect();
