// Augur's board page: the move list and stepping through the game. The
// list writes each move in its game's readable notation (the server's
// `notation`; the move text where it has none), numbered per round (one
// move of each side, or of each army); clicking a move, or the arrow keys
// (Left, Right, Home, End), shows the board after it, fetched from the
// server (`view`), with a bar to go back to the live game. The list
// follows the newest move.
"use strict";

// The number of plies shown while stepping through the game (null: the
// live game), the board shown then and the move that led to it.
let viewedPly = null;
let viewedBoard = null;
let viewedLastMove = null;

// The move list's entries that are moves, with their notation and the
// number of entries played once each is (what `view` asks for).
function listedMoves() {
  const notation = state.notation || [];
  const listed = [];
  state.moves.forEach((entry, index) => {
    if (entry.endsWith(":")) return; // A roll waiting for its move.
    listed.push({ text: entry, notation: notation[index] || entry, ply: index + 1 });
  });
  return listed;
}

// The seat (index into board.seats) that made each listed move, counted
// back from the side to move now; null for games whose order of play
// changes (Enochian chess's direction).
function moversOf(listed) {
  const seats = state.board.seats || [];
  if (seats.length !== 2) return null;
  const now = seats.indexOf(state.board.to_move);
  if (now < 0) return null;
  return listed.map((_, i) => (((now - (listed.length - i)) % 2) + 2) % 2);
}

function renderMoves() {
  const listed = listedMoves();
  const movers = moversOf(listed);
  const perRound = movers ? 2 : Math.max(1, (state.board.seats || []).length);
  let round = 0;
  const items = listed.map((move, i) => {
    const item = document.createElement("li");
    item.textContent = move.notation;
    item.dataset.ply = String(move.ply);
    item.dataset.move = move.text;
    item.tabIndex = -1;
    const startsRound = movers ? movers[i] === 0 || i === 0 : i % perRound === 0;
    if (startsRound) {
      round += 1;
      item.dataset.round = movers && movers[i] !== 0 ? `${round}…` : `${round}.`;
      // A game whose list starts with the second side's move leaves the
      // first column of its first round empty.
      if (i === 0 && movers && movers[0] !== 0) item.classList.add("second-first");
    }
    if (move.text.endsWith("0000")) item.title = "turn lost or passed";
    if (viewedPly === move.ply || (viewedPly === null && i === listed.length - 1)) item.classList.add("current");
    item.addEventListener("click", () => viewPly(move.ply));
    return item;
  });
  const list = $("moves");
  list.replaceChildren(...items);
  // The evaluation graph's marker follows the move shown.
  if (typeof EvalGraph !== "undefined") EvalGraph.mark(viewedPly === null ? state.moves.length : viewedPly);
  // Follow the newest move (without scrolling the page itself).
  if (viewedPly === null) list.scrollTop = list.scrollHeight;
  renderViewing();
}

// The bar shown while stepping through the game.
function renderViewing() {
  const bar = $("viewing");
  bar.hidden = viewedPly === null;
  if (viewedPly !== null) {
    const listed = listedMoves();
    const index = listed.findIndex((move) => move.ply === viewedPly);
    $("viewing-text").textContent = index < 0
      ? "Viewing the start of the game"
      : `Viewing move ${index + 1} of ${listed.length}: ${listed[index].notation}`;
  }
}

// Shows the board after `ply` entries of the move list (the live board
// for the whole list).
function viewPly(ply) {
  if (!state) return;
  if (ply >= state.moves.length) return backToLive();
  viewedPly = Math.max(0, ply);
  send({ type: "view", at: viewedPly });
  renderMoves();
}

// The evaluation graph's hook: show the position after `ply` plies.
function showPly(ply) {
  viewPly(ply);
}

// The server's answer to `view`: the board to show, unless the person has
// stepped on since.
function receiveView(message) {
  if (viewedPly !== message.ply) return;
  viewedBoard = message.board;
  const listed = listedMoves();
  const index = listed.findIndex((move) => move.ply === message.ply);
  viewedLastMove = null;
  if (index >= 0) {
    const squares = squaresOf(listed[index].text);
    if (squares.length) viewedLastMove = { from: squares[0], to: squares[squares.length - 1], captures: [] };
  }
  render();
}

function backToLive() {
  viewedPly = null;
  viewedBoard = null;
  viewedLastMove = null;
  if (state) render();
}

// One step back or forward through the listed moves.
function stepBy(steps) {
  if (!state) return;
  const plies = [0, ...listedMoves().map((move) => move.ply)];
  const current = viewedPly === null ? plies.length - 1 : Math.max(0, plies.indexOf(viewedPly));
  const next = Math.min(plies.length - 1, Math.max(0, current + steps));
  if (next === plies.length - 1) backToLive();
  else viewPly(plies[next]);
}

function listenToKeys() {
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
    const steps = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity }[event.key];
    if (steps !== undefined) {
      event.preventDefault();
      if (steps === -Infinity) viewPly(0);
      else if (steps === Infinity) backToLive();
      else stepBy(steps);
    } else if (event.key === "Escape") {
      cancelPremove();
    }
  });
  $("live").addEventListener("click", backToLive);
}
