// Augur's board page: moving. The person picks a piece (click, or press
// and drag) and then one of its targets among the legal moves the server
// listed; castling also by dropping the king on its rook. Where several
// moves share the two squares (promotions, Oracle chess's souls) a chooser
// shows each with its piece and says in words what it does. While it is
// not the person's turn (the engine thinks), the same gestures set a
// premove, played as soon as the turn comes if it is legal then.
"use strict";

// The square of the piece picked, or null.
let picked = null;
// The premove waiting for the person's turn: {from, to}, or null.
let premove = null;
// The squares whose pieces the last move took (flashed when drawn).
let justTaken = [];
// Where the pointer was last (a drag may end over a square redrawn since).
const lastPointer = { x: 0, y: 0 };
for (const kind of ["pointermove", "pointerdown"]) {
  document.addEventListener(kind, (event) => {
    lastPointer.x = event.clientX;
    lastPointer.y = event.clientY;
  });
}

// The legal moves of the piece on `square`.
function movesFrom(square) {
  if (!square || !state) return [];
  return state.board.moves.filter((move) => move.from === square);
}

// The squares a move can be made by dropping its piece on: where it lands,
// and for castling also the rook's square.
function targetsOf(move) {
  const targets = move.to && move.to !== move.from ? [move.to] : [];
  for (const also of move.also_moves || []) targets.push(also.from);
  return targets;
}

// The legal moves from `from` that a drop on `to` makes.
function movesBetween(from, to) {
  return movesFrom(from).filter((move) => targetsOf(move).includes(to));
}

// The last move played as the board drew it ({from, to, captures}), from
// the position before it; null at the start.
let lastMoveInfo = null;
function lastMove() {
  return viewedPly === null ? lastMoveInfo : viewedLastMove;
}

// The entries of a move list that are moves (not a roll waiting for its
// move).
function playedEntries(moves) {
  return moves.filter((entry) => !entry.endsWith(":"));
}

// Called with each new state: what the move that led to it did, from the
// earlier state's description of its legal moves (its text after a roll's
// prefix), else from the squares its text names. A move just played
// flashes the squares of what it took.
function noteLastMove(previous, next) {
  const played = playedEntries(next.moves);
  const text = played.length ? played[played.length - 1].replace(/^\d:/, "") : null;
  justTaken = [];
  if (!text) {
    lastMoveInfo = null;
    return;
  }
  const grew = previous && playedEntries(previous.moves).length === played.length - 1;
  const described = grew && previous.board.moves.find((move) => move.text === text);
  if (described) {
    lastMoveInfo = described;
    justTaken = described.captures;
  } else if (!grew && lastMoveInfo && previous && playedEntries(previous.moves).length === played.length) {
    // The same move as before (a clock update, a roll): keep it.
  } else {
    const squares = squaresOf(text);
    lastMoveInfo = squares.length ? { from: squares[0], to: squares[squares.length - 1], captures: [] } : null;
  }
}

// Whether the person may move the piece on `square` (premoves included).
function isMine(square) {
  const view = (state.board.squares || []).find((v) => v.square === square);
  if (!view) return false;
  const mine = personSides();
  return mine.includes(view.army || view.team);
}

// Whether it is the person's turn to move now.
// (With "Engine answers" off the person moves every side.)
function personToMove() {
  const mine = !$("engine-plays").checked || personSides().includes(state.board.to_move);
  return !busy && !watching && mine && !state.board.awaiting_roll;
}

// A click (or the end of a drag) on `square`.
function clicked(square) {
  if (!state || gameOver() || state.offer || viewedPly !== null) return;
  if (!personToMove() && !(busy && analysing)) return setPremove(square);
  if (picked && picked !== square) {
    const matches = movesBetween(picked, square);
    if (matches.length === 1) return play(matches[0].text);
    if (matches.length > 1) return choose(matches);
  }
  picked = picked !== square && movesFrom(square).length ? square : null;
  render();
  // Moves that stay on their square (Oracle chess's promotion, a soul
  // summoned in place) are offered at once.
  const inPlace = movesFrom(picked).filter((move) => move.to === move.from);
  if (inPlace.length) choose(inPlace);
}

// The person's gestures while waiting for the turn: pick one of their
// pieces, then a square; the same square again or an empty pick cancels.
function setPremove(square) {
  // A tap anywhere while a premove waits cancels it (touch screens have no
  // right click or Esc).
  if (premove && !picked) return cancelPremove();
  if (picked && picked !== square) {
    premove = { from: picked, to: square };
    picked = null;
  } else {
    picked = picked === square || !isMine(square) ? null : square;
    if (picked) premove = null;
  }
  render();
}

function cancelPremove() {
  if (!premove && !picked) return;
  premove = null;
  picked = null;
  render();
}

// Plays the premove once the person's turn has come, if it is legal now:
// a promotion premoved becomes a queen where there is one, else the chooser
// asks. Returns whether it played (or asked).
function playPremove() {
  if (!premove || !personToMove()) return false;
  const { from, to } = premove;
  premove = null;
  const matches = movesBetween(from, to);
  if (!matches.length) {
    $("notice").textContent = `The premove ${from}-${to} is not legal now; it was dropped.`;
    return false;
  }
  const queen = matches.find((move) => move.choices.some((c) => c.kind === "promotion" && /queen/i.test(c.piece)));
  if (matches.length === 1 || queen) {
    play((queen || matches[0]).text);
  } else {
    choose(matches);
  }
  return true;
}

// A move's choices in words ("promote to a queen", "only the Horse soul
// moves; its body stays").
function choiceWords(move) {
  const piece = (state.board.squares || []).find((view) => view.square === move.from);
  const name = piece ? (piece.pawn_of ? `pawn of the ${piece.pawn_of}` : piece.piece) : "piece";
  const parts = [];
  const mover = move.choices.find((c) => c.kind === "mover");
  // A piece that hosts souls (Oracle chess) moves either as a whole or one
  // of its souls alone.
  const hostsSouls = Boolean(piece && piece.souls && piece.souls.length);
  const moverName = mover && (hostsSouls ? `${mover.piece} soul` : mover.piece);
  if (mover) {
    parts.push(move.to === move.from ? `the ${moverName} stays`
      : `only the ${moverName} moves to ${move.to}, leaving the ${hostsSouls ? "body" : "rest"} on ${move.from}`);
  } else if (move.to && move.to !== move.from) {
    parts.push(`the ${name} moves to ${move.to}`);
  }
  for (const choice of move.choices) {
    if (choice.kind === "promotion") parts.push(`promotes to ${article(choice.piece)}`);
    if (choice.kind === "taken") parts.push(`takes the ${choice.piece} soul out of the body on ${move.to}`);
    if (choice.kind === "fetch") parts.push(`fetches ${article(choice.piece)} body back onto ${move.from}`);
    if (choice.kind === "summon") parts.push(`summons ${article(choice.piece)} soul back into the body on ${move.from}`);
  }
  const taken = move.captures.filter((square) => !move.choices.some((c) => c.kind === "taken"));
  if (taken.length) parts.push(`takes on ${taken.join(", ")}`);
  if (move.gives_check) parts.push("check");
  return capitalise(parts.join(", "));
}

function article(noun) {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}

// The piece a choice puts forward, drawn as pieces.js draws a square's
// piece, or null when the choice names no piece of its own.
function choicePiece(move) {
  const promotion = move.choices.find((c) => c.kind === "promotion");
  const piece = (state.board.squares || []).find((view) => view.square === move.from);
  if (!promotion || !piece) return null;
  const kind = promotion.piece.replace(/ body$/, "").toLowerCase();
  return pieceElement({ ...piece, piece: kind, pawn_of: null, text: promotion.text, souls: [], lifeless: false });
}

// Several moves share the squares picked: one button each, with its piece
// and in words.
function choose(moves) {
  const chooser = $("chooser");
  chooser.replaceChildren(...moves.map((move) => {
    const button = document.createElement("button");
    button.className = "choice";
    button.dataset.move = move.text;
    const drawn = choicePiece(move);
    if (drawn) button.appendChild(drawn);
    const words = document.createElement("span");
    words.textContent = choiceWords(move);
    button.appendChild(words);
    if (move.notation) button.title = move.notation;
    button.addEventListener("click", () => play(move.text));
    return button;
  }));
  const cancel = document.createElement("button");
  cancel.className = "choice cancel";
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => { picked = null; render(); });
  chooser.appendChild(cancel);
  chooser.hidden = false;
}

// Squares listen for presses and releases: click-click (press and release
// on one square, then on another) and drag (press on a piece, release on
// a target) both end in clicked(); a right click cancels a premove.
function listenToBoard() {
  const grid = $("board");
  grid.addEventListener("pointerdown", (event) => {
    const cell = event.target.closest("[data-square]");
    if (!cell || event.button !== 0) return;
    event.preventDefault();
    clicked(cell.dataset.square);
  });
  grid.addEventListener("pointerup", () => {
    const over = document.elementFromPoint(lastPointer.x, lastPointer.y);
    const target = over && over.closest("[data-square]");
    if (picked && target && target.dataset.square !== picked) clicked(target.dataset.square);
  });
  grid.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    cancelPremove();
  });
}
