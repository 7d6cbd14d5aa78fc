#!/usr/bin/env python3
"""A benchmark (not a test) of `import augur` from Python.

For each game: legal-move listings per second and push/pop pairs per second
over random playouts from the start, and for chess the same with
python-chess. Then `Engine.analyse`'s nodes per second against the `augur`
binary's (`go depth N` on the same position, the last info line's nps),
one thread and a 16 MB table each.

    pip install ./python && cargo build --release --bin augur
    python3 tools/python_bench.py [--binary target/release/augur] [--seconds 2]
"""

import argparse
import os
import random
import subprocess
import time

import augur

try:
    import chess
except ImportError:  # python-chess is optional
    chess = None

#: Search depth per game for the nps comparison (a second or two each).
DEPTHS = {"chess": 20, "ultima": 14, "oracle": 18, "enochian": 22}

#: Longest playout, in plies.
PLIES = 60


def playouts(new_board, legal, push, pop, seconds, rng):
    """Random playouts from `new_board()` for about `seconds`; returns
    (listings per second, push/pop pairs per second)."""
    listings = pairs = 0
    listing_time = push_pop_time = 0.0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        board = new_board()
        played = 0
        for _ in range(PLIES):
            started = time.perf_counter()
            moves = legal(board)
            listing_time += time.perf_counter() - started
            listings += 1
            if not moves:
                break
            started = time.perf_counter()
            push(board, rng.choice(moves))
            push_pop_time += time.perf_counter() - started
            played += 1
        started = time.perf_counter()
        for _ in range(played):
            pop(board)
        push_pop_time += time.perf_counter() - started
        pairs += played
    return listings / listing_time, pairs / push_pop_time


def augur_board(variant, rng):
    """A fresh board of `variant`, its die rolled when one is awaited."""

    def make():
        board = augur.Board(variant)
        if board.awaiting_roll:
            board.roll(rng.randint(1, 6))
        return board

    return make


def augur_push(board, move):
    board.push(move)


def binary_nps(binary, variant, depth):
    """The `augur` binary's nps for `go depth N` at `variant`'s start (the
    last info line's)."""
    commands = (
        "uci\n"
        f"setoption name UCI_Variant value {variant}\n"
        "setoption name Hash value 16\n"
        "setoption name Threads value 1\n"
        "isready\n"
        "position startpos\n"
        f"go depth {depth}\n"
    )
    process = subprocess.Popen(
        [binary],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    process.stdin.write(commands)
    process.stdin.flush()
    nps = None
    for line in process.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nps" in words:
            nps = int(words[words.index("nps") + 1])
        if words[:1] == ["bestmove"]:
            break
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait(timeout=10)
    return nps


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/augur")
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    print("\nrandom playouts (up to %d plies)" % PLIES)
    print(f"{'game':<22}{'listings/s':>12}{'push+pop/s':>12}")
    for variant in augur.variants():
        listings, pairs = playouts(
            augur_board(variant, rng),
            lambda b: b.legal_moves,
            augur_push,
            lambda b: b.pop(),
            args.seconds,
            rng,
        )
        print(f"{'augur ' + variant:<22}{listings:>12.0f}{pairs:>12.0f}")
    if chess is not None:
        listings, pairs = playouts(
            chess.Board,
            lambda b: list(b.legal_moves),
            lambda b, m: b.push(m),
            lambda b: b.pop(),
            args.seconds,
            rng,
        )
        print(f"{'python-chess chess':<22}{listings:>12.0f}{pairs:>12.0f}")

    print("\nsearch at the start, 1 thread, 16 MB")
    print(f"{'game':<10}{'depth':>6}{'analyse nps':>14}{'binary nps':>14}")
    for variant, depth in DEPTHS.items():
        engine = augur.Engine(variant, hash_mb=16, threads=1)
        info = engine.analyse(augur.Board(variant), depth=depth)
        theirs = binary_nps(args.binary, variant, depth) if os.path.exists(args.binary) else None
        print(f"{variant:<10}{depth:>6}{info.get('nps', 0):>14}{str(theirs):>14}")
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
