// Augur's board page. The server (augur serve) owns the game: it sends the
// position, the legal moves (move text), the clocks and the result; this
// page draws them, highlights the targets of a picked piece among the legal
// moves, and never decides legality itself.
"use strict";

// Oracle chess: the bodies' names by their letters.
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
const $ = (id) => document.getElementById(id);

let socket = null;
let state = null;
// When the last state arrived (the clocks count down from it).
let stateTime = 0;
let busy = false;
// Set when the person moves: the engine answers the next state.
let answerNext = false;
// Watching: the engine plays both sides, the first side at "Engine level",
// the second at "Second engine".
let watching = false;
// Analysing: an endless analysis runs, restarted after every move.
let analysing = false;
let flagSent = false;

// A short tone for each move (capture and check sound otherwise), when
// sound is on (sound.js).
function beep() {
  Sounds.moved(state);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function connect() {
  // A stored game's page (/game/<id>) resumes that game; / starts one.
  const stored = location.pathname.match(/^\/game\/([A-Za-z0-9_-]+)$/);
  const query = stored ? `?game=${stored[1]}` : "";
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`);
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  // The server says why it closed (another tab took the game, the server
  // is full, the game was idle); otherwise the connection was lost.
  socket.onclose = (event) => { $("status").textContent = event.reason || "disconnected from the engine"; };
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
    // The address names the game, so a reload or a bookmark resumes it.
    if (message.id && location.pathname !== `/game/${message.id}`) {
      history.replaceState(null, "", `/game/${message.id}`);
    }
    // A resumed game brings back its settings (who plays which side).
    Settings.received(message);
    const previous = state;
    const grew = previous && message.moves.length !== previous.moves.length;
    // A state that leaves the board as it was (a second "new game" answered
    // just after the first, a clock update) keeps the piece picked.
    const unchanged = previous && !grew && message.board.position === previous.board.position;
    const anotherGame = !previous || message.variant !== previous.variant
      || message.moves.length < previous.moves.length || message.start !== previous.start;
    noteLastMove(anotherGame ? null : previous, message);
    state = message;
    stateTime = performance.now();
    flagSent = false;
    if (grew) beep();
    busy = false;
    if (anotherGame) {
      premove = null;
      viewedPly = null;
      viewedBoard = null;
    }
    if (!unchanged || (personToMove() && !movesFrom(picked).length)) picked = null;
    render();
    afterState();
  } else if (message.type === "view") {
    receiveView(message);
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
  } else if (playPremove()) {
    // The premove is played (or its chooser shown).
  } else if (board.legal.length === 1 && board.legal[0] === "0000" && !board.awaiting_roll) {
    // The person's roll allows no move: the turn is lost.
    const die = board.die && board.die.rolled;
    $("notice").textContent =
      `${capitalise(board.to_move)} rolled ${die} (${DIE[die] || "?"}): nothing of that kind can move, the turn is lost.`;
    const shown = state;
    setTimeout(() => { if (state === shown) play("0000"); }, 900);
  } else if (analysing) {
    startAnalysis();
  } else {
    // The person's turn and nothing in flight: the game's stored settings
    // catch up with the controls (a message now would not interrupt a
    // search).
    Settings.sync();
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

// Draws the page from the state: the board (board.js; an earlier position
// while stepping through the game), the move list, the controls and the
// clocks.
function render() {
  const live = viewedPly === null || !viewedBoard;
  const board = live ? state.board : viewedBoard;
  drawBoard(board, live);
  const listed = board.squares && board.squares.length > 0;
  $("diagram").hidden = listed;
  $("diagram").textContent = listed ? "" : board.diagram;
  $("to-move").textContent = capitalise(board.to_move);
  renderPools(board);
  renderFields(board);
  renderLegend();
  renderMoves();
  renderControls();
  renderClocks();
  $("status").textContent = resultText();
  $("variant").value = state.variant; // An import may change the game.
  $("position-now").value = board.position;
  // For scripts: the game's start as given, and its move count.
  document.body.dataset.variant = state.variant;
  document.body.dataset.start = state.start || "";
  document.body.dataset.moves = String(state.moves.length);
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

// Pools of captured material (Oracle chess's earth and underworld), drawn
// as pieces with counts.
function renderPools(board) {
  const pools = board.pools || [];
  $("pools").hidden = pools.length === 0 || !window.AugurPieces;
  if ($("pools").hidden) return;
  $("pools").replaceChildren(...pools.map((pool) => window.AugurPieces.pool(state.variant, pool)));
}

// The position string's fields, each labelled and put in words.
function renderFields(board) {
  const labels = FIELDS[state.variant] || [];
  const values = board.position.split(" ");
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

// What the marked squares mean, in words, for the marks this game uses.
function renderLegend() {
  const legend = [["last", "the last move"], ["check", "a royal piece in danger"],
    ["premove", "your premove (a tap on the board, a right click or Esc cancels it)"]];
  if (state.variant === "ultima") legend.push(["frozen", "immobilized (next to an enemy Immobilizer)"]);
  if ((state.board.armies || []).length) {
    legend.push(["frozen", "a frozen army (its King was taken)"], ["throne", "an army's throne, in its colour"]);
  }
  $("legend").hidden = false;
  $("legend").replaceChildren(...legend.map(([mark, words]) => {
    const item = document.createElement("li");
    const swatch = document.createElement("span");
    swatch.className = `swatch square light ${mark}${mark === "throne" ? " throne-yellow" : ""}`;
    item.append(swatch, ` ${words}`);
    return item;
  }));
}

// The legal moves as a list to pick from: none once the game is over or
// while an earlier position is shown.
function renderLegal() {
  const offered = gameOver() || viewedPly !== null ? [] : state.board.moves;
  $("legal").disabled = offered.length === 0;
  $("play-selected").disabled = offered.length === 0;
  $("legal").replaceChildren(...offered.map((move) => {
    const option = document.createElement("option");
    option.value = move.text;
    option.textContent = move.notation ? `${move.notation} (${move.text})` : move.text;
    return option;
  }));
}

// Buttons that depend on the position: the die, the offer of an exchange.
function renderControls() {
  renderLegal();
  const board = state.board;
  const mine = personSides().includes(board.to_move) && !gameOver() && !watching;
  $("roll").hidden = !(board.awaiting_roll && mine);
  $("offer-exchange").hidden = !(mine && board.legal.includes("exchange"));
  const enochian = state.variant === "enochian";
  $("armies").hidden = !enochian;
  $("divination-choice").hidden = !enochian;
  showDie(board.die);
  if (!state.moves.length) $("notice").textContent = "";
}

// The die of a divination game, drawn (pieces.js) and in words.
function showDie(die) {
  $("die").hidden = !state.divination || !die;
  if (!state.divination || !die) return $("die").replaceChildren();
  const rolled = die.rolled || null;
  const words = document.createElement("span");
  words.textContent = rolled ? `rolled ${rolled}: ${DIE[rolled]}` : "die not rolled yet";
  const face = window.AugurPieces ? window.AugurPieces.die(rolled) : document.createTextNode("");
  $("die").replaceChildren(face, words);
  $("die").dataset.rolled = rolled ? String(rolled) : "";
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
  const point = squareCentre;
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

// --- Moving ---------------------------------------------------------------

function play(move) {
  picked = null;
  premove = null;
  Settings.personMoved();
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
  $("pgn").value = ""; // The last game's PGN is not this one's.
  watching = false;
  analysing = false;
  $("watch").textContent = "Watch";
  $("analyse").textContent = "Analyse";
  flippedByHand = false;
  const variant = $("variant").value;
  send({ type: "new", variant, clock: clockChoice(), settings: Settings.current(),
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
  if (!state) return;
  premove = null;
  // With the engine answering, take back the person's last move and every
  // engine move since (in Enochian chess up to three armies' moves);
  // otherwise one move.
  const mine = personSides();
  if ($("engine-plays").checked && !watching && mine.length) send({ type: "undo", until: mine });
  else send({ type: "undo", plies: 1 });
});
$("engine-move").addEventListener("click", () => engineMove());
$("roll").addEventListener("click", () => { busy = true; send({ type: "roll" }); });
$("offer-exchange").addEventListener("click", () => play("exchange"));
$("accept-offer").addEventListener("click", () => send({ type: "exchange_reply", accept: true }));
$("decline-offer").addEventListener("click", () => send({ type: "exchange_reply", accept: false }));
$("watch").addEventListener("click", () => {
  watching = !watching;
  $("watch").textContent = watching ? "Stop watching" : "Watch";
  // The players' names change with watching (two engines); the state
  // that answers the new settings starts the engine, else it starts now.
  if (watching && state && !gameOver() && !Settings.sync()) engineMove(watchLevel());
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
$("flip").addEventListener("click", () => { flippedByHand = !flippedByHand; if (state) render(); });
$("play-selected").addEventListener("click", () => { const m = $("legal").value; if (m) play(m); });
$("export").addEventListener("click", () => {
  $("pgn").value = "";
  send({ type: "export" });
});
$("import-pgn").addEventListener("click", () => {
  send({ type: "import", pgn: $("pgn").value });
});
$("load").addEventListener("click", () => {
  const position = $("position-text").value.trim();
  // Only what the person typed: the fields are never filled from the game,
  // so a pasted position is not followed by the moves of the game before.
  const moves = $("moves-text").value.trim().split(/\s+/).filter(Boolean);
  const variant = $("variant").value;
  flippedByHand = false;
  send({ type: "new", variant, position: position || null, moves, clock: clockChoice(), settings: Settings.current(),
         divination: variant === "enochian" && $("divination").checked });
});
Settings.listen();
listenToBoard();
listenToKeys();
sideChanged();
connect();
