#!/usr/bin/env python3
"""Drive Augur through python-chess's real UCI client.

Analyses with depth, time and multipv=3 limits, then plays a whole game of
Augur against itself (python-chess validates every move and every info line
it parses), then Chess960 games from several start arrays (python-chess
sets UCI_Chess960 and sends X-FEN positions; every castling move comes back
king-takes-rook). Exits non-zero on any protocol error.

Usage: python3 tools/uci_python_check.py <path-to-augur> [--movetime 0.02]
"""
import argparse
import sys

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("--movetime", type=float, default=0.02)
    ap.add_argument("--max-plies", type=int, default=400)
    args = ap.parse_args()

    with chess.engine.SimpleEngine.popen_uci(args.engine) as engine:
        assert engine.id.get("name", "").startswith("Augur"), engine.id
        engine.configure({"Hash": 16, "Threads": 1})

        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        info = engine.analyse(board, chess.engine.Limit(depth=8))
        assert info["depth"] >= 8 and info["pv"] and board.is_legal(info["pv"][0]), info
        info = engine.analyse(board, chess.engine.Limit(time=0.2))
        assert info["pv"] and "score" in info, info
        infos = engine.analyse(board, chess.engine.Limit(depth=6), multipv=3)
        assert len(infos) == 3, infos
        firsts = {i["pv"][0] for i in infos}
        assert len(firsts) == 3, infos
        mate = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), chess.engine.Limit(depth=5))
        assert mate["score"].white() == chess.engine.Mate(1), mate

        board = chess.Board()
        plies = 0
        while not board.is_game_over(claim_draw=True) and plies < args.max_plies:
            result = engine.play(board, chess.engine.Limit(time=args.movetime), ponder=False)
            if result.move is None or not board.is_legal(result.move):
                print(f"illegal or missing move {result.move} in {board.fen()}", file=sys.stderr)
                return 1
            board.push(result.move)
            plies += 1
        print(f"game over after {plies} plies: {board.result(claim_draw=True)} "
              f"({board.outcome(claim_draw=True).termination.name if board.outcome(claim_draw=True) else 'ply limit'})")

        castled = 0
        for number in (0, 105, 518, 959):
            board = chess.Board.from_chess960_pos(number)
            plies = 0
            while not board.is_game_over(claim_draw=True) and plies < 80:
                result = engine.play(board, chess.engine.Limit(time=args.movetime), ponder=False)
                if result.move is None or not board.is_legal(result.move):
                    print(f"Chess960: illegal or missing move {result.move} in {board.fen()}",
                          file=sys.stderr)
                    return 1
                castled += board.is_castling(result.move)
                board.push(result.move)
                plies += 1
            info = engine.analyse(board, chess.engine.Limit(depth=4))
            assert "score" in info, info
        # A position where castling is the only way to escape a mate threat
        # is not needed: castling must simply be accepted both ways.
        board = chess.Board("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", chess960=True)
        infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=40)
        moves = {i["pv"][0] for i in infos}
        castles = {m for m in moves if board.is_castling(m)}
        assert castles == {chess.Move.from_uci("e1g1"), chess.Move.from_uci("e1b1")}, moves
        print(f"Chess960 games played ({castled} castlings)")
    print("python-chess UCI check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
