// Augur's board page: drawing the board. Squares, coordinates, pieces
// (pieces.js draws them; a glyph stands in when it is missing), and what
// the squares show besides: the piece picked and its legal targets (a dot
// for a quiet move, a ring for a capture), the last move, the squares of
// pieces just taken, the royal pieces in danger, thrones, frozen armies and
// a premove. The board is drawn from the person's side: Black at the
// bottom when the person plays the second side (Enochian chess: the
// person's armies' thrones at the bottom); "Flip board" turns it over.
"use strict";

// Glyphs standing in for pieces when pieces.js is not loaded.
const GLYPHS = { king: "♚", queen: "♛", rook: "♜", bishop: "♝", knight: "♞", pawn: "♟" };
// Enochian chess: each army's letter in position strings.
const ARMY_OF_LETTER = { y: "yellow", b: "blue", r: "red", k: "black" };

// Whether the person turned the board over from its automatic side.
let flippedByHand = false;

// Whether the board is drawn upside down (rank 8 at the bottom).
function isFlipped() {
  return automaticFlip() !== flippedByHand;
}

// The side the person plays decides which way up the board is: the second
// team at the bottom when the person plays only it; in Enochian chess the
// side whose back rank holds more thrones of the person's armies.
function automaticFlip() {
  if (!state) return false;
  const mine = personSides();
  const armies = state.board.armies || [];
  if (armies.length) {
    const ranks = armies.filter((army) => mine.includes(army.name)).map((army) => army.throne[1]);
    return ranks.filter((rank) => rank === "8").length > ranks.filter((rank) => rank === "1").length;
  }
  const teams = state.board.teams;
  return mine.length > 0 && mine.every((side) => side === teams[1]);
}

// The square drawn at row `row`, column `col` (0-7 from the top left).
function squareAt(row, col) {
  const flip = isFlipped();
  const file = flip ? 7 - col : col;
  const rank = flip ? row : 7 - row;
  return "abcdefgh"[file] + (rank + 1);
}

// The centre of `square` in board units (0-8 from the top left), for the
// arrows.
function squareCentre(square) {
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1)) - 1;
  return isFlipped() ? [7 - file + 0.5, rank + 0.5] : [file + 0.5, 7 - rank + 0.5];
}

// Everything the squares show besides their pieces, by square.
function squareMarks(board, live) {
  const marks = new Map();
  const mark = (square, name) => {
    if (!square) return;
    if (!marks.has(square)) marks.set(square, new Set());
    marks.get(square).add(name);
  };
  const last = lastMove();
  if (last) {
    mark(last.from, "last");
    mark(last.to, "last");
  }
  for (const square of board.check || []) mark(square, "check");
  for (const square of board.frozen || []) mark(square, "frozen");
  if (live) {
    if (picked) mark(picked, "picked");
    for (const move of movesFrom(picked)) {
      for (const target of targetsOf(move)) mark(target, move.captures.length ? "capture" : "target");
    }
    for (const square of justTaken) mark(square, "taken");
    if (premove) {
      mark(premove.from, "premove");
      mark(premove.to, "premove");
    }
  }
  return marks;
}

// One square's element: its colour, coordinates along the board's left and
// bottom edges, its marks and its piece.
function squareElement(name, row, col, marks, pieceView, board) {
  const cell = document.createElement("div");
  const file = name.charCodeAt(0) - 97;
  const rank = Number(name.slice(1)) - 1;
  cell.className = `square ${(file + rank) % 2 ? "light" : "dark"}`;
  cell.dataset.square = name;
  cell.setAttribute("role", "gridcell");
  for (const name of marks || []) cell.classList.add(name);
  const throne = (board.armies || []).find((army) => army.throne === name);
  if (throne) {
    cell.classList.add("throne", `throne-${throne.name}`);
    cell.title = `${capitalise(throne.name)}'s throne`;
  }
  if (marks && marks.has("frozen")) {
    cell.title = (board.armies || []).length
      ? "frozen: this army's King has been taken; it cannot move until an exchange of prisoners"
      : "immobilized: it stands next to an enemy Immobilizer and cannot move";
  }
  if (col === 0) cell.appendChild(coordinate("rank", name.slice(1)));
  if (row === 7) cell.appendChild(coordinate("file", name[0]));
  if (pieceView) cell.appendChild(pieceElement(pieceView));
  cell.setAttribute("aria-label", pieceView ? `${name}: ${describePiece(pieceView)}` : name);
  return cell;
}

function coordinate(kind, text) {
  const label = document.createElement("span");
  label.className = `coordinate ${kind}`;
  label.textContent = text;
  label.setAttribute("aria-hidden", "true");
  return label;
}

// A piece in words ("White knight", "lifeless Black Chariot").
function describePiece(view) {
  const owner = view.army ? capitalise(view.army) : view.team;
  const kind = view.pawn_of ? `pawn of the ${view.pawn_of}` : view.piece;
  const souls = view.souls && view.souls.length ? ` hosting ${view.souls.join(", ")}` : "";
  const partner = view.partner ? ` with its ${view.partner}` : "";
  return `${view.lifeless ? "lifeless " : ""}${owner} ${kind}${souls}${partner}`;
}

// A piece drawn by pieces.js, or a glyph when it is missing.
function pieceElement(view) {
  const holder = document.createElement("span");
  holder.className = "piece";
  holder.dataset.piece = view.text;
  holder.title = describePiece(view);
  if (window.AugurPieces) {
    holder.appendChild(window.AugurPieces.piece(state.variant, view));
  } else {
    const kind = (view.pawn_of ? "pawn" : view.piece).split(" ").pop();
    holder.textContent = GLYPHS[kind] || view.text;
    holder.classList.add(view.army ? `army-${view.army}` : view.team === state.board.teams[0] ? "white" : "black");
  }
  return holder;
}

// Draws `board` (the live game's, or an earlier position while stepping
// through the game).
function drawBoard(board, live) {
  const views = new Map((board.squares || []).map((view) => [view.square, view]));
  const marks = squareMarks(board, live);
  const grid = $("board");
  const cells = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const name = squareAt(row, col);
      cells.push(squareElement(name, row, col, marks.get(name), views.get(name), board));
    }
  }
  grid.replaceChildren(...cells);
  grid.classList.toggle("history", !live);
  grid.classList.toggle("flipped", isFlipped());
  showArrow(null);
}
