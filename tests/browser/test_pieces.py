"""The SVG pieces of the board page (crates/serve/assets/pieces.js,
`window.AugurPieces`): every piece of every game drawn and titled, the
sides told apart by their colours, Oracle's lifeless bodies by their
drawing (not by opacity), the Lord's soul crowned, the die's pips; and
the squares of each game's real start position, as the server sends
them, all drawn by a known silhouette."""
import json

import pytest

CHESS = ["king", "queen", "rook", "bishop", "knight", "pawn"]
ULTIMA = ["king", "withdrawer", "coordinator", "long leaper", "chameleon", "pincer", "immobilizer"]
ORACLE = ["lord", "priestess", "chariot", "elephant", "horse", "soldier"]
ARMIES = ["yellow", "blue", "red", "black"]

# What one drawing looks like, for comparisons: its title, the colours and
# dashes of its outlined parts, its crowns, badges and pips, and anything
# drawn transparent.
DESCRIBE = """(svg) => {
  const body = [...svg.querySelectorAll('.body')].map((e) =>
    [e.getAttribute('fill'), e.getAttribute('stroke'), e.getAttribute('stroke-dasharray')]);
  const fills = body.map(([fill]) => fill.startsWith('url(')
    ? svg.querySelector(fill.slice(4, -1)) && [...svg.querySelector(fill.slice(4, -1))
        .querySelectorAll('rect')].map((r) => r.getAttribute('fill')).join('+')
    : fill);
  return {
    tag: svg.tagName.toLowerCase(),
    viewBox: svg.getAttribute('viewBox'),
    title: svg.querySelector(':scope > title') && svg.querySelector(':scope > title').textContent,
    body, fills,
    unknown: svg.querySelectorAll('.unknown').length,
    kinds: [...svg.querySelectorAll('.figure')].map((g) => g.dataset.kind),
    crowns: svg.querySelectorAll('.crown').length,
    souls: [...svg.querySelectorAll('.soul-badge')].map((b) => b.textContent),
    pawnBadge: [...svg.querySelectorAll('.pawn-badge')].map((b) => b.textContent),
    pips: svg.querySelectorAll('.pip').length,
    text: [...svg.querySelectorAll('text')].map((t) => t.textContent).join(''),
    translucent: [...svg.querySelectorAll('*')].filter((e) => e.hasAttribute('opacity')
      || e.hasAttribute('fill-opacity') || getComputedStyle(e).opacity !== '1').length,
  };
}"""


@pytest.fixture
def pieces(page, server):
    """The served page, with window.AugurPieces loaded; `draw(variant,
    square)` describes one piece's drawing."""
    page.goto(server.url)
    page.wait_for_function("window.AugurPieces !== undefined")

    def draw(variant, square):
        return page.evaluate(f"""([variant, square]) => {{
            const svg = window.AugurPieces.piece(variant, square);
            document.body.appendChild(svg);
            const described = ({DESCRIBE})(svg);
            svg.remove();
            return described;
        }}""", [variant, square])

    page.draw = draw
    return page


def square(piece, team="White", **extra):
    return {"square": "e4", "text": "?", "team": team, "army": None, "piece": piece,
            "pawn_of": None, "partner": None, "souls": [], "lifeless": False, **extra}


@pytest.mark.parametrize("variant,kinds", [("chess", CHESS), ("ultima", ULTIMA)])
def test_every_chess_and_ultima_piece_is_titled_and_its_sides_differ(pieces, variant, kinds):
    seen = set()
    for kind in kinds:
        white = pieces.draw(variant, square(kind, "White"))
        black = pieces.draw(variant, square(kind, "Black"))
        assert white["tag"] == "svg" and white["viewBox"] == "0 0 100 100"
        assert white["title"] == f"White {kind}"
        assert black["title"] == f"Black {kind}"
        assert white["unknown"] == 0 and white["kinds"] == [kind]
        assert white["body"] and set(map(tuple, white["body"])).isdisjoint(map(tuple, black["body"]))
        assert white["translucent"] == 0 and black["translucent"] == 0
        seen.add(json.dumps(white["body"]))
    # Each kind its own drawing: no two kinds share a silhouette's parts.
    shapes = pieces.evaluate("""(kinds) => kinds.map((kind) => {
        const svg = window.AugurPieces.piece('%s', {piece: kind, team: 'White', souls: []});
        return [...svg.querySelectorAll('.body')].map((e) => e.getAttribute('d')
          || ['c', e.getAttribute('cx'), e.getAttribute('cy')].join()).join('|');
    })""" % variant, kinds)
    assert len(set(shapes)) == len(kinds)


def test_oracle_bodies_drawn_as_the_chess_pieces_they_move_like(pieces):
    like = dict(zip(ORACLE, CHESS))
    for body in ORACLE:
        for team in ("White", "Black"):
            souls = ["chariot"] if body == "priestess" else [body]
            drawn = pieces.draw("oracle", square(body, team, souls=souls))
            assert drawn["kinds"] == [like[body]]
            assert drawn["title"].startswith(f"{team} {body.capitalize()}")
            assert drawn["unknown"] == 0


def test_a_body_hosting_its_own_soul_shows_no_badge_others_do(pieces):
    assert pieces.draw("oracle", square("horse", souls=["horse"]))["souls"] == []
    hosted = pieces.draw("oracle", square("horse", souls=["lord"]))
    assert hosted["souls"] == ["L"]
    assert hosted["title"] == "White Horse hosting the Lord's soul"
    priestess = pieces.draw("oracle", square("priestess", "Black", souls=["chariot", "elephant"]))
    assert priestess["souls"] == ["C", "E"]
    assert priestess["title"] == "Black Priestess hosting the Chariot and Elephant souls"
    goddess = pieces.draw("oracle", square("priestess", souls=["chariot", "elephant", "horse"]))
    assert goddess["souls"] == ["C", "E", "H"]
    twice = pieces.draw("oracle", square("priestess", souls=["horse", "horse"]))
    assert twice["souls"] == ["H", "H"] and twice["title"] == "White Priestess hosting two Horse souls"


def test_lifeless_bodies_differ_from_living_ones_by_their_drawing_not_opacity(pieces):
    for body in ORACLE:
        for team in ("White", "Black"):
            living = pieces.draw("oracle", square(body, team, souls=["chariot"] if body == "priestess" else [body]))
            dead = pieces.draw("oracle", square(body, team, lifeless=True))
            assert dead["title"] == f"lifeless {team} {body.capitalize()}"
            assert dead["souls"] == [] and dead["crowns"] == 0
            assert dead["translucent"] == 0 and living["translucent"] == 0
            # Other fills and strokes: hatched and dashed.
            assert set(map(tuple, dead["body"])).isdisjoint(map(tuple, living["body"]))
            assert all(dash not in (None, "none") for _, _, dash in dead["body"])
        # Still white or black: the hatch lies on the side's own fill.
        white = pieces.draw("oracle", square(body, "White", lifeless=True))
        black = pieces.draw("oracle", square(body, "Black", lifeless=True))
        living_white = pieces.draw("oracle", square(body, "White", souls=[body]))
        living_black = pieces.draw("oracle", square(body, "Black", souls=[body]))
        assert white["fills"][0].split("+")[0] == living_white["fills"][0]
        assert black["fills"][0].split("+")[0] == living_black["fills"][0]
        assert white["fills"] != black["fills"]


def test_the_crown_marks_exactly_the_body_hosting_the_lords_soul(pieces):
    cases = [("lord", ["lord"], False, 1), ("lord", [], True, 0), ("lord", ["soldier"], False, 0),
             ("horse", ["lord"], False, 1), ("horse", ["horse"], False, 0),
             ("priestess", ["lord"], False, 1), ("priestess", ["chariot", "elephant"], False, 0),
             ("soldier", ["lord"], False, 1), ("chariot", ["chariot"], False, 0)]
    for body, souls, lifeless, crowns in cases:
        for team in ("White", "Black"):
            drawn = pieces.draw("oracle", square(body, team, souls=souls, lifeless=lifeless))
            assert drawn["crowns"] == crowns, (body, souls, team)


def test_enochian_pieces_in_their_army_colours_pawns_badged_thrones_shared(pieces):
    fills = {}
    for army in ARMIES:
        team = "RedYellow" if army in ("red", "yellow") else "BlueBlack"
        for kind in CHESS[:-1]:
            drawn = pieces.draw("enochian", square(kind, team, army=army))
            assert drawn["title"] == f"{army.capitalize()} {kind.capitalize()}"
            assert drawn["kinds"] == [kind] and drawn["unknown"] == 0
            fills.setdefault(army, set()).update(f for f in drawn["fills"])
        pawn = pieces.draw("enochian", square("pawn", team, army=army, pawn_of="knight"))
        assert pawn["title"] == f"{army.capitalize()} pawn of the Knight"
        assert pawn["pawnBadge"] == ["N"]
        assert pieces.draw("enochian", square("pawn", team, army=army, pawn_of="queen"))["pawnBadge"] == ["Q"]
        throne = pieces.draw("enochian", square("king", team, army=army, partner="bishop"))
        assert throne["kinds"] == ["king", "bishop"]
        assert throne["title"] == f"{army.capitalize()} King sharing its throne with the {army.capitalize()} Bishop"
    # Four armies, four fills.
    assert all(len(f) == 1 for f in fills.values())
    assert len({next(iter(f)) for f in fills.values()}) == 4


def test_every_square_of_each_real_start_position_is_drawn(pieces):
    """The names the server sends (SquareView.piece, souls, pawn_of,
    partner) are all ones the drawings know."""
    boards = pieces.evaluate("""async () => {
        const boards = {};
        for (const variant of ['chess', 'ultima', 'oracle', 'enochian']) {
            const socket = new WebSocket(`ws://${location.host}/ws`);
            boards[variant] = await new Promise((resolve, reject) => {
                socket.onopen = () => socket.send(JSON.stringify({type: 'new', variant,
                    position: null, moves: [], clock: null, divination: variant === 'enochian'}));
                socket.onmessage = (event) => {
                    const message = JSON.parse(event.data);
                    if (message.type === 'state' && message.variant === variant) resolve(message.board);
                };
                socket.onerror = reject;
            });
            socket.close();
        }
        return boards;
    }""")
    for variant, board in boards.items():
        assert len(board["squares"]) >= 24, variant
        for sq in board["squares"]:
            drawn = pieces.draw(variant, sq)
            assert drawn["unknown"] == 0, (variant, sq)
            assert drawn["title"] and "undefined" not in drawn["title"], (variant, sq)
            assert drawn["crowns"] == (1 if "lord" in sq["souls"] else 0), sq
            assert drawn["souls"] == [], sq  # at the start every body hosts its own soul
    enochian = boards["enochian"]["squares"]
    assert sum(1 for sq in enochian if sq["partner"]) == 4
    assert all(pieces.draw("enochian", sq)["pawnBadge"] for sq in enochian if sq["piece"] == "pawn")
    # The divination game's die, as the server sends it.
    assert pieces.evaluate("(die) => window.AugurPieces.die(die).querySelectorAll('.pip').length",
                           boards["enochian"]["die"]) == 0


def test_die_faces_have_their_pips(pieces):
    for n in range(1, 7):
        for value in (n, {"rolled": n}):
            face = pieces.evaluate(f"(v) => ({DESCRIBE})(window.AugurPieces.die(v))", value)
            assert face["pips"] == n and face["title"] == f"Die showing {n}"
    for value in ("not_rolled", None):
        face = pieces.evaluate(f"(v) => ({DESCRIBE})(window.AugurPieces.die(v))", value)
        assert face["pips"] == 0 and face["text"] == "?" and face["title"] == "Die not rolled"


def test_pools_show_small_pieces_with_counts(pieces):
    shown = pieces.evaluate("""() => {
        const P = window.AugurPieces;
        const read = (box) => ({
            name: box.querySelector('.pool-name').textContent,
            items: [...box.querySelectorAll('.pool-item')].map((item) => [
                item.querySelector('svg title').textContent,
                item.querySelector('.pool-count').textContent]),
            empty: box.querySelectorAll('.pool-empty').length,
        });
        return [
            read(P.pool('oracle', {name: 'earth', team: 'White', contents: [
                {text: 'H', name: 'horse', count: 2}, {text: 'S', name: 'soldier', count: 1}]})),
            read(P.pool('oracle', {name: 'earth', team: 'Black', contents: []})),
            read(P.pool('oracle', {name: 'underworld', team: null, contents: [
                {text: 'l', name: 'lord', count: 1}]})),
        ];
    }""")
    assert shown[0] == {"name": "White's earth", "empty": 0,
                        "items": [["White Horse body", "×2"], ["White Soldier body", "×1"]]}
    assert shown[1]["items"] == [] and shown[1]["empty"] == 1
    assert shown[2]["items"] == [["Lord soul", "×1"]]


def test_server_text_never_becomes_markup(pieces):
    hostile = "<img src=x onerror=alert(1)>"
    counts = pieces.evaluate("""(hostile) => {
        const P = window.AugurPieces;
        const made = [
            P.piece('chess', {piece: hostile, team: hostile, souls: []}),
            P.piece('oracle', {piece: 'constructor', team: 'White', souls: [hostile, 'lord']}),
            P.piece('enochian', {piece: 'pawn', pawn_of: '__proto__', army: hostile, souls: []}),
            P.pool('oracle', {name: hostile, team: hostile, contents: [{text: hostile, name: hostile, count: 1}]}),
        ];
        return made.map((node) => node.querySelectorAll('img').length);
    }""", hostile)
    assert counts == [0, 0, 0, 0]
