#!/usr/bin/env python3
"""A deliberately broken UCI engine for testing the arena.

It answers the handshake properly and plays legal random moves (python-chess),
until move number --after (its own moves, from 1), when it misbehaves:
  crash    exits at once without a bestmove
  hang     never answers the `go`
  illegal  answers an illegal move (a1a1)
  garbage  answers `bestmove` with nothing after it
Usage: broken_engine.py --mode crash|hang|illegal|garbage [--after N]
"""
import argparse
import random
import sys
import time

import chess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", required=True, choices=["crash", "hang", "illegal", "garbage"])
    ap.add_argument("--after", type=int, default=1)
    args = ap.parse_args()
    board = chess.Board()
    moves_played = 0
    rng = random.Random(1)
    for line in sys.stdin:
        tokens = line.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd == "uci":
            print("id name Broken", flush=True)
            print("uciok", flush=True)
        elif cmd == "isready":
            print("readyok", flush=True)
        elif cmd == "quit":
            return
        elif cmd == "position":
            if "fen" in tokens:
                end = tokens.index("moves") if "moves" in tokens else len(tokens)
                board = chess.Board(" ".join(tokens[tokens.index("fen") + 1:end]))
            else:
                board = chess.Board()
            if "moves" in tokens:
                for m in tokens[tokens.index("moves") + 1:]:
                    board.push_uci(m)
        elif cmd == "go":
            moves_played += 1
            if moves_played >= args.after:
                if args.mode == "crash":
                    sys.exit(3)
                if args.mode == "hang":
                    while True:
                        time.sleep(1)
                if args.mode == "illegal":
                    print("bestmove a1a1", flush=True)
                    continue
                if args.mode == "garbage":
                    print("bestmove", flush=True)
                    continue
            move = rng.choice(list(board.legal_moves))
            print(f"info depth 1 score cp 0 pv {move.uci()}", flush=True)
            print(f"bestmove {move.uci()}", flush=True)


if __name__ == "__main__":
    main()
