// The analysis panel: the vertical eval bar beside the board, the score
// and the engine's lines, every score from the first team's view (White's
// in chess; Blue and Black's in Enochian chess), written in pawns:
// "+0.75", "-1.20", "#5" (the first team mates in 5), "#-3" (it is mated
// in 3). The server's `analysis` message scores from the side to move's
// view; a line whose score is only a bound ("lower"/"upper", an
// aspiration window's fail) is not shown, and the bar keeps the last
// exact score meanwhile.
"use strict";

const AnalysisPanel = (() => {
  // The last exact score shown, the first team's view (null: none yet),
  // and the position it is of.
  let lastScore = null;
  let analysed = null;

  const byId = (id) => document.getElementById(id);

  // +1 when the side to move at the analysed position is the first team,
  // else -1 (`board.team` is the team to move, `board.teams[0]` the first).
  function sign(board) {
    return board && board.teams && board.team !== board.teams[0] ? -1 : 1;
  }

  // `score` ({"cp": n} or {"mate": n}, the side to move's view) seen by
  // the first team.
  function firstTeamView(score, board) {
    const s = sign(board);
    return "mate" in score ? { mate: s * score.mate, mover: s } : { cp: s * score.cp };
  }

  // A first-team score in pawns: "+0.75", "-1.20", "0.00", "#5", "#-3".
  function text(score) {
    if ("mate" in score) {
      // Mate 0: the side to move is mated (`mover` -1: the second team).
      if (score.mate === 0) return score.mover === -1 ? "#0" : "#-0";
      return `#${score.mate}`;
    }
    const pawns = score.cp / 100;
    if (pawns === 0) return "0.00";
    return `${pawns > 0 ? "+" : "-"}${Math.abs(pawns).toFixed(2)}`;
  }

  // The first team's share of the bar, 0 to 100: 50 for equality, a
  // logistic curve of the centipawns, full or empty for a mate.
  function share(score) {
    if (!score) return 50;
    if ("mate" in score) {
      if (score.mate === 0) return score.mover === -1 ? 100 : 0;
      return score.mate > 0 ? 100 : 0;
    }
    return 100 / (1 + Math.exp(-score.cp / 250));
  }

  // The lines that carry an exact score (no `bound`).
  function exactLines(lines) {
    return (lines || []).filter((line) => line && line.score && !line.bound);
  }

  // A line's moves in the notation given (`notation`, else move text).
  function movesText(pv) {
    return (pv || []).map((mv) => mv.notation || mv.text).join(" ");
  }

  // Draws the bar for `score` (first team's view; null: level).
  function showBar(score) {
    const fill = byId("eval-fill");
    const label = byId("eval-text");
    const value = share(score);
    if (fill) fill.style.height = `${value.toFixed(1)}%`;
    if (label) label.textContent = score ? text(score) : "";
    const bar = byId("eval-bar");
    if (bar) {
      bar.dataset.share = value.toFixed(1);
      bar.title = score ? `${text(score)} (the first side's view)` : "no analysis yet";
    }
  }

  // Shows an `analysis` message analysed at `currentState`'s position.
  function show(message, currentState) {
    const board = currentState && currentState.board;
    analysed = board ? board.position : null;
    const exact = exactLines(message.lines);
    let best = null;
    if (exact.length) best = exact[0].score;
    else if (!(message.lines || []).length && message.score) best = message.score;
    if (best) lastScore = firstTeamView(best, board);
    byId("score").textContent = lastScore ? text(lastScore) : "-";
    byId("depth").textContent = exact.length ? exact[0].depth : (message.depth ?? "-");
    showBar(lastScore);
    byId("lines").replaceChildren(...exact.map((line) => {
      const item = document.createElement("li");
      const score = document.createElement("b");
      score.className = "line-score";
      score.textContent = text(firstTeamView(line.score, board));
      item.append(score, ` ${movesText(line.pv)}`);
      return item;
    }));
  }

  // A new analysis starts: nothing known yet.
  function reset() {
    lastScore = null;
    byId("score").textContent = "-";
    byId("depth").textContent = "-";
    byId("lines").replaceChildren();
    showBar(null);
  }

  // A state drawn: an analysis of another position is cleared away.
  function follow(current) {
    if (analysed !== null && current && current.board.position !== analysed) {
      analysed = null;
      reset();
    }
  }

  return { show, reset, follow, showBar, text, share, exactLines, firstTeamView, movesText };
})();
