"""Every game: perft from the start against the recorded counts, boards'
own values (pools, armies, dice), errors and copies."""

from pathlib import Path

import pytest

import augur

PERFT_DIR = Path(__file__).resolve().parents[2] / "tests" / "perft"
# The deepest count checked per game: keeps the suite quick.
MAX_NODES = 200_000


def recorded_counts(variant, fen):
    """(depth, count) of the record of tests/perft/<variant>.perft at `fen`."""
    counts, epd = [], None
    for line in (PERFT_DIR / f"{variant}.perft").read_text().splitlines():
        if line.startswith("epd "):
            epd = line[4:].strip()
        elif line.startswith("perft ") and epd == fen:
            depth, nodes = line.split()[1:3]
            counts.append((int(depth), int(nodes)))
    return counts


def test_variants_listed():
    assert augur.variants() == ["chess", "ultima", "oracle", "enochian"]


@pytest.mark.parametrize("variant", augur.variants())
def test_perft_from_the_start(variant):
    board = augur.Board(variant)
    counts = recorded_counts(variant, board.fen())
    assert counts, f"no record of {variant}'s start in tests/perft"
    checked = 0
    for depth, nodes in counts:
        if nodes > MAX_NODES:
            break
        assert board.perft(depth) == nodes, (variant, depth)
        checked += 1
    assert checked >= 2
    assert len(board.legal_moves) == counts[0][1]


@pytest.mark.parametrize("variant", augur.variants())
def test_play_and_take_back(variant):
    board = augur.Board(variant)
    start = board.fen()
    moves = board.legal_moves
    first = moves[0]
    board.push(first)
    assert board.move_stack == [first]
    assert board.fen() != start
    copy = board.copy()
    assert copy.pop() == first
    assert copy.fen() == start and board.fen() != start
    assert board.pop() == first
    assert board.fen() == start
    assert board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()


@pytest.mark.parametrize("variant", augur.variants())
def test_failed_push_changes_nothing(variant):
    board = augur.Board(variant)
    board.push(board.legal_moves[0])
    before = (board.fen(), board.move_stack, board.turn)
    for bad in ["a1a1", "nonsense", "", "e2e4e4"]:
        with pytest.raises(augur.IllegalMoveError) as raised:
            board.push_text(bad)
        assert isinstance(raised.value, ValueError)
        assert str(raised.value)
    assert (board.fen(), board.move_stack, board.turn) == before


@pytest.mark.parametrize("variant", augur.variants())
def test_invalid_position(variant):
    with pytest.raises(augur.InvalidPositionError) as raised:
        augur.Board(variant, "not a position")
    assert isinstance(raised.value, ValueError) and str(raised.value)


def test_unknown_variant():
    with pytest.raises(ValueError):
        augur.Board("checkers")


def test_ultima_move_texts():
    board = augur.Board("ultima")
    assert board.turn == "White"
    assert all(m.from_square and m.to_square for m in board.legal_moves)


def test_oracle_pools_and_souls():
    board = augur.Board("oracle")
    pools = board.pools
    assert [p["name"] for p in pools] == ["earth", "earth", "underworld"]
    assert all(p["contents"] == [] for p in pools)
    piece = board.piece_at("a1")
    assert set(piece) >= {"text", "team", "piece", "souls", "lifeless"}
    assert piece["lifeless"] is False


def test_enochian_armies_and_turn():
    board = augur.Board("enochian")
    assert board.turn in [a["name"] for a in board.armies]
    assert len(board.armies) == 4
    assert board.team in board.teams
    assert board.direction in ("clockwise", "anticlockwise")
    assert board.die is None and not board.awaiting_roll


def test_enochian_dice():
    start = augur.Board("enochian").fen()
    fen = start[: start.rindex("-")] + "?"
    board = augur.Board("enochian", fen)
    assert board.awaiting_roll and board.die == "not_rolled"
    assert board.legal_moves == []
    with pytest.raises(augur.IllegalMoveError):
        board.push_text("a1a2")
    assert board.roll(4) == "4:"
    assert not board.awaiting_roll and board.die == 4
    rolled = board.fen()
    moves = board.legal_moves
    assert moves
    board.push(moves[0])
    assert board.awaiting_roll
    assert board.pop() == moves[0]
    assert board.fen() == rolled and board.legal_moves == moves
    board.push(moves[0])
    board.roll(2)
    assert board.pop() == moves[0]
    assert board.fen() == rolled
    copy = board.copy()
    assert copy.fen() == rolled and copy.entries == board.entries


def test_enochian_move_with_its_roll():
    start = augur.Board("enochian").fen()
    board = augur.Board("enochian", start[: start.rindex("-")] + "?")
    with pytest.raises(augur.IllegalMoveError):
        board.push_text("3:")
    rolled = board.copy()
    rolled.roll(4)
    move = rolled.legal_moves[0]
    with pytest.raises(augur.IllegalMoveError):
        board.push_text("4:a1a1")
    assert board.awaiting_roll and board.entries == []
    assert board.push_text(f"4:{move}") == move
    assert board.entries == [f"4:{move}"]
    assert board.pop() == move
    assert board.fen() == rolled.fen()
