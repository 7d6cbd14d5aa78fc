#!/usr/bin/env python3
"""Measure Augur's strength against Stockfish limited with UCI_Elo.

Plays game pairs (each opening once with each colour) between Augur and
Debian's Stockfish (`UCI_LimitStrength true`, `UCI_Elo <elo>`) at a
base+increment time control, several games in parallel, every engine
single-threaded. Every move is checked by python-chess; a game lost on time
or by an illegal move counts as a loss for the offender. Prints the score,
the Elo difference with its 95% error bar, and the Stockfish-relative Elo
estimate, and writes a PGN.

Reproduce the figures in the docs:
    make && python3 tools/strength_vs_stockfish.py --elo 2000 --games 100
    python3 tools/strength_vs_stockfish.py --elo 1500 --games 40
    python3 tools/strength_vs_stockfish.py --elo 2500 --games 40

There are 40 openings (80 games per cycle); `--first-opening 20` starts a
run at the 21st, so runs of 40 games can be chained without replaying the
same openings.
"""
import argparse
import concurrent.futures
import math
import threading
import time

import chess
import chess.engine
import chess.pgn

# Balanced, well-known openings (a few plies each), played from both sides.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5", "e2e4 c7c5 g1f3 d7d6", "e2e4 e7e6 d2d4 d7d5", "e2e4 c7c6 d2d4 d7d5",
    "d2d4 d7d5 c2c4 e7e6", "d2d4 g8f6 c2c4 g7g6", "d2d4 g8f6 c2c4 e7e6 g1f3", "c2c4 e7e5 b1c3",
    "g1f3 d7d5 g2g3", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5", "e2e4 c7c5 b1c3 b8c6", "d2d4 d7d5 c2c4 c7c6",
    "e2e4 d7d6 d2d4 g8f6 b1c3", "d2d4 f7f5 g2g3", "e2e4 e7e5 f2f4", "c2c4 c7c5 g1f3 g8f6",
    "e2e4 g7g6 d2d4 f8g7", "d2d4 g8f6 g1f3 e7e6 c1g5", "e2e4 e7e5 g1f3 g8f6", "b1c3 d7d5 e2e4",
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4", "d2d4 e7e6 c2c4 f8b4 b1c3", "e2e4 d7d5 e4d5 d8d5 b1c3",
    "g1f3 g8f6 c2c4 c7c5", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4", "d2d4 d7d5 g1f3 g8f6 c1f4",
    "c2c4 g8f6 b1c3 e7e5", "e2e4 c7c5 c2c3", "d2d4 g8f6 c2c4 c7c5 d4d5", "e2e4 b8c6 d2d4 d7d5",
    "f2f4 d7d5 g1f3", "e2e4 e7e5 b1c3 g8f6", "d2d4 c7c5 d4d5 e7e5", "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g8f6",
    "g2g3 d7d5 f1g2 g8f6", "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4", "d2d4 d7d5 c2c4 d5c4", "e2e4 c7c6 c2c4",
    "c2c4 e7e6 b1c3 d7d5", "e2e4 e7e5 g1f3 d7d6",
]


def play_game(augur, stockfish, elo, opening, augur_white, base, inc, overhead):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    start_ply = len(board.move_stack)
    engines = {}
    try:
        a = chess.engine.SimpleEngine.popen_uci(augur)
        a.configure({"Hash": 32, "Threads": 1})
        s = chess.engine.SimpleEngine.popen_uci(stockfish)
        if elo:
            s.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 32})
        else:
            s.configure({"Threads": 1, "Hash": 32})
        engines = {chess.WHITE: a if augur_white else s, chess.BLACK: s if augur_white else a}
        clocks = {chess.WHITE: base, chess.BLACK: base}
        # Seconds spent and moves played by each engine, for the time-use line.
        thinking = {"augur": [0.0, 0], "opponent": [0.0, 0]}
        augur_side = chess.WHITE if augur_white else chess.BLACK
        result, reason = None, None
        while result is None:
            outcome = board.outcome(claim_draw=True)
            if outcome:
                result, reason = outcome.result(), outcome.termination.name.lower()
                break
            if len(board.move_stack) - start_ply >= 600:
                result, reason = "1/2-1/2", "move limit"
                break
            side = board.turn
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            t0 = time.perf_counter()
            try:
                played = engines[side].play(board, limit)
            except chess.engine.EngineError as e:
                result, reason = ("0-1" if side == chess.WHITE else "1-0"), f"engine error: {e}"
                break
            spent = time.perf_counter() - t0
            who = thinking["augur" if side == augur_side else "opponent"]
            who[0] += spent
            who[1] += 1
            clocks[side] -= spent
            if clocks[side] < -overhead:
                result, reason = ("0-1" if side == chess.WHITE else "1-0"), "time forfeit"
                break
            clocks[side] += inc
            if played.move is None or not board.is_legal(played.move):
                result, reason = ("0-1" if side == chess.WHITE else "1-0"), f"illegal move {played.move}"
                break
            board.push(played.move)
    finally:
        for e in set(engines.values()):
            e.quit()
    game = chess.pgn.Game.from_board(board)
    game.headers["White"] = "Augur" if augur_white else f"Stockfish {elo}"
    game.headers["Black"] = f"Stockfish {elo}" if augur_white else "Augur"
    game.headers["Result"] = result
    game.headers["Termination"] = reason
    game.headers["TimeControl"] = f"{base:g}+{inc:g}"
    augur_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
    if not augur_white:
        augur_points = 1.0 - augur_points
    return augur_points, reason, game, thinking


def elo_with_error(scores):
    n = len(scores)
    mean = sum(scores) / n
    var = sum((x - mean) ** 2 for x in scores) / n
    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)
    margin = 1.96 * math.sqrt(var / n)
    return to_elo(mean), to_elo(mean + margin) - to_elo(mean), mean


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--augur", default="target/release/augur")
    ap.add_argument("--stockfish", default="/usr/games/stockfish",
                    help="the opponent engine (any UCI engine; with --elo 0 it plays at full strength)")
    ap.add_argument("--elo", type=int, default=2000, help="0: opponent at full strength (e.g. another Augur)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--tc", default="10+0.1", help="base seconds + increment seconds")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--pgn", default=None)
    ap.add_argument("--overhead", type=float, default=0.1, help="clock tolerance in seconds")
    ap.add_argument("--first-opening", type=int, default=0,
                    help="start the opening cycle here (0-based, wraps), so that a second run "
                         "continues where an earlier one stopped")
    args = ap.parse_args()
    if args.first_opening < 0 or args.games < 0 or args.concurrency < 1:
        ap.error("--first-opening and --games must be >= 0 and --concurrency >= 1")
    base, inc = (float(x) for x in args.tc.split("+"))
    jobs = [(OPENINGS[(args.first_opening + i // 2) % len(OPENINGS)], i % 2 == 0)
            for i in range(args.games)]
    scores, reasons, games = [], {}, []
    thinking = {"augur": [0.0, 0], "opponent": [0.0, 0]}
    lock = threading.Lock()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        futures = [pool.submit(play_game, args.augur, args.stockfish, args.elo, o, w, base, inc, args.overhead)
                   for o, w in jobs]
        for f in concurrent.futures.as_completed(futures):
            points, reason, game, spent = f.result()
            with lock:
                for who, (seconds, moves) in spent.items():
                    thinking[who][0] += seconds
                    thinking[who][1] += moves
                scores.append(points)
                reasons[reason] = reasons.get(reason, 0) + 1
                games.append(game)
                w = scores.count(1.0); d = scores.count(0.5); l = scores.count(0.0)
                print(f"\rgames {len(scores)}/{args.games}: +{w} ={d} -{l}", end="", flush=True)
    print()
    elo, err, mean = elo_with_error(scores)
    w = scores.count(1.0); d = scores.count(0.5); l = scores.count(0.0)
    opponent = f"Stockfish UCI_Elo {args.elo}" if args.elo else args.stockfish
    line = (f"Augur ({args.augur}) vs {opponent} at {args.tc}: +{w} ={d} -{l}, "
            f"score {100 * mean:.1f}%, Elo difference {elo:+.0f} +/- {err:.0f} (95%)")
    if args.elo:
        line += f", Augur about {args.elo + elo:.0f} on Stockfish's UCI_Elo scale"
    print(line)
    print("terminations:", ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())))
    # Time use: the wall-clock seconds per move each side spent (as charged
    # to its clock), so a gap in strength can be told from a gap in effort.
    print("time per move:", ", ".join(
        f"{who} {seconds / max(moves, 1):.3f} s over {moves} moves"
        for who, (seconds, moves) in thinking.items()))
    if args.pgn:
        with open(args.pgn, "w") as out:
            for g in games:
                print(g, file=out, end="\n\n")


if __name__ == "__main__":
    main()
