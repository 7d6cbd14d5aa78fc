"""Every game's readable notation from Python: `Move.notation` is unique
among a position's legal moves, `Board.push_text` plays a move by it (the
move list keeps move text), and chess's is SAN."""

import random

import pytest

import augur


def test_chess_notation_is_san():
    board = augur.Board("chess")
    by_text = {m.text: m.notation for m in board.legal_moves}
    assert by_text["g1f3"] == "Nf3"
    assert by_text["e2e4"] == "e4"
    played = board.push_text("Nf3")
    assert played.text == "g1f3"
    assert played.notation == "Nf3"


@pytest.mark.parametrize("variant", augur.variants())
def test_moves_played_by_notation_give_the_same_game(variant):
    rng = random.Random(7)
    by_text, by_notation = augur.Board(variant), augur.Board(variant)
    for _ in range(30):
        legal = by_text.legal_moves
        if not legal:
            break
        notations = [m.notation for m in legal]
        assert len(set(notations)) == len(notations), notations
        move = rng.choice(legal)
        by_text.push_text(move.text)
        played = by_notation.push_text(move.notation)
        assert played.text == move.text
        assert played.notation == move.notation
        assert by_notation.fen() == by_text.fen()


def test_a_rolled_move_is_named_with_its_roll():
    start = augur.Board("enochian").fen()
    board = augur.Board("enochian", start.rsplit(" ", 1)[0] + " ?")
    assert board.awaiting_roll
    board.roll(4)
    assert "b4:Qh8-f6" in [m.notation for m in board.legal_moves]
    played = board.push_text("b4:Qh8-f6")
    assert played.text == "h8f6Q"
