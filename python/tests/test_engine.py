"""In-process searches: InfoDicts, legal lines, mates, multipv, the GIL and
Ctrl-C."""

import _thread
import threading
import time

import chess
import pytest

import augur

MATE_IN_TWO = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10"


def assert_legal_line(board, pv):
    board = board.copy()
    for move in pv:
        assert move in board.legal_moves, (move, board.fen())
        board.push(move)


@pytest.mark.parametrize("variant", augur.variants())
def test_analysis_gives_a_legal_line(variant):
    board = augur.Board(variant)
    board.push(board.legal_moves[0])
    engine = augur.Engine(variant)
    info = engine.analyse(board, depth=3)
    assert info["depth"] >= 1 and info["nodes"] > 0 and info["pv"]
    assert_legal_line(board, info["pv"])
    score = info["score"]
    assert score.turn == board.team
    assert score.relative.cp is not None or score.relative.mate is not None
    win, draw, loss = info["wdl"]
    assert win + draw + loss == 1000
    best = engine.play(board, nodes=2000)
    assert best in board.legal_moves


def test_mate_in_two():
    board = augur.Board("chess", MATE_IN_TWO)
    engine = augur.Engine("chess")
    info = engine.analyse(board, depth=6)
    assert info["score"].relative == info["score"].white()
    assert info["score"].relative.mate == 2
    assert info["score"].black().mate == -2
    assert info["score"].relative.is_mate()
    theirs = chess.Board(MATE_IN_TWO)
    for move in info["pv"][:3]:
        theirs.push_uci(str(move))
    assert theirs.is_checkmate()
    assert str(engine.play(board, mate=2)) == "d5f6"


def test_multipv_lines():
    board = augur.Board("chess")
    lines = augur.Engine("chess").analyse(board, depth=4, multipv=3)
    assert isinstance(lines, list) and len(lines) == 3
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    firsts = {str(line["pv"][0]) for line in lines}
    assert len(firsts) == 3


def test_engine_follows_the_board_game():
    engine = augur.Engine("chess")
    info = engine.analyse(augur.Board("ultima"), depth=2)
    assert engine.variant == "ultima"
    assert info["pv"][0] in augur.Board("ultima").legal_moves


def test_game_over_and_limits():
    engine = augur.Engine()
    mated = augur.Board("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert engine.play(mated, depth=3) is None
    assert engine.analyse(mated, depth=3)["pv"] == []
    with pytest.raises(ValueError):
        engine.analyse(augur.Board(), multipv=1)


def test_search_releases_the_gil():
    counted = 0
    stop = threading.Event()

    def count():
        nonlocal counted
        while not stop.is_set():
            counted += 1
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    started = time.monotonic()
    augur.Engine("chess").analyse(augur.Board(), time=1.0)
    elapsed = time.monotonic() - started
    stop.set()
    thread.join()
    assert 0.8 < elapsed < 5
    assert counted > 100


def test_ctrl_c_stops_a_search():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        augur.Engine("chess").analyse(augur.Board(), time=30.0)
    assert time.monotonic() - started < 5
    timer.join()


def test_two_engines_search_in_two_threads():
    """Two engines, one per thread, each give what they give alone."""
    positions = {
        "chess": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "ultima": None,
    }

    def alone(variant):
        board = augur.Board(variant, positions[variant])
        info = augur.Engine(variant).analyse(board, depth=5)
        return info["nodes"], str(info["pv"][0])

    expected = {variant: alone(variant) for variant in positions}
    results = {}

    def search(variant):
        results[variant] = alone(variant)

    threads = [threading.Thread(target=search, args=(v,)) for v in positions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == expected


def test_validate_fen_gives_the_engine_s_reason():
    assert augur.validate_fen("chess", augur.Board().fen()) is None
    reason = augur.validate_fen("chess", "8/8/8/8/8/8/8/8 w - - 0 1")
    assert isinstance(reason, str) and reason
    with pytest.raises(augur.InvalidPositionError) as refused:
        augur.Board("chess", "8/8/8/8/8/8/8/8 w - - 0 1")
    assert str(refused.value) == reason
    with pytest.raises(ValueError):
        augur.validate_fen("checkers", "")
