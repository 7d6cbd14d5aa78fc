// Augur's board page: the game's settings, stored with the game. Who plays
// which side, the engine's level and time, the second engine: the page
// sends them (`settings`) with the names the PGN gives the players
// (`players`: "Person", "Augur 2000", "Augur (full strength)"), and takes
// them back from a stored game it resumes, so a reload, another device or
// a restarted server continues the game as it was set up.
"use strict";

const Settings = (() => {
  // The controls whose values are stored, by element id.
  const SELECTS = ["level", "level-b", "side", "clock", "army-yellow", "army-blue", "army-red", "army-black"];
  // The game whose stored settings the controls show.
  let appliedFor = null;
  // Whether the engines played this game against each other (Watch) and
  // the person has not moved since: its players stay the two engines.
  let watched = false;

  // The settings as the controls show them.
  function current() {
    const values = {};
    for (const id of SELECTS) values[id] = $(id).value;
    values.movetime = Number($("movetime").value) || 500;
    values.engine_plays = $("engine-plays").checked;
    return values;
  }

  // Puts stored settings back into the controls (values the controls do
  // not offer are left as they are).
  function apply(stored) {
    for (const id of SELECTS) {
      const value = stored[id];
      if (typeof value === "string" && [...$(id).options].some((option) => option.value === value)) {
        $(id).value = value;
      }
    }
    if (Number.isFinite(stored.movetime)) $("movetime").value = String(stored.movetime);
    if (typeof stored.engine_plays === "boolean") $("engine-plays").checked = stored.engine_plays;
  }

  // An engine at a level, as a player's name.
  function engineName(level) {
    return level === "" ? "Augur (full strength)" : `Augur ${level}`;
  }

  // Who plays each team, for the PGN tags: engines by level, the person
  // as "Person"; a team shared between both, both names.
  function players(game) {
    const names = {};
    const mine = personSides();
    watched = watched || watching;
    game.board.teams.forEach((team, index) => {
      if (watched) {
        names[team] = engineName(index === 0 ? $("level").value : $("level-b").value);
        return;
      }
      const sides = game.board.seats.filter((seat) => teamOf(seat) === team);
      const person = !$("engine-plays").checked || sides.some((side) => mine.includes(side));
      const engine = $("engine-plays").checked && sides.some((side) => !mine.includes(side));
      names[team] = [person && "Person", engine && engineName($("level").value)].filter(Boolean).join(" and ");
    });
    return names;
  }

  // Whether two flat objects hold the same values (the server may give
  // the keys back in another order).
  function sameValues(a, b) {
    if (!a || !b) return a === b;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => a[key] === b[key]);
  }

  // Sends the settings and players when they differ from the game's
  // (never for a finished game: its players are history); returns whether
  // it sent them (a state will answer).
  function sync() {
    if (!state || gameOver()) return false;
    const wanted = { settings: current(), players: players(state) };
    const stored = { settings: state.settings || null, players: state.players || {} };
    if (sameValues(wanted.settings, stored.settings) && sameValues(wanted.players, stored.players)) return false;
    send({ type: "settings", ...wanted });
    return true;
  }

  // Called with every state: a game seen for the first time (a resumed
  // one) sets the controls from what was stored with it.
  function received(game) {
    if (game.id !== appliedFor) {
      appliedFor = game.id;
      watched = false;
      if (game.settings && typeof game.settings === "object") apply(game.settings);
    }
  }

  // A change of setting is stored at once unless a request is in flight
  // (the engine thinking): then with the next state that leaves the page
  // idle.
  function listen() {
    for (const id of [...SELECTS, "movetime", "engine-plays"]) {
      $(id).addEventListener("change", () => { if (!busy || analysing) sync(); });
    }
  }

  // The person moved: the game is the person's again.
  function personMoved() {
    watched = false;
  }

  return { current, received, sync, listen, players, personMoved };
})();
