"""Engine.analysis: reports as they arrive, stop, the context manager,
Ctrl-C."""

import _thread
import threading
import time

import pytest

import augur


def test_infinite_analysis_stopped_after_the_third_report():
    engine = augur.Engine("chess")
    analysis = engine.analysis(augur.Board())
    seen = []
    for info in analysis:
        seen.append(info)
        if len(seen) == 3:
            analysis.stop()
    # After stop, iteration ends after the last report(s).
    assert len(seen) >= 3
    assert all("score" in info and "depth" in info for info in seen)
    assert analysis.info is not None
    with pytest.raises(StopIteration):
        next(analysis)
    # The engine is free again.
    assert engine.analyse(augur.Board(), depth=2)["depth"] >= 1


def test_depth_limited_analysis_ends_by_itself_with_increasing_depths():
    board = augur.Board("ultima")
    engine = augur.Engine("ultima")
    depths = [info["depth"] for info in engine.analysis(board, depth=4)]
    assert depths and depths[-1] == 4
    assert depths == sorted(depths)
    assert len(set(depths)) >= 2


def test_context_manager_stops_it():
    engine = augur.Engine("chess")
    started = time.monotonic()
    with engine.analysis(augur.Board()) as analysis:
        first = next(analysis)
        assert first["pv"]
    # Leaving stopped the search: what is left ends promptly.
    rest = list(analysis)
    assert time.monotonic() - started < 10
    assert all("score" in info for info in rest)
    assert engine.analyse(augur.Board(), depth=2)["pv"]


def test_a_new_search_stops_an_abandoned_analysis():
    engine = augur.Engine("chess")
    analysis = engine.analysis(augur.Board())
    next(analysis)
    assert engine.play(augur.Board(), depth=2) is not None


def test_game_over_gives_one_report():
    mated = augur.Board("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    reports = list(augur.Engine().analysis(mated))
    assert len(reports) == 1 and reports[0]["pv"] == [] and reports[0]["depth"] == 0


def test_ctrl_c_stops_an_analysis():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        for _ in augur.Engine("chess").analysis(augur.Board()):
            pass
    assert time.monotonic() - started < 5
    timer.join()
