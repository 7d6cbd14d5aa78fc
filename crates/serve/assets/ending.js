// The game's end: the result in words ("White wins: checkmate", "Red and
// Yellow win: both Kings taken", "Draw: stalemate") in a dialog when the
// game ends, then kept short in the status line (the "To move" line is
// hidden once the game is over); and the confirmation asked before a
// resignation.
"use strict";

const GameEnd = (() => {
  const byId = (id) => document.getElementById(id);
  // Team names as the engine writes them, as people read them.
  const TEAM_WORDS = { RedYellow: "Red and Yellow", BlueBlack: "Blue and Black" };
  // Reasons the engine gives, in words where its own are terse.
  const REASONS = {
    "move rule": "the move-count rule",
    repetition: "repetition of the position",
    "insufficient material": "insufficient material to mate",
    "round limit": "the round limit",
  };
  // The game end the dialog was last opened for (not again for it) and
  // its number of moves.
  let announced = null;
  let onConfirm = null;

  // A team's name in words ("RedYellow" -> "Red and Yellow").
  function teamWords(team) {
    return TEAM_WORDS[team] || team;
  }

  // Whether the team's name is plural in words ("Red and Yellow win").
  function plural(team) {
    return teamWords(team).includes(" and ");
  }

  // The reason in words: team names spelled out, "X resigns" agreeing with
  // a two-army team, an army's name capitalised.
  function reasonWords(reason) {
    let words = REASONS[reason] || reason || "";
    for (const [name, spelled] of Object.entries(TEAM_WORDS)) {
      words = words.replace(new RegExp(`\\b${name} resigns\\b`), `${spelled} resign`)
        .replace(new RegExp(`\\b${name}\\b`, "g"), spelled);
    }
    return words.replace(/^(yellow|blue|red|black)\b/, (army) => army[0].toUpperCase() + army.slice(1));
  }

  // The result (`{winner, reason}`) in words.
  function resultWords(result) {
    if (!result) return "";
    const reason = reasonWords(result.reason);
    const headline = result.winner
      ? `${teamWords(result.winner)} ${plural(result.winner) ? "win" : "wins"}`
      : "Draw";
    return reason ? `${headline}: ${reason}` : headline;
  }

  function resultOf(current) {
    return current ? current.board.result || current.over || null : null;
  }

  // The status line's text for `current`, opening the dialog when the
  // game has just ended and hiding "To move" while it is over.
  function statusText(current) {
    const result = resultOf(current);
    const line = byId("to-move-line");
    if (line) line.hidden = Boolean(result);
    if (!result) {
      // Taken back or a new game: the next end is announced again.
      if (announced && announced.moves !== current.moves.length) announced = null;
      return "";
    }
    const words = resultWords(result);
    const key = `${current.variant} ${current.start || ""} ${current.moves.length} ${words}`;
    if (!announced || announced.key !== key) {
      announced = { key, moves: current.moves.length };
      announce(words);
    }
    return words;
  }

  function announce(words) {
    const dialog = byId("result-dialog");
    byId("result-text").textContent = words;
    if (dialog && !dialog.open && dialog.showModal) dialog.showModal();
    if (typeof EvalGraph === "object") EvalGraph.request();
  }

  // Asks before resigning; `resign` runs only on confirmation.
  function confirmResign(resign) {
    const dialog = byId("resign-dialog");
    if (!dialog || !dialog.showModal) return;
    onConfirm = resign;
    dialog.showModal();
    byId("resign-cancel").focus();
  }

  byId("result-close").addEventListener("click", () => byId("result-dialog").close());
  byId("resign-cancel").addEventListener("click", () => {
    onConfirm = null;
    byId("resign-dialog").close();
  });
  byId("resign-confirm").addEventListener("click", () => {
    const resign = onConfirm;
    onConfirm = null;
    byId("resign-dialog").close();
    if (resign) resign();
  });
  byId("resign-dialog").addEventListener("close", () => { onConfirm = null; });

  return { statusText, resultWords, teamWords, confirmResign };
})();
