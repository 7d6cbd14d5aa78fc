"""Enochian's exchange of prisoners: the engine answers an offer, and a
declined offer is left out of the next search."""

import pytest

import augur

OFFER = (
    "yQyByRyN2bPQbKQ/yPQyPByPRyPN2bPBbB/6bPRbR/6bPNbN/kNkPN6/kRkPR6/"
    "kBkPB2rPNrPRrPBrPQ/kQkPQ2rNrRrBrKQ b d yk - -"
)


def test_engine_answers_an_offered_exchange():
    board = augur.Board("enochian", OFFER)
    assert "exchange" in [str(m) for m in board.legal_moves]
    engine = augur.Engine("enochian")
    answer = engine.answer_exchange(board, time=0.3)
    assert isinstance(answer, bool)


def test_a_declined_exchange_is_left_out():
    board = augur.Board("enochian", OFFER)
    board.decline_exchange()
    engine = augur.Engine("enochian")
    for _ in range(3):
        best = engine.play(board, depth=3)
        assert best is not None and str(best) != "exchange"
    info = engine.analyse(board, depth=3)
    assert "exchange" not in [str(m) for m in info["pv"][:1]]
    # A copy keeps the decline; a move pushed and popped forgets it.
    assert str(engine.play(board.copy(), depth=2)) != "exchange"
    board.push(board.legal_moves[0])
    board.pop()
    assert "exchange" in [str(m) for m in board.legal_moves]


def test_no_exchange_to_answer_or_decline():
    engine = augur.Engine("chess")
    with pytest.raises(augur.IllegalMoveError):
        engine.answer_exchange(augur.Board(), time=0.05)
    with pytest.raises(augur.IllegalMoveError):
        augur.Board("enochian").decline_exchange()
    with pytest.raises(ValueError):
        engine.answer_exchange(augur.Board("enochian", OFFER), time=-1.0)
