// Augur's pieces: original SVG drawings of every piece of the four games
// (chess, Ultima, Oracle chess, Enochian chess), the pools beside an Oracle
// board and the die of Enochian divination. Original work under the
// project's MIT licence (docs/web-board.md, "Pieces").
//
// window.AugurPieces:
//   piece(variant, square) -> <svg> for one SquareView of the board message
//   pool(variant, pool)    -> <div> showing one PoolView as small pieces
//   die(value)             -> <svg> die face ("not_rolled", {rolled: n}, n)
// Every element is built with createElementNS; text from the server only
// ever goes into textContent.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  // Pattern ids must be unique in the document: one serial per drawing.
  let serial = 0;

  /** An SVG element with attributes and children. */
  function el(tag, attrs, children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, String(value));
    for (const child of children || []) node.appendChild(child);
    return node;
  }

  /** `table[key]` if `table` has that key itself (server text never
   * reaches inherited properties such as "constructor"). */
  const own = (table, key) => (Object.prototype.hasOwnProperty.call(table, key) ? table[key]
    : undefined);

  /** "long leaper" -> "Long leaper"; "lord" -> "Lord". */
  const capitalise = (text) => text ? text[0].toUpperCase() + text.slice(1) : "";

  // --- Colours ---------------------------------------------------------------
  // Light pieces: light fill, dark outline. Dark pieces: dark fill, a dark
  // rim outside and a light line just inside it, so both read on light and
  // dark squares alike.
  const SCHEMES = {
    white: { fill: "#f8f4ea", edge: "#1a1a1a", line: "#1a1a1a", dark: false, hatch: "#8d8778" },
    black: { fill: "#2a2623", edge: "#0c0c0c", line: "#ece3cf", dark: true, hatch: "#6f685e" },
    yellow: { fill: "#f4c933", edge: "#352700", line: "#352700", dark: false, hatch: "#9c7f1a" },
    blue: { fill: "#2a5bd1", edge: "#081532", line: "#e6edff", dark: true, hatch: "#8ea7e6" },
    red: { fill: "#d12f2f", edge: "#2e0505", line: "#ffe9e4", dark: true, hatch: "#f0a0a0" },
  };
  const ARMY_SCHEME = { yellow: "yellow", blue: "blue", red: "red", black: "black" };

  // --- Silhouettes (viewBox 0 0 100 100, standing on y = 90) ----------------
  // Each kind: `parts` (filled, outlined; drawn in order, later parts over
  // earlier ones) and `details` (lines or dots in the scheme's line colour).
  // A part is a path string or {circle: [cx, cy, r]}; a detail a path
  // string or {dot: [cx, cy, r]}.
  const BASE = "M20 91 H80 V86 Q80 79 73 79 H27 Q20 79 20 86 Z";
  const SMALL_BASE = "M26 91 H74 V86 Q74 80 68 80 H32 Q26 80 26 86 Z";
  const SHAPES = {
    pawn: {
      parts: [
        "M35 81 Q39 64 44 56 H56 Q61 64 65 81 Z",
        SMALL_BASE,
        "M36 59 Q36 52 43 52 H57 Q64 52 64 59 Z",
        { circle: [50, 39, 13] },
      ],
      details: [],
    },
    rook: {
      parts: [
        "M31 80 L34 42 H66 L69 80 Z",
        BASE,
        "M27 44 V18 H38 V27 H45 V18 H55 V27 H62 V18 H73 V44 Z",
      ],
      details: ["M34 70 H66", "M29 37 H71"],
    },
    bishop: {
      parts: [
        "M34 80 Q39 64 43 56 H57 Q61 64 66 80 Z",
        BASE,
        "M34 58 Q34 52 40 52 H60 Q66 52 66 58 Z",
        { circle: [50, 13, 5] },
        "M50 17 Q68 30 64 44 Q61 53 50 53 Q39 53 36 44 Q32 30 50 17 Z",
      ],
      details: ["M55 27 L45 40", "M38 66 H62"],
    },
    knight: {
      parts: [
        BASE,
        "M31 80 Q31 65 42 55 L27 60 Q17 61 15 53 Q14 47 24 39 L35 24 L39 10 L47 20 "
          + "Q67 21 74 43 Q79 62 73 80 Z",
      ],
      details: [{ dot: [35, 33, 3] }, "M47 22 Q65 28 66 58", { dot: [20, 51, 1.8] }],
    },
    queen: {
      parts: [
        "M30 80 L19 37 L37 58 L34 27 L46 54 L50 22 L54 54 L66 27 L63 58 L81 37 L70 80 Z",
        BASE,
        { circle: [19, 35, 5] }, { circle: [34, 25, 5] }, { circle: [50, 19, 5.5] },
        { circle: [66, 25, 5] }, { circle: [81, 35, 5] },
      ],
      details: ["M31 70 H69"],
    },
    king: {
      parts: [
        "M46 8 H54 V16 H62 V24 H54 V40 H46 V24 H38 V16 H46 Z",
        "M30 80 Q27 62 22 54 Q16 40 32 37 Q44 35 50 47 Q56 35 68 37 Q84 40 78 54 "
          + "Q73 62 70 80 Z",
        BASE,
      ],
      details: ["M31 69 H69", "M50 47 V66"],
    },
    // Ultima.
    // Withdrawer: captures by stepping straight away from its victim: a
    // bold arrow pointing away.
    withdrawer: {
      parts: [
        "M38 80 Q38 66 44 62 H56 Q62 66 62 80 Z",
        BASE,
        "M50 8 L77 37 H60 V66 H40 V37 H23 Z",
      ],
      details: [],
    },
    // Long leaper: leaps over pieces in a line: an arch over a jumped dot.
    "long leaper": {
      parts: [
        "M14 84 Q18 18 56 16 Q76 16 84 40 L92 36 L86 66 L66 48 L74 46 Q68 32 56 32 "
          + "Q32 34 30 84 Z",
        "M10 91 H34 V84 H10 Z",
      ],
      details: [],
      marks: [[58, 72, 8]],
    },
    // Coordinator: captures at the crossing of its rank with its King's
    // file: a block with a cross-hair through it.
    coordinator: {
      parts: [
        BASE,
        "M45 9 H55 V80 H45 Z",
        "M11 44 H89 V54 H11 Z",
        "M24 23 H76 V75 H24 Z",
      ],
      details: ["M50 26 V72", "M27 49 H73", { dot: [50, 49, 5] }],
    },
    // Chameleon: takes each enemy the way that enemy takes: a patterned
    // piece of many colours.
    chameleon: {
      parts: [
        BASE,
        "M50 10 L80 45 L50 80 L20 45 Z",
      ],
      details: [],
      patches: [[50, 27, 7, "#3aa655"], [38, 46, 7, "#ef8a17"], [62, 46, 7, "#8e44ad"],
                [50, 64, 7, "#1f9bd1"]],
    },
    // Pincer: a pawn-like piece with jaws (captures by custodian capture).
    pincer: {
      parts: [
        "M35 81 Q39 66 44 58 H56 Q61 66 65 81 Z",
        SMALL_BASE,
        "M36 58 Q20 44 27 26 Q32 13 46 11 L41 22 Q33 34 46 48 H54 Q67 34 59 22 L54 11 "
          + "Q68 13 73 26 Q80 44 64 58 Z",
      ],
      details: ["M43 64 H57"],
    },
    // Immobilizer: freezes what it touches: a heavy padlock.
    immobilizer: {
      parts: [
        "M30 46 V32 Q30 12 50 12 Q70 12 70 32 V46 H60 V32 Q60 22 50 22 Q40 22 40 32 V46 Z",
        "M20 44 H80 V88 H20 Z",
      ],
      details: [{ dot: [50, 60, 6] }, "M50 62 V76"],
    },
  };

  // What each game's pieces (in words) are drawn as.
  const ORACLE_BODY = { lord: "king", priestess: "queen", chariot: "rook", elephant: "bishop",
                        horse: "knight", soldier: "pawn" };
  const SOUL_LETTER = { lord: "L", chariot: "C", elephant: "E", horse: "H", soldier: "S" };
  const PAWN_LETTER = { king: "K", queen: "Q", rook: "R", bishop: "B", knight: "N", pawn: "P" };

  /** The drawing of one silhouette `kind` in `scheme` (a <g>); `lifeless`
   * bodies are hatched with a dashed outline and no inner lines. */
  function figure(kind, scheme, lifeless) {
    const shape = own(SHAPES, kind);
    const group = el("g", { class: `figure${shape ? "" : " unknown"}` });
    group.dataset.kind = kind;
    if (!shape) {
      group.appendChild(el("circle", { cx: 50, cy: 50, r: 32, fill: scheme.fill,
                                       stroke: scheme.edge, "stroke-width": 4 }));
      return group;
    }
    let fill = scheme.fill;
    if (lifeless) {
      const id = `augur-hatch-${++serial}`;
      group.appendChild(el("defs", {}, [
        el("pattern", { id, width: 7, height: 7, patternUnits: "userSpaceOnUse",
                        patternTransform: "rotate(45)" }, [
          el("rect", { width: 7, height: 7, fill: scheme.fill }),
          el("rect", { width: scheme.dark ? 2.2 : 2.8, height: 7, fill: scheme.hatch }),
        ]),
      ]));
      fill = `url(#${id})`;
    }
    const round = { "stroke-linejoin": "round", "stroke-linecap": "round" };
    for (const part of shape.parts) {
      const geometry = typeof part === "string" ? ["path", { d: part }]
        : ["circle", { cx: part.circle[0], cy: part.circle[1], r: part.circle[2] }];
      if (lifeless) {
        group.appendChild(el(geometry[0], { ...geometry[1], ...round, fill, class: "body lifeless",
          stroke: scheme.dark ? scheme.line : scheme.edge, "stroke-width": scheme.dark ? 2.4 : 3.2,
          "stroke-dasharray": "6 4" }));
      } else if (scheme.dark) {
        group.appendChild(el(geometry[0], { ...geometry[1], ...round, fill, class: "body",
          stroke: scheme.edge, "stroke-width": 6 }));
        group.appendChild(el(geometry[0], { ...geometry[1], ...round, fill: "none",
          class: "inner", stroke: scheme.line, "stroke-width": 1.6 }));
      } else {
        group.appendChild(el(geometry[0], { ...geometry[1], ...round, fill, class: "body",
          stroke: scheme.edge, "stroke-width": 3.5 }));
      }
    }
    if (lifeless) return group;
    for (const [cx, cy, r, colour] of shape.patches || []) {
      group.appendChild(el("circle", { cx, cy, r, fill: colour, stroke: scheme.edge,
                                       "stroke-width": 1.5, class: "patch" }));
    }
    for (const detail of shape.details) {
      group.appendChild(typeof detail === "string"
        ? el("path", { d: detail, fill: "none", stroke: scheme.line, "stroke-width": 2.6,
                       ...round, class: "detail" })
        : el("circle", { cx: detail.dot[0], cy: detail.dot[1], r: detail.dot[2],
                         fill: scheme.line, class: "detail" }));
    }
    // Marks: a piece the drawing is about (the Long leaper's jumped one),
    // in neither side's colour.
    for (const [cx, cy, r] of shape.marks || []) {
      group.appendChild(el("circle", { cx, cy, r, fill: "#9a9488", stroke: "#1a1a1a",
                                       "stroke-width": 2, class: "mark" }));
    }
    return group;
  }

  /** An <svg> filling its square, titled `title`. */
  function frame(title, className) {
    const svg = el("svg", { viewBox: "0 0 100 100", class: className, role: "img" });
    const caption = el("title");
    caption.textContent = title;
    svg.appendChild(caption);
    svg.setAttribute("aria-label", title);
    return svg;
  }

  /** A <g> scaling its content by `scale` about the top left, moved by dx, dy. */
  const placed = (child, dx, dy, scale) =>
    el("g", { transform: `translate(${dx} ${dy}) scale(${scale})` }, [child]);

  /** A round badge at cx, cy of radius r with `letter`. */
  function badge(cx, cy, r, letter, fill, ink, ring, className) {
    const text = el("text", { x: cx, y: cy + r * 0.36, "text-anchor": "middle",
      "font-size": r * 1.05, "font-weight": 700, "font-family": "system-ui, sans-serif",
      fill: ink });
    text.textContent = letter;
    return el("g", { class: className }, [
      el("circle", { cx, cy, r, fill, stroke: ring, "stroke-width": 2 }),
      text,
    ]);
  }

  /** A soul's badge (souls have no colour; the Lord's soul is gold). */
  const soulBadge = (soul, cx, cy, r) => soul === "lord"
    ? badge(cx, cy, r, own(SOUL_LETTER, soul) || "?", "#f2c230", "#2a1e00", "#2a1e00", "soul-badge soul-lord")
    : badge(cx, cy, r, own(SOUL_LETTER, soul) || "?", "#2f7d6d", "#ffffff", "#ffffff", `soul-badge soul-${soul}`);

  /** A small gold crown above a piece: it hosts the Lord's soul. */
  function crown() {
    return el("path", { class: "crown", d: "M36 15 L33 3 L42 9 L50 1 L58 9 L67 3 L64 15 Z",
      fill: "#f2c230", stroke: "#2a1e00", "stroke-width": 1.8, "stroke-linejoin": "round" });
  }

  // The colour name a team plays (chess, Ultima, Oracle).
  const teamScheme = (team) => (String(team).toLowerCase() === "black" ? "black" : "white");

  /** "the Lord's soul", "the Chariot and Elephant souls", "two Horse souls". */
  function soulsInWords(souls) {
    if (souls.length === 1) return `the ${capitalise(souls[0])}'s soul`;
    const counts = new Map();
    for (const soul of souls) counts.set(soul, (counts.get(soul) || 0) + 1);
    const names = [...counts].map(([soul, n]) =>
      (n > 1 ? `${["", "", "two", "three"][n] || n} ` : "") + capitalise(soul));
    const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`
      : names[0];
    return `${counts.size > 1 ? "the " : ""}${listed} souls`;
  }

  function chessPiece(square) {
    const colour = teamScheme(square.team);
    const kind = String(square.piece);
    const svg = frame(`${capitalise(colour)} ${kind}`, `augur-piece ${colour}`);
    svg.appendChild(figure(kind, SCHEMES[colour], false));
    return svg;
  }

  function oraclePiece(square) {
    const colour = teamScheme(square.team);
    const body = String(square.piece);
    const souls = (square.souls || []).map(String);
    const lifeless = Boolean(square.lifeless);
    // A body normally hosts its own soul: only other souls get badges (all
    // of a Priestess's, who has no soul of her own).
    const shown = lifeless || (souls.length === 1 && souls[0] === body) ? [] : souls;
    const title = `${lifeless ? "lifeless " : ""}${capitalise(colour)} ${capitalise(body)}`
      + (shown.length ? ` hosting ${soulsInWords(shown)}` : "");
    const svg = frame(title, `augur-piece oracle ${colour}${lifeless ? " lifeless" : ""}`);
    svg.appendChild(placed(figure(own(ORACLE_BODY, body) || body, SCHEMES[colour], lifeless),
                           8, 8, 0.84));
    if (souls.includes("lord")) svg.appendChild(crown());
    const r = [0, 14, 12.5, 11][shown.length] || 10;
    shown.forEach((soul, i) => {
      const cx = 50 + (i - (shown.length - 1) / 2) * (2 * r + 1);
      svg.appendChild(soulBadge(soul, cx, 100 - r - 0.5, r));
    });
    return svg;
  }

  function enochianPiece(square) {
    const army = String(square.army || "");
    const scheme = SCHEMES[own(ARMY_SCHEME, army) || "white"];
    const kind = String(square.piece);
    const named = (k) => (k === "pawn" ? "pawn" : capitalise(k));
    let title = `${capitalise(army)} ${named(kind)}`;
    if (kind === "pawn" && square.pawn_of) title += ` of the ${named(String(square.pawn_of))}`;
    const partner = square.partner ? String(square.partner) : null;
    if (partner) title += ` sharing its throne with the ${capitalise(army)} ${named(partner)}`;
    const svg = frame(title, `augur-piece enochian army-${army}`);
    if (partner) {
      svg.appendChild(placed(figure(kind, scheme, false), -12, 31, 0.68));
      svg.appendChild(placed(figure(partner, scheme, false), 38, 31, 0.68));
    } else if (kind === "pawn" && square.pawn_of) {
      // A pawn of a piece: the pawn a little left, the piece's letter in a
      // badge at its right foot.
      svg.appendChild(placed(figure(kind, scheme, false), -6, 0, 1));
      svg.appendChild(badge(79, 77, 18, own(PAWN_LETTER, String(square.pawn_of)) || "?", "#ffffff", "#111111",
                            "#111111", "pawn-badge"));
    } else {
      svg.appendChild(figure(kind, scheme, false));
    }
    return svg;
  }

  /** The drawing of one occupied square (a SquareView) of `variant`. */
  function piece(variant, square) {
    if (variant === "oracle") return oraclePiece(square);
    if (variant === "enochian") return enochianPiece(square);
    return chessPiece(square);
  }

  /** One pool (Oracle's earth of a colour, or the underworld) as small
   * pieces each with its count. */
  function pool(variant, given) {
    const box = document.createElement("div");
    box.className = `augur-pool pool-${String(given.name).replace(/\W+/g, "-")}`;
    const heading = document.createElement("span");
    heading.className = "pool-name";
    heading.textContent = given.team ? `${capitalise(String(given.team))}'s ${given.name}`
      : capitalise(String(given.name));
    box.appendChild(heading);
    const contents = given.contents || [];
    if (!contents.length) {
      const empty = document.createElement("span");
      empty.className = "pool-empty";
      empty.textContent = "empty";
      box.appendChild(empty);
    }
    for (const item of contents) {
      const entry = document.createElement("span");
      entry.className = "pool-item";
      const name = String(item.name);
      const text = String(item.text);
      let drawing;
      if (variant === "oracle" && !given.team) {
        drawing = frame(`${capitalise(name)} soul`, "augur-piece soul");
        drawing.appendChild(soulBadge(name, 50, 50, 38));
      } else {
        const colour = text && text === text.toUpperCase() ? "white" : "black";
        drawing = frame(`${capitalise(colour)} ${capitalise(name)} body`, `augur-piece ${colour}`);
        drawing.appendChild(figure(own(ORACLE_BODY, name) || name, SCHEMES[colour], false));
      }
      entry.appendChild(drawing);
      const count = document.createElement("span");
      count.className = "pool-count";
      count.textContent = `×${Number(item.count) || 0}`;
      entry.appendChild(count);
      entry.title = `${drawing.getAttribute("aria-label")} ×${Number(item.count) || 0}`;
      box.appendChild(entry);
    }
    return box;
  }

  // Pip places of each face: corners, middles and centre of a 3x3 grid.
  const PIPS = {
    1: [[50, 50]],
    2: [[72, 28], [28, 72]],
    3: [[72, 28], [50, 50], [28, 72]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
    6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
  };

  /** A die face: `value` is "not_rolled" (or null), {rolled: n} or n. */
  function die(value) {
    const n = value && typeof value === "object" ? Number(value.rolled) : Number(value);
    const rolled = Number.isInteger(n) && n >= 1 && n <= 6;
    const svg = frame(rolled ? `Die showing ${n}` : "Die not rolled",
                      `augur-die${rolled ? "" : " not-rolled"}`);
    svg.dataset.value = rolled ? String(n) : "";
    svg.appendChild(el("rect", { x: 6, y: 6, width: 88, height: 88, rx: 16, class: "face",
      fill: rolled ? "#fbfaf6" : "#e4e0d6", stroke: "#2f3b45", "stroke-width": 4,
      "stroke-dasharray": rolled ? "none" : "8 5" }));
    if (rolled) {
      for (const [cx, cy] of PIPS[n]) {
        svg.appendChild(el("circle", { cx, cy, r: 9, class: "pip", fill: "#1c1c1c" }));
      }
    } else {
      const mark = el("text", { x: 50, y: 66, "text-anchor": "middle", "font-size": 46,
        "font-weight": 700, "font-family": "system-ui, sans-serif", fill: "#5b6670" });
      mark.textContent = "?";
      svg.appendChild(mark);
    }
    return svg;
  }

  window.AugurPieces = Object.freeze({ piece, pool, die });
})();
