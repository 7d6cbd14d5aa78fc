// Augur's board page. The server (augur serve) owns the game: it sends the
// position, the legal moves (move text), the clocks and the result; this
// page draws them, highlights the targets of a picked piece among the legal
// moves, and never decides legality itself.
"use strict";

const GLYPHS = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙",
                 k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };
// Ultima: one distinct glyph per kind (the position string's letters).
const ULTIMA = { k: ["♚", "King"], q: ["⇠", "Withdrawer"], r: ["✚", "Coordinator"],
                 n: ["↟", "Long leaper"], b: ["◈", "Chameleon"], p: ["●", "Pincer"],
                 m: ["⊗", "Immobilizer"] };
// Oracle chess: bodies drawn as the chess piece they move like; the souls a
// body hosts are written under it unless it hosts just its own.
const ORACLE = { l: ["♚", "Lord"], p: ["♛", "Priestess"], c: ["♜", "Chariot"],
                 e: ["♝", "Elephant"], h: ["♞", "Horse"], s: ["♟", "Soldier"] };
const SOUL_NAMES = { l: "Lord", c: "Chariot", e: "Elephant", h: "Horse", s: "Soldier" };
// Enochian chess: each army's team, and what a roll of the die asks for.
const ARMIES = ["yellow", "blue", "red", "black"];
const ARMY_TEAM = { yellow: "RedYellow", red: "RedYellow", blue: "BlueBlack", black: "BlueBlack" };
const ARMY_LETTER = { y: "Yellow", b: "Blue", r: "Red", k: "Black" };
const DIE = { 1: "King", 2: "Knight", 3: "Bishop", 4: "Queen", 5: "Rook", 6: "pawn" };
// Each field of a game's position string (protocol.md), labelled and put
// in words beside the board.
const FIELDS = {
  chess: ["Board", "To move", "Castling", "En passant", "Half-moves", "Move"],
  ultima: ["Board", "To move", "Plies"],
  oracle: ["Board", "Earth", "Underworld", "To move", "Quiet plies", "Round"],
  enochian: ["Board", "Army to move", "Direction", "Frozen armies", "Control", "Die"],
};
// Enochian chess: each army's throne (its King's home square).
const THRONES = { a8: "y", h8: "b", h1: "r", a1: "k" };
const $ = (id) => document.getElementById(id);

// Where the pointer was last (a drag may end over a square redrawn since).
const lastPointer = { x: 0, y: 0 };
for (const kind of ["pointermove", "pointerdown"]) {
  document.addEventListener(kind, (event) => {
    lastPointer.x = event.clientX;
    lastPointer.y = event.clientY;
  });
}

let socket = null;
let state = null;
// When the last state arrived (the clocks count down from it).
let stateTime = 0;
let picked = null;
let flipped = false;
let busy = false;
// Set when the person moves: the engine answers the next state.
let answerNext = false;
// Watching: the engine plays both sides, the first side at "Engine level",
// the second at "Second engine".
let watching = false;
// Analysing: an endless analysis runs, restarted after every move.
let analysing = false;
let previousPieces = new Map();
let flagSent = false;
// Whether the person has typed in the import fields since the last new game
// or load (then replies do not overwrite them).
let importEdited = false;

// A short tone for each move (capture and check sound otherwise), when
// sound is on (sound.js).
function beep() {
  Sounds.moved(state);
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
  return text.replace(/^\d:/, "").match(/[a-h][1-8]/g) || [];
}

// --- Sides -----------------------------------------------------------------

// The sides the person plays, as the board names the side to move: a team
// (White or Black), or in Enochian chess the armies marked "person".
function personSides() {
  if (state && state.variant === "enochian") {
    return ARMIES.filter((army) => $(`army-${army}`).value === "person");
  }
  return $("side").value === "first" ? ["White"] : ["Black"];
}

// The team a side (a team or an Enochian army) belongs to.
function teamOf(side) {
  return ARMY_TEAM[side] || side;
}

// Whether the person plays any side of `team`.
function personPlaysTeam(team) {
  return personSides().some((side) => teamOf(side) === team);
}

// The other team than the one to move (the one that answers an offer).
function otherTeam() {
  return state.board.teams.find((team) => team !== state.board.team);
}

// The side-choice controls: "Play as" sets the Enochian armies too (the
// first team is Blue and Black, the second Yellow and Red).
function sideChanged() {
  const first = $("side").value === "first";
  for (const army of ARMIES) {
    const mine = (ARMY_TEAM[army] === "BlueBlack") === first;
    $(`army-${army}`).value = mine ? "person" : "engine";
  }
}

function gameOver() {
  return Boolean(state && (state.board.result || state.over));
}

function enginesTurn() {
  return $("engine-plays").checked && !personSides().includes(state.board.to_move);
}

// --- Messages from the server ----------------------------------------------

function receive(message) {
  if (message.type === "state") {
    const grew = state && message.moves.length !== state.moves.length;
    // A state that leaves the board as it was (a second "new game" answered
    // just after the first, a clock update) keeps the piece picked.
    const unchanged = state && !grew && message.board.position === state.board.position;
    state = message;
    stateTime = performance.now();
    flagSent = false;
    if (grew) beep();
    busy = false;
    if (!unchanged || !message.board.legal.some((m) => squaresOf(m)[0] === picked)) picked = null;
    render();
    afterState();
  } else if (message.type === "engine_move") {
    $("status").textContent = "";
  } else if (message.type === "analysis") {
    showAnalysis(message);
    if (message.final) {
      busy = false;
      if (!analysing) $("analyse").textContent = "Analyse";
    }
  } else if (message.type === "export") {
    $("pgn").value = message.pgn;
  } else if (message.type === "exchange_offer") {
    $("offer-text").textContent =
      `${capitalise(state.board.to_move)} offers an exchange of prisoners: both frozen armies revive and each team's taken King returns.`;
    $("offer-dialog").hidden = false;
  } else if (message.type === "exchange_declined") {
    $("notice").textContent = "The exchange of prisoners was declined.";
  } else if (message.type === "error") {
    $("status").textContent = `error: ${message.message}`;
    busy = false;
    answerNext = false;
  }
}

// What happens once a new state is drawn: the engine's turn, a lost turn,
// the analysis restarted.
function afterState() {
  const board = state.board;
  if (gameOver() || state.offer) {
    answerNext = false;
    watching = watching && !gameOver();
    $("watch").textContent = watching ? "Stop watching" : "Watch";
    return;
  }
  if (watching) {
    answerNext = false;
    engineMove(watchLevel());
  } else if (answerNext || enginesTurn()) {
    answerNext = false;
    engineMove();
  } else if (board.legal.length === 1 && board.legal[0] === "0000" && !board.awaiting_roll) {
    // The person's roll allows no move: the turn is lost.
    const die = board.position.split(" ").pop();
    $("notice").textContent =
      `${capitalise(board.to_move)} rolled ${die} (${DIE[die] || "?"}): nothing of that kind can move, the turn is lost.`;
    const shown = state;
    setTimeout(() => { if (state === shown) play("0000"); }, 900);
  } else if (analysing) {
    startAnalysis();
  }
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function watchLevel() {
  return state.moves.length % 2 === 1 ? $("level-b").value : $("level").value;
}

function engineMove(levelOverride) {
  // A running analysis is interrupted by the request; any other pending
  // reply is waited for.
  if (busy && !analysing) {
    answerNext = true; // Asked while a reply is pending: move after it.
    return;
  }
  busy = true;
  $("status").textContent = "engine thinking…";
  const level = typeof levelOverride === "string" ? levelOverride : $("level").value;
  send({ type: "engine", ply: state.moves.length, movetime: Number($("movetime").value) || 500,
         elo: level === "" ? null : Number(level),
         answer: !watching && personPlaysTeam(otherTeam()) ? "person" : "engine" });
}

// --- Drawing ---------------------------------------------------------------

function pieceElement(piece) {
  const span = document.createElement("span");
  span.dataset.piece = piece;
  const white = piece[0] === piece[0].toUpperCase();
  const colour = white ? "white" : "black";
  if (state.variant === "chess") {
    span.className = `piece ${colour}`;
    span.textContent = GLYPHS[piece];
  } else if (state.variant === "ultima") {
    const [glyph, name] = ULTIMA[piece.toLowerCase()];
    span.className = `piece ${colour}`;
    span.textContent = glyph;
    span.title = name;
  } else if (state.variant === "oracle") {
    // "H", "H(c)", "C()", "P(ce)"; a bare P is a lifeless Priestess.
    const body = piece[0].toLowerCase();
    const souls = /\((.*)\)/.exec(piece);
    const lifeless = (souls && souls[1] === "") || piece === "P" || piece === "p";
    span.className = `piece oracle ${colour}${lifeless ? " lifeless" : ""}`;
    span.textContent = ORACLE[body][0];
    const hosted = souls ? souls[1] : "";
    span.title = `${white ? "White" : "Black"} ${ORACLE[body][1]}${lifeless ? " (lifeless)"
      : hosted ? " hosting " + [...hosted].map((s) => SOUL_NAMES[s]).join(", ") : ""}`;
    if (hosted) {
      const small = document.createElement("small");
      small.className = "souls";
      small.textContent = hosted;
      span.appendChild(small);
    }
  } else {
    // Enochian: army letter first, y(ellow), b(lue), r(ed), k (black); a
    // shared throne shows both pieces.
    span.className = `piece other army-${piece[0]}`;
    span.textContent = piece.slice(1);
    span.title = `${ARMY_LETTER[piece[0]]} ${piece.slice(1)}`;
  }
  return span;
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
        cell.title = `${ARMY_LETTER[THRONES[name]]}'s throne`;
      }
      const piece = pieces.get(name);
      if (piece) cell.appendChild(pieceElement(piece));
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
  $("to-move").textContent = capitalise(board.to_move);
  renderFields();
  renderLegend();
  renderMoves();
  renderControls();
  renderClocks();
  $("status").textContent = resultText();
  $("variant").value = state.variant; // An import may change the game.
  // The import fields show the game, unless the person is typing in them:
  // a reply that arrives meanwhile (say, to a change of game) must not
  // overwrite what they typed.
  if (!importEdited) $("position-text").value = state.start || "";
  // For scripts: the game's start as given, and its move count.
  document.body.dataset.variant = state.variant;
  document.body.dataset.start = state.start || "";
  document.body.dataset.moves = String(state.moves.length);
  if (!importEdited) $("moves-text").value = state.moves.join(" ");
  $("chooser").hidden = true;
  $("offer-dialog").hidden = !state.offer;
}

// The result in words for the status line (ending.js; its dialog opens
// when the game has just ended); called for every state drawn.
function resultText() {
  Sounds.observe(state);
  AnalysisPanel.follow(state);
  EvalGraph.sync(state);
  return GameEnd.statusText(state);
}

// The position string's fields, each labelled and put in words.
function renderFields() {
  const labels = FIELDS[state.variant] || [];
  const values = state.board.position.split(" ");
  $("fields").replaceChildren(...values.slice(1).flatMap((value, i) => {
    const term = document.createElement("dt");
    term.textContent = labels[i + 1] || `Field ${i + 2}`;
    const detail = document.createElement("dd");
    detail.textContent = describeField(term.textContent, value);
    detail.dataset.field = term.textContent;
    detail.dataset.value = value;
    return [term, detail];
  }));
}

// A position string field in words (Oracle's pools counted, Enochian
// chess's direction, frozen armies, control and die named).
function describeField(label, value) {
  const counted = (letters, names) => {
    if (value === "-") return "none";
    const counts = new Map();
    for (const c of letters) counts.set(c, (counts.get(c) || 0) + 1);
    return [...counts].map(([c, n]) => `${n}× ${names(c)}`).join(", ");
  };
  switch (label) {
    case "Earth":
      return counted(value, (c) => `${c === c.toUpperCase() ? "White" : "Black"} ${ORACLE[c.toLowerCase()][1]}`);
    case "Underworld":
      return counted(value, (c) => SOUL_NAMES[c]);
    case "Direction":
      return value === "d" ? "clockwise (Yellow, Blue, Red, Black)"
        : value === "w" ? "widdershins (Black, Red, Blue, Yellow)" : value;
    case "Frozen armies":
      return value === "-" ? "none" : [...value].map((c) => ARMY_LETTER[c]).join(", ");
    case "Control":
      return value === "-" ? "each army its own" : value.match(/../g)
        .map((pair) => `${ARMY_LETTER[pair[0]]} commands ${ARMY_LETTER[pair[1]]}`).join(", ");
    case "Die":
      return value === "-" ? "no dice" : value === "?" ? "to be rolled" : `${value} (${DIE[value]})`;
    case "Army to move":
      return ARMY_LETTER[value] || value;
    default:
      return value;
  }
}

function renderLegend() {
  const legend = state.variant === "ultima" ? Object.values(ULTIMA)
    : state.variant === "oracle" ? [...Object.values(ORACLE), ["c e h l s", "souls hosted"], ["faded", "lifeless"]]
    : state.variant === "enochian" ? [["K", "King"], ["Q", "Queen (leaps two)"], ["R", "Rook"], ["B", "Bishop"],
      ["N", "Knight"], ["P…", "pawn of …"], ["KQ", "King and partner on a throne"], ["▢", "throne (army colour)"],
      ["❄", "frozen army"]]
    : [];
  $("legend").hidden = legend.length === 0;
  $("legend").replaceChildren(...legend.map(([g, n]) => {
    const item = document.createElement("li");
    item.textContent = `${g} ${n}`;
    return item;
  }));
}

function renderMoves() {
  $("moves").replaceChildren(...state.moves.filter((m) => !m.endsWith(":")).map((m) => {
    const li = document.createElement("li");
    li.textContent = m;
    if (m.endsWith("0000")) li.title = "turn lost or passed";
    return li;
  }));
  $("legal").replaceChildren(...state.board.legal.map((m) => {
    const option = document.createElement("option");
    option.value = m;
    option.textContent = m;
    return option;
  }));
}

// Buttons that depend on the position: the die, the offer of an exchange.
function renderControls() {
  const board = state.board;
  const mine = personSides().includes(board.to_move) && !gameOver() && !watching;
  $("roll").hidden = !(board.awaiting_roll && mine);
  $("offer-exchange").hidden = !(mine && board.legal.includes("exchange"));
  const enochian = state.variant === "enochian";
  $("armies").hidden = !enochian;
  $("divination-choice").hidden = !enochian;
  const die = board.position.split(" ").pop();
  $("die").hidden = !state.divination;
  $("die").textContent = state.divination ? `Die: ${die === "?" ? "not rolled" : `${die} (${DIE[die]})`}` : "";
  if (!state.moves.length) $("notice").textContent = "";
}

// The clocks: the server's times, counted down locally for the side whose
// clock runs.
function renderClocks() {
  const clock = state.clock;
  $("clocks").hidden = !clock;
  if (!clock) return;
  $("clocks").replaceChildren(...Object.keys(clock.left).map((side) => {
    const item = document.createElement("span");
    item.className = "clock";
    item.dataset.side = side;
    return item;
  }));
  tickClocks();
}

function tickClocks() {
  if (!state || !state.clock) return;
  const clock = state.clock;
  for (const item of $("clocks").children) {
    const side = item.dataset.side;
    let left = clock.left[side];
    if (clock.running === side) left -= performance.now() - stateTime;
    left = Math.max(0, left);
    const seconds = Math.floor(left / 1000);
    item.textContent = `${capitalise(side)} ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    item.classList.toggle("running", clock.running === side);
    item.classList.toggle("out", left <= 0);
    if (clock.running === side && left <= 0 && !flagSent) {
      flagSent = true;
      send({ type: "flag" });
    }
  }
}
setInterval(tickClocks, 200);

// --- Analysis ----------------------------------------------------------------

// The analysis panel, scores from the first side's view (analysis.js).
function showAnalysis(message) {
  AnalysisPanel.show(message, state);
  showArrow(message.bestmove);
}

// A score as the engine reports it (the side to move's view) in pawns
// from the first side's view: "+0.75", "-1.20", "#5", "#-3".
function scoreText(score) {
  return AnalysisPanel.text(AnalysisPanel.firstTeamView(score, state && state.board));
}

function startAnalysis() {
  if (gameOver() || state.board.awaiting_roll) return;
  busy = true;
  AnalysisPanel.reset();
  send({ type: "analyse", ply: state.moves.length, infinite: true });
}

// The eval bar for a score as the engine reports it (the side to move's
// view): the first side's share (analysis.js).
function showEvaluation(score) {
  AnalysisPanel.showBar(score ? AnalysisPanel.firstTeamView(score, state && state.board) : null);
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

// --- Moving ----------------------------------------------------------------

function clicked(square) {
  if (!state || gameOver() || state.offer || (busy && !analysing)) return;
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
  // Moves that name only this square (Oracle's promotion, p@e8) are
  // offered at once.
  const here = legal.filter((m) => squaresOf(m).length === 1 && squaresOf(m)[0] === picked);
  if (here.length) choose(here);
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

function play(move) {
  picked = null;
  busy = true;
  if (move !== "0000") $("notice").textContent = ""; // A lost turn stays explained.
  // An exchange needs the other team's consent: the person's, when the
  // person plays an army of it, else the engine's.
  const answer = move === "exchange" && !personPlaysTeam(otherTeam()) ? "engine" : "person";
  send({ type: "move", ply: state.moves.length, move, answer });
}

function clockChoice() {
  const value = $("clock").value;
  if (!value) return null;
  const [minutes, seconds] = value.split("+").map(Number);
  return { base: minutes * 60000, increment: seconds * 1000 };
}

function newGame() {
  busy = true;
  importEdited = false;
  watching = false;
  analysing = false;
  $("watch").textContent = "Watch";
  $("analyse").textContent = "Analyse";
  previousPieces = new Map();
  const variant = $("variant").value;
  send({ type: "new", variant, clock: clockChoice(),
         divination: variant === "enochian" && $("divination").checked });
}

// --- Controls ----------------------------------------------------------------

$("new-game").addEventListener("click", newGame);
$("variant").addEventListener("change", newGame);
$("side").addEventListener("change", sideChanged);
for (const army of ARMIES) {
  $(`army-${army}`).addEventListener("change", () => { if (state) { render(); afterState(); } });
}
$("resign").addEventListener("click", () => {
  if (!state || gameOver()) return;
  // Asked first (ending.js); the game goes on when the person cancels.
  GameEnd.confirmResign(() => {
    if (!state || gameOver()) return;
    watching = false;
    const mine = personSides();
    const side = mine.includes(state.board.to_move) ? state.board.to_move : mine[0];
    send({ type: "resign", team: teamOf(side || state.board.to_move) });
  });
});
$("undo").addEventListener("click", () => {
  // With the engine answering, take back its move and the person's.
  const plies = $("engine-plays").checked && state && state.moves.length >= 2 ? 2 : 1;
  send({ type: "undo", plies });
});
$("engine-move").addEventListener("click", () => engineMove());
$("roll").addEventListener("click", () => { busy = true; send({ type: "roll" }); });
$("offer-exchange").addEventListener("click", () => play("exchange"));
$("accept-offer").addEventListener("click", () => send({ type: "exchange_reply", accept: true }));
$("decline-offer").addEventListener("click", () => send({ type: "exchange_reply", accept: false }));
$("watch").addEventListener("click", () => {
  watching = !watching;
  $("watch").textContent = watching ? "Stop watching" : "Watch";
  if (watching && state && !gameOver()) engineMove(watchLevel());
});
$("analyse").addEventListener("click", () => {
  if (analysing) {
    analysing = false;
    $("analyse").textContent = "Analyse";
    send({ type: "stop" });
    return;
  }
  analysing = true;
  $("analyse").textContent = "Stop analysis";
  startAnalysis();
});
$("flip").addEventListener("click", () => { flipped = !flipped; if (state) render(); });
$("play-selected").addEventListener("click", () => { const m = $("legal").value; if (m) play(m); });
$("export").addEventListener("click", () => {
  $("pgn").value = "";
  send({ type: "export" });
});
for (const field of ["position-text", "moves-text"]) {
  $(field).addEventListener("input", () => { importEdited = true; });
}
$("import-pgn").addEventListener("click", () => {
  importEdited = false;
  previousPieces = new Map(); // A loaded game is not a capture.
  send({ type: "import", pgn: $("pgn").value });
});
$("load").addEventListener("click", () => {
  const position = $("position-text").value.trim();
  const moves = $("moves-text").value.trim().split(/\s+/).filter(Boolean);
  importEdited = false;
  previousPieces = new Map(); // A loaded game is not a capture.
  const variant = $("variant").value;
  send({ type: "new", variant, position: position || null, moves, clock: clockChoice(),
         divination: variant === "enochian" && $("divination").checked });
});
sideChanged();
connect();
