"use strict";
// The past games page: the stored games (GET /api/games), newest first,
// each with Open (/game/<id>), PGN (a download) and Delete.

const NAMES = { chess: "Chess", ultima: "Ultima", oracle: "Oracle chess", enochian: "Enochian chess" };

function cell(row, text) {
  const td = document.createElement("td");
  td.textContent = text;
  row.append(td);
  return td;
}

function link(text, href, className) {
  const a = document.createElement("a");
  a.textContent = text;
  a.href = href;
  a.className = className;
  return a;
}

function players(game) {
  // White first; a team named by its armies ("BlueBlack") in words.
  const order = (team) => (team === "White" ? 0 : team === "Black" ? 1 : 2);
  const words = (team) => team.replace(/([a-z])([A-Z])/g, "$1 and $2");
  const names = Object.entries(game.players)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([team, name]) => `${name} (${words(team)})`);
  return names.length ? names.join(", ") : "Person, Augur";
}

function row(game) {
  const tr = document.createElement("tr");
  tr.dataset.id = game.id;
  if (game.unreadable) {
    tr.className = "unreadable";
    cell(tr, NAMES[game.variant] || game.variant || "?");
    cell(tr, "");
    cell(tr, "");
    cell(tr, `unreadable: ${game.unreadable}`);
    cell(tr, game.updated ? new Date(game.updated).toLocaleString() : "");
  } else {
    cell(tr, NAMES[game.variant] || game.variant);
    cell(tr, players(game));
    cell(tr, String(game.moves));
    cell(tr, game.result || "in progress");
    cell(tr, new Date(game.updated).toLocaleString());
  }
  const actions = cell(tr, "");
  actions.className = "actions";
  if (!game.unreadable) {
    actions.append(link("Open", `/game/${encodeURIComponent(game.id)}`, "open"));
    const pgn = link("PGN", `/api/games/${encodeURIComponent(game.id)}/pgn`, "pgn");
    pgn.download = `augur-${game.id}.pgn`;
    actions.append(" ", pgn, " ");
  }
  const remove = document.createElement("button");
  remove.textContent = "Delete";
  remove.className = "delete";
  remove.addEventListener("click", () => deleteGame(game, tr));
  actions.append(remove);
  return tr;
}

async function deleteGame(game, tr) {
  if (!confirm(`Delete this ${NAMES[game.variant] || "game"} game for good?`)) return;
  const response = await fetch(`/api/games/${encodeURIComponent(game.id)}`, { method: "DELETE" });
  if (response.ok || response.status === 404) {
    tr.remove();
    if (!document.querySelector("#games tbody tr")) show([]);
  } else {
    document.getElementById("games-status").textContent = `cannot delete: ${await response.text()}`;
  }
}

function show(games) {
  const status = document.getElementById("games-status");
  const table = document.getElementById("games");
  status.textContent = games.length ? `${games.length} game${games.length === 1 ? "" : "s"}` : "No stored games yet.";
  table.hidden = games.length === 0;
  table.querySelector("tbody").replaceChildren(...games.map(row));
}

async function load() {
  try {
    const response = await fetch("/api/games");
    if (!response.ok) throw new Error(await response.text());
    show(await response.json());
  } catch (error) {
    document.getElementById("games-status").textContent = `cannot list the games: ${error.message}`;
  }
}

load();
