// The evaluation graph: asked for when the game ends or with the
// "Evaluation graph" button (the page sends {"type":"graph"}; the server
// scores every position with a short search and answers {"type":"graph",
// "scores":[{"ply":0,"cp":..}|{"ply":k,"mate":..},...]}, the first team's
// view). Drawn as an SVG area chart, the first team's share rising up, a
// marker at the ply shown; clicking the chart shows that position through
// window.showPly(n) when the board offers it.
"use strict";

const EvalGraph = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const WIDTH = 400;
  const HEIGHT = 120;
  const PAD = 6;
  const byId = (id) => document.getElementById(id);
  // The game the graph is of (variant, start, moves), and its points.
  let drawnFor = null;
  let points = [];
  let asked = null;
  let marked = null;
  // The sockets already listened to (a reconnection makes a new one).
  const listened = new WeakSet();

  // The game `current` shows, as one key (rolls alone left out).
  function gameKey(current) {
    const moves = (current.moves || []).filter((m) => !m.endsWith(":"));
    return JSON.stringify([current.variant, current.start || "", moves]);
  }

  const completeMoves = (current) => (current.moves || []).filter((m) => !m.endsWith(":")).length;

  // A point's share of the height (the first team's view, as the bar).
  function share(score) {
    if ("mate" in score) return score.mate >= 0 ? 100 : 0;
    return 100 / (1 + Math.exp(-score.cp / 250));
  }

  function scoreWords(score) {
    if ("mate" in score) return `#${score.mate}`;
    if (Math.abs(score.cp) >= 30000) return score.cp > 0 ? "won" : "lost";
    const pawns = score.cp / 100;
    return pawns === 0 ? "0.00" : `${pawns > 0 ? "+" : "-"}${Math.abs(pawns).toFixed(2)}`;
  }

  function element(name, attributes) {
    const made = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
    return made;
  }

  const last = () => (points.length ? points[points.length - 1].ply : 0);
  const x = (ply) => PAD + (last() ? ply / last() : 0) * (WIDTH - 2 * PAD);
  const y = (score) => HEIGHT - PAD - share(score) / 100 * (HEIGHT - 2 * PAD);

  // Listens for the server's `graph` reply on the page's socket.
  function listen() {
    if (typeof socket === "undefined" || !socket || listened.has(socket)) return;
    listened.add(socket);
    socket.addEventListener("message", (event) => {
      let message = null;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && message.type === "graph") show(message);
    });
  }

  // Asks the server for the graph of the game shown.
  function request() {
    if (typeof state === "undefined" || !state || typeof send !== "function") return;
    listen();
    asked = gameKey(state);
    byId("graph-panel").hidden = false;
    byId("graph-status").textContent = "Evaluating every position…";
    send({ type: "graph" });
  }

  // Draws a `graph` message.
  function show(message) {
    points = (message.scores || []).filter((p) => p && typeof p.ply === "number");
    drawnFor = asked;
    byId("graph-panel").hidden = false;
    byId("graph-status").textContent = points.length
      ? "Click the graph to see a position." : "No position could be scored.";
    draw();
    mark(last());
    // The request ended a running analysis: it starts again.
    if (typeof analysing !== "undefined" && analysing && typeof startAnalysis === "function") startAnalysis();
  }

  function draw() {
    const svg = byId("eval-graph");
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.replaceChildren();
    svg.appendChild(element("rect", { class: "graph-back", x: 0, y: 0, width: WIDTH, height: HEIGHT }));
    svg.appendChild(element("line", { class: "graph-middle", x1: 0, x2: WIDTH, y1: HEIGHT / 2, y2: HEIGHT / 2 }));
    if (!points.length) return;
    const path = points.map((p) => `${x(p.ply).toFixed(1)},${y(p).toFixed(1)}`);
    const bottom = HEIGHT - PAD;
    svg.appendChild(element("polygon", {
      class: "graph-area",
      points: `${x(points[0].ply).toFixed(1)},${bottom} ${path.join(" ")} ${x(last()).toFixed(1)},${bottom}`,
    }));
    svg.appendChild(element("polyline", { class: "graph-line", points: path.join(" ") }));
    svg.appendChild(element("line", { id: "graph-marker", class: "graph-marker", x1: 0, x2: 0, y1: 0, y2: HEIGHT }));
    // Dots shrink as the game grows (the whole chart is a click target).
    const radius = points.length > 60 ? 1.6 : points.length > 30 ? 2.2 : 3;
    for (const p of points) {
      const dot = element("circle", { class: "graph-point", cx: x(p.ply), cy: y(p), r: radius });
      dot.dataset.ply = String(p.ply);
      const title = element("title", {});
      title.textContent = `after ${p.ply} ${p.ply === 1 ? "ply" : "plies"}: ${scoreWords(p)}`;
      dot.appendChild(title);
      svg.appendChild(dot);
    }
  }

  // Puts the marker at `ply`.
  function mark(ply) {
    marked = ply;
    const marker = byId("graph-marker");
    if (!marker) return;
    marker.setAttribute("x1", x(ply));
    marker.setAttribute("x2", x(ply));
    byId("eval-graph").dataset.marked = String(ply);
  }

  // The ply nearest a click at `clientX`.
  function plyAt(clientX) {
    const box = byId("eval-graph").getBoundingClientRect();
    const along = ((clientX - box.left) / box.width) * WIDTH;
    let best = points[0];
    for (const p of points) if (Math.abs(x(p.ply) - along) < Math.abs(x(best.ply) - along)) best = p;
    return best.ply;
  }

  byId("eval-graph").addEventListener("click", (event) => {
    if (!points.length) return;
    const dot = event.target.closest && event.target.closest("[data-ply]");
    const ply = dot ? Number(dot.dataset.ply) : plyAt(event.clientX);
    mark(ply);
    if (typeof showPly === "function") showPly(ply);
  });
  byId("graph-button").addEventListener("click", request);

  // A state drawn: a graph of another game (a new game, a take-back) is
  // put away; the marker follows the game's end while it is not stepped.
  function sync(current) {
    if (!current || drawnFor === null || byId("graph-panel").hidden) return;
    if (gameKey(current) !== drawnFor) {
      byId("graph-panel").hidden = true;
      drawnFor = null;
      points = [];
    } else if (marked === null) {
      mark(completeMoves(current));
    }
  }

  return { request, show, mark, sync, get points() { return points; } };
})();
