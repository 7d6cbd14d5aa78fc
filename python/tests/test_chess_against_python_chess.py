"""Chess boards against python-chess on random games: legal moves, FEN after
every move, checks, captures and how the games end."""

import random
from pathlib import Path

import chess
import pytest

import augur

GAMES = 12
PLIES = 60  # up to 12 * 60 = 720 positions compared


def same_ending(ours, theirs):
    """Augur's outcome against python-chess's: checkmate and stalemate must
    agree exactly; the draw rules Augur applies on the board (fifty moves,
    threefold repetition, insufficient material) python-chess only grants
    on a claim."""
    if theirs.is_checkmate():
        return ours is not None and ours.termination == "checkmate"
    if theirs.is_stalemate():
        return ours is not None and ours.termination == "stalemate"
    if ours is None:
        return True
    claimable = (
        theirs.is_insufficient_material()
        or theirs.can_claim_draw()
        or theirs.is_fivefold_repetition()
        or theirs.is_seventyfive_moves()
    )
    return ours.winner is None and claimable


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_agrees_with_python_chess(seed):
    rng = random.Random(seed)
    ours = augur.Board("chess")
    theirs = chess.Board()
    for _ in range(PLIES):
        assert ours.fen() == theirs.fen(en_passant="legal")
        legal = sorted(str(m) for m in ours.legal_moves)
        assert legal == sorted(m.uci() for m in theirs.legal_moves)
        assert ours.is_check() == theirs.is_check()
        assert same_ending(ours.outcome(), theirs), (ours.outcome(), theirs.fen())
        if not legal or ours.is_game_over():
            break
        choice = rng.choice(legal)
        move = chess.Move.from_uci(choice)
        assert ours.is_capture(choice) == theirs.is_capture(move)
        assert ours.gives_check(choice) == theirs.gives_check(move)
        pushed = ours.push_text(choice)
        theirs.push(move)
        assert str(pushed) == choice == pushed.uci()
        assert pushed.from_square == choice[:2] and pushed.to_square == choice[2:4]
        assert ours.peek() == pushed
    # Taking everything back returns to the start.
    while ours.move_stack:
        assert str(ours.pop()) == theirs.pop().uci()
        assert ours.fen() == theirs.fen(en_passant="legal")


@pytest.mark.parametrize(
    "fen, winner, termination",
    [
        # Fool's mate.
        ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "Black", "checkmate"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", None, "stalemate"),
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", None, "insufficient material"),
    ],
)
def test_outcomes(fen, winner, termination):
    board = augur.Board("chess", fen)
    outcome = board.outcome()
    assert board.is_game_over()
    assert outcome.winner == winner
    assert outcome.termination == termination
    assert outcome.result() == {"White": "1-0", "Black": "0-1", None: "1/2-1/2"}[winner]
    assert board.legal_moves == [] or termination == "insufficient material"


def test_piece_at_and_map():
    board = augur.Board("chess")
    piece = board.piece_at("e1")
    assert piece["text"] == "K" and piece["piece"] == "king" and piece["team"] == "White"
    assert board.piece_at("e4") is None
    assert len(board.piece_map()) == 32


def test_en_passant_square_as_python_chess_writes_it():
    ours, theirs = augur.Board(), chess.Board()
    for uci in ["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "c7c5"]:
        ours.push_text(uci)
        theirs.push_uci(uci)
        assert ours.fen() == theirs.fen(en_passant="legal")
    assert "d6" in chess.Board("rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3").fen()
    assert ours.move_stack[4].captures == ["d5"]


def recorded_positions():
    """Every position of tests/perft/chess.perft (castling, en passant,
    promotions, checks of every kind)."""
    path = Path(__file__).resolve().parents[2] / "tests" / "perft" / "chess.perft"
    return [line[4:].strip() for line in path.read_text().splitlines() if line.startswith("epd ")]


def test_recorded_positions_agree_with_python_chess():
    positions = recorded_positions()
    assert len(positions) > 100
    for fen in positions:
        ours, theirs = augur.Board("chess", fen), chess.Board(fen)
        assert ours.fen() == theirs.fen(en_passant="legal"), fen
        legal = sorted(str(m) for m in ours.legal_moves)
        assert legal == sorted(m.uci() for m in theirs.legal_moves), fen
        assert ours.is_check() == theirs.is_check(), fen
        for move in theirs.legal_moves:
            uci = move.uci()
            assert ours.is_capture(uci) == theirs.is_capture(move), (fen, uci)
            assert ours.gives_check(uci) == theirs.gives_check(move), (fen, uci)
            ours.push_text(uci)
            theirs.push(move)
            assert ours.fen() == theirs.fen(en_passant="legal"), (fen, uci)
            ours.pop()
            theirs.pop()
        assert ours.fen() == theirs.fen(en_passant="legal"), fen
